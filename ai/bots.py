"""Opponents behind one interface: ``choose(view, legal_actions) -> action``.

A bot sees only a seat's ``view`` and the legal actions, and draws randomness only from its
own named stream, so it never peeks at hidden cards nor disturbs the game's shuffles.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from core.contract import Action
from core.rng import Rng


class Bot(Protocol):
    name: str

    def choose(self, view: Any, legal: list[Action]) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions: the baseline every other bot must beat."""

    name = "random"
    uses_view = False

    def __init__(self, game: str, seed: int = 0) -> None:
        self.rng = Rng.stream(seed, "bot:random")

    def choose(self, view: Any, legal: list[Action]) -> Action:
        return self.rng.choice(legal)


# name -> "module:Class"; every class takes (game, seed).
BOTS: dict[str, str] = {
    "random": "ai.bots:RandomBot",
    "greedy": "ai.ascension.greedy:GreedyBot",
    "planner": "ai.ascension.planner:PlannerBot",
}

# (game, name) -> "module:Class" for a game whose bots differ from the entry in BOTS.
GAME_BOTS: dict[tuple[str, str], str] = {
    ("firepeak", "greedy"): "ai.firepeak.greedy:FirepeakGreedyBot",
    ("firepeak", "planner"): "ai.firepeak.planner:FirepeakPlannerBot",
    ("tactics", "greedy"): "ai.tactics.greedy:TacticsGreedyBot",
    ("tactics", "planner"): "ai.tactics.planner:TacticsPlannerBot",
}


def make_bot(name: str, game: str, seed: int = 0) -> Bot:
    """A new bot by name for ``game``; a clear error for an unknown name."""
    if name not in BOTS:
        raise KeyError(f"unknown bot {name!r}; choose from {', '.join(sorted(BOTS))}")
    module, cls = GAME_BOTS.get((game, name), BOTS[name]).split(":")
    return getattr(importlib.import_module(module), cls)(game, seed)
