"""The Villains' command procedure (core.tactics.villain), one test per case of the
rulebook's procedure, on hand-made positions of Vigil at the Crossroads (the red token on
its shrine at (4,1)), and its ties: asked of the hero seat, or the first by the stable rule."""

from __future__ import annotations

from tactics_helpers import cell
from villain_helpers import cleared, command, hero, run_ops, villain

import core.tactics as T
from core.contract import Action
from core.tactics.villain import Plan, allowed_commands
from core.tactics.villain_state import VILLAINS


def test_a_target_in_range_is_attacked_first_then_the_villain_moves_to_its_token() -> None:
    s = cleared()
    red = villain(s, "red", 6, 2, strength=5, speed=3)
    arha = hero(s, 0, 5, 2, defense=4)
    assert allowed_commands(s, red) == [Plan(arha, -1, attack_first=True)]
    run_ops(s, [command("red")])
    assert s.units[arha].cell < 0  # defeated where it stood
    assert s.units[red].cell == cell(s, 4, 1)  # then onto its token, through the freed hex


def test_a_target_out_of_range_is_attacked_from_the_reachable_hex_closest_to_the_token(
        ) -> None:
    s = cleared()
    red = villain(s, "red", 8, 2, strength=5, speed=3)
    arha = hero(s, 0, 5, 2, defense=4)
    # (5,1), (6,2) and (6,3) all reach Arha; (5,1) is next to the token's shrine.
    assert allowed_commands(s, red) == [Plan(arha, cell(s, 5, 1))]
    run_ops(s, [command("red")])
    assert s.units[red].cell == cell(s, 5, 1) and s.units[arha].cell < 0


def test_a_villain_beside_its_token_shrine_scores_it_at_once_instead_of_moving() -> None:
    s = cleared()
    red = villain(s, "red", 5, 1, strength=1)
    hero(s, 0, 1, 4, defense=4)
    assert allowed_commands(s, red) == [Plan(-1, cell(s, 5, 1), score_now=True)]
    before = s.honor[VILLAINS]
    run_ops(s, [command("red")])
    assert s.honor[VILLAINS] == before + s.map.shrine_honor[cell(s, 4, 1)]
    assert s.units[red].cell == cell(s, 5, 1)


def test_a_villain_that_could_defeat_someone_does_not_score_early() -> None:
    s = cleared()
    red = villain(s, "red", 5, 1, strength=5)
    arha = hero(s, 0, 6, 1, defense=3)
    assert allowed_commands(s, red) == [Plan(arha, -1, attack_first=True)]


def test_an_occupied_token_hex_makes_the_villain_stop_next_to_it_and_attack_without_defeat(
        ) -> None:
    s = cleared()
    red = villain(s, "red", 7, 1, strength=1, speed=3)
    arha = hero(s, 0, 4, 1, defense=10)  # on the token: it cannot be defeated
    assert allowed_commands(s, red) == [Plan(arha, cell(s, 5, 1))]
    run_ops(s, [command("red")])
    assert s.units[red].cell == cell(s, 5, 1)
    assert s.units[arha].cell == cell(s, 4, 1) and s.units[arha].damage == 1


def test_a_token_out_of_reach_is_approached_as_close_as_possible_by_the_most_direct_way(
        ) -> None:
    s = cleared()
    red = villain(s, "red", 9, 2, strength=1, speed=3)
    # Three points reach distance 2 from the token at (6,1) only (the Forest at (7,2) costs 2).
    assert allowed_commands(s, red) == [Plan(-1, cell(s, 6, 1))]


def test_a_tie_is_asked_of_the_hero_seat_listing_every_plan() -> None:
    s = cleared(ties="ask")
    red = villain(s, "red", 6, 2, strength=5, speed=3)
    arha = hero(s, 0, 5, 2, defense=4)
    huntress = hero(s, 1, 7, 3, defense=4)
    plans = allowed_commands(s, red)
    assert plans == [Plan(arha, -1, attack_first=True), Plan(huntress, cell(s, 7, 2)),
                     Plan(huntress, cell(s, 6, 3))]
    run_ops(s, [command("red")])
    d = s.pending[-1]
    assert (d.kind, d.seat, d.choices) == ("villain_plan", 0, (0, 1, 2))
    assert "Attack" in d.labels[0] and "(6,3)" in d.labels[2]
    assert T.describe(s, Action("choose", 2, 0)).startswith("Move to (6,3)")
    T.apply(s, Action("choose", 2, 0))
    assert s.units[red].cell == cell(s, 6, 3)


def test_ties_auto_take_the_first_plan_by_target_then_destination() -> None:
    s = cleared(ties="auto")
    villain(s, "red", 6, 2, strength=5, speed=3)
    arha = hero(s, 0, 5, 2, defense=4)
    hero(s, 1, 7, 3, defense=4)
    run_ops(s, [command("red")])
    assert not s.pending and s.units[arha].cell < 0


def test_the_highest_defense_defeatable_target_is_chosen() -> None:
    s = cleared()
    red = villain(s, "red", 6, 2, strength=6, speed=3)
    hero(s, 0, 5, 2, defense=3)
    strong = hero(s, 1, 7, 2, defense=6)
    hero(s, 2, 6, 1, defense=9)  # in range but out of its reach to defeat
    assert [p.target for p in allowed_commands(s, red)] == [strong]


def test_double_counts_strength_twice_when_judging_a_defeat() -> None:
    s = cleared()
    red = villain(s, "red", 6, 2, strength=3, keywords=frozenset({"double"}))
    arha = hero(s, 0, 5, 2, defense=6)
    assert allowed_commands(s, red) == [Plan(arha, -1, attack_first=True)]
    s.cards = tuple(c if i != s.units[red].card else
                    type(c)(**{**{f: getattr(c, f) for f in c.__slots__},
                               "keywords": frozenset()})
                    for i, c in enumerate(s.cards))
    assert allowed_commands(s, red)[0].target == arha
    assert not allowed_commands(s, red)[0].attack_first  # no defeat: it moves, then attacks


def test_damage_already_taken_counts_toward_a_defeat() -> None:
    s = cleared()
    red = villain(s, "red", 6, 2, strength=2)
    arha = hero(s, 0, 5, 2, defense=5)
    s.units[arha].damage = 3
    assert allowed_commands(s, red) == [Plan(arha, -1, attack_first=True)]
