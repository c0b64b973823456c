"""The player chooses a move's route: when the legal ways to a destination differ in what
they do on the way (a Beacon taken, an Inactive Portal woken, a Tainted hex entered), a
``route`` decision lists them; when they do not, nobody is asked. Rule cases, then the
board's route search against every walk."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tactics_helpers import (
    act,
    cell,
    choose,
    command_at,
    content,
    cultist,
    pending_kind,
    put,
    table,
    unit_of,
    with_stats,
)
from test_tactics_board import PROPERTY, Board, boards, walks

import core.tactics as T
from core.contract import Action, IllegalAction
from core.tactics import routes
from core.tactics.audit import problems
from core.tactics.board import (
    BEACON,
    FOREST,
    INACTIVE_PORTAL,
    PORTAL,
    TAINTED,
    Route,
    move_routes,
)
from core.tactics.snapshot import restore, snapshot
from core.tactics.state import State
from core.tactics.words import question
from core.words import plain

# Two rows: from (1,0) to (3,0) a unit goes by (2,0) or round by the row below.
TWO_WAYS = """
P1 .  .  .  .  .  P2
  .  .  .  .  .  .  .
"""
# Three rows: with enemies on (2,1) and (3,1), (3,0) is reached only through (2,0) or
# from (4,0), and the way round from (1,0) to (5,0) goes by the bottom row (6 points).
THREE = """
P1 .  .  .  .  .  P2
  .  .  .  .  .  .  .
.  .  .  .  .  .  .
"""


def listed(s: State) -> list[Route]:
    assert pending_kind(s) == "route"
    return routes.asked(s, s.pending[-1])


def ready(map_text: str = TWO_WAYS, **rules: object) -> tuple[State, int]:
    """Tyranyx (Speed 3, Defense 7 as printed here) commanded on (1,0)."""
    s = table(map_text, rules=dict(rules))
    with_stats(s, "tyranyx", defense=7, speed=3)
    ty = unit_of(s, "tyranyx")
    command_at(s, ty, cell(s, 1, 0))
    return s, ty


def test_an_inactive_portal_on_one_of_two_equal_ways_is_the_player_s_choice() -> None:
    for woke in (True, False):
        s, ty = ready()
        mid = cell(s, 2, 0)
        s.terrain[mid] = INACTIVE_PORTAL
        act(s, "move", -1, cell(s, 3, 0))
        ways = listed(s)
        assert [r.marks for r in ways] == [(mid,), ()]
        assert s.units[ty].cell == cell(s, 1, 0)  # nothing moves before the answer
        choose(s, 0 if woke else 1)
        assert s.units[ty].cell == cell(s, 3, 0)
        assert (s.terrain[mid] == PORTAL) is woke
        assert s.cmd is not None and s.cmd.moved


def test_a_beacon_on_the_way_is_taken_only_on_the_route_through_it() -> None:
    s, ty = ready(beacon_honor=1)
    b = cell(s, 2, 0)
    s.terrain[b] = BEACON
    act(s, "move", -1, cell(s, 3, 0))
    ways = listed(s)
    assert [(r.beacons, r.path[-1]) for r in ways] == [(1, cell(s, 3, 0)), (0, cell(s, 3, 0))]
    choose(s, 1)
    assert s.beacon[b] == -1
    s.beacon[b] = 1  # the enemy's Beacon is worth taking back the next time
    assert problems(s) == []


def test_no_question_when_every_way_does_the_same() -> None:
    s, ty = ready()
    act(s, "move", -1, cell(s, 3, 0))  # plain ground
    assert pending_kind(s) is None and s.units[ty].cell == cell(s, 3, 0)
    s, ty = ready(beacon_honor=1)
    s.terrain[cell(s, 2, 0)] = BEACON
    s.beacon[cell(s, 2, 0)] = 0  # our own Beacon already: passing it changes nothing
    act(s, "move", -1, cell(s, 3, 0))
    assert pending_kind(s) is None
    s, ty = ready(tainted_damage=0)
    s.terrain[cell(s, 2, 0)] = TAINTED  # harmless here
    act(s, "move", -1, cell(s, 3, 0))
    assert pending_kind(s) is None


def test_a_way_that_only_adds_tainted_damage_is_not_offered() -> None:
    s, ty = ready()
    s.terrain[cell(s, 2, 0)] = TAINTED
    act(s, "move", -1, cell(s, 3, 0))  # round it, unhurt: the only sensible way
    assert pending_kind(s) is None and s.units[ty].damage == 0
    # Skipping a Beacon is the player's call, even when the way that skips it hurts.
    s, ty = ready(beacon_honor=1)
    s.terrain[cell(s, 2, 0)] = TAINTED
    s.terrain[cell(s, 2, 1)] = BEACON
    act(s, "move", -1, cell(s, 3, 0))
    assert [(r.beacons, r.tainted) for r in listed(s)] == [(1, 0), (0, 1)]


def walled(speed: int = 6, **rules: object) -> tuple[State, int]:
    """THREE with enemy Cultists on (2,1) and (3,1), a Beacon on (3,0) behind a Tainted
    (2,0), and a unit of ours commanded on (1,0)."""
    s = table(THREE, rules={"beacon_honor": 1, **rules})
    put(s, cultist(s, 1, 0), cell(s, 2, 1))
    put(s, cultist(s, 1, 1), cell(s, 3, 1))
    s.terrain[cell(s, 2, 0)] = TAINTED
    s.terrain[cell(s, 3, 0)] = BEACON
    with_stats(s, "tyranyx", defense=7, speed=speed)
    ty = unit_of(s, "tyranyx")
    command_at(s, ty, cell(s, 1, 0))
    return s, ty


def test_taking_a_beacon_through_tainted_ground_is_a_choice() -> None:
    s, ty = walled()
    goal = cell(s, 5, 0)
    act(s, "move", -1, goal)
    ways = listed(s)
    assert [(r.beacons, r.tainted, r.cost) for r in ways] == [(0, 0, 6), (1, 1, 4)]
    assert ways[1].marks == (cell(s, 2, 0), cell(s, 3, 0))
    choose(s, 1)
    assert s.units[ty].damage == 5 and s.beacon[cell(s, 3, 0)] == 0
    assert s.units[ty].cell == goal


def test_a_route_that_takes_a_beacon_and_falls_on_the_way_is_offered_and_walked() -> None:
    s, ty = walled()
    s.terrain[cell(s, 2, 0)] = BEACON  # first the Beacon, then the poison
    s.terrain[cell(s, 3, 0)] = TAINTED
    s.units[ty].damage = 3  # 4 left: the Tainted hex's 5 defeats it
    act(s, "move", -1, cell(s, 5, 0))
    ways = listed(s)
    falls = [i for i, r in enumerate(ways) if r.falls]
    assert len(falls) == 1 and ways[falls[0]].marks == (cell(s, 2, 0), cell(s, 3, 0))
    assert T.describe(s, Action("choose", falls[0])) == (
        "Go by the Beacon at (2,0) (taken), then the Tainted hex at (3,0) (5 damage): "
        "it falls there")
    choose(s, falls[0])
    assert s.beacon[cell(s, 2, 0)] == 0 and s.units[ty].cell == -1


def test_routes_keep_the_movement_rules() -> None:
    # Allies are crossed, enemies are not, a Forest costs two, Speed bounds the walk.
    s, ty = ready(beacon_honor=1)
    s.terrain[cell(s, 2, 1)] = BEACON
    put(s, cultist(s, 0), cell(s, 2, 0))  # an ally on the high way: crossed
    act(s, "move", -1, cell(s, 3, 0))
    assert [r.path for r in listed(s)] == [(cell(s, 2, 0), cell(s, 2, 1), cell(s, 3, 0)),
                                           (cell(s, 2, 0), cell(s, 3, 0))]
    s, ty = ready(beacon_honor=1)
    s.terrain[cell(s, 2, 1)] = BEACON
    put(s, cultist(s, 1), cell(s, 2, 0))  # an enemy on the high way: only the low one
    act(s, "move", -1, cell(s, 3, 0))
    assert pending_kind(s) is None and s.beacon[cell(s, 2, 1)] == 0
    s, ty = ready(beacon_honor=1)
    s.terrain[cell(s, 2, 1)] = BEACON
    s.terrain[cell(s, 2, 0)] = FOREST  # the high way now costs 2 + 1, all of Speed 3
    act(s, "move", -1, cell(s, 3, 0))
    assert [(r.beacons, r.cost, r.path) for r in listed(s)] == [
        (1, 3, (cell(s, 1, 1), cell(s, 2, 1), cell(s, 3, 0))),
        (0, 3, (cell(s, 2, 0), cell(s, 3, 0)))]  # not into the Forest and on: 4 points


def test_the_route_question_names_the_unit_and_the_goal_and_must_be_answered() -> None:
    s, ty = ready()
    s.terrain[cell(s, 2, 0)] = INACTIVE_PORTAL
    act(s, "move", -1, cell(s, 3, 0))
    d = s.pending[-1]
    assert plain(question(s, d)) == "Tyranyx goes to (3,0): which way?"
    assert T.describe(s, Action("choose", 0)) == (
        "Go by the Inactive Portal at (2,0) (woken)")
    assert T.describe(s, Action("choose", 1)) == "Go round, touching nothing on the way"
    assert T.legal_actions(s) == [Action("choose", 0), Action("choose", 1)]
    with pytest.raises(IllegalAction, match="cannot be declined"):
        T.apply(s, Action("decline"))
    with pytest.raises(IllegalAction, match="finish the current choice"):
        T.apply(s, Action("done"))


def test_every_seat_sees_the_same_routes_and_a_snapshot_keeps_the_question() -> None:
    s, ty = ready()
    s.terrain[cell(s, 2, 0)] = INACTIVE_PORTAL
    act(s, "move", -1, cell(s, 3, 0))
    mine = listed(s)
    assert routes.asked(T.view(s, 1), s.pending[-1]) == mine == routes.asked(
        T.view(s, 0), s.pending[-1])
    back = restore(snapshot(s), content(s.scen))
    assert T.checksum(back) == T.checksum(s) and routes.asked(back, back.pending[-1]) == mine
    T.apply(back, Action("choose", 0))
    assert back.terrain[cell(s, 2, 0)] == PORTAL


# --- the search against every walk -------------------------------------------------------------

def _outcome(b: Board, cells: list[int], beacon_owner: list[int], hurt: int, life: int
             ) -> tuple[int, int, tuple[int, ...]]:
    """What walking ``cells`` does: (bits taken, Tainted entries up to the fall, marks)."""
    taken, tainted, marks = 0, 0, []
    lethal = -(-life // hurt) if hurt else 1 << 30
    for c in cells:
        if tainted >= lethal:
            break
        t = b.terrain[c]
        if t == INACTIVE_PORTAL or (t == BEACON and beacon_owner[c] != b.side):
            if not taken >> c & 1:
                taken |= 1 << c
                marks.append(c)
        elif t == TAINTED and hurt:
            tainted += 1
            marks.append(c)
    return taken, tainted, tuple(marks)


@PROPERTY
@given(boards(radius=2), st.integers(1, 4), st.booleans(), st.integers(0, 3),
       st.integers(1, 6), st.data())
def test_routes_are_every_distinct_outcome_of_every_walk(
        b: Board, speed: int, barrier: bool, hurt: int, life: int, data: st.DataObject) -> None:
    beacon_owner = [data.draw(st.sampled_from([-1, 0, 1, 2])) if t == BEACON else -1
                    for t in b.terrain]
    lethal = -(-life // hurt) if hurt else 1 << 30
    by_goal: dict[int, dict[tuple[int, int], tuple[int, list[int], list[int]]]] = {}
    for spent, cells, dirs in walks(b, speed, barrier):
        if not cells or b.occ[cells[-1]] != -1 or cells[-1] == b.start:
            continue
        taken, tainted, _ = _outcome(b, cells, beacon_owner, hurt, life)
        best = by_goal.setdefault(cells[-1], {})
        key = (taken, tainted)
        if key not in best or (spent, dirs) < best[key][:2]:
            best[key] = (spent, dirs, cells)
    for goal, outcomes in by_goal.items():
        fewest = {}
        for taken, tainted in outcomes:
            fewest[taken] = min(tainted, fewest.get(taken, tainted))
        want = []
        for (taken, tainted), (spent, dirs, cells) in outcomes.items():
            if tainted != fewest[taken]:
                continue
            _, _, marks = _outcome(b, cells, beacon_owner, hurt, life)
            beacons = sum(b.terrain[c] == BEACON for c in marks)
            portals = sum(b.terrain[c] == INACTIVE_PORTAL for c in marks)
            want.append(((tainted, -beacons, spent, dirs), Route(
                tuple(cells), marks, beacons, portals, tainted, tainted >= lethal, spent)))
        want.sort(key=lambda x: x[0])
        got = move_routes(b.m, b.terrain, b.portal_side, b.occ, b.side, b.start, goal, speed,
                          barrier, beacon_owner, hurt, life)
        assert got == [r for _, r in want]
