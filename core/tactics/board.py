"""The Tactics battlefield as cells: terrain, movement, line of sight and shrine control.

A map lists its hexes once; the engine refers to a hex by its index in that list (a *cell*).
The functions here take the changing parts of the board as plain per-cell sequences, so
the state keeps one list per concern and nothing here holds game state:

* ``terrain[c]``: the terrain now on ``c`` (a Forest can be put under a unit mid-game);
* ``occupant_side[c]``: the side of the unit standing on ``c``, or -1;
* ``portal_side[c]``: the side owning an active portal on ``c``, or -1.

The rules, in our words:

* **Movement.** A unit spends its Speed in points, one per hex entered and two to enter a
  Forest (also Forest to Forest); leaving a hex is free. A hex holding a unit of another
  side can be neither entered nor crossed. Hexes holding units of the mover's side can be
  crossed but a move cannot end there. A portal owned by another side cannot be entered.
  Enchanted hexes cannot be entered when the scenario makes them a barrier. Everything
  else (inactive portals, shrines, beacons, tainted hexes, treasure) is entered normally.
* **Line of sight** from ``a`` to ``b``: some shortest hex path between them whose hexes
  strictly in between hold neither a Forest nor a unit of another side. The two ends never
  block, and units of the viewer's side never block. Only hexes of the map carry a path:
  a shortest path that would leave the board (past its edge or through a gap in it) is
  blocked there, because no shot can be traced over a hex that is not on the table.
* **Shrine control**: the side with strictly the most units on a shrine and its adjacent
  hexes; a tie for the most, or nobody there, leaves it uncontrolled (-1).

Speed matters: ``move_targets`` and ``attack_targets`` run thousands of times per game
(legal actions, bots), so every geometric fact (neighbours, distances, the shape of the
region of shortest paths between two cells) is computed once per map, and the per-call
work is a small search over ints.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from core.hexgrid import DIRECTIONS, Hex
from core.hexgrid import distance as hex_distance

__all__ = [
    "BEACON",
    "ENCHANTED",
    "FOREST",
    "INACTIVE_PORTAL",
    "PLAIN",
    "PORTAL",
    "SHRINE",
    "TAINTED",
    "TERRAINS",
    "MapDef",
    "Route",
    "attack_targets",
    "in_sight",
    "make_map",
    "move_path",
    "move_routes",
    "move_targets",
    "shrine_controller",
]

PLAIN, PORTAL, INACTIVE_PORTAL, SHRINE, FOREST, TAINTED, ENCHANTED, BEACON = (
    "plain", "portal", "inactive_portal", "shrine", "forest", "tainted", "enchanted", "beacon")
TERRAINS: tuple[str, ...] = (
    PLAIN, PORTAL, INACTIVE_PORTAL, SHRINE, FOREST, TAINTED, ENCHANTED, BEACON)

DEFAULT_SHRINE_HONOR = 2

# One layer of the shortest-path region between two cells: each cell with the cells of the
# previous layer it is adjacent to.
_Layer = tuple[tuple[int, tuple[int, ...]], ...]


@dataclass(frozen=True)
class MapDef:
    """A scenario's battlefield: the hexes and what starts on them. Immutable and shared.

    Build one with ``make_map`` (it fills ``neighbours``); the constructor checks that the
    parallel tuples agree, so a map that exists is a consistent map.
    """

    hexes: tuple[Hex, ...]
    terrain: tuple[str, ...]
    portal_slot: tuple[int, ...]
    shrine_honor: tuple[int, ...]
    treasure: tuple[bool, ...]
    neighbours: tuple[tuple[int, ...], ...]
    # Derived once in __post_init__; left out of comparison and repr (they follow from hexes).
    shrines: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _index: dict[Hex, int] = field(init=False, repr=False, compare=False)
    _dist: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    _steps: tuple[tuple[tuple[int, int], ...], ...] = field(
        init=False, repr=False, compare=False)
    _near: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    _near_end: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    _area: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    _sight: dict[int, tuple[_Layer, ...] | None] = field(
        init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        n = len(self.hexes)
        for name in ("terrain", "portal_slot", "shrine_honor", "treasure", "neighbours"):
            if len(getattr(self, name)) != n:
                raise ValueError(f"MapDef.{name} has {len(getattr(self, name))} entries, "
                                 f"hexes has {n}")
        index = {h: i for i, h in enumerate(self.hexes)}
        if len(index) != n:
            raise ValueError("MapDef.hexes lists a hex twice")
        steps = tuple(
            tuple((d, index[nb]) for d, nb in enumerate(_around(h)) if nb in index)
            for h in self.hexes)
        if self.neighbours != tuple(tuple(c for _, c in s) for s in steps):
            raise ValueError("MapDef.neighbours does not match the hexes (use make_map)")
        for c in range(n):
            t = self.terrain[c]
            if t not in TERRAINS:
                raise ValueError(f"cell {c}: unknown terrain {t!r}")
            if (t == PORTAL) != (self.portal_slot[c] != 0) or not 0 <= self.portal_slot[c] <= 4:
                raise ValueError(f"cell {c}: a portal needs a slot 1..4 and only a portal has one")
            if (t == SHRINE) != (self.shrine_honor[c] > 0):
                raise ValueError(f"cell {c}: a shrine needs positive honor, and only a shrine")
            if self.treasure[c] and t != PLAIN:
                raise ValueError(f"cell {c}: treasure starts on plain hexes only")
        dist = tuple(tuple(hex_distance(a, b) for b in self.hexes) for a in self.hexes)
        # Cells ordered by distance from each cell (ties by index), with where each distance
        # ends, so "everything within r" is one slice.
        near = tuple(tuple(sorted(range(n), key=lambda b: (dist[a][b], b))) for a in range(n))
        limit = max((max(row) for row in dist), default=0)
        near_end = tuple(
            tuple(bisect_right([dist[a][b] for b in near[a]], r) for r in range(limit + 1))
            for a in range(n))
        area = tuple((c, *self.neighbours[c]) for c in range(n))
        put = object.__setattr__  # frozen: the derived tables are set once, here
        put(self, "shrines", tuple(c for c in range(n) if self.terrain[c] == SHRINE))
        put(self, "_index", index)
        put(self, "_dist", dist)
        put(self, "_steps", steps)
        put(self, "_near", near)
        put(self, "_near_end", near_end)
        put(self, "_area", area)
        # Filled lazily by _sight_layers: most pairs of cells are never asked about.
        put(self, "_sight", {})

    def cell(self, h: Hex) -> int | None:
        """The cell of hex ``h``, or None when ``h`` is not on this map."""
        return self._index.get(h)

    def distance(self, a: int, b: int) -> int:
        """Hex distance between two cells (ignores terrain and gaps, like range does)."""
        return self._dist[a][b]

    def within(self, c: int, r: int) -> tuple[int, ...]:
        """Every cell at distance <= ``r`` from ``c`` (``c`` itself first), nearest first."""
        if r < 0:
            return ()
        ends = self._near_end[c]
        return self._near[c][: ends[min(r, len(ends) - 1)]]

    def portals(self, slot: int) -> tuple[int, ...]:
        """The cells where Gateway ``slot``'s portals start."""
        return tuple(c for c, s in enumerate(self.portal_slot) if s == slot)

    def treasure_cells(self) -> tuple[int, ...]:
        return tuple(c for c, t in enumerate(self.treasure) if t)

    def _sight_layers(self, a: int, b: int) -> tuple[_Layer, ...] | None:
        """The in-between layers of on-map shortest paths from ``a`` to ``b`` (distance >= 2).

        Layer k holds the on-map cells at distance k from ``a`` and ``n - k`` from ``b``,
        each with its neighbours in layer k - 1 (layer 0 is ``a``). A cell whose every
        predecessor is off the map gets none and can never be clear. ``None`` when some
        layer is empty: the map's outline alone cuts every shortest path.
        """
        key = a * len(self.hexes) + b
        if key in self._sight:
            return self._sight[key]
        dist_b = self._dist[b]
        n = self._dist[a][b]
        layers: list[_Layer] = []
        prev: tuple[int, ...] = (a,)
        result: tuple[_Layer, ...] | None
        for k in range(1, n):
            left = n - k
            members = sorted({nb for p in prev for nb in self.neighbours[p]
                              if dist_b[nb] == left})
            if not members:
                result = None
                break
            prev_set = set(prev)
            layer = tuple((c, tuple(p for p in self.neighbours[c] if p in prev_set))
                          for c in members)
            layers.append(layer)
            prev = tuple(members)
        else:
            result = tuple(layers)
        self._sight[key] = result
        return result


def _around(h: Hex) -> list[Hex]:
    return [Hex(h.q + d.q, h.r + d.r) for d in DIRECTIONS]


def make_map(
    hexes: Sequence[Hex],
    terrain: Sequence[str] | None = None,
    portal_slot: Sequence[int] | None = None,
    shrine_honor: Sequence[int] | None = None,
    treasure: Sequence[bool] | None = None,
) -> MapDef:
    """A MapDef over ``hexes`` (cell order = list order); missing columns default to plain,
    no portal, no shrine, no treasure. Shrines without an honor value score the default 2.
    """
    hx = tuple(Hex(*h) for h in hexes)
    n = len(hx)
    ter = tuple(terrain) if terrain is not None else (PLAIN,) * n
    honor = (tuple(shrine_honor) if shrine_honor is not None
             else tuple(DEFAULT_SHRINE_HONOR if t == SHRINE else 0 for t in ter))
    index = {h: i for i, h in enumerate(hx)}
    nbrs = tuple(tuple(index[nb] for nb in _around(h) if nb in index) for h in hx)
    return MapDef(
        hexes=hx,
        terrain=ter,
        portal_slot=tuple(portal_slot) if portal_slot is not None else (0,) * n,
        shrine_honor=honor,
        treasure=tuple(treasure) if treasure is not None else (False,) * n,
        neighbours=nbrs,
    )


# --- movement -----------------------------------------------------------------------------


def entry_cost(terrain: Sequence[str], portal_side: Sequence[int],
               occupant_side: Sequence[int], side: int, cell: int, barrier: bool) -> int:
    """Movement points ``side`` spends to step onto ``cell``, or 0 if it may not: an enemy
    unit or an enemy portal is there, or an Enchanted barrier. A Forest costs 2."""
    occ = occupant_side[cell]
    if occ != -1 and occ != side:
        return 0
    owner = portal_side[cell]
    if owner != -1 and owner != side:
        return 0
    t = terrain[cell]
    if barrier and t == ENCHANTED:
        return 0
    return 2 if t == FOREST else 1


def move_targets(
    m: MapDef,
    terrain: Sequence[str],
    portal_side: Sequence[int],
    occupant_side: Sequence[int],
    side: int,
    start: int,
    speed: int,
    barrier: bool = False,
) -> dict[int, int]:
    """Every cell the unit of ``side`` at ``start`` may end a move on -> the fewest movement
    points spent getting there. ``start`` itself is not included (standing still is not a
    move). ``barrier``: Enchanted hexes cannot be entered.
    """
    if speed <= 0:
        return {}
    best: dict[int, int] = {start: 0}
    # Steps cost 1 or 2, so a bucket per points-spent value is an exact Dijkstra queue.
    buckets: list[list[int]] = [[] for _ in range(speed + 1)]
    buckets[0].append(start)
    nbrs = m.neighbours
    seen = best.get
    # entry_cost written out inline (this loop is the search's whole cost): a cell is shut
    # by an enemy unit, an enemy portal or an Enchanted barrier; a Forest costs 2.
    for spent in range(speed):
        step = spent + 1
        for here in buckets[spent]:
            if best[here] != spent:
                continue  # reached more cheaply later in the search order: stale entry
            for nb in nbrs[here]:
                old = seen(nb)
                if old is not None and old <= step:
                    continue  # no step from here costs less than one point: most neighbours
                occ = occupant_side[nb]
                if occ != -1 and occ != side:
                    continue
                owner = portal_side[nb]
                if owner != -1 and owner != side:
                    continue
                t = terrain[nb]
                if t == FOREST:
                    total = spent + 2
                    if total > speed:
                        continue
                elif barrier and t == ENCHANTED:
                    continue
                else:
                    total = step
                if old is None or total < old:
                    best[nb] = total
                    buckets[total].append(nb)
    # Occupied cells (allies, and the mover's own start) can be crossed, never ended on.
    del best[start]
    return {c: v for c, v in best.items() if occupant_side[c] == -1}


class Route(NamedTuple):
    """One way a move can go, told apart from the others by what happens on it.

    ``path``: the cells entered, the goal last. ``marks``: the cells where something happens,
    in order — a Beacon taken, an Inactive Portal woken, a Tainted hex entered (each entry) —
    up to the point where the unit falls, if it does (``falls``). ``beacons`` and ``portals``
    count what it takes and wakes, ``tainted`` the Tainted hexes it enters, ``cost`` the
    movement points it spends.
    """

    path: tuple[int, ...]
    marks: tuple[int, ...]
    beacons: int
    portals: int
    tainted: int
    falls: bool
    cost: int


def move_routes(
    m: MapDef,
    terrain: Sequence[str],
    portal_side: Sequence[int],
    occupant_side: Sequence[int],
    side: int,
    start: int,
    goal: int,
    speed: int,
    barrier: bool = False,
    beacon_owner: Sequence[int] | None = None,
    hurt: int = 1,
    life: int = 1 << 30,
) -> list[Route]:
    """The distinct ways from ``start`` to ``goal`` within ``speed``, by what they do.

    Two walks are the same route when they take the same Beacons (those ``side`` does not
    own yet: ``beacon_owner[c]`` is the owning side or -1, None = nobody owns any), wake the
    same Inactive Portals and enter Tainted hexes as often (``hurt`` damage each, 0: Tainted
    hexes do nothing) — counted up to the entry that uses up ``life`` (the unit falls there
    and nothing after it happens). Of walks that take and wake the same things, only those
    entering Tainted hexes least are offered: nobody walks into poison for nothing. A walk
    may cross a hex twice (a Beacon in a dead end is taken on the way).

    Each route is walked by its cheapest walk, then the smallest sequence of step directions
    in ``hexgrid.DIRECTIONS`` order; routes come fewest Tainted entries first, then most
    Beacons, then cheapest, then by directions — the first is the walk the engine took
    before players chose their routes.

    Raises ValueError when ``goal`` is not in ``move_targets``.
    """
    if goal == start or occupant_side[goal] != -1:
        raise ValueError(f"cell {goal} is not a legal destination from {start}")
    steps = m._steps
    lethal = -(-life // hurt) if hurt > 0 else 1 << 30  # Tainted entries that defeat
    # layers[spent][(cell, taken, tainted)] -> (directions, cells, marks): the walks ending
    # on ``cell`` for exactly ``spent`` points that took the Beacons and Portals in the bit
    # set ``taken`` and entered ``tainted`` Tainted hexes. For a fixed key the smaller
    # directions stay smaller after any common continuation (every step costs a point, so
    # neither walk is a prefix of the other).
    Walk = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    layers: list[dict[tuple[int, int, int], Walk]] = [{} for _ in range(max(speed, 0) + 1)]
    layers[0][(start, 0, 0)] = ((), (), ())
    found: dict[tuple[int, int], tuple[int, Walk]] = {}  # (taken, tainted) -> (spent, walk)
    for spent, layer in enumerate(layers):
        for (here, taken, tainted), walk in layer.items():
            if here == goal and (taken, tainted) not in found:
                found[(taken, tainted)] = (spent, walk)
            dirs, cells, marks = walk
            alive = tainted < lethal
            for d, nb in steps[here]:
                cost = entry_cost(terrain, portal_side, occupant_side, side, nb, barrier)
                total = spent + cost
                if not cost or total > speed:
                    continue
                t = terrain[nb]
                nb_taken, nb_tainted, nb_marks = taken, tainted, marks
                if alive:
                    bit = 1 << nb
                    if (t == INACTIVE_PORTAL or (t == BEACON and (
                            beacon_owner is None or beacon_owner[nb] != side))):
                        if not taken & bit:
                            nb_taken, nb_marks = taken | bit, (*marks, nb)
                    elif t == TAINTED and hurt > 0:
                        nb_tainted, nb_marks = tainted + 1, (*marks, nb)
                key = (nb, nb_taken, nb_tainted)
                entry = ((*dirs, d), (*cells, nb), nb_marks)
                old = layers[total].get(key)
                if old is None or entry[0] < old[0]:
                    layers[total][key] = entry
    if not found:
        raise ValueError(f"cell {goal} is not reachable from {start} with speed {speed}")
    fewest: dict[int, int] = {}
    for taken, tainted in found:
        fewest[taken] = min(tainted, fewest.get(taken, tainted))
    routes = []
    for (taken, tainted), (spent, (dirs, cells, marks)) in found.items():
        if tainted != fewest[taken]:
            continue
        beacons = sum(1 for c in marks if terrain[c] == BEACON)
        routes.append((tainted, -beacons, spent, dirs, Route(
            cells, marks, beacons, sum(1 for c in marks if terrain[c] == INACTIVE_PORTAL),
            tainted, tainted >= lethal, spent)))
    routes.sort(key=lambda r: r[:4])
    return [r[4] for r in routes]


def move_path(
    m: MapDef,
    terrain: Sequence[str],
    portal_side: Sequence[int],
    occupant_side: Sequence[int],
    side: int,
    start: int,
    goal: int,
    speed: int,
    barrier: bool = False,
    beacon_owner: Sequence[int] | None = None,
) -> list[int]:
    """The first of ``move_routes``: among all walks within ``speed`` that keep the movement
    rules, the best by fewest Tainted hexes entered (each entry counts), most distinct
    Beacons entered that ``side`` does not own yet, fewest movement points, then the
    smallest sequence of step directions. Raises ValueError when ``goal`` is not in
    ``move_targets``."""
    return list(move_routes(m, terrain, portal_side, occupant_side, side, start, goal, speed,
                            barrier, beacon_owner)[0].path)


# --- line of sight and attacks ------------------------------------------------------------


def in_sight(
    m: MapDef,
    terrain: Sequence[str],
    occupant_side: Sequence[int],
    side: int,
    a: int,
    b: int,
) -> bool:
    """Whether a unit of ``side`` at ``a`` has line of sight to ``b`` (any distance).

    Pass ``side=-1`` with an all -1 ``occupant_side`` for a sight that only terrain blocks
    (the Turret's). Adjacent cells and ``a == b`` always see each other.
    """
    if m._dist[a][b] <= 1:
        return True
    layers = m._sight_layers(a, b)
    if layers is None:
        return False
    clear: set[int] | tuple[int] = (a,)
    for layer in layers:
        now: set[int] = set()
        for c, preds in layer:
            if terrain[c] == FOREST:
                continue
            occ = occupant_side[c]
            if occ != -1 and occ != side:
                continue
            for p in preds:
                if p in clear:
                    now.add(c)
                    break
        if not now:
            return False
        clear = now
    # Every cell of the last in-between layer is adjacent to b, and b itself never blocks.
    return True


def attack_targets(
    m: MapDef,
    terrain: Sequence[str],
    occupant_side: Sequence[int],
    side: int,
    at: int,
    ranged: bool,
    reach: int = 3,
) -> list[int]:
    """Cells (ascending) holding units of another side that the unit at ``at`` can attack:
    the adjacent ones, and with ``ranged`` also those within ``reach`` and in sight.
    """
    if not ranged or reach <= 1:
        return sorted(c for c in m.neighbours[at]
                      if occupant_side[c] != -1 and occupant_side[c] != side)
    out = []
    dist = m._dist[at]
    for c in m.within(at, reach)[1:]:
        occ = occupant_side[c]
        if occ == -1 or occ == side:
            continue
        if dist[c] == 1 or in_sight(m, terrain, occupant_side, side, at, c):
            out.append(c)
    out.sort()
    return out


# --- objectives ---------------------------------------------------------------------------


def shrine_controller(m: MapDef, shrine: int, occupant_side: Sequence[int]) -> int:
    """The side with strictly the most units on ``shrine`` and its adjacent hexes, else -1."""
    counts: dict[int, int] = {}
    for c in m._area[shrine]:
        s = occupant_side[c]
        if s != -1:
            counts[s] = counts.get(s, 0) + 1
    if not counts:
        return -1
    top = max(counts.values())
    leaders = [s for s, k in counts.items() if k == top]
    return leaders[0] if len(leaders) == 1 else -1
