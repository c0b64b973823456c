"""The shape of a Firepeak pattern and its three placement rules, in plain Python.

The Wizard heads the pattern. Below it are tiers of 2, 3 and 4 positions (9 in all); a
pattern with all nine filled is complete. Position ``i`` of tier ``t`` has as Leaders
positions ``i-1`` and ``i`` of tier ``t-1`` (those that exist; tier 1's only Leader is the
Wizard), as Minions positions ``i`` and ``i+1`` of tier ``t+1``, and is adjacent to its
Leaders, its Minions and its neighbours ``i±1`` on its own tier.

Positions are numbered 0..8 tier by tier, left to right; ``WIZARD`` (-1) is the head. A
pattern is a sequence of 9 slots holding a creature id or ``EMPTY``. The rules take the
creatures' clans and *effective* Powers through callables, so auras, enchantments and the
Wizard's bonus stay with the game engine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

TIER_SIZES = (2, 3, 4)
WIZARD = -1
EMPTY = -1
SIZE = sum(TIER_SIZES)

CLANS = ("doombringers", "holy_order", "twilight_spawn", "dawn_keepers", "night_wing",
         "gaias_children")
OPPOSING = {
    "doombringers": "holy_order", "holy_order": "doombringers",
    "twilight_spawn": "dawn_keepers", "dawn_keepers": "twilight_spawn",
    "night_wing": "gaias_children", "gaias_children": "night_wing",
}


def _build() -> tuple[list[tuple[int, int]], dict[tuple[int, int], int]]:
    coords = [(t + 1, i) for t, n in enumerate(TIER_SIZES) for i in range(n)]
    return coords, {c: k for k, c in enumerate(coords)}


COORDS, INDEX = _build()  # COORDS[pos] = (tier 1..3, index in tier)


def _leaders(pos: int) -> tuple[int, ...]:
    tier, i = COORDS[pos]
    if tier == 1:
        return (WIZARD,)
    return tuple(INDEX[(tier - 1, j)] for j in (i - 1, i) if (tier - 1, j) in INDEX)


def _minions(pos: int) -> tuple[int, ...]:
    tier, i = COORDS[pos]
    return tuple(INDEX[(tier + 1, j)] for j in (i, i + 1) if (tier + 1, j) in INDEX)


def _row(pos: int) -> tuple[int, ...]:
    tier, i = COORDS[pos]
    return tuple(INDEX[(tier, j)] for j in (i - 1, i + 1) if (tier, j) in INDEX)


LEADERS: tuple[tuple[int, ...], ...] = tuple(_leaders(p) for p in range(SIZE))
MINIONS: tuple[tuple[int, ...], ...] = tuple(_minions(p) for p in range(SIZE))
# Adjacency among positions (the Wizard is not a creature, so the Clan rule ignores it).
ADJACENT: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({*(q for q in LEADERS[p] if q != WIZARD), *MINIONS[p], *_row(p)}))
    for p in range(SIZE)
)
WIZARD_MINIONS = tuple(p for p in range(SIZE) if LEADERS[p] == (WIZARD,))


def tier(pos: int) -> int:
    return COORDS[pos][0]


def opposed(a: str, b: str) -> bool:
    return OPPOSING.get(a) == b


def occupied_leaders(slots: Sequence[int], pos: int) -> list[int]:
    """The Leader positions of ``pos`` that hold a creature (or the Wizard)."""
    return [q for q in LEADERS[pos] if q == WIZARD or slots[q] != EMPTY]


def has_leader(slots: Sequence[int], pos: int) -> bool:
    return any(q == WIZARD or slots[q] != EMPTY for q in LEADERS[pos])


def power_ok(slots: Sequence[int], pos: int, power: int,
             power_at: Callable[[int], int]) -> bool:
    """The Power rule for a creature of ``power`` at ``pos`` given its occupied Leaders."""
    leaders = occupied_leaders(slots, pos)
    if not leaders or WIZARD in leaders:
        return True  # Wizard's Minions may have any Power; no Leader is the Leader rule's job
    if len(leaders) == 1:
        return power < power_at(leaders[0])
    return power < sum(power_at(q) for q in leaders)


def clan_ok(slots: Sequence[int], pos: int, clan: str, clan_at: Callable[[int], str]) -> bool:
    return not any(slots[q] != EMPTY and opposed(clan, clan_at(q)) for q in ADJACENT[pos])


def violations(slots: Sequence[int], power_at: Callable[[int], int],
               clan_at: Callable[[int], str]) -> dict[int, set[str]]:
    """Occupied positions breaking a rule, with the rules they break ('leader', 'power',
    'clan'). Empty for a legal pattern."""
    bad: dict[int, set[str]] = {}
    for pos in range(SIZE):
        if slots[pos] == EMPTY:
            continue
        rules = set()
        if not has_leader(slots, pos):
            rules.add("leader")
        elif not power_ok(slots, pos, power_at(pos), power_at):
            rules.add("power")
        if not clan_ok(slots, pos, clan_at(pos), clan_at):
            rules.add("clan")
        if rules:
            bad[pos] = rules
    return bad


def is_complete(slots: Sequence[int]) -> bool:
    return EMPTY not in slots


def is_legal(slots: Sequence[int], powers: Sequence[int], clans: Sequence[str]) -> bool:
    """``not violations(...)`` for per-position Power and clan lists, without callables.

    It stops at the first broken rule instead of collecting them all.
    """
    return legal_at(slots, powers, clans, range(SIZE))


def legal_at(slots: Sequence[int], powers: Sequence[int], clans: Sequence[str],
             positions: Iterable[int]) -> bool:
    """Whether the creatures at ``positions`` keep the three rules (empty ones are skipped).

    A Move or Swap on a legal pattern can only break the rules where a creature arrives and
    below the Positions it changes, so the engine checks just those for each candidate.
    """
    for pos in positions:
        if slots[pos] == EMPTY:
            continue
        leaders = LEADERS[pos]
        if leaders[0] != WIZARD:
            total = 0
            found = False
            for q in leaders:
                if slots[q] != EMPTY:
                    total += powers[q]
                    found = True
            if not found or powers[pos] >= total:
                return False
        enemy = OPPOSING[clans[pos]]
        for q in ADJACENT[pos]:
            if slots[q] != EMPTY and clans[q] == enemy:
                return False
    return True
