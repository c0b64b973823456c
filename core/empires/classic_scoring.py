"""Final scoring under the Classic rules (rulebook: Classic "Scoring"): 1 VP an occupied
planet, 1 an outpost, 2 a city, 3 for cities in three different quadrants or 6 for cities
in all four (our reading: the 6 replaces the 3), and the VP tokens. Ties: most VP tokens,
then most technology levels; a tie after both is shared."""

from __future__ import annotations

from core.empires.occupancy import is_planet, occupant, quadrant
from core.empires.state import State

SPREAD_VP = {3: 3, 4: 6}  # quadrants with a city -> VP


def classic_parts(state: State) -> list[dict[str, int]]:
    """Each seat's score by part, as it would stand if the game ended now."""
    out = []
    for seat, p in enumerate(state.players):
        planets = [i for i, loc in enumerate(state.locations)
                   if is_planet(loc) and occupant(state, i) == seat]
        mine = [(i, k) for i, loc in enumerate(state.locations) for who, k in loc.pieces
                if who == seat]
        cities = {quadrant(i) for i, k in mine if k == "city"}
        out.append({"tokens": p.vp, "planets": len(planets),
                    "outposts": sum(1 for _, k in mine if k == "outpost"),
                    "cities": 2 * sum(1 for _, k in mine if k == "city"),
                    "spread": SPREAD_VP.get(len(cities), 0)})
    return out
