"""The shape of a turn: one action, its uses, boosting, refusals in words, the next seat."""

from __future__ import annotations

import pytest
from empires_rules_helpers import game, play, unlocked

from core.contract import Action, IllegalAction
from core.empires import apply, legal_actions, why_illegal


def test_a_turn_starts_with_a_choice_of_four_actions() -> None:
    s = game()
    assert legal_actions(s) == [Action("choose", k) for k in range(4)]
    assert why_illegal(s, Action("boost")) == (
        "choose an action first (Move, Deploy, Build or Interact)")


def test_move_gives_two_flicks_and_each_energy_boosts_one_more() -> None:
    s = game()
    play(s, ("choose", 0))
    assert s.flicks == 2
    unlocked(s, 0, city=2)
    play(s, ("boost",), ("boost",), ("boost",))
    assert s.flicks == 5  # the rulebook's example: 3 energy, five flicks
    assert (s.players[0].energy_ready, s.players[0].energy_spent) == (0, 3)
    assert why_illegal(s, Action("boost")) == "no ready energy to spend"


def test_deploy_twice_then_boosted_twice_more() -> None:
    # The rulebook's example: Jan deploys two, then spends 2 energy to deploy 2 more.
    s = game()
    p = s.players[0]
    unlocked(s, 0, starbase=4)
    play(s, ("choose", 1), ("deploy_ship", 102), ("deploy_ship", 103))
    assert why_illegal(s, Action("deploy_ship", 104)) == "no deploy left (boost with energy)"
    play(s, ("boost",), ("boost",), ("deploy_ship", 104), ("deploy_ship", 105))
    assert p.ships == []
    assert sum(1 for d in s.discs if d.owner == 0 and d.kind == "ship") == 6


def test_build_cannot_be_boosted() -> None:
    s = game()
    play(s, ("choose", 2))
    assert why_illegal(s, Action("boost")) == "Build cannot be boosted"
    assert Action("boost") not in legal_actions(s)


def test_an_action_belongs_to_the_action_chosen() -> None:
    s = game()
    play(s, ("choose", 0))
    assert why_illegal(s, Action("deploy_ship", 102)) == (
        "deploy ship belongs to the Deploy action")
    with pytest.raises(IllegalAction, match="Deploy action"):
        apply(s, Action("deploy_ship", 102))


def test_ending_passes_through_the_attacks_to_the_next_seat_clockwise() -> None:
    s = game()
    play(s, ("choose", 3), ("end",))
    assert s.phase == "attack"
    assert why_illegal(s, Action("boost")) == "only attacks are chosen now"
    play(s, ("end",))
    assert (s.current, s.to_move, s.phase, s.turns_taken) == (1, 1, "choose", [1, 0, 0, 0])


def test_any_aim_in_range_is_legal_and_others_are_refused_with_the_reason() -> None:
    s = game()
    play(s, ("choose", 0))
    assert why_illegal(s, Action("flick", 100, 12345 * 100000 + 1)) is None
    assert why_illegal(s, Action("flick", 100, 12345 * 100000 + 1001)) == (
        "a power is from 1 to 1000 ‰, not 1001")
    assert why_illegal(s, Action("flick", 110, 100)) == (
        "ship 110 is not one of your starships on the map")


def test_the_round_goes_up_once_every_seat_has_played() -> None:
    s = game(players=3)
    s.current = s.to_move = 1  # the start player need not be the first seat
    for k in range(3):
        assert s.turn == 1, k
        play(s, ("choose", 3), ("end",), ("end",))
    assert s.turn == 2 and s.current == 1
