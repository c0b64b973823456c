"""The flight as a screen shows it: frames taken along a flick change nothing of its result,
and the last frame is where the flick left every disc."""

from __future__ import annotations

import pytest
from empires_helpers import busy, flick
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.empires.aim import Aim
from core.empires.fixedtrig import TURN
from core.empires.flight import FRAME_STEPS, flight_path, fly
from core.empires.physics import Frame
from core.empires.setup import new_game

MANY = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FLICKED = st.sampled_from([d.id for d in busy() if d.kind == "ship"])


@MANY
@given(FLICKED, st.integers(0, TURN - 1), st.integers(1, 1000), st.integers(1, 60),
       st.booleans())
def test_frames_change_nothing_and_end_where_the_flick_ends(
        flicked: int, angle: int, power: int, every: int, reference: bool) -> None:
    d = busy()
    frames: list[Frame] = []
    plain = flick(d, flicked, angle, power)
    traced = flick(d, flicked, angle, power, frames=frames, every=every, reference=reference)
    assert traced == plain
    steps = [f.step for f in frames]
    assert steps[0] == 0 and steps[-1] == plain.steps and steps == sorted(set(steps))
    # A frame is due every ``every`` steps: none is skipped.
    assert all(b - a <= every for a, b in zip(steps, steps[1:], strict=False))
    start = {x.id: (x.x, x.y) for x in d}
    last = frames[-1]
    assert set(last.removed) == set(plain.removed)
    moved_now = {i: (x, y) for i, x, y in last.moved}
    for x in plain.discs:
        assert moved_now.get(x.id, start[x.id]) == (x.x, x.y)


def test_the_flicked_ship_moves_away_frame_by_frame_on_an_open_path() -> None:
    d = busy()
    ship = next(x for x in d if x.kind == "ship")
    frames: list[Frame] = []
    flick(d, ship.id, 0, 300, frames=frames, every=10)
    where = [dict((i, (x, y)) for i, x, y in f.moved).get(ship.id) for f in frames]
    assert where[0] is None  # it has not moved at the start
    assert len(frames) > 5


def test_flight_path_on_a_table_is_pure_and_matches_the_flick() -> None:
    s = new_game({"players": 2, "steadiness": "exact"}, 3)
    ship = next(x for x in s.discs if x.kind == "ship")
    before, rng = list(s.discs), s.rng.state
    frames = flight_path(s.discs, ship.id, Aim(9000, 400))
    assert s.discs == before and s.rng.state == rng
    _, result = fly(s, ship.id, Aim(9000, 400))
    last = dict((i, (x, y)) for i, x, y in frames[-1].moved)
    assert last[ship.id] == (result.disc(ship.id).x, result.disc(ship.id).y)
    assert all(b.step - a.step <= FRAME_STEPS for a, b in zip(frames, frames[1:],
                                                                strict=False))


def test_frames_need_a_positive_interval() -> None:
    with pytest.raises(ValueError, match="every 1 step"):
        flick(busy(), 100, 0, 500, frames=[], every=0)
    with pytest.raises(ValueError, match="power"):
        flight_path([], 100, Aim(0, 0))
