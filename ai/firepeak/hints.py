"""Firepeak hints: the planner's pick for the seat to move, with a one-line reason.

Deterministic: a fresh planner with a fixed seed answers and the reason's numbers come from a
world dealt from a fixed stream, so the same position always gives the same hint.
"""

from __future__ import annotations

import dataclasses

from ai.firepeak.candidates import recruit_fit
from ai.firepeak.decisions import resolution_value
from ai.firepeak.dice import brainwash_odds, capture_diff, duel_odds, rescue_diff
from ai.firepeak.worlds import deal_world
from ai.hint import HINT_SEED, Hint
from core.contract import Action
from core.firepeak import board
from core.firepeak import effects as fx
from core.firepeak.cards import SPELLS
from core.firepeak.pattern import EMPTY, MINIONS, SIZE, WIZARD, WIZARD_MINIONS
from core.firepeak.state import DUNGEON, GUARD, State
from core.firepeak.view import FirepeakView
from core.firepeak.words import phrase, spot_said
from core.rng import Rng
from core.words import lowered, plain

_DECISION_WHY = {
    "component": "the creature you will miss least",
    "rescue_pick": "the creature most useful to you",
    "salvage": "the creature most useful to you",
    "opponent": "the opponent it hurts most",
    "dungeon_pick": "the best pick",
    "aura": "where it helps you (or hurts them) most",
    "enchant": "where it helps you (or hurts them) most",
    "dispel": "the spell in play that matters most",
    "tremor": "the swap that breaks their pattern most",
    "bind": "the creature that costs them most",
    "discard_spell": "the spell you need least",
    "extra_spell": "a Spellbook has no limit, so a spell more never hurts you",
}


def firepeak_hint(view: FirepeakView, legal: list[Action]) -> Hint:
    """The planner's pick for the decision in ``view``, with a one-line reason."""
    if not legal:
        raise ValueError("there is no decision to hint: no legal actions")
    from ai.firepeak.planner import FirepeakPlannerBot

    bot = FirepeakPlannerBot("firepeak", HINT_SEED)
    action, plan = bot.recommend(view, legal)
    return Hint(action, reason(view, action, plan), plan)


def _filled(s: State, seat: int) -> int:
    return sum(u != EMPTY for u in s.players[seat].pattern)


def _pct(p: float) -> str:
    return f"{round(100 * p)} %"


def _turn_reason(s: State, me: int, a: Action) -> str:
    k = a.kind
    filled = f"{_filled(s, me)} of {SIZE} filled"
    if k == "recruit":
        slots = s.players[me].pattern
        under = WIZARD_MINIONS if a.card == WIZARD else MINIONS[a.card]
        open_ = [q for q in under if slots[q] == EMPTY]
        if not open_:
            return f"a new creature for your Guard or Dungeon, {filled}"
        fit = recruit_fit(s, me, a.card)
        where = " or ".join(spot_said(q) for q in open_)
        return f"{_pct(fit)} of the draws fit {where}, {filled}"
    if k == "capture":
        dseat, dloc = divmod(a.option, 10)
        win, _, lose = duel_odds(capture_diff(s, me, a.card, dseat, dloc))
        dfd = board.creature_at(s, dseat, dloc)
        return f"{_pct(win)} to win ({_pct(lose)} to lose), takes Power " \
               f"{board.power_at(s, dseat, dfd, dloc)} from {s.options['names'][dseat]}"
    if k == "brainwash":
        p = brainwash_odds(s, me, a.card)
        fits = board.open_positions(s, me, a.card)
        where = f"fits {spot_said(fits[0])}" if fits else "goes to your Guard"
        return f"{_pct(p)} to succeed, {where}, {filled}"
    if k == "rescue":
        win, _, lose = duel_odds(rescue_diff(s, me, a.card, a.option))
        return f"{_pct(win)} to win a creature from their Dungeon ({_pct(lose)} to lose yours)"
    if k == "research":
        return "neither creature fits your pattern now; draws a new spell"
    if k == "cast":
        return SPELLS[a.card].text.split(". ")[0].rstrip(".")
    if k in ("move", "swap"):
        return f"keeps more open Positions fillable by the creatures to come, {filled}"
    if k == "imprison":
        return "the creature is worth more in your Dungeon"
    if k == "end":
        return "nothing left is worth an action"
    return ""


def _decision_reason(s: State, me: int, a: Action) -> str:
    d = s.pending
    k = a.kind
    if d is None:
        return ""
    if k == "place":
        if d.source < 0:
            return ""
        if a.card == DUNGEON:
            return "it fits nowhere useful now; keeps Positions open for likely draws"
        if a.card == GUARD:
            return f"it guards your Dungeon, {_filled(s, me)} of {SIZE} filled"
        return f"it fits there, {_filled(s, me) + 1} of {SIZE} filled"
    if k in ("move_up", "remove"):
        slots = s.players[d.seat].pattern[:]
        if k == "move_up":
            src, dst = divmod(a.card, 10)
            slots[dst], slots[src] = slots[src], EMPTY
        else:
            slots[a.card] = EMPTY
        power, count = resolution_value(s, d.seat, slots)
        return f"the resolution keeping the most Power ({power} with {count} creatures)"
    if k == "rescue_pick" and a.card == fx.NO_TAKE:
        return "none of them is worth a place, even in your Dungeon"
    if k == "extra_spell" and a.card == fx.NO_DRAW:
        return "no spell more is wanted now"
    return _DECISION_WHY.get(k, "")


def spoken_to(view: FirepeakView) -> FirepeakView:
    """The view with its seat named "You", so a hint says "your Troll" as a player would."""
    options = dict(view.options)
    names = list(options["names"])
    if 0 <= view.seat < len(names):
        names[view.seat] = "You"
    options["names"] = names
    return dataclasses.replace(view, options=options)


def reason(view: FirepeakView, action: Action, plan: tuple[Action, ...]) -> str:
    """'Recruit under your Troll 4▲ (Tier 1 · left): 62 % of the draws fit the left spot of
    Tier 2, 6 of 9 filled, then place the new creature in Tier 2 · left': the action's phrase
    (spoken to the player), why, and the next step of the plan in its own phrase."""
    s = deal_world(view, Rng.stream(HINT_SEED, "hint:firepeak"))
    me = view.seat
    view = spoken_to(view)
    head = plain(phrase(view, action))
    if view.pending is not None:
        why = _decision_reason(s, me, action)
    else:
        why = _turn_reason(s, me, action)
    if why:
        head += f": {why}"
    rest = [a for a in plan[1:] if a.kind != "end"]
    if rest:
        head += ", then " + plain(lowered(phrase(view, rest[0])))
    return head
