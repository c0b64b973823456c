"""EmpiresPlannerBot: looks further than the greedy bot for Ascending Empires.

The same judgement (``turns``) with more behind each choice: the action of the turn is
chosen by playing each of the four out, boosting weighed, through the attacks it leads to;
a flick by searching angle × power (sampling and cross-entropy rounds over eight nudges of
its own) for the six most promising goals of each ship; and the evaluation counts the
danger a ship stands in from rival ships within attack range; strikes at two targets or
more are shared out among the ships as one CP-SAT problem (``strike_model``).
"""

from __future__ import annotations

from ai.empires.evaluation import PLANNER
from ai.empires.flicks import FULL
from ai.empires.greedy import EmpiresGreedyBot
from ai.empires.turns import Style


class EmpiresPlannerBot(EmpiresGreedyBot):
    name = "planner"
    style = Style(weights=PLANNER, budget=FULL, goals=6, boost=True, strikes=True,
                  plan_strikes=True)
    stream = "bot:empires-planner"
