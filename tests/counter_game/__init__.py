"""The counter game: a tiny game that only the tests play, housed and registered as a real one.

Two seats take turns adding 1 to 3 to a counter; whoever brings it to the target wins. Like
a real game it has one module per layer: ``rules`` keeps the game contract (the ``core``
layer), ``bots`` has its bots and its hint (the ``ai`` layer) and ``table`` its table screen
(the ``tui`` layer). Its rows are below; ``tests/conftest.py`` adds them to each layer's
registry for the length of a test, exactly as a real game's rows sit in
``core.games``, ``ai.registry`` and ``tui.games``.

Importing this package loads neither the bots nor Textual, so the save tests use the rules
alone.
"""

from __future__ import annotations

from core.games import GameInfo, Setting
from counter_game.rules import DEFAULT_TARGET, NAME

TARGETS = ((11, "11"), (15, "15"), (21, "21"), (31, "31"))

# The row in core.games: two players, and the target as the one set-up setting.
INFO = GameInfo(NAME, "Counter", (2, 2), "counter_game.rules", (
    Setting("target", "Target", TARGETS, DEFAULT_TARGET, note="reach it to win",
            help="the number to reach (default 21)"),
))
# The rows in ai.registry and tui.games: the packages holding its bots and its table.
AI_PACKAGE = "counter_game.bots"
TUI_PACKAGE = "counter_game.table"
