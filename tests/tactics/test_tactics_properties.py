"""Tactics' own properties over hundreds of seeded random games (uniform random legal
actions): every card, unit and Honor token accounted for, how a game ends, what a view
hides. What every game keeps (copies, snapshots, refusals, views, replays) is in
tests/contract."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tactics_helpers import random_game

import core.tactics as T
from core.rng import Rng
from core.tactics.audit import problems
from core.tactics.state import HONOR_SUPPLY

SETUPS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 2, "draft": True},
    {"players": 2, "scenario": "ashen_ford"},
    {"players": 4, "mode": "2v2"},
    {"players": 4, "mode": "2v2", "draft": True},
    {"players": 3, "mode": "brawl"},
    {"players": 4, "mode": "brawl", "draft": True},
]

GAMES = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@GAMES
@given(seed=st.integers(0, 2**40), setup=st.sampled_from(SETUPS))
def test_random_games_keep_every_invariant(seed: int, setup: dict[str, Any]) -> None:
    s, actions = random_game(seed, {**setup, "turn_limit": 40})
    assert s.over
    out = T.outcome(s)
    assert out is not None and out.winners
    assert s.honor_supply + sum(s.honor) == HONOR_SUPPLY
    assert out.scores == tuple(s.honor[s.side_of[x]] for x in range(s.n))
    best = max(out.scores)
    assert all(out.scores[w] == best for w in out.winners)
    # A side that reached the scenario's Honor won, and the game stopped right there; where
    # the scenario evens out turns, at the end of that round.
    if max(s.honor) >= s.scen.victory_honor:
        limit = s.options.get("turn_limit", 0)
        if s.scen.rules.get("equal_turns"):  # (a turn limit may still cut a round short)
            assert len(set(s.side_turns)) == 1 or 0 < limit <= s.turn_no
        else:
            assert len(s.winners) == 1 and s.honor[s.winners[0]] >= s.scen.victory_honor
    assert T.legal_actions(s) == []


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40), setup=st.sampled_from(SETUPS))
def test_random_games_end_on_their_own(seed: int, setup: dict[str, Any]) -> None:
    # No turn limit: random play still reaches the victory Honor (a cap guards the test).
    s, actions = random_game(seed, setup, cap=20_000, check=False)
    assert s.over and len(actions) < 20_000
    assert max(s.honor) >= s.scen.victory_honor


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40), setup=st.sampled_from(SETUPS))
def test_views_hide_what_a_seat_may_not_see(seed: int, setup: dict[str, Any]) -> None:
    s = T.new_game(setup, seed)
    rng = Rng.stream(seed, "view")
    two_v_two = setup.get("mode") == "2v2"
    for _ in range(120):
        if s.over:
            break
        for seat in range(s.n):
            v = T.view(s, seat)
            for other, sv in enumerate(v.seats):
                mate = other == seat or (two_v_two and s.side_of[other] == s.side_of[seat])
                p = s.seats[other]
                if mate:
                    assert sv.hand == tuple(p.hand) and sv.treasures == tuple(p.treasures)
                    assert sv.unseen == tuple(sorted(p.deck))
                else:
                    assert sv.hand is None and sv.treasures is None
                    assert sv.unseen == tuple(sorted(p.deck + p.hand))
                assert sv.treasure_count == len(p.treasures)
            assert v.center_unseen == tuple(sorted(s.center_deck))
            assert v.face_down == tuple(c for c, t in enumerate(s.board_treasure) if t >= 0)
        T.apply(s, rng.choice(T.legal_actions(s)))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**40), setup=st.sampled_from(SETUPS))
def test_a_determinized_world_keeps_every_card_and_plays_on(seed: int,
                                                            setup: dict[str, Any]) -> None:
    s = T.new_game(setup, seed)
    rng = Rng.stream(seed, "x")
    for _ in range(rng.below(200)):
        if s.over:
            break
        T.apply(s, rng.choice(T.legal_actions(s)))
    seat = s.to_move if s.to_move is not None else 0
    d = T.determinize(T.view(s, seat), Rng.stream(seed, "bot"))
    assert problems(d) == []
    # The determinized game plays on.
    for _ in range(30):
        if d.over:
            break
        T.apply(d, rng.choice(T.legal_actions(d)))
        assert problems(d) == []


def test_restore_refuses_an_inconsistent_snapshot() -> None:
    s = T.new_game({"players": 2}, 4)
    data = T.snapshot(s)
    data["zones"][0] = data["zones"][0][1:]  # lose a center-deck card
    with pytest.raises(ValueError, match="inconsistent"):
        T.restore(data)
