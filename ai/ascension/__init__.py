"""Ascension's bots and hints (the row ``ai.registry`` finds for ``ascension``).

Importing this package is cheap: the bots' modules, and OR-Tools with them, load on use.
"""

from __future__ import annotations

from typing import Any

from ai.hint import Hint
from ai.levels import EASY_SLIPS, Level
from core.contract import Action

# name -> "module:Class", strongest-but-cheap first; every class takes (game, seed).
BOTS = {
    "greedy": "ai.ascension.greedy:GreedyBot",
    "planner": "ai.ascension.planner:PlannerBot",
}


# The levels New game offers, weakest first (``ai.levels``); ``bench/bot_levels.py`` plays
# each against the next. Hard is the planner as it is (its own search budget).
LEVELS = (
    Level("easy", "Easy", "greedy", EASY_SLIPS, note="greedy, with some moves at random"),
    Level("normal", "Normal", "greedy", note="greedy: the best-looking move now"),
    Level("hard", "Hard", "planner", note="planner: each turn's buys as one CP-SAT plan"),
)

def hint(view: Any, legal: list[Action]) -> Hint:
    """The planner's pick for the decision in ``view``, with a one-line reason."""
    from ai.ascension.hints import ascension_hint

    return ascension_hint(view, legal)
