"""The location discs every set-up lays out (one per hole, the box's kinds and colours),
checked alike under the New Era and the Classic rules by their audits."""

from __future__ import annotations

from collections import Counter

from core.empires.geometry import starmap
from core.empires.state import LOCATION_DISCS, PLANET_COLOURS, State


def layout_problems(state: State) -> list[str]:
    """What is wrong with the discs laid on the holes ([] when nothing is)."""
    out: list[str] = []
    if [loc.hole for loc in state.locations] != [h.id for h in starmap().holes]:
        out.append("the locations are not one per hole in hole order")
    kinds = Counter(loc.kind for loc in state.locations)
    if dict(kinds) != LOCATION_DISCS:
        out.append(f"location discs {dict(sorted(kinds.items()))}, not {LOCATION_DISCS}")
    colours = Counter(loc.colour for loc in state.locations if loc.kind == "planet")
    if any(colours[c] != 4 for c in PLANET_COLOURS):
        out.append(f"planet colours {dict(sorted(colours.items()))}, not 4 of each")
    return out
