"""Ascension at Firepeak at the table: its screen, text, widgets and styles (the row ``tui.games``
finds for ``firepeak``)."""

from __future__ import annotations

from tui.games import GameUI
from tui.games.firepeak.results import FirepeakResults

UI = GameUI(table="tui.games.firepeak.screen:FirepeakScreen",
            results=FirepeakResults(), turn_word="turn")
