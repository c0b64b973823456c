"""One Firepeak seat's table as a number, for the bots' evaluation.

A seat is scored by its pattern Power and creatures, how fillable its open Positions are by
the creatures still to come (each on its own, and, when few are open and scarce creatures
fit them, all together by the CP-SAT completion model of :mod:`ai.firepeak.completion`), the
completion race, its Guard, Dungeon and Spellbook, and the extra actions left in its turn.
One unit is about one point of pattern Power. :mod:`ai.firepeak.evaluation` weighs these
scores of every seat into the value of a world.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from core.firepeak import board
from core.firepeak.cards import BASE_POWER, CLAN_OF, SPELLS, WIZARDS
from core.firepeak.pattern import (
    ADJACENT,
    CLANS,
    EMPTY,
    LEADERS,
    MINIONS,
    OPPOSING,
    SIZE,
    WIZARD,
    tier,
)
from core.firepeak.state import GUARD, State

CLAN_INDEX = {c: i for i, c in enumerate(CLANS)}
FOE_INDEX = tuple(CLAN_INDEX[OPPOSING[c]] for c in CLANS)
LEAD = tuple(tuple(q for q in LEADERS[p] if q != WIZARD) for p in range(SIZE))
TIER_OF = tuple(tier(p) for p in range(SIZE))
INF = 10 ** 6
FOE_OF_CREATURE = tuple(FOE_INDEX[CLAN_INDEX[c]] for c in CLAN_OF)

# --- weights of the evaluation (one unit ~ one point of pattern Power) ------------------------
W_POWER = 1.0
W_CREATURE = 1.3
W_READY = 0.9  # an open Position with a Leader, times the chance a coming draw fits it
W_LATER = 0.4  # an open Position still waiting for its Leader, if some creature could fit
W_DEAD = 1.6  # an open Position no creature still to come can ever fill as things stand
COMPLETION = {1: 7.0, 2: 3.5, 3: 1.5}  # by missing creatures, when no Position is dead
W_GUARD = 0.5
W_GUARD_POWER = 0.15
W_DUNGEON = 0.3
W_DUNGEON_POWER = 0.08
W_SPELL = 0.45
W_BONUS = 1.1  # an extra action still to take this turn
W_ROLL = 0.2
MAX_COUNTED = 6  # Dungeon creatures / spells counted
DRAWS = 4  # draws a Recruit is judged over
# The joint completion model is consulted when few Positions are open and one of them has
# few creatures left that fit it: only then can the open Positions starve each other.
JOINT_OPEN = 4
JOINT_SCARCE = 6


def pool_counts(uids: Iterable[int]) -> list[list[int]]:
    """counts[clan index][printed Power] of creatures."""
    counts = [[0] * 5 for _ in CLANS]
    for u in uids:
        counts[CLAN_INDEX[CLAN_OF[u]]][BASE_POWER[u]] += 1
    return counts


@dataclass(slots=True)
class SeatInfo:
    """One seat's table: pattern Power and creatures, open Positions no creature still to
    come can fill (``dead``) and open ones under a Leader that some can (``open_ready``),
    and the whole as one ``score``."""

    power: int
    creatures: int
    dead: int
    open_ready: int
    score: float


def bonus_table(s: State, seat: int) -> list[list[int]]:
    """bonus[clan index][pos]: what a fresh creature of that clan gains at ``pos``."""
    pl = s.players[seat]
    wclan = WIZARDS[pl.wizard].clan
    aura = [0] * SIZE
    for q in range(SIZE):
        for r in board.AURA_FROM[q]:
            a = pl.auras[r]
            if a != EMPTY:
                aura[q] += SPELLS[a].power
    circle = SPELLS[pl.circle] if pl.circle != EMPTY and SPELLS[pl.circle].power else None
    out = []
    for clan in CLANS:
        row = []
        for q in range(SIZE):
            b = aura[q] + (clan == wclan)
            if circle is not None and (not circle.power_clan or clan == (
                    wclan if circle.power_clan == "wizard" else circle.power_clan)) \
                    and (not circle.power_tier or TIER_OF[q] == circle.power_tier):
                b += circle.power
            row.append(b)
        out.append(row)
    return out


def position_fits(slots: list[int], eff: list[int], q: int, counts: list[list[int]],
                  bonus: list[list[int]]) -> tuple[int, bool]:
    """How many pool creatures could legally go to empty ``q`` (a Position with no Leader
    yet is judged by the Clan rule alone), and whether it has a Leader now."""
    lead = LEAD[q]
    if not lead:
        hi, led = INF, True
    else:
        total, led = 0, False
        for p in lead:
            if slots[p] != EMPTY:
                led = True
                total += eff[p]
        hi = total - 1 if led else INF
    lo = 0
    for m in MINIONS[q]:
        if slots[m] != EMPTY:
            others = 0
            for p in LEAD[m]:
                if p != q and slots[p] != EMPTY:
                    others += eff[p]
            need = eff[m] - others + 1
            if need > lo:
                lo = need
    banned = [False] * 6
    for r in ADJACENT[q]:
        u = slots[r]
        if u != EMPTY:
            banned[FOE_OF_CREATURE[u]] = True
    n = 0
    for ci in range(6):
        if banned[ci]:
            continue
        row = counts[ci]
        b = bonus[ci][q]
        for base in (1, 2, 3, 4):
            k = row[base]
            if k:
                p = base + b
                if p < 0:
                    p = 0
                if lo <= p <= hi:
                    n += k
    return n, led


def seat_info(s: State, seat: int, counts: list[list[int]], pool_size: int,
              joint: bool = False) -> SeatInfo:
    """One seat's table as a number (see the module docstring); ``counts`` are the creatures
    that may still come its way (Recruitment deck and its own Dungeon). With ``joint`` the
    open Positions are also judged together by the CP-SAT completion model
    (:mod:`ai.firepeak.completion`): a Position that fits some creature on its own but not
    alongside the others counts as dead too."""
    pl = s.players[seat]
    slots = pl.pattern
    eff = [board.power_at(s, seat, u, q) if u != EMPTY else 0 for q, u in enumerate(slots)]
    power = sum(eff)
    creatures = sum(u != EMPTY for u in slots)
    dead = ready_n = 0
    ready = later = 0.0
    scarce = False
    bonus = None
    psize = max(1, pool_size)
    for q in range(SIZE):
        if slots[q] != EMPTY:
            continue
        if bonus is None:
            bonus = bonus_table(s, seat)
        n, led = position_fits(slots, eff, q, counts, bonus)
        if n < JOINT_SCARCE:
            scarce = True
        if n == 0:
            dead += 1
        elif led:
            ready_n += 1
            frac = n / psize
            ready += 1.0 - (1.0 - frac) ** DRAWS
        else:
            later += 1.0
    # Structure matters less as the Recruitment deck runs out: Power decides then.
    coming = len(s.recruit)
    if s.options["variants"]["reshuffle_once"] and not s.reshuffled:
        coming += len(s.creature_discard)
    struct = min(1.0, coming / 20.0)
    if joint and struct > 0 and 0 < SIZE - creatures <= JOINT_OPEN and scarce:
        stuck = _joint_stuck(slots, eff, counts, bonus if bonus is not None
                             else bonus_table(s, seat))
        if stuck > dead:
            # The jointly stuck Positions were counted ready or waiting; move them to dead.
            extra = stuck - dead
            dead = stuck
            ready_n = max(0, ready_n - extra)
    score = W_POWER * power + W_CREATURE * creatures
    score += struct * (W_READY * ready + W_LATER * later - W_DEAD * dead)
    missing = SIZE - creatures
    if dead == 0 and missing in COMPLETION:
        avg_ready = ready / max(1, ready_n) if ready_n else 0.3
        score += struct * COMPLETION[missing] * (0.4 + 0.6 * avg_ready)
    if pl.guard != EMPTY:
        score += W_GUARD + W_GUARD_POWER * board.power_at(s, seat, pl.guard, GUARD)
    if pl.dungeon:
        best = sorted((BASE_POWER[u] for u in pl.dungeon), reverse=True)[:MAX_COUNTED]
        score += W_DUNGEON * len(best) + W_DUNGEON_POWER * sum(best)
    score += W_SPELL * min(MAX_COUNTED, len(pl.spellbook))
    if s.current == seat and not s.setup:
        score += W_BONUS * len(s.turn.bonus) + W_ROLL * sum(s.turn.rolls)
    return SeatInfo(power, creatures, dead, ready_n, score)


def _joint_stuck(slots: list[int], eff: list[int], counts: list[list[int]],
                 bonus: list[list[int]]) -> int:
    from ai.firepeak.completion import completion

    clans = [CLAN_INDEX[CLAN_OF[u]] if u != EMPTY else -1 for u in slots]
    powers = [e if u != EMPTY else 0 for u, e in zip(slots, eff, strict=True)]
    return completion(clans, powers, counts, bonus).stuck
