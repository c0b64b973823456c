"""Sublight Movement (rulebook: "Sublight Movement"; an optional module, ``sublight``).

Instead of a flick, a Move may slide one of the seat's starships in a straight line to a
spot at most the long edge of the range ruler away (centre to centre: our reading of "a
distance equal to" is "up to"). It costs a flick as a flick would (none from an artifact's
orbit, or with Hyper-Jump Stations). Our readings where the rulebook leaves a choice:

- the path may not pass over any disc (a ship under its own power steers round nothing) and
  the spot must be free and on the map;
- the ship may not end in the orbit of a planet another player or the robots occupy;
- no enemy starship or guardian warship may be within long range of the ship at any point
  of the path, its start included.

A sublight move never rams and never snares. The Phaseship is placed, never moved this way.
"""

from __future__ import annotations

from core.contract import Event
from core.empires.aim import angle_towards
from core.empires.geometry import place, starmap
from core.empires.maneuvers import flick_reason, free_flick, ship_on_map
from core.empires.occupancy import occupant, orbit_of
from core.empires.physics import Disc
from core.empires.placing import decode, encode, location_discs, orbit_spot
from core.empires.state import State


def on(state: State) -> bool:
    return bool(state.options.get("sublight"))


def _near_path(ax: int, ay: int, bx: int, by: int, px: int, py: int, reach: int,
               at_reach: bool = False) -> bool:
    """Whether point (px, py) comes closer than ``reach`` (or to exactly ``reach`` too, with
    ``at_reach``) to the segment from (ax, ay) to (bx, by); exact in integers."""
    ux, uy, wx, wy = bx - ax, by - ay, px - ax, py - ay
    length2 = ux * ux + uy * uy
    dot = wx * ux + wy * uy
    if length2 == 0 or dot <= 0:
        gap, scale = wx * wx + wy * wy, 1
    elif dot >= length2:
        gap, scale = (px - bx) ** 2 + (py - by) ** 2, 1
    else:  # the squared distance to the line is |w|^2 - dot^2 / |u|^2
        gap, scale = (wx * wx + wy * wy) * length2 - dot * dot, length2
    limit = reach * reach * scale
    return gap <= limit if at_reach else gap < limit


def sublight_reason(state: State, ship: int, option: int) -> str | None:
    if not on(state):
        return "this game is played without Sublight Movement"
    why = flick_reason(state, ship)
    if why is not None:
        return why
    d = ship_on_map(state, ship)
    assert d is not None
    x, y = decode(option)
    table = starmap()
    if option < 0 or not table.on_map(x, y):
        return "the ship must stop on the map"
    dx, dy = x - d.x, y - d.y
    if dx * dx + dy * dy > table.long_range * table.long_range:
        return "a sublight move goes at most the long range"
    for o in [*location_discs(), *state.discs]:
        if o.id != ship and _near_path(d.x, d.y, x, y, o.x, o.y, o.r + d.r):
            return "a sublight move cannot pass over or stop on another disc"
    for o in state.discs:
        if o.kind in ("ship", "warship") and o.owner != d.owner and _near_path(
                d.x, d.y, x, y, o.x, o.y, o.r + d.r + table.long_range, at_reach=True):
            return "a sublight move cannot come within long range of an enemy ship"
    here = orbit_of(d._replace(x=x, y=y))
    if here >= 0 and occupant(state, here) not in (None, d.owner):
        return (f"a sublight move cannot enter the orbit of {place(state.locations[here].hole)}, "
                "which someone else occupies")
    return None


def move(state: State, ship: int, option: int) -> list[Event]:
    d = ship_on_map(state, ship)
    assert d is not None
    if not free_flick(state, d):
        state.flicks -= 1
    x, y = decode(option)
    moved: Disc = d._replace(x=x, y=y)
    state.discs = sorted([o for o in state.discs if o.id != ship] + [moved],
                         key=lambda o: o.id)
    return [Event("sublight", state.current, ship, option)]


def useful_spots(state: State, ship: int) -> list[int]:
    """Offered: the free spot of each location's orbit nearest the ship, where the move is
    allowed."""
    d = ship_on_map(state, ship)
    if d is None:
        return []
    out = []
    reach = starmap().long_range + starmap().orbit + d.r
    for i, loc in enumerate(location_discs()):
        dx, dy = d.x - loc.x, d.y - loc.y
        if i == orbit_of(d) or dx * dx + dy * dy > reach * reach:
            continue
        spot = orbit_spot(state.locations[i].hole, angle_towards(dx, dy), d.r, state.discs,
                          skip=ship)
        if spot is not None and sublight_reason(state, ship, encode(*spot)) is None:
            out.append(encode(*spot))
    return out
