"""Tables for the Classic rules tests: a game at steadiness "exact" with seat 0 to move,
and shorthands to lay pieces out by hand the way a rulebook example describes them."""

from __future__ import annotations

from core.contract import Action, Event
from core.empires import apply, audit, new_game
from core.empires.classic_play import battleship_id
from core.empires.maneuvers import place_in_orbit
from core.empires.occupancy import index_of
from core.empires.physics import Disc
from core.empires.state import State, ship_ids


def game(players: int = 4, seed: int = 3) -> State:
    """A fresh Classic game, every nudge off, seat 0 about to choose its action."""
    s = new_game({"players": players, "steadiness": "exact", "rules": "classic"}, seed)
    s.current = s.to_move = 0
    return s


def at(s: State, hole: str) -> int:
    return index_of(s, hole)


def free_hole(s: State, quadrant: int, kind: str = "planet", colour: str = "") -> str:
    """A hole of ``quadrant`` holding a face-down disc of ``kind`` (and ``colour``) that no
    robot blocks."""
    return next(loc.hole for loc in s.locations if loc.hole.startswith(f"{quadrant}.")
                and loc.kind == kind and (not colour or loc.colour == colour)
                and not loc.robots and not loc.faceup)


def planet(s: State, seat: int, hole: str, *pieces: str) -> int:
    """Turn the disc in ``hole`` face up and give ``seat`` ``pieces`` on it from the
    dashboard (troops the set-aside ones first if the dashboard runs out)."""
    i = at(s, hole)
    s.locations[i].faceup = True
    p = s.players[seat]
    for kind in pieces:
        if kind == "troop" and p.troops == 0:
            p.troops_locked -= 1
            p.troops += 1
        if kind == "troop":
            p.troops -= 1
        else:
            p.structures[kind] -= 1
        s.locations[i].pieces.append((seat, kind))
    s.locations[i].pieces.sort()
    return i


def ship_to(s: State, seat: int, hole: str, angle: int = 0, ship: int | None = None) -> int:
    """Put one of ``seat``'s starships (from the dashboard, else the set-aside ones, else
    the map) in the orbit of ``hole`` as near ``angle`` as is free; returns its id."""
    p = s.players[seat]
    if ship is None:
        if p.ships:
            ship = p.ships[0]
        elif p.ships_locked:
            ship = p.ships_locked[0]
        else:
            ship = next(d.id for d in s.discs if d.owner == seat and d.id in ship_ids(seat))
    for pile in (p.ships, p.ships_locked, p.advanced):
        if ship in pile:
            pile.remove(ship)
    s.discs = [d for d in s.discs if d.id != ship]
    disc = Disc(ship, "ship", seat, 0, 0, 1100, ship == battleship_id(seat))
    placed = place_in_orbit(s, at(s, hole), disc, angle)
    assert placed is not None
    s.discs = sorted([*s.discs, placed], key=lambda d: d.id)
    return ship


def disc(s: State, ident: int) -> Disc | None:
    return next((d for d in s.discs if d.id == ident), None)


def play(s: State, *actions: tuple[object, ...]) -> list[Event]:
    """Apply each action in turn; the audit must pass after each. Returns all events."""
    events: list[Event] = []
    for a in actions:
        events += apply(s, Action(*a))  # type: ignore[arg-type]
        assert audit(s) == [], audit(s)
    return events


def dock(s: State, seat: int) -> int:
    """One of ``seat``'s starting starships taken off the map onto its dashboard."""
    ship = next(d.id for d in s.discs if d.owner == seat and d.id in ship_ids(seat))
    s.discs = [d for d in s.discs if d.id != ship]
    s.players[seat].ships = sorted([*s.players[seat].ships, ship])
    return ship


def put(s: State, seat: int, ship: int, x: int, y: int) -> None:
    """``seat``'s ship ``ship`` set down in open space at (x, y)."""
    ship_to(s, seat, "1.near_x", ship=ship)
    s.discs = [d._replace(x=x, y=y) if d.id == ship else d for d in s.discs]
