"""The small set of useful aims the legal list offers for a flick, under either rules:
straight into the orbit of every other location and straight at every rival ship or
warship (a ram)."""

from __future__ import annotations

import functools
from math import isqrt

from core.empires.aim import angle_towards, power_for
from core.empires.geometry import starmap
from core.empires.occupancy import orbit_of
from core.empires.placing import location_discs
from core.empires.rules import AIM_SCALE
from core.empires.state import State
from core.empires.technology import advanced_name


@functools.lru_cache(maxsize=65536)
def straight(dx: int, dy: int, short_by: int) -> int:
    """The aim (angle * AIM_SCALE + power) that slides a ship straight along (dx, dy),
    stopping ``short_by`` units before the end."""
    dist = max(1, _length(dx, dy) - short_by)
    return angle_towards(dx, dy) * AIM_SCALE + power_for(dist)


def _length(dx: int, dy: int) -> int:
    return isqrt(dx * dx + dy * dy)


def useful_aims(state: State, ship: int) -> list[int]:
    """Straight into each other location's orbit, and straight at each rival ship or
    warship (a ram), for ``ship``; each aim once, in a fixed order."""
    d = next(x for x in state.discs if x.id == ship)
    here = orbit_of(d)
    orbit = starmap().orbit
    out: list[int] = []
    for loc in location_discs():
        if loc.id != here:
            out.append(straight(loc.x - d.x, loc.y - d.y, orbit))
    if advanced_name(ship) != "juggernaut":
        for x in state.discs:
            if x.kind in ("ship", "warship") and x.owner != d.owner:
                out.append(straight(x.x - d.x, x.y - d.y, -x.r))
    return list(dict.fromkeys(out))
