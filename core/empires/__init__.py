"""Ascending Empires (Zenith Edition): the Starmap, the flick physics and the set-up; the
rules of a turn come in the next sessions (core/empires/DESIGN.md). Not yet listed in
core.games: a half-built game must not appear in New game."""

from __future__ import annotations

from core.empires.audit import problems as audit
from core.empires.setup import new_game, normalize_options
from core.empires.snapshot import checksum, restore, snapshot
from core.empires.state import State

NAME = "empires"

__all__ = ["NAME", "State", "audit", "checksum", "new_game", "normalize_options", "restore",
           "snapshot"]
