"""Deploy and Build: the four structures, locks, technologies (first comers paid), advanced
starships, terraforming, and the technologies that change building."""

from __future__ import annotations

from empires_rules_helpers import at, disc, game, pieces, play, reveal, ship_to, unlocked

from core.contract import Action
from core.empires import why_illegal
from core.empires.build import TERRAFORM
from core.empires.occupancy import occupant, orbiting
from core.empires.state import PLANET_COLOURS, STRUCTURES, advanced_ids

OUTPOST, CITY, RESEARCH, STARBASE = (STRUCTURES.index(k) for k in STRUCTURES)


def test_outpost_swaps_a_troop_for_an_outpost_and_lets_troops_deploy_there() -> None:
    s = game()
    i = reveal(s, "0.middle", "planet", "purple")
    pieces(s, 0, "0.middle", "troop")
    play(s, ("choose", 1))
    assert why_illegal(s, Action("deploy_troop", i)) == (
        "troops are deployed to planets with your outpost or city")
    s.phase, s.action, s.uses = "act", "build", 1
    play(s, ("build", i, OUTPOST))
    assert s.locations[i].pieces == [(0, "outpost")]
    assert s.players[0].troops == 4 and s.players[0].structures["outpost"] == 3
    s.action, s.uses = "deploy", 1
    play(s, ("deploy_troop", i))
    assert sorted(s.locations[i].pieces) == [(0, "outpost"), (0, "troop")]


def test_a_city_takes_a_troop_and_an_outpost_and_its_lock_unlocks_a_troop_and_energy() -> None:
    s = game()
    i = reveal(s, "0.middle", "planet", "purple")
    pieces(s, 0, "0.middle", "troop", "outpost")
    p = s.players[0]
    p.energy_ready, p.energy_spent = 0, 1
    play(s, ("choose", 2), ("build", i, CITY))
    assert s.locations[i].pieces == [(0, "city")]
    assert (p.energy_ready, p.energy_spent) == (2, 0)  # the lock's energy, and all refreshed
    assert (p.troops, p.troops_locked, p.locks["city"]) == (5, 3, 3)
    assert why_illegal(s, Action("build", i, OUTPOST)) == "Build is taken once a turn"


def test_rebuilding_a_city_refreshes_energy_but_unlocks_nothing_new() -> None:
    s = game()
    i = reveal(s, "0.middle", "planet", "purple")
    pieces(s, 0, "0.middle", "troop", "outpost")
    p = s.players[0]
    play(s, ("choose", 2), ("build", i, CITY))
    # The city is destroyed (back to the dashboard) and built again later.
    s.locations[i].pieces = []
    p.structures["city"] += 1
    pieces(s, 0, "0.middle", "troop", "outpost")
    p.energy_ready, p.energy_spent = 0, 2
    s.built_at, s.uses = [], 1
    play(s, ("build", i, CITY))
    assert (p.energy_ready, p.energy_spent, p.locks["city"], p.troops_locked) == (2, 0, 3, 3)


def test_research_gains_the_level_and_the_first_to_it_takes_its_level_in_vp() -> None:
    s = game()
    i = reveal(s, "0.middle", "planet", "purple")
    j = reveal(s, "1.near_x", "planet", "purple")
    pieces(s, 0, "0.middle", "troop")
    pieces(s, 1, "1.near_x", "troop")
    play(s, ("choose", 2), ("build", i, RESEARCH))
    assert s.players[0].tech["purple"] == 1 and s.players[0].vp == 1
    s.current = s.to_move = 1
    s.built_at, s.uses = [], 1
    play(s, ("build", j, RESEARCH))
    assert s.players[1].tech["purple"] == 1 and s.players[1].vp == 0


def test_a_third_research_facility_of_a_colour_brings_its_advanced_starship() -> None:
    # The rulebook's example: a Research Facility on her third orange planet gives Valerie
    # the level-3 technology, Star Hammer.
    s = game()
    holes = ["0.middle", "1.near_x", "2.inner"]
    planets = [reveal(s, h, "planet", "orange") for h in holes]
    unlocked(s, 0, city=1)
    for h in holes[:2]:
        pieces(s, 0, h, "research")
    s.players[0].tech["orange"] = 2
    s.developed += ["orange:1", "orange:2"]
    pieces(s, 0, holes[2], "troop")
    play(s, ("choose", 2), ("build", planets[2], RESEARCH))
    hammer = advanced_ids(0)["orange"]
    assert s.players[0].tech["orange"] == 3 and s.players[0].vp == 3
    assert hammer in s.players[0].advanced and hammer not in s.players[0].advanced_locked


def test_losing_a_research_facility_keeps_the_technology() -> None:
    # Greg's example: back from 2 purple facilities to 1, then one rebuilt: no new level.
    s = game()
    i = reveal(s, "0.middle", "planet", "purple")
    pieces(s, 0, "0.middle", "research", "troop")
    s.players[0].tech["purple"] = 2
    s.developed += ["purple:1", "purple:2"]
    play(s, ("choose", 2), ("build", i, RESEARCH))
    assert s.players[0].tech["purple"] == 2 and s.players[0].vp == 0


def test_research_on_a_relic_planet_terraforms_it_to_the_colour_chosen() -> None:
    s = game()
    i = reveal(s, "0.edge_y", "relic")
    pieces(s, 0, "0.edge_y", "troop")
    play(s, ("choose", 2))
    assert why_illegal(s, Action("build", i, RESEARCH)) == (
        "a Research Facility on a relic planet terraforms it: choose the colour")
    play(s, ("build", i, TERRAFORM + PLANET_COLOURS.index("green")))
    assert s.locations[i].terraform == "green" and "green" not in s.overlays
    assert s.players[0].tech["green"] == 1


def test_a_starbase_takes_two_ships_from_orbit_occupies_and_unlocks_a_ship() -> None:
    s = game()
    i = reveal(s, "0.middle", "planet", "purple")
    a = ship_to(s, 0, "0.middle", 0, ship=100)
    b = ship_to(s, 0, "0.middle", 18000, ship=101)
    play(s, ("choose", 2), ("build", i, STARBASE))
    p = s.players[0]
    assert a in p.ships and b in p.ships and len(p.ships) == 3
    assert [d.owner for d in orbiting(s, i, "starbase")] == [0]
    assert occupant(s, i) == 0 and p.locks["starbase"] == 3


def test_building_is_refused_at_a_blockaded_planet() -> None:
    s = game()
    i = reveal(s, "0.middle", "planet", "purple")
    pieces(s, 0, "0.middle", "troop")
    ship_to(s, 1, "0.middle")
    play(s, ("choose", 2))
    assert why_illegal(s, Action("build", i, OUTPOST)) == (
        "top-left middle is blockaded by blue's starship")


def test_the_constructor_in_orbit_saves_a_troop_and_geothermal_refreshes() -> None:
    s = game()
    i = reveal(s, "0.middle", "planet", "purple")
    pieces(s, 0, "0.middle", "troop")
    p = s.players[0]
    for colour in ("pink", "green"):
        p.tech[colour] = 3
        s.developed += [f"{colour}:{k}" for k in (1, 2, 3)]
        ship = advanced_ids(0)[colour]
        p.advanced_locked.remove(ship)
        p.advanced.append(ship)
    ship_to(s, 0, "0.middle", ship=advanced_ids(0)["pink"])
    p.energy_ready, p.energy_spent = 0, 1
    play(s, ("choose", 2), ("build", i, OUTPOST))
    assert sorted(s.locations[i].pieces) == [(0, "outpost"), (0, "troop")]
    assert p.energy_ready == 1  # Geothermal Harvesters
    assert disc(s, advanced_ids(0)["pink"]).owner == 0


def test_organic_structures_builds_again_at_another_planet() -> None:
    s = game()
    i = reveal(s, "0.middle", "planet", "purple")
    j = reveal(s, "0.near_x", "planet", "orange")
    pieces(s, 0, "0.middle", "troop")
    pieces(s, 0, "0.near_x", "troop")
    s.players[0].tech["green"] = 4
    s.developed += [f"green:{k}" for k in (1, 2, 3, 4)]
    ship = advanced_ids(0)["green"]
    s.players[0].advanced_locked.remove(ship)
    s.players[0].advanced.append(ship)
    play(s, ("choose", 2), ("build", i, OUTPOST))
    assert s.uses == 1
    assert why_illegal(s, Action("build", i, OUTPOST)) == (
        "you already built at this planet this turn")
    play(s, ("build", j, OUTPOST))
    assert s.uses == 0 and at(s, "0.near_x") in s.built_at
