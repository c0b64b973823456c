"""The Invasion Deck (rulebook: "Draw from Invasion Deck", "Target Planet card", "Warship
card", "Losing"): each card's procedure and its priorities, case by case."""

from __future__ import annotations

from empires_rules_helpers import pieces, ship_to
from empires_solo_helpers import answer, at, carry_out, draw, planet, solo_game, sv

from core.empires import legal_actions, outcome
from core.empires.occupancy import orbiting
from core.empires.solo_board import face_down
from core.empires.state import State


def _robots_round(s: State, hole: str) -> int:
    return len(orbiting(s, at(s, hole), "robot"))


def test_a_target_card_reinforces_a_matching_planet_with_two_robots_before_one_with_one() -> None:
    s = solo_game()
    one, two = planet(s, "1.near_x", "orange"), planet(s, "2.near_x", "orange")
    free = planet(s, "3.near_x", "orange")
    s.locations[one].robots, s.locations[two].robots = 1, 2
    s.robots -= 3
    draw(s, "target_orange")
    assert [s.locations[i].robots for i in (one, two, free)] == [1, 3, 0]
    draw(s, "target_orange")  # the full planet is passed over: one robot beats none
    assert [s.locations[i].robots for i in (one, two, free)] == [2, 3, 0]


def test_an_unoccupied_match_takes_the_robot_with_most_starships_there_which_are_destroyed() -> None:
    s = solo_game()
    a, b = planet(s, "1.near_x", "purple"), planet(s, "1.near_y", "purple")
    ship_to(s, 0, "1.near_y", 0)
    ship_to(s, 0, "1.near_y", 18000)
    ship_to(s, 0, "1.near_x", 0)
    draw(s, "target_purple")
    assert (s.locations[a].robots, s.locations[b].robots) == (0, 1)
    assert orbiting(s, b) == [] and len(orbiting(s, a)) == 1
    assert len(s.players[0].ships) == 2  # the two destroyed are back on the dashboard


def test_held_matches_get_a_robot_in_orbit_at_the_lowest_defence_then_where_robots_circle() -> None:
    s = solo_game()
    weak, strong = planet(s, "1.near_x", "green"), planet(s, "2.near_x", "green")
    pieces(s, 0, "1.near_x", "troop")
    pieces(s, 0, "2.near_x", "troop", "outpost")
    draw(s, "target_green")
    assert (_robots_round(s, "1.near_x"), _robots_round(s, "2.near_x")) == (1, 0)
    assert s.locations[weak].pieces == [(0, "troop")]  # 1 does not beat a defence of 1
    draw(s, "target_green")  # the planet with robots in orbit first: 2 beat 1
    assert s.locations[weak].pieces == [] and s.locations[weak].robots == 2
    assert s.players[0].troops == 3 + 1 - 1  # the troop came home; one still on 2.near_x


def test_no_matching_planet_lets_the_player_reveal_one_and_the_robots_only_explore() -> None:
    s = solo_game()
    draw(s, "target_blue")
    assert s.pending == ["solo", "reveal"]
    choices = [a.card for a in legal_actions(s)]
    assert choices == face_down(s)
    artifact = next(i for i in choices if s.locations[i].kind == "artifact")
    answer(s, artifact)
    assert s.pending == ["solo", "reveal"]  # an artifact is not a planet: choose again
    target = next(a.card for a in legal_actions(s) if s.locations[a.card].kind == "planet")
    robots = s.robots
    answer(s, target)
    assert s.locations[target].faceup and s.locations[target].robots == 0
    assert s.robots == robots and s.pending == [] and s.phase == "choose"


def _reveal_all(s: State) -> None:
    for i in face_down(s):
        loc = s.locations[i]
        if loc.token:
            s.discarded.append(loc.token)
        loc.faceup, loc.token = True, ""


def test_with_everything_revealed_a_robot_goes_to_the_planet_with_most_robots_ties_chosen() -> None:
    s = solo_game()
    a, b = planet(s, "1.middle", "orange"), planet(s, "2.middle", "green")
    _reveal_all(s)
    s.locations[a].robots = s.locations[b].robots = 2
    s.robots -= 4
    carry_out(s, "scout")  # nothing left to reveal: the fallback
    assert s.pending == ["solo", "most"]
    assert sorted(x.card for x in legal_actions(s)) == sorted([a, b])
    answer(s, b)
    assert (s.locations[a].robots, s.locations[b].robots) == (2, 3)


def test_a_robot_needed_with_none_in_the_supply_loses_the_scenario() -> None:
    s = solo_game()
    target = planet(s, "1.near_x", "pink")
    for hole in ("1.middle", "2.middle", "3.middle", "2.near_x"):
        i = planet(s, hole, "green")
        s.locations[i].robots = 3
    s.robots -= 12
    assert s.robots == 0
    draw(s, "target_pink")
    result = outcome(s)
    assert s.to_move is None and legal_actions(s) == []
    assert result is not None and result.winners == () and result.scores == (0,)
    assert "a robot had to be placed" in result.tiebreak
    assert s.locations[target].robots == 0
