"""The end trigger, the last turns, final scoring and its tie-breaks; relics, boon and the
Relic Archive used through Interact."""

from __future__ import annotations

from empires_rules_helpers import at, disc, game, pieces, play, reveal, ship_to, unlocked

from core.contract import Action
from core.empires import legal_actions, outcome, why_illegal
from core.empires.occupancy import orbit_of
from core.empires.scoring import final_scores
from core.empires.state import State
from core.empires.turn import end_reached


def _pass_turn(s: State) -> None:
    play(s, ("choose", 3), ("end",), ("end",))


def test_an_empty_pool_triggers_one_last_turn_for_everyone_then_scoring() -> None:
    s = game(players=3)
    s.players[0].vp, s.vp_pool = s.vp_pool, 0
    assert end_reached(s)
    _pass_turn(s)
    assert s.end_triggered and s.last_turns == 3
    for _ in range(2):
        _pass_turn(s)
    assert s.to_move is not None  # the trigger's player has one last turn too
    _pass_turn(s)
    assert s.to_move is None and s.phase == "over" and legal_actions(s) == []
    assert outcome(s) is not None
    assert why_illegal(s, Action("choose", 0)) == "the game is over"


def test_vp_after_the_pool_is_empty_come_from_the_reserve() -> None:
    s = game()
    s.players[1].vp, s.vp_pool = s.vp_pool, 0
    i = reveal(s, "0.middle", "planet", "purple")
    pieces(s, 0, "0.middle", "troop")
    play(s, ("choose", 2), ("build", i, 2))
    assert s.players[0].vp == 1 and s.vp_pool == 0


def test_final_scoring_troops_planets_relic_planets_and_structures() -> None:
    s = game()
    reveal(s, "0.middle", "planet", "purple")  # home quadrant: 1 VP
    reveal(s, "1.near_x", "planet", "purple")  # away: 2 VP
    reveal(s, "2.near_x", "relic")  # away relic: 2 + 2 VP
    reveal(s, "3.middle", "planet", "green")  # troops only: not occupied after scoring them
    pieces(s, 0, "0.middle", "troop", "outpost")
    pieces(s, 0, "1.near_x", "troop", "troop")
    pieces(s, 0, "2.near_x", "research")
    pieces(s, 0, "3.middle", "troop")
    parts = final_scores(s)[0]
    assert parts["troops"] == 2  # 4 troops taken off: 1 VP per 2
    assert parts["planets"] == 1 + 2  # 1.near_x and 3.middle held only troops
    assert parts["relic_planets"] == 2
    assert parts["structures"] == 1 + 0  # an outpost's symbol; the first research space has none


def test_ties_go_to_the_most_vp_tokens_then_technology_levels() -> None:
    s = game(players=2)
    s.players[0].vp, s.players[1].vp = 3, 3
    s.players[0].tech["pink"], s.players[1].tech["pink"] = 1, 0
    s.developed.append("pink:1")
    s.vp_pool -= 6
    s.phase, s.to_move = "over", None
    result = outcome(s)
    assert result is not None
    assert result.scores[0] == result.scores[1]
    assert result.winners == (0,) and result.tiebreak == "most technology levels"


def test_every_planet_discovered_and_occupied_triggers_the_end() -> None:
    s = game(players=2)
    assert not end_reached(s)
    for loc in s.locations:
        if loc.kind in ("planet", "relic") and not loc.destroyed:
            reveal(s, loc.hole)
            if loc.robots:
                continue
            if s.robots:
                loc.robots, s.robots = 1, s.robots - 1
            else:
                pieces(s, 0, loc.hole, "troop")
    assert end_reached(s)


def test_the_relic_archive_gives_one_relic_a_turn() -> None:
    s = game()
    s.archive = ["bonus_move", "strike_bonus"]
    s.tokens_dealt += 2
    play(s, ("choose", 3), ("archive", 0))
    assert s.players[0].relics == ["bonus_move"]
    s.uses = 1
    assert why_illegal(s, Action("archive", 0)) == "the Relic Archive is used once a turn"


def test_a_bonus_move_relic_gives_four_flicks_with_manoeuvres() -> None:
    s = game()
    s.players[0].relics = ["bonus_move"]
    s.tokens_dealt += 1
    play(s, ("choose", 3), ("relic", 0))
    assert s.flicks == 4 and s.maneuvers and s.players[0].relics == []
    assert "bonus_move" in s.discarded


def test_a_warp_beacon_puts_ships_in_orbit_of_your_planets_even_blockaded() -> None:
    s = game()
    i = reveal(s, "1.near_x", "planet", "purple")
    pieces(s, 0, "1.near_x", "troop")
    ship_to(s, 1, "1.near_x")
    p = s.players[0]
    p.ships.append(p.ships_locked.pop(0))
    p.locks["starbase"] -= 1
    p.energy_ready += 1
    p.relics = ["warp_beacon"]
    s.tokens_dealt += 1
    play(s, ("choose", 3), ("relic", 0))
    assert Action("beacon", i, p.ships[0]) in legal_actions(s)
    play(s, ("beacon", i, p.ships[0]), ("done",))
    assert p.ships == [] and s.pending == []


def test_the_boon_event_offers_energy_or_a_troop() -> None:
    s = game()
    i = at(s, "0.middle")
    s.locations[i].token = "boon"
    s.players[0].energy_ready, s.players[0].energy_spent = 0, 1
    red = ship_to(s, 0, "0.middle", ship=100)
    play(s, ("choose", 0), ("discover", red))
    assert s.pending == ["boon", i]
    assert Action("boon", -1) in legal_actions(s)
    play(s, ("boon", -1))
    assert s.players[0].energy_ready == 1


def test_teleport_and_build_puts_a_troop_then_may_build_there_ending_the_interact() -> None:
    s = game()
    i = reveal(s, "0.middle", "planet", "purple")
    ship_to(s, 0, "0.middle", ship=100)
    s.players[0].relics = ["teleport_and_build"]
    s.tokens_dealt += 1
    unlocked(s, 0, city=1)
    play(s, ("choose", 3), ("boost",), ("relic", 0), ("teleport", i))
    assert s.pending == ["build_here", i]
    assert Action("build", i, 0) in legal_actions(s)
    play(s, ("build", i, 0))
    assert s.locations[i].pieces == [(0, "outpost")] and s.uses == 0


def test_the_matter_relocator_swaps_two_planets_with_all_on_and_round_them() -> None:
    s = game()
    i = reveal(s, "0.middle", "planet", "purple")
    j = reveal(s, "2.middle", "planet", "pink")
    pieces(s, 0, "0.middle", "troop")
    red = ship_to(s, 0, "0.middle", 0, ship=100)
    far = ship_to(s, 0, "2.middle", 9000, ship=101)
    s.players[0].relics = ["matter_relocator"]
    s.tokens_dealt += 1
    play(s, ("choose", 3), ("relic", 0))
    assert legal_actions(s) == [Action("relocate", i, j)]
    play(s, ("relocate", i, j))
    assert s.locations[j].colour == "purple" and s.locations[j].pieces == [(0, "troop")]
    assert s.locations[i].colour == "pink" and s.locations[i].pieces == []
    assert orbit_of(disc(s, red)) == j and orbit_of(disc(s, far)) == i


def test_the_matter_relocator_is_refused_without_two_planets_to_swap() -> None:
    s = game()
    s.players[0].relics = ["matter_relocator"]
    s.tokens_dealt += 1
    play(s, ("choose", 3))
    assert why_illegal(s, Action("relic", 0)) == (
        "the Matter Relocator needs your ships round two planets no rival holds")
