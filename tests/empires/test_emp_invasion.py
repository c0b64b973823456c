"""The Invasion Deck (rulebook: "Draw from Invasion Deck", "Target Planet card", "Warship
card", "Losing"): each card's procedure and its priorities, case by case."""

from __future__ import annotations

from empires_rules_helpers import pieces, ship_to
from empires_solo_helpers import answer, at, carry_out, draw, planet, solo_game

from core.empires import invasion, legal_actions, outcome
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


def test_an_unoccupied_match_takes_the_robot_with_most_starships_there_destroying_them() -> None:
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
    assert s.locations[strong].robots == 0
    pieces(s, 0, "1.near_x", "troop")
    pieces(s, 0, "2.near_x", "troop", "outpost")
    draw(s, "target_green")
    assert (_robots_round(s, "1.near_x"), _robots_round(s, "2.near_x")) == (1, 0)
    assert s.locations[weak].pieces == [(0, "troop")]  # 1 does not beat a defence of 1
    draw(s, "target_green")  # the planet with robots in orbit first: 2 beat 1
    assert s.locations[weak].pieces == [] and s.locations[weak].robots == 2
    assert s.players[0].troops == 3  # the troop came home; one is still on 2.near_x
    assert s.locations[strong].pieces == [(0, "outpost"), (0, "troop")]


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


def test_a_warship_goes_to_the_quadrant_chosen_destroying_starships_in_long_range() -> None:
    s = solo_game()
    near = ship_to(s, 0, "1.inner", 0)  # 1.inner is close to quadrant 1's warship space
    carry_out(s, "warship")
    assert s.pending == ["solo", "quadrant"]
    assert [a.card for a in legal_actions(s)] == [0, 1, 2, 3]
    answer(s, 1)
    assert any(d.id == 301 and d.kind == "warship" for d in s.discs)
    assert near in s.players[0].ships and s.warships == 3
    assert [d.id for d in s.discs if d.kind == "ship"] == [100, 101]  # far off, at home


def test_a_warship_needed_with_none_in_the_supply_loses() -> None:
    s = solo_game()
    s.warships = 0
    s.solo.on_deck = 4  # all four destroyed and lying on the deck
    carry_out(s, "warship")
    result = outcome(s)
    assert result is not None and "a warship had to be placed" in result.tiebreak


def test_reveal_two_puts_two_robots_on_the_planet_chosen_and_an_artifact_asks_again() -> None:
    s = solo_game()
    carry_out(s, "reveal_two")
    artifact = next(i for i in face_down(s) if s.locations[i].kind == "artifact")
    answer(s, artifact)
    assert s.pending == ["solo", "reveal"] and s.locations[artifact].faceup
    planet_i = next(i for i in face_down(s) if s.locations[i].kind == "planet")
    ship_to(s, 0, s.locations[planet_i].hole, 0)
    answer(s, planet_i)
    assert s.locations[planet_i].robots == 2 and orbiting(s, planet_i) == []


def test_reveal_pair_puts_one_robot_on_each_of_two_planets() -> None:
    s = solo_game()
    carry_out(s, "reveal_pair")
    chosen = [i for i in face_down(s) if s.locations[i].kind == "planet"][:2]
    answer(s, chosen[0])
    answer(s, chosen[1])
    assert [s.locations[i].robots for i in chosen] == [1, 1] and s.pending == []


def test_most_reinforces_the_planet_with_most_robots_tie_to_most_ships_then_hole_order() -> None:
    s = solo_game()
    a, b, c = (planet(s, h, "pink") for h in ("1.near_x", "2.near_x", "3.near_x"))
    s.locations[a].robots = s.locations[b].robots = 2
    s.locations[c].robots = 1
    s.robots -= 5
    carry_out(s, "most")
    assert [s.locations[i].robots for i in (a, b, c)] == [3, 2, 1]  # tie: hole order
    s.locations[a].robots, s.robots = 2, s.robots + 1
    ship_to(s, 0, "2.near_x", 0)
    carry_out(s, "most")
    assert [s.locations[i].robots for i in (a, b, c)] == [2, 3, 1]  # tie: most ships


def test_orbit_two_besieges_the_weakest_held_planet_and_overruns_it() -> None:
    s = solo_game()
    weak, strong = planet(s, "1.near_x", "green"), planet(s, "1.near_y", "orange")
    pieces(s, 0, "1.near_x", "troop")
    pieces(s, 0, "1.near_y", "troop", "outpost")
    ship_to(s, 0, "1.near_x", 0)
    carry_out(s, "orbit_two")
    assert s.locations[weak].pieces == [] and s.locations[weak].robots == 2
    assert orbiting(s, weak) == [] and _robots_round(s, "1.near_x") == 0
    assert s.locations[strong].pieces == [(0, "outpost"), (0, "troop")]


def test_orbit_pair_sends_one_robot_to_each_of_two_different_held_planets() -> None:
    s = solo_game()
    planet(s, "1.near_x", "green")
    planet(s, "1.near_y", "orange")
    pieces(s, 0, "1.near_x", "troop", "outpost")
    pieces(s, 0, "1.near_y", "troop", "outpost")
    carry_out(s, "orbit_pair")
    assert (_robots_round(s, "1.near_x"), _robots_round(s, "1.near_y")) == (1, 1)


def test_escalation_shuffles_the_top_warship_card_into_the_deck_then_reinforces() -> None:
    s = solo_game()
    top = s.solo.warship_pile[0]
    draw(s, "escalation")
    assert top in s.solo.deck and top not in s.solo.warship_pile
    assert s.solo.discard[-1] == "escalation"
    s.solo.deck += s.solo.warship_pile
    s.solo.warship_pile = []
    i = planet(s, "1.near_x", "pink")
    s.locations[i].robots, s.robots = 1, s.robots - 1
    draw(s, "escalation")
    assert s.locations[i].robots == 2


def test_a_warship_card_drawn_carries_out_its_symbols_in_order() -> None:
    s = solo_game()
    draw(s, "vanguard")  # a warship, then 2 robots on a revealed planet
    assert s.pending == ["solo", "quadrant"]
    answer(s, 2)
    assert s.pending == ["solo", "reveal"]
    i = next(j for j in face_down(s) if s.locations[j].kind == "planet")
    answer(s, i)
    assert s.locations[i].robots == 2 and s.warships == 3 and s.phase == "choose"


def test_drone_scouts_reveal_a_location_and_shuffle_every_discard_back() -> None:
    s = solo_game()
    draw(s, "target_orange")
    if s.pending:
        answer(s, next(a.card for a in legal_actions(s)
                       if s.locations[a.card].kind == "planet"))
    draw(s, "drone_scouts")
    i = face_down(s)[0]
    answer(s, i)
    assert s.locations[i].faceup and s.solo.discard == []
    assert len(s.solo.deck) == 7
    assert "drone_scouts" in s.solo.deck and "target_orange" in s.solo.deck


def test_an_empty_deck_is_made_again_from_the_discards() -> None:
    s = solo_game()
    s.solo.discard += s.solo.deck
    s.solo.deck = []
    invasion.start_turn(s)
    assert len(s.solo.deck) == 6 and len(s.solo.discard) == 1
    assert s.solo.card == s.solo.discard[0]


def test_a_destroyed_warship_on_the_deck_skips_the_next_draw_and_returns_to_the_supply() -> None:
    s = solo_game()
    s.solo.on_deck, s.warships = 1, s.warships - 1
    deck = list(s.solo.deck)
    invasion.start_turn(s)
    assert s.solo.deck == deck and s.warships == 4 and s.solo.on_deck == 0


def test_with_only_artifacts_face_down_a_card_that_reveals_a_planet_reinforces_instead() -> None:
    s = solo_game()
    a = planet(s, "1.middle", "orange")
    for i in face_down(s):
        loc = s.locations[i]
        if loc.kind != "artifact":
            s.discarded += [loc.token] if loc.token else []
            loc.faceup, loc.token = True, ""
    s.locations[a].robots, s.robots = 1, s.robots - 1
    carry_out(s, "reveal_two")
    assert s.locations[a].robots == 2 and s.pending == []
    carry_out(s, "scout")  # the scouts still turn up an artifact
    assert s.pending == ["solo", "reveal"]
