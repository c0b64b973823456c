"""Each scenario's objectives and its own ways to lose (rulebook: "Solo Scenarios",
"Objectives"), checked after every action: the rulebook's "immediately win". ``won`` says
why the scenario is won ("" while it is not); ``doomed`` why it can no longer be won.

Our readings: "5 energy" is 5 ready energy; a settler lost in scenario 2 or 5 loses the
scenario once too few are left to meet the goal (scenario 2 needs 4 of its 5; scenario 5
needs 8 of its 9, two of different colours on each of four libraries).
"""

from __future__ import annotations

from itertools import product

from core.empires.geometry import starmap
from core.empires.occupancy import colour_of, is_planet, orbiting, quadrant
from core.empires.solo_board import settlers_on, solo_of
from core.empires.state import State

LIBRARIES = 4


def mine(state: State, kind: str) -> list[int]:
    return [i for i, loc in enumerate(state.locations) if (0, kind) in loc.pieces]


def no_warships(state: State) -> bool:
    return not any(d.kind == "warship" for d in state.discs)


def _research_spread(state: State) -> bool:
    by_quadrant = [[colour_of(state.locations[i]) for i in mine(state, "research")
                    if quadrant(i) == q] for q in range(4)]
    return any(len(set(pick)) == 4 for pick in product(*by_quadrant))


def _city_and_starbase(state: State) -> int:
    return len({quadrant(i) for i in mine(state, "city")
                if any(b.owner == 0 for b in orbiting(state, i, "starbase"))})


def centre_planets(state: State) -> list[int]:
    holes = [h.id for h in starmap().centremost()]
    return [i for i, loc in enumerate(state.locations) if loc.hole in holes]


def won(state: State) -> str:
    s = solo_of(state)
    n = s.scenario
    if n == 1 and _research_spread(state) and state.players[0].energy_ready >= 5:
        return "a Research Facility on a planet of a different colour in every quadrant, " \
               "and 5 ready energy"
    if n == 2 and len(s.rescued) >= 4 and _city_and_starbase(state) >= 2:
        return "4 settlers rescued, and a city with a starbase in two quadrants"
    if n == 3 and len({quadrant(i) for i in mine(state, "city")}) == 4 and no_warships(state):
        return "a city in every quadrant, and no warship left on the Starmap"
    if n == 4 and len(s.controlled) == 4 and no_warships(state):
        return "all 4 Megastructures under your control, and no warship left on the Starmap"
    if n == 5:
        libraries = [i for i, loc in enumerate(state.locations) if loc.library]
        if len(libraries) == LIBRARIES and all(len(set(settlers_on(state, i))) == 2
                                               for i in libraries) and no_warships(state):
            return "two settlers of different peoples in each Ancient Library, and no " \
                   "warship left on the Starmap"
    if n == 6:
        centre = centre_planets(state)
        if (len(s.rescued) == s.settlers_start and all((0, "city") in state.locations[i].pieces
                                                       for i in centre)
                and no_warships(state)):
            return "every settler rescued, a city on each centre planet, and no warship " \
                   "left on the Starmap"
    return ""


def doomed(state: State) -> str:
    s = solo_of(state)
    lost = len(s.lost_settlers)
    if s.scenario == 6 and lost:
        return "a settler of the centre planets was killed"
    if s.scenario == 2 and s.settlers_start - lost < 4:
        return "too few settlers are left to rescue 4"
    if s.scenario == 5 and s.settlers_start - lost < 2 * LIBRARIES:
        return "too few scholars are left to fill the four libraries"
    if s.scenario == 6 and any(not is_planet(state.locations[i]) for i in centre_planets(state)):
        return "a centre planet was destroyed"
    return ""
