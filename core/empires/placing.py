"""Putting a disc down by hand rather than by a flick: in an orbit (Deploy, Launch, Warp
Beacon, the orbit manoeuvre, a starbase knocked out of its orbit) or back at the edge (an
enemy ship knocked off the map), always on a free spot, found the same way on every machine.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from core.empires.fixedtrig import TURN, UNIT_BITS, unit_vector
from core.empires.geometry import Starmap, starmap, touches_orbit
from core.empires.physics import NOBODY, Disc
from core.empires.sliding import rnd

# Spots are tried at the angle asked for, then alternately either side of it in steps of
# this many hundredths of a degree, until one is free.
ORBIT_STEP = 500
# Along the edge, spots are tried every this many units either side of the crossing.
EDGE_STEP = 100
# A spot (x, y) given as an action's option (the Phaseship put down, a mine laid, a sublight
# move) is (x + OFFSET) * SCALE + (y + OFFSET): whole numbers >= 0.
OFFSET, SCALE = 50000, 100000


def encode(x: int, y: int) -> int:
    return (x + OFFSET) * SCALE + (y + OFFSET)


def decode(option: int) -> tuple[int, int]:
    return option // SCALE - OFFSET, option % SCALE - OFFSET


@functools.cache
def location_discs() -> tuple[Disc, ...]:
    """The 28 location discs as the physics sees them: ids 0 to 27 in hole order."""
    table = starmap()
    return tuple(Disc(i, "location", NOBODY, h.x, h.y, table.radius["location"])
                 for i, h in enumerate(table.holes))


def _free(x: int, y: int, r: int, discs: Sequence[Disc], skip: int, table: Starmap) -> bool:
    if not table.on_map(x, y):
        return False
    for d in discs:
        if d.id == skip:
            continue
        dx, dy, reach = d.x - x, d.y - y, d.r + r
        if dx * dx + dy * dy < reach * reach:
            return False
    return True


def orbit_spot(hole: str, angle: int, r: int, discs: Sequence[Disc], skip: int = -1
               ) -> tuple[int, int] | None:
    """A free spot for a disc of radius ``r`` in the middle of the band round the location in
    ``hole``, as near as can be to ``angle`` (hundredths of a degree, seen from the location's
    centre); None when the orbit is full. ``discs`` are the other discs on the map (the
    location discs are added); ``skip`` is a disc to ignore (the one being moved)."""
    table = starmap()
    h = table.hole(hole)
    dist = table.radius["location"] + r + (table.orbit - table.radius["location"]) // 2
    others = list(location_discs()) + list(discs)
    for k in range(TURN // ORBIT_STEP):
        turn = (k + 1) // 2 * ORBIT_STEP * (1 if k % 2 else -1)
        c, s = unit_vector((angle + turn) % TURN)
        x, y = h.x + rnd(c * dist, UNIT_BITS), h.y + rnd(s * dist, UNIT_BITS)
        if _free(x, y, r, others, skip, table) and touches_orbit(x, y, r, h.x, h.y,
                                                                 table.orbit):
            return x, y
    return None


def edge_spot(x: int, y: int, r: int, discs: Sequence[Disc], skip: int = -1
              ) -> tuple[int, int] | None:
    """The free spot nearest (x, y) with the disc's centre on the map's edge: where an enemy
    ship knocked off the map is put back. None if the whole edge is taken."""
    table = starmap()
    half = table.half_width
    x, y = max(-half, min(half, x)), max(-half, min(half, y))
    along_x = abs(y) >= abs(x)  # nearer the top or bottom edge: slide along it
    if along_x:
        y = half if y >= 0 else -half
    else:
        x = half if x >= 0 else -half
    others = list(location_discs()) + list(discs)
    for k in range(4 * half // EDGE_STEP + 1):
        shift = (k + 1) // 2 * EDGE_STEP * (1 if k % 2 else -1)
        sx, sy = (x + shift, y) if along_x else (x, y + shift)
        if _free(sx, sy, r, others, skip, table):
            return sx, sy
    return None


def orbits_of(x: int, y: int, r: int) -> tuple[int, ...]:
    """The locations (ids 0-27, in hole order) whose orbit a disc of radius ``r`` at (x, y)
    touches: as the rulebook has it, any touch of the band between surface and ring."""
    orbit = starmap().orbit
    return tuple(loc.id for loc in location_discs()
                 if touches_orbit(x, y, r, loc.x, loc.y, orbit))
