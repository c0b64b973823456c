"""Ascension at Firepeak's bots and hints (the row ``ai.registry`` finds for ``firepeak``).

Importing this package is cheap: the bots' modules, and OR-Tools with them, load on use.
"""

from __future__ import annotations

from typing import Any

from ai.hint import Hint
from core.contract import Action

# name -> "module:Class", strongest-but-cheap first; every class takes (game, seed).
BOTS = {
    "greedy": "ai.firepeak.greedy:FirepeakGreedyBot",
    "planner": "ai.firepeak.planner:FirepeakPlannerBot",
}


def hint(view: Any, legal: list[Action]) -> Hint:
    """The planner's pick for the decision in ``view``, with a one-line reason."""
    from ai.firepeak.hints import firepeak_hint

    return firepeak_hint(view, legal)
