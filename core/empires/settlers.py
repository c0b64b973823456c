"""Settlers, Ancient Libraries and Megastructures in their solo forms, settled after every
action (rulebook: "Rescuing Settlers", "Ancient Libraries", "Megastructures", scenario 5's
"Special Rule" and "Technology Bonus"):

- a starship carrying a settler that is no longer on the map lost it; one in the orbit of
  the player's warpgate rescued it (scenario 5: one in the orbit of a library's planet that
  has fewer than 2 settlers, none of the settler's colour, leaves it there; the second one
  puts a cube under the card of the planet's colour);
- scenario 4: every face-up artifact carries a Megastructure;
- scenario 5: every face-up relic planet gets an Ancient Library, and the player chooses a
  terraform overlay for it (a question queued like an invasion step).
"""

from __future__ import annotations

from core.contract import Event
from core.empires.invasion import run
from core.empires.occupancy import colour_of, orbit_of
from core.empires.solo_board import MEGASTRUCTURES, settlers_on, solo_of
from core.empires.solo_tech import add_cube
from core.empires.state import State

MEGA_SCENARIO, LIBRARY_SCENARIO = 4, 5


def settle(state: State) -> list[Event]:
    s = solo_of(state)
    events: list[Event] = []
    p = state.players[0]
    gate = [loc.hole for loc in state.locations].index(p.gate)
    on_map = {d.id: d for d in state.discs if d.kind == "ship"}
    for ship, colour in list(s.aboard):
        d = on_map.get(ship)
        if d is None:
            s.aboard.remove((ship, colour))
            s.lost_settlers.append(colour)
            events.append(Event("settler_lost", 0, ship))
            continue
        here = orbit_of(d)
        if s.scenario == LIBRARY_SCENARIO:
            if here >= 0 and welcomes(state, here, colour):
                s.aboard.remove((ship, colour))
                s.settlers.append((here, colour))
                events.append(Event("settler_delivered", 0, ship, here))
                if len(settlers_on(state, here)) == 2:
                    events += add_cube(state, colour_of(state.locations[here]))
        elif here == gate:
            s.aboard.remove((ship, colour))
            s.rescued.append(colour)
            events.append(Event("settler_rescued", 0, ship))
    if s.scenario == MEGA_SCENARIO:
        for i, loc in enumerate(state.locations):
            if (loc.kind == "artifact" and loc.faceup and i not in s.megas
                    and len(s.megas) < MEGASTRUCTURES):
                s.megas.append(i)
                events.append(Event("megastructure", -1, i))
    if s.scenario == LIBRARY_SCENARIO:
        for i, loc in enumerate(state.locations):
            if (loc.kind == "relic" and loc.faceup and not loc.library and not loc.destroyed
                    and state.libraries > 0):
                loc.library = True
                state.libraries -= 1
                events.append(Event("library", -1, i))
                if not loc.terraform:
                    s.steps.append(f"terraform:{i}")
        if s.steps and not state.pending and state.phase != "over":
            events += run(state)
    return events


def welcomes(state: State, i: int, colour: str) -> bool:
    here = settlers_on(state, i)
    return state.locations[i].library and len(here) < 2 and colour not in here
