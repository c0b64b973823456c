"""Starbases moved by hand: round their own planet's orbit at any time of the seat's turn
where the planet is not blockaded (rulebook: "Unique Properties of Starbases"), and to
another planet at the end of the turn with Mobile Starbases (purple level 4)."""

from __future__ import annotations

from core.contract import Event
from core.empires.geometry import place
from core.empires.maneuvers import place_in_orbit, towards_centre
from core.empires.occupancy import blockade_reason, is_planet, occupant, orbit_of
from core.empires.physics import Disc
from core.empires.state import State
from core.empires.technology import has


def own_starbase(state: State, base: int) -> Disc | None:
    for d in state.discs:
        if d.id == base and d.kind == "starbase" and d.owner == state.current:
            return d
    return None


def turn_reason(state: State, base: int) -> str | None:
    """Why starbase ``base`` cannot be moved round its orbit now."""
    d = own_starbase(state, base)
    if d is None:
        return f"{base} is not one of your starbases on the map"
    if state.phase != "act":
        return "starbases are moved round their orbits while you take your action"
    return blockade_reason(state, orbit_of(d), state.current)


def turn_round(state: State, base: int, angle: int) -> list[Event]:
    d = own_starbase(state, base)
    assert d is not None
    i = orbit_of(d)
    placed = place_in_orbit(state, i, d, angle)
    if placed is None:
        return []
    state.discs = sorted([x for x in state.discs if x.id != base] + [placed],
                         key=lambda x: x.id)
    return [Event("reposition", state.current, base, i)]


def wants_move(state: State) -> bool:
    """Mobile Starbases: the end-of-turn step is offered when the seat has a starbase out."""
    seat = state.current
    return has(state, seat, "mobile_starbases") and any(
        d.kind == "starbase" and d.owner == seat for d in state.discs)


def move_reason(state: State, base: int, i: int) -> str | None:
    if state.phase != "effects":
        return "starbases move to other planets at the end of the turn (Mobile Starbases)"
    d = own_starbase(state, base)
    if d is None:
        return f"{base} is not one of your starbases on the map"
    if not 0 <= i < len(state.locations) or i == orbit_of(d):
        return "choose another planet"
    loc = state.locations[i]
    if not is_planet(loc) or not loc.faceup:
        return f"{place(loc.hole)} is not a face-up planet"
    who = occupant(state, i)
    if who is not None and who != state.current:
        return f"{place(loc.hole)} is occupied by someone else"
    if place_in_orbit(state, i, d, towards_centre(i)) is None:
        return f"the orbit of {place(loc.hole)} is full"
    return None


def move(state: State, base: int, i: int) -> list[Event]:
    d = own_starbase(state, base)
    assert d is not None
    placed = place_in_orbit(state, i, d, towards_centre(i))
    assert placed is not None
    state.discs = sorted([x for x in state.discs if x.id != base] + [placed],
                         key=lambda x: x.id)
    return [Event("starbase_moved", state.current, base, i)]
