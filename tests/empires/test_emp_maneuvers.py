"""A Move's flicks and manoeuvres: rams, lost in space, knocked rivals put back, artifacts,
wormholes, orbits, land, launch, discover, blockades, Gravity Snare."""

from __future__ import annotations

from empires_rules_helpers import aim_at, at, disc, game, pieces, play, reveal, ship_at, ship_to

from core.contract import Action
from core.empires import legal_actions, why_illegal
from core.empires.geometry import starmap
from core.empires.occupancy import occupant, orbit_of


def test_flicking_into_a_rival_is_a_ram_and_both_ships_are_destroyed() -> None:
    s = game()
    red = ship_at(s, 0, 0, 15000)
    blue = ship_at(s, 1, 0, 0)
    play(s, ("choose", 0))
    events = play(s, ("flick", red, aim_at(s, red, 0, 0, 400)))
    assert red in s.players[0].ships and blue in s.players[1].ships
    assert not any(d.id in (red, blue) for d in s.discs)
    assert [e.value for e in events if e.kind == "destroyed"] == [1, 1]
    assert s.players[0].vp == 0  # ramming earns no VP


def test_a_ship_flicked_off_the_map_is_lost_in_space() -> None:
    s = game()
    red = ship_at(s, 0, 0, 40000)
    play(s, ("choose", 0), ("flick", red, 9000 * 100000 + 1000))
    assert red in s.players[0].ships
    assert s.flicks == 1


def test_a_rival_knocked_off_the_map_is_put_back_at_the_edge() -> None:
    s = game()
    red = ship_at(s, 0, 0, 36000)
    pusher = ship_at(s, 0, 0, 40500)
    blue = ship_at(s, 1, 0, 43000)
    play(s, ("choose", 0), ("flick", red, 9000 * 100000 + 1000))
    assert any(d.id == blue for d in s.discs), "a rival never becomes lost in space"
    assert disc(s, blue).y == starmap().half_width
    assert pusher in s.players[0].ships or any(d.id == pusher for d in s.discs)


def test_a_ship_orbiting_a_face_up_artifact_flicks_for_free() -> None:
    s = game()
    reveal(s, "0.inner", "artifact")
    red = ship_to(s, 0, "0.inner", 18000)
    play(s, ("choose", 0), ("flick", red, 18000 * 100000 + 200))
    assert s.flicks == 2


def test_a_blockaded_artifact_gives_no_free_flick() -> None:
    s = game()
    reveal(s, "0.inner", "artifact")
    red = ship_to(s, 0, "0.inner", 18000)
    ship_to(s, 1, "0.inner", 0)
    play(s, ("choose", 0), ("flick", red, 18000 * 100000 + 200))
    assert s.flicks == 1


def test_land_puts_a_troop_on_the_planet_and_the_ship_home() -> None:
    s = game()
    i = reveal(s, "0.middle", "planet", "purple")
    red = ship_to(s, 0, "0.middle")
    play(s, ("choose", 0), ("land", red))
    assert s.locations[i].pieces == [(0, "troop")]
    assert occupant(s, i) == 0 and red in s.players[0].ships
    assert s.players[0].troops == 3


def test_land_is_refused_on_a_face_down_disc_a_rivals_planet_or_a_blockade() -> None:
    s = game()
    red = ship_to(s, 0, "0.middle")
    play(s, ("choose", 0))
    assert why_illegal(s, Action("land", red)) == "top-left middle is not a face-up planet"
    reveal(s, "0.middle", "planet", "purple")
    pieces(s, 1, "0.middle", "troop")
    assert why_illegal(s, Action("land", red)) == "top-left middle is occupied by someone else"
    s.locations[at(s, "0.middle")].pieces = []
    s.players[1].troops += 1
    ship_to(s, 2, "0.middle", 18000)
    assert why_illegal(s, Action("land", red)) == (
        "top-left middle is blockaded by yellow's starship")


def test_a_planet_holds_three_troops_and_structures_at_most() -> None:
    s = game()
    reveal(s, "0.middle", "planet", "purple")
    pieces(s, 0, "0.middle", "troop", "outpost", "troop")
    red = ship_to(s, 0, "0.middle")
    play(s, ("choose", 0))
    assert why_illegal(s, Action("land", red)) == (
        "top-left middle already has 3 troops and structures")


def test_launch_takes_a_troop_home_and_puts_a_ship_in_orbit() -> None:
    s = game()
    i = reveal(s, "0.middle", "planet", "purple")
    pieces(s, 0, "0.middle", "troop")
    s.players[0].ships = []
    ship_to(s, 0, "0.edge_x")
    ship = s.players[0].ships[0] if s.players[0].ships else None
    assert ship is None
    s.players[0].ships.append(s.players[0].ships_locked.pop(0))
    s.players[0].locks["starbase"] -= 1
    s.players[0].energy_ready += 1
    ship = s.players[0].ships[0]
    play(s, ("choose", 0), ("launch", i, ship))
    assert orbit_of(disc(s, ship)) == i and s.locations[i].pieces == []


def test_discover_keeps_a_relic_and_a_fourth_goes_to_the_archive() -> None:
    s = game()
    i, j = at(s, "0.middle"), at(s, "0.near_x")
    s.locations[i].token, s.locations[j].token = "bonus_move", "warp_beacon"
    s.players[0].relics = ["strike_bonus"]
    s.tokens_dealt += 1  # a relic found earlier
    red = ship_to(s, 0, "0.middle")
    play(s, ("choose", 0), ("discover", red))
    assert s.locations[i].faceup and s.players[0].relics == ["strike_bonus", "bonus_move"]
    s.players[0].relics.append("teleport_beacon")
    s.tokens_dealt += 1
    other = ship_to(s, 0, "0.near_x")
    play(s, ("discover", other))
    assert s.archive[-1] == "warp_beacon" and len(s.players[0].relics) == 3
    assert why_illegal(s, Action("discover", other)) == "top-left bottom side is already discovered"


def test_reposition_moves_a_ship_round_its_orbit() -> None:
    s = game()
    red = ship_to(s, 0, "0.middle", 0)
    play(s, ("choose", 0), ("reposition", red, 18000))
    d = disc(s, red)
    assert orbit_of(d) == at(s, "0.middle") and d.x < starmap().hole("0.middle").x


def test_a_wormhole_sends_a_ship_to_the_orbit_of_its_twin() -> None:
    s = game(players=2)
    red = ship_to(s, 0, "0.corner")
    letter = s.locations[at(s, "0.corner")].wormhole
    twin = next(i for i, loc in enumerate(s.locations) if loc.wormhole == letter
                and loc.hole != "0.corner")
    ship_to(s, 1, "0.corner", 18000)  # a wormhole is never blockaded
    play(s, ("choose", 0), ("wormhole", red))
    assert orbit_of(disc(s, red)) == twin


def test_gravity_snare_puts_the_ship_back_round_the_planet_it_bounced_off() -> None:
    s = game()
    i = reveal(s, "0.middle", "planet", "purple")
    s.players[0].tech["purple"] = 1
    s.developed.append("purple:1")
    h = starmap().hole("0.middle")
    red = ship_at(s, 0, h.x + 9000, h.y)
    play(s, ("choose", 0), ("flick", red, aim_at(s, red, h.x, h.y, 900)))
    assert s.pending == ["snare", red, i]
    assert legal_actions(s) == [Action("snare", -1, 1), Action("snare", -1, 0)]
    play(s, ("snare", -1, 1))
    assert orbit_of(disc(s, red)) == i
    assert why_illegal(s, Action("flick", red, 100)) == (
        "a ship Gravity Snare put back is not flicked again this turn")
