"""Putting discs down in an orbit or back at the edge."""

from __future__ import annotations

from empires_helpers import SHIP, busy, table
from hypothesis import given, settings
from hypothesis import strategies as st

from core.empires.geometry import touches_orbit
from core.empires.physics import Disc, overlapping
from core.empires.placing import edge_spot, location_discs, orbit_spot, orbits_of
from core.empires.setup import new_game

HOLES = st.sampled_from([h.id for h in table().holes])


@settings(max_examples=80, deadline=None)
@given(HOLES, st.integers(0, 35999))
def test_orbit_spots_are_free_and_in_orbit(hole: str, angle: int) -> None:
    discs = [d for d in busy() if d.kind != "location"]
    h = table().hole(hole)
    spot = orbit_spot(hole, angle, SHIP, discs)
    assert spot is not None
    x, y = spot
    assert touches_orbit(x, y, SHIP, h.x, h.y, table().orbit)
    placed = Disc(999, "ship", 0, x, y, SHIP)
    assert overlapping(list(location_discs()) + discs + [placed]) == []


def test_orbit_spot_takes_the_angle_asked_when_free_and_fills_up() -> None:
    h = table().hole("1.middle")
    x, y = orbit_spot("1.middle", 0, SHIP, [])  # type: ignore[misc]
    assert (x, y) == (h.x + 3200 + 1100 + 800, h.y)
    placed: list[Disc] = []
    while (spot := orbit_spot("1.middle", 0, SHIP, placed)) is not None:
        placed.append(Disc(500 + len(placed), "ship", 0, *spot, SHIP))
    assert 8 <= len(placed) <= 20
    assert overlapping(placed) == []


def test_a_disc_being_moved_does_not_block_its_own_spot() -> None:
    h = table().hole("2.inner")
    me = Disc(7, "ship", 0, h.x + 5100, h.y, SHIP)
    assert orbit_spot("2.inner", 0, SHIP, [me], skip=7) == (me.x, me.y)
    assert orbit_spot("2.inner", 0, SHIP, [me]) != (me.x, me.y)


def test_edge_spot_is_on_the_edge_nearest_where_the_ship_went_off() -> None:
    half = table().half_width
    assert edge_spot(12000, half + 1, SHIP, []) == (12000, half)
    blocker = Disc(1, "ship", 1, 12000, half, SHIP)
    x, y = edge_spot(12000, half, SHIP, [blocker])  # type: ignore[misc]
    assert y == half and abs(x - 12000) == 2 * SHIP
    assert edge_spot(-half - 3, -5000, SHIP, []) == (-half, -5000)


def test_starting_ships_orbit_their_warpgate_only() -> None:
    s = new_game({"players": 4}, 1)
    holes = [h.id for h in table().holes]
    for d in s.discs:
        assert [holes[i] for i in orbits_of(d.x, d.y, d.r)] == [s.players[d.owner].gate]
    assert orbits_of(0, 0, SHIP) == ()
