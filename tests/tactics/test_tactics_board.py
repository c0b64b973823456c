"""The Tactics battlefield: movement costs and blockers, line of sight, attack targets, shrine
control and the engine's path choice, by rule cases and against brute force."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.hexgrid import DIRECTIONS, Hex, distance, has_line_of_sight, spiral
from core.tactics.board import (
    BEACON,
    ENCHANTED,
    FOREST,
    INACTIVE_PORTAL,
    PLAIN,
    PORTAL,
    SHRINE,
    TAINTED,
    MapDef,
    attack_targets,
    in_sight,
    make_map,
    move_path,
    move_targets,
    shrine_controller,
)
from core.tactics.scenarios import parse_map

ORIGIN = Hex(0, 0)
E, NE, NW, W, SW, SE = DIRECTIONS
PROPERTY = settings(max_examples=100, derandomize=True, deadline=None)


def at(*steps: Hex) -> Hex:
    """The hex reached from the origin by the given unit steps."""
    return Hex(sum(s.q for s in steps), sum(s.r for s in steps))


@dataclass
class Field:
    """A small hexagonal battlefield (radius 3 unless told) with terrain, portals and units
    placed by hex, so rule cases read like the rulebook's pictures."""

    radius: int = 3
    terrain: dict[Hex, str] = field(default_factory=dict)
    portals: dict[Hex, int] = field(default_factory=dict)  # hex -> owning side (-1 nobody)
    units: dict[Hex, int] = field(default_factory=dict)  # hex -> side
    holes: set[Hex] = field(default_factory=set)

    @property
    def map(self) -> MapDef:
        hexes = [h for h in spiral(ORIGIN, self.radius) if h not in self.holes]
        ter = [self.terrain.get(h, PORTAL if h in self.portals else PLAIN) for h in hexes]
        return make_map(hexes, ter, [1 if t == PORTAL else 0 for t in ter])

    def lists(self) -> tuple[MapDef, list[str], list[int], list[int]]:
        m = self.map
        portal_side = [self.portals.get(h, -1) for h in m.hexes]
        occ = [self.units.get(h, -1) for h in m.hexes]
        return m, list(m.terrain), portal_side, occ

    def moves(self, side: int, start: Hex, speed: int = 3, barrier: bool = False
              ) -> dict[Hex, int]:
        m, ter, ps, occ = self.lists()
        got = move_targets(m, ter, ps, occ, side, self.cell(m, start), speed, barrier)
        return {m.hexes[c]: v for c, v in got.items()}

    def path(self, side: int, start: Hex, goal: Hex, speed: int = 3,
             beacon_owner: dict[Hex, int] | None = None) -> list[Hex]:
        m, ter, ps, occ = self.lists()
        owners = None if beacon_owner is None else [beacon_owner.get(h, -1) for h in m.hexes]
        cells = move_path(m, ter, ps, occ, side, self.cell(m, start), self.cell(m, goal),
                          speed, beacon_owner=owners)
        return [m.hexes[c] for c in cells]

    def sees(self, side: int, a: Hex, b: Hex) -> bool:
        m, ter, _, occ = self.lists()
        return in_sight(m, ter, occ, side, self.cell(m, a), self.cell(m, b))

    def targets(self, a: Hex, ranged: bool, reach: int = 3) -> list[Hex]:
        m, ter, _, occ = self.lists()
        side = self.units[a]
        return [m.hexes[c] for c in attack_targets(m, ter, occ, side, self.cell(m, a),
                                                   ranged, reach)]

    def control(self, shrine: Hex) -> int:
        m, _, _, occ = self.lists()
        return shrine_controller(m, self.cell(m, shrine), occ)

    @staticmethod
    def cell(m: MapDef, h: Hex) -> int:
        c = m.cell(h)
        assert c is not None, h
        return c


# --- the map itself -----------------------------------------------------------------------


def test_map_indexes_cells_and_precomputes_neighbours_in_direction_order() -> None:
    m = Field(radius=1).map
    assert len(m.hexes) == 7
    assert m.cell(ORIGIN) == 0
    assert m.cell(Hex(5, 5)) is None
    centre = m.neighbours[0]
    assert [m.hexes[c] for c in centre] == list(DIRECTIONS)  # all six, E first
    assert all(len(m.neighbours[c]) == 3 for c in range(1, 7))  # rim hexes
    for a in range(7):
        for b in range(7):
            assert m.distance(a, b) == distance(m.hexes[a], m.hexes[b])


def test_within_lists_cells_nearest_first_including_itself() -> None:
    m = Field(radius=3).map
    assert m.within(0, 0) == (0,)
    assert len(m.within(0, 1)) == 7
    assert len(m.within(0, 3)) == 37
    assert m.within(0, 99) == m.within(0, 3)
    assert m.within(0, -1) == ()
    ds = [m.distance(0, c) for c in m.within(0, 3)]
    assert ds == sorted(ds)


def test_map_refuses_inconsistent_parts() -> None:
    hexes = [ORIGIN, E]
    with pytest.raises(ValueError, match="slot"):
        make_map(hexes, [PORTAL, PLAIN])  # a portal with no slot
    with pytest.raises(ValueError, match="treasure"):
        make_map(hexes, [FOREST, PLAIN], treasure=[True, False])
    with pytest.raises(ValueError, match="unknown terrain"):
        make_map(hexes, ["lava", PLAIN])
    with pytest.raises(ValueError, match="twice"):
        make_map([ORIGIN, ORIGIN])
    good = make_map(hexes)
    with pytest.raises(ValueError, match="neighbours"):
        MapDef(good.hexes, good.terrain, good.portal_slot, good.shrine_honor, good.treasure,
               ((), ()))


def test_default_shrine_honor_is_two() -> None:
    m = make_map([ORIGIN, E], [SHRINE, PLAIN])
    assert m.shrine_honor == (2, 0)
    assert m.shrines == (0,)


# --- movement -----------------------------------------------------------------------------


def test_plain_steps_cost_one_and_speed_bounds_the_move() -> None:
    got = Field().moves(0, ORIGIN, speed=2)
    assert len(got) == 18  # rings 1 and 2
    assert all(v == distance(ORIGIN, h) for h, v in got.items())
    assert ORIGIN not in got  # standing still is not a move
    assert Field().moves(0, ORIGIN, speed=0) == {}


def test_entering_a_forest_costs_two_and_leaving_it_is_free() -> None:
    f = Field(terrain={E: FOREST, at(E, E): FOREST})
    got = f.moves(0, ORIGIN, speed=3)
    assert got[E] == 2
    # E+E is a forest too: every way in ends with a 2-point step after at least 2 points.
    assert at(E, E) not in got
    assert f.moves(0, ORIGIN, speed=4)[at(E, E)] == 4
    assert got[at(E, NE)] == 2  # round the forest on plain ground
    # Starting inside a forest: stepping out costs the plain 1.
    assert f.moves(0, E, speed=1) == {
        h: 1 for h in (at(E, NE), at(NE), at(SE), at(E, SE))} | {ORIGIN: 1}


def test_forest_to_forest_needs_four_points_for_two_forests() -> None:
    # A wall of forest around the origin's east side: the cheapest way two forests deep is 4.
    woods = {at(E): FOREST, at(E, E): FOREST, at(NE): FOREST, at(SE): FOREST,
             at(E, NE): FOREST, at(E, SE): FOREST, at(NE, NE): FOREST, at(SE, SE): FOREST,
             at(NE, NW): FOREST, at(SE, SW): FOREST}
    got = Field(terrain=woods).moves(0, ORIGIN, speed=4)
    assert got[at(E)] == 2
    assert got[at(E, E)] == 4
    assert at(E, E) not in Field(terrain=woods).moves(0, ORIGIN, speed=3)


def test_allies_can_be_passed_but_not_ended_on() -> None:
    # A corridor: holes everywhere but a straight line east.
    line = {ORIGIN, E, at(E, E), at(E, E, E)}
    holes = {h for h in spiral(ORIGIN, 3) if h not in line}
    f = Field(holes=holes, units={ORIGIN: 0, E: 0})
    got = f.moves(0, ORIGIN, speed=3)
    assert E not in got
    assert got == {at(E, E): 2, at(E, E, E): 3}


def test_enemies_block_entry_and_passage() -> None:
    line = {ORIGIN, E, at(E, E), at(E, E, E)}
    holes = {h for h in spiral(ORIGIN, 3) if h not in line}
    f = Field(holes=holes, units={ORIGIN: 0, E: 1})
    assert f.moves(0, ORIGIN, speed=3) == {}
    # In a brawl every other side is an enemy.
    f3 = Field(holes=holes, units={ORIGIN: 2, E: 1})
    assert f3.moves(2, ORIGIN, speed=3) == {}


def test_enemy_portal_cannot_be_entered_own_and_unowned_can() -> None:
    line = {ORIGIN, E, at(E, E)}
    holes = {h for h in spiral(ORIGIN, 3) if h not in line}
    units = {ORIGIN: 0}
    assert Field(holes=holes, portals={E: 1}, units=units).moves(0, ORIGIN) == {}
    assert Field(holes=holes, portals={E: 0}, units=units).moves(0, ORIGIN) == {
        E: 1, at(E, E): 2}
    # A portal of a slot nobody plays (portal_side -1) is ordinary ground.
    assert Field(holes=holes, portals={E: -1}, units=units).moves(0, ORIGIN) == {
        E: 1, at(E, E): 2}


def test_enchanted_blocks_only_as_a_barrier() -> None:
    line = {ORIGIN, E, at(E, E)}
    holes = {h for h in spiral(ORIGIN, 3) if h not in line}
    f = Field(holes=holes, terrain={E: ENCHANTED}, units={ORIGIN: 0})
    assert f.moves(0, ORIGIN, barrier=True) == {}
    assert f.moves(0, ORIGIN, barrier=False) == {E: 1, at(E, E): 2}
    # A unit standing on one (placed there by an effect) may still walk off it.
    g = Field(holes=holes, terrain={E: ENCHANTED}, units={E: 0})
    assert g.moves(0, E, barrier=True) == {ORIGIN: 1, at(E, E): 1}


@pytest.mark.parametrize("terrain", [INACTIVE_PORTAL, SHRINE, BEACON, TAINTED])
def test_other_terrain_is_ordinary_ground_to_move_on(terrain: str) -> None:
    f = Field(terrain={E: terrain}, units={ORIGIN: 0})
    got = f.moves(0, ORIGIN, speed=2, barrier=True)
    assert got[E] == 1
    assert got[at(E, E)] == 2


# --- the engine's path --------------------------------------------------------------------


def test_path_goes_round_tainted_ground_even_when_longer() -> None:
    f = Field(terrain={E: TAINTED}, units={ORIGIN: 0})
    assert f.path(0, ORIGIN, at(E, E), speed=3) != [E, at(E, E)]
    path = f.path(0, ORIGIN, at(E, E), speed=3)
    assert E not in path and path[-1] == at(E, E) and len(path) == 3
    # Without the points for the detour, the tainted hex is walked.
    assert f.path(0, ORIGIN, at(E, E), speed=2) == [E, at(E, E)]


def test_path_takes_a_beacon_it_does_not_own_yet() -> None:
    # Two equally short ways to E+NE: through E or through NE. The beacon sits on NE.
    f = Field(terrain={NE: BEACON}, units={ORIGIN: 0})
    assert f.path(0, ORIGIN, at(E, NE), speed=2) == [NE, at(E, NE)]
    # Owned already: no reason to prefer it, so direction order picks E first.
    assert f.path(0, ORIGIN, at(E, NE), speed=2, beacon_owner={NE: 0}) == [E, at(E, NE)]
    # Someone else's beacon is worth taking.
    assert f.path(0, ORIGIN, at(E, NE), speed=2, beacon_owner={NE: 1}) == [NE, at(E, NE)]


def test_path_takes_a_beacon_detour_when_the_points_allow() -> None:
    f = Field(terrain={W: BEACON}, units={ORIGIN: 0})
    # The move still ends on the goal; the beacon is picked up on the way.
    assert f.path(0, ORIGIN, E, speed=3) == [W, ORIGIN, E]
    assert f.path(0, ORIGIN, E, speed=2) == [E]


def test_path_avoiding_taint_beats_taking_a_beacon() -> None:
    # A dead-end spur to the west: its beacon lies past a tainted hex.
    keep = {ORIGIN, E, W, at(W, W)}
    holes = {h for h in spiral(ORIGIN, 3) if h not in keep}
    f = Field(holes=holes, terrain={W: TAINTED, at(W, W): BEACON}, units={ORIGIN: 0})
    assert f.path(0, ORIGIN, E, speed=5) == [E]
    f.terrain[W] = PLAIN
    assert f.path(0, ORIGIN, E, speed=5) == [W, at(W, W), W, ORIGIN, E]


def test_path_prefers_cheapest_then_direction_order() -> None:
    f = Field(terrain={E: FOREST}, units={ORIGIN: 0})
    # E is a forest: through NE (1 + 1) is cheaper than through E (2 + 1).
    assert f.path(0, ORIGIN, at(E, NE), speed=3) == [NE, at(E, NE)]
    plain = Field(units={ORIGIN: 0})
    assert plain.path(0, ORIGIN, at(E, NE), speed=3) == [E, at(E, NE)]


def test_path_refuses_an_illegal_destination() -> None:
    f = Field(units={ORIGIN: 0, E: 0})
    with pytest.raises(ValueError):
        f.path(0, ORIGIN, E)  # an ally stands there
    with pytest.raises(ValueError):
        f.path(0, ORIGIN, ORIGIN)
    with pytest.raises(ValueError):
        f.path(0, ORIGIN, at(W, W, W), speed=2)  # out of reach


# --- line of sight: the rulebook's diagram situations, on our own field --------------------


def test_adjacent_enemies_are_always_in_sight_and_attackable() -> None:
    f = Field(terrain={E: FOREST}, units={ORIGIN: 0, E: 1, NE: 1})
    assert f.sees(0, ORIGIN, E)
    assert f.targets(ORIGIN, ranged=False) == f.targets(ORIGIN, ranged=True) == sorted(
        [E, NE], key=lambda h: Field.cell(f.map, h))


def test_a_target_behind_an_enemy_is_hidden_when_that_is_the_only_shortest_path() -> None:
    # Along an axis there is exactly one shortest path.
    f = Field(units={ORIGIN: 0, NW: 1, at(NW, NW): 1})
    assert not f.sees(0, ORIGIN, at(NW, NW))
    assert f.targets(ORIGIN, ranged=True) == [NW]


def test_allies_shrines_and_treasure_do_not_block() -> None:
    f = Field(terrain={W: SHRINE}, units={ORIGIN: 0, at(W, W): 0, at(W, W, W): 1})
    assert f.sees(0, ORIGIN, at(W, W, W))
    assert f.targets(ORIGIN, ranged=True) == [at(W, W, W)]
    m = make_map([ORIGIN, E, at(E, E)], [PLAIN, PLAIN, PLAIN], treasure=[False, True, False])
    assert in_sight(m, m.terrain, [0, -1, 1], 0, 0, 2)


def test_a_target_behind_a_forest_is_hidden() -> None:
    f = Field(terrain={E: FOREST}, units={ORIGIN: 0, at(E, E): 1})
    assert not f.sees(0, ORIGIN, at(E, E))
    assert f.targets(ORIGIN, ranged=True) == []


def test_a_target_inside_a_forest_is_visible_and_shooting_out_of_one_too() -> None:
    f = Field(terrain={at(SE, SE, SE): FOREST, ORIGIN: FOREST},
              units={ORIGIN: 0, at(SE, SE, SE): 1})
    assert f.sees(0, ORIGIN, at(SE, SE, SE))
    assert f.targets(ORIGIN, ranged=True) == [at(SE, SE, SE)]
    assert f.targets(ORIGIN, ranged=False) == []


def test_one_clear_shortest_path_is_enough() -> None:
    # E+NE is two away with two shortest paths: via E and via NE.
    f = Field(units={ORIGIN: 0, E: 1, at(E, NE): 1})
    assert f.sees(0, ORIGIN, at(E, NE))
    both = Field(terrain={NE: FOREST}, units={ORIGIN: 0, E: 1, at(E, NE): 1})
    assert not both.sees(0, ORIGIN, at(E, NE))


def test_ranged_reach_is_three_unless_told() -> None:
    f = Field(radius=4, units={ORIGIN: 0, at(SE, SE, SE): 1, at(E, E, E, E): 1})
    assert f.targets(ORIGIN, ranged=True) == [at(SE, SE, SE)]
    assert set(f.targets(ORIGIN, ranged=True, reach=4)) == {at(SE, SE, SE), at(E, E, E, E)}
    assert f.targets(ORIGIN, ranged=False) == []


def test_hexes_off_the_map_block_sight() -> None:
    f = Field(radius=2, holes={E}, units={ORIGIN: 0, at(E, E): 1, at(E, NE): 1})
    assert not f.sees(0, ORIGIN, at(E, E))  # the only shortest path crosses the gap
    assert f.sees(0, ORIGIN, at(E, NE))  # the other way round the gap is on the map


def test_sight_is_per_side_in_a_brawl() -> None:
    f = Field(units={ORIGIN: 0, E: 1, at(E, E): 2})
    assert not f.sees(0, ORIGIN, at(E, E))
    assert f.sees(1, ORIGIN, at(E, E))  # side 1's own unit in between does not block it


def test_terrain_only_sight_for_tokens() -> None:
    f = Field(terrain={NE: FOREST}, units={E: 1})
    m, ter, _, _ = f.lists()
    nobody = [-1] * len(m.hexes)
    a, b = Field.cell(m, ORIGIN), Field.cell(m, at(E, E))
    assert in_sight(m, ter, nobody, -1, a, b)
    assert not in_sight(m, ter, nobody, -1, a, Field.cell(m, at(NE, NE)))


# --- shrine control -----------------------------------------------------------------------


def test_shrine_control_most_units_on_and_around() -> None:
    f = Field(terrain={ORIGIN: SHRINE}, units={ORIGIN: 0, E: 0, W: 1, at(W, W): 1})
    assert f.control(ORIGIN) == 0  # W+W is two away: it does not count


def test_shrine_control_tie_is_contested_and_empty_is_nobody() -> None:
    assert Field(terrain={ORIGIN: SHRINE}, units={E: 0, W: 1}).control(ORIGIN) == -1
    assert Field(terrain={ORIGIN: SHRINE}).control(ORIGIN) == -1
    assert Field(terrain={ORIGIN: SHRINE}, units={SE: 1}).control(ORIGIN) == 1


def test_shrine_control_with_three_sides() -> None:
    shrine = {ORIGIN: SHRINE}
    assert Field(terrain=shrine, units={E: 0, W: 1, NE: 2, NW: 2}).control(ORIGIN) == 2
    assert Field(terrain=shrine, units={E: 0, W: 1, NE: 2, NW: 2, SE: 1}).control(ORIGIN) == -1
    assert Field(terrain=shrine, units={E: 0, W: 1, NE: 2, NW: 0, SE: 0}).control(ORIGIN) == 0


# --- against brute force ------------------------------------------------------------------

TERRAIN_CHOICES = [PLAIN] * 5 + [FOREST, FOREST, TAINTED, ENCHANTED, BEACON, PORTAL, SHRINE,
                                 INACTIVE_PORTAL]


@dataclass
class Board:
    m: MapDef
    terrain: list[str]
    portal_side: list[int]
    occ: list[int]
    start: int
    side: int


@st.composite
def boards(draw: st.DrawFn, radius: int = 3) -> Board:
    every = spiral(ORIGIN, radius)
    size = len(every)

    def per_hex(elements: st.SearchStrategy[object]) -> list[object]:
        return draw(st.lists(elements, min_size=size, max_size=size))

    gaps = per_hex(st.integers(0, 9))  # about one hex in ten is missing
    hexes = [h for i, h in enumerate(every) if i == 0 or gaps[i] > 0]
    n = len(hexes)
    terrain = [str(t) for t in per_hex(st.sampled_from(TERRAIN_CHOICES))[:n]]
    m = make_map(hexes, terrain, [1 if t == PORTAL else 0 for t in terrain])
    owners = per_hex(st.sampled_from([-1, 0, 1]))
    portal_side = [int(o) if t == PORTAL else -1 for o, t in zip(owners, terrain, strict=False)]
    occ = [int(o) for o in per_hex(st.sampled_from([-1, -1, -1, -1, 0, 1, 2]))[:n]]
    side = draw(st.integers(0, 2))
    start = draw(st.integers(0, n - 1))
    occ[start] = side
    return Board(m, terrain, portal_side, occ, start, side)


def enterable(b: Board, c: int, barrier: bool) -> bool:
    return (b.occ[c] in (-1, b.side) and b.portal_side[c] in (-1, b.side)
            and not (barrier and b.terrain[c] == ENCHANTED))


def walks(b: Board, speed: int, barrier: bool) -> Iterator[tuple[int, list[int], list[int]]]:
    """Every legal walk from the start: (points spent, cells entered, directions taken)."""
    stack: list[tuple[int, list[int], list[int]]] = [(0, [], [])]
    while stack:
        spent, cells, dirs = stack.pop()
        yield spent, cells, dirs
        here = cells[-1] if cells else b.start
        h = b.m.hexes[here]
        for d, step in enumerate(DIRECTIONS):
            nb = b.m.cell(Hex(h.q + step.q, h.r + step.r))
            if nb is None or not enterable(b, nb, barrier):
                continue
            cost = 2 if b.terrain[nb] == FOREST else 1
            if spent + cost <= speed:
                stack.append((spent + cost, [*cells, nb], [*dirs, d]))


@PROPERTY
@given(boards(), st.integers(0, 4), st.booleans())
def test_move_targets_match_every_walk(b: Board, speed: int, barrier: bool) -> None:
    best: dict[int, int] = {}
    for spent, cells, _ in walks(b, speed, barrier):
        if cells and b.occ[cells[-1]] == -1:
            best[cells[-1]] = min(spent, best.get(cells[-1], spent))
    best.pop(b.start, None)
    got = move_targets(b.m, b.terrain, b.portal_side, b.occ, b.side, b.start, speed, barrier)
    assert got == best


@PROPERTY
@given(boards(radius=2), st.integers(1, 4), st.booleans(), st.data())
def test_move_path_is_the_best_walk_by_the_documented_order(
        b: Board, speed: int, barrier: bool, data: st.DataObject) -> None:
    beacon_owner = [data.draw(st.sampled_from([-1, 0, 1, 2])) if t == BEACON else -1
                    for t in b.terrain]
    ranked: dict[int, tuple[int, int, int, list[int], list[int]]] = {}
    for spent, cells, dirs in walks(b, speed, barrier):
        if not cells or b.occ[cells[-1]] != -1:
            continue
        tainted = sum(b.terrain[c] == TAINTED for c in cells)
        beacons = len({c for c in cells
                       if b.terrain[c] == BEACON and beacon_owner[c] != b.side})
        key = (tainted, -beacons, spent, dirs, cells)
        if cells[-1] not in ranked or key < ranked[cells[-1]]:
            ranked[cells[-1]] = key
    ranked.pop(b.start, None)
    targets = move_targets(b.m, b.terrain, b.portal_side, b.occ, b.side, b.start, speed, barrier)
    assert set(ranked) == set(targets)
    for goal, key in ranked.items():
        got = move_path(b.m, b.terrain, b.portal_side, b.occ, b.side, b.start, goal, speed,
                        barrier, beacon_owner)
        assert got == key[4]


@cache
def shortest_paths(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...]:
    """Every shortest hex path from a to b (both included), on the unbounded plane."""
    if a == b:
        return ((a,),)
    return tuple((a, *rest) for step in DIRECTIONS
                 if distance(nxt := Hex(a.q + step.q, a.r + step.r), b) == distance(a, b) - 1
                 for rest in shortest_paths(nxt, b))


def brute_sight(b: Board, side: int, a: int, t: int) -> bool:
    def clear(h: Hex) -> bool:
        c = b.m.cell(h)
        return c is not None and b.terrain[c] != FOREST and b.occ[c] in (-1, side)

    ha, hb = b.m.hexes[a], b.m.hexes[t]
    return any(all(clear(h) for h in p[1:-1]) for p in shortest_paths(ha, hb))


@PROPERTY
@given(boards(), st.data())
def test_in_sight_matches_every_shortest_path_and_hexgrid(b: Board, data: st.DataObject
                                                          ) -> None:
    n = len(b.m.hexes)
    side = data.draw(st.integers(-1, 2))

    def blocks(h: Hex) -> bool:
        c = b.m.cell(h)
        return c is None or b.terrain[c] == FOREST or b.occ[c] not in (-1, side)

    for a in range(0, n, 3):
        for t in range(n):
            want = brute_sight(b, side, a, t)
            assert in_sight(b.m, b.terrain, b.occ, side, a, t) == want, (a, t)
            assert has_line_of_sight(b.m.hexes[a], b.m.hexes[t], blocks) == want


@PROPERTY
@given(boards(), st.booleans(), st.integers(1, 4))
def test_attack_targets_match_brute_force(b: Board, ranged: bool, reach: int) -> None:
    want = []
    for c in range(len(b.m.hexes)):
        if b.occ[c] in (-1, b.side):
            continue
        d = b.m.distance(b.start, c)
        if d == 1 or (ranged and d <= reach and brute_sight(b, b.side, b.start, c)):
            want.append(c)
    assert attack_targets(b.m, b.terrain, b.occ, b.side, b.start, ranged, reach) == want


@PROPERTY
@given(boards())
def test_shrine_control_matches_counting(b: Board) -> None:
    for shrine in range(len(b.m.hexes)):
        area = [c for c in range(len(b.m.hexes)) if b.m.distance(shrine, c) <= 1]
        counts = {s: sum(b.occ[c] == s for c in area) for s in (0, 1, 2)}
        top = max(counts.values())
        winners = [s for s, k in counts.items() if k == top]
        want = winners[0] if top > 0 and len(winners) == 1 else -1
        assert shrine_controller(b.m, shrine, b.occ) == want


def test_a_parsed_map_is_a_map() -> None:
    # parse_map lives with the scenarios; the board only needs it to give consistent cells.
    m = parse_map("""
        .  F  P1
          *  S3 -
    """)
    assert [m.terrain[c] for c in range(len(m.hexes))] == [PLAIN, FOREST, PORTAL, PLAIN, SHRINE]
    assert m.treasure_cells() == (3,)
    assert m.shrine_honor[4] == 3
    assert m.portals(1) == (2,)
    assert sorted(m.neighbours[3]) == [0, 1, 4]

