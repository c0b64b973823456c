"""The Firepeak bots' own worlds: one dealt from a view, and a turn action played in it.

A world is a full ``State`` consistent with what the bot may see (``determinize`` with the
bot's own stream). :func:`outcomes` plays a turn action in a world once per chance result,
exactly: each dice result scripted with its probability, a Recruit judged over a few
different kinds of draw (:func:`sample_draws`), every decision that follows answered.
"""

from __future__ import annotations

import core.firepeak as F
from ai.firepeak.decisions import settle
from ai.firepeak.dice import ScriptedRng, dice_scripts
from ai.firepeak.evaluation import evaluate
from ai.firepeak.table_score import DRAWS
from core.contract import Action
from core.firepeak.cards import BASE_POWER, CLAN_OF
from core.firepeak.state import State
from core.firepeak.view import FirepeakView, determinize
from core.rng import Rng


def deal_world(view: FirepeakView, rng: Rng) -> State:
    """``determinize(view, rng)``: a full world consistent with what the bot may see."""
    return determinize(view, rng)


def outcomes(s: State, a: Action, draws: list[int] | None = None,
             deep: bool = False) -> list[tuple[float, State]]:
    """Each chance result of turn action ``a`` in world ``s`` as (probability, world after,
    with every decision answered). A Recruit is judged over ``draws`` (creature uids put on
    top of the deck in turn; default: the world's own top card)."""
    if a.kind == "recruit" and draws:
        out = []
        w = 1.0 / len(draws)
        for u in draws:
            t = s.copy()
            if t.recruit[-1] != u:
                i = t.recruit.index(u)
                t.recruit[i], t.recruit[-1] = t.recruit[-1], u
            F.apply(t, a)
            settle(t, deep)
            out.append((w, t))
        return out
    out = []
    for p, rolls in dice_scripts(s, a):
        t = s.copy()
        if rolls:
            t.rng = ScriptedRng(t.rng.state, list(rolls))
        F.apply(t, a)
        settle(t, deep)
        if isinstance(t.rng, ScriptedRng):
            t.rng = Rng(t.rng.state)
        out.append((p, t))
    return out


def expected(s: State, a: Action, me: int, draws: list[int] | None = None,
             deep: bool = False) -> float:
    """The evaluation for ``me`` expected after turn action ``a`` (see :func:`outcomes`)."""
    return sum(p * evaluate(t, me) for p, t in outcomes(s, a, draws, deep))


def sample_draws(s: State, rng: Rng, k: int = DRAWS) -> list[int]:
    """Up to ``k`` different kinds (Clan, Power) from the world's Recruitment deck, drawn at
    random, as uids: the draws a Recruit is judged over."""
    deck = s.recruit
    if not deck:
        return []
    order = list(range(len(deck)))
    rng.shuffle(order)
    seen: set[tuple[str, int]] = set()
    out = []
    for i in order:
        u = deck[i]
        key = (CLAN_OF[u], BASE_POWER[u])
        if key in seen:
            continue
        seen.add(key)
        out.append(u)
        if len(out) == k:
            break
    return out
