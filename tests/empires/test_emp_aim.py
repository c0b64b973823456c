"""The steadiness of a flick: the nudge drawn from the game's generator."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.empires.aim import (
    STEADINESS,
    Aim,
    angle_towards,
    check,
    executed,
    power_for,
    spread,
)
from core.empires.fixedtrig import TURN, mirror_x, mirror_y
from core.empires.sliding import MAX_POWER, SUB_BITS, launch_speed, slide_distance
from core.rng import Rng

AIMS = st.builds(Aim, st.integers(0, 35999), st.integers(1, 1000))


@given(AIMS, st.integers(0, 2**32))
def test_exact_is_the_aim_and_draws_nothing(aim: Aim, seed: int) -> None:
    rng = Rng.stream(seed)
    before = rng.state
    assert executed(aim, "exact", rng) == aim
    assert rng.state == before


@given(AIMS, st.integers(0, 2**32), st.sampled_from(STEADINESS[1:]))
def test_nudges_stay_within_their_spread_and_replay(aim: Aim, seed: int, level: str) -> None:
    da, dp = spread(level)
    got = executed(aim, level, Rng.stream(seed))
    assert got == executed(aim, level, Rng.stream(seed))
    turn = (got.angle - aim.angle + 18000) % 36000 - 18000
    assert abs(turn) <= 4 * da
    assert 1 <= got.power <= 1000 and abs(got.power - aim.power) <= 4 * dp
    assert check(got) is None


def test_steadier_hands_spread_less() -> None:
    aim = Aim(9000, 500)
    widths = []
    for level in STEADINESS:
        rng = Rng.stream(7)
        angles = [executed(aim, level, rng).angle for _ in range(400)]
        widths.append(max(angles) - min(angles))
    assert widths[0] == 0 and widths[0] < widths[1] < widths[2] < widths[3]


def test_bad_aims_and_settings_are_named() -> None:
    assert check(Aim(36000, 5)) == "an angle is from 0 to 35999 hundredths of a degree, not 36000"
    assert check(Aim(5, 0)) == "a power is from 1 to 1000 ‰, not 0"
    with pytest.raises(ValueError, match="steadiness is one of exact, steady, normal, shaky"):
        spread("wobbly")


def test_angle_towards_the_axes_and_diagonals() -> None:
    assert [angle_towards(dx, dy) for dx, dy in
            [(5, 0), (0, 5), (-5, 0), (0, -5), (7, 7), (-7, 7), (-7, -7), (7, -7), (0, 0)]] == [
        0, 9000, 18000, 27000, 4500, 13500, 22500, 31500, 0]


@given(st.integers(-90000, 90000), st.integers(-90000, 90000))
def test_angle_towards_points_at_the_target_and_mirrors(dx: int, dy: int) -> None:
    if dx == 0 and dy == 0:
        return
    a = angle_towards(dx, dy)
    assert 0 <= a < TURN
    exact = math.degrees(math.atan2(dy, dx)) * 100 % TURN
    assert min(abs(a - exact), TURN - abs(a - exact)) <= 0.5 + 1e-6
    assert angle_towards(-dx, dy) == mirror_x(a) or dx == 0
    assert angle_towards(dx, -dy) == mirror_y(a) or dy == 0


@given(st.integers(1, 140000))
def test_power_for_is_the_least_that_gets_there(distance: int) -> None:
    p = power_for(distance)
    reach = slide_distance(launch_speed(p)) >> SUB_BITS
    assert reach >= distance or p == MAX_POWER
    assert p == 1 or slide_distance(launch_speed(p - 1)) >> SUB_BITS < distance
