"""The CP-SAT model of one Villain command (ai.tactics.villain_model) against the rules
engine's enumeration (core.tactics.villain.allowed_commands): the same set of allowed plans,
ties included, and the same first plan as ``ties = auto`` — on every Villain of positions
taken from seeded random games of every mode, and on hypothesis-made positions built to
tie (equal Defenses, equal distances)."""

from __future__ import annotations

import dataclasses
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tactics"))

from tactics_helpers import cell, lift  # noqa: E402
from villain_helpers import cleared, hero, token, villain  # noqa: E402

import core.tactics as T  # noqa: E402
from ai.tactics.villain_model import choose_command, solve_command  # noqa: E402
from core.rng import Rng  # noqa: E402
from core.tactics.sides import villain_unit  # noqa: E402
from core.tactics.state import State  # noqa: E402
from core.tactics.villain import Plan, allowed_commands  # noqa: E402
from core.tactics.villain_state import HEROES, KIND_INDEX, VILLAIN, VILLAINS  # noqa: E402

SETUPS: list[dict[str, Any]] = [
    {"players": 1},
    {"players": 1, "scenario": "drowned_chapel", "difficulty": "nightmare"},
    {"players": 1, "scenario": "hollow_throne", "difficulty": "hard"},
    {"players": 2, "mode": "coop"},
    {"players": 2, "mode": "coop", "scenario": "thornwall"},
    {"players": 2, "mode": "boss"},
    {"players": 3, "mode": "boss", "scenario": "forge_of_chains"},
]
GAMES = 70  # seeded random games; every 20th action's Villains are positions
EVERY = 20


def commanded(s: State) -> list[int]:
    """The Villains on the battlefield that hold an objective token (those commanded)."""
    v = s.villain
    assert v is not None
    return [u for u, unit in enumerate(s.units)
            if unit.seat == VILLAIN and unit.cell >= 0 and v.kind_of(unit.card) >= 0]


def case_of(plans: list[Plan]) -> str:
    p = plans[0]
    if p.score_now:
        return "score now"
    if p.attack_first:
        return "attack first"
    return "move" if p.target < 0 else "move then attack"


def check(s: State, u: int) -> list[Plan]:
    want = allowed_commands(s, u)
    assert solve_command(s, u) == want
    assert choose_command(s, u) == want[0]
    return want


def test_the_model_allows_exactly_the_engines_plans_on_positions_of_random_games() -> None:
    positions, ties, cases = 0, 0, Counter[str]()
    for seed in range(GAMES):
        setup = SETUPS[seed % len(SETUPS)]
        s = T.new_game(setup, seed)
        rng = Rng.stream(seed, "villain-model")
        for step in range(4_000):
            if s.over:
                break
            T.apply(s, rng.choice(T.legal_actions(s)))
            if step % EVERY:
                continue
            for u in commanded(s):
                plans = check(s, u)
                positions += 1
                ties += len(plans) > 1
                cases[case_of(plans)] += 1
    assert positions >= 500, positions
    assert ties >= 50, ties  # ties were met, and the model listed every one of them
    assert set(cases) == {"score now", "attack first", "move", "move then attack"}, cases


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_model_allows_exactly_the_engines_plans_on_made_up_positions(
        data: st.DataObject) -> None:
    s = cleared(seed=data.draw(st.integers(0, 5)))
    free = list(range(len(s.terrain)))
    kind = data.draw(st.sampled_from(sorted(KIND_INDEX)))
    red = villain_unit(s, KIND_INDEX[kind])
    here = data.draw(st.sampled_from(free))
    keywords = data.draw(st.sets(st.sampled_from(["double", "ranged"])))
    _stand(s, red, here)
    _stats(s, red, strength=data.draw(st.integers(0, 6)), speed=data.draw(st.integers(0, 4)),
           keywords=frozenset(keywords))
    free.remove(here)
    v = s.villain
    assert v is not None
    v.token[KIND_INDEX[kind]] = data.draw(st.sampled_from(range(len(s.terrain))))
    # A few Defenses only, so equal ones (ties) are common.
    for nth in range(data.draw(st.integers(0, len(s.seats[0].roster)))):
        c = data.draw(st.sampled_from(free))
        free.remove(c)
        u = _hero_at(s, nth, c, defense=data.draw(st.integers(1, 4)))
        s.units[u].damage = data.draw(st.integers(0, 2))
    check(s, red)


def _stats(s: State, u: int, **numbers: Any) -> None:
    card = s.units[u].card
    cards = list(s.cards)
    cards[card] = dataclasses.replace(cards[card], **numbers)
    s.cards = tuple(cards)


def _stand(s: State, u: int, c: int) -> None:
    lift(s, u)
    s.units[u].cell = c
    s.occupant[c] = u
    s.occ_side[c] = VILLAINS


def _hero_at(s: State, nth: int, c: int, **numbers: Any) -> int:
    card = s.seats[0].roster[nth]
    _stats(s, s.card_units[card][0], **numbers)
    u = s.card_units[card][0]
    s.units[u].cell = c
    s.occupant[c] = u
    s.occ_side[c] = HEROES
    return u


def test_two_targets_of_equal_defense_are_both_allowed_each_from_its_own_closest_hex() -> None:
    s = cleared()
    red = villain(s, "red", 6, 2, strength=5, speed=3)
    arha = hero(s, 0, 5, 2, defense=4)
    huntress = hero(s, 1, 7, 3, defense=4)
    plans = check(s, red)
    assert plans == [Plan(arha, -1, attack_first=True), Plan(huntress, cell(s, 7, 2)),
                     Plan(huntress, cell(s, 6, 3))]


def test_a_villain_next_to_its_token_shrine_scores_now_in_solo_but_not_for_the_boss() -> None:
    s = cleared()
    red = villain(s, "red", 5, 1, strength=1)
    hero(s, 0, 1, 4, defense=4)
    assert check(s, red) == [Plan(-1, cell(s, 5, 1), score_now=True)]
    v = s.villain
    assert v is not None
    v.boss_seat = 0  # as in Become the Boss: no early scoring, it steps onto the token
    assert check(s, red) == [Plan(-1, cell(s, 4, 1))]


def test_a_villain_that_cannot_defeat_attacks_the_highest_defense_unit_where_it_ends() -> None:
    s = cleared()
    red = villain(s, "red", 7, 1, strength=1, speed=3)
    arha = hero(s, 0, 4, 1, defense=10)  # on the token: it stops next to it
    hero(s, 1, 6, 3, defense=2)
    token(s, "red", 4, 1)
    plans = check(s, red)
    assert all(p.target == arha and not p.attack_first for p in plans)
