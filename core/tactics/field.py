"""The battlefield as a view shows it, for a table: who holds each shrine, the line of sight
between two hexes, the hexes an action is about, what choosing a hex does now, and the
routes a move may take (their waypoints, the path of each).

Every answer comes from the rules' own functions (``board``, ``combat``) or from the legal
actions, over a ``TacticsView``: a table shows these facts without rebuilding a rule.
"""

from __future__ import annotations

from core.contract import Action
from core.hexgrid import Hex, los_path
from core.tactics import combat, routes
from core.tactics.board import FOREST, SHRINE, in_sight, shrine_controller
from core.tactics.rules import ATTACK, CHOOSE, COMMAND, DEPLOY, MOVE, TREASURE
from core.tactics.view import TacticsView
from core.tactics.villain_state import VILLAIN, VILLAINS
from core.tactics.words import value_kind


def unit_side(v: TacticsView, u: int) -> int:
    """The side unit ``u`` fights for, in a view: a Villain's seat (-2) is no index into
    ``side_of`` (it would read a seat from the end of the tuple)."""
    seat = v.units[u].seat
    return VILLAINS if seat == VILLAIN else v.side_of[seat]


def shrine_sides(v: TacticsView) -> tuple[int, ...]:
    """Per cell: the side holding the shrine there now, -1 for nobody (and off shrines)."""
    return tuple(shrine_controller(v.map, c, v.occ_side) if t == SHRINE else -1
                 for c, t in enumerate(v.terrain))


def sight_path(v: TacticsView, source: int, target: int) -> list[int] | None:
    """The cells of a line of sight from unit ``source`` to the hex ``target`` (shooter
    first), or None when it has none. Whether there is sight is the engine's
    ``board.in_sight``; the path drawn is one ``hexgrid.los_path`` finds through the same
    blockers (off the map, Forests, units of other sides)."""
    m = v.map
    start = v.units[source].cell
    side = unit_side(v, source)
    if start == target:
        return [start]
    if not in_sight(m, v.terrain, v.occ_side, side, start, target):
        return None

    def blocks(h: Hex) -> bool:
        c = m.cell(h)
        if c is None:
            return True
        occ = v.occ_side[c]
        return v.terrain[c] == FOREST or (occ != -1 and occ != side)

    path = los_path(m.hexes[start], m.hexes[target], blocks)
    if path is None:  # cannot happen while both agree; draw the two ends rather than nothing
        return [start, target]
    return [c for c in (m.cell(h) for h in path) if c is not None]


def area_targets(v: TacticsView, u: int) -> list[int]:
    """The enemy units unit ``u`` can attack from where it stands: every one an Area
    attack hits."""
    unit = v.units[u]
    stats = v.stats.get(u)
    if unit.cell < 0 or stats is None:
        return []
    return combat.targets_from(v.map, v.terrain, v.occ_side, v.occupant,
                               unit_side(v, u), unit.cell, stats.keywords)


def action_cell(v: TacticsView, a: Action) -> int:
    """The hex an action is about (-1 if none): where it moves, whom it hits, who acts."""
    if a.kind in (DEPLOY, MOVE) or (a.kind == COMMAND and a.card == -1):
        return a.option
    if a.kind in (ATTACK, COMMAND) and 0 <= a.card < len(v.units):
        return v.units[a.card].cell
    if a.kind == TREASURE and 0 <= a.option < len(v.units):
        return v.units[a.option].cell
    if a.kind == CHOOSE and v.pending is not None:
        kind = value_kind(v.pending.kind)
        if kind == "cell":
            return a.card
        if kind == "unit":
            return v.units[a.card].cell
        if kind == "route":
            listed = routes.asked(v, v.pending)
            if 0 <= a.card < len(listed):
                r = listed[a.card]
                return r.marks[0] if r.marks else r.path[-1]
    return -1


def route_path(v: TacticsView, a: Action) -> tuple[int, ...]:
    """The hexes the route an answer to a ``route`` decision picks enters, the goal last
    (empty for any other action)."""
    d = v.pending
    if d is None or d.kind != "route" or a.kind != CHOOSE:
        return ()
    listed = routes.asked(v, d)
    return listed[a.card].path if 0 <= a.card < len(listed) else ()


def waypoints(v: TacticsView) -> set[int]:
    """While a ``route`` decision waits: the hexes that tell its routes apart (where
    something happens on one of them), and the goal."""
    d = v.pending
    if d is None or d.kind != "route":
        return set()
    return {c for r in routes.asked(v, d) for c in r.marks} | {d.n}


def command_marks(v: TacticsView, legal: list[Action]) -> tuple[set[int], set[int]]:
    """The hexes the commanded unit may deploy or move to, and the cells of the enemies it
    may attack (all of them for an Area attack), read off the legal actions."""
    if v.pending is not None and v.pending.kind == "route" and legal:
        return waypoints(v), set()
    if v.cmd is None or v.pending is not None or not legal:
        return set(), set()
    reach = {a.option for a in legal if a.kind in (DEPLOY, MOVE)}
    targets = {v.units[a.card].cell for a in legal if a.kind == ATTACK and a.card >= 0}
    if Action(ATTACK, -1) in legal:
        targets |= {v.units[t].cell for t in area_targets(v, v.cmd.unit)}
    return reach, targets


def action_at(v: TacticsView, legal: list[Action], cell: int) -> Action | None:
    """The legal action choosing the hex ``cell`` stands for now, if any: the answer of a
    pending choice about that hex (or the unit on it), or the commanded unit's deploy or
    move there, or its attack on the enemy there (an Area attack when that is how it hits)."""
    d = v.pending
    unit = v.occupant[cell]
    if d is not None and d.kind == "route":
        return _route_through(v, legal, cell)
    if d is not None:
        kind = value_kind(d.kind)
        value = cell if kind == "cell" else unit if kind == "unit" else -1
        a = Action(CHOOSE, value)
        return a if value >= 0 and a in legal else None
    if v.cmd is None:
        return None
    for a in legal:
        if a.kind in (DEPLOY, MOVE) and a.option == cell:
            return a
    if unit < 0:
        return None
    if Action(ATTACK, unit) in legal:
        return Action(ATTACK, unit)
    area = Action(ATTACK, -1)
    if area in legal and unit in area_targets(v, v.cmd.unit):
        return area
    return None


def _route_through(v: TacticsView, legal: list[Action], cell: int) -> Action | None:
    """A hex picked as a waypoint: the first listed route where something happens there,
    else the first that walks through it (the goal itself: the first route)."""
    assert v.pending is not None
    listed = routes.asked(v, v.pending)
    pick = next((i for i, r in enumerate(listed) if cell in r.marks), None)
    if pick is None:
        pick = next((i for i, r in enumerate(listed) if cell in r.path), None)
    a = Action(CHOOSE, pick) if pick is not None else None
    return a if a in legal else None


__all__ = ["action_at", "action_cell", "area_targets", "command_marks", "route_path",
           "shrine_sides", "sight_path", "unit_side", "waypoints"]
