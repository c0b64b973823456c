"""Randomize Technology: the tiles' sides drawn at set-up, the same for every seat; a side
not in play gives nothing; each B-side technology (ours) does what its text says."""

from __future__ import annotations

from pathlib import Path

import pytest
from empires_rules_helpers import (
    at,
    game,
    grant,
    pieces,
    play,
    reveal,
    ship_at,
    ship_to,
    starbase,
    unlocked,
)

from core.content import ContentError, content_file
from core.contract import Action
from core.empires import new_game, why_illegal
from core.empires.combat import strength
from core.empires.occupancy import planet_defence
from core.empires.scoring import final_scores
from core.empires.state import State
from core.empires.technology import has, load, side_of, technologies


def _b_sides(**options: object) -> State:
    s = game(randomize_technology=True, **options)
    s.tech_sides = "b" * 8
    return s


def _spend_all(s: State, seat: int) -> None:
    p = s.players[seat]
    p.energy_spent += p.energy_ready
    p.energy_ready = 0


def test_the_sides_are_drawn_at_set_up_and_all_a_without_the_module() -> None:
    drawn = {new_game({"players": 2, "randomize_technology": True}, k).tech_sides
             for k in range(12)}
    assert all(len(x) == 8 and set(x) <= {"a", "b"} for x in drawn) and len(drawn) > 6
    s = new_game({"players": 2}, 1)
    assert s.tech_sides == "" and side_of(s, "green", 4) == "a"


def test_a_side_not_in_play_gives_nothing_and_level_three_is_the_same_on_both() -> None:
    s = _b_sides()
    grant(s, 0, "pink", 4)
    assert has(s, 0, "stellar_taps") and not has(s, 0, "zero_point_energy")
    assert has(s, 0, "constructor")  # the level-3 advanced starship keeps its tile
    s.tech_sides = "a" * 8
    assert not has(s, 0, "stellar_taps") and has(s, 0, "zero_point_energy")
    assert all(t.built for t in technologies().values() if t.side == "b")


def test_targeting_arrays_and_siege_engines_add_strength() -> None:
    s = _b_sides()
    blue = ship_at(s, 1, 0, 0)
    ship_at(s, 0, 0, 5000, ship=100)
    i = reveal(s, "2.middle", "planet", "pink")
    pieces(s, 2, "2.middle", "troop", "outpost")
    red = ship_to(s, 0, "2.middle", ship=101)
    play(s, ("choose", 3), ("end",), ("attack", 100, blue), ("attack", red, i))
    assert (strength(s, blue), strength(s, i)) == (1, 1)
    grant(s, 0, "orange", 1)
    assert (strength(s, blue), strength(s, i)) == (2, 1)
    grant(s, 0, "orange", 4)
    assert (strength(s, blue), strength(s, i)) == (2, 3)


def test_war_spoils_pay_a_vp_after_an_attack() -> None:
    s = _b_sides()
    grant(s, 0, "orange", 2)
    blue = ship_at(s, 1, 0, 0)
    ship_at(s, 0, 0, 5000, ship=100)
    ship_at(s, 0, 0, -5000, ship=101)
    play(s, ("choose", 3), ("end",), ("attack", 100, blue), ("attack", 101, blue), ("end",))
    assert s.players[0].vp == 1 + 1  # the kill's VP and the spoils


def test_slipstream_gives_a_move_three_flicks() -> None:
    s = _b_sides()
    grant(s, 0, "purple", 1)
    play(s, ("choose", 0))
    assert s.flicks == 3


def test_deep_scanners_refresh_on_discovering() -> None:
    s = _b_sides()
    grant(s, 0, "purple", 2)
    hole = next(loc.hole for loc in s.locations if not loc.faceup and loc.token
                and loc.token != "boon")
    ship = ship_to(s, 0, hole)
    _spend_all(s, 0)
    play(s, ("choose", 0), ("discover", ship))
    assert s.players[0].energy_ready >= 1


def test_fleet_beacons_refresh_one_a_starbase_at_most_two() -> None:
    s = _b_sides()
    grant(s, 0, "purple", 4)
    unlocked(s, 0, city=3)
    for hole in ("1.near_x", "2.near_x", "3.near_x"):
        starbase(s, 0, reveal(s, hole, "planet", "green"))
    _spend_all(s, 0)
    play(s, ("choose", 3), ("end",), ("end",))
    assert s.players[0].energy_ready == 2


def test_power_grid_refreshes_when_a_research_facility_is_built() -> None:
    s = _b_sides()
    grant(s, 0, "pink", 1)
    i = reveal(s, "0.middle", "planet", "orange")
    pieces(s, 0, "0.middle", "troop")
    _spend_all(s, 0)
    play(s, ("choose", 2), ("build", i, 2))
    assert s.players[0].energy_ready == 1


def test_shield_domes_make_cities_worth_three() -> None:
    s = _b_sides()
    i = reveal(s, "0.middle", "planet", "orange")
    pieces(s, 0, "0.middle", "city")
    assert planet_defence(s, i) == 2
    grant(s, 0, "pink", 2)
    assert planet_defence(s, i) == 3


def test_stellar_taps_refresh_everything_at_the_end_of_the_turn() -> None:
    s = _b_sides()
    grant(s, 0, "pink", 4)
    unlocked(s, 0, city=3)
    _spend_all(s, 0)
    play(s, ("choose", 3), ("end",), ("end",))
    assert s.players[0].energy_ready == 4 and s.players[0].energy_spent == 0


def test_colony_ships_refresh_on_landing() -> None:
    s = _b_sides()
    grant(s, 0, "green", 1)
    reveal(s, "0.middle", "planet", "orange")
    ship = ship_to(s, 0, "0.middle")
    _spend_all(s, 0)
    play(s, ("choose", 0), ("land", ship))
    assert s.players[0].energy_ready == 1


def test_fertile_worlds_deploy_troops_to_any_planet_you_occupy() -> None:
    s = _b_sides()
    i = reveal(s, "0.middle", "planet", "orange")
    pieces(s, 0, "0.middle", "troop")
    play(s, ("choose", 1))
    assert why_illegal(s, Action("deploy_troop", i)) == (
        "troops are deployed to planets with your outpost or city")
    grant(s, 0, "green", 2)
    play(s, ("deploy_troop", i))
    assert s.locations[i].pieces == [(0, "troop"), (0, "troop")]


def test_gaia_engines_score_a_vp_for_each_planet_held() -> None:
    s = _b_sides()
    for hole in ("0.middle", "1.near_x"):
        reveal(s, hole, "planet", "orange")
        pieces(s, 0, hole, "outpost")
    assert final_scores(s)[0]["gaia_engines"] == 0
    grant(s, 0, "green", 4)
    assert final_scores(s)[0]["gaia_engines"] == 2
    assert at(s, "0.middle") >= 0


def test_a_b_side_on_level_three_fails_loudly(tmp_path: Path) -> None:
    text = content_file("core.empires", "technologies.toml").read_text()
    bad = tmp_path / "technologies.toml"
    bad.write_text(text.replace('id = "siege_engines"\ncolour = "orange"\nlevel = 4',
                                'id = "siege_engines"\ncolour = "orange"\nlevel = 3'))
    with pytest.raises(ContentError, match=r'technologies.toml: \[\[tech\]\] "siege_engines", '
                                           r'field "level": a B side keeps'):
        load(bad)
