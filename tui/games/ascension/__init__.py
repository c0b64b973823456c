"""Ascension at the table: its screen, text, widgets and styles (the row ``tui.games``
finds for ``ascension``)."""

from __future__ import annotations

from tui.games import GameUI
from tui.games.ascension.results import AscensionResults

UI = GameUI(
    table="tui.games.ascension.screen:AscensionScreen",
    results=AscensionResults(),
    turn_word="round",
    # Card colours are exact xterm-256 entries, so factions stay distinct without true colour.
    theme_variables={
        "card-neutral": "#303030",
        "card-enlightened": "#005faf",
        "card-lifebound": "#005f00",
        "card-mechana": "#875f00",
        "card-void": "#87005f",
        "card-monster": "#585858",
        "card-empty": "#1c1c1c",
        "card-empty-text": "#555a6a",
        "card-text": "#eeeeee",
        "card-dim-text": "#9a9a9a",
    },
)
