"""Events found under locations (Guardian Warships, Ancient Libraries), starbases knocked
out of their orbits, manoeuvres only during a Move."""

from __future__ import annotations

from empires_rules_helpers import at, disc, game, pieces, play, reveal, ship_at, ship_to, starbase

from core.contract import Action, Event
from core.empires import why_illegal
from core.empires.aim import Aim
from core.empires.flight import fly
from core.empires.geometry import starmap
from core.empires.occupancy import orbit_of
from core.empires.scoring import final_scores
from core.empires.state import WARSHIP_BASE


def test_the_guardian_warship_event_pays_1_vp_and_puts_a_warship_on_the_space() -> None:
    s = game(modules=["guardian_warships"])
    i = at(s, "1.middle")
    old = s.locations[i].token
    s.locations[i].token = "guardian_warship"
    if old:
        s.discarded.append(old)
        s.tokens_dealt += 1
    red = ship_to(s, 0, "1.middle", ship=100)
    play(s, ("choose", 0), ("discover", red))
    assert s.players[0].vp == 1 and "guardian_warship" in s.discarded
    assert any(d.id == WARSHIP_BASE + 1 for d in s.discs) and s.warships == 3


def test_an_ancient_library_goes_on_the_planet_found_and_scores_its_quadrants_troops() -> None:
    s = game(modules=["ancient_libraries"])
    i = reveal(s, "0.middle", "planet", "purple")
    s.locations[i].faceup = False
    s.locations[i].token = "ancient_library"
    s.tokens_dealt += 1
    s.players[0].energy_ready, s.players[0].energy_spent = 0, 1
    red = ship_to(s, 0, "0.middle", ship=100)
    play(s, ("choose", 0), ("discover", red), ("land", red))
    assert s.locations[i].library and s.libraries == 3
    assert s.players[0].energy_ready == 1
    reveal(s, "0.near_x", "planet", "orange")
    pieces(s, 0, "0.near_x", "troop")
    parts = final_scores(s)[0]
    assert parts["libraries"] == 2 and parts["troops"] == 1


def test_a_library_found_on_an_artifact_waits_for_the_next_planet_of_its_quadrant() -> None:
    s = game(modules=["ancient_libraries"])
    i = reveal(s, "0.inner", "artifact")
    s.locations[i].faceup = False
    s.locations[i].token = "ancient_library"
    s.tokens_dealt += 1
    red = ship_to(s, 0, "0.inner", ship=100)
    play(s, ("choose", 0), ("discover", red))
    assert s.library_waiting == [0] and s.libraries == 4
    j = reveal(s, "0.middle", "planet", "purple")
    s.locations[j].faceup = False  # face down again, its token set aside
    other = ship_to(s, 0, "0.middle", ship=101)
    play(s, ("discover", other))
    assert s.locations[j].library and s.library_waiting == [] and s.libraries == 3


def test_a_starbase_knocked_off_the_map_goes_back_round_its_planet() -> None:
    s = game()
    i = reveal(s, "0.middle", "planet", "purple")
    base = starbase(s, 1, i)  # in the band above the planet
    b = disc(s, base)
    red = ship_at(s, 0, b.x - 6000, b.y, ship=100)
    flight = s.copy()
    _, result = fly(flight, red, Aim(0, 700))
    assert [h.kind for h in result.hits if h.disc == base][-1] == "lost"
    play(s, ("choose", 0), ("flick", red, 0 * 100000 + 700))
    assert orbit_of(disc(s, base)) == i and base not in s.players[1].starbases


def test_manoeuvres_are_made_only_during_a_move() -> None:
    s = game()
    reveal(s, "0.middle", "planet", "purple")
    red = ship_to(s, 0, "0.middle", ship=100)
    play(s, ("choose", 1))
    assert why_illegal(s, Action("land", red)) == (
        "manoeuvres are made during a Move (or a relic's flicks)")


def test_deploying_a_troop_respects_the_three_piece_limit() -> None:
    s = game()
    i = reveal(s, "0.middle", "planet", "purple")
    pieces(s, 0, "0.middle", "outpost", "troop", "troop")
    play(s, ("choose", 1))
    assert why_illegal(s, Action("deploy_troop", i)) == (
        "top-left middle already has 3 troops and structures")


def test_a_ship_knocked_into_a_guardian_warship_is_destroyed() -> None:
    s = game(players=2)
    space = starmap().spaces[0]
    knocked = ship_at(s, 0, space.x + 4000, space.y, ship=100)
    mover = ship_at(s, 0, space.x + 9000, space.y, ship=101)
    events = play(s, ("choose", 0), ("flick", mover, 18000 * 100000 + 300))
    assert knocked in s.players[0].ships
    assert Event("destroyed", 0, knocked, 2) in events
    assert any(d.id == WARSHIP_BASE for d in s.discs)  # the warship is unharmed
