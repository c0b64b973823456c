"""Ascension at the table: its screen, text, widgets and styles (the row ``tui.games``
finds for ``ascension``)."""

from __future__ import annotations

from tui.games import GameUI
from tui.games.ascension.results import AscensionResults

UI = GameUI(table="tui.games.ascension.screen:AscensionScreen",
            results=AscensionResults(), turn_word="round")
