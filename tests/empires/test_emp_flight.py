"""Flicks on a game's table: nudged from the game's generator, replayed exactly."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.empires.aim import Aim
from core.empires.flight import board, fly
from core.empires.setup import new_game

AIMS = st.lists(st.builds(Aim, st.integers(0, 35999), st.integers(1, 1000)), min_size=1,
                max_size=4)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 2**32), AIMS)
def test_a_replay_of_the_aims_flies_every_flick_the_same(players: int, seed: int,
                                                         aims: list[Aim]) -> None:
    def play() -> list[object]:
        s = new_game({"players": players}, seed)
        out: list[object] = []
        for aim in aims:
            ships = [d.id for d in s.discs if d.kind == "ship" and d.owner == s.current]
            if not ships:
                break
            made, result = fly(s, ships[0], aim)
            out.append((made, result))
            assert len(board(s)) == 28 + len(s.discs)
            s.discs = [d for d in result.discs if d.kind != "location"]
        return out

    assert play() == play()


def test_exact_steadiness_flies_the_aim_and_draws_nothing() -> None:
    s = new_game({"players": 2, "steadiness": "exact"}, 1)
    before = s.rng.state
    made, _ = fly(s, s.discs[-1].id, Aim(1234, 456))
    assert made == Aim(1234, 456) and s.rng.state == before


def test_a_shaky_hand_moves_the_flick_off_its_aim() -> None:
    s = new_game({"players": 2, "steadiness": "shaky"}, 1)
    made = {fly(s, s.discs[-1].id, Aim(9000, 500))[0] for _ in range(10)}
    assert len(made) > 5


def test_flying_changes_nothing_but_the_generator() -> None:
    s = new_game({"players": 3}, 8)
    discs, locations = list(s.discs), [x.hole for x in s.locations]
    fly(s, s.discs[0].id, Aim(0, 700))
    assert s.discs == discs and [x.hole for x in s.locations] == locations


def test_bad_flicks_are_refused_with_the_reason() -> None:
    s = new_game({"players": 2}, 1)
    with pytest.raises(ValueError, match="power is from 1 to 1000"):
        fly(s, s.discs[-1].id, Aim(0, 0))
    with pytest.raises(ValueError, match="disc 5 is not on the map"):
        fly(s, 5, Aim(0, 10))
