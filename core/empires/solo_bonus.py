"""Scenario 6's bonus (rulebook: "Heart of the Builders", "Scenario Bonus"): a starbase in
the orbit of a planet of the home quadrant and an outpost on it, placed as if built."""

from __future__ import annotations

from core.contract import Event
from core.empires import dashboard
from core.empires.build import unlock
from core.empires.geometry import starmap
from core.empires.maneuvers import place_in_orbit, towards_centre
from core.empires.physics import Disc
from core.empires.state import State


def home_outpost(state: State, i: int) -> list[Event]:
    p = state.players[0]
    disc = Disc(p.starbases[0], "starbase", 0, 0, 0, starmap().radius["starbase"])
    placed = place_in_orbit(state, i, disc, towards_centre(i))
    events = [Event("bonus_outpost", 0, i)]
    if placed is not None:
        p.starbases.pop(0)
        p.structures["starbase"] -= 1
        state.discs = sorted([*state.discs, placed], key=lambda d: d.id)
        events += unlock(state, 0, "starbase")
    dashboard.put(state, i, 0, "outpost")
    return events
