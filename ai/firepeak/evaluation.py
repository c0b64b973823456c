"""The Firepeak bots' evaluation: a world as one number from one seat's side.

Everything the bots judge is a *world*: a full ``State`` the bot dealt itself with
``determinize(view, own rng)`` (:mod:`ai.firepeak.worlds`), so a bot never peeks at hidden
cards nor touches the game's RNG. A world that is over, or sure to end with this turn, is
worth ±``WIN`` by its result; any other is the bot's table score
(:mod:`ai.firepeak.table_score`) minus its opponents' (mostly the leader's). A decision
starts with :func:`begin`, which fixes the pool of creatures still to come and caches seat
scores for the rest of that decision.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import core.firepeak as F
from ai.firepeak.table_score import CLAN_INDEX, pool_counts, seat_info
from core.firepeak.cards import BASE_POWER, CLAN_OF
from core.firepeak.pattern import EMPTY
from core.firepeak.state import State

WIN = 100.0
OPP_MAX = 0.6  # opponents' weight: this much on the leading one, the rest on their mean

# A seat's table as the cache of one decision keys it.
SeatKey = tuple[object, ...]


def game_will_end(s: State) -> bool:
    """The last Recruitment card is out and no reshuffle follows: the turn ends the game."""
    if not s.deck_out:
        return False
    return not (s.options["variants"]["reshuffle_once"] and not s.reshuffled
                and s.creature_discard)


def game_will_end_after_draw(s: State) -> bool:
    """Drawing the last Recruitment card now would end the game with this turn."""
    return not (s.options["variants"]["reshuffle_once"] and not s.reshuffled
                and s.creature_discard)


def terminal_value(s: State, me: int) -> float:
    """±WIN by the final (or, once the game is sure to end this turn, the current) result."""
    if s.over:
        out = F.outcome(s)
        assert out is not None
        winners = out.winners
    else:
        sc = F.scores(s)
        best = max(sc)
        leaders = [i for i, v in enumerate(sc) if v == best]
        if len(leaders) > 1:
            counts = [sum(u != EMPTY for u in s.players[i].pattern) for i in leaders]
            most = max(counts)
            leaders = [i for i, c in zip(leaders, counts, strict=True) if c == most]
        winners = tuple(leaders)
    if me in winners:
        return WIN if len(winners) == 1 else WIN / (2 * len(winners))
    return -WIN


class _Root:
    """The creatures still to come as a bot saw them when it started its decision, and a
    cache of seat scores: within one decision, simulated draws do not change the pool the
    tables are judged against, so an unchanged table (most opponents' in most simulations)
    is scored once."""

    counts: list[list[int]] | None = None
    size = 0
    cache: dict[tuple[SeatKey, bool], float] = {}
    joint_seat = -1


def begin(s: State, joint_seat: int = -1) -> None:
    """Start a decision in world ``s``: fix the pool of coming creatures, clear the cache.
    ``joint_seat``'s table is judged with the joint completion model (the planner's own)."""
    _Root.counts = pool_counts(s.recruit)
    _Root.size = len(s.recruit)
    _Root.cache = {}
    _Root.joint_seat = joint_seat


def _seat_key(s: State, seat: int) -> SeatKey:
    """Everything of ``s`` that ``seat``'s table score reads, beyond the decision's pool."""
    pl = s.players[seat]
    ench = tuple(s.ench.get(u, ()) for u in pl.pattern) + (s.ench.get(pl.guard, ()),) \
        if s.ench else ()
    coming = len(s.recruit)
    if s.options["variants"]["reshuffle_once"] and not s.reshuffled:
        coming += len(s.creature_discard)
    turn = (tuple(s.turn.bonus), tuple(s.turn.rolls)) if s.current == seat else ()
    return (seat, tuple(pl.pattern), pl.guard, tuple(sorted(pl.dungeon)), len(pl.spellbook),
            tuple(pl.auras), pl.circle, ench, min(coming, 20), turn)


def seat_score(s: State, seat: int) -> float:
    """``seat_info(...).score`` against the decision's pool (cached), or the world's own
    Recruitment deck when no decision has begun."""
    pl = s.players[seat]
    if _Root.counts is None:
        counts = pool_counts(s.recruit)
        size = len(s.recruit)
    else:
        key = (_seat_key(s, seat), seat == _Root.joint_seat)
        hit = _Root.cache.get(key)
        if hit is not None:
            return hit
        counts = [row[:] for row in _Root.counts]
        size = _Root.size
    for u in pl.dungeon:
        counts[CLAN_INDEX[CLAN_OF[u]]][BASE_POWER[u]] += 1
    v = seat_info(s, seat, counts, size + len(pl.dungeon),
                  joint=_Root.counts is not None and seat == _Root.joint_seat).score
    if _Root.counts is not None:
        if len(_Root.cache) > 100_000:
            _Root.cache.clear()
        _Root.cache[key] = v
    return v


@contextmanager
def joint_paused() -> Iterator[None]:
    """Judge tables without the joint completion model for a while (deep in a search,
    where its cost would multiply)."""
    seat, _Root.joint_seat = _Root.joint_seat, -1
    try:
        yield
    finally:
        _Root.joint_seat = seat


def joint_delta(s: State, seat: int) -> float:
    """What the joint completion model changes in ``seat``'s score in world ``s``."""
    if _Root.joint_seat != seat:
        return 0.0
    with_joint = seat_score(s, seat)
    with joint_paused():
        return with_joint - seat_score(s, seat)


def evaluate(s: State, me: int) -> float:
    """The world from ``me``'s side: its score minus its opponents' (mostly the leader's)."""
    if s.over or game_will_end(s):
        tv = terminal_value(s, me)
        # Among equal results, a larger margin is still better.
        sc = F.scores(s)
        return tv + 0.01 * (sc[me] - max(v for i, v in enumerate(sc) if i != me))
    scores = [seat_score(s, seat) for seat in range(s.n)]
    others = [v for i, v in enumerate(scores) if i != me]
    return scores[me] - (OPP_MAX * max(others) + (1 - OPP_MAX) * sum(others) / len(others))


def own_score(s: State, seat: int) -> float:
    """``seat``'s own table score, its opponents left out (placements, Moves)."""
    return seat_score(s, seat)
