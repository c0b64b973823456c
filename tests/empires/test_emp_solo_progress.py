"""How far a Solo Campaign game has come toward its goal, part by part (what the table
shows and the bots weigh): each part counted from the table, done exactly when its count
is reached."""

from __future__ import annotations

from empires_solo_helpers import planet, solo_game, sv

from core.empires.objectives import won
from core.empires.solo_progress import goal_parts, research_quadrants


def test_research_counts_quadrants_that_can_each_show_a_colour_of_their_own() -> None:
    s = solo_game(1)
    for hole, colour in (("0.middle", "orange"), ("1.middle", "orange"), ("1.inner", "purple")):
        s.locations[planet(s, hole, colour)].pieces = [(0, "research")]
    assert research_quadrants(s) == 2  # quadrant 1 shows purple, quadrant 0 orange
    s.locations[planet(s, "2.middle", "orange")].pieces = [(0, "research")]
    assert research_quadrants(s) == 2  # a third orange adds no colour
    s.locations[planet(s, "2.inner", "pink")].pieces = [(0, "research")]
    s.locations[planet(s, "3.middle", "green")].pieces = [(0, "research")]
    parts = goal_parts(s)
    assert [p.words() for p in parts][0] == "quadrants with research of a new colour: 4 of 4"
    assert parts[0].done and not parts[1].done and not won(s)
    s.players[0].energy_ready = 5
    assert all(p.done for p in goal_parts(s)) and won(s)


def test_warships_are_a_part_done_only_when_none_is_left() -> None:
    s = solo_game(3, clear=False)
    warships = [d for d in s.discs if d.kind == "warship"]
    part = goal_parts(s)[-1]
    assert part.fewer and part.have == len(warships) > 0 and not part.done
    assert part.units == -len(warships)
    assert part.words() == f"warships on the Starmap: {len(warships)} (none may be left)"
    s.discs = [d for d in s.discs if d.kind != "warship"]
    assert goal_parts(s)[-1].done


def test_settlers_rescued_count_toward_their_scenarios_goal() -> None:
    s = solo_game(6, clear=False)
    first = goal_parts(s)[0]
    assert first.words() == f"settlers rescued: 0 of {sv(s).settlers_start}"
    sv(s).rescued = ["yellow", "yellow"]
    assert goal_parts(s)[0].have == 2 and goal_parts(s)[0].units == 2
