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

from core.empires.discs import Disc
from core.empires.geometry import touches_orbit
from core.empires.sliding import (
    FRICTION,
    SKIN,
    SUB_BITS,
    Body,
    direction,
    edge_s,
    launch_speed,
    slide_distance,
    steps_to,
    tdiv,
    touch_s,
)

# Restitution as fractions: the location discs are held in their holes and deaden a bounce
# more than two plastic discs meeting.
BOUNCE_FIXED = (3, 5)
BOUNCE_LOOSE = (4, 5)
# The edge, where a touch is named by id: larger than any disc's, so a disc wins a tie.
_EDGE = 1 << 62
_PAIR_MARGIN = 4  # units: the skin, and the rounding of both discs at both ends of a jump

NOBODY = -1  # owner of the locations
GUARDIAN = -2  # owner of guardian warships and robots: an enemy to every seat

MOVABLE = frozenset({"ship", "starbase"})
RAMMABLE = frozenset({"ship", "warship", "robot"})
KINDS = frozenset({"location", "ship", "starbase", "warship", "robot", "mine"})


class Frame(NamedTuple):
    """Where the discs are at one moment of a flick (for showing it, never for the rules):
    ``step`` since the flick, ``moved`` (id, x, y) for every disc away from where it
    started, ``removed`` the ids taken off so far."""

    step: int
    moved: tuple[tuple[int, int, int], ...]
    removed: tuple[int, ...]


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


class _Sim:
    """One flick being played out."""

    def __init__(self, discs: Iterable[Disc], flicked: int, can_ram: bool, half: int,
                 reference: bool, energy: list[int] | None,
                 frames: list[Frame] | None = None, every: int = 0) -> None:
        # Kept in the caller's order: every choice between discs is made by id, not place.
        self.bodies = [Body(d, d.kind in MOVABLE) for d in discs]
        self.by_id = {b.id: b for b in self.bodies}
        self.movers: list[Body] = []
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
        self.frames = frames
        self.every = every if frames is not None else 0
        self.next_frame = 0

    # --- the loop ---------------------------------------------------------------------

    def run(self) -> None:
        self.log_energy()
        self.sample()
        while self.movers:
            if not self.reference:
                n = self.safe_steps()
                if self.every:
                    # A jump never passes a moment to be shown: quiet steps taken in two
                    # jumps land exactly where one would (the slide is a series).
                    n = min(n, self.next_frame - self.step_no)
                if n > 0:
                    self.advance(n)
                    self.sample()
            self.step()
            self.sample()
        self.sample(last=True)

    def sample(self, last: bool = False) -> None:
        """Record a frame when one is due (every ``every`` steps, and the last)."""
        if not self.every or (self.step_no < self.next_frame and not last):
            return
        if self.frames and last and self.frames[-1].step == self.step_no:
            return
        moved = tuple((b.id, b.x, b.y) for b in self.bodies
                      if b.alive and (b.x, b.y) != (b.disc.x, b.disc.y))
        assert self.frames is not None
        self.frames.append(Frame(self.step_no, moved, tuple(self.removed)))
        while self.next_frame <= self.step_no:
            self.next_frame += self.every

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
                best = min(best, steps_to(m.w, hit[0] - m.s) - 1)
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

    def first_hit(self, m: Body) -> tuple[int, int] | None:
        """The nearest touch along ``m``'s segment, as (distance, id); the edge is _EDGE.
        Ties go to the lower id, so a disc before the edge."""
        if self.reference:
            return self.scan(m, (b for b in self.bodies if b is not m and b.alive))
        best = self.rest_hit(m)
        for o in self.movers:
            if o is m:
                continue
            s = touch_s(m, o)
            if s is not None and (best is None or (s, o.id) < best):
                best = (s, o.id)
        return best

    def rest_hit(self, m: Body) -> tuple[int, int] | None:
        """``first_hit`` among the discs at rest and the edge (cached per segment)."""
        c = m.cache
        if c is not None and c[0] == m.seg and c[1] == self.version:
            return None if c[3] == -2 else (c[2], c[3])
        ends = m.at(m.s + slide_distance(m.w + FRICTION))
        pad = m.r + self.big + 2 * SKIN
        lo_x, hi_x = min(m.x, ends[0]) - pad, max(m.x, ends[0]) + pad
        lo_y, hi_y = min(m.y, ends[1]) - pad, max(m.y, ends[1]) + pad
        near = (b for b in self.bodies
                if b.alive and b.w == 0 and b is not m
                and lo_x <= b.x <= hi_x and lo_y <= b.y <= hi_y)
        hit = self.scan(m, near)
        m.cache = (m.seg, self.version, 0, -2) if hit is None else (m.seg, self.version, *hit)
        return hit

    def scan(self, m: Body, others: Iterable[Body]) -> tuple[int, int] | None:
        best: tuple[int, int] | None = None
        for o in others:
            s = touch_s(m, o)
            if s is not None and (best is None or (s, o.id) < best):
                best = (s, o.id)
        edge = edge_s(m, self.half)
        if edge is not None and (best is None or edge < best[0]):
            best = (edge, _EDGE)
        return best

    # --- what happens then --------------------------------------------------------------

    def contact(self, m: Body, other: int) -> None:
        if other == _EDGE:
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

    def bounce(self, m: Body, o: Body) -> None:
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
            self.restart(m, tdiv(vax * d - k * nx, d), tdiv(vay * d - k * ny, d))
            return
        num, den = BOUNCE_LOOSE
        d = 2 * den * nn
        k = (den + num) * rel
        self.restart(m, tdiv(vax * d - k * nx, d), tdiv(vay * d - k * ny, d))
        self.restart(o, tdiv(vbx * d + k * nx, d), tdiv(vby * d + k * ny, d))

    def restart(self, b: Body, vx: int, vy: int) -> None:
        was_moving = b.w > 0
        b.start(vx, vy)
        if b.w > 0 and not was_moving:
            self.movers.append(b)
            self.movers.sort(key=lambda x: x.id)
            self.version += 1
        elif b.w == 0 and was_moving:
            self.stop(b)

    def stop(self, b: Body) -> None:
        b.w = 0
        b.seg += 1
        if b in self.movers:
            self.movers.remove(b)
        self.version += 1
        self.hits.append(Hit("rest", self.step_no, b.id, -1, b.x, b.y))

    def remove(self, b: Body) -> None:
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
             energy: list[int] | None = None, frames: list[Frame] | None = None,
             every: int = 0) -> FlickResult:
    """Flick disc ``flicked`` at ``angle`` hundredths of a degree with ``power`` ‰ and play
    it out among ``discs`` on a map reaching ``half_width`` from the centre; ``orbit`` is
    the radius of the locations' white rings. ``can_ram=False`` for a ship that cannot ram
    (it bounces off enemies). ``reference`` takes every step one at a time (for tests);
    ``energy``, if given, receives the sum of the squared speeds after every change;
    ``frames``, if given, receives where the discs are every ``every`` steps from the
    start, and at the end (``Frame``) — the flight as it would be seen; the result is the
    same with or without them."""
    if frames is not None and every < 1:
        raise ValueError("frames are taken every 1 step or more")
    speed = launch_speed(power)
    sim = _Sim(discs, flicked, can_ram, half_width, reference, energy, frames, every)
    if len(sim.by_id) != len(sim.bodies):
        raise ValueError("two discs share one id")
    strange = {b.disc.kind for b in sim.bodies} - KINDS
    if strange:
        raise ValueError(f"unknown kind of disc {sorted(strange)[0]!r}")
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
    """Every pair of discs that overlap (touching is allowed), as id pairs, in the order of
    the list (pair (i, j), i < j, by i then j)."""
    # Sweep along x: two discs whose x-extents do not overlap cannot overlap, so each disc
    # is tested only against those starting left of its right edge (coordinates are
    # integers, so the cut is exact). The audit calls this after every step.
    order = sorted(range(len(discs)), key=lambda k: discs[k].x - discs[k].r)
    found: list[tuple[int, int]] = []
    for n, i in enumerate(order):
        a = discs[i]
        right = a.x + a.r
        for j in order[n + 1:]:
            b = discs[j]
            if b.x - b.r >= right:
                break
            dx, dy, reach = a.x - b.x, a.y - b.y, a.r + b.r
            if dx * dx + dy * dy < reach * reach:
                found.append((i, j) if i < j else (j, i))
    found.sort()
    return [(discs[i].id, discs[j].id) for i, j in found]
