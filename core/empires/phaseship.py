"""The Phaseship (purple level 3): never flicked, it is placed — deployed anywhere on the
map, and moved by putting it down anywhere instead of a flick. It is launched like any
starship. A place is any spot on the map where it overlaps nothing."""

from __future__ import annotations

from core.contract import Event
from core.empires.geometry import starmap
from core.empires.maneuvers import enter, new_ship, ship_on_map, towards_centre
from core.empires.placing import decode, encode, location_discs, orbit_spot
from core.empires.state import State
from core.empires.technology import advanced_name

__all__ = ["decode", "encode", "place", "place_reason", "useful_places"]


def place_reason(state: State, ship: int, option: int) -> str | None:
    if advanced_name(ship) != "phaseship":
        return "only the Phaseship is placed instead of flicked"
    p = state.players[state.current]
    on_map = ship_on_map(state, ship)
    if on_map is None and ship not in p.advanced:
        return "your Phaseship is neither on the map nor on your dashboard"
    if on_map is None and not (state.action == "deploy" and state.uses > 0):
        return "the Phaseship comes onto the map with a Deploy"
    if on_map is not None and state.flicks <= 0:
        return "no flicks left to move the Phaseship with"
    x, y = decode(option)
    if not starmap().on_map(x, y) or option < 0:
        return "the Phaseship must be put down on the map"
    r = starmap().radius["ship"]
    for d in [*state.discs, *location_discs()]:
        dx, dy, reach = d.x - x, d.y - y, d.r + r
        if d.id != ship and dx * dx + dy * dy < reach * reach:
            return "the Phaseship cannot be put down on top of another disc"
    return None


def place(state: State, ship: int, option: int) -> list[Event]:
    seat = state.current
    x, y = decode(option)
    disc = new_ship(seat, ship)._replace(x=x, y=y)
    if ship_on_map(state, ship) is None:
        state.uses -= 1
        enter(state, seat, disc)
    else:
        state.flicks -= 1
        state.discs = sorted([d for d in state.discs if d.id != ship] + [disc],
                             key=lambda d: d.id)
    return [Event("place", seat, ship, option)]


def useful_places(state: State, ship: int) -> list[int]:
    """Offered spots: in the middle of each location's orbit band, towards the centre."""
    r = starmap().radius["ship"]
    others = [d for d in state.discs if d.id != ship]
    out = []
    for i, loc in enumerate(state.locations):
        spot = orbit_spot(loc.hole, towards_centre(i), r, others, skip=ship)
        if spot is not None:
            out.append(encode(*spot))
    return out
