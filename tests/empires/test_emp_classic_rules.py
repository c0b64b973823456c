"""The Classic rules, one test a rule (rulebook: "Classic Ascending Empires"): Homeworlds,
robots, Deploy Troops and Retreat, Move (flick, launch, land, discovery with Terraform
tokens), Resolving Attacks, Mine, Build a Structure, Develop Technology and its bonuses,
Battleships, Scan Locations, the end of the game."""

from __future__ import annotations

import pytest
from empires_classic_helpers import at, disc, dock, free_hole, game, planet, play, put, ship_to

from core.contract import Action
from core.empires import apply, legal_actions, reveals, view, why_illegal
from core.empires.classic_combat import targets
from core.empires.classic_offers import NEAREST, classic_aims
from core.empires.classic_play import battleship_id
from core.empires.classic_turn import choose
from core.empires.geometry import starmap
from core.empires.occupancy import occupant
from core.empires.offers import straight
from core.empires.placing import location_discs
from core.empires.state import State


def refused(s: State, *a: object) -> str:
    reason = why_illegal(s, Action(*a))  # type: ignore[arg-type]
    assert reason is not None, f"{a} was not refused"
    return reason


def taking(s: State, k: int) -> None:
    """Seat 0 in the middle of action ``k`` (set as choosing it sets the turn, whether or
    not it could be chosen), to hear why each thing within it is refused."""
    choose(s, k)


# Homeworlds --------------------------------------------------------------------------

def test_troops_deploy_to_the_homeworld_and_two_end_the_turn() -> None:
    s = game(2)
    home = at(s, "0.corner")
    play(s, ("choose", 0), ("deploy_troop", home), ("deploy_troop", home))
    assert s.locations[home].pieces == [(0, "troop"), (0, "troop")]
    assert s.players[0].troops == 2 and s.to_move == 1


def test_nothing_is_built_or_mined_on_a_homeworld() -> None:
    s = game(2)
    home = planet(s, 0, "0.corner", "troop", "troop", "troop")
    taking(s, 3)  # (with nothing else to build it could not be chosen)
    assert "Homeworld" in refused(s, "build", home, 0)
    s = game(2)
    home = planet(s, 0, "0.corner", "troop", "troop", "troop")
    taking(s, 2)
    assert "Homeworld" in refused(s, "mine_planet", home, 3)


def test_a_homeworld_is_never_blockaded_nor_attacked() -> None:
    s = game(2)
    home = planet(s, 0, "0.corner", "troop")
    ship_to(s, 1, "0.corner", 4500)
    play(s, ("choose", 0), ("deploy_troop", home), ("end",))  # deployed despite the rival
    assert s.locations[home].pieces == [(0, "troop"), (0, "troop")]
    s = game(2)
    planet(s, 1, "2.corner", "troop")
    mine = ship_to(s, 0, "2.corner", 0)
    ship_to(s, 0, "2.corner", 9000)
    assert at(s, "2.corner") not in targets(s, mine)


def test_a_homeworld_launch_goes_on_under_a_rival_ship() -> None:
    s = game(2)
    home = planet(s, 0, "0.corner", "troop")
    dock(s, 0)
    ship_to(s, 1, "0.corner", 4500)
    play(s, ("choose", 1), ("launch", home, s.players[0].ships[0]))
    assert s.locations[home].pieces == [] and s.flicks == 1


# Robots ------------------------------------------------------------------------------

def test_a_robot_blocks_its_location_from_landing_and_attack() -> None:
    s = game(3)
    blocked = next(loc.hole for loc in s.locations if loc.robots)
    ship = ship_to(s, 0, blocked)
    play(s, ("choose", 1))
    assert "robot" in refused(s, "land", ship)
    assert at(s, blocked) not in targets(s, ship)
    assert occupant(s, at(s, blocked)) is not None  # held by no player: out of play


# Deploy Troops -----------------------------------------------------------------------

def test_deploy_goes_only_to_planets_you_occupy_and_not_blockaded_ones() -> None:
    s = game(2)
    free = at(s, free_hole(s, 0))
    s.locations[free].faceup = True
    held = planet(s, 0, free_hole(s, 0), "troop")
    play(s, ("choose", 0))
    assert "occupy" in refused(s, "deploy_troop", free)
    play(s, ("deploy_troop", held))
    ship_to(s, 1, s.locations[held].hole)
    assert "blockaded" in refused(s, "deploy_troop", held)


def test_retreat_takes_troops_home_even_when_blockaded_instead_of_deploying() -> None:
    s = game(2)
    a = planet(s, 0, free_hole(s, 0), "troop", "troop")
    ship_to(s, 1, s.locations[a].hole)
    play(s, ("choose", 0), ("retreat", a), ("retreat", a))
    assert s.locations[a].pieces == [] and s.players[0].troops == 4
    assert "Retreat" in refused(s, "deploy_troop", at(s, "0.corner"))
    play(s, ("end",))
    assert s.to_move == 1
    s = game(2)
    b = planet(s, 0, free_hole(s, 0), "troop")
    play(s, ("choose", 0), ("deploy_troop", b))
    assert "instead of deploying" in refused(s, "retreat", b)


def test_only_one_player_occupies_a_planet() -> None:
    s = game(2)
    theirs = planet(s, 1, free_hole(s, 1), "troop")
    ship = ship_to(s, 0, s.locations[theirs].hole)
    play(s, ("choose", 1))
    assert "occupied by someone else" in refused(s, "land", ship)


# Move --------------------------------------------------------------------------------

def test_a_move_has_two_movement_points_for_flicks_launches_and_landings() -> None:
    s = game(4)
    home = planet(s, 0, "0.corner", "troop", "troop")
    hole = free_hole(s, 0)
    ship = ship_to(s, 0, hole)
    dock(s, 0)
    play(s, ("choose", 1), ("land", ship))
    assert s.flicks == 1
    play(s, ("launch", home, s.players[0].ships[0]))
    assert s.flicks == 0
    assert "no movement points" in refused(s, "launch", home, s.players[0].ships[0])
    mover = next(d for d in s.discs if d.owner == 0)
    assert "no flicks" in refused(s, "flick", mover.id, straight(1000, 0, 0))


def test_a_flick_spends_a_movement_point_and_a_ship_off_the_map_goes_home() -> None:
    s = game(2)
    ship = next(d for d in s.discs if d.owner == 0)
    play(s, ("choose", 1), ("flick", ship.id, straight(-ship.x - 90000, 0, 0)))
    assert s.flicks == 1 and disc(s, ship.id) is None and ship.id in s.players[0].ships


def test_landing_discovers_the_location_and_terraforms_a_relic_planet() -> None:
    s = game(4)
    assert s.classic is not None
    hole = free_hole(s, 1, "relic")
    pile = list(s.classic.terraform[1])
    ship = ship_to(s, 0, hole)
    events = play(s, ("choose", 1), ("land", ship))
    loc = s.location(hole)
    assert loc.faceup and loc.pieces == [(0, "troop")] and loc.terraform == pile[-1]
    assert s.classic.terraform[1] == pile[:-1]
    assert [e.kind for e in events if e.kind in ("discover", "terraform")] == [
        "discover", "terraform"]


def test_landing_on_an_artifact_terraforms_it_into_a_planet_of_that_colour() -> None:
    s = game(3)
    assert s.classic is not None
    hole = free_hole(s, 2, "artifact")
    colour = s.classic.terraform[2][0]
    ship = ship_to(s, 0, hole)
    play(s, ("choose", 1), ("land", ship))
    assert s.location(hole).terraform == colour and s.classic.terraform[2] == []
    assert occupant(s, at(s, hole)) == 0


def test_landing_on_a_plain_planet_takes_no_terraform_token() -> None:
    s = game(4)
    assert s.classic is not None
    hole = free_hole(s, 3, "planet")
    ship = ship_to(s, 0, hole)
    play(s, ("choose", 1), ("land", ship))
    assert s.location(hole).terraform == "" and len(s.classic.terraform[3]) == 2


def test_no_landing_or_launching_at_a_blockaded_planet() -> None:
    s = game(2)
    hole = free_hole(s, 1)
    ship = ship_to(s, 0, hole, 0)
    ship_to(s, 1, hole, 18000)
    play(s, ("choose", 1))
    assert "blockaded" in refused(s, "land", ship)
    s = game(2)
    held = planet(s, 0, free_hole(s, 1), "troop")
    dock(s, 0)
    ship_to(s, 1, s.locations[held].hole)
    play(s, ("choose", 1))
    assert "blockaded" in refused(s, "launch", held, s.players[0].ships[0])


def test_a_launch_needs_a_troop_where_the_ship_goes() -> None:
    s = game(2)
    dock(s, 0)
    play(s, ("choose", 1))
    assert "no troop" in refused(s, "launch", at(s, "0.corner"), s.players[0].ships[0])


# Resolving Attacks -------------------------------------------------------------------

def test_attacks_come_at_the_end_of_the_move_and_a_planet_falls_to_more_than_its_defence(
        ) -> None:
    s = game(2)
    theirs = planet(s, 1, free_hole(s, 1), "troop")
    hole = s.locations[theirs].hole
    a = ship_to(s, 0, hole, 0)
    b = ship_to(s, 0, hole, 18000)
    play(s, ("choose", 1))
    assert "once the Move is over" in refused(s, "attack", a, theirs)
    play(s, ("end",), ("attack", a, theirs), ("attack", b, theirs), ("end",))
    assert s.locations[theirs].pieces == [] and s.players[0].vp == 1
    assert s.players[1].troops == 4 and s.to_move == 1


def test_a_rival_ship_in_orbit_defends_its_planet() -> None:
    s = game(2)
    theirs = planet(s, 1, free_hole(s, 1), "troop")
    hole = s.locations[theirs].hole
    a = ship_to(s, 0, hole, 0)
    ship_to(s, 1, hole, 18000)
    assert theirs not in targets(s, a)


def test_two_starships_destroy_a_rival_starship_in_short_range() -> None:
    s = game(2)
    hole = free_hole(s, 1)
    a = ship_to(s, 0, hole, 0)
    b = ship_to(s, 0, hole, 3000)
    rival = ship_to(s, 1, hole, 1500)
    play(s, ("choose", 1), ("end",), ("attack", a, rival), ("attack", b, rival), ("end",))
    assert disc(s, rival) is None and rival in s.players[1].ships and s.players[0].vp == 1


# Mine --------------------------------------------------------------------------------

@pytest.mark.parametrize(("troops", "vp"), [(2, 1), (3, 2)])
def test_mining_takes_troops_home_for_vp(troops: int, vp: int) -> None:
    s = game(2)
    i = planet(s, 0, free_hole(s, 0), *["troop"] * troops)
    play(s, ("choose", 2), ("mine_planet", i, troops))
    assert s.players[0].vp == vp and s.vp_pool == 32 - vp and s.locations[i].pieces == []
    assert s.players[0].troops == 4


def test_mining_needs_the_troops_on_one_planet_not_blockaded() -> None:
    s = game(2)
    one = planet(s, 0, free_hole(s, 0), "troop")
    two = planet(s, 0, free_hole(s, 0), "troop", "troop")
    ship_to(s, 1, s.locations[two].hole)
    assert "nothing to mine" in refused(s, "choose", 2)
    taking(s, 2)
    assert "1 troops there" in refused(s, "mine_planet", one, 2)
    assert "blockaded" in refused(s, "mine_planet", two, 2)
    assert "2 troops" in refused(s, "mine_planet", two, 1)


# Build a Structure -------------------------------------------------------------------

def test_an_outpost_replaces_a_troop() -> None:
    s = game(2)
    i = planet(s, 0, free_hole(s, 0), "troop")
    play(s, ("choose", 3), ("build", i, 0))
    assert s.locations[i].pieces == [(0, "outpost")] and s.players[0].troops == 4


def test_a_city_replaces_a_troop_and_an_outpost_and_brings_a_troop_or_a_starship() -> None:
    s = game(2)
    i = planet(s, 0, free_hole(s, 0), "troop", "outpost")
    play(s, ("choose", 3), ("build", i, 1))
    assert s.pending == ["city_bonus"] and s.locations[i].pieces == [(0, "city")]
    play(s, ("city_bonus", 1))
    p = s.players[0]
    assert len(p.ships) == 1 and len(p.ships_locked) == 3 and s.to_move == 1
    s = game(2)
    i = planet(s, 0, free_hole(s, 0), "troop", "outpost")
    play(s, ("choose", 3), ("build", i, 1), ("city_bonus", 0))
    assert s.players[0].troops_locked == 3


def test_a_research_facility_takes_two_troops() -> None:
    s = game(2)
    i = planet(s, 0, free_hole(s, 0), "troop", "troop", "troop")
    play(s, ("choose", 3), ("build", i, 2))
    assert sorted(s.locations[i].pieces) == [(0, "research"), (0, "troop")]


def test_only_one_planet_may_hold_two_research_facilities() -> None:
    s = game(2)
    planet(s, 0, free_hole(s, 0), "research", "research")
    j = planet(s, 0, free_hole(s, 0), "research", "troop", "troop")
    play(s, ("choose", 3))
    assert "two research" in refused(s, "build", j, 2)


def test_no_building_at_a_blockaded_planet_nor_on_one_not_yours() -> None:
    s = game(2)
    i = planet(s, 0, free_hole(s, 0), "troop")
    theirs = planet(s, 1, free_hole(s, 1), "troop")
    ship_to(s, 1, s.locations[i].hole)
    assert "nothing to build" in refused(s, "choose", 3)
    taking(s, 3)
    assert "blockaded" in refused(s, "build", i, 0)
    assert "do not occupy" in refused(s, "build", theirs, 0)


# Develop Technology ------------------------------------------------------------------

def _lab(s: State, seat: int, colour: str, research: int = 1) -> int:
    q = s.players[seat].home
    return planet(s, seat, free_hole(s, q, "planet", colour), *["research"] * research)


def test_the_first_to_develop_a_level_takes_its_vp_and_the_next_does_not() -> None:
    s = game(2)
    _lab(s, 0, "pink")
    _lab(s, 1, "pink")
    play(s, ("choose", 4), ("develop", 2))
    assert s.players[0].tech["pink"] == 1 and s.players[0].vp == 1
    play(s, ("choose", 4), ("develop", 2))
    assert s.players[1].tech["pink"] == 1 and s.players[1].vp == 0


def test_a_level_needs_as_many_facilities_on_unblockaded_planets_of_its_colour() -> None:
    s = game(2)
    lab = _lab(s, 0, "green")
    s.players[0].tech["green"] = 1
    s.developed.append("green:1")
    taking(s, 4)
    assert "needs 2 research facilities" in refused(s, "develop", 3)
    assert "needs 1" in refused(s, "develop", 0)  # orange: no facility on an orange planet
    s = game(2)
    lab = _lab(s, 0, "green")
    ship_to(s, 1, s.locations[lab].hole)
    taking(s, 4)
    assert "you have 0" in refused(s, "develop", 3)


def test_levels_are_developed_in_order_up_to_the_fourth() -> None:
    s = game(2)
    _lab(s, 0, "purple", 2)
    play(s, ("choose", 4), ("develop", 1))
    assert s.players[0].tech["purple"] == 1
    s.current = s.to_move = 0
    play(s, ("choose", 4), ("develop", 1))
    assert s.players[0].tech["purple"] == 2 and s.players[0].vp == 1 + 2
    s.players[0].tech["purple"] = 4
    s.developed += ["purple:3", "purple:4"]
    s.current = s.to_move = 0
    assert Action("choose", 4) not in legal_actions(s)  # nothing left to develop
    assert "nothing to develop" in refused(s, "choose", 4)
    taking(s, 4)
    assert "fully developed" in refused(s, "develop", 1)


def test_a_whole_row_of_a_level_brings_a_troop_and_a_starship() -> None:
    s = game(2)
    _lab(s, 0, "green")
    p = s.players[0]
    p.tech.update(orange=1, purple=1, pink=1)
    s.developed += ["orange:1", "purple:1", "pink:1"]
    play(s, ("choose", 4), ("develop", 3))
    assert (p.troops, p.troops_locked, len(p.ships), len(p.ships_locked)) == (5, 3, 1, 3)


def test_orange_three_trades_two_starships_for_the_battleship() -> None:
    s = game(2)
    _lab(s, 0, "orange", 2)
    p = s.players[0]
    p.tech["orange"] = 2
    s.developed += ["orange:1", "orange:2"]
    # Three facilities: two on the first orange planet, one more elsewhere.
    planet(s, 0, free_hole(s, 1, "planet", "orange"), "research")
    on_map = [d.id for d in s.discs if d.owner == 0]
    play(s, ("choose", 4), ("develop", 0))
    assert s.pending == ["battleship", 2] and s.to_move == 0
    play(s, ("retire", on_map[0]), ("retire", on_map[1]))
    assert s.classic is not None and s.classic.boxed[0] == on_map
    assert p.advanced == [battleship_id(0)] and s.to_move == 1


# Battleships -------------------------------------------------------------------------

def _battleship(s: State) -> int:
    p = s.players[0]
    bid = battleship_id(0)
    p.tech["orange"] = 3
    s.developed += ["orange:1", "orange:2", "orange:3"]
    assert s.classic is not None
    for ship in list(p.ships_locked[:2]):
        p.ships_locked.remove(ship)
        s.classic.boxed[0].append(ship)
    p.advanced_locked.remove(bid)
    p.advanced.append(bid)
    return bid


def test_the_battleship_is_launched_only_from_the_homeworld_and_never_lands() -> None:
    s = game(2)
    bid = _battleship(s)
    elsewhere = planet(s, 0, free_hole(s, 0), "troop")
    home = planet(s, 0, "0.corner", "troop")
    play(s, ("choose", 1))
    assert "only from your Homeworld" in refused(s, "launch", elsewhere, bid)
    play(s, ("launch", home, bid))
    assert disc(s, bid) is not None
    hole = free_hole(s, 0)
    ship_to(s, 0, hole, ship=bid)
    assert "cannot land" in refused(s, "land", bid)


def test_the_battleship_attacks_with_two_and_alone_destroys_a_starship() -> None:
    s = game(2)
    bid = _battleship(s)
    hole = free_hole(s, 1)
    ship_to(s, 0, hole, 0, ship=bid)
    rival = ship_to(s, 1, hole, 1500)
    play(s, ("choose", 1), ("end",), ("attack", bid, rival), ("end",))
    assert disc(s, rival) is None and s.players[0].vp == 1


def test_the_battleship_survives_a_ram_but_is_lost_when_it_rams() -> None:
    s = game(2)
    bid = _battleship(s)
    rival = s.players[1].ships_locked[0]
    put(s, 0, bid, 0, 33000)  # open space on the top midline
    put(s, 1, rival, 0, 28000)
    s.current = s.to_move = 1
    play(s, ("choose", 1), ("flick", rival, straight(0, 5000, -1100)))
    assert disc(s, bid) is not None and disc(s, rival) is None
    s = game(2)
    bid = _battleship(s)
    rival = s.players[1].ships_locked[0]
    put(s, 0, bid, 0, 28000)
    put(s, 1, rival, 0, 33000)
    play(s, ("choose", 1), ("flick", bid, straight(0, 5000, -1100)))
    assert disc(s, bid) is None and bid in s.players[0].advanced and disc(s, rival) is None


# Scan Locations ----------------------------------------------------------------------

def test_a_scan_after_the_action_shows_the_location_to_the_scanner_only() -> None:
    s = game(4)
    hole = free_hole(s, 1)
    i = at(s, hole)
    ship_to(s, 0, hole)
    home = at(s, "0.corner")
    play(s, ("choose", 0), ("deploy_troop", home), ("deploy_troop", home))
    assert s.classic is not None and i in s.classic.scanned[0]
    mine, theirs = view(s, 0).table.locations[i], view(s, 1).table.locations[i]
    assert (mine.kind, mine.colour) == (s.locations[i].kind, s.locations[i].colour)
    assert theirs.kind == "hidden" and not s.locations[i].faceup


def test_a_view_hides_the_terraform_tokens_beside_the_quadrants() -> None:
    s = game(4)
    v = view(s, 0)
    assert v.table.classic is not None
    assert all(x == "?" for pile in v.table.classic.terraform for x in pile)
    assert sum(n for (kind, _), n in v.hidden_discs.items() if kind == "terraform") == 8


# The end of the game -----------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3])
def test_the_last_vp_token_gives_every_other_player_one_last_turn(players: int) -> None:
    s = game(players)
    s.players[1].vp, s.vp_pool = s.vp_pool - 1, 1  # the rest taken already
    i = planet(s, 0, free_hole(s, 0), "troop", "troop")
    events = play(s, ("choose", 2), ("mine_planet", i, 2))
    assert s.end_triggered and "end_triggered" in [e.kind for e in events]
    for seat in range(1, players):
        assert s.to_move == seat
        play(s, ("choose", 1), ("end",), ("end",))
    assert s.to_move is None and s.phase == "over"


def test_vp_taken_after_the_pool_is_empty_still_count() -> None:
    s = game(2)
    s.players[1].vp, s.vp_pool = s.vp_pool - 1, 1
    i = planet(s, 0, free_hole(s, 0), "troop", "troop", "troop")
    play(s, ("choose", 2), ("mine_planet", i, 3))
    assert s.players[0].vp == 2 and s.vp_pool == 0


def test_a_scan_cannot_be_taken_back() -> None:
    s = game(4)
    ship_to(s, 0, free_hole(s, 1))
    home = at(s, "0.corner")
    play(s, ("choose", 0), ("deploy_troop", home))
    events = apply(s, Action("deploy_troop", home))
    assert "looked at" in (reveals(s, Action("deploy_troop", home), events) or "")


def test_the_flicks_offered_aim_at_the_nearest_locations_with_something_to_do() -> None:
    s = game(3)
    ship = next(d.id for d in s.discs if d.owner == 0)
    play(s, ("choose", 1))
    aims = [a.option for a in legal_actions(s) if a.kind == "flick" and a.card == ship]
    assert aims == classic_aims(s, ship) and 1 <= len(aims) <= NEAREST
    d = disc(s, ship)
    assert d is not None
    for loc in location_discs():
        if s.locations[loc.id].robots or s.locations[loc.id].kind == "warpgate":
            assert straight(loc.x - d.x, loc.y - d.y, starmap().orbit) not in aims
    any_aim = straight(123, 456, 0)  # any other aim is legal all the same
    assert why_illegal(s, Action("flick", ship, any_aim)) is None
