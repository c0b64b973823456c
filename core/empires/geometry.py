"""The Starmap's fixed geometry: its size, the holes the location discs sit in, the guardian
warship spaces, the radii of every kind of disc, and "in orbit" as the rulebook defines it.

Lengths are integers in 1/100 mm, the centre of the table is (0, 0), x grows to the right and
y upwards (core/empires/DESIGN.md). The layout is read from ``content/starmap.toml``, which
describes one quadrant; the other three are its mirror images.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.content import ContentError, content_file, read

if TYPE_CHECKING:
    from core.content import Source

QUADRANTS = 4
# The sign of x and y in each quadrant, numbered clockwise from the top-left as the players
# sit: 0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left.
QUADRANT_SIGNS: tuple[tuple[int, int], ...] = ((-1, 1), (1, 1), (1, -1), (-1, -1))
LENGTHS = ("half_width", "location", "orbit", "ship", "starbase", "warship", "robot", "mine",
           "short_range", "long_range")


@dataclass(frozen=True)
class Spot:
    """A fixed place on the map: a hole for a location disc, or a guardian warship space.
    ``id`` is ``"<quadrant>.<name>"`` (``"2.inner"``)."""

    id: str
    quadrant: int
    name: str
    x: int
    y: int


@dataclass(frozen=True)
class Starmap:
    """The whole map: its half width, the radii by kind, the 28 holes and 4 warship spaces,
    and the two edges of the range ruler."""

    half_width: int
    radius: dict[str, int]
    holes: tuple[Spot, ...]
    spaces: tuple[Spot, ...]
    short_range: int
    long_range: int

    @property
    def orbit(self) -> int:
        """Radius of the inner edge of a location's white ring."""
        return self.radius["orbit"]

    def hole(self, hole_id: str) -> Spot:
        """The hole called ``hole_id``; KeyError naming it if there is none."""
        for h in self.holes:
            if h.id == hole_id:
                return h
        raise KeyError(f"no hole {hole_id!r} on the Starmap")

    def quadrant_of(self, x: int, y: int) -> int:
        """The quadrant a point lies in (a point on a midline belongs to the quadrant to its
        right or above, so every point has exactly one)."""
        right, up = x >= 0, y >= 0
        if up:
            return 1 if right else 0
        return 2 if right else 3

    def on_map(self, x: int, y: int) -> bool:
        """True while a disc's centre is over the mats (off them, it falls off the table)."""
        return -self.half_width <= x <= self.half_width and -self.half_width <= y <= self.half_width

    def centremost(self) -> tuple[Spot, ...]:
        """The four holes nearest the centre, one per quadrant (set-ups place robots there)."""
        best: list[Spot] = []
        for q in range(QUADRANTS):
            mine = [h for h in self.holes if h.quadrant == q]
            best.append(min(mine, key=lambda h: (h.x * h.x + h.y * h.y, h.name)))
        return tuple(best)


def touches_orbit(sx: int, sy: int, radius: int, lx: int, ly: int, orbit: int) -> bool:
    """True when a disc of ``radius`` at (sx, sy) touches the shaded band round the location
    at (lx, ly): the band runs from the location's surface out to the white ring (inner edge
    at ``orbit``), so any disc whose edge comes within ``orbit`` of the location's centre
    touches it. Touching the ring's inner edge exactly counts, as any touch does."""
    dx, dy = sx - lx, sy - ly
    reach = orbit + radius
    return dx * dx + dy * dy <= reach * reach


def within_range(ax: int, ay: int, ar: int, bx: int, by: int, br: int, ruler: int) -> bool:
    """True when a straight ruler edge of length ``ruler`` can touch both discs: laid along
    the line of centres it spans the gap between their edges, and no other placing spans
    less. Nothing on the map blocks the ruler, as the rulebook says."""
    dx, dy = ax - bx, ay - by
    reach = ar + br + ruler
    return dx * dx + dy * dy <= reach * reach


def mirrored(quadrant: int, x: int, y: int) -> tuple[int, int]:
    """A point written for the top-right quadrant, placed in ``quadrant``."""
    sx, sy = QUADRANT_SIGNS[quadrant]
    return sx * x, sy * y


@functools.cache
def starmap() -> Starmap:
    """The Starmap read from ``content/starmap.toml`` (once)."""
    return load(content_file("core.empires", "starmap.toml"))


def load(source: Source) -> Starmap:
    """A Starmap from a content file; ContentError naming the entry and field if it is wrong."""
    doc = read(source, ("length", "hole", "space"))
    radius: dict[str, int] = {}
    for f in doc.entries("length"):
        f.only(("id", "value"))
        name = f.choice("id", LENGTHS)
        radius[name] = f.integer("value", lo=1, hi=1_000_000)
    for name in LENGTHS:
        if name not in radius:
            raise ContentError(source.name, f'[[length]] "{name}"', "", "missing")
    half = radius.pop("half_width")
    short, long = radius.pop("short_range"), radius.pop("long_range")
    if long < short:
        raise ContentError(source.name, '[[length]] "long_range"', "value",
                           "the long edge of the range ruler must not be the shorter")
    if radius["orbit"] <= radius["location"]:
        raise ContentError(source.name, '[[length]] "orbit"', "value",
                           "the white ring must lie outside the location disc")

    def spots(table: str) -> tuple[Spot, ...]:
        out: list[Spot] = []
        for f in doc.entries(table):
            f.only(("id", "x", "y"))
            name = f.identifier()
            x = f.integer("x", lo=0, hi=half)
            y = f.integer("y", lo=0, hi=half)
            for q in range(QUADRANTS):
                mx, my = mirrored(q, x, y)
                out.append(Spot(f"{q}.{name}", q, name, mx, my))
        out.sort(key=lambda s: (s.quadrant, s.name))
        return tuple(out)

    holes = spots("hole")
    spaces = spots("space")
    _check_apart(source.name, holes, radius, half)
    return Starmap(half, radius, holes, spaces, short, long)


def _check_apart(file: str, holes: tuple[Spot, ...], radius: dict[str, int], half: int) -> None:
    """Refuse a layout where two white rings come within two ship widths of each other, or
    where a ship in an orbit could have its centre off the map: the rules assume a ship is in
    orbit of at most one location, can pass between two orbits, and can be placed in any
    part of an orbit."""
    reach = radius["orbit"] + 2 * radius["ship"]
    for i, a in enumerate(holes):
        if abs(a.x) + radius["orbit"] + radius["ship"] > half or (
                abs(a.y) + radius["orbit"] + radius["ship"] > half):
            raise ContentError(file, f'[[hole]] "{a.name}"', "",
                               "a ship in its orbit could be off the map")
        for b in holes[i + 1:]:
            dx, dy = a.x - b.x, a.y - b.y
            if dx * dx + dy * dy < (2 * reach) ** 2:
                raise ContentError(file, f'[[hole]] "{a.name}"', "",
                                   f"its orbit comes too near that of {b.id}")


QUADRANT_WORDS = ("top-left", "top-right", "bottom-right", "bottom-left")


def place(hole_id: str) -> str:
    """A hole as a player finds it on the map: its quadrant, then where in the quadrant
    ("top-left middle", "bottom-right left edge"); the ids ("0.middle") are the engine's."""
    quadrant, _, spot = hole_id.partition(".")
    if not quadrant.isdigit() or not 0 <= int(quadrant) < len(QUADRANT_WORDS):
        return hole_id
    q = int(quadrant)
    top, right = q in (0, 1), q in (1, 2)
    where = {
        "corner": "corner", "inner": "inner", "middle": "middle",
        # near_x lies toward the horizontal midline, near_y toward the vertical one.
        "near_x": "bottom side" if top else "top side",
        "near_y": "left side" if right else "right side",
        "edge_x": "right edge" if right else "left edge",
        "edge_y": "top edge" if top else "bottom edge",
    }.get(spot, spot)
    return f"{QUADRANT_WORDS[q]} {where}"

