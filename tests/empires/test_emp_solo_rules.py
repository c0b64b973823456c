"""The Solo Campaign's rule changes (rulebook: "Rule Changes": Robots, Relics, Warships,
Building Research Facilities, Megastructures, Ancient Libraries, Rescuing Settlers; and
scenario 6's Heart of the Builders), each as a case on a laid-out table."""

from __future__ import annotations

import pytest
from empires_rules_helpers import disc, pieces, play, ship_to
from empires_solo_helpers import at, draw, planet, solo_game, sv

from core.contract import Action, Event
from core.empires import dashboard, invasion, legal_actions, outcome, why_illegal
from core.empires.geometry import starmap
from core.empires.occupancy import orbit_of
from core.empires.offers import straight
from core.empires.placing import location_discs
from core.empires.solo_board import add_orbit_robot
from core.empires.state import State


def _flick_to(s: State, ship: int, hole: str) -> list[Event]:
    """Flick ``ship`` straight into the orbit of the location in ``hole``."""
    d, loc = disc(s, ship), location_discs()[at(s, hole)]
    return play(s, ("flick", ship, straight(loc.x - d.x, loc.y - d.y, starmap().orbit)))


def _attack(s: State, ships: list[int], target: int) -> None:
    play(s, ("choose", 0), ("end",), *[("attack", x, target) for x in ships], ("end",))


def test_robots_beaten_on_a_planet_go_back_to_the_supply() -> None:
    s = solo_game()
    i = planet(s, "0.near_x", "orange")
    s.locations[i].robots, s.robots = 1, s.robots - 1
    ships = [ship_to(s, 0, "0.near_x", a) for a in (0, 9000)]
    _attack(s, ships, i)
    assert s.locations[i].robots == 0 and s.robots == 12 and not s.locations[i].destroyed
    assert s.players[0].vp == 0  # no VP tokens in the solo game


def test_three_robots_beaten_destroy_their_planet_and_with_no_token_left_the_scenario_is_lost(
        ) -> None:
    s = solo_game()
    i = planet(s, "0.near_x", "orange")
    s.locations[i].robots, s.robots = 3, s.robots - 3
    ships = [ship_to(s, 0, "0.near_x", a) for a in (0, 9000, 18000, 27000)]
    _attack(s, ships, i)
    assert s.locations[i].destroyed and s.destroyed_tokens == 5 and s.robots == 12
    s2 = solo_game()
    j = planet(s2, "0.near_x", "orange")
    s2.locations[j].robots, s2.robots = 3, s2.robots - 3
    for loc in s2.locations[20:26]:
        loc.destroyed = True
    s2.destroyed_tokens = 0
    ships = [ship_to(s2, 0, "0.near_x", a) for a in (0, 9000, 18000, 27000)]
    _attack(s2, ships, j)
    result = outcome(s2)
    assert result is not None and "destroyed-planet token" in result.tiebreak


def test_a_robot_in_orbit_blockades_and_ramming_it_sends_it_to_the_supply() -> None:
    s = solo_game()
    i = planet(s, "0.near_x", "orange")
    pieces(s, 0, "0.near_x", "troop")
    add_orbit_robot(s, i)
    robot = next(d for d in s.discs if d.kind == "robot")
    ship = ship_to(s, 0, "0.middle", 0)
    play(s, ("choose", 0))
    assert "blockaded by robots" in (why_illegal(s, Action("launch", i, 102)) or "")
    d = disc(s, ship)
    events = play(s, ("flick", ship, straight(robot.x - d.x, robot.y - d.y, -robot.r)))
    assert any(e.kind == "robot_rammed" for e in events)
    assert all(x.kind != "robot" for x in s.discs) and s.robots == 12
    assert ship in s.players[0].ships  # the rammer is destroyed too


def test_a_destroyed_warship_pays_energy_and_a_discarded_relic_and_skips_the_next_draw(
        ) -> None:
    s = solo_game()
    invasion.place_warship(s, 0)
    s.players[0].energy_ready, s.players[0].energy_spent = 0, 1
    space = starmap().spaces[0]
    p = s.players[0]
    ships = []
    for dx, dy in ((4000, 0), (0, 4000), (-4000, 0)):
        ship = p.ships_locked[0] if not p.ships else p.ships[0]
        ships.append(ship_to(s, 0, "0.corner", 0, ship))
        s.discs = [x._replace(x=space.x + dx, y=space.y + dy) if x.id == ship else x
                   for x in s.discs]
    scrap = len(sv(s).scrap)
    deck = list(sv(s).deck)
    _attack(s, ships, 300)
    assert all(d.kind != "warship" for d in s.discs)
    assert p.energy_spent == 0 and len(p.relics) == 1 and len(sv(s).scrap) == scrap - 1
    assert sv(s).on_deck == 0 and s.warships == 4  # the turn's draw put it back instead
    assert sv(s).deck == deck


def test_a_research_facility_puts_a_cube_under_its_colours_card_and_opens_its_ability(
        ) -> None:
    s = solo_game()
    planet(s, "0.near_x", "green")
    pieces(s, 0, "0.near_x", "troop", "troop")
    i = at(s, "0.near_x")
    s.players[0].energy_ready, s.players[0].energy_spent = 0, 1
    play(s, ("choose", 2), ("build", i, 2))
    assert sv(s).cubes == [0, 0, 0, 1] and s.players[0].tech["green"] == 0
    assert Action("solo_tech", 7, -1) not in legal_actions(s)  # the second wants 2 cubes
    play(s, ("solo_tech", 6, -1))  # Power Cells: refresh one energy
    assert s.players[0].energy_ready == 1
    assert "cannot be used now" in (why_illegal(s, Action("solo_tech", 6, -1)) or "x")


def test_a_card_with_two_cubes_offers_both_abilities_but_is_used_once_a_turn() -> None:
    s = solo_game()
    sv(s).cubes[1] = 2  # purple: one more flick, two more flicks
    play(s, ("choose", 0))
    offered = [a for a in legal_actions(s) if a.kind == "solo_tech"]
    assert {(a.card, a.option) for a in offered} == {(2, -1), (3, -1)}
    play(s, ("solo_tech", 3, -1))
    assert s.flicks == 4
    assert not [a for a in legal_actions(s) if a.kind == "solo_tech"]


def test_a_megastructure_is_controlled_for_two_energy_by_a_manoeuvre_then_takes_deploys(
        ) -> None:
    s = solo_game(4)
    i = planet(s, "0.middle", "orange")
    s.locations[i].kind, s.locations[i].colour = "artifact", ""
    other = next(loc for loc in s.locations if loc.kind == "artifact" and loc.hole != "0.middle"
                 and not loc.faceup)
    other.kind, other.colour = "planet", "orange"
    sv(s).megas = [i]
    ship_to(s, 0, "0.middle", 0)  # unlocked from the tray: 2 ready energy now
    p = s.players[0]
    p.energy_ready, p.energy_spent = 1, 1
    play(s, ("choose", 1))
    assert "during a Move" in (why_illegal(s, Action("solo_control", i)) or "")
    s.phase, s.action, s.uses = "choose", "", 0
    play(s, ("choose", 0))
    assert "2 ready energy" in (why_illegal(s, Action("solo_control", i)) or "")
    p.energy_ready, p.energy_spent = 2, 0
    play(s, ("solo_control", i))
    assert sv(s).controlled == [i] and p.energy_ready == 0
    s.phase, s.action, s.flicks, s.maneuvers = "choose", "", 0, False
    dashboard.ship_home(s, 100, 0)
    play(s, ("choose", 1))
    assert Action("solo_deploy", 100, i) in legal_actions(s)
    play(s, ("solo_deploy", 100, i))
    assert orbit_of(disc(s, 100)) == i


def _settler(s: State, hole: str, colour: str = "yellow") -> int:
    """A settler on the location in ``hole``; with enough others already rescued (or, in
    scenario 5, waiting at a gate) that the scenario is still winnable."""
    i = at(s, hole)
    solo = sv(s)
    if not solo.settlers_start:
        if solo.scenario == 5:
            solo.settlers += [(at(s, "1.corner"), "blue")] * 8
        else:
            solo.rescued += ["yellow"] * 3
        solo.settlers_start = len(solo.settlers) + len(solo.rescued)
    solo.settlers.append((i, colour))
    solo.settlers_start += 1
    return i


def test_a_settler_boards_a_ship_flicked_from_its_planet_and_is_rescued_at_the_warpgate(
        ) -> None:
    s = solo_game(2)
    planet(s, "0.middle", "pink")
    i = _settler(s, "0.middle")
    ship = ship_to(s, 0, "0.middle", 4500)
    play(s, ("choose", 0))
    assert "settlers" in (why_illegal(s, Action("land", ship)) or "")
    _flick_to(s, ship, "0.corner")
    assert sv(s).rescued == ["yellow"] * 4 and sv(s).aboard == []
    assert (i, "yellow") not in sv(s).settlers


def test_a_carrier_cannot_land_or_attack_and_its_settler_dies_with_it() -> None:
    s = solo_game(2)
    planet(s, "0.middle", "pink")
    planet(s, "0.near_y", "green")
    _settler(s, "0.middle")
    ship = ship_to(s, 0, "0.middle", 9000)
    play(s, ("choose", 0))
    _flick_to(s, ship, "0.near_y")
    assert sv(s).aboard == [(ship, "yellow")]
    assert "carrying a settler" in (why_illegal(s, Action("land", ship)) or "")
    d = disc(s, ship)
    play(s, ("flick", ship, straight(0, 60000 - d.y, 0)))  # off the top edge: lost
    assert sv(s).aboard == [] and sv(s).lost_settlers == ["yellow"]


def test_robots_circling_a_settlers_planet_prevent_the_rescue() -> None:
    s = solo_game(2)
    planet(s, "0.middle", "pink")
    i = _settler(s, "0.middle")
    add_orbit_robot(s, i)
    ship = ship_to(s, 0, "0.middle", 9000)
    play(s, ("choose", 0))
    _flick_to(s, ship, "0.corner")
    assert sv(s).aboard == [] and (i, "yellow") in sv(s).settlers


def test_scenario_5_delivers_settlers_to_a_library_and_the_second_people_brings_a_cube(
        ) -> None:
    s = solo_game(5)
    lib = planet(s, "0.middle", "blue")
    s.locations[lib].library, s.libraries = True, s.libraries - 1
    s.overlays.remove("pink")
    s.locations[lib].terraform = "pink"
    planet(s, "0.near_y", "green")
    _settler(s, "0.near_y", "blue")
    sv(s).settlers.append((lib, "white"))
    sv(s).settlers_start += 1
    ship = ship_to(s, 0, "0.near_y", 18000)  # on the side facing 0.middle
    play(s, ("choose", 0))
    _flick_to(s, ship, "0.middle")
    assert sorted(c for j, c in sv(s).settlers if j == lib) == ["blue", "white"]
    assert sv(s).cubes[2] == 1  # pink


def test_a_ship_that_strikes_the_heart_of_the_builders_is_destroyed() -> None:
    s = solo_game(6)
    ship = ship_to(s, 0, "0.inner", 31500)  # on the side of the orbit facing the centre
    play(s, ("choose", 0))
    d = disc(s, ship)
    events = play(s, ("flick", ship, straight(-d.x, -d.y, -3200)))
    assert ship in s.players[0].ships
    assert any(e.kind == "destroyed" and e.value == 4 for e in events)


@pytest.mark.parametrize("scenario", [1, 3])
def test_a_solo_game_never_hands_out_vp_tokens(scenario: int) -> None:
    s = solo_game(scenario)
    assert s.vp_pool == 0 and s.players[0].vp == 0
    draw(s, "target_orange")
    assert s.players[0].vp == 0


def test_a_robot_in_orbit_can_be_attacked_with_defence_1_and_goes_back_to_the_supply() -> None:
    s = solo_game()
    i = planet(s, "0.near_x", "orange")
    pieces(s, 0, "0.near_x", "troop")
    add_orbit_robot(s, i)
    robot = next(d for d in s.discs if d.kind == "robot")
    near = [ship_to(s, 0, "0.near_x", a) for a in (3000, 30000)]  # either side of it
    play(s, ("choose", 0), ("end",))
    offered = [a for a in legal_actions(s) if a.kind == "attack" and a.option == robot.id]
    assert {a.card for a in offered} == set(near)
    play(s, ("attack", near[0], robot.id), ("end",))
    assert any(d.id == robot.id for d in s.discs)  # 1 does not beat a defence of 1
    play(s, ("choose", 0), ("end",), *[("attack", x, robot.id) for x in near], ("end",))
    assert all(d.kind != "robot" for d in s.discs) and s.robots == 12


def test_the_matter_relocator_carries_a_planets_settlers_along() -> None:
    s = solo_game(2)
    a, b = planet(s, "0.middle", "pink"), planet(s, "0.near_y", "green")
    _settler(s, "0.middle")
    ship_to(s, 0, "0.middle", 4500)
    ship_to(s, 0, "0.near_y", 18000)
    pile = sv(s).scrap if "matter_relocator" in sv(s).scrap else s.discarded
    pile.remove("matter_relocator")  # into the player's hand: the tokens still add up
    s.players[0].relics = ["matter_relocator"]
    play(s, ("choose", 3), ("relic", 0))
    assert s.pending[0] == "relocate"
    play(s, ("relocate", a, b))
    assert (b, "yellow") in sv(s).settlers and (a, "yellow") not in sv(s).settlers
    assert s.locations[b].colour == "pink"


def _side(s: State, colour_index: int, side: str, cubes: int = 2) -> None:
    sv(s).sides[colour_index], sv(s).cubes[colour_index] = side, cubes


def test_siege_drills_send_robots_on_an_orbited_planet_and_round_a_held_one_home() -> None:
    s = solo_game()
    _side(s, 0, "A")  # orange A: repel, then unblock
    robots_planet = planet(s, "0.near_x", "pink")
    s.locations[robots_planet].robots, s.robots = 2, s.robots - 2
    ship_to(s, 0, "0.near_x", 0)
    held = planet(s, "0.near_y", "green")
    pieces(s, 0, "0.near_y", "troop")
    add_orbit_robot(s, held)
    play(s, ("choose", 0))
    assert [a.option for a in legal_actions(s) if a.kind == "solo_tech" and a.card == 0] == [
        robots_planet]
    assert [a.option for a in legal_actions(s) if a.kind == "solo_tech" and a.card == 1] == [
        held]
    play(s, ("solo_tech", 0, robots_planet))
    assert s.locations[robots_planet].robots == 1 and s.robots == 12 - 2
    assert "cannot be used now" in (why_illegal(s, Action("solo_tech", 1, held)) or "")


def test_jamming_skips_the_next_invasion_draw() -> None:
    s = solo_game()
    _side(s, 0, "B")  # orange B: unblock, then jam
    deck = list(sv(s).deck)
    play(s, ("choose", 0), ("solo_tech", 1, -1), ("end",), ("end",))
    assert sv(s).deck == deck and sv(s).jams == 0 and s.turn == 2


def test_colony_pods_put_a_troop_and_civic_engines_add_a_use() -> None:
    s = solo_game()
    _side(s, 2, "A")  # pink A: troop, then one more use
    i = planet(s, "0.near_x", "pink")
    pieces(s, 0, "0.near_x", "outpost")
    play(s, ("choose", 1), ("solo_tech", 4, i))
    assert (0, "troop") in s.locations[i].pieces
    s2 = solo_game()
    _side(s2, 2, "B")  # pink B: one more use, then troop
    play(s2, ("choose", 1), ("solo_tech", 4, -1))
    assert s2.uses == 3


def test_jump_anchors_launch_a_dashboard_ship_to_a_planet_held() -> None:
    s = solo_game()
    _side(s, 1, "B", cubes=1)  # purple B, first ability only
    i = planet(s, "1.middle", "orange")
    pieces(s, 0, "1.middle", "troop")
    dashboard.ship_home(s, 100, 0)
    play(s, ("choose", 1))
    assert [a.option for a in legal_actions(s) if a.kind == "solo_tech"] == [i]
    play(s, ("solo_tech", 2, i))
    assert orbit_of(disc(s, 100)) == i


@pytest.mark.parametrize("where", [-1, 95, 10_000])
def test_a_build_at_no_location_is_refused_in_words(where: int) -> None:
    s = solo_game()
    play(s, ("choose", 2))  # Build
    for option in range(4):  # the starbase (3) looks at the ships in the orbit
        reason = why_illegal(s, Action("build", where, option))
        assert isinstance(reason, str) and reason
