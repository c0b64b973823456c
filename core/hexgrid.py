"""Hex geometry for the Tactics battlefield: coordinates, movement, line of sight, text layout.

Pure functions over axial coordinates, shared by the Tactics engine (movement, ranged
targeting, villain planning) and the TUI ``HexMap`` widget (drawing, mouse picking). Nothing
here knows what a Champion or a Forest is: the rules arrive as small callables
(``cost``, ``passable_through``, ``can_stop``, ``blocks``) so the engine keeps the rules and
this module keeps the geometry.

Conventions, fixed once because map files, saves and the screen all depend on them:

* Hexes are *pointy-top*; rows run left to right and ``r`` grows downward on screen.
* Axial ``Hex(q, r)``; the third cube coordinate is ``s = -q - r``.
* ``DIRECTIONS`` are listed E, NE, NW, W, SW, SE (counter-clockwise on screen), and
  ``neighbours`` returns them in that order, so every search below is deterministic.
* Offset coordinates are **odd-r**: ``row == r``, and odd rows sit half a hex to the right
  of even rows. ``to_offset``/``from_offset`` convert for map files.
* Text layout is a brick pattern: each hex is a block of ``hex_width`` x ``hex_height``
  character cells, and each row is shifted ``hex_width // 2`` cells right of the row above,
  which draws exactly the odd-r picture and makes picking a cell pure integer arithmetic.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import NamedTuple

__all__ = [
    "DIRECTIONS",
    "Hex",
    "TextLayout",
    "distance",
    "from_offset",
    "has_line_of_sight",
    "hex_add",
    "hex_scale",
    "hex_subtract",
    "line",
    "los_path",
    "neighbour",
    "neighbours",
    "path_to",
    "reachable",
    "ring",
    "spiral",
    "to_offset",
]


class Hex(NamedTuple):
    """A hex in axial coordinates. A plain tuple, so it hashes, sorts and packs to msgpack."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r


# Order matters: ring() walks these in sequence and searches break ties by it.
DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),  # E
    Hex(1, -1),  # NE
    Hex(0, -1),  # NW
    Hex(-1, 0),  # W
    Hex(-1, 1),  # SW
    Hex(0, 1),  # SE
)


def hex_add(a: Hex, b: Hex) -> Hex:
    # Functions rather than Hex.__add__: overriding tuple "+" would silently change what
    # concatenation means for anyone treating a Hex as the tuple it is.
    return Hex(a.q + b.q, a.r + b.r)


def hex_subtract(a: Hex, b: Hex) -> Hex:
    return Hex(a.q - b.q, a.r - b.r)


def hex_scale(h: Hex, k: int) -> Hex:
    return Hex(h.q * k, h.r * k)


def neighbour(h: Hex, direction: int) -> Hex:
    """The hex next to ``h`` in ``DIRECTIONS[direction]`` (taken modulo 6)."""
    d = DIRECTIONS[direction % 6]
    return Hex(h.q + d.q, h.r + d.r)


def neighbours(h: Hex) -> list[Hex]:
    """The six adjacent hexes, in ``DIRECTIONS`` order."""
    return [Hex(h.q + d.q, h.r + d.r) for d in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    """Number of steps between two hexes (the hex metric, ignoring terrain)."""
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` away, as a closed walk of neighbours (6 * radius hexes).

    Starts at the SW corner and walks E first, so the order is stable for drawing and tests.
    """
    if radius < 0:
        raise ValueError(f"ring radius must be >= 0, got {radius}")
    if radius == 0:
        return [center]
    out: list[Hex] = []
    h = hex_add(center, hex_scale(DIRECTIONS[4], radius))
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = neighbour(h, side)
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` of ``center``: the center, then ring 1, ring 2, ...

    ``spiral(Hex(0, 0), n)`` is also the standard hexagon-shaped map of radius ``n``.
    """
    if radius < 0:
        raise ValueError(f"spiral radius must be >= 0, got {radius}")
    out = [center]
    for k in range(1, radius + 1):
        out.extend(ring(center, k))
    return out


def _cube_round(fq: float, fr: float, fs: float) -> Hex:
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    # Rounding each coordinate alone can break q + r + s == 0; recompute the one that moved
    # furthest from its true value, since it is the least trustworthy.
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


# Small, unequal and summing to zero, so the nudged points stay on the q + r + s == 0 plane
# while never landing exactly on an edge between two hexes.
_NUDGE = (1e-6, 2e-6, -3e-6)


def line(a: Hex, b: Hex) -> list[Hex]:
    """A straight-looking run of adjacent hexes from ``a`` to ``b`` (both included), for display.

    Cube interpolation with a fixed nudge so lines along hex edges pick a side consistently.
    This is only a picture: ranged targeting must use ``has_line_of_sight``, which follows
    the rulebook's "any shortest path" definition rather than the geometric line.
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    aq, ar, as_ = a.q + _NUDGE[0], a.r + _NUDGE[1], a.s + _NUDGE[2]
    bq, br, bs = b.q + _NUDGE[0], b.r + _NUDGE[1], b.s + _NUDGE[2]
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(_cube_round(aq + (bq - aq) * t, ar + (br - ar) * t, as_ + (bs - as_) * t))
    return out


# --- offset coordinates (map files) -------------------------------------------------------


def to_offset(h: Hex) -> tuple[int, int]:
    """``(col, row)`` in odd-r offset coordinates: odd rows are pushed half a hex right."""
    # r & 1 is 1 for odd r, negative rows included (Python ints are two's complement here).
    return h.q + (h.r - (h.r & 1)) // 2, h.r


def from_offset(col: int, row: int) -> Hex:
    """Inverse of ``to_offset``."""
    return Hex(col - (row - (row & 1)) // 2, row)


# --- text layout (the HexMap widget) ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TextLayout:
    """Where each hex sits on a character grid, and which hex is under a given cell.

    A hex ``h`` covers the block of cells whose top-left is ``to_cell(h)``:
    ``hex_width`` columns by ``hex_height`` rows. Each hex row is shifted ``hex_width // 2``
    columns right of the row above it, so the blocks tile the screen with no gaps or
    overlaps, like bricks::

        [  ][  ][  ]
          [  ][  ][  ]
        [  ][  ][  ]

    ``origin`` is the cell where ``Hex(0, 0)``'s block starts; use ``fitting`` to put a
    whole map's top-left corner at cell ``(0, 0)``.
    """

    hex_width: int = 4
    hex_height: int = 1
    origin: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        # An odd width would need a half-cell shift between rows, which a terminal cannot draw.
        if self.hex_width < 2 or self.hex_width % 2:
            raise ValueError(f"hex_width must be even and >= 2, got {self.hex_width}")
        if self.hex_height < 1:
            raise ValueError(f"hex_height must be >= 1, got {self.hex_height}")

    def to_cell(self, h: Hex) -> tuple[int, int]:
        """``(col, row)`` of the top-left character cell of ``h``'s block."""
        # Axial q + r/2 is proportional to the pointy-top pixel x, so with an even width the
        # screen column is an exact integer and needs no odd/even-row case.
        col = self.hex_width * h.q + (self.hex_width // 2) * h.r
        return self.origin[0] + col, self.origin[1] + self.hex_height * h.r

    def from_cell(self, col: int, row: int) -> Hex:
        """The hex whose block contains character cell ``(col, row)``.

        Defined for every cell, off the map too: the caller checks membership in its board.
        """
        x, y = col - self.origin[0], row - self.origin[1]
        r = y // self.hex_height
        return Hex((x - (self.hex_width // 2) * r) // self.hex_width, r)

    def cells(self, h: Hex) -> list[tuple[int, int]]:
        """Every character cell of ``h``'s block, row by row."""
        c0, r0 = self.to_cell(h)
        return [(c0 + dc, r0 + dr) for dr in range(self.hex_height) for dc in range(self.hex_width)]

    def extent(self, hexes: Iterable[Hex]) -> tuple[int, int]:
        """``(width, height)`` in cells of the bounding box of the hexes' blocks."""
        cols, rows = self._corners(hexes)
        return max(cols) + self.hex_width - min(cols), max(rows) + self.hex_height - min(rows)

    @classmethod
    def fitting(cls, hexes: Iterable[Hex], hex_width: int = 4, hex_height: int = 1) -> TextLayout:
        """The layout whose bounding box of ``hexes`` starts exactly at cell ``(0, 0)``."""
        base = cls(hex_width, hex_height)
        cols, rows = base._corners(hexes)
        return cls(hex_width, hex_height, (-min(cols), -min(rows)))

    def _corners(self, hexes: Iterable[Hex]) -> tuple[list[int], list[int]]:
        corners = [self.to_cell(h) for h in hexes]
        if not corners:
            raise ValueError("need at least one hex")
        return [c for c, _ in corners], [r for _, r in corners]


# --- movement -----------------------------------------------------------------------------


def _always(_: Hex) -> bool:
    return True


def _search(
    start: Hex,
    speed: int,
    cost: Callable[[Hex], int | None],
    passable_through: Callable[[Hex], bool],
    goal: Hex | None = None,
) -> tuple[dict[Hex, int], dict[Hex, Hex]]:
    """Dijkstra over hexes: cheapest movement points to *enter* each hex within ``speed``.

    Returns (spent, parent). Ties are broken by the heap's (points, hex) order and parents
    change only on a strict improvement, so the same board always yields the same paths.
    """
    if speed < 0:
        raise ValueError(f"speed must be >= 0, got {speed}")
    spent: dict[Hex, int] = {start: 0}
    parent: dict[Hex, Hex] = {}
    costs: dict[Hex, int | None] = {}
    heap: list[tuple[int, Hex]] = [(0, start)]
    while heap:
        here_cost, here = heapq.heappop(heap)
        if here_cost > spent[here]:
            continue  # stale entry: a cheaper route to this hex was already expanded
        if here == goal:
            break
        # The mover's own hex is always left freely; any other hex must allow moving on.
        if here != start and not passable_through(here):
            continue
        for nxt in neighbours(here):
            if nxt not in costs:
                step = cost(nxt)
                # Every step must cost at least one point, or the search could wander an
                # unbounded board forever and "speed" would stop meaning anything.
                if step is not None and step < 1:
                    raise ValueError(f"cost({nxt}) must be a positive int or None, got {step}")
                costs[nxt] = step
            step = costs[nxt]
            if step is None:
                continue
            total = here_cost + step
            if total <= speed and total < spent.get(nxt, speed + 1):
                spent[nxt] = total
                parent[nxt] = here
                heapq.heappush(heap, (total, nxt))
    return spent, parent


def reachable(
    start: Hex,
    speed: int,
    cost: Callable[[Hex], int | None],
    passable_through: Callable[[Hex], bool] = _always,
    can_stop: Callable[[Hex], bool] = _always,
) -> dict[Hex, int]:
    """Every hex a mover at ``start`` may end its move on, with the fewest points to get there.

    * ``cost(h)``: movement points to enter ``h`` (>= 1), or ``None`` if it can never be
      entered (off the board, an enemy, impassable terrain). It must return ``None`` outside
      the board, which is what bounds the search.
    * ``passable_through(h)``: whether the mover may keep moving after entering ``h``.
    * ``can_stop(h)``: whether the move may end on ``h`` (False for a hex an ally stands on).

    ``start`` is always included at cost 0: standing still is always a legal "move", even
    though the mover's own hex is occupied. A hex costing more than the points left is out
    of reach (no partial steps).
    """
    spent, _ = _search(start, speed, cost, passable_through)
    return {h: c for h, c in spent.items() if h == start or can_stop(h)}


def path_to(
    start: Hex,
    goal: Hex,
    speed: int,
    cost: Callable[[Hex], int | None],
    passable_through: Callable[[Hex], bool] = _always,
    can_stop: Callable[[Hex], bool] = _always,
) -> list[Hex] | None:
    """One cheapest move from ``start`` to ``goal`` (both included), or ``None`` if the move
    is impossible within ``speed``. Same callables and rules as ``reachable``; the choice
    among equally cheap paths is deterministic.
    """
    if goal == start:
        return [start]
    spent, parent = _search(start, speed, cost, passable_through, goal)
    if goal not in spent or not can_stop(goal):
        return None
    path = [goal]
    while path[-1] != start:
        path.append(parent[path[-1]])
    path.reverse()
    return path


# --- line of sight ------------------------------------------------------------------------


def _clear_parents(a: Hex, b: Hex, blocks: Callable[[Hex], bool]) -> dict[Hex, Hex] | None:
    """Dynamic programming over the shortest-path region between ``a`` and ``b``.

    The region is the set of hexes ``h`` with ``distance(a, h) + distance(h, b) ==
    distance(a, b)``; it is layered by the distance from ``a``, and every shortest path takes
    exactly one hex from each layer, stepping between adjacent hexes. A hex is *clear* when
    a shortest path reaches it from ``a`` through unblocked hexes only. Layer by layer, a
    hex is clear iff it is unblocked (the end ``b`` is exempt) and adjacent to a clear hex
    of the previous layer. So there is a clear shortest path iff ``b`` is clear.

    Among clear predecessors each hex keeps the one minimising the total squared deviation
    from the straight segment a-b, ties to the smaller hex, so when ``los_path`` must detour
    it draws the clear path that hugs the line of fire, the same way every time.

    Returns each clear hex's chosen predecessor, or ``None`` when ``b`` is not clear.
    ``blocks`` is called at most once per in-between hex and never on ``a`` or ``b``.
    """
    n = distance(a, b)
    dq, dr = b.q - a.q, b.r - a.r

    def deviation(h: Hex) -> int:
        # The axial cross product is proportional to the Euclidean distance from the line
        # (axial coordinates are an affine image of the screen), and it is an exact int.
        return (dq * (h.r - a.r) - dr * (h.q - a.q)) ** 2

    parent: dict[Hex, Hex] = {}
    score: dict[Hex, int] = {a: 0}
    layer = [a]
    for k in range(1, n + 1):
        left = n - k
        best: dict[Hex, tuple[int, Hex]] = {}
        rejected: set[Hex] = set()
        for prev in layer:
            for h in neighbours(prev):
                # A neighbour of a layer-(k-1) hex that is left steps from b is exactly at
                # distance k from a (triangle inequality both ways), i.e. in layer k.
                if h in rejected or distance(h, b) != left:
                    continue
                if h not in best and k < n and blocks(h):
                    rejected.add(h)
                    continue
                candidate = (score[prev], prev)
                if h not in best or candidate < best[h]:
                    best[h] = candidate
        if not best:
            return None
        layer = sorted(best)
        for h in layer:
            score[h] = best[h][0] + deviation(h)
            parent[h] = best[h][1]
    return parent


def has_line_of_sight(a: Hex, b: Hex, blocks: Callable[[Hex], bool]) -> bool:
    """Whether some shortest hex path from ``a`` to ``b`` has no blocker strictly between them.

    ``blocks(h)`` says whether ``h`` stops a shot passing through it (an enemy Champion,
    blocking terrain); allies should answer False. The end hexes are never asked, so
    shooting into or out of blocking terrain is allowed. Range is the caller's business;
    ``a == b`` and adjacent hexes always see each other.
    """
    return _clear_parents(a, b, blocks) is not None


def los_path(a: Hex, b: Hex, blocks: Callable[[Hex], bool]) -> list[Hex] | None:
    """One clear shortest path from ``a`` to ``b`` (both included) for drawing the shot, or
    ``None`` when there is no line of sight.

    The choice is deterministic: ``line(a, b)`` when that is clear, so an unobstructed shot
    is drawn exactly like the plain line; otherwise the clear path closest to the straight
    segment between the two hexes. (``line`` is itself always one of the closest paths, so
    both cases follow the same rule and differ only in how ties are broken.)
    """
    answers: dict[Hex, bool] = {}

    def blocks_once(h: Hex) -> bool:
        # Both the straight-line check and the search ask about the same hexes; keep the
        # caller's callable to one question per hex.
        if h not in answers:
            answers[h] = blocks(h)
        return answers[h]

    parent = _clear_parents(a, b, blocks_once)
    if parent is None:
        return None
    straight = line(a, b)
    if not any(blocks_once(h) for h in straight[1:-1]):
        return straight
    path = [b]
    while path[-1] != a:
        path.append(parent[path[-1]])
    path.reverse()
    return path
