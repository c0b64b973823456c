"""Saves written before generators had versions (format 1) still load and replay exactly.

The files in ``data/`` were written by main at bd26803, the last code before generator
versions: a random 2-player game of each game, part played (seeds 20261202-20261204, the
moves from the ``bot:random`` stream of the same seed). The pinned checksums below are what
that code reached after playing 150 more random moves (stream ``Rng.stream(7,
"bot:random")``) from the loaded game; the same moves must reach them now.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from core.games import get_game
from core.rng import FIRST_GENERATOR, NEWEST_GENERATOR, BatchRng, Rng
from saves.format import FORMAT_VERSION, decode, encode
from saves.loader import load_game, make_save, verify

DATA = Path(__file__).parent / "data"
# game: (actions in the file, moves played on after loading, checksum then) at bd26803.
PINNED = {
    "ascension": (240, 150, 840369015),
    "firepeak": (120, 150, 3733188360),
    "tactics": (160, 84, 3353571638),
}


def _old_save(game: str) -> Any:
    path = DATA / f"{game}-generator-1.ascend"
    return decode(path.read_bytes(), str(path))


def _play_on(game: str, state: Any) -> tuple[int, int]:
    mod = get_game(game)
    pick = Rng.stream(7, "bot:random")
    moves = 0
    for _ in range(150):
        if state.to_move is None:
            break
        mod.apply(state, pick.choice(mod.legal_actions(state)))
        moves += 1
    return moves, mod.checksum(state)


@pytest.mark.parametrize("game", sorted(PINNED))
def test_an_old_save_replays_and_plays_on_as_it_did(game: str) -> None:
    save = _old_save(game)
    assert save.format == 1
    # The file names no generator; reading it says which one its game used.
    assert save.options["generator"] == FIRST_GENERATOR
    state, how = load_game(save, "old.ascend")
    count, moves, checksum = PINNED[game]
    assert how == f"replayed {count} actions"
    assert get_game(game).checksum(state) == save.checksums[-1]
    assert _play_on(game, state) == (moves, checksum)


@pytest.mark.parametrize("game", sorted(PINNED))
def test_an_old_snapshot_restores_with_the_first_generator(game: str) -> None:
    save = _old_save(game)
    assert "generator" not in save.snapshot["options"]
    state = get_game(game).restore(save.snapshot)
    _, moves, checksum = PINNED[game]
    assert _play_on(game, state) == (moves, checksum)


def test_an_old_ascension_save_keeps_its_generator_when_saved_again() -> None:
    save = _old_save("ascension")
    state, _ = load_game(save)
    assert state.options["generator"] == FIRST_GENERATOR
    assert type(state.rng) is Rng
    mod = get_game("ascension")
    again = make_save("ascension", state.options, save.seed, save.actions, save.checksums,
                      mod.snapshot(state), {"players": ["Ana", "Bot"], "turn": 3})
    reread = decode(encode(again), "again.ascend")
    assert reread.format == FORMAT_VERSION == 2
    assert reread.options["generator"] == FIRST_GENERATOR
    assert verify(reread)[0]
    replayed, _ = load_game(reread)
    assert mod.checksum(replayed) == mod.checksum(state)
    assert type(mod.restore(reread.snapshot).rng) is Rng


def test_a_new_ascension_save_records_the_newest_generator() -> None:
    mod = get_game("ascension")
    state = mod.new_game({"players": 2}, 5)
    pick = Rng.stream(5, "bot:random")
    actions, sums = [], []
    for _ in range(60):
        action = pick.choice(mod.legal_actions(state))
        mod.apply(state, action)
        actions.append(action)
        sums.append(mod.checksum(state))
    save = make_save("ascension", state.options, 5, actions, sums, mod.snapshot(state),
                     {"players": ["Ana", "Bot"], "turn": 1})
    reread = decode(encode(save), "new.ascend")
    assert reread.options["generator"] == NEWEST_GENERATOR
    loaded, _ = load_game(reread)
    assert type(loaded.rng) is BatchRng
    assert mod.checksum(loaded) == sums[-1]
    assert mod.checksum(mod.restore(reread.snapshot)) == sums[-1]


def test_a_format_1_file_that_names_a_generator_keeps_it() -> None:
    # Only a file that names none is taken to use the first generator.
    save = dataclasses.replace(_old_save("ascension"),
                               options={**_old_save("ascension").options, "generator": 2})
    assert decode(encode(save), "x.ascend").options["generator"] == 2
