"""Each scenario's objectives, checked after every action (rulebook: "Objectives": "You
immediately win if ALL of the following conditions are true"), and its own ways to lose."""

from __future__ import annotations

from empires_rules_helpers import disc, pieces, play, ship_to, unlocked
from empires_solo_helpers import at, planet, solo_game, sv

from core.empires import outcome
from core.empires.invasion import place_warship
from core.empires.maneuvers import place_in_orbit
from core.empires.offers import straight
from core.empires.physics import Disc
from core.empires.state import State


def _won(s: State) -> bool:
    result = outcome(s)
    return result is not None and result.winners == (0,)


def _energy(s: State, ready: int) -> None:
    """``ready`` energy ready, the rest of the seat's energy spent (locks taken as cities
    would, if it has too little)."""
    p = s.players[0]
    while p.energy_ready + p.energy_spent < ready:
        unlocked(s, 0, city=1)
    p.energy_spent, p.energy_ready = p.energy_ready + p.energy_spent - ready, ready


def _starbase(s: State, hole: str) -> None:
    p = s.players[0]
    disc = Disc(p.starbases[0], "starbase", 0, 0, 0, 1250)
    placed = place_in_orbit(s, at(s, hole), disc, 0)
    assert placed is not None
    p.starbases.pop(0)
    p.structures["starbase"] -= 1
    s.discs = sorted([*s.discs, placed], key=lambda d: d.id)


def test_scenario_1_wins_with_four_colours_of_research_one_per_quadrant_and_5_energy() -> None:
    s = solo_game(1)
    for hole, colour in (("0.near_x", "orange"), ("1.near_x", "purple"), ("2.near_x", "pink")):
        planet(s, hole, colour)
        pieces(s, 0, hole, "research")
    planet(s, "3.near_x", "orange")  # a second orange: not yet four colours
    pieces(s, 0, "3.near_x", "research", "troop")
    _energy(s, 5)
    play(s, ("choose", 0), ("end",), ("end",))
    assert not _won(s)
    planet(s, "3.near_y", "green")
    pieces(s, 0, "3.near_y", "troop")
    pieces(s, 0, "3.near_y", "research")
    _energy(s, 4)
    play(s, ("choose", 0))
    assert not _won(s)  # 4 ready energy are not enough
    s.players[0].energy_ready, s.players[0].energy_spent = 5, s.players[0].energy_spent - 1
    play(s, ("end",))
    assert _won(s) and "5 ready energy" in outcome(s).tiebreak  # type: ignore[union-attr]


def test_scenario_2_wins_with_4_rescued_and_city_and_starbase_in_two_quadrants() -> None:
    s = solo_game(2)
    sv(s).rescued, sv(s).settlers_start = ["yellow"] * 4, 5
    sv(s).lost_settlers = ["yellow"]
    for hole in ("0.near_x", "1.near_x"):
        planet(s, hole, "pink")
        pieces(s, 0, hole, "city")
    _starbase(s, "0.near_x")
    play(s, ("choose", 0))
    assert not _won(s)
    _starbase(s, "1.near_x")
    play(s, ("end",))
    assert _won(s)


def test_scenario_2_is_lost_once_fewer_than_4_settlers_can_be_saved() -> None:
    s = solo_game(2)
    sv(s).settlers_start, sv(s).lost_settlers = 5, ["yellow"] * 2
    sv(s).settlers = [(at(s, "2.middle"), "yellow")] * 3
    planet(s, "2.middle", "green")
    play(s, ("choose", 0))
    result = outcome(s)
    assert result is not None and result.winners == () and "4" in result.tiebreak


def test_scenario_3_wins_with_a_city_in_every_quadrant_once_no_warship_is_left() -> None:
    s = solo_game(3)
    for q in range(4):
        planet(s, f"{q}.near_x", "orange")
        pieces(s, 0, f"{q}.near_x", "city")
    place_warship(s, 2)
    play(s, ("choose", 0))
    assert not _won(s)
    s.discs = [d for d in s.discs if d.kind != "warship"]
    s.warships = 4
    play(s, ("end",))
    assert _won(s)


def test_scenario_4_wins_with_all_4_megastructures_controlled_and_no_warship() -> None:
    s = solo_game(4)
    artifacts = [i for i, loc in enumerate(s.locations) if loc.kind == "artifact"]
    for i in artifacts:
        loc = s.locations[i]
        s.discarded += [loc.token] if loc.token else []
        loc.faceup, loc.token = True, ""
    play(s, ("choose", 0))  # the settling puts a Megastructure on each face-up artifact
    assert sorted(sv(s).megas) == artifacts and not _won(s)
    sv(s).controlled = artifacts[:3]
    play(s, ("end",))
    assert not _won(s)
    sv(s).controlled = artifacts
    play(s, ("end",))
    assert _won(s)


def test_scenario_5_wins_with_two_peoples_in_each_library() -> None:
    s = solo_game(5)
    relics = [i for i, loc in enumerate(s.locations) if loc.kind == "relic"]
    for loc in s.locations:  # the overlays back in the supply, then one on each library
        if loc.terraform:
            s.overlays.append(loc.terraform)
            loc.terraform = ""
    for i in relics:
        loc = s.locations[i]
        s.discarded += [loc.token] if loc.token else []
        loc.faceup, loc.token = True, ""
        loc.library, s.libraries = True, s.libraries - 1
        loc.terraform = s.overlays.pop()
    colours = ("blue", "white", "yellow")
    sv(s).settlers = [(i, colours[k % 3]) for i in relics for k in range(2)][:-1]
    sv(s).settlers += [(relics[-1], sv(s).settlers[-1][1])]  # the last two of one people
    sv(s).settlers_start = 9
    sv(s).rescued = ["blue"]
    play(s, ("choose", 0))
    assert not _won(s)
    sv(s).settlers[-1] = (relics[-1], "yellow" if sv(s).settlers[-2][1] != "yellow" else "blue")
    play(s, ("end",))
    assert _won(s)


def test_scenario_6_wins_with_every_settler_rescued_and_a_city_on_each_centre_planet() -> None:
    s = solo_game(6)
    centre = ["0.inner", "1.inner", "2.inner", "3.inner"]
    for hole in centre:
        planet(s, hole, "green")
        pieces(s, 0, hole, "city")
    sv(s).rescued, sv(s).settlers_start = ["yellow"] * 8, 8
    play(s, ("choose", 0))
    assert _won(s) and "centre planet" in outcome(s).tiebreak  # type: ignore[union-attr]
    assert "conclusion" in outcome(s).details  # type: ignore[union-attr]


def test_scenario_6_is_lost_the_moment_a_settler_is_killed() -> None:
    s = solo_game(6)
    i = planet(s, "0.inner", "green")
    sv(s).settlers, sv(s).settlers_start = [(i, "yellow")] * 2, 2
    ship = ship_to(s, 0, "0.inner", 31500)
    play(s, ("choose", 0))
    d = disc(s, ship)
    play(s, ("flick", ship, straight(-d.x, -d.y, -3200)))  # into the Heart: destroyed
    result = outcome(s)
    assert result is not None and "killed" in result.tiebreak
