"""The one list that finds each game's table in the app: a row per game, naming its package.

A game's package (``tui.games.<game>``) exports ``UI``, a :class:`GameUI`: its table screen
(imported when a game opens; it loads the game's own stylesheet), how its result reads on
the end screen, the word its header uses for a round, the colours its stylesheet adds to
the theme, which seats play as teams (set-up and Continue show them), and for a game with
a campaign, the screen that sets a new one up. ``core.games``
lists the games; a test checks every playable game there has a row here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from core.registry import Registry
from tui.screens.end import Results

GAMES: Registry[str] = Registry("table", {
    "ascension": "tui.games.ascension",
    "empires": "tui.games.empires",
    "firepeak": "tui.games.firepeak",
    "tactics": "tui.games.tactics",
})


@dataclass(frozen=True)
class GameUI:
    """What the app needs of one game: ``table`` is "module:Class" of its table screen,
    a ``TableScreen`` made with ``(session, message)``."""

    table: str
    results: Results = Results()
    turn_word: str = "turn"
    theme_variables: Mapping[str, str] = field(default_factory=dict)
    # Seats playing together as teams under these options (seat numbers from 0); none
    # for a game where each seat plays for itself.
    teams: Callable[[Mapping[str, Any]], list[list[int]]] = field(default=lambda options: [])
    # "module:Class" of the screen that sets up a new campaign, made with the game's name;
    # the plain one asks only who plays and how the game feels.
    new_campaign: str = "tui.screens.campaign_start:StartCampaignScreen"

    def table_screen(self, session: Any, message: str = "") -> Any:
        """A new table screen for ``session``."""
        module, cls = self.table.split(":")
        return getattr(importlib.import_module(module), cls)(session, message)


def new_campaign_screen(game: str) -> Any:
    """The screen that sets up a new campaign of ``game``."""
    module, cls = ui(game).new_campaign.split(":")
    return getattr(importlib.import_module(module), cls)(game)


def theme_variables() -> dict[str, str]:
    """Every game's own theme variables (their stylesheets load only with their tables,
    but the variables must be known from the start)."""
    out: dict[str, str] = {}
    for game in GAMES:
        out.update(ui(game).theme_variables)
    return out


def ui(game: str) -> GameUI:
    """The UI row of ``game``; KeyError when the app has no table for it."""
    found: GameUI = importlib.import_module(GAMES[game]).UI
    return found
