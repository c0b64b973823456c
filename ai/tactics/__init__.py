"""Ascension Tactics's bots and hints (the row ``ai.registry`` finds for ``tactics``).

Importing this package is cheap: the bots' modules, and OR-Tools with them, load on use.
"""

from __future__ import annotations

from typing import Any

from ai.hint import Hint
from core.contract import Action

# name -> "module:Class", strongest-but-cheap first; every class takes (game, seed).
BOTS = {
    "greedy": "ai.tactics.greedy:TacticsGreedyBot",
    "planner": "ai.tactics.planner:TacticsPlannerBot",
}


def hint(view: Any, legal: list[Action]) -> Hint:
    """The planner's pick for the decision in ``view``, with a one-line reason."""
    from ai.tactics.hints import tactics_hint

    return tactics_hint(view, legal)
