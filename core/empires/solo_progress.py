"""How far a Solo Campaign game has come toward its scenario's goal, part by part, as the
table and the bots read it: "cities in different quadrants 2 of 4", "warships on the
Starmap 1 (none wanted)". Every part is counted from the state alone (a view's table
counts the same), and the scenario is won exactly when every part is done and the
objectives say so (``objectives.won`` stays the one judge)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from core.empires.objectives import LIBRARIES, centre_planets, mine
from core.empires.occupancy import colour_of, orbiting, quadrant
from core.empires.solo_board import settlers_on, solo_of
from core.empires.state import State

ENERGY_GOAL = 5


@dataclass(frozen=True)
class Part:
    """One part of a goal: ``have`` of ``need``; with ``fewer``, ``have`` is what is still
    in the way (warships on the map) and ``need`` is 0."""

    label: str
    have: int
    need: int
    fewer: bool = False

    @property
    def done(self) -> bool:
        return self.have <= self.need if self.fewer else self.have >= self.need

    @property
    def units(self) -> int:
        """Steps made toward this part (negative: things still in the way)."""
        return -self.have if self.fewer else min(self.have, self.need)

    def words(self) -> str:
        if self.fewer:
            return f"{self.label}: {self.have} (none may be left)"
        return f"{self.label}: {self.have} of {self.need}"


def research_quadrants(state: State) -> int:
    """The most quadrants that can each show a Research Facility on a planet of a colour no
    other of them uses (scenario 1)."""
    # "" leaves a quadrant out: a colour it shares with another may count there instead.
    by_quadrant = [["", *sorted({colour_of(state.locations[i]) for i in mine(state, "research")
                                 if quadrant(i) == q})] for q in range(4)]
    best = 0
    for pick in product(*by_quadrant):
        chosen = [c for c in pick if c]
        if len(set(chosen)) == len(chosen):
            best = max(best, len(chosen))
    return best


def _warships(state: State) -> Part:
    count = sum(1 for d in state.discs if d.kind == "warship")
    return Part("warships on the Starmap", count, 0, fewer=True)


def _cities_with_starbase(state: State) -> int:
    return len({quadrant(i) for i in mine(state, "city")
                if any(b.owner == 0 for b in orbiting(state, i, "starbase"))})


def goal_parts(state: State) -> list[Part]:
    """The parts of the scenario's goal, in the order the goal names them."""
    s = solo_of(state)
    n = s.scenario
    if n == 1:
        return [Part("quadrants with research of a new colour", research_quadrants(state), 4),
                Part("ready energy", state.players[0].energy_ready, ENERGY_GOAL)]
    if n == 2:
        return [Part("settlers rescued", len(s.rescued), 4),
                Part("quadrants with a city and a starbase", _cities_with_starbase(state), 2)]
    if n == 3:
        return [Part("quadrants with a city", len({quadrant(i) for i in mine(state, "city")}),
                     4), _warships(state)]
    if n == 4:
        return [Part("Megastructures controlled", len(s.controlled), 4), _warships(state)]
    if n == 5:
        libraries = [i for i, loc in enumerate(state.locations) if loc.library]
        full = sum(1 for i in libraries if len(set(settlers_on(state, i))) == 2)
        return [Part("libraries with two peoples' scholars", full, LIBRARIES),
                _warships(state)]
    centre = centre_planets(state)
    return [Part("settlers rescued", len(s.rescued), s.settlers_start),
            Part("centre planets with your city",
                 sum(1 for i in centre if (0, "city") in state.locations[i].pieces),
                 len(centre)),
            _warships(state)]

