"""Taking a move back, for every game: a move ``core.undo`` lets a player take back showed
them nothing that was hidden, and taking it back puts the game exactly where it was.

"Showed nothing" is checked against the worlds the mover's view allows: in every one of
them the same move leaves the mover seeing the same table as in the real game. A move whose
result depends on a hidden card (a draw, a card turned up) gives different tables in
different worlds, so a game whose ``reveals`` forgot such an event fails here.
"""

from __future__ import annotations

from contract_helpers import CONTRACT, SEEDS, Game, Walk, setups
from hypothesis import given, settings
from hypothesis import strategies as st

from core.contract import Action
from core.rng import Rng
from core.undo import UndoRefused, take_back, what_showed


@settings(CONTRACT, max_examples=20)
@given(data=st.data(), seed=SEEDS)
def test_a_move_that_may_be_taken_back_showed_its_mover_nothing(
        game: Game, data: st.DataObject, seed: int) -> None:
    mod = game.module
    walk = Walk(game, data.draw(setups(game.row)), seed)
    for step in range(150):
        if walk.over:
            break
        s = walk.state
        seat = s.to_move
        before = s.copy()
        world = mod.determinize(mod.view(s, seat), Rng.stream(seed, f"undo:{step}"))
        action = walk.rng.choice(walk.legal())
        events = mod.apply(s, action)
        walk.actions.append(action)
        shown = what_showed(mod, before, s, action, events)
        if shown is not None:
            continue
        # Nothing hidden was shown: the move plays the same in any world the mover allows.
        mod.apply(world, action)
        assert mod.view(world, seat) == mod.view(s, seat), (
            f"{mod.describe(before, action)!r} showed {seat} something hidden")


@settings(CONTRACT, max_examples=10)
@given(data=st.data(), seed=SEEDS, steps=st.integers(1, 120))
def test_taking_back_a_move_is_the_game_before_it(game: Game, data: st.DataObject, seed: int,
                                                  steps: int) -> None:
    mod = game.module
    walk = Walk(game, data.draw(setups(game.row)), seed).walk(steps)
    if walk.over or not walk.actions:
        return
    names = list(walk.state.options["names"])
    before = mod.new_game(walk.options, seed)
    for a in walk.actions[:-1]:
        mod.apply(before, a)
    try:
        back = take_back(mod, walk.options, seed, walk.actions, walk.state.to_move, names)
    except UndoRefused as refused:
        assert str(refused)  # always a reason in words
        return
    assert mod.checksum(back.state) == mod.checksum(before)
    assert back.state.to_move == walk.state.to_move
    assert back.said == mod.describe(before, Action(*walk.actions[-1]))


def test_a_move_that_drew_at_random_stands_whatever_the_game_says(game: Game) -> None:
    """The random stream is checked for every game, so a ``reveals`` that forgot a shuffle
    still keeps the move: here every move that moved the stream is refused."""
    mod = game.module
    walk = Walk(game, {"players": game.row.players[0]}, 11)
    for _ in range(200):
        if walk.over:
            break
        before = walk.state.copy()
        action = walk.step()
        after = walk.state
        rng_before = getattr(getattr(before, "rng", None), "state", None)
        rng_after = getattr(getattr(after, "rng", None), "state", None)
        if rng_before != rng_after:
            events = mod.apply(before.copy(), action)
            assert what_showed(mod, before, after, action, events) is not None

