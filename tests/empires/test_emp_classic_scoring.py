"""Classic scoring (rulebook: Classic "Scoring"): occupied planets, outposts, cities, the
cities' spread over the quadrants, the VP tokens, and the tie-breaks."""

from __future__ import annotations

from empires_classic_helpers import free_hole, game, planet

from core.empires import outcome
from core.empires.classic_scoring import classic_parts
from core.empires.state import State


def _over(s: State) -> None:
    s.phase, s.to_move = "over", None


def test_planets_outposts_and_cities_score_and_a_homeworld_does_not() -> None:
    s = game(4)
    planet(s, 0, "0.corner", "troop", "troop")
    planet(s, 0, free_hole(s, 0), "troop")
    planet(s, 0, free_hole(s, 0), "outpost", "outpost")
    planet(s, 0, free_hole(s, 1), "city", "research")
    s.players[0].vp = 5
    assert classic_parts(s)[0] == {"tokens": 5, "planets": 3, "outposts": 2, "cities": 2,
                                   "spread": 0}


def test_cities_in_three_quadrants_score_three_and_in_four_six() -> None:
    s = game(4)
    for q in range(3):
        planet(s, 0, free_hole(s, q), "city")
    assert classic_parts(s)[0]["spread"] == 3
    planet(s, 0, free_hole(s, 3), "city")
    assert classic_parts(s)[0]["spread"] == 6
    planet(s, 1, free_hole(s, 0), "city", "city")
    assert classic_parts(s)[1]["spread"] == 0  # two cities in one quadrant


def test_the_most_points_win() -> None:
    s = game(2)
    planet(s, 1, free_hole(s, 1), "outpost")
    _over(s)
    result = outcome(s)
    assert result is not None and result.scores == (0, 2) and result.winners == (1,)


def test_a_tie_goes_to_the_most_vp_tokens_then_the_most_technology_levels() -> None:
    s = game(2)
    s.players[0].vp = 2
    planet(s, 1, free_hole(s, 1), "outpost")
    _over(s)
    result = outcome(s)
    assert result is not None and result.scores == (2, 2)
    assert result.winners == (0,) and result.tiebreak == "most VP tokens"
    s = game(2)
    planet(s, 0, free_hole(s, 0), "outpost")
    planet(s, 1, free_hole(s, 1), "outpost")
    s.players[1].tech["green"] = 1
    s.developed.append("green:1")
    _over(s)
    result = outcome(s)
    assert result is not None and result.winners == (1,)
    assert result.tiebreak == "most technology levels"
    s.players[1].tech["green"] = 0
    result = outcome(s)
    assert result is not None and result.winners == (0, 1) and result.tiebreak == "shared"
