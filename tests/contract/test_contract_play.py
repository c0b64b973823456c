"""Whole games, for every game: a random game ends with a result that fits its players, the
round count only goes forward, and seed + actions replay it step by step."""

from __future__ import annotations

from contract_helpers import CONTRACT, MAX_ACTIONS, SEEDS, Game, Walk, packed, setups
from hypothesis import given, settings
from hypothesis import strategies as st

from core.contract import Outcome, trusted_apply
from core.games import get_option
from core.record import GameRecord, replay


# Fixed examples: about one random Ascension game in a thousand thins both decks down to
# cards that make neither Runes nor Power, and the rules give such a game no end (seed 698,
# 2 players, edition 2, pool 120, loops past 20,000 actions); a run must not depend on
# whether the draw finds one.
@settings(CONTRACT, max_examples=20, derandomize=True)
@given(data=st.data(), seed=SEEDS)
def test_a_random_game_ends_with_an_outcome_that_fits_its_players(
        game: Game, data: st.DataObject, seed: int) -> None:
    mod = game.module
    options = data.draw(setups(game.row))
    walk = Walk(game, options, seed)
    s = walk.state
    players = options["players"]
    # The game was made with the options asked for, its defaults filled in.
    assert s.options["players"] == players
    assert len(s.options["seats"]) == len(s.options["names"]) == players
    for spec in game.row.settings:
        if get_option(options, spec.path) is not None:
            assert get_option(s.options, spec.path) == get_option(options, spec.path)
    assert mod.turn_number(s) == 1
    assert 0 <= s.current < players
    rounds = 1
    while not walk.over:
        assert len(walk.actions) < MAX_ACTIONS, "a random game does not end"
        assert mod.outcome(s) is None
        walk.step()
        now = mod.turn_number(s)
        assert now >= rounds, "the round count went back"
        rounds = now
    assert mod.legal_actions(s) == []
    out = mod.outcome(s)
    assert isinstance(out, Outcome)
    assert len(out.scores) == players
    assert all(isinstance(score, int) for score in out.scores)
    # Someone at the table wins, unless the game is one against opponents nobody plays (the
    # Villains of Tactics' solo and co-op modes), which says so.
    assert out.winners or out.details.get("villains_won") is True
    assert len(set(out.winners)) == len(out.winners)
    assert set(out.winners) <= set(range(players))
    assert out.sides == () or len(out.sides) == players
    assert {out.side_of(w) for w in out.winners} <= {out.side_of(x) for x in range(players)}


@settings(CONTRACT, max_examples=10)
@given(data=st.data(), seed=SEEDS)
def test_seed_and_actions_replay_the_game_step_by_step(game: Game, data: st.DataObject,
                                                       seed: int) -> None:
    walk = Walk(game, data.draw(setups(game.row)), seed).finish()
    # Replayed from the options the game filled in, as a save records them.
    record = GameRecord(game.name, packed(walk.state.options), seed, list(walk.actions),
                        list(walk.checksums))
    again = replay(record, every_step=True)
    assert game.module.checksum(again) == walk.checksums[-1]


@settings(CONTRACT, max_examples=10)
@given(data=st.data(), seed=SEEDS)
def test_the_fast_apply_for_legal_actions_does_exactly_what_apply_does(
        game: Game, data: st.DataObject, seed: int) -> None:
    # Self-play and search skip the legality check for actions just taken from
    # legal_actions (``apply_legal``, where a game has one): same events, same state.
    mod = game.module
    walk = Walk(game, data.draw(setups(game.row)), seed).walk(300)
    checked, fast = mod.new_game(walk.options, seed), mod.new_game(walk.options, seed)
    step = trusted_apply(mod)
    for action in walk.actions:
        assert step(fast, action) == mod.apply(checked, action), action
        assert mod.checksum(fast) == mod.checksum(checked), action
    assert step is getattr(mod, "apply_legal", mod.apply)
