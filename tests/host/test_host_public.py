"""Spectators: a watcher of a shared table is told only what every seat may see.

Checked against each seat's hidden information the way the contract defines it: deal
again everything one seat cannot see (``determinize`` of that seat's view) and what the
spectator was shown must not change, for every seat, at every step of a whole game.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from test_host_tables import caught_up

from core.contract import SPECTATOR
from core.games import get_game
from core.rng import Rng
from host import public
from tui.hall import HallError

MODES = [
    ("ascension", {"players": 2, "honor_pool": 5}),
    ("ascension", {"players": 4, "honor_pool": 10}),
    ("firepeak", {"players": 3}),
    ("tactics", {"players": 2}),
    ("tactics", {"players": 3, "mode": "brawl"}),
    ("tactics", {"players": 4, "mode": "2v2"}),
]
REDEALS = 4


def hides_every_seat(mod: Any, state: Any, shown: Any, seed: int) -> None:
    """``shown`` is the spectator's view of ``state``: it must not change when any seat's
    hidden parts are dealt again."""
    assert shown == mod.view(state, SPECTATOR)
    for seat in range(state.options["players"]):
        for k in range(REDEALS):
            world = mod.determinize(mod.view(state, seat), Rng.stream(seed, f"{seat}:{k}"))
            assert mod.view(world, SPECTATOR) == shown, (
                f"the spectator sees something seat {seat} cannot")


@pytest.mark.parametrize(("game", "options"), MODES,
                         ids=[f"{g}-{o['players']}-{o.get('mode', '')}" for g, o in MODES])
def test_a_spectator_sees_no_card_any_seat_may_not_see(tables: Any, game: str,
                                                       options: dict[str, Any]) -> None:
    svc = tables()
    players = options["players"]
    halls = [svc.connect(f"p{i}") for i in range(players)]
    first = halls[0].open(game, {**options, "seats": ["human"] * players})
    sessions = [first, *(hall.join(first.table_id) for hall in halls[1:])]
    watcher_hall = svc.connect("watcher")
    mod = get_game(game)
    caught_up(svc, sessions)
    try:
        watcher = watcher_hall.watch(first.table_id)
    except HallError as exc:
        # A mode whose public view shows a hand is not offered to spectators at all.
        assert "cannot be watched" in str(exc)
        assert not public.watchable(game, dict(first.options))
        return
    pick = random.Random(5)
    for step in range(120):
        state = caught_up(svc, sessions)
        deadline = time.monotonic() + 20
        while watcher.catch_up() >= 0 and len(watcher.actions) < len(first.actions) \
                and not watcher.notes and time.monotonic() < deadline:
            time.sleep(0.005)
        if any("watching stopped" in note for note in watcher.take_notes()):
            return  # stopped before a view that would show a hand (every one so far hid all)
        assert len(watcher.actions) == len(first.actions)
        hides_every_seat(mod, state, watcher.view(None), step)
        if state.to_move is None:
            break
        mover = sessions[state.to_move]
        mover.apply(pick.choice(mover.legal()))


def test_the_usual_modes_can_be_watched() -> None:
    """Every game and mode: watchable (Tactics 2 vs 2 too, since a spectator is at no side)."""
    for game, options in MODES:
        seats = {"seats": ["human"] * options["players"]}
        assert public.watchable(game, {**options, **seats}), game


def test_a_game_whose_public_view_shows_a_hand_is_never_watched(
        tables: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game that shows spectators seat 0's table (hand and all) is refused by the probe;
    one that starts to mid-game stops being watched before it shows a thing."""
    mod = get_game("ascension")
    honest = mod.view

    def leaky(state: Any, seat: int) -> Any:
        return honest(state, 0 if seat == SPECTATOR else seat)

    svc = tables()
    monkeypatch.setattr(public, "_PROBED", {})
    monkeypatch.setattr(mod, "view", leaky)
    alice, bob, carol = svc.connect("alice"), svc.connect("bob"), svc.connect("carol")
    a = alice.open("ascension", {"players": 2, "seats": ["human", "human"]})
    b = bob.join(a.table_id)
    with pytest.raises(HallError, match="cannot be watched"):
        carol.watch(a.table_id)

    monkeypatch.setattr(mod, "view", honest)
    monkeypatch.setattr(public, "_PROBED", {})
    c = alice.open("ascension", {"players": 2, "seats": ["human", "human"]})
    d = bob.join(c.table_id)
    watcher = carol.watch(c.table_id)
    monkeypatch.setattr(mod, "view", leaky)  # the game goes wrong mid-play
    state = caught_up(svc, [c, d])
    mover = c if state.to_move == 0 else d
    mover.apply(mover.legal()[0])
    caught_up(svc, [c, d])
    for _ in range(500):
        if watcher.notes:
            break
        time.sleep(0.01)
    assert any("watching stopped" in note for note in watcher.take_notes())
    assert watcher.catch_up() == 0  # the leaking view was never sent
    assert watcher.view(None) == honest(state, SPECTATOR)
    assert a.started and b.started
