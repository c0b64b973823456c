"""The Phaseship put down instead of flicked, starbases turned round their orbits, Mobile
Starbases at the end of the turn."""

from __future__ import annotations

from empires_rules_helpers import at, disc, game, grant, pieces, play, reveal, ship_to, starbase

from core.contract import Action
from core.empires import legal_actions, why_illegal
from core.empires.geometry import starmap
from core.empires.occupancy import occupant, orbit_of
from core.empires.phaseship import encode
from core.empires.state import advanced_ids


def test_the_phaseship_is_deployed_anywhere_and_moved_by_placing_it() -> None:
    s = game()
    grant(s, 0, "purple", 3)
    phase = advanced_ids(0)["purple"]
    play(s, ("choose", 1))
    assert why_illegal(s, Action("deploy_ship", phase)) == (
        "the Phaseship is deployed by placing it anywhere on the map")
    play(s, ("place", phase, encode(1000, -2000)))
    assert (disc(s, phase).x, disc(s, phase).y) == (1000, -2000) and s.uses == 1
    h = starmap().hole("0.middle")
    assert why_illegal(s, Action("place", phase, encode(h.x, h.y))) == (
        "no flicks left to move the Phaseship with")
    s.action, s.flicks = "move", 1
    assert why_illegal(s, Action("place", phase, encode(h.x, h.y))) == (
        "the Phaseship cannot be put down on top of another disc")
    assert why_illegal(s, Action("flick", phase, 100)) == "the Phaseship is placed, never flicked"
    play(s, ("place", phase, encode(h.x, h.y - 4500)))
    assert orbit_of(disc(s, phase)) == at(s, "0.middle") and s.flicks == 0


def test_a_starbase_turns_round_its_orbit_unless_blockaded() -> None:
    s = game()
    i = reveal(s, "0.middle", "planet", "purple")
    base = starbase(s, 0, i)
    play(s, ("choose", 2), ("reposition", base, 27000))
    assert orbit_of(disc(s, base)) == i and disc(s, base).y < starmap().hole("0.middle").y
    ship_to(s, 1, "0.middle", 0)
    assert why_illegal(s, Action("reposition", base, 9000)) == (
        "top-left middle is blockaded by blue's starship")


def test_mobile_starbases_move_to_another_planet_at_the_end_of_the_turn() -> None:
    s = game()
    i = reveal(s, "0.middle", "planet", "purple")
    j = reveal(s, "0.near_x", "planet", "orange")
    k = reveal(s, "0.near_y", "planet", "green")
    pieces(s, 1, "0.near_y", "troop")
    base = starbase(s, 0, i)
    grant(s, 0, "purple", 4)
    play(s, ("choose", 3), ("end",), ("end",))
    assert s.phase == "effects" and s.current == 0
    assert Action("move_starbase", base, j) in legal_actions(s)
    assert why_illegal(s, Action("move_starbase", base, k)) == (
        "top-left right side is occupied by someone else")
    play(s, ("move_starbase", base, j), ("end",))
    assert occupant(s, j) == 0 and occupant(s, i) is None and s.current == 1
