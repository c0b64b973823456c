"""The technologies that act outside building: energy from blockades, attacks and the end
of the turn, stronger starbases, deploying to starbases, flicking from a starbase's planet,
the Star Hammer."""

from __future__ import annotations

from empires_rules_helpers import (
    disc,
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

from core.contract import Action
from core.empires import why_illegal
from core.empires.geometry import starmap
from core.empires.occupancy import orbit_of, planet_defence
from core.empires.offers import straight
from core.empires.state import State, advanced_ids


def _spend_all(s: State, seat: int) -> None:
    p = s.players[seat]
    p.energy_spent += p.energy_ready
    p.energy_ready = 0


def test_energy_transmission_refreshes_when_a_rival_blockades_your_planet() -> None:
    s = game()
    i = reveal(s, "1.near_x", "planet", "purple")
    pieces(s, 1, "1.near_x", "troop")
    grant(s, 1, "pink", 1)
    _spend_all(s, 1)
    spot = starmap().hole("1.near_x")
    red = ship_at(s, 0, spot.x - 9000, spot.y, ship=100)
    play(s, ("choose", 0), ("flick", red, straight(9000, 0, starmap().orbit)))
    assert orbit_of(disc(s, red)) == i
    assert s.players[1].energy_ready == 1


def test_zero_point_energy_refreshes_two_at_the_end_of_the_turn() -> None:
    s = game()
    grant(s, 0, "pink", 4)
    unlocked(s, 0, city=2)
    _spend_all(s, 0)
    play(s, ("choose", 3), ("end",), ("end",))
    assert s.players[0].energy_ready == 2


def test_energy_absorption_refreshes_after_an_attack() -> None:
    s = game()
    grant(s, 0, "orange", 2)
    _spend_all(s, 0)
    blue = ship_at(s, 1, 0, 0)
    ship_at(s, 0, 0, 5000, ship=100)
    ship_at(s, 0, 0, -5000, ship=101)
    play(s, ("choose", 3), ("end",), ("attack", 100, blue), ("attack", 101, blue), ("end",))
    assert s.players[0].energy_ready == 1


def test_orbital_defenses_make_each_starbase_worth_two() -> None:
    s = game()
    i = reveal(s, "1.near_x", "planet", "purple")
    starbase(s, 1, i)
    assert planet_defence(s, i) == 1
    grant(s, 1, "pink", 2)
    assert planet_defence(s, i) == 2


def test_orbital_habitats_deploy_troops_to_a_starbases_planet() -> None:
    s = game()
    i = reveal(s, "0.middle", "planet", "purple")
    starbase(s, 0, i)
    play(s, ("choose", 1))
    assert why_illegal(s, Action("deploy_troop", i)) == (
        "troops are deployed to planets with your outpost or city (or starbase, with "
        "Orbital Habitats)")
    grant(s, 0, "green", 2)
    play(s, ("deploy_troop", i))
    assert s.locations[i].pieces == [(0, "troop")]


def test_hyper_jump_stations_flick_free_from_a_planet_with_yourstarbase() -> None:
    s = game()
    i = reveal(s, "0.middle", "planet", "purple")
    starbase(s, 0, i)
    red = ship_to(s, 0, "0.middle", 27000, ship=100)
    play(s, ("choose", 0), ("flick", red, 27000 * 100000 + 100))
    assert s.flicks == 1
    grant(s, 0, "purple", 2)
    red2 = ship_to(s, 0, "0.middle", 27000, ship=101)
    play(s, ("flick", red2, 27000 * 100000 + 100))
    assert s.flicks == 1


def test_the_star_hammer_adds_one_against_planets() -> None:
    s = game()
    i = reveal(s, "2.middle", "planet", "pink")
    pieces(s, 2, "2.middle", "troop")
    grant(s, 0, "orange", 3)
    hammer = advanced_ids(0)["orange"]
    ship_to(s, 0, "2.middle", 0, ship=hammer)
    play(s, ("choose", 3), ("end",), ("attack", hammer, i), ("end",))
    assert s.locations[i].pieces == [] and s.players[0].vp == 1


def test_hyper_jump_troops_follow_an_attack_onto_the_planet_taken() -> None:
    s = game()
    i = reveal(s, "2.middle", "planet", "pink")
    j = reveal(s, "0.middle", "planet", "purple")
    pieces(s, 2, "2.middle", "troop")
    pieces(s, 0, "0.middle", "troop")
    grant(s, 0, "orange", 4)
    ship_to(s, 0, "2.middle", 0, ship=100)
    ship_to(s, 0, "2.middle", 18000, ship=101)
    play(s, ("choose", 3), ("end",), ("attack", 100, i), ("attack", 101, i), ("end",))
    assert s.pending == ["jump", i, 3] and s.current == 0
    play(s, ("jump", j), ("jump", -1), ("done",))
    assert s.locations[i].pieces == [(0, "troop"), (0, "troop")]
    assert s.locations[j].pieces == [] and s.current == 1
