"""Property tests over hundreds of seeded random Tactics games (uniform random legal actions)."""

from __future__ import annotations

from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tactics_helpers import random_game

import core.tactics as T
from core.contract import Action, IllegalAction
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
def test_determinize_is_consistent_and_leaves_the_game_alone(seed: int,
                                                            setup: dict[str, Any]) -> None:
    s = T.new_game(setup, seed)
    rng = Rng.stream(seed, "x")
    for _ in range(rng.below(200)):
        if s.over:
            break
        T.apply(s, rng.choice(T.legal_actions(s)))
    before = T.checksum(s)
    seat = s.to_move if s.to_move is not None else 0
    d = T.determinize(T.view(s, seat), Rng.stream(seed, "bot"))
    assert T.checksum(s) == before
    assert problems(d) == []
    assert d.seats[seat].hand == s.seats[seat].hand
    assert sorted(d.center_deck) == sorted(s.center_deck)
    assert sorted(T.legal_actions(d)) == sorted(T.legal_actions(s))
    # The determinized game plays on.
    for _ in range(30):
        if d.over:
            break
        T.apply(d, rng.choice(T.legal_actions(d)))
        assert problems(d) == []


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**40),
       kind=st.sampled_from(["play", "acquire", "command", "treasure", "switch", "end",
                             "deploy", "move", "attack", "done", "choose", "decline", "bogus"]),
       card=st.integers(-4, 300), option=st.integers(-2, 100))
def test_illegal_actions_are_refused_and_change_nothing(seed: int, kind: str, card: int,
                                                       option: int) -> None:
    s = T.new_game({"players": 2}, seed)
    rng = Rng.stream(seed, "y")
    for _ in range(rng.below(150)):
        if s.over:
            return
        T.apply(s, rng.choice(T.legal_actions(s)))
    action = Action(kind, card, option)
    if action in T.legal_actions(s):
        return
    before = T.checksum(s)
    snap = T.snapshot(s)
    with pytest.raises(IllegalAction) as err:
        T.apply(s, action)
    assert str(err.value)
    assert T.checksum(s) == before and T.snapshot(s) == snap


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**40), setup=st.sampled_from(SETUPS))
def test_every_legal_action_is_accepted(seed: int, setup: dict[str, Any]) -> None:
    s = T.new_game(setup, seed)
    rng = Rng.stream(seed, "z")
    for _ in range(150):
        if s.over:
            break
        acts = T.legal_actions(s)
        assert acts and len(set(acts)) == len(acts)
        assert all(T.why_illegal(s, a) is None for a in acts)
        T.apply(s, rng.choice(acts))


def test_copy_is_independent() -> None:
    s = T.new_game({"players": 2}, 5)
    c = T.copy(s)
    rng = Rng.stream(5, "z")
    before = T.checksum(s)
    for _ in range(200):
        if c.over:
            break
        T.apply(c, rng.choice(T.legal_actions(c)))
    assert T.checksum(s) == before and T.checksum(c) != before
    assert problems(s) == []


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40), setup=st.sampled_from(SETUPS))
def test_snapshot_restore_round_trip_mid_game(seed: int, setup: dict[str, Any]) -> None:
    s = T.new_game(setup, seed)
    rng = Rng.stream(seed, "w")
    for _ in range(rng.below(300)):
        if s.over:
            break
        T.apply(s, rng.choice(T.legal_actions(s)))
    data = msgpack.unpackb(msgpack.packb(T.snapshot(s)), strict_map_key=False)
    r = T.restore(data)
    assert T.checksum(r) == T.checksum(s)
    assert T.snapshot(r) == T.snapshot(s)
    # Both go on identically.
    r_rng, s_rng = Rng.stream(seed, "cont"), Rng.stream(seed, "cont")
    for _ in range(60):
        if s.over:
            break
        T.apply(s, s_rng.choice(T.legal_actions(s)))
        T.apply(r, r_rng.choice(T.legal_actions(r)))
    assert T.checksum(r) == T.checksum(s)


def test_restore_refuses_an_inconsistent_snapshot() -> None:
    s = T.new_game({"players": 2}, 4)
    data = T.snapshot(s)
    data["zones"][0] = data["zones"][0][1:]  # lose a center-deck card
    with pytest.raises(ValueError, match="inconsistent"):
        T.restore(data)
