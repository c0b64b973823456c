"""One disc's slide in integers: its segment, where it first touches another disc or leaves
the map, and how many fixed steps of friction it takes to get somewhere (core/empires/physics.py
plays a whole flick out with these; DESIGN.md, "The flick model", says why each is so)."""

from __future__ import annotations

from math import isqrt
from typing import TYPE_CHECKING

from core.empires.fixedtrig import UNIT_BITS, unit_vector

if TYPE_CHECKING:
    from core.empires.discs import Disc

SUB_BITS = 16
SUB = 1 << SUB_BITS  # distances and speeds in flight: 1/100 mm * 2**16
POS_BITS = UNIT_BITS + SUB_BITS  # u * s carries both scales

# One step is one millisecond of table time. Friction slows a disc by 3 m/s² (plastic on
# neoprene), i.e. 0.003 mm per step, every step.
FRICTION = 3 * SUB // 10
# Full power (1000 ‰) is 3 m/s: 300 units per step, a free slide of about 1.5 m, enough to
# send a ship off the map from anywhere on it.
MAX_SPEED = 300 * SUB
MAX_POWER = 1000
# Contacts are found at one unit beyond touching, so a position rounded to whole units can
# never overlap what it stopped against.
SKIN = 1


def launch_speed(power: int) -> int:
    """The speed (sub-units per step) a flick of ``power`` ‰ gives a disc: proportional, as
    the push of a finger is."""
    if not 0 <= power <= MAX_POWER:
        raise ValueError(f"power must be from 0 to {MAX_POWER} ‰, not {power}")
    return power * MAX_SPEED // MAX_POWER


def slide_distance(speed: int) -> int:
    """How far (in sub-units) a disc launched at ``speed`` slides on an empty map."""
    k = (speed - 1) // FRICTION if speed > 0 else 0
    return k * speed - FRICTION * k * (k + 1) // 2


def direction(angle: int) -> tuple[int, int]:
    """The unit vector of ``angle`` hundredths of a degree, never longer than 2**30 (so no
    velocity built on it is faster than its speed)."""
    ux, uy = unit_vector(angle)
    return shorten(ux, uy)


def shorten(ux: int, uy: int) -> tuple[int, int]:
    """(ux, uy) brought to length at most 2**30 by taking units off its larger part (both
    when equal, so a diagonal stays a diagonal): a rounded unit vector may come out a hair
    long, and a velocity built on it would then be faster than its speed."""
    limit = 1 << (2 * UNIT_BITS)
    while ux * ux + uy * uy > limit:
        ax, ay = abs(ux), abs(uy)
        if ax >= ay:
            ux -= 1 if ux > 0 else -1
        if ay >= ax:
            uy -= 1 if uy > 0 else -1
    return ux, uy


def rnd(value: int, bits: int) -> int:
    """value / 2**bits rounded half away from zero."""
    half = 1 << (bits - 1)
    return (value + half) >> bits if value >= 0 else -((half - value) >> bits)


def tdiv_round(a: int, b: int) -> int:
    """a / b rounded half away from zero (b > 0)."""
    return (2 * a + b) // (2 * b) if a >= 0 else -((b - 2 * a) // (2 * b))


def tdiv(a: int, b: int) -> int:
    """a / b truncated toward zero (b > 0)."""
    return a // b if a >= 0 else -((-a) // b)


class Body:
    """A disc during the simulation: where it is, and its segment while it moves."""

    __slots__ = ("disc", "id", "r", "x", "y", "px", "py", "ux", "uy", "uu", "s", "w",
                 "alive", "movable", "seg", "cache")

    def __init__(self, disc: Disc, movable: bool) -> None:
        self.disc = disc
        self.id = disc.id
        self.r = disc.r
        self.x, self.y = disc.x, disc.y
        self.px, self.py = disc.x, disc.y
        self.ux = self.uy = self.uu = 0
        self.s = self.w = 0
        self.alive = True
        self.movable = movable
        self.seg = 0  # bumped whenever the segment changes (keys the scan cache)
        self.cache: tuple[int, int, int, int] | None = None

    def start(self, vx: int, vy: int) -> None:
        """A new segment from here with velocity (vx, vy) in sub-units per step."""
        self.px, self.py = self.x, self.y
        self.s = 0
        self.seg += 1
        w = isqrt(vx * vx + vy * vy)
        self.w = w
        if w == 0:
            self.ux = self.uy = self.uu = 0
            return
        # The norm is taken 32 bits finer than the speed, so the unit vector is the true
        # direction rounded, not one stretched by the speed's rounding down.
        norm = isqrt((vx * vx + vy * vy) << 64)
        ux = tdiv_round(vx << (UNIT_BITS + 32), norm)
        uy = tdiv_round(vy << (UNIT_BITS + 32), norm)
        self.ux, self.uy = shorten(ux, uy)
        self.uu = self.ux * self.ux + self.uy * self.uy

    def at(self, s: int) -> tuple[int, int]:
        """The shown position after sliding ``s`` along the segment."""
        return self.px + rnd(self.ux * s, POS_BITS), self.py + rnd(self.uy * s, POS_BITS)

    def move_to(self, s: int) -> None:
        self.s = s
        self.x, self.y = self.at(s)

    def velocity(self) -> tuple[int, int]:
        return (tdiv(self.ux * self.w, 1 << UNIT_BITS),
                tdiv(self.uy * self.w, 1 << UNIT_BITS))


def touch_s(b: Body, o: Body) -> int | None:
    """How far along ``b``'s segment it first comes within touching distance (plus the
    skin) of ``o`` standing where it is now; None if its line never does or it is moving
    away. Never less than how far ``b`` has already come."""
    dx, dy = o.x - b.px, o.y - b.py
    proj = dx * b.ux + dy * b.uy
    if proj <= 0:
        return None
    reach = b.r + o.r + SKIN
    c = dx * dx + dy * dy - reach * reach
    disc = proj * proj - b.uu * c
    if disc < 0:
        return None
    root = isqrt(disc)
    if root * root < disc:
        root += 1
    s = ((proj - root) << POS_BITS) // b.uu
    if s < b.s:
        # Already inside the skin, or the entry lies behind: touching now, unless the disc
        # is heading away from ``o`` from where it stands.
        ex, ey = o.x - b.x, o.y - b.y
        if ex * b.ux + ey * b.uy <= 0:
            return None
        return b.s
    return s


def edge_s(b: Body, half: int) -> int | None:
    """How far along ``b``'s segment its centre first passes beyond the map's edge."""
    best: int | None = None
    for p, u in ((b.px, b.ux), (b.py, b.uy)):
        if u > 0:
            s = ((half - p) << POS_BITS) // u + 1
        elif u < 0:
            s = ((half + p) << POS_BITS) // (-u) + 1
        else:
            continue
        if best is None or s < best:
            best = s
    return best


def steps_to(w: int, dist: int) -> int:
    """The first step count j >= 1 whose slide from speed ``w`` (friction taken before each
    step) reaches ``dist`` sub-units; a number past the stopping step if it never does."""
    if dist <= 0:
        return 1
    f = FRICTION
    k_stop = (w - 1) // f
    if k_stop <= 0:
        return 1
    if k_stop * w - f * k_stop * (k_stop + 1) // 2 < dist:
        return k_stop + 1
    b = 2 * w - f
    disc = b * b - 8 * f * dist
    j = max(1, (b - isqrt(max(disc, 0))) // (2 * f))
    while j * w - f * j * (j + 1) // 2 < dist:
        j += 1
    while j > 1 and (j - 1) * w - f * (j - 1) * j // 2 >= dist:
        j -= 1
    return j
