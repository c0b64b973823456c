"""The SSH host: ``ascend serve``. Friends ``ssh`` in, each finds their own saves, and
anyone may open, join or watch a shared table. See ``host/DESIGN.md``.

Layers: the host sits above ``tui`` (it runs the app in each session and gives it a hall of
tables); nothing below imports it.
"""
