"""Ascending Empires states to plain data and back."""

from __future__ import annotations

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.empires.setup import new_game
from core.empires.snapshot import checksum, restore, snapshot
from core.empires.state import State


def same(a: State, b: State) -> bool:
    return snapshot(a) == snapshot(b)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 2**40))
def test_a_snapshot_survives_msgpack(players: int, seed: int) -> None:
    s = new_game({"players": players, "modules": ["guardian_warships"]}, seed)
    data = msgpack.unpackb(msgpack.packb(snapshot(s)), strict_map_key=False)
    back = restore(data)
    assert same(back, s)
    assert back.rng.state == s.rng.state
    assert back.locations == s.locations and back.players == s.players
    assert checksum(back) == checksum(s)


def test_the_checksum_changes_with_anything() -> None:
    s = new_game({"players": 3}, 2)
    base = checksum(s)
    s.players[1].energy_ready += 1
    assert checksum(s) != base
    s.players[1].energy_ready -= 1
    assert checksum(s) == base
    s.discs[0] = s.discs[0]._replace(x=s.discs[0].x + 1)
    assert checksum(s) != base


def test_a_snapshot_is_independent_of_the_game_after() -> None:
    s = new_game({"players": 2}, 3)
    data = snapshot(s)
    s.location("0.inner").robots += 1
    assert restore(data).location("0.inner").robots == 1


@pytest.mark.parametrize(("spoil", "message"), [
    (lambda d: d.update(format=9), "format 1"),
    (lambda d: d["discs"].pop(), "not a possible table: seat"),
    (lambda d: d["discs"][0].__setitem__(1, "comet"), "unknown kind 'comet'"),
    (lambda d: d["players"].pop(), "dashboards for 3 players"),
    (lambda d: d["locations"][0].pop(), "not a snapshot"),
    (lambda d: d.pop("rng"), "not a snapshot"),
])
def test_bad_snapshots_are_refused(spoil: object, message: str) -> None:
    data = snapshot(new_game({"players": 3}, 4))
    spoil(data)  # type: ignore[operator]
    with pytest.raises(ValueError, match=message):
        restore(data)
    with pytest.raises(ValueError, match="a snapshot is a map"):
        restore([1, 2])
