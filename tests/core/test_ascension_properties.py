"""Ascension's own properties over hundreds of seeded random games: every card and Honor
token accounted for, equal turns, and what a view hides (the 10k sweeps live in bench/).
What every game keeps (copies, snapshots, refusals, views, replays) is in tests/contract."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ledger import assert_ledger, random_game

import core.ascension as A
from core.contract import Action
from core.rng import Rng

GAMES = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@GAMES
@given(seed=st.integers(0, 2**40), players=st.integers(2, 4), edition=st.sampled_from([1, 2]))
def test_random_games_keep_every_card_and_token(seed: int, players: int, edition: int) -> None:
    s, _ = random_game(seed, players, edition=edition)
    out = A.outcome(s)
    assert out is not None
    # The game only ends after the last seat's turn, with the pool empty: equal turns.
    assert s.honor_pool == 0
    assert len(set(s.turns_taken)) == 1
    assert out.scores == tuple(
        p.honor + sum(s.cards[u].honor for u in p.owned()) for p in s.players)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**40), pool=st.integers(1, 25))
def test_any_honor_pool_ends_with_equal_turns(seed: int, pool: int) -> None:
    s, _ = random_game(seed, 3, honor_pool=pool)
    assert len(set(s.turns_taken)) == 1
    assert s.honor_pool == 0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**40))
def test_views_hide_what_a_seat_may_not_see(seed: int) -> None:
    s = A.new_game({"players": 3}, seed)
    rng = Rng.stream(seed, "view-test")
    for _ in range(150):
        if s.over:
            break
        for seat in range(3):
            v = A.view(s, seat)
            for other, pv in enumerate(v.players):
                if other == seat:
                    assert pv.hand == tuple(s.players[seat].hand)
                    assert pv.unseen == tuple(sorted(s.players[seat].deck))
                else:
                    assert pv.hand is None
                    assert pv.unseen == tuple(sorted(s.players[other].deck
                                                     + s.players[other].hand))
                assert pv.hand_count == len(s.players[other].hand)
            # The center deck's order never leaks: only its sorted contents.
            assert list(v.center_unseen) == sorted(s.center_deck)
            assert not hasattr(v, "rng")
        A.apply(s, rng.choice(A.legal_actions(s)))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**40))
def test_a_determinized_world_keeps_every_card_and_token(seed: int) -> None:
    s = A.new_game({"players": 2}, seed)
    rng = Rng.stream(seed, "x")
    for _ in range(rng.below(80)):
        if s.over:
            break
        A.apply(s, rng.choice(A.legal_actions(s)))
    seat = s.to_move if s.to_move is not None else 0
    assert_ledger(A.determinize(A.view(s, seat), Rng.stream(seed, "bot")))


def _with_in_hand(seed: int, key: str) -> A.State:
    s = A.new_game({"players": 2}, seed)
    uid = next(u for u, c in enumerate(s.cards) if c.key == key)
    s.center_deck.remove(uid) if uid in s.center_deck else None
    if uid in s.center_row:
        slot = s.center_row.index(uid)
        s.center_row[slot] = s.center_deck.pop()
    me = s.players[0]
    me.deck.append(me.hand.pop())
    me.hand.append(uid)
    assert_ledger(s)
    return s


def test_a_determinized_mode_choice_can_be_answered() -> None:
    s = _with_in_hand(3, "mechana_initiate")
    uid = s.players[0].hand[-1]
    A.apply(s, Action("play", uid))
    assert s.pending and s.pending[-1].kind == "mode"
    d = A.determinize(A.view(s, 0), Rng.stream(3, "bot"))
    A.apply(d, Action("choose", 1))
    A.apply(s, Action("choose", 1))
    assert (d.turn.runes, d.turn.power) == (s.turn.runes, s.turn.power) == (0, 1)


def test_mid_turn_score_counts_heroes_already_played() -> None:
    s = _with_in_hand(4, "arha_templar")
    before = A.view(s, 0).me.card_honor
    A.apply(s, Action("play", s.players[0].hand[-1]))
    if s.pending:
        A.apply(s, Action("decline"))
    assert A.view(s, 0).me.card_honor == before
    assert A.scores(s)[0] == before


def _every_candidate(s: A.State) -> list[Action]:
    """Every action that could be legal now, in the order ``legal_actions`` lists them."""
    if s.pending:
        d = s.pending[-1]
        return [Action("choose", u) for u in d.choices] + [Action("decline")]
    me = s.players[s.current]
    row = [u for u in s.center_row if u >= 0]
    monsters = [u for u in row if s.cards[u].kind == "monster"]
    piles = [p[-1] for p in (s.mystics, s.heavies) if p]
    return ([Action("play", u) for u in me.hand]
            + [Action("activate", c, i) for c in me.constructs
               for i in range(len(s.cards[c].abilities))]
            + [Action("acquire", u) for u in row if u not in monsters]
            + [Action("acquire", u) for u in piles]
            + [Action("defeat", u) for u in [*monsters, s.cultist]]
            + [Action("end")])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.integers(2, 4), edition=st.sampled_from([1, 2]))
def test_legal_actions_are_every_accepted_action_in_order(seed: int, players: int,
                                                          edition: int) -> None:
    # legal_actions skips the row when its cheapest card and weakest monster are out of
    # reach; the full check of each action must agree at every step.
    s = A.new_game({"players": players, "edition": edition}, seed)
    pick = Rng.stream(seed, "test")
    while not s.over:
        legal = A.legal_actions(s)
        assert legal == [a for a in _every_candidate(s) if A.why_illegal(s, a) is None]
        A.apply(s, pick.choice(legal))
