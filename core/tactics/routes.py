"""Which way a move goes: the routes a player chooses between.

A move names only its destination, but the way there matters where it passes a Beacon
(taken in passing), an Inactive Portal (woken in passing) or a Tainted hex (damage on
entry). When the legal ways to a destination differ in any of that, the mover answers a
``route`` decision listing them (``board.move_routes``: one route per distinct outcome);
when they do not, nobody is asked. The same list is computed from a state or from any
seat's view (a route depends only on the public board and the unit's numbers), so the
engine, the words, the table and the bots always see the same routes in the same order.
"""

from __future__ import annotations

from core.tactics import combat
from core.tactics.board import BEACON, INACTIVE_PORTAL, PLAIN, TAINTED, Route, move_routes
from core.tactics.state import Decision, State
from core.tactics.view_types import TacticsView
from core.tactics.villain_state import VILLAIN, VILLAINS


def barrier(s: State | TacticsView) -> bool:
    """Whether the scenario makes Enchanted hexes a barrier no unit may enter."""
    return s.scen.rules.get("enchanted") == "barrier"


def _numbers(s: State | TacticsView, u: int) -> tuple[int, int]:
    """``u``'s Speed and the damage it can still take, from a state or a view."""
    if isinstance(s, State):
        return combat.speed(s, u), combat.defense(s, u) - s.units[u].damage
    stats = s.stats[u]
    return stats.speed, stats.defense - s.units[u].damage


def tainted_hurts(s: State | TacticsView, seat: int) -> int:
    """The damage a unit of ``seat`` takes entering a Tainted hex (the Villains walk through
    unharmed unless the scenario's ``villains_tainted`` rule says otherwise)."""
    if seat == VILLAIN and not s.scen.rules.get("villains_tainted"):
        return 0
    return max(0, s.scen.number("tainted_damage"))


def routes(s: State | TacticsView, u: int, goal: int) -> list[Route]:
    """The routes unit ``u`` may take to ``goal`` (a legal destination of its move), the
    first the engine's default; a single route when nothing within reach cares which way
    the unit goes (then its path is the goal alone and its cost 0: no search is needed).
    A Villain wakes no Inactive Portal (it never deploys), so for it one is plain ground."""
    cell = s.units[u].cell
    seat = s.units[u].seat
    side = VILLAINS if seat == VILLAIN else s.side_of[seat]
    spd, life = _numbers(s, u)
    hurt = tainted_hurts(s, seat)
    terrain, beacon = s.terrain, s.beacon
    if seat == VILLAIN:
        terrain = [PLAIN if t == INACTIVE_PORTAL else t for t in terrain]
    for c in s.map.within(cell, spd):
        t = terrain[c]
        if t == INACTIVE_PORTAL or (t == BEACON and beacon[c] != side) or (
                t == TAINTED and hurt):
            break
    else:
        return [Route((goal,), (), 0, 0, 0, False, 0)]
    return move_routes(s.map, terrain, s.portal_side, s.occ_side, side, cell, goal, spd,
                       barrier(s), beacon, hurt, life)


def asked(s: State | TacticsView, d: Decision) -> list[Route]:
    """The routes a pending ``route`` decision lists (its unit in ``unit``, its goal in
    ``n``), in the order of its choices."""
    return routes(s, d.unit, d.n)


__all__ = ["asked", "barrier", "routes", "tainted_hurts"]
