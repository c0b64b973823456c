"""The one list that finds each game's bots and hints: a row per game, naming the package.

A game's package exports ``BOTS`` (name -> "module:Class", every class taking
``(game, seed)``) and may export ``hint(view, legal) -> Hint``. ``core.games`` lists the
games; a test checks every playable game there has a row here.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from core.registry import Registry

GAMES: Registry[str] = Registry("bots or hints", {
    "ascension": "ai.ascension",
    "firepeak": "ai.firepeak",
    "tactics": "ai.tactics",
    "empires": "ai.empires",
})


def package(game: str) -> ModuleType:
    """The ai package of ``game``; KeyError when it has none."""
    return importlib.import_module(GAMES[game])
