"""Hidden information, for every game: a seat's view is the same in every world its view
allows, and determinizing a view neither peeks nor touches the game.

A world the view allows is made with ``determinize(view(s, seat), rng)``: a state that
differs from ``s`` only in what ``seat`` may not see (its hidden parts dealt at random). The
seat must see that world exactly as it sees ``s``, and the game's own state and dice stay as
they were. In a world made for the seat to move, that seat has the same choices and the
world plays on, so a bot searching such worlds plays legal moves. (What each game hides is
pinned by its own property tests.)
"""

from __future__ import annotations

import dataclasses
from typing import Any

from contract_helpers import CONTRACT, SEEDS, Game, Walk, packed, play_on, setups
from hypothesis import given, settings
from hypothesis import strategies as st

from core.rng import Rng


def fields_of(view: Any) -> dict[str, Any]:
    """The view's fields by name."""
    if dataclasses.is_dataclass(view):
        return {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
    return dict(vars(view))


def check_every_seat(game: Game, s: Any, seed: int, tag: str) -> None:
    """The view of each seat of ``s``: what every view says, and a world it allows."""
    mod = game.module
    before, snap = mod.checksum(s), packed(mod.snapshot(s))
    for seat in range(s.options["players"]):
        v = mod.view(s, seat)
        assert (v.seat, v.to_move, v.current, v.options) == (seat, s.to_move, s.current,
                                                              s.options)
        assert hasattr(v, "pending")  # the decision asked, whoever answers it (None: none)
        assert not any(isinstance(x, Rng) for x in fields_of(v).values()), "the dice show"
        world = mod.determinize(v, Rng.stream(seed, f"{tag}:{seat}"))
        assert mod.checksum(s) == before, "determinize changed the game"
        assert mod.view(world, seat) == v
        if seat == s.to_move:
            # The world a bot searches: the same choices, and a game of its own that plays
            # on without touching the real one.
            assert mod.legal_actions(world) == mod.legal_actions(s)
            play_on(mod, world, Rng.stream(seed, f"{tag}:{seat}:on"), 5)
            assert mod.view(s, seat) == v
    assert mod.checksum(s) == before and packed(mod.snapshot(s)) == snap


@settings(CONTRACT, max_examples=25)
@given(data=st.data(), seed=SEEDS, every=st.integers(1, 60))
def test_a_seat_sees_the_same_table_in_every_world_its_view_allows(
        game: Game, data: st.DataObject, seed: int, every: int) -> None:
    walk = Walk(game, data.draw(setups(game.row)), seed)
    for look in range(200):
        check_every_seat(game, walk.state, seed, str(look))
        if walk.over:
            break
        walk.walk(every)


def test_a_view_and_a_snapshot_share_nothing_with_the_game(game: Game) -> None:
    """A bot that writes into its view's options, or a snapshot kept while play goes on,
    cannot change the game (and the game cannot change them)."""
    mod = game.module
    walk = Walk(game, {"players": game.row.players[0]}, 5)
    walk.walk(12)
    s = walk.state
    before = mod.checksum(s)
    view = mod.view(s, s.current)
    view.options["players"] = 99
    view.options.setdefault("seats", []).append("intruder")
    assert mod.checksum(s) == before and s.options["players"] == game.row.players[0]
    snap = mod.snapshot(s)
    kept = packed(snap)
    walk.walk(12)
    assert packed(snap) == kept
