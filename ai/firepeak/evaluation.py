"""What the Firepeak bots share: a position evaluation, exact dice outcomes of an action, and
answers to every decision the engine can ask.

Everything here works on a *world*: a full ``State`` the bot dealt itself with
``determinize(view, own rng)``, so a bot never peeks at hidden cards nor touches the game's
RNG. The evaluation scores each seat's table (pattern Power, creatures, how fillable the open
Positions are by the creatures still to come, the completion race, Guard, Dungeon, Spellbook)
and returns the bot's score minus its opponents'. Decisions are answered by

* ``quick_answer``: cheap rules used inside simulations (placements by the seat's own score,
  illegal patterns resolved by :func:`ai.firepeak.pattern.resolve` to keep the most Power, ...);
* ``best_answer``: the same, but a spell's target choice is tried on a copy of the world and
  the best-scoring one kept.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache

import core.firepeak as F
from ai.firepeak import pattern as solver
from core.contract import Action
from core.firepeak import board
from core.firepeak import effects as fx
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
    WIZARD_MINIONS,
    tier,
)
from core.firepeak.state import DUNGEON, GUARD, ROLL_INDEX, Decision, State
from core.rng import Rng

CLAN_INDEX = {c: i for i, c in enumerate(CLANS)}
FOE_INDEX = tuple(CLAN_INDEX[OPPOSING[c]] for c in CLANS)
LEAD = tuple(tuple(q for q in LEADERS[p] if q != WIZARD) for p in range(SIZE))
TIER1 = frozenset(WIZARD_MINIONS)
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
WIN = 100.0
OPP_MAX = 0.6  # opponents' weight: this much on the leading one, the rest on their mean
DRAWS = 4  # draws a Recruit is judged over
# The joint completion model is consulted when few Positions are open and one of them has
# few creatures left that fit it: only then can the open Positions starve each other.
JOINT_OPEN = 4
JOINT_SCARCE = 6

# How much a spell is worth keeping, by id (setup discards and component choices).
SPELL_VALUE = {
    "call_to_arms": 3.0, "valor_aura": 2.8, "circle_kinship": 2.6, "binding_hex": 2.6,
    "giants_strength": 2.4, "atrophy": 2.3, "silver_tongue": 2.3, "circle_crown": 2.2,
    "battle_fury": 2.0, "withering_aura": 2.0, "insight": 1.8, "jailbreak": 1.7,
    "tremor": 1.7, "daring_raid": 1.6, "circle_whispers": 1.6, "circle_conquest": 1.5,
    "aegis": 1.5, "bloodlust": 1.4, "stone_skin": 1.4, "sanctuary": 1.3, "unseat": 1.3,
    "grave_call": 1.3, "scrying_pool": 1.2, "filch": 1.2, "circle_lore": 1.1,
    "circle_bulwark": 1.1, "quickstep": 0.8, "unravel": 1.0,
}


def spell_value(sp: int) -> float:
    return SPELL_VALUE.get(SPELLS[sp].key, 1.2)


# --- Power of a creature that is not in play yet -------------------------------------------


def new_power(s: State, seat: int, clan: str, base: int, pos: int) -> int:
    """Effective Power a fresh (unenchanted) creature would have at ``pos`` of ``seat``."""
    pl = s.players[seat]
    wclan = WIZARDS[pl.wizard].clan
    p = base + (clan == wclan)
    if pos < SIZE:
        for q in board.AURA_FROM[pos]:
            a = pl.auras[q]
            if a != EMPTY:
                p += SPELLS[a].power
    c = pl.circle
    if c != EMPTY:
        d = SPELLS[c]
        if d.power and (not d.power_clan or clan == (wclan if d.power_clan == "wizard"
                                                      else d.power_clan)) \
                and (not d.power_tier or (pos < SIZE and TIER_OF[pos] == d.power_tier)):
            p += d.power
    return p if p > 0 else 0


def pool_counts(uids: Iterable[int]) -> list[list[int]]:
    """counts[clan index][printed Power] of creatures."""
    counts = [[0] * 5 for _ in CLANS]
    for u in uids:
        counts[CLAN_INDEX[CLAN_OF[u]]][BASE_POWER[u]] += 1
    return counts


# --- the evaluation -----------------------------------------------------------------------


@dataclass(slots=True)
class SeatInfo:
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


def game_will_end(s: State) -> bool:
    """The last Recruitment card is out and no reshuffle follows: the turn ends the game."""
    if not s.deck_out:
        return False
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
    cache: dict[tuple, float] = {}
    joint_seat = -1


def begin(s: State, joint_seat: int = -1) -> None:
    """Start a decision in world ``s``: fix the pool of coming creatures, clear the cache.
    ``joint_seat``'s table is judged with the joint completion model (the planner's own)."""
    _Root.counts = pool_counts(s.recruit)
    _Root.size = len(s.recruit)
    _Root.cache = {}
    _Root.joint_seat = joint_seat


def _seat_key(s: State, seat: int) -> tuple:
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
    return seat_score(s, seat)


# --- dice odds ---------------------------------------------------------------------------------


@cache
def duel_odds(diff: int) -> tuple[float, float, float]:
    """(win, tie, lose) of die + ``diff`` against a die."""
    win = tie = 0
    for a in range(1, 7):
        for b in range(1, 7):
            t = a + diff - b
            win += t > 0
            tie += t == 0
    return win / 36, tie / 36, (36 - win - tie) / 36


def capture_diff(s: State, seat: int, att_loc: int, dseat: int, dloc: int) -> int:
    att = board.creature_at(s, seat, att_loc)
    dfd = board.creature_at(s, dseat, dloc)
    attack = board.power_at(s, seat, att, att_loc) \
        + board.spell_mods(s, seat, att, att_loc, "attack") + s.turn.rolls[0]
    defend = board.power_at(s, dseat, dfd, dloc) + board.spell_mods(s, dseat, dfd, dloc, "defend")
    if dloc in TIER1:
        defend += 1
    if s.clan_powers and CLAN_OF[dfd] == "gaias_children":
        defend += 1
    return attack - defend


def rescue_diff(s: State, seat: int, loc: int, victim: int) -> int:
    hero = board.creature_at(s, seat, loc)
    mine = board.power_at(s, seat, hero, loc) + board.spell_mods(s, seat, hero, loc, "rescue") \
        + s.turn.rolls[1]
    if s.clan_powers and CLAN_OF[hero] == "holy_order":
        mine += 1
    guard = s.players[victim].guard
    theirs = 0
    if guard != EMPTY:
        theirs = board.power_at(s, victim, guard, GUARD) \
            + board.spell_mods(s, victim, guard, GUARD, "guard")
    return mine - theirs


def brainwash_odds(s: State, seat: int, uid: int) -> float:
    me = s.players[seat]
    bonus = s.turn.rolls[ROLL_INDEX["brainwash"]] + (
        SPELLS[me.circle].brainwash if me.circle != EMPTY else 0)
    return sum(1 for d in range(1, 7) if d + bonus > BASE_POWER[uid]) / 6


class ScriptedRng(Rng):
    """An Rng whose next dice are fixed (then random again): one chance outcome of an action
    in a bot's own world."""

    __slots__ = ("rolls",)

    def __init__(self, state: int, rolls: list[int]) -> None:
        super().__init__(state)
        self.rolls = rolls

    def die(self, sides: int = 6) -> int:
        if self.rolls:
            return self.rolls.pop(0)
        return super().die(sides)

    def copy(self) -> Rng:
        return ScriptedRng(self.state, list(self.rolls)) if self.rolls else Rng(self.state)


def _duel_scripts(diff: int) -> list[tuple[float, list[int]]]:
    """(probability, two dice) for each possible result of die + diff against a die."""
    win, tie, lose = duel_odds(diff)
    out = []
    if win:
        out.append((win, [6, 1] if 6 + diff > 1 else [6, 6]))
    if lose:
        out.append((lose, [1, 6] if 1 + diff < 6 else [1, 1]))
    if tie:
        a = next(a for a in range(1, 7) if 1 <= a + diff <= 6)
        out.append((tie, [a, a + diff]))
    return out


def dice_scripts(s: State, a: Action) -> list[tuple[float, list[int]]]:
    """The chance outcomes of turn action ``a`` as (probability, dice to script)."""
    seat = s.current
    if a.kind == "capture":
        dseat, dloc = divmod(a.option, 10)
        return _duel_scripts(capture_diff(s, seat, a.card, dseat, dloc))
    if a.kind == "rescue":
        return _duel_scripts(rescue_diff(s, seat, a.card, a.option))
    if a.kind == "brainwash":
        p = brainwash_odds(s, seat, a.card)
        out = []
        if p > 0:
            out.append((p, [6]))
        if p < 1:
            out.append((1 - p, [1]))
        return out
    return [(1.0, [])]


# --- answering decisions ---------------------------------------------------------------------

TARGET_KINDS = frozenset({"aura", "enchant", "opponent", "dungeon_pick", "salvage", "dispel",
                          "tremor", "bind"})


def _carried(s: State, seat: int, uid: int) -> solver.Creature:
    """The solver's view of a creature in ``seat``'s pattern: Power that travels with it."""
    p = BASE_POWER[uid]
    for sp in s.ench.get(uid, ()):
        p += SPELLS[sp].power
    c = s.players[seat].circle
    if c != EMPTY:
        d = SPELLS[c]
        wclan = board.wizard_clan(s, seat)
        if d.power and not d.power_tier and (not d.power_clan or CLAN_OF[uid] == (
                wclan if d.power_clan == "wizard" else d.power_clan)):
            p += d.power
    return solver.Creature(CLAN_OF[uid], p)


def _pos_bonus(s: State, seat: int) -> list[int]:
    pl = s.players[seat]
    out = []
    tier_bonus = (0, 0)
    if pl.circle != EMPTY:
        d = SPELLS[pl.circle]
        if d.power and d.power_tier:
            tier_bonus = (d.power_tier, d.power)
    for q in range(SIZE):
        b = sum(SPELLS[pl.auras[r]].power for r in board.AURA_FROM[q] if pl.auras[r] != EMPTY)
        if tier_bonus[0] and TIER_OF[q] == tier_bonus[0]:
            b += tier_bonus[1]
        out.append(b)
    return out


def _resolution_value(s: State, seat: int, slots: list[int]) -> tuple[int, int]:
    """(Power, creatures) the best resolution of ``slots`` keeps."""
    pattern = [None if u == EMPTY else _carried(s, seat, u) for u in slots]
    res = solver.resolve(pattern, pos_bonus=_pos_bonus(s, seat),
                         wizard_clan=board.wizard_clan(s, seat))
    return res.power, res.creatures


def answer_resolution(s: State, d: Decision) -> int:
    """The step (``move_up`` or ``remove``) after which the rest of the rulebook procedure
    keeps the most Power, then the most creatures (:func:`ai.firepeak.pattern.resolve`)."""
    slots = s.players[d.seat].pattern
    best, best_key = d.choices[0], None
    for c in d.choices:
        trial = slots[:]
        if d.kind == "move_up":
            src, dst = divmod(c, 10)
            trial[dst], trial[src] = trial[src], EMPTY
        else:
            trial[c] = EMPTY
        power, count = _resolution_value(s, d.seat, trial)
        key = (power, count, -c)
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best


def _with_creature(s: State, seat: int, uid: int, loc: int) -> float:
    """``seat``'s own score with ``uid`` put at ``loc`` (a Position, GUARD or DUNGEON)."""
    pl = s.players[seat]
    if loc == DUNGEON:
        pl.dungeon.append(uid)
        try:
            return own_score(s, seat)
        finally:
            pl.dungeon.pop()
    if loc == GUARD:
        pl.guard = uid
        try:
            return own_score(s, seat)
        finally:
            pl.guard = EMPTY
    pl.pattern[loc] = uid
    try:
        return own_score(s, seat)
    finally:
        pl.pattern[loc] = EMPTY


def answer_place(s: State, d: Decision) -> int:
    """Where the creature helps its owner's table most (keeping Positions fillable)."""
    uid = d.source
    if uid < 0:
        return d.choices[0]
    origin = d.a
    if origin >= 0 and uid in s.players[origin].dungeon:
        s.players[origin].dungeon.remove(uid)
        try:
            return _best_place(s, d, uid)
        finally:
            s.players[origin].dungeon.append(uid)
    return _best_place(s, d, uid)


def _best_place(s: State, d: Decision, uid: int) -> int:
    best, best_v = d.choices[0], None
    for c in d.choices:
        v = _with_creature(s, d.seat, uid, c)
        if best_v is None or v > best_v + 1e-9:
            best, best_v = c, v
    return best


def creature_worth(s: State, seat: int, uid: int) -> float:
    """How much a creature in ``seat``'s Dungeon is worth to it: Brainwash odds times its
    use in the pattern, plus a little as Research or component fodder."""
    pl = s.players[seat]
    fits = board.open_positions(s, seat, uid)
    p = sum(1 for d in range(1, 7) if d > BASE_POWER[uid]) / 6
    power = BASE_POWER[uid]
    return 0.3 + 0.15 * power + (p * (W_CREATURE + power) if fits else 0.2 * power) \
        + (0.3 if pl.guard == EMPTY else 0.0)


def answer_component(s: State, d: Decision) -> int:
    return min(d.choices, key=lambda u: (creature_worth(s, d.seat, u), u))


def answer_pick(s: State, d: Decision) -> int:
    """rescue_pick / salvage / raid: the creature most useful to us; purge: to them."""
    if d.kind == "dungeon_pick" and SPELLS[d.source].ops[d.b].name == "purge_dungeon":
        victim = d.a
        return max(d.choices, key=lambda u: (bool(board.open_positions(s, victim, u)),
                                             BASE_POWER[u], -u))
    seat = d.seat
    return max(d.choices, key=lambda u: (bool(board.open_positions(s, seat, u)),
                                         BASE_POWER[u], -u))


def answer_discard_spell(s: State, d: Decision) -> int:
    return min(d.choices, key=lambda sp: (spell_value(sp), sp))


def quick_target(s: State, d: Decision) -> int:
    """A cheap rule for a spell's target: hurt the leading opponent, help ourselves."""
    seat = d.seat
    opps = fx.opponents(s, seat)
    lead = max(opps, key=lambda o: (board.pattern_power(s, o), -o))
    if d.kind == "opponent":
        return lead if lead in d.choices else d.choices[0]
    if d.kind in ("dungeon_pick", "salvage"):
        return answer_pick(s, d)
    return d.choices[0]


def quick_answer(s: State, d: Decision) -> int:
    kind = d.kind
    if kind in ("move_up", "remove"):
        return answer_resolution(s, d)
    if kind == "place":
        return answer_place(s, d)
    if kind == "component":
        return answer_component(s, d)
    if kind == "rescue_pick":
        return answer_pick(s, d)
    if kind == "discard_spell":
        return answer_discard_spell(s, d)
    return quick_target(s, d)


def settle(s: State, deep: bool = False) -> None:
    """Answer pending decisions in a world (any seat's) until none is left."""
    guard = 0
    while s.pending is not None and not s.over:
        d = s.pending
        c = best_answer(s, d) if deep and d.kind in TARGET_KINDS else quick_answer(s, d)
        F.apply(s, Action(d.kind, c, 0))
        guard += 1
        if guard > 200:
            raise RuntimeError("firepeak bot: decisions do not settle")


def best_answer(s: State, d: Decision) -> int:
    """Like ``quick_answer``, but a spell's target is tried on copies of the world and the
    choice scoring best for the decider kept."""
    if d.kind not in TARGET_KINDS or len(d.choices) == 1:
        return quick_answer(s, d)
    if d.kind == "opponent" and SPELLS[d.source].ops[d.a].name == "filch":
        return quick_target(s, d)  # a random card: no world tells more than the rule
    best, best_v = d.choices[0], None
    for c in d.choices:
        t = s.copy()
        F.apply(t, Action(d.kind, c, 0))
        settle(t)
        v = evaluate(t, d.seat)
        if best_v is None or v > best_v + 1e-9:
            best, best_v = c, v
    return best


# --- outcomes of a turn action ------------------------------------------------------------


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


# --- candidate turn actions -----------------------------------------------------------------


def recruit_fit(s: State, seat: int, leader: int) -> float:
    """The chance the next draw fits under ``leader`` (Wizard or a Position)."""
    slots = s.players[seat].pattern
    under = WIZARD_MINIONS if leader == WIZARD else MINIONS[leader]
    empty = [q for q in under if slots[q] == EMPTY]
    if not empty or not s.recruit:
        return 0.0
    hits = 0
    for u in s.recruit:
        if any(board.can_place(s, seat, u, q) for q in empty):
            hits += 1
    return hits / len(s.recruit)


def research_pair(s: State, seat: int, legal: list[Action]) -> Action | None:
    """A Research worth doing: two same-clan Dungeon creatures neither of which can go into
    the pattern now, the least valuable pair first."""
    pairs = [a for a in legal if a.kind == "research"]
    if not pairs:
        return None
    fits = {u: bool(board.open_positions(s, seat, u)) for u in s.players[seat].dungeon}
    ok = [a for a in pairs if not fits.get(a.card) and not fits.get(a.option)]
    if not ok:
        return None
    return min(ok, key=lambda a: (BASE_POWER[a.card] + BASE_POWER[a.option], a.card, a.option))


def candidates(s: State, legal: list[Action], me: int, limit_capture: int = 4,
               limit_moves: int = 3) -> list[Action]:
    """The turn actions worth searching (pruned), without Research and End."""
    out: list[Action] = []
    slots = s.players[me].pattern
    recruits = [a for a in legal if a.kind == "recruit"]
    useful = [a for a in recruits
              if any(slots[q] == EMPTY for q in (WIZARD_MINIONS if a.card == WIZARD
                                                 else MINIONS[a.card]))]
    out += useful or recruits[:1]
    caps = []
    for a in legal:
        if a.kind == "capture":
            dseat, dloc = divmod(a.option, 10)
            win, _, lose = duel_odds(capture_diff(s, me, a.card, dseat, dloc))
            if win < 0.3:
                continue
            dfd = board.creature_at(s, dseat, dloc)
            gain = win * (2 + board.power_at(s, dseat, dfd, dloc))
            risk = lose * (0.5 if a.card == GUARD else 2 + board.power_at(
                s, me, board.creature_at(s, me, a.card), a.card))
            caps.append((gain - risk, a))
    caps.sort(key=lambda x: -x[0])
    out += [a for _, a in caps[:limit_capture]]
    seen_kind: set[tuple[str, int]] = set()
    for a in legal:
        if a.kind == "brainwash":
            key = (CLAN_OF[a.card], BASE_POWER[a.card])
            if key in seen_kind or brainwash_odds(s, me, a.card) <= 0:
                continue
            if not board.open_positions(s, me, a.card) and s.players[me].guard != EMPTY:
                continue
            seen_kind.add(key)
            out.append(a)
    best_rescue: dict[int, tuple[float, Action]] = {}
    for a in legal:
        if a.kind == "rescue":
            win, _, _ = duel_odds(rescue_diff(s, me, a.card, a.option))
            # Prefer the Guard or a weak creature as the one at risk.
            risk = 0 if a.card == GUARD else 0.02 * board.power_at(
                s, me, board.creature_at(s, me, a.card), a.card)
            v = win - risk
            if win >= 0.3 and (a.option not in best_rescue or v > best_rescue[a.option][0]):
                best_rescue[a.option] = (v, a)
    out += [a for _, a in best_rescue.values()]
    out += [a for a in legal if a.kind == "cast"]
    moves = [a for a in legal if a.kind in ("move", "swap")]
    if moves and limit_moves > 0:
        base = own_score(s, me)
        scored = []
        for a in moves:
            t = s.copy()
            F.apply(t, a)
            v = own_score(t, me) - base
            if v > 0.05:
                scored.append((v, a))
        scored.sort(key=lambda x: -x[0])
        out += [a for _, a in scored[:limit_moves]]
    return out


def game_will_end_after_draw(s: State) -> bool:
    """Drawing the last Recruitment card now would end the game with this turn."""
    return not (s.options["variants"]["reshuffle_once"] and not s.reshuffled
                and s.creature_discard)


def deal_world(view: object, rng: Rng) -> State:
    """``determinize(view, rng)``: a full world consistent with what the bot may see."""
    from core.firepeak.view import determinize

    return determinize(view, rng)  # type: ignore[arg-type]

