"""Ascending Empires at the table: its screen, the Starmap widget, text and styles (the row
``tui.games`` finds for ``empires``)."""

from __future__ import annotations

from tui.games import GameUI
from tui.games.empires.results import EmpiresResults

UI = GameUI(table="tui.games.empires.screen:EmpiresScreen", results=EmpiresResults(),
            turn_word="turn")
