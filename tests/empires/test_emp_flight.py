"""Flicks on a game's table: nudged from the game's generator, replayed exactly."""

from __future__ import annotations

from math import isqrt

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from core.empires.aim import Aim, angle_towards, power_for
from core.empires.flight import board, fly
from core.empires.geometry import starmap
from core.empires.physics import Disc
from core.empires.placing import location_discs, orbits_of
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


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4), st.integers(0, 2**32), st.data())
def test_aiming_straight_at_a_planets_orbit_lands_in_it(players: int, seed: int,
                                                        data: st.DataObject) -> None:
    """With an exact hand, a ship aimed at a location with the power for the middle of its
    band stops in its orbit when nothing is in the way."""
    s = new_game({"players": players, "steadiness": "exact"}, seed)
    ship = s.discs[-1]
    m = starmap()
    home = orbits_of(ship.x, ship.y, ship.r)
    target = data.draw(st.sampled_from([i for i in range(len(m.holes)) if i not in home]))
    h = m.holes[target]
    s.discs = [ship]  # an otherwise empty map
    dx, dy = h.x - ship.x, h.y - ship.y
    gap = isqrt(dx * dx + dy * dy) - m.radius["location"] - ship.r - (
        m.orbit - m.radius["location"]) // 2
    made, result = fly(s, ship.id, Aim(angle_towards(dx, dy), power_for(gap)))
    path_clear = all(
        i == target or not _near_segment(loc, ship, h.x, h.y, loc.r + ship.r + 1)
        for i, loc in enumerate(location_discs()))
    event("path clear" if path_clear else "path blocked")
    if path_clear:
        assert made.power == power_for(gap)
        assert target in result.orbits[ship.id]


def _near_segment(loc: Disc, ship: Disc, bx: int, by: int, reach: int) -> bool:
    """True if the location comes within ``reach`` of the straight path from the ship to
    (bx, by)."""
    ax, ay = ship.x, ship.y
    px, py = loc.x - ax, loc.y - ay
    vx, vy = bx - ax, by - ay
    t = max(0, min(vx * vx + vy * vy, px * vx + py * vy))
    cx, cy = ax * (vx * vx + vy * vy) + t * vx, ay * (vx * vx + vy * vy) + t * vy
    n = vx * vx + vy * vy
    dx, dy = loc.x * n - cx, loc.y * n - cy
    return dx * dx + dy * dy <= (reach * n) ** 2
