"""Effective Power, combat totals and placement legality on a Firepeak table.

Effective Power = printed Power, +1 for a creature of the controller's Wizard's clan, plus
enchantments on it, auras on its Position or on its Leaders' Positions (an aura affects
the creature on its Position and that Position's Minions), plus its controller's circle;
never below 0. Auras only reach pattern Positions, so a Guard ignores them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import NamedTuple, Protocol

from core.firepeak import pattern as pt
from core.firepeak.cards import BASE_POWER, CLAN_OF, SPELLS, WIZARDS
from core.firepeak.pattern import (
    ADJACENT,
    EMPTY,
    LEADERS,
    OPPOSING,
    SIZE,
    WIZARD,
    WIZARD_MINIONS,
)
from core.firepeak.state import GUARD, State

# Positions whose aura reaches a creature at ``pos``: its own and its Leaders'.
AURA_FROM: tuple[tuple[int, ...], ...] = tuple(
    (p, *(q for q in LEADERS[p] if q != WIZARD)) for p in range(SIZE))
TIER1 = frozenset(WIZARD_MINIONS)


def wizard_clan(s: State, seat: int) -> str:
    return WIZARDS[s.players[seat].wizard].clan


class Seat(Protocol):
    """What effective Power reads of a seat: a ``state.Player`` or a ``view.PlayerView``."""

    @property
    def wizard(self) -> int: ...

    @property
    def auras(self) -> Sequence[int]: ...

    @property
    def circle(self) -> int: ...


def power_at(s: State, seat: int, uid: int, loc: int) -> int:
    """Effective Power of creature ``uid`` controlled by ``seat`` at ``loc`` (0..8, GUARD)."""
    return power_for(s.players[seat], s.ench.get(uid), uid, loc)


def power_for(pl: Seat, spells_on: Sequence[int] | None, uid: int, loc: int) -> int:
    """Effective Power of creature ``uid`` at ``loc`` (0..8, GUARD) of seat ``pl``, carrying
    the enchantments ``spells_on`` (a state and a view both ask this)."""
    p = BASE_POWER[uid]
    clan = CLAN_OF[uid]
    wclan = WIZARDS[pl.wizard].clan
    if clan == wclan:
        p += 1
    if spells_on:
        for sp in spells_on:
            p += SPELLS[sp].power
    if loc < SIZE:
        auras = pl.auras
        for q in AURA_FROM[loc]:
            a = auras[q]
            if a != EMPTY:
                p += SPELLS[a].power
    c = pl.circle
    if c != EMPTY:
        d = SPELLS[c]
        if d.power and (not d.power_clan or clan == (wclan if d.power_clan == "wizard"
                                                      else d.power_clan)) \
                and (not d.power_tier or (loc < SIZE and pt.tier(loc) == d.power_tier)):
            p += d.power
    return p if p > 0 else 0


def defence_bonus(loc: int, clan: str, clan_powers: bool) -> int:
    """What a defender adds to its Capture total for where it stands and what it is: +1 in
    Tier 1, +1 for Gaia's Children when Clan Powers are in play."""
    return int(loc in TIER1) + int(clan_powers and clan == "gaias_children")


def powers(s: State, seat: int, slots: Sequence[int]) -> list[int]:
    """Effective Power per Position of ``slots`` (a real or trial layout of ``seat``)."""
    return [power_at(s, seat, u, i) if u != EMPTY else 0 for i, u in enumerate(slots)]


def clans(slots: Sequence[int]) -> list[str]:
    return [CLAN_OF[u] if u != EMPTY else "" for u in slots]


def layout_legal(s: State, seat: int, slots: Sequence[int]) -> bool:
    """Whether ``seat``'s pattern would be legal laid out as ``slots``."""
    return pt.is_legal(slots, powers(s, seat, slots), clans(slots))


def _changed_below(*changed: int) -> tuple[int, ...]:
    """The Positions where a legal pattern may break when those ``changed`` get a new
    creature or lose theirs: the changed ones and their Minions.

    A creature's Power does not depend on the others (auras belong to Positions), so one
    whose Position and Leaders are unchanged keeps the Power rule; removing a creature
    cannot break the Clan rule and an arrival's Clan is checked against all its neighbours
    (the rule is symmetric); the Leader and Power rules of a Position read only its own
    creature and its Leaders.
    """
    return tuple(sorted({*changed, *(m for c in changed for m in pt.MINIONS[c])}))


# _MOVED_RULES[src][dst]: where to check after a Move (dst SIZE: to the Guard);
# _SWAPPED_RULES[a][b]: after a Swap.
_MOVED_RULES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_changed_below(src, dst) for dst in range(SIZE)) + (_changed_below(src),)
    for src in range(SIZE))
_SWAPPED_RULES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_changed_below(a, b) for b in range(SIZE)) for a in range(SIZE))


class TrialLayouts:
    """Moves and Swaps tried on one seat's pattern, for the many checks of one list of legal
    actions: a creature's Power depends only on where it stands (auras, a circle's tier) and
    what it carries, not on the others, so each trial changes one or two entries of the
    pattern's Powers instead of recomputing all nine."""

    def __init__(self, s: State, seat: int) -> None:
        self._set(s.players[seat], s.players[seat].pattern, s.ench)

    @classmethod
    def of(cls, player: Seat, slots: Sequence[int],
           ench: Mapping[int, Sequence[int]]) -> TrialLayouts:
        """Trials of ``slots`` laid out by ``player``, creatures carrying ``ench``."""
        trials = cls.__new__(cls)
        trials._set(player, slots, ench)
        return trials

    def _set(self, player: Seat, slots: Sequence[int],
             ench: Mapping[int, Sequence[int]]) -> None:
        self.player = player
        self.ench = ench
        self.slots = list(slots)
        self.powers = [self.power(u, q) if u != EMPTY else 0 for q, u in enumerate(slots)]
        self.clans = clans(slots)
        # Only a legal pattern may be checked just where a trial changes it (_changed_below).
        self.legal = pt.is_legal(self.slots, self.powers, self.clans)

    def power(self, uid: int, loc: int) -> int:
        """Effective Power of ``uid`` if it stood at ``loc``."""
        return power_for(self.player, self.ench.get(uid), uid, loc)

    def move_legal(self, src: int, dst: int) -> bool:
        """Whether moving the creature at ``src`` to empty ``dst`` (or the Guard) leaves a
        legal pattern."""
        slots = self.slots
        # A Position with no Leader left after the Move can take no creature (the Leader
        # rule): most empty Positions fail this way, so they are turned down at once.
        if dst != GUARD and not any(q == WIZARD or (q != src and slots[q] != EMPTY)
                                    for q in LEADERS[dst]):
            return False
        trial, pw, cl = slots[:], self.powers[:], self.clans[:]
        trial[src], pw[src], cl[src] = EMPTY, 0, ""
        if dst != GUARD:
            u = slots[src]
            trial[dst], pw[dst], cl[dst] = u, self.power(u, dst), CLAN_OF[u]
        if self.legal:
            return pt.legal_at(trial, pw, cl, _MOVED_RULES[src][dst if dst != GUARD else SIZE])
        return pt.is_legal(trial, pw, cl)

    def swap_legal(self, a: int, b: int) -> bool:
        """Whether swapping the creatures at ``a`` and ``b`` leaves a legal pattern."""
        slots = self.slots
        ua, ub = slots[a], slots[b]
        trial, pw, cl = slots[:], self.powers[:], self.clans[:]
        trial[a], trial[b] = ub, ua
        pw[a], pw[b] = self.power(ub, a), self.power(ua, b)
        cl[a], cl[b] = CLAN_OF[ub], CLAN_OF[ua]
        if self.legal:
            return pt.legal_at(trial, pw, cl, _SWAPPED_RULES[a][b])
        return pt.is_legal(trial, pw, cl)


def rearrangements(s: State, seat: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """For each Position, the legal Move destinations (the Guard included) of the creature
    there and the adjacent later Positions it may legally Swap with, whoever may take them.
    A pure function of the pattern and what sets its Powers, so a list of legal actions asked
    again and again in one turn reuses the answer."""
    pl = s.players[seat]
    slots = pl.pattern
    return _rearrangements(tuple(slots), pl.guard == EMPTY, pl.wizard, tuple(pl.auras),
                           pl.circle, _carried(s, slots))


# The caches here are small on purpose: a pattern asked again is asked within its turn (a
# cache of 128 keeps nearly every hit of one of 4096), and a small one stays in the CPU's
# caches, which made self-play ~6 % faster on a loaded machine.
@lru_cache(maxsize=128)
def _rearrangements(slots: tuple[int, ...], guard_free: bool, wizard: int,
                    auras: tuple[int, ...], circle: int, carried: tuple[tuple[int, ...], ...]
                    ) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    # TrialLayouts' checks, made on one working copy changed and put back around each trial
    # (a third of the calls in a game are new patterns, most of them of one or two
    # creatures, so this search is worth its lines and its set-up is kept short).
    shape = _SHAPES[tuple(map(EMPTY.__eq__, slots))]
    occupied = shape.occupied
    if not occupied:
        return _NOTHING_MOVES
    seat = _Seat(wizard, auras, circle)
    ench = {u: c for u, c in zip(slots, carried, strict=True) if c} \
        if carried != NOTHING_CARRIED else {}
    trial = list(slots)
    pw = [0] * SIZE
    cl = [""] * SIZE
    for q in occupied:
        u = slots[q]
        pw[q] = power_for(seat, ench.get(u), u, q)
        cl[q] = CLAN_OF[u]
    legal_at = pt.legal_at
    legal = legal_at(trial, pw, cl, occupied)
    # Without auras or a circle that favours a tier, a creature's Power is the same on every
    # Position, so a trial reuses the Power it has where it stands.
    circle_tier = circle != EMPTY and bool(SPELLS[circle].power and SPELLS[circle].power_tier)
    flat = not circle_tier and not any(map(_AURA_POWER.__getitem__, auras))
    out = [_STAYS] * SIZE
    for src in occupied:
        u = slots[src]
        p_src, c_src = pw[src], cl[src]
        moved = _MOVED_RULES[src]
        dsts: list[int] = []
        trial[src], pw[src], cl[src] = EMPTY, 0, ""
        # On a legal pattern, lifting the creature can break rules only at its Minions (the
        # check of a Move to the Guard). When it breaks none, a Move elsewhere is legal just
        # when the creature may stand at its destination: an arrival only adds a Leader to
        # the Positions below it, and a clash of Clans beside it shows at the arrival too.
        lifted = legal and legal_at(trial, pw, cl, moved[SIZE])
        enemy = OPPOSING[c_src]
        for dst, led in shape.moves[src]:
            p_dst = p_src if flat else power_for(seat, ench.get(u), u, dst)
            if lifted:
                # legal_at at ``dst`` written out: the lifted creature's Power is 0 now and
                # an empty Position's clan "" is nobody's enemy.
                if led[0] != WIZARD and p_dst >= sum([pw[q] for q in led]):
                    continue
                for q in ADJACENT[dst]:
                    if cl[q] == enemy:
                        break
                else:
                    dsts.append(dst)
                continue
            trial[dst], cl[dst], pw[dst] = u, c_src, p_dst
            if legal_at(trial, pw, cl, moved[dst]) if legal else pt.is_legal(trial, pw, cl):
                dsts.append(dst)
            trial[dst], pw[dst], cl[dst] = EMPTY, 0, ""
        if guard_free and (lifted if legal else pt.is_legal(trial, pw, cl)):
            dsts.append(GUARD)
        trial[src], pw[src], cl[src] = u, p_src, c_src
        partners: list[int] = []
        for b in shape.swaps[src]:
            ub = slots[b]
            p_b, c_b = pw[b], cl[b]
            trial[src], trial[b] = ub, u
            if flat:
                pw[src], pw[b] = p_b, p_src
            else:
                pw[src], pw[b] = power_for(seat, ench.get(ub), ub, src), \
                    power_for(seat, ench.get(u), u, b)
            cl[src], cl[b] = c_b, c_src
            if legal_at(trial, pw, cl, _SWAPPED_RULES[src][b]) if legal \
                    else pt.is_legal(trial, pw, cl):
                partners.append(b)
            trial[src], trial[b] = u, ub
            pw[src], pw[b] = p_src, p_b
            cl[src], cl[b] = c_src, c_b
        out[src] = (tuple(dsts), tuple(partners))
    return tuple(out)


# A Position nothing can leave (an empty one's entry), and a pattern with nobody in it.
_STAYS: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
_NOTHING_MOVES = (_STAYS,) * SIZE
# The Power an aura gives, by spell uid, no aura (EMPTY) giving none.
_AURA_POWER: dict[int, int] = {EMPTY: 0, **{sp: s.power for sp, s in enumerate(SPELLS)}}


class _Shape(NamedTuple):
    """Which Positions of a pattern are taken, and what that alone settles for a Move or a
    Swap: ``moves[src]`` the empty Positions with a Leader other than ``src`` (each with its
    occupied Leaders, the Wizard counting), ``swaps[src]`` the taken adjacent later ones."""

    occupied: tuple[int, ...]
    moves: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    swaps: tuple[tuple[int, ...], ...]


class _Shapes(dict[tuple[bool, ...], _Shape]):
    """_Shape by which Positions are empty (True), each worked out on first use (512 at
    most)."""

    def __missing__(self, empty: tuple[bool, ...]) -> _Shape:
        taken = [not e for e in empty]
        led = [tuple(q for q in LEADERS[d] if q == WIZARD or taken[q]) for d in range(SIZE)]
        moves = tuple(
            tuple((d, led[d]) for d in range(SIZE)
                  if empty[d] and (len(led[d]) > 1 or (led[d] and led[d][0] != src)))
            for src in range(SIZE))
        swaps = tuple(tuple(b for b in ADJACENT[src] if b > src and taken[b])
                      for src in range(SIZE))
        shape = self[empty] = _Shape(tuple(q for q in range(SIZE) if taken[q]), moves, swaps)
        return shape


_SHAPES = _Shapes()


class _Seat(NamedTuple):
    wizard: int
    auras: Sequence[int]
    circle: int


def pattern_legal(s: State, seat: int) -> bool:
    """Whether ``seat``'s pattern keeps the rules (asked after nearly every action, so the
    answer is kept per pattern and what sets its Powers)."""
    pl = s.players[seat]
    slots = pl.pattern
    if s.ench:
        return _pattern_ok(tuple(slots), pl.wizard, tuple(pl.auras), pl.circle,
                           _carried(s, slots))
    # The usual table, with no enchantment anywhere: one flat key is the cheapest look-up
    # (this runs for every seat before every task).
    key = (pl.wizard, pl.circle, *slots, *pl.auras)
    ok = _BARE_PATTERN_OK.get(key)
    if ok is None:
        if len(_BARE_PATTERN_OK) >= 256:
            _BARE_PATTERN_OK.clear()
        ok = _BARE_PATTERN_OK[key] = _pattern_ok(tuple(slots), pl.wizard, tuple(pl.auras),
                                                 pl.circle, NOTHING_CARRIED)
    return ok


_BARE_PATTERN_OK: dict[tuple[int, ...], bool] = {}


def patterns_legal(s: State) -> bool:
    """Whether every seat's pattern keeps the rules: ``pattern_legal`` of each seat in one
    call, the question asked before every task (nearly always yes)."""
    if s.ench:
        return all(pattern_legal(s, seat) for seat in range(len(s.players)))
    known = _BARE_PATTERN_OK
    for seat, pl in enumerate(s.players):
        ok = known.get((pl.wizard, pl.circle, *pl.pattern, *pl.auras))
        if ok is None:
            ok = pattern_legal(s, seat)
        if not ok:
            return False
    return True


NOTHING_CARRIED: tuple[tuple[int, ...], ...] = ((),) * SIZE


def _carried(s: State, slots: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The enchantments on each Position's creature (most tables have none at all)."""
    ench = s.ench
    if not ench:
        return NOTHING_CARRIED
    return tuple(map(ench.get, slots, NOTHING_CARRIED))  # ench.get(u, ()) for each u


@lru_cache(maxsize=128)
def _pattern_ok(slots: tuple[int, ...], wizard: int, auras: tuple[int, ...], circle: int,
                carried: tuple[tuple[int, ...], ...]) -> bool:
    # Only the taken Positions are worked out (most patterns hold one or two creatures).
    occupied = _SHAPES[tuple(map(EMPTY.__eq__, slots))].occupied
    seat = _Seat(wizard, auras, circle)
    pw = [0] * SIZE
    cl = [""] * SIZE
    for q in occupied:
        u = slots[q]
        pw[q] = power_for(seat, carried[q], u, q)
        cl[q] = CLAN_OF[u]
    return pt.legal_at(slots, pw, cl, occupied)


def violations(s: State, seat: int) -> dict[int, set[str]]:
    slots = s.players[seat].pattern
    pw = powers(s, seat, slots)
    return pt.violations(slots, pw.__getitem__, lambda q: CLAN_OF[slots[q]])


def can_place(s: State, seat: int, uid: int, pos: int) -> bool:
    """Whether ``uid`` may be added to empty Position ``pos`` of ``seat``'s legal pattern.

    Adding a creature can only break rules at its own Position (a new Leader only raises
    its Minions' allowance), so a local check suffices.
    """
    slots = s.players[seat].pattern
    if slots[pos] != EMPTY or not pt.has_leader(slots, pos):
        return False
    power = power_at(s, seat, uid, pos)
    if not pt.power_ok(slots, pos, power, lambda q: power_at(s, seat, slots[q], q)):
        return False
    return pt.clan_ok(slots, pos, CLAN_OF[uid], lambda q: CLAN_OF[slots[q]])


def open_positions(s: State, seat: int, uid: int, among: Sequence[int] = range(SIZE)
                   ) -> list[int]:
    """The Positions of ``among`` where ``can_place`` lets ``uid`` go (asked for every
    creature placed, so its three checks are written out, and each Leader's Power is worked
    out once for all the Positions)."""
    pl = s.players[seat]
    slots = pl.pattern
    carried = s.ench.get(uid)
    enemy = pt.OPPOSING.get(CLAN_OF[uid])
    known: dict[int, int] = {}
    out = []
    for pos in among:
        if slots[pos] != EMPTY:
            continue
        leaders = [q for q in LEADERS[pos] if q == WIZARD or slots[q] != EMPTY]
        if not leaders:
            continue  # the Leader rule
        if WIZARD not in leaders:  # the Wizard's Minions may have any Power
            total = 0
            for q in leaders:
                p = known.get(q)
                if p is None:
                    p = known[q] = power_at(s, seat, slots[q], q)
                total += p
            if power_for(pl, carried, uid, pos) >= total:
                continue
        if any(slots[q] != EMPTY and CLAN_OF[slots[q]] == enemy for q in ADJACENT[pos]):
            continue  # the Clan rule
        out.append(pos)
    return out


# _OTHER_LEADERS[pos]: each Minion of ``pos`` with its Leaders other than ``pos``.
_OTHER_LEADERS: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    tuple((m, tuple(q for q in LEADERS[m] if q != pos)) for m in pt.MINIONS[pos])
    for pos in range(SIZE))


def remove_leaves_leaderless(slots: Sequence[int], pos: int) -> bool:
    """Whether emptying ``pos`` would leave one of its Minions with no Leader at all (a
    Minion's Leaders are never the Wizard)."""
    for m, others in _OTHER_LEADERS[pos]:
        if slots[m] != EMPTY and all(slots[q] == EMPTY for q in others):
            return True
    return False


def pattern_power(s: State, seat: int) -> int:
    slots = s.players[seat].pattern
    return sum(power_at(s, seat, u, i) for i, u in enumerate(slots) if u != EMPTY)


def creature_at(s: State, seat: int, loc: int) -> int:
    p = s.players[seat]
    return p.guard if loc == GUARD else p.pattern[loc]


def spell_mods(s: State, seat: int, uid: int, loc: int, field: str) -> int:
    """Sum of ``field`` (attack/defend/rescue/guard) from the creature's enchantments, the
    auras reaching its Position (auras carry only ``defend``) and its controller's circle."""
    total = 0
    for sp in s.ench.get(uid, ()):
        total += getattr(SPELLS[sp], field)
    pl = s.players[seat]
    if loc < SIZE and field == "defend":
        for q in AURA_FROM[loc]:
            a = pl.auras[q]
            if a != EMPTY:
                total += SPELLS[a].defend
    if pl.circle != EMPTY:
        total += getattr(SPELLS[pl.circle], field)
    return total


def warded(s: State, uid: int) -> bool:
    spells = s.ench.get(uid)
    if not spells:
        return False
    return any(SPELLS[sp].ward for sp in spells)
