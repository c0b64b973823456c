"""Where the danger is for the Tactics bots: which enemy units could strike a cell next turn,
and the expected loss of leaving a unit there.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.tactics.position import enemies
from ai.tactics.weights import RISK, RISK_MANY
from ai.tactics.worth import kill_value
from core.tactics import combat, turn
from core.tactics.board import move_targets
from core.tactics.sides import seat_side
from core.tactics.state import RANGE, RANGED, State


def hp(s: State, u: int) -> int:
    """Damage ``u`` can still take this turn before it falls."""
    return combat.defense(s, u) - s.units[u].damage


@dataclass
class Threat:
    """Per cell: the enemy units that could attack a unit standing there next turn."""

    at: dict[int, list[tuple[int, int]]]  # cell -> [(enemy unit or -1 off-board, Strength)]

    def lethal(self, cell: int, life: int) -> list[int]:
        """The enemy units that could defeat a unit of ``life`` Defense on ``cell`` alone."""
        return [t for t, st in self.at.get(cell, ()) if st >= life]

    def total(self, cell: int) -> int:
        """The Strength of every enemy that could strike ``cell``, added up."""
        return sum(st for _, st in self.at.get(cell, ()))


def threats(s: State, side: int) -> Threat:
    """Where enemy units could strike next turn: each walks its Speed on today's board (and
    off-board ready champions from their portals), then attacks adjacent hexes or, Ranged,
    anything within reach (sight ignored: a cautious guess)."""
    m = s.map
    at: dict[int, list[tuple[int, int]]] = {}
    wall = turn.barrier(s)

    def mark(u: int, st: int, starts: list[int], spd: int, usid: int, ranged: bool) -> None:
        cells: set[int] = set()
        for c0 in starts:
            cells.add(c0)
            cells.update(move_targets(m, s.terrain, s.portal_side, s.occ_side, usid, c0, spd,
                                      wall))
        hit: set[int] = set()
        for c in cells:
            hit.update(m.within(c, RANGE if ranged else 1))
        for c in hit:
            at.setdefault(c, []).append((u, st))

    for t in enemies(s, side):
        unit = s.units[t]
        mark(t, combat.strength(s, t), [unit.cell], combat.speed(s, t), seat_side(s, unit.seat),
             bool(combat.keywords(s, t) & RANGED))
    for seat in range(s.n):
        es = s.side_of[seat]
        if es == side:
            continue
        portals = [c for c, mask in enumerate(s.portal_seats)
                   if mask >> seat & 1 and s.occupant[c] < 0]
        if not portals:
            continue
        for card in s.seats[seat].roster:
            for u in s.card_units[card]:
                unit = s.units[u]
                if unit.cell < 0 and not unit.exhausted:
                    mark(-1, combat.strength(s, u), portals, combat.speed(s, u), es,
                         bool(combat.keywords(s, u) & RANGED))
    return Threat(at)


def danger(s: State, th: Threat, u: int, cell: int) -> float:
    """Static expected loss of leaving ``u`` on ``cell`` at the end of the turn."""
    life = combat.defense(s, u)
    if th.lethal(cell, life):
        return RISK * kill_value(s, u)
    if th.total(cell) >= life:
        return RISK_MANY * kill_value(s, u)
    return 0.0
