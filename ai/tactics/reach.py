"""What a seat's Tactics units could do this turn: every unit it may command, each with its
sensible moves (where it enters, where it ends) and the attacks open before and after moving.
The planner turns these into a CP-SAT command problem; the greedy bot scores them one by one.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.tactics.danger import Threat, danger, threats
from ai.tactics.position import cell_bonus, enemies, live_shrines, potential, shrine_area
from core.tactics import combat, turn
from core.tactics.board import TAINTED, attack_targets, in_sight, move_targets
from core.tactics.sides import unit_side
from core.tactics.state import (
    AREA,
    DOUBLE,
    MAX_CULTISTS,
    RANGE,
    RANGED,
    STRIKEBACK,
    State,
)

BLOCKED = 1 << 20  # an occupant side no real side has: a cell no move may enter


# --- stats at a cell -------------------------------------------------------------------------

def strength_at(s: State, u: int, cell: int) -> int:
    """``u``'s Strength were it standing on ``cell`` (the Faerie Ring and Enchanted hexes)."""
    unit = s.units[u]
    old = unit.cell
    unit.cell = cell
    try:
        return combat.strength(s, u)
    finally:
        unit.cell = old


def strikes_back(s: State, t: int, frm: int) -> int:
    """Strikeback damage enemy ``t`` deals to a unit attacking it from ``frm``."""
    if not combat.keywords(s, t) & STRIKEBACK:
        return 0
    at = s.units[t].cell
    dist = s.map.distance(at, frm)
    if dist <= 1:
        return combat.strength(s, t)
    if not combat.keywords(s, t) & RANGED or dist > RANGE:
        return 0
    if in_sight(s.map, s.terrain, s.occ_side, unit_side(s, t), at, frm):
        return combat.strength(s, t)
    return 0


# --- strikes and moves -----------------------------------------------------------------------

@dataclass(frozen=True)
class Strike:
    """One attack a unit could make: from ``cell``, hitting ``hits`` (one target, or every
    enemy in range for an Area attack), with ``strength``, taking ``back`` Strikeback."""

    cell: int
    hits: tuple[int, ...]  # enemy unit ids
    strength: int
    back: int


@dataclass(frozen=True)
class Move:
    """One way to command a unit: enter at ``entry`` (a portal when deploying, else -1),
    end on ``dest``; ``late`` are the attacks open from ``dest`` after the move."""

    entry: int
    dest: int
    late: tuple[Strike, ...]


@dataclass(frozen=True)
class Piece:
    """A unit the seat may command now: its cost, where it stands (-1 off the battlefield),
    its early attacks (before moving) per entry cell, and its moves."""

    unit: int
    group: int  # figures of one card share a command: the card uid; a Cultist: 100000 + unit
    cost: int
    start: int
    new: bool  # a reserve Cultist, deployed with "command -1 portal"
    attacks: int  # attacks left for this command
    area: bool
    forced: bool  # already being commanded (or queued): paid for
    moved: bool
    early: tuple[tuple[int, tuple[Strike, ...]], ...]  # (entry cell, strikes)
    moves: tuple[Move, ...]


def _strikes(s: State, u: int, cell: int, area: bool, ranged: bool,
             fside: int) -> tuple[Strike, ...]:
    cells = attack_targets(s.map, s.terrain, s.occ_side, fside, cell, ranged, RANGE)
    if not cells:
        return ()
    st = strength_at(s, u, cell)
    ids = [s.occupant[c] for c in cells]
    if area:
        back = sum(strikes_back(s, t, cell) for t in ids)
        return (Strike(cell, tuple(ids), st, back),)
    return tuple(Strike(cell, (t,), st, strikes_back(s, t, cell)) for t in ids)


def _occ_for_moves(s: State, side: int, movers: set[int]) -> list[int]:
    """The occupancy a mover plans against: cells of other movers count as free (they may
    leave first), Tainted hexes as walls (no plan walks into damage)."""
    occ = list(s.occ_side)
    for c, u in enumerate(s.occupant):
        if u in movers:
            occ[c] = -1
    if s.scen.number("tainted_damage") > 0:
        for c, t in enumerate(s.terrain):
            if t == TAINTED and occ[c] == -1:
                occ[c] = BLOCKED
    return occ


def own_portals(s: State, seat: int) -> list[int]:
    """The portals ``seat`` may deploy onto (its units enter the field through them)."""
    return [c for c, mask in enumerate(s.portal_seats) if mask >> seat & 1]


def pieces(s: State, seat: int, power: int, keep: int = 6,
           th: Threat | None = None) -> list[Piece]:
    """Every unit ``seat`` could command with ``power`` (and the one being commanded), with
    its sensible moves: cells around shrines, Treasures, Beacons, cells it can attack from,
    and the ``keep`` best of the rest by position; standing still is always one."""
    side = s.side_of[seat]
    th = th if th is not None else threats(s, side)
    cmd = s.cmd if s.current == seat else None
    forced: list[int] = []
    if cmd is not None:
        forced = [cmd.unit, *cmd.queue]
    cand: list[int] = list(forced)
    for card in s.seats[seat].roster:
        figs = s.card_units[card]
        if any(f in forced for f in figs):
            continue
        if s.units[figs[0]].exhausted or combat.command_cost(s, figs[0]) > power:
            continue
        cand.extend(figs)
    cult_cost = s.cultist_def.command
    reserve = [u for u in s.cultists[seat] if s.units[u].cell < 0 and u not in forced]
    for u in s.cultists[seat]:
        unit = s.units[u]
        if unit.cell >= 0 and not unit.exhausted and u not in forced and cult_cost <= power:
            cand.append(u)
    portals = own_portals(s, seat)
    if portals and cult_cost <= power:
        on_board = MAX_CULTISTS - len(reserve)
        extra = min(len(reserve), max(0, MAX_CULTISTS - on_board), power // cult_cost, 2)
        cand.extend(reserve[:extra])
    movers = set(cand)
    occ = _occ_for_moves(s, side, movers)
    shrine_cells: set[int] = set()
    for c in live_shrines(s):
        shrine_cells.update(shrine_area(s, c))
    enemy_cells = {s.units[t].cell for t in enemies(s, side)}
    # Portals a unit may deploy through: free, or held by a mover that may step off.
    entries = [p for p in portals if s.occupant[p] < 0 or s.occupant[p] in movers]
    out: list[Piece] = []
    wall = turn.barrier(s)
    for u in cand:
        unit = s.units[u]
        is_forced = u in forced
        current = cmd is not None and cmd.unit == u
        kw = combat.keywords(s, u)
        area = bool(kw & AREA)
        ranged = bool(kw & RANGED)
        attacks = 2 if kw & DOUBLE else 1
        moved = False
        if current:
            assert cmd is not None
            attacks -= cmd.attacks
            moved = cmd.moved
        if unit.cell >= 0:
            starts = [unit.cell]
            entry_of = -1
        else:
            if current and cmd is not None and cmd.placed:
                continue  # fell during its command
            starts = [p for p in entries if not (is_forced and s.occupant[p] >= 0)]
            entry_of = 0
            if not starts:
                continue
        spd = combat.speed(s, u)
        early: list[tuple[int, tuple[Strike, ...]]] = []
        moves: list[Move] = []
        seen: set[int] = set()
        for c0 in starts:
            early.append((c0 if entry_of == 0 else -1,
                          _strikes(s, u, c0, area, ranged, side) if attacks > 0 else ()))
            dests = {c0: 0} if moved else {c0: 0, **move_targets(
                s.map, s.terrain, s.portal_side, occ, side, c0, spd, wall)}
            scored: list[tuple[float, int, bool]] = []
            for d in dests:
                if d in seen or (d != c0 and s.occupant[d] >= 0 and s.occupant[d] not in movers):
                    continue
                if s.terrain[d] == TAINTED:
                    continue
                must = (d == c0 or d in shrine_cells or cell_bonus(s, side, d) > 0
                        or (ranged and attacks > 0 and any(
                            s.map.distance(d, e) <= RANGE for e in enemy_cells))
                        or (attacks > 0 and any(nb in enemy_cells
                                                for nb in s.map.neighbours[d])))
                score = potential(s, side, d, spd) - danger(s, th, u, d)
                scored.append((score, d, must))
            scored.sort(key=lambda x: (-x[0], x[1]))
            kept = [d for _, d, must in scored if must]
            kept += [d for _, d, must in scored if not must][:keep]
            for d in sorted(kept):
                seen.add(d)
                late = (_strikes(s, u, d, area, ranged, side)
                        if attacks > 0 and d != c0 else ())
                moves.append(Move(c0 if entry_of == 0 else -1, d, late))
        group = unit.card if unit.card >= 0 else 100000 + u
        cost = 0 if is_forced else (cult_cost if unit.card < 0 else combat.command_cost(s, u))
        out.append(Piece(u, group, cost, unit.cell, unit.card < 0 and unit.cell < 0, attacks,
                         area, is_forced, moved, tuple(early), tuple(moves)))
    return out
