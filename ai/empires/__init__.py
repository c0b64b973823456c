"""Ascending Empires' bots and hints (the row ``ai.registry`` finds for ``empires``).

The rooms: ``evaluation`` (what a table is worth to a seat: every weight), ``flicks`` (the
search of angle × power under the steadiness nudge, drawn from the bot's own generator),
``turns`` (the choices of a turn judged by both bots), ``strikes`` and ``strike_model`` (the
planner's end-of-turn strikes shared out among its ships, a CP-SAT assignment), ``greedy``
and ``planner`` (the bots), ``solo_value`` (what a Solo Campaign goal adds to the measure),
``hints`` (the planner's pick in words). Importing this package is cheap: the bots' modules
load on use.
"""

from __future__ import annotations

from typing import Any

from ai.hint import Hint
from core.contract import Action

# name -> "module:Class", strongest-but-cheap first; every class takes (game, seed).
BOTS = {
    "greedy": "ai.empires.greedy:EmpiresGreedyBot",
    "planner": "ai.empires.planner:EmpiresPlannerBot",
}


def hint(view: Any, legal: list[Action]) -> Hint:
    """The planner's pick for the decision in ``view``, with a one-line reason."""
    from ai.empires.hints import empires_hint

    return empires_hint(view, legal)
