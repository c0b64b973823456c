"""The flick: discs sliding on the Starmap under friction, bouncing, ramming, falling off.

Everything is integer arithmetic with a fixed time step, so a recorded flick lands on the
same spot on every machine (core/empires/DESIGN.md, "The flick model"):

- Positions are whole 1/100 mm. A moving disc follows a straight *segment* from its origin
  ``(px, py)`` along a direction ``(ux, uy)`` scaled by 2**30; ``s`` is how far it has come,
  in 1/100 mm scaled by 2**16 (``SUB``), and its shown position is the origin plus ``u * s``
  rounded half away from zero. Positions are never accumulated, so no error builds up.
- Each step every moving disc, in order of id, first loses ``FRICTION`` of speed (stopping
  when none is left), then slides that far along its segment. The first disc its path would
  touch stops it at the touching point and the rest of that step's slide is dropped.
- A bounce reflects the velocities along the line of centres with a restitution below 1; a
  resting disc that is struck starts a segment of its own. Every division truncates toward
  zero and every rounding is half away from zero, so the arithmetic commutes with mirror
  images, and no bounce can add speed.

Ram, mine and lost in space are reported as events; what they cost is for the rules.

Steps in which nothing can touch anything are skipped in closed form (the slide under
constant friction is an arithmetic series), which is what makes a flick cost a fraction of a
millisecond; ``simulate(..., reference=True)`` takes every step one by one, and the tests hold
the two to the same answers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import isqrt
from typing import NamedTuple

from core.empires.fixedtrig import UNIT_BITS, unit_vector
from core.empires.geometry import touches_orbit

SUB_BITS = 16
SUB = 1 << SUB_BITS  # distances and speeds in flight: 1/100 mm * 2**16
_POS_BITS = UNIT_BITS + SUB_BITS  # u * s carries both scales
_HALF_POS = 1 << (_POS_BITS - 1)

# One step is one millisecond of table time. Friction slows a disc by 3 m/s² (plastic on
# neoprene), i.e. 0.003 mm per step, every step.
FRICTION = 3 * SUB // 10
# Full power (1000 ‰) is 3 m/s: 300 units per step, a free slide of about 1.5 m, enough to
# send a ship off the map from anywhere on it.
MAX_SPEED = 300 * SUB
MAX_POWER = 1000
# Restitution as fractions: the location discs are held in their holes and deaden a bounce
# more than two plastic discs meeting.
BOUNCE_FIXED = (3, 5)
BOUNCE_LOOSE = (4, 5)
# Contacts are found at one unit beyond touching, so a position rounded to whole units can
# never overlap what it stopped against.
_SKIN = 1
_PAIR_MARGIN = 3  # units: skin plus the rounding of both discs' shown positions

NOBODY = -1  # owner of the locations
GUARDIAN = -2  # owner of guardian warships and robots: an enemy to every seat

MOVABLE = frozenset({"ship", "starbase"})
RAMMABLE = frozenset({"ship", "warship", "robot"})
KINDS = frozenset({"location", "ship", "starbase", "warship", "robot", "mine"})


class Disc(NamedTuple):
    """A round piece on the Starmap. ``owner`` is a seat, NOBODY or GUARDIAN; ``ram_proof``
    marks a ship not destroyed when rammed (the Juggernaut). Guardian warships are never
    destroyed by a ram."""

    id: int
    kind: str
    owner: int
    x: int
    y: int
    r: int
    ram_proof: bool = False


class Hit(NamedTuple):
    """Something that happened during a flick. ``kind``: "bounce" (``disc`` struck
    ``other``), "ram" (the flicked ship struck the enemy ``other``), "mine" (``disc`` struck
    the mine ``other``), "lost" (``disc`` left the map; ``other`` is -1), "rest" (``disc``
    came to rest). ``x``, ``y``: where ``disc`` was when it happened."""

    kind: str
    step: int
    disc: int
    other: int
    x: int
    y: int


@dataclass(frozen=True)
class FlickResult:
    """The table after a flick: every disc still on it (``discs``, in the order given,
    positions updated), what happened in order (``hits``), the ids removed (rammed, mined, lost),
    the steps it took, and the locations each movable disc at rest orbits."""

    discs: tuple[Disc, ...]
    hits: tuple[Hit, ...]
    removed: tuple[int, ...]
    steps: int
    orbits: dict[int, tuple[int, ...]]

    def disc(self, disc_id: int) -> Disc:
        for d in self.discs:
            if d.id == disc_id:
                return d
        raise KeyError(f"disc {disc_id} is no longer on the map")


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
    return _shorten(ux, uy)


def _shorten(ux: int, uy: int) -> tuple[int, int]:
    limit = 1 << (2 * UNIT_BITS)
    while ux * ux + uy * uy > limit:
        ax, ay = abs(ux), abs(uy)
        if ax >= ay:
            ux -= 1 if ux > 0 else -1
        if ay >= ax:
            uy -= 1 if uy > 0 else -1
    return ux, uy


def _rnd(value: int, bits: int) -> int:
    """value / 2**bits rounded half away from zero."""
    half = 1 << (bits - 1)
    return (value + half) >> bits if value >= 0 else -((half - value) >> bits)


def _tdiv_round(a: int, b: int) -> int:
    """a / b rounded half away from zero (b > 0)."""
    return (2 * a + b) // (2 * b) if a >= 0 else -((b - 2 * a) // (2 * b))


def _tdiv(a: int, b: int) -> int:
    """a / b truncated toward zero (b > 0)."""
    return a // b if a >= 0 else -((-a) // b)


class _Body:
    """A disc during the simulation: where it is, and its segment while it moves."""

    __slots__ = ("disc", "id", "r", "x", "y", "px", "py", "ux", "uy", "uu", "s", "w",
                 "alive", "movable", "seg", "cache")

    def __init__(self, disc: Disc) -> None:
        self.disc = disc
        self.id = disc.id
        self.r = disc.r
        self.x, self.y = disc.x, disc.y
        self.px, self.py = disc.x, disc.y
        self.ux = self.uy = self.uu = 0
        self.s = self.w = 0
        self.alive = True
        self.movable = disc.kind in MOVABLE
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
        ux = _tdiv_round(vx << (UNIT_BITS + 32), norm)
        uy = _tdiv_round(vy << (UNIT_BITS + 32), norm)
        self.ux, self.uy = _shorten(ux, uy)
        self.uu = self.ux * self.ux + self.uy * self.uy

    def at(self, s: int) -> tuple[int, int]:
        """The shown position after sliding ``s`` along the segment."""
        return self.px + _rnd(self.ux * s, _POS_BITS), self.py + _rnd(self.uy * s, _POS_BITS)

    def move_to(self, s: int) -> None:
        self.s = s
        self.x, self.y = self.at(s)

    def velocity(self) -> tuple[int, int]:
        return (_tdiv(self.ux * self.w, 1 << UNIT_BITS),
                _tdiv(self.uy * self.w, 1 << UNIT_BITS))


def _touch_s(b: _Body, o: _Body) -> int | None:
    """How far along ``b``'s segment it first comes within touching distance (plus the
    skin) of ``o`` standing where it is now; None if its line never does or it is moving
    away. Never less than how far ``b`` has already come."""
    dx, dy = o.x - b.px, o.y - b.py
    proj = dx * b.ux + dy * b.uy
    if proj <= 0:
        return None
    reach = b.r + o.r + _SKIN
    c = dx * dx + dy * dy - reach * reach
    disc = proj * proj - b.uu * c
    if disc < 0:
        return None
    root = isqrt(disc)
    if root * root < disc:
        root += 1
    s = ((proj - root) << _POS_BITS) // b.uu
    if s < b.s:
        # Already inside the skin, or the entry lies behind: touching now, unless the disc
        # is heading away from ``o`` from where it stands.
        ex, ey = o.x - b.x, o.y - b.y
        if ex * b.ux + ey * b.uy <= 0:
            return None
        return b.s
    return s


def _edge_s(b: _Body, half: int) -> int | None:
    """How far along ``b``'s segment its centre first passes beyond the map's edge."""
    best: int | None = None
    for p, u in ((b.px, b.ux), (b.py, b.uy)):
        if u > 0:
            s = ((half - p) << _POS_BITS) // u + 1
        elif u < 0:
            s = ((half + p) << _POS_BITS) // (-u) + 1
        else:
            continue
        if best is None or s < best:
            best = s
    return best


def _steps_to(w: int, dist: int) -> int:
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


class _Sim:
    """One flick being played out."""

    def __init__(self, discs: Iterable[Disc], flicked: int, can_ram: bool, half: int,
                 reference: bool, energy: list[int] | None) -> None:
        # Kept in the caller's order: every choice between discs is made by id, not place.
        self.bodies = [_Body(d) for d in discs]
        self.by_id = {b.id: b for b in self.bodies}
        self.movers: list[_Body] = []
        self.flicked = flicked
        self.can_ram = can_ram
        self.half = half
        self.reference = reference
        self.energy = energy
        self.version = 0  # bumped whenever the set of discs at rest changes
        self.step_no = 0
        self.hits: list[Hit] = []
        self.removed: list[int] = []
        self.rammed = False
        self.big = max((b.r for b in self.bodies), default=0)

    # --- the loop ---------------------------------------------------------------------

    def run(self) -> None:
        self.log_energy()
        while self.movers:
            if not self.reference:
                n = self.safe_steps()
                if n > 0:
                    self.advance(n)
            self.step()

    def safe_steps(self) -> int:
        """How many steps can pass with no disc touching another, stopping or leaving."""
        best = 1 << 62
        for m in self.movers:
            k_stop = (m.w - 1) // FRICTION
            if k_stop <= 0:
                return 0
            best = min(best, k_stop)
            hit = self.rest_hit(m)
            if hit is not None:
                best = min(best, _steps_to(m.w, hit[0] - m.s) - 1)
            if best <= 0:
                return 0
        for i, a in enumerate(self.movers):
            for b in self.movers[i + 1:]:
                dx, dy = a.x - b.x, a.y - b.y
                gap = isqrt(dx * dx + dy * dy) - a.r - b.r - _PAIR_MARGIN
                if gap <= 0:
                    return 0
                best = min(best, (gap << SUB_BITS) // (a.w + b.w))
                if best <= 0:
                    return 0
        return best

    def advance(self, n: int) -> None:
        """``n`` quiet steps at once: each mover's slide is an arithmetic series."""
        self.step_no += n
        for m in self.movers:
            m.move_to(m.s + n * m.w - FRICTION * n * (n + 1) // 2)
            m.w -= n * FRICTION
        self.log_energy()

    def step(self) -> None:
        """One step: each mover in order of id slows, then slides until it touches."""
        self.step_no += 1
        for m in list(self.movers):
            if not m.alive or m.w <= 0:
                continue
            m.w -= FRICTION
            if m.w <= 0:
                self.stop(m)
                self.log_energy()
                continue
            target = m.s + m.w
            hit = self.first_hit(m)
            if hit is None or hit[0] > target:
                m.move_to(target)
            else:
                m.move_to(hit[0])
                self.contact(m, hit[1])
            self.log_energy()

    # --- what a mover meets -------------------------------------------------------------

    def first_hit(self, m: _Body) -> tuple[int, int] | None:
        """The nearest touch along ``m``'s segment, as (distance, id); id -1 is the edge.
        Ties go to the lower id, and a disc before the edge."""
        if self.reference:
            return self.scan(m, (b for b in self.bodies if b is not m and b.alive))
        best = self.rest_hit(m)
        for o in self.movers:
            if o is m:
                continue
            s = _touch_s(m, o)
            if s is not None and (best is None or (s, o.id) < best):
                best = (s, o.id)
        return best

    def rest_hit(self, m: _Body) -> tuple[int, int] | None:
        """``first_hit`` among the discs at rest and the edge (cached per segment)."""
        c = m.cache
        if c is not None and c[0] == m.seg and c[1] == self.version:
            return None if c[3] == -2 else (c[2], c[3])
        ends = m.at(m.s + slide_distance(m.w + FRICTION))
        pad = m.r + self.big + 2 * _SKIN
        lo_x, hi_x = min(m.x, ends[0]) - pad, max(m.x, ends[0]) + pad
        lo_y, hi_y = min(m.y, ends[1]) - pad, max(m.y, ends[1]) + pad
        near = (b for b in self.bodies
                if b.alive and b.w == 0 and b is not m
                and lo_x <= b.x <= hi_x and lo_y <= b.y <= hi_y)
        hit = self.scan(m, near, movers=False)
        m.cache = (m.seg, self.version, 0, -2) if hit is None else (m.seg, self.version, *hit)
        return hit

    def scan(self, m: _Body, others: Iterable[_Body], movers: bool = True
             ) -> tuple[int, int] | None:
        best: tuple[int, int] | None = None
        for o in others:
            s = _touch_s(m, o)
            if s is not None and (best is None or (s, o.id) < best):
                best = (s, o.id)
        edge = _edge_s(m, self.half)
        if edge is not None and (best is None or edge < best[0]):
            best = (edge, -1)
        return best

    # --- what happens then --------------------------------------------------------------

    def contact(self, m: _Body, other: int) -> None:
        if other == -1:
            self.hits.append(Hit("lost", self.step_no, m.id, -1, m.x, m.y))
            self.remove(m)
            return
        o = self.by_id[other]
        if m.disc.kind == "ship" and o.disc.kind == "mine":
            self.hits.append(Hit("mine", self.step_no, m.id, o.id, m.x, m.y))
            self.remove(m)
            self.remove(o)
            return
        if (m.id == self.flicked and self.can_ram and not self.rammed
                and o.disc.kind in RAMMABLE and o.disc.owner not in (m.disc.owner, NOBODY)):
            self.rammed = True
            self.hits.append(Hit("ram", self.step_no, m.id, o.id, m.x, m.y))
            self.remove(m)
            if not o.disc.ram_proof and o.disc.kind != "warship":
                self.remove(o)
            return
        self.hits.append(Hit("bounce", self.step_no, m.id, o.id, m.x, m.y))
        self.bounce(m, o)

    def bounce(self, m: _Body, o: _Body) -> None:
        """Reflect along the line of centres: off a fixed disc, or sharing the push with a
        loose one of equal mass. Each new velocity component is the exact one truncated
        toward zero, so no bounce adds speed."""
        vax, vay = m.velocity()
        vbx, vby = o.velocity() if o.w > 0 else (0, 0)
        nx, ny = o.x - m.x, o.y - m.y
        nn = nx * nx + ny * ny
        rel = (vax - vbx) * nx + (vay - vby) * ny
        if rel <= 0 or nn == 0:
            self.restart(m, vax, vay)
            return
        if not o.movable:
            num, den = BOUNCE_FIXED
            d = den * nn
            k = (den + num) * rel
            self.restart(m, _tdiv(vax * d - k * nx, d), _tdiv(vay * d - k * ny, d))
            return
        num, den = BOUNCE_LOOSE
        d = 2 * den * nn
        k = (den + num) * rel
        self.restart(m, _tdiv(vax * d - k * nx, d), _tdiv(vay * d - k * ny, d))
        self.restart(o, _tdiv(vbx * d + k * nx, d), _tdiv(vby * d + k * ny, d))

    def restart(self, b: _Body, vx: int, vy: int) -> None:
        was_moving = b.w > 0
        b.start(vx, vy)
        if b.w > 0 and not was_moving:
            self.movers.append(b)
            self.movers.sort(key=lambda x: x.id)
            self.version += 1
        elif b.w == 0 and was_moving:
            self.stop(b)

    def stop(self, b: _Body) -> None:
        b.w = 0
        b.seg += 1
        if b in self.movers:
            self.movers.remove(b)
        self.version += 1
        self.hits.append(Hit("rest", self.step_no, b.id, -1, b.x, b.y))

    def remove(self, b: _Body) -> None:
        b.alive = False
        b.w = 0
        if b in self.movers:
            self.movers.remove(b)
        self.version += 1
        self.removed.append(b.id)

    def log_energy(self) -> None:
        if self.energy is not None:
            self.energy.append(sum(m.w * m.w for m in self.movers))


def simulate(discs: Sequence[Disc], flicked: int, angle: int, power: int, *,
             half_width: int, orbit: int, can_ram: bool = True, reference: bool = False,
             energy: list[int] | None = None) -> FlickResult:
    """Flick disc ``flicked`` at ``angle`` hundredths of a degree with ``power`` ‰ and play
    it out among ``discs`` on a map reaching ``half_width`` from the centre; ``orbit`` is
    the radius of the locations' white rings. ``can_ram=False`` for a ship that cannot ram
    (it bounces off enemies). ``reference`` takes every step one at a time (for tests);
    ``energy``, if given, receives the sum of the squared speeds after every change."""
    speed = launch_speed(power)
    sim = _Sim(discs, flicked, can_ram, half_width, reference, energy)
    if len(sim.by_id) != len(sim.bodies):
        raise ValueError("two discs share one id")
    m = sim.by_id.get(flicked)
    if m is None:
        raise ValueError(f"there is no disc {flicked} to flick")
    if not m.movable:
        raise ValueError(f"disc {flicked} is a {m.disc.kind}, which cannot be flicked")
    m.ux, m.uy = direction(angle)
    m.uu = m.ux * m.ux + m.uy * m.uy
    m.w = speed
    m.seg += 1
    if m.w > 0:
        sim.movers.append(m)
        sim.version += 1
    sim.run()
    final = tuple(b.disc if (b.x, b.y) == (b.disc.x, b.disc.y)
                  else b.disc._replace(x=b.x, y=b.y) for b in sim.bodies if b.alive)
    locations = [b for b in sim.bodies if b.disc.kind == "location"]
    orbits: dict[int, tuple[int, ...]] = {}
    for b in sim.bodies:
        if b.alive and b.movable and (b.x, b.y) != (b.disc.x, b.disc.y):
            orbits[b.id] = tuple(loc.id for loc in locations
                                 if touches_orbit(b.x, b.y, b.r, loc.x, loc.y, orbit))
    return FlickResult(final, tuple(sim.hits), tuple(sim.removed), sim.step_no, orbits)


def overlapping(discs: Sequence[Disc]) -> list[tuple[int, int]]:
    """Every pair of discs that overlap (touching is allowed), as id pairs."""
    out: list[tuple[int, int]] = []
    for i, a in enumerate(discs):
        for b in discs[i + 1:]:
            dx, dy, reach = a.x - b.x, a.y - b.y, a.r + b.r
            if dx * dx + dy * dy < reach * reach:
                out.append((a.id, b.id))
    return out
