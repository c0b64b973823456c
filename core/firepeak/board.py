"""Effective Power, combat totals and placement legality on a Firepeak table.

Effective Power = printed Power, +1 for a creature of the controller's Wizard's clan, plus
enchantments on it, auras on its Position or on its Leaders' Positions (an aura affects
the creature on its Position and that Position's Minions), plus its controller's circle;
never below 0. Auras only reach pattern Positions, so a Guard ignores them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from core.firepeak import pattern as pt
from core.firepeak.cards import BASE_POWER, CLAN_OF, SPELLS, WIZARDS
from core.firepeak.pattern import EMPTY, LEADERS, SIZE, WIZARD, WIZARD_MINIONS
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


def pattern_legal(s: State, seat: int) -> bool:
    return layout_legal(s, seat, s.players[seat].pattern)


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
    return [p for p in among if can_place(s, seat, uid, p)]


def remove_leaves_leaderless(slots: Sequence[int], pos: int) -> bool:
    """Whether emptying ``pos`` would leave one of its Minions with no Leader at all."""
    trial = list(slots)
    trial[pos] = EMPTY
    return any(trial[m] != EMPTY and not pt.has_leader(trial, m) for m in pt.MINIONS[pos])


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
    return any(SPELLS[sp].ward for sp in s.ench.get(uid, ()))
