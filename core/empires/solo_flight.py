"""What a flick does in the Solo Campaign beyond the competitive rules (rulebook: "Robots",
"Rescuing Settlers", "Special MegaStructure"): a robot rammed in an orbit goes back to the
supply; a starship that strikes the Heart of the Builders is destroyed; a starship flicked
from the orbit of a location with settlers, not blockaded by robots, takes one aboard (lost
with it if the flick destroys it). Arrivals are settled after the action
(``settlers.settle``)."""

from __future__ import annotations

from core.contract import Event
from core.empires import dashboard
from core.empires.occupancy import orbit_of, orbiting
from core.empires.physics import Disc, FlickResult
from core.empires.solo_state import HEART_ID, Solo
from core.empires.state import State

LIBRARY_SCENARIO = 5


def boarding_from(state: State, s: Solo, i: int) -> str:
    """The colour of the settler a starship leaving location ``i``'s orbit takes aboard
    ("" for none): settlers there, no robot in orbit; in scenario 5 settlers delivered to a
    library stay."""
    if i < 0 or orbiting(state, i, "robot"):
        return ""
    if s.scenario == LIBRARY_SCENARIO and state.locations[i].library:
        return ""
    return next((c for j, c in s.settlers if j == i), "")


def after_flick(state: State, ship: int, before: dict[int, Disc], result: FlickResult
                ) -> list[Event]:
    s = state.solo
    if s is None:
        return []
    events: list[Event] = []
    for gone in result.removed:
        if before[gone].kind == "robot":
            state.robots += 1
            events.append(Event("robot_rammed", -1, gone))
    for h in result.hits:
        if h.kind == "bounce" and h.other == HEART_ID:
            d = next((x for x in state.discs if x.id == h.disc and x.kind == "ship"), None)
            if d is not None:
                dashboard.ship_home(state, d.id, d.owner)
                events.append(Event("destroyed", d.owner, d.id, 4))
    if any(x == ship for x, _ in s.aboard):
        return events
    colour = boarding_from(state, s, orbit_of(before[ship]))
    if colour:
        start = orbit_of(before[ship])
        s.settlers.remove((start, colour))
        s.aboard.append((ship, colour))
        events.append(Event("settler_aboard", 0, ship, start))
    return events
