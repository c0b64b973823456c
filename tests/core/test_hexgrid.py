"""Hex geometry: coordinates, layouts, movement and line of sight against brute force."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.hexgrid import (
    DIRECTIONS,
    Hex,
    TextLayout,
    distance,
    from_offset,
    has_line_of_sight,
    hex_add,
    hex_scale,
    hex_subtract,
    line,
    los_path,
    neighbour,
    neighbours,
    path_to,
    reachable,
    ring,
    spiral,
    to_offset,
)

ORIGIN = Hex(0, 0)
BOARD6 = spiral(ORIGIN, 6)

# derandomize: the same examples every run, so a failure on CI reproduces locally.
PROPERTY = settings(max_examples=200, derandomize=True, deadline=None)


def on_board(radius: int) -> Callable[[Hex], bool]:
    return lambda h: distance(ORIGIN, h) <= radius


# --- basics -------------------------------------------------------------------------------


def test_hex_is_a_plain_tuple_with_derived_s() -> None:
    h = Hex(2, -5)
    assert h.s == 3
    assert h.q + h.r + h.s == 0
    assert tuple(h) == (2, -5)
    assert Hex(1, 2) == (1, 2)


def test_directions_are_the_six_unit_steps_in_pairs_of_opposites() -> None:
    assert len(set(DIRECTIONS)) == 6
    assert all(distance(ORIGIN, d) == 1 for d in DIRECTIONS)
    for i in range(3):
        assert hex_add(DIRECTIONS[i], DIRECTIONS[i + 3]) == ORIGIN
    # E first and counter-clockwise on a screen whose r grows downward.
    assert DIRECTIONS[0] == Hex(1, 0)
    assert DIRECTIONS[1] == Hex(1, -1)


def test_arithmetic_helpers() -> None:
    assert hex_add(Hex(1, 2), Hex(-3, 4)) == Hex(-2, 6)
    assert hex_subtract(Hex(1, 2), Hex(-3, 4)) == Hex(4, -2)
    assert hex_scale(Hex(1, -2), 3) == Hex(3, -6)


def test_neighbours() -> None:
    h = Hex(3, -2)
    ns = neighbours(h)
    assert ns == [neighbour(h, i) for i in range(6)]
    assert len(set(ns)) == 6
    assert all(distance(h, n) == 1 for n in ns)
    assert neighbour(h, 6) == neighbour(h, 0)
    assert neighbour(h, -1) == neighbour(h, 5)


def test_distance_known_values() -> None:
    assert distance(ORIGIN, ORIGIN) == 0
    assert distance(ORIGIN, Hex(3, -1)) == 3
    assert distance(ORIGIN, Hex(2, 2)) == 4
    assert distance(Hex(-2, 1), Hex(1, -3)) == 4


def test_distance_is_the_bfs_step_count() -> None:
    steps = {ORIGIN: 0}
    frontier = [ORIGIN]
    for k in range(1, 7):
        frontier = [n for h in frontier for n in neighbours(h) if n not in steps]
        for n in frontier:
            steps[n] = k
    assert set(steps) == set(BOARD6)
    assert all(distance(ORIGIN, h) == k for h, k in steps.items())


@settings(max_examples=100, derandomize=True, deadline=None)
@given(st.lists(st.builds(Hex, st.integers(-20, 20), st.integers(-20, 20)), min_size=3, max_size=3))
def test_distance_is_a_metric(hs: list[Hex]) -> None:
    a, b, c = hs
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@pytest.mark.parametrize("radius", [0, 1, 2, 5])
def test_ring_is_a_closed_walk_at_the_right_distance(radius: int) -> None:
    c = Hex(2, -1)
    hs = ring(c, radius)
    assert len(hs) == max(1, 6 * radius)
    assert len(set(hs)) == len(hs)
    assert all(distance(c, h) == radius for h in hs)
    if radius:
        assert all(distance(hs[i], hs[i - 1]) == 1 for i in range(len(hs)))


def test_spiral_is_every_hex_in_range_center_first() -> None:
    c = Hex(-1, 3)
    for radius in range(5):
        hs = spiral(c, radius)
        assert hs[0] == c
        assert len(hs) == len(set(hs)) == 3 * radius * (radius + 1) + 1
        box = {
            Hex(c.q + dq, c.r + dr)
            for dq in range(-radius, radius + 1)
            for dr in range(-radius, radius + 1)
        }
        assert set(hs) == {h for h in box if distance(c, h) <= radius}
        assert [distance(c, h) for h in hs] == sorted(distance(c, h) for h in hs)


def test_negative_radius_is_refused() -> None:
    with pytest.raises(ValueError):
        ring(ORIGIN, -1)
    with pytest.raises(ValueError):
        spiral(ORIGIN, -1)


def test_line_is_a_shortest_run_of_adjacent_hexes() -> None:
    for a in spiral(ORIGIN, 4):
        for b in BOARD6:
            hs = line(a, b)
            n = distance(a, b)
            assert len(hs) == n + 1
            assert hs[0] == a
            assert hs[-1] == b
            assert all(distance(hs[i], hs[i + 1]) == 1 for i in range(n))


def test_line_follows_the_axis_and_breaks_edge_ties_the_same_way() -> None:
    assert line(ORIGIN, Hex(3, 0)) == [ORIGIN, Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    assert line(ORIGIN, ORIGIN) == [ORIGIN]
    # The midpoint of (0,0)-(2,-1) lies exactly on an edge; the nudge always picks (1, 0).
    assert line(ORIGIN, Hex(2, -1)) == [ORIGIN, Hex(1, 0), Hex(2, -1)]
    assert line(ORIGIN, Hex(2, -1)) == line(ORIGIN, Hex(2, -1))


# --- offset coordinates -------------------------------------------------------------------


def test_offset_is_odd_r() -> None:
    assert to_offset(ORIGIN) == (0, 0)
    assert to_offset(Hex(0, 1)) == (0, 1)
    assert to_offset(Hex(0, 2)) == (1, 2)
    assert to_offset(Hex(-1, 2)) == (0, 2)
    assert to_offset(Hex(0, -1)) == (-1, -1)
    # The textbook odd-r neighbour table (odd rows shoved right), read from offsets alone.
    even = {(1, 0), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1)}
    odd = {(1, 0), (1, -1), (0, -1), (-1, 0), (0, 1), (1, 1)}
    for h in BOARD6:
        col, row = to_offset(h)
        deltas = {(nc - col, nr - row) for nc, nr in map(to_offset, neighbours(h))}
        assert deltas == (odd if row % 2 else even)


def test_offset_round_trips() -> None:
    assert all(from_offset(*to_offset(h)) == h for h in BOARD6)
    for col in range(-8, 9):
        for row in range(-8, 9):
            assert to_offset(from_offset(col, row)) == (col, row)


# --- text layout --------------------------------------------------------------------------


def test_text_layout_is_a_brick_pattern_matching_odd_r() -> None:
    lay = TextLayout()
    assert lay.to_cell(ORIGIN) == (0, 0)
    assert lay.to_cell(Hex(1, 0)) == (4, 0)
    assert lay.to_cell(Hex(0, 1)) == (2, 1)
    assert lay.to_cell(Hex(-1, 1)) == (-2, 1)
    for h in BOARD6:
        col, row = to_offset(h)
        # Odd offset rows are drawn half a hex (2 cells) further right.
        assert lay.to_cell(h) == (4 * col + 2 * (row % 2), row)


@pytest.mark.parametrize("width,height", [(4, 1), (2, 1), (6, 2), (4, 3)])
def test_every_cell_of_a_hex_maps_back_to_it(width: int, height: int) -> None:
    lay = TextLayout.fitting(BOARD6, width, height)
    owner: dict[tuple[int, int], Hex] = {}
    for h in BOARD6:
        assert lay.from_cell(*lay.to_cell(h)) == h
        cells = lay.cells(h)
        assert len(cells) == width * height
        for cell in cells:
            assert cell not in owner, "blocks of two hexes overlap"
            owner[cell] = h
            assert lay.from_cell(*cell) == h
    cols, rows = lay.extent(BOARD6)
    assert min(c for c, _ in owner) == 0
    assert min(r for _, r in owner) == 0
    assert max(c for c, _ in owner) == cols - 1
    assert max(r for _, r in owner) == rows - 1
    # Blocks tile the plane: any cell, on the map or beside it, belongs to the hex it names.
    for col in range(-3, cols + 3):
        for row in range(-3, rows + 3):
            assert (col, row) in lay.cells(lay.from_cell(col, row))


def test_radius_six_map_fits_an_80x24_terminal() -> None:
    assert TextLayout.fitting(BOARD6).extent(BOARD6) == (52, 13)


def test_text_layout_refuses_undrawable_shapes() -> None:
    for width, height in [(3, 1), (0, 1), (4, 0)]:
        with pytest.raises(ValueError):
            TextLayout(width, height)
    with pytest.raises(ValueError):
        TextLayout.fitting([])


# --- movement -----------------------------------------------------------------------------

PLAIN, FOREST, WALL, MIRE = "plain", "forest", "wall", "mire"


class Board:
    """A test battlefield with the Tactics movement rules, plus a 'mire' hex on which any
    move must end, to exercise ``passable_through`` on its own."""

    def __init__(
        self,
        radius: int,
        terrain: dict[Hex, str] | None = None,
        allies: set[Hex] | frozenset[Hex] = frozenset(),
        enemies: set[Hex] | frozenset[Hex] = frozenset(),
    ) -> None:
        self.radius = radius
        self.terrain = terrain or {}
        self.allies = allies
        self.enemies = enemies

    def cost(self, h: Hex) -> int | None:
        kind = self.terrain.get(h, PLAIN)
        if distance(ORIGIN, h) > self.radius or kind == WALL or h in self.enemies:
            return None
        return 2 if kind == FOREST else 1

    def through(self, h: Hex) -> bool:
        return self.terrain.get(h, PLAIN) != MIRE

    def stop(self, h: Hex) -> bool:
        return h not in self.allies

    def reachable(self, start: Hex, speed: int) -> dict[Hex, int]:
        return reachable(start, speed, self.cost, self.through, self.stop)

    def path_to(self, start: Hex, goal: Hex, speed: int) -> list[Hex] | None:
        return path_to(start, goal, speed, self.cost, self.through, self.stop)


def brute_reachable(board: Board, start: Hex, speed: int) -> dict[Hex, int]:
    """Try every walk (revisits included) that fits in ``speed``; keep the cheapest stop."""
    best: dict[Hex, int] = {}

    def walk(h: Hex, spent: int) -> None:
        if h == start or board.stop(h):
            best[h] = min(best.get(h, spent), spent)
        if h != start and not board.through(h):
            return
        for n in neighbours(h):
            step = board.cost(n)
            if step is not None and spent + step <= speed:
                walk(n, spent + step)

    walk(start, 0)
    return best


def check_path(board: Board, start: Hex, goal: Hex, path: list[Hex], spent: int) -> None:
    assert path[0] == start
    assert path[-1] == goal
    assert all(distance(path[i], path[i + 1]) == 1 for i in range(len(path) - 1))
    assert all(board.through(h) for h in path[1:-1])
    assert board.stop(goal)
    costs = [board.cost(h) for h in path[1:]]
    assert None not in costs
    assert sum(c for c in costs if c is not None) == spent


@st.composite
def boards(draw: st.DrawFn, max_radius: int) -> tuple[Board, Hex]:
    radius = draw(st.integers(1, max_radius))
    hexes = spiral(ORIGIN, radius)
    start = draw(st.sampled_from(hexes))
    kinds = [PLAIN, PLAIN, PLAIN, FOREST, FOREST, WALL, MIRE, "ally", "enemy"]
    picks = draw(st.lists(st.sampled_from(kinds), min_size=len(hexes), max_size=len(hexes)))
    terrain: dict[Hex, str] = {}
    allies: set[Hex] = set()
    enemies: set[Hex] = set()
    for h, kind in zip(hexes, picks, strict=True):
        if h == start:
            continue
        if kind == "ally":
            allies.add(h)
        elif kind == "enemy":
            enemies.add(h)
        else:
            terrain[h] = kind
    # The mover may begin on a Forest; leaving one must cost nothing extra.
    if draw(st.booleans()):
        terrain[start] = FOREST
    return Board(radius, terrain, allies, enemies), start


@PROPERTY
@given(boards(max_radius=3), st.integers(0, 5))
def test_reachable_matches_brute_force(case: tuple[Board, Hex], speed: int) -> None:
    board, start = case
    got = board.reachable(start, speed)
    assert got == brute_reachable(board, start, speed)
    for goal in spiral(ORIGIN, board.radius):
        path = board.path_to(start, goal, speed)
        if goal in got:
            assert path is not None
            check_path(board, start, goal, path, got[goal])
            assert path == board.path_to(start, goal, speed)
        else:
            assert path is None


def test_open_ground_reaches_the_speed_disk() -> None:
    board = Board(6)
    assert board.reachable(ORIGIN, 3) == {h: distance(ORIGIN, h) for h in spiral(ORIGIN, 3)}
    assert board.reachable(ORIGIN, 0) == {ORIGIN: 0}


def test_forest_costs_two_to_enter_and_nothing_to_leave() -> None:
    woods = {Hex(1, 0): FOREST, Hex(2, 0): FOREST, ORIGIN: FOREST}
    board = Board(6, woods)
    got = board.reachable(ORIGIN, 4)
    assert got[Hex(1, 0)] == 2
    # Forest to Forest pays the extra point again; walking round costs the same here.
    assert got[Hex(2, 0)] == 4
    assert Hex(2, 0) not in board.reachable(ORIGIN, 3)
    # Out of the Forest we stand in costs 1, like any plain hex.
    assert got[Hex(-1, 0)] == 1
    # One point left is not enough to step into a Forest: no partial moves.
    assert board.path_to(ORIGIN, Hex(1, 0), 1) is None
    # Past the woods, the cheapest move goes round them (4) rather than through (5).
    assert got[Hex(3, 0)] == 4
    path = board.path_to(ORIGIN, Hex(3, 0), 4)
    assert path is not None
    check_path(board, ORIGIN, Hex(3, 0), path, 4)
    assert not set(path[1:]) & set(woods)


def test_allies_are_passed_through_but_not_stopped_on_and_enemies_block() -> None:
    walls = {h: WALL for h in spiral(ORIGIN, 3) if h.r != 0}
    ally, enemy = Hex(1, 0), Hex(-1, 0)
    board = Board(3, walls, allies={ally}, enemies={enemy})
    got = board.reachable(ORIGIN, 3)
    assert got == {ORIGIN: 0, Hex(2, 0): 2, Hex(3, 0): 3}
    assert board.path_to(ORIGIN, Hex(3, 0), 3) == [ORIGIN, ally, Hex(2, 0), Hex(3, 0)]
    assert board.path_to(ORIGIN, ally, 3) is None
    assert board.path_to(ORIGIN, Hex(-2, 0), 3) is None
    assert board.path_to(ORIGIN, ORIGIN, 0) == [ORIGIN]


def test_bad_inputs_are_refused() -> None:
    with pytest.raises(ValueError):
        reachable(ORIGIN, -1, lambda h: 1)
    with pytest.raises(ValueError):
        reachable(ORIGIN, 3, lambda h: 0)


# --- line of sight ------------------------------------------------------------------------


def shortest_paths(a: Hex, b: Hex) -> Iterator[list[Hex]]:
    if a == b:
        yield [a]
        return
    n = distance(a, b)
    for step in neighbours(a):
        if distance(step, b) == n - 1:
            for rest in shortest_paths(step, b):
                yield [a, *rest]


def clear_paths(a: Hex, b: Hex, blockers: set[Hex]) -> list[list[Hex]]:
    return [p for p in shortest_paths(a, b) if not blockers.intersection(p[1:-1])]


@st.composite
def los_cases(draw: st.DrawFn) -> tuple[Hex, Hex, set[Hex]]:
    # Listing big boards and far targets first steers hypothesis, which favours early
    # choices, toward the cases with many shortest paths; small ones still come up.
    radius = draw(st.sampled_from([4, 3, 2, 1]))
    hexes = spiral(ORIGIN, radius)
    a = draw(st.sampled_from(hexes))
    b = draw(st.sampled_from(sorted(hexes, key=lambda h: (-distance(a, h), h))))
    density = draw(st.sampled_from([3, 5, 2, 7, 1, 0, 10]))
    rolls = draw(st.lists(st.integers(0, 9), min_size=len(hexes), max_size=len(hexes)))
    # Ends are left in the draw on purpose: a blocker on either end must not count.
    return a, b, {h for h, roll in zip(hexes, rolls, strict=True) if roll < density}


@settings(max_examples=400, derandomize=True, deadline=None)
@given(los_cases())
def test_line_of_sight_matches_all_shortest_paths(case: tuple[Hex, Hex, set[Hex]]) -> None:
    a, b, blockers = case
    asked: list[Hex] = []

    def blocks(h: Hex) -> bool:
        asked.append(h)
        return h in blockers

    clear = clear_paths(a, b, blockers)
    seen = has_line_of_sight(a, b, blocks)
    assert seen == bool(clear)
    assert a not in asked and b not in asked
    assert len(asked) == len(set(asked))
    assert has_line_of_sight(b, a, blockers.__contains__) == seen

    asked.clear()
    drawn = los_path(a, b, blocks)
    assert a not in asked and b not in asked
    assert len(asked) == len(set(asked))
    if seen:
        assert drawn in clear
        assert drawn == los_path(a, b, blockers.__contains__)
    else:
        assert drawn is None


def test_unobstructed_shot_is_drawn_as_the_display_line() -> None:
    for a in spiral(ORIGIN, 3):
        for b in BOARD6:
            assert los_path(a, b, lambda h: False) == line(a, b)


def test_drawn_shot_hugs_the_line_when_it_must_detour() -> None:
    # ORIGIN -> (4, -2) runs along hex edges; blocking the display line leaves a choice of
    # detours, and the drawn one stays next to the straight segment.
    a, b = ORIGIN, Hex(4, -2)
    blockers = set(line(a, b)[1:-1])
    drawn = los_path(a, b, blockers.__contains__)
    assert drawn is not None
    assert drawn in clear_paths(a, b, blockers)

    def deviation(path: list[Hex]) -> int:
        return sum((4 * h.r + 2 * h.q) ** 2 for h in path)

    assert deviation(drawn) == min(deviation(p) for p in clear_paths(a, b, blockers))


def test_line_of_sight_scene_in_the_spirit_of_the_rulebook_diagram() -> None:
    # Our own layout: a ranged shooter at the center standing in a Forest, an ally to the
    # west, enemies around, some Forests and a shrine (which never blocks).
    shooter = ORIGIN
    forests = {ORIGIN, Hex(0, 1), Hex(0, -2)}
    shrine = Hex(-2, 0)
    ally = Hex(-1, 0)
    guard = Hex(1, 0)  # an enemy right next to the shooter, east
    enemies = {guard, Hex(2, 0), Hex(2, -1), Hex(1, 1), Hex(1, 2), Hex(-3, 0), Hex(0, -2)}

    def blocks(h: Hex) -> bool:
        return h in forests or h in enemies

    def sees(target: Hex) -> bool:
        return has_line_of_sight(shooter, target, blocks)

    # Adjacent targets are always in sight, blockers or not.
    assert sees(guard)
    # Straight behind the guard there is only one shortest path, and the guard is on it.
    assert not sees(Hex(2, 0))
    # Two shortest paths: one through the guard, one clear -> in sight, drawn the clear way.
    assert sees(Hex(2, -1))
    assert los_path(shooter, Hex(2, -1), blocks) == [shooter, Hex(1, -1), Hex(2, -1)]
    # Both shortest paths blocked (the guard, and a Forest) -> no sight.
    assert not sees(Hex(1, 1))
    # Three away: every first step is blocked, so the open hex (0, 2) further on is no help.
    assert distance(shooter, Hex(1, 2)) == 3
    assert Hex(0, 2) not in forests | enemies
    assert not sees(Hex(1, 2))
    # The ally and the shrine on the only shortest path never block.
    assert line(shooter, Hex(-3, 0)) == [shooter, ally, shrine, Hex(-3, 0)]
    assert sees(Hex(-3, 0))
    # A target standing in a Forest is in sight; so is any hex while we stand in one.
    assert Hex(0, -2) in forests
    assert sees(Hex(0, -2))
    # But a Forest between us stops the shot into the hex behind it.
    assert not sees(Hex(0, 2))
    # Sight is mutual, and the rule agrees with the brute-force definition everywhere here.
    for target in spiral(ORIGIN, 4):
        blockers = forests | enemies
        assert sees(target) == bool(clear_paths(shooter, target, blockers))
        assert has_line_of_sight(target, shooter, blocks) == sees(target)
