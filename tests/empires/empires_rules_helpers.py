"""Tables for the Ascending Empires rules tests: a 4-player game at steadiness "exact" (no
nudges) with seat 0 to move, and shorthands to lay pieces out by hand the way a rulebook
example describes them."""

from __future__ import annotations

from typing import Any

from core.contract import Action, Event
from core.empires import apply, audit, new_game
from core.empires.maneuvers import new_ship, place_in_orbit
from core.empires.occupancy import index_of
from core.empires.physics import Disc
from core.empires.state import State, advanced_ids


def game(players: int = 4, seed: int = 3, **options: object) -> State:
    """A fresh game, every nudge off, seat 0 about to choose its action."""
    s = new_game({"players": players, "steadiness": "exact", **options}, seed)
    s.current = s.to_move = 0
    return s


def at(s: State, hole: str) -> int:
    return index_of(s, hole)


def reveal(s: State, hole: str, kind: str = "", colour: str = "") -> int:
    """Turn the location in ``hole`` face up (its token set aside out of the game), and
    optionally make it a given kind and colour by swapping discs with another hole."""
    i = at(s, hole)
    loc = s.locations[i]
    if kind and (loc.kind, loc.colour) != (kind, colour):
        other = next(x for x in s.locations if (x.kind, x.colour) == (kind, colour)
                     and x.hole != hole and not x.pieces and not x.robots and not x.faceup)
        loc.kind, other.kind = other.kind, loc.kind
        loc.colour, other.colour = other.colour, loc.colour
        loc.faceup, other.faceup = other.faceup, loc.faceup
        loc.wormhole, other.wormhole = other.wormhole, loc.wormhole
        loc.destroyed, other.destroyed = other.destroyed, loc.destroyed
        loc.token, other.token = other.token, loc.token
    if loc.token:
        s.discarded.append(loc.token)
        loc.token = ""
    loc.faceup = True
    return i


def ship_to(s: State, seat: int, hole: str, angle: int = 0, ship: int | None = None) -> int:
    """Put one of ``seat``'s ships (from the map or the dashboard; tray ships unlocked
    first) in the orbit of ``hole`` as near ``angle`` as is free; returns its id."""
    p = s.players[seat]
    if ship is None:
        on_map = [d.id for d in s.discs if d.owner == seat and d.kind == "ship"]
        if p.ships:
            ship = p.ships[0]
        elif p.ships_locked:
            ship = p.ships_locked[0]
        else:
            ship = on_map[0]
    if ship in p.ships_locked:  # a test short-cut: unlock as a starbase would
        p.ships_locked.remove(ship)
        p.locks["starbase"] -= 1
        p.energy_ready += 1
        p.ships.append(ship)
    s.discs = [d for d in s.discs if d.id != ship]
    if ship in p.ships:
        p.ships.remove(ship)
    if ship in p.advanced:
        p.advanced.remove(ship)
    placed = place_in_orbit(s, at(s, hole), new_ship(seat, ship), angle)
    assert placed is not None
    s.discs = sorted([*s.discs, placed], key=lambda d: d.id)
    return ship


def disc(s: State, ident: int) -> Disc:
    return next(d for d in s.discs if d.id == ident)


def pieces(s: State, seat: int, hole: str, *kinds: str) -> None:
    """Put ``seat``'s pieces from its dashboard on the planet in ``hole``."""
    i = at(s, hole)
    p = s.players[seat]
    for kind in kinds:
        if kind == "troop":
            if p.troops == 0:  # a test short-cut: unlock as a city would
                p.troops_locked -= 1
                p.locks["city"] -= 1
                p.energy_ready += 1
                p.troops += 1
            p.troops -= 1
        else:
            p.structures[kind] -= 1
        s.locations[i].pieces.append((seat, kind))
    s.locations[i].pieces.sort()


def play(s: State, *actions: tuple[Any, ...]) -> list[Event]:
    """Apply each action in turn and check the audit after each; returns all the events."""
    out = []
    for a in actions:
        out += apply(s, Action(*a))
        assert audit(s) == [], audit(s)
    return out


def unlocked(s: State, seat: int, city: int = 0, starbase: int = 0) -> None:
    """Take locks as building cities and starbases would: each becomes a ready energy and
    frees a troop (city) or starship (starbase) from the tray onto the dashboard."""
    p = s.players[seat]
    for _ in range(city):
        p.locks["city"] -= 1
        p.troops_locked -= 1
        p.troops += 1
        p.energy_ready += 1
    for _ in range(starbase):
        p.locks["starbase"] -= 1
        p.ships.append(p.ships_locked.pop(0))
        p.energy_ready += 1


def ship_at(s: State, seat: int, x: int, y: int, ship: int | None = None) -> int:
    """Put one of ``seat``'s ships at (x, y) in open space (see ``ship_to``)."""
    ident = ship_to(s, seat, f"{seat % 4}.corner" if s.n == 4 else s.players[seat].gate,
                    ship=ship)
    s.discs = sorted([d._replace(x=x, y=y) if d.id == ident else d for d in s.discs],
                     key=lambda d: d.id)
    return ident


def aim_at(s: State, ship: int, x: int, y: int, power: int) -> int:
    """The option of a flick of ``ship`` straight towards (x, y) at ``power``."""
    from core.empires.aim import angle_towards

    d = disc(s, ship)
    return angle_towards(x - d.x, y - d.y) * 100000 + power


def grant(s: State, seat: int, colour: str, level: int) -> None:
    """Give ``seat`` a technology level as if built up to it (first comers paid before)."""
    p = s.players[seat]
    p.tech[colour] = level
    s.developed += [f"{colour}:{k}" for k in range(1, level + 1) if f"{colour}:{k}" not in
                    s.developed]
    ship = advanced_ids(seat)[colour]
    if level >= 3 and ship in p.advanced_locked:
        p.advanced_locked.remove(ship)
        p.advanced.append(ship)


def starbase(s: State, seat: int, i: int) -> int:
    """Put one of ``seat``'s starbases in the orbit of location ``i``; returns its id."""
    p = s.players[seat]
    base = p.starbases.pop(0)
    p.structures["starbase"] -= 1
    placed = place_in_orbit(s, i, new_ship(seat, base)._replace(kind="starbase", r=1250), 9000)
    assert placed is not None
    s.discs = sorted([*s.discs, placed], key=lambda d: d.id)
    return base
