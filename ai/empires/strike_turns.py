"""Turning a ship round its orbit to face a warship (Solo Campaign): the reposition
manoeuvre the rules allow at any angle, aimed where a strike needs it. The legal list offers
the turns towards the middle and towards rival starships; a warship, whose defence of 2 falls
only to three ships in short range together, is what the solo fleet gathers against, and a
ship on the far side of an orbit near one is out of range by the width of the orbit."""

from __future__ import annotations

from core.contract import Action
from core.empires.aim import angle_towards
from core.empires.geometry import starmap
from core.empires.occupancy import orbit_of
from core.empires.placing import location_discs
from core.empires.state import State


def strike_turns(s: State, seat: int, legal: list[Action]) -> list[Action]:
    """A turn towards each warship within reach of the orbit, for each of ``seat``'s ships
    the legal list lets reposition (none at a blockade), not already listed."""
    if s.solo is None:
        return []
    warships = [d for d in s.discs if d.kind == "warship"]
    movable = {a.card for a in legal if a.kind == "reposition"}
    if not warships or not movable:
        return []
    table = starmap()
    listed = set(legal)
    out = []
    for d in s.discs:
        if d.id not in movable:
            continue
        i = orbit_of(d)
        loc = location_discs()[i]
        reach = table.orbit + table.short_range + 2 * d.r  # the ship anywhere in the orbit
        for w in warships:
            dx, dy = w.x - loc.x, w.y - loc.y
            if dx * dx + dy * dy <= (reach + w.r) ** 2:
                a = Action("reposition", d.id, angle_towards(dx, dy))
                if a not in listed:
                    listed.add(a)
                    out.append(a)
    return out
