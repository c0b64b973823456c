"""The Starmap's layout, directions from angles, and "in orbit" as the rulebook says it."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from empires_helpers import SHIP, beside, flick, location_id, locations, table
from hypothesis import given
from hypothesis import strategies as st

from core.content import ContentError
from core.empires.fixedtrig import (
    QUARTER,
    TURN,
    UNIT,
    mirror_diagonal,
    mirror_x,
    mirror_y,
    unit_vector,
)
from core.empires.geometry import load, place, starmap, touches_orbit, within_range
from core.empires.physics import Disc
from core.empires.sliding import direction

STARMAP = Path(__file__).parents[2] / "core" / "empires" / "content" / "starmap.toml"


def test_seven_holes_in_each_of_four_quadrants_mirrored() -> None:
    m = table()
    assert len(m.holes) == 28 and len(m.spaces) == 4
    for q in range(4):
        assert len([h for h in m.holes if h.quadrant == q]) == 7
        assert all(m.quadrant_of(h.x, h.y) == q for h in m.holes if h.quadrant == q)
    spots = {(h.x, h.y) for h in m.holes}
    assert {(-x, y) for x, y in spots} == spots
    assert {(x, -y) for x, y in spots} == spots
    assert {(y, x) for x, y in spots} == spots


def test_corners_hold_the_warpgates_and_the_inner_holes_are_centremost() -> None:
    m = table()
    corners = [h for h in m.holes if h.name == "corner"]
    assert all(abs(h.x) == abs(h.y) == max(abs(g.x) for g in m.holes) for h in corners)
    assert [h.name for h in m.centremost()] == ["inner"] * 4
    assert [h.quadrant for h in m.centremost()] == [0, 1, 2, 3]


def test_orbits_are_apart_and_every_orbit_lies_on_the_map() -> None:
    m = table()
    reach = m.orbit + m.radius["ship"]
    for a in m.holes:
        assert abs(a.x) + reach <= m.half_width and abs(a.y) + reach <= m.half_width
        for b in m.holes:
            if a is not b:
                assert math.dist((a.x, a.y), (b.x, b.y)) >= 2 * (reach + m.radius["ship"])


def test_a_broken_starmap_file_is_refused_by_name(tmp_path: Path) -> None:
    text = STARMAP.read_text()
    bad = tmp_path / "starmap.toml"
    bad.write_text(text.replace('id = "orbit"                # inner edge of the white ring: '
                                'a 16 mm shaded band round the disc\nvalue = 4800',
                                'id = "orbit"\nvalue = 3000'))
    with pytest.raises(ContentError, match='"orbit".*outside the location disc'):
        load(bad)
    bad.write_text(text.replace("x = 7500\ny = 7500", "x = 22000\ny = 20000"))
    with pytest.raises(ContentError, match="too near"):
        load(bad)
    bad.write_text(text.replace("x = 38500\ny = 38500", "x = 44000\ny = 38500"))
    with pytest.raises(ContentError, match="could be off the map"):
        load(bad)
    bad.write_text(text + '\n[[length]]\nid = "comet"\nvalue = 3\n')
    with pytest.raises(ContentError, match='"comet"'):
        load(bad)


# --- directions ------------------------------------------------------------------------------


def test_exact_directions() -> None:
    assert unit_vector(0) == (UNIT, 0)
    assert unit_vector(QUARTER) == (0, UNIT)
    assert unit_vector(3000) == (929887697, UNIT // 2)  # sin 30° is exactly one half
    c, s = unit_vector(4500)
    assert c == s == 759250125  # round(2**30 / √2)


@given(st.integers(0, TURN - 1))
def test_directions_are_unit_long_and_mirror_exactly(angle: int) -> None:
    c, s = unit_vector(angle)
    assert abs(c - round(math.cos(math.radians(angle / 100)) * UNIT)) <= 1
    assert abs(s - round(math.sin(math.radians(angle / 100)) * UNIT)) <= 1
    assert unit_vector(mirror_x(angle)) == (-c, s)
    assert unit_vector(mirror_y(angle)) == (c, -s)
    assert unit_vector(mirror_diagonal(angle)) == (s, c)
    ux, uy = direction(angle)
    assert ux * ux + uy * uy <= UNIT * UNIT
    assert abs(ux - c) <= 1 and abs(uy - s) <= 1


# --- in orbit ----------------------------------------------------------------------------------
# "A component that touches the shaded area between a Location's surface and the white ring
# is in orbit": any touch counts, however slight; beyond the ring is not.


def test_in_orbit_touching_the_surface_or_the_band_or_the_ring_edge() -> None:
    m = table()
    loc, orbit = m.radius["location"], m.orbit
    assert touches_orbit(loc + SHIP, 0, SHIP, 0, 0, orbit)  # against the planet itself
    assert touches_orbit(orbit, 0, SHIP, 0, 0, orbit)  # centre on the ring: half in
    assert touches_orbit(orbit + SHIP, 0, SHIP, 0, 0, orbit)  # edge just on the ring
    assert not touches_orbit(orbit + SHIP + 1, 0, SHIP, 0, 0, orbit)  # outside it
    d = orbit + SHIP  # on a diagonal: 3-4-5 triangle scaled to the touching distance
    assert touches_orbit(3 * d // 5, 4 * d // 5, SHIP, 0, 0, orbit)


def test_a_flick_reports_the_orbit_it_ends_in() -> None:
    """A ship stopping with its edge inside the band of the planet ahead is in its orbit;
    one stopping short of the ring is not."""
    planet = locations()[location_id("3.middle")]
    x, y = beside("3.middle", -20000, 0)
    ship = Disc(5, "ship", 0, x, y, SHIP)
    results = {}
    for power in range(150, 400, 5):
        r = flick([planet, ship], 5, 0, power)
        gap = planet.x - r.disc(5).x
        results[power] = (gap, r.orbits[5])
        assert (r.orbits[5] == (planet.id,)) == (gap <= table().orbit + SHIP)
    assert any(o for _, o in results.values()) and any(not o for _, o in results.values())


# --- the range ruler ---------------------------------------------------------------------------
# "If the Range ruler can touch both Starships with an edge, then the Starships are within
# range of each other"; nothing on the map blocks it.


def test_within_range_is_the_gap_between_edges() -> None:
    m = table()
    short, long = m.short_range, m.long_range
    assert short < long
    gap_short = 2 * SHIP + short
    assert within_range(0, 0, SHIP, gap_short, 0, SHIP, short)
    assert not within_range(0, 0, SHIP, gap_short + 1, 0, SHIP, short)
    assert within_range(0, 0, SHIP, gap_short + 1, 0, SHIP, long)
    # A planet between the two ships does not block the ruler.
    assert within_range(-4000, 0, SHIP, 4000, 0, SHIP, short)
    # Diagonal: a 3-4-5 triangle at exactly the reach.
    reach = 2 * SHIP + long
    assert within_range(0, 0, SHIP, 3 * reach // 5, 4 * reach // 5, SHIP, long)


def test_every_hole_has_its_own_name_a_player_can_find_on_the_map() -> None:
    names = [place(h.id) for h in starmap().holes]
    assert len(set(names)) == len(names) and not any("." in n for n in names)
    # The quadrant first, then where in it, as the map is drawn (top-left is quadrant 0).
    assert [place(h) for h in ("0.edge_x", "1.edge_x", "0.near_x", "2.near_x", "3.edge_y",
                               "1.near_y")] == [
        "top-left left edge", "top-right right edge", "top-left bottom side",
        "bottom-right top side", "bottom-left bottom edge", "top-right left side"]
    for h in starmap().holes:  # the quadrant's words agree with where the hole is drawn
        quadrant = place(h.id).split()[0]
        assert ("right" in quadrant) == (h.x > 0) and ("top" in quadrant) == (h.y > 0)
