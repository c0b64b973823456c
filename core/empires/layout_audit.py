"""What the New Era and the Classic audits check alike: the location discs every set-up lays
out (one per hole, the box's kinds and colours), and each player's troops and structures
(every piece on the dashboard, locked, or on the map)."""

from __future__ import annotations

from collections import Counter

from core.empires.geometry import starmap
from core.empires.state import (
    LOCATION_DISCS,
    PLANET_COLOURS,
    STRUCTURE_COUNTS,
    TROOPS_LOCKED,
    TROOPS_START,
    Player,
    State,
)


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


def troop_and_structure_problems(who: str, p: Player, placed: Counter[str]) -> list[str]:
    """What is wrong with player ``p``'s troops and structures, given the pieces of theirs
    ``placed`` on the map (and on any card that holds them)."""
    out: list[str] = []
    troops = p.troops + p.troops_locked + placed["troop"]
    if troops != TROOPS_START + TROOPS_LOCKED or min(p.troops, p.troops_locked) < 0:
        out.append(f"{who}: {troops} troops in all, not {TROOPS_START + TROOPS_LOCKED}")
    for kind in ("outpost", "city", "research"):
        if p.structures[kind] + placed[kind] != STRUCTURE_COUNTS[kind] or p.structures[kind] < 0:
            out.append(f"{who}: {kind}s do not add up to {STRUCTURE_COUNTS[kind]}")
    return out
