"""The hint for Ascending Empires: what the planner would do now, in words, with numbers.

A flick is told with its aim and its chances over the planner's own sampled nudges, e.g.
"Move: flick red ship 100 at 37.00°, power 62 % — 58 % to reach the orbit of the pink
planet at 1.middle, 9 % to be lost".
"""

from __future__ import annotations

from ai.empires.flicks import LOST, ORBIT, RAM, Shot
from ai.empires.planner import EmpiresPlannerBot
from ai.hint import HINT_SEED, Hint
from core.contract import Action
from core.empires.solo_progress import goal_parts
from core.empires.view import EmpiresView
from core.empires.words import describe, where


def empires_hint(view: EmpiresView, legal: list[Action]) -> Hint:
    if view.to_move is None or not legal:
        raise ValueError("there is no decision to hint")
    pick = EmpiresPlannerBot("empires", HINT_SEED).recommend(view, legal)
    text = describe(view, pick.action)
    solo = view.table.solo is not None
    # The solo game has no VP: its measure is the scenario's goal, said part by part.
    unit = "toward the goal" if solo else "VP in value"
    if pick.shot is not None:
        reason = f"Move: {text} — {shot_words(view, pick.shot)}"
    elif pick.action.kind == "choose":
        reason = f"{text.capitalize()}: its turn played out gains {pick.gain:+.1f} {unit}"
    elif pick.action.kind == "end":
        reason = f"{text.capitalize()}: nothing left gains value this turn"
    elif pick.action.kind == "solo":
        reason = (f"{text.capitalize()}: of the invaders' choices the one that hurts your "
                  f"goal least ({pick.gain:+.1f})")
    else:
        reason = f"{text.capitalize()}: gains {pick.gain:+.1f} {unit}"
    if solo and pick.shot is None:
        reason += f" — {goal_words(view)}"
    return Hint(pick.action, reason, (pick.action,))


def goal_words(view: EmpiresView) -> str:
    """The scenario's goal so far, its parts still open first: "settlers rescued: 1 of 4"."""
    parts = sorted(goal_parts(view.table), key=lambda p: p.done)
    return "; ".join(p.words() for p in parts[:2])


def shot_words(view: EmpiresView, shot: Shot) -> str:
    """A searched flick's chances in words: of reaching its goal, of being lost."""
    table = view.table
    if shot.goal.kind == ORBIT:
        goal = f"reach the orbit of {where(table, shot.goal.target)}"
    elif shot.goal.kind == RAM:
        target = next((d for d in table.discs if d.id == shot.goal.target), None)
        owner = table.players[target.owner].colour if target and target.owner >= 0 else ""
        goal = f"ram {owner + ' ' if owner else ''}ship {shot.goal.target}".replace(
            "ship 3", "guardian warship 3")
    else:
        goal = "stay on the map"
    lost = sum(1 for x in shot.landings if x.kind == LOST) / len(shot.landings)
    return f"{shot.chance:.0%} to {goal}, {lost:.0%} to be lost".replace("%", " %")
