"""The state half of the contract, for every game: copies share nothing with their original,
a snapshot restores the same game, and a refused action says why and changes nothing."""

from __future__ import annotations

import pytest
from contract_helpers import CONTRACT, SEEDS, Game, Walk, packed, play_on, setups
from hypothesis import given, settings
from hypothesis import strategies as st

from core.contract import Action, IllegalAction
from core.rng import Rng

# How far into a game a test looks: random games last a few hundred to a few thousand
# actions, so this reaches the set-up, early and middle turns and, for short games, the end.
STEPS = st.integers(0, 700)
# A made-up action kind no game has.
BOGUS = "no-such-action"


@settings(CONTRACT, max_examples=25)
@given(data=st.data(), seed=SEEDS, steps=STEPS)
def test_a_copy_and_its_original_never_change_each_other(game: Game, data: st.DataObject,
                                                        seed: int, steps: int) -> None:
    mod = game.module
    s = Walk(game, data.draw(setups(game.row)), seed).walk(steps).state
    # Snapshots are compared as a save holds them: a game's snapshot may share lists with
    # the live state, so one kept in memory would follow the game.
    before, snap = mod.checksum(s), packed(mod.snapshot(s))
    c = s.copy()
    assert type(c) is type(s)
    assert mod.checksum(c) == before and packed(mod.snapshot(c)) == snap
    # Playing the copy on leaves the original as it was ...
    if play_on(mod, c, Rng.stream(seed, "copy"), 40):
        assert mod.checksum(c) != before
    assert mod.checksum(s) == before and packed(mod.snapshot(s)) == snap
    # ... and playing the original on leaves a copy as it was.
    c = s.copy()
    play_on(mod, s, Rng.stream(seed, "original"), 40)
    assert mod.checksum(c) == before and packed(mod.snapshot(c)) == snap


@settings(CONTRACT, max_examples=25)
@given(data=st.data(), seed=SEEDS, steps=STEPS)
def test_a_snapshot_restores_the_same_game_and_it_plays_on_alike(
        game: Game, data: st.DataObject, seed: int, steps: int) -> None:
    mod = game.module
    s = Walk(game, data.draw(setups(game.row)), seed).walk(steps).state
    r = mod.restore(packed(mod.snapshot(s)))  # through msgpack, as a save keeps it
    assert mod.checksum(r) == mod.checksum(s)
    assert mod.snapshot(r) == mod.snapshot(s)
    assert mod.legal_actions(r) == mod.legal_actions(s)
    assert (r.to_move, r.current, r.options) == (s.to_move, s.current, packed(s.options))
    assert mod.turn_number(r) == mod.turn_number(s)
    rng = Rng.stream(seed, "both")
    for _ in range(50):
        if s.to_move is None:
            break
        action = rng.choice(mod.legal_actions(s))
        assert mod.apply(r, action) == mod.apply(s, action)
        assert mod.checksum(r) == mod.checksum(s)
    assert mod.legal_actions(r) == mod.legal_actions(s)


def near_misses(legal: list[Action], kinds: set[str], rng: Rng,
                free: frozenset[str] = frozenset()) -> list[Action]:
    """Actions worth trying as illegal ones: each legal one nudged by one in its card or
    its option, and made-up ones from every kind the game has offered (and one it has not).
    A kind in ``free`` (the game's FREE_OPTIONS: an aim or an angle, any value in range
    legal, the list offering the useful ones) is tried only with option -1, out of range."""
    fixed = [a for a in legal if a.kind not in free]
    out = [a._replace(card=a.card + d) for a in fixed for d in (-1, 1)]
    out += [a._replace(option=a.option + d) for a in fixed for d in (-1, 1)]
    out += [a._replace(option=-1) for a in legal if a.kind in free]
    for kind in (*sorted(kinds - free), BOGUS):
        for _ in range(4):
            out.append(Action(kind, rng.below(420) - 10, rng.below(110) - 5 if rng.below(2)
                              else 0))
    return [a for a in out if a not in legal]


@settings(CONTRACT, max_examples=40)
@given(data=st.data(), seed=SEEDS, steps=STEPS)
def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing(
        game: Game, data: st.DataObject, seed: int, steps: int) -> None:
    mod = game.module
    walk = Walk(game, data.draw(setups(game.row)), seed).walk(steps)
    s, legal = walk.state, walk.legal()
    before, snap = mod.checksum(s), packed(mod.snapshot(s))
    tried = near_misses(legal, walk.kinds, Rng.stream(seed, "illegal"),
                        frozenset(getattr(mod, "FREE_OPTIONS", frozenset())))
    assert tried
    for action in tried:
        reason = mod.why_illegal(s, action)
        assert isinstance(reason, str) and reason, action
        with pytest.raises(IllegalAction) as refused:
            mod.apply(s, action)
        assert str(refused.value) == reason
        assert mod.checksum(s) == before, action
    assert packed(mod.snapshot(s)) == snap
    assert mod.legal_actions(s) == legal


@settings(CONTRACT, max_examples=30)
@given(data=st.data(), seed=SEEDS, steps=st.integers(0, 300))
def test_every_legal_action_is_accepted_and_put_into_words(
        game: Game, data: st.DataObject, seed: int, steps: int) -> None:
    mod = game.module
    walk = Walk(game, data.draw(setups(game.row)), seed)
    s = walk.state
    # Every position along the walk, up to ``steps`` actions (or the end).
    for _ in range(steps + 1):
        legal = walk.legal()
        assert bool(legal) == (s.to_move is not None)
        assert len(set(legal)) == len(legal)
        seen = mod.view(s, s.to_move) if s.to_move is not None else None
        for action in legal:
            assert type(action) is Action
            assert mod.why_illegal(s, action) is None, action
            said = mod.describe(s, action)
            assert isinstance(said, str) and said
            assert mod.describe(seen, action) == said  # the seat's own view says it alike
        if walk.over:
            break
        walk.step()


@pytest.mark.parametrize("junk", [None, [], {}, {"options": 5}, {"rng": "x", "players": 1},
                                  "snapshot", 7])
def test_restore_refuses_what_is_not_a_snapshot_with_value_error(game: Game, junk: object
                                                                 ) -> None:
    with pytest.raises(ValueError):
        game.module.restore(junk)
