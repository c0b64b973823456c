"""The flick simulation: pinned end positions, its properties over many flicks, and each
thing that can happen to a flicked ship."""

from __future__ import annotations

from math import isqrt

import pytest
from empires_helpers import SHIP, beside, busy, flick, location_id, locations, table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.empires.fixedtrig import TURN, mirror_diagonal, mirror_x, mirror_y
from core.empires.physics import GUARDIAN, Disc, FlickResult, overlapping
from core.empires.sliding import FRICTION, MAX_SPEED, SUB, launch_speed, slide_distance

MANY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FLICKED = st.sampled_from([d.id for d in busy() if d.kind == "ship"])
ANGLE = st.integers(0, TURN - 1)
POWER = st.integers(1, 1000)

# (flicked, angle, power), steps, what happened, where the discs that moved came to rest,
# the discs taken off. Pinned: a change here changes every recorded game's replay.
GOLDEN = [
    ((100, 0, 500), 341, [("bounce", 100, 2)], [(100, -29878, 41249)], ()),
    ((100, 31500, 700), 505, [("bounce", 100, 4), ("lost", 100, -1)], [], (100,)),
    ((101, 27000, 350), 275, [("bounce", 101, 1)], [(101, -39109, 23177)], ()),
    ((102, 4500, 600), 216, [("lost", 102, -1)], [], (102,)),
    ((103, 18000, 250), 220, [("bounce", 103, 5)], [(103, -19998, 7275)], ()),
    ((106, 9000, 800), 28, [("lost", 106, -1)], [], (106,)),
    ((110, 20000, 450), 61, [("bounce", 110, 12), ("ram", 110, 111)], [], (110,)),
    ((115, 13500, 1000), 573, [("bounce", 115, 17), ("bounce", 115, 11), ("bounce", 115, 8)],
     [(115, 23401, 39244)], ()),
    ((118, 33000, 550), 86, [("lost", 118, -1)], [], (118,)),
    ((121, 2250, 300), 206, [("bounce", 121, 24)], [(121, -16653, -3737)], ()),
    ((100, 29000, 620), 452,
     [("bounce", 100, 104), ("bounce", 100, 104), ("bounce", 104, 5), ("bounce", 100, 104)],
     [(100, -26228, 14593), (104, -14372, 21466)], ()),
    ((107, 22500, 380), 350, [("bounce", 107, 11)], [(107, 28471, 19318)], ()),
]


@pytest.mark.parametrize(("flicked", "steps", "hits", "moved", "removed"), GOLDEN,
                         ids=[f"{g[0][0]}@{g[0][1]}p{g[0][2]}" for g in GOLDEN])
def test_golden_flicks(flicked: tuple[int, int, int], steps: int,
                       hits: list[tuple[str, int, int]], moved: list[tuple[int, int, int]],
                       removed: tuple[int, ...]) -> None:
    before = busy()
    r = flick(before, *flicked)
    assert r.steps == steps
    assert [(h.kind, h.disc, h.other) for h in r.hits if h.kind != "rest"] == hits
    assert sorted((d.id, d.x, d.y) for d in r.discs if d not in before) == moved
    assert r.removed == removed


@MANY
@given(FLICKED, ANGLE, POWER)
def test_skipping_quiet_steps_changes_nothing(flicked: int, angle: int, power: int) -> None:
    """The fast path (closed-form slides between contacts) equals taking every step."""
    d = busy()
    assert flick(d, flicked, angle, power) == flick(d, flicked, angle, power, reference=True)


@MANY
@given(FLICKED, ANGLE, POWER)
def test_energy_never_grows(flicked: int, angle: int, power: int) -> None:
    energy: list[int] = []
    flick(busy(), flicked, angle, power, energy=energy)
    assert energy[0] == launch_speed(power) ** 2 and energy[-1] == 0
    assert all(b <= a for a, b in zip(energy, energy[1:], strict=False))


@MANY
@given(FLICKED, ANGLE, POWER)
def test_nothing_ends_overlapping(flicked: int, angle: int, power: int) -> None:
    r = flick(busy(), flicked, angle, power)
    assert overlapping(list(r.discs)) == []
    m = table()
    assert all(m.on_map(d.x, d.y) for d in r.discs)


def _mirrored(discs: list[Disc], fx: int, fy: int, swap: bool) -> list[Disc]:
    out = []
    for d in discs:
        x, y = (d.y, d.x) if swap else (d.x, d.y)
        out.append(d._replace(x=fx * x, y=fy * y))
    return out


MIRRORS = {
    "x": (-1, 1, False, mirror_x),
    "y": (1, -1, False, mirror_y),
    "diagonal": (1, 1, True, mirror_diagonal),
}


@MANY
@given(FLICKED, ANGLE, POWER, st.sampled_from(sorted(MIRRORS)))
def test_mirrored_flick_gives_mirrored_result(flicked: int, angle: int, power: int,
                                              mirror: str) -> None:
    fx, fy, swap, turn = MIRRORS[mirror]
    d = busy()
    a = flick(d, flicked, angle, power)
    b = flick(_mirrored(d, fx, fy, swap), flicked, turn(angle), power)
    assert list(b.discs) == _mirrored(list(a.discs), fx, fy, swap)
    assert [(h.kind, h.step, h.disc, h.other) for h in a.hits] == [
        (h.kind, h.step, h.disc, h.other) for h in b.hits]
    assert a.orbits == b.orbits


@settings(max_examples=40, deadline=None)
@given(FLICKED, ANGLE, POWER, st.randoms(use_true_random=False))
def test_deterministic_whatever_the_order_of_discs(flicked: int, angle: int, power: int,
                                                   order: object) -> None:
    d = busy()
    shuffled = list(d)
    order.shuffle(shuffled)  # type: ignore[attr-defined]
    a, b = flick(d, flicked, angle, power), flick(shuffled, flicked, angle, power)
    assert sorted(a.discs) == sorted(b.discs)
    assert a.hits == b.hits and a.removed == b.removed and a.steps == b.steps


def test_open_map_slide_matches_the_closed_form() -> None:
    """Alone on the map a ship slides exactly its free distance, in a straight line."""
    ship = Disc(1, "ship", 0, 0, 0, SHIP)
    for power in (1, 100, 333, 500):
        r = flick([ship], 1, 0, power)
        speed = launch_speed(power)
        assert r.disc(1).x == (slide_distance(speed) + SUB // 2) // SUB
        assert r.disc(1).y == 0
        assert r.steps == (speed - 1) // FRICTION + 1


def test_full_power_leaves_the_map_from_the_centre() -> None:
    assert slide_distance(MAX_SPEED) // SUB > table().half_width * 3
    r = flick([Disc(1, "ship", 0, 0, 0, SHIP)], 1, 4500, 1000)
    assert [h.kind for h in r.hits] == ["lost"] and r.removed == (1,)
    lost = r.hits[0]
    assert table().half_width in (lost.x, lost.y)


def test_a_bounce_off_a_planet_turns_the_ship_back() -> None:
    planet = locations()[location_id("1.middle")]
    x, y = beside("1.middle", -8000, 0)
    r = flick([planet, Disc(7, "ship", 0, x, y, SHIP)], 7, 0, 300)
    assert [h.kind for h in r.hits] == ["bounce", "rest"]
    assert r.hits[0].x == planet.x - planet.r - SHIP - 1
    assert r.disc(7).x < r.hits[0].x and r.disc(7).y == y


def test_ram_destroys_both_and_only_the_first_enemy_counts() -> None:
    mine = Disc(1, "ship", 0, 0, 0, SHIP)
    enemy = Disc(2, "ship", 1, 5000, 0, SHIP)
    beyond = Disc(3, "ship", 1, 9000, 0, SHIP)
    r = flick([mine, enemy, beyond], 1, 0, 400)
    assert [(h.kind, h.other) for h in r.hits] == [("ram", 2)]
    assert r.removed == (1, 2)
    assert [d.id for d in r.discs] == [3]


def test_own_ship_is_knocked_not_rammed() -> None:
    mine = Disc(1, "ship", 0, 0, 0, SHIP)
    friend = Disc(2, "ship", 0, 5000, 0, SHIP)
    r = flick([mine, friend], 1, 0, 300)
    assert r.hits[0][:4] == ("bounce", r.hits[0].step, 1, 2)
    assert r.removed == ()
    assert r.disc(2).x > 5000 and r.disc(1).x < r.disc(2).x


def test_a_knocked_ship_hitting_an_enemy_is_no_ram() -> None:
    """Only the flicked ship rams: a ship it knocks bounces off enemies."""
    mine = Disc(1, "ship", 0, 0, 0, SHIP)
    friend = Disc(2, "ship", 0, 2300, 0, SHIP)
    enemy = Disc(3, "ship", 1, 8000, 0, SHIP)
    r = flick([mine, friend, enemy], 1, 0, 500)
    assert "ram" not in [h.kind for h in r.hits]
    assert ("bounce", 2, 3) in [(h.kind, h.disc, h.other) for h in r.hits]
    assert r.removed == ()


def test_warship_and_ram_proof_ships_survive_a_ram() -> None:
    for target in (Disc(2, "warship", GUARDIAN, 6000, 0, 1500),
                   Disc(2, "ship", 1, 6000, 0, SHIP, ram_proof=True)):
        r = flick([Disc(1, "ship", 0, 0, 0, SHIP), target], 1, 0, 400)
        assert [h.kind for h in r.hits] == ["ram"]
        assert r.removed == (1,)
        assert r.discs == (target,)


def test_a_ship_that_cannot_ram_bounces_off_enemies() -> None:
    r = flick([Disc(1, "ship", 0, 0, 0, SHIP), Disc(2, "ship", 1, 6000, 0, SHIP)], 1, 0,
              400, can_ram=False)
    assert r.hits[0].kind == "bounce" and r.removed == ()


def test_starbases_are_knocked_never_rammed() -> None:
    r = flick([Disc(1, "ship", 0, 0, 0, SHIP), Disc(2, "starbase", 1, 6000, 0, 1250)], 1, 0,
              400)
    assert r.hits[0].kind == "bounce" and r.removed == ()
    assert r.disc(2).x > 6000


def test_a_mine_stops_the_first_ship_and_goes() -> None:
    r = flick([Disc(1, "ship", 0, 0, 0, SHIP), Disc(2, "mine", 1, 6000, 0, 800)], 1, 0, 400)
    assert [(h.kind, h.other) for h in r.hits] == [("mine", 2)]
    assert r.removed == (1, 2) and r.discs == ()


def test_a_ship_starting_in_contact_and_flicked_away_leaves_freely() -> None:
    planet = locations()[location_id("2.inner")]
    ship = Disc(9, "ship", 0, planet.x + planet.r + SHIP, planet.y, SHIP)
    r = flick([planet, ship], 9, 0, 200)
    assert [h.kind for h in r.hits] == ["rest"]
    r = flick([planet, ship], 9, 18000, 200)
    assert r.hits[0].kind == "bounce"


def test_bad_flicks_are_refused_with_the_reason() -> None:
    d = busy()
    with pytest.raises(ValueError, match="no disc 999"):
        flick(d, 999, 0, 100)
    with pytest.raises(ValueError, match="location, which cannot be flicked"):
        flick(d, 0, 0, 100)
    with pytest.raises(ValueError, match="power must be from 0 to 1000"):
        flick(d, 100, 0, 1001)
    with pytest.raises(ValueError, match="share one id"):
        flick(d + [d[0]], 100, 0, 100)


def test_an_unknown_kind_of_disc_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown kind of disc 'comet'"):
        flick([Disc(1, "ship", 0, 0, 0, SHIP), Disc(2, "comet", 0, 9000, 0, 500)], 1, 0, 10)


CLUSTER_PIECES = {"ship": (SHIP, None), "starbase": (1250, None), "warship": (1500, GUARDIAN),
                  "robot": (1000, GUARDIAN), "mine": (800, None)}


@st.composite
def clusters(draw: st.DrawFn) -> list[Disc]:
    """A few locations and a tight cluster of pieces of every kind and two owners: many
    moving discs at once, bouncing off each other, rams, mines."""
    discs = [d for d in locations() if abs(d.x) < 26000 and abs(d.y) < 26000]
    for i in range(draw(st.integers(2, 10))):
        kind = draw(st.sampled_from(["ship"] * 5 + ["starbase", "warship", "robot", "mine"]))
        r, owner = CLUSTER_PIECES[kind]
        x = draw(st.integers(-9000, 9000))
        y = draw(st.integers(-9000, 9000))
        d = Disc(100 + i, kind, draw(st.integers(0, 1)) if owner is None else owner, x, y, r,
                 ram_proof=draw(st.booleans()) if kind == "ship" else False)
        if not overlapping(discs + [d]):
            discs.append(d)
    return discs


@MANY
@given(clusters(), ANGLE, POWER, st.booleans())
def test_crowded_breaks_agree_with_every_step(discs: list[Disc], angle: int, power: int,
                                              can_ram: bool) -> None:
    ships = [d.id for d in discs if d.kind == "ship"]
    if not ships:
        return
    energy: list[int] = []
    fast = flick(discs, ships[0], angle, power, can_ram=can_ram, energy=energy)
    assert fast == flick(discs, ships[0], angle, power, can_ram=can_ram, reference=True)
    assert overlapping(list(fast.discs)) == []
    assert all(b <= a for a, b in zip(energy, energy[1:], strict=False))


@MANY
@given(clusters(), ANGLE, POWER, st.sampled_from(sorted(MIRRORS)))
def test_crowded_breaks_mirror_exactly(discs: list[Disc], angle: int, power: int,
                                       mirror: str) -> None:
    ships = [d.id for d in discs if d.kind == "ship"]
    if not ships:
        return
    fx, fy, swap, turn = MIRRORS[mirror]
    a = flick(discs, ships[-1], angle, power)
    b = flick(_mirrored(discs, fx, fy, swap), ships[-1], turn(angle), power)
    assert list(b.discs) == _mirrored(list(a.discs), fx, fy, swap)
    assert [h[:4] for h in a.hits] == [h[:4] for h in b.hits]


def _energy_across_first_contact(discs: list[Disc], flicked: int, angle: int,
                                 power: int) -> tuple[int, int, FlickResult]:
    """The sum of squared speeds just before the first contact's step and just after it."""
    energy: list[int] = []
    r = flick(discs, flicked, angle, power, energy=energy, reference=True)
    step = r.hits[0].step
    # In reference mode there is one entry at the start and one per mover per step.
    return energy[step - 1], energy[step], r


def test_head_on_off_a_planet_keeps_three_fifths_of_the_speed() -> None:
    planet = Disc(0, "location", -1, 20000, 0, 3200)
    before, after, r = _energy_across_first_contact(
        [planet, Disc(1, "ship", 0, 0, 0, SHIP)], 1, 0, 400)
    assert r.hits[0].kind == "bounce"
    w = isqrt(before) - FRICTION  # the speed in the step of the contact
    assert isqrt(after) == pytest.approx(w * 3 / 5, abs=2)
    assert r.disc(1).x < r.hits[0].x and r.disc(1).y == 0


def test_head_on_between_two_ships_passes_nine_tenths_on() -> None:
    """Equal masses, restitution 4/5: the striker keeps (1 - e) / 2 of its speed, the struck
    ship takes (1 + e) / 2, so the squared speeds keep 0.1² + 0.9² = 0.82."""
    before, after, r = _energy_across_first_contact(
        [Disc(1, "ship", 0, 0, 0, SHIP), Disc(2, "ship", 0, 10000, 0, SHIP)], 1, 0, 400)
    w = isqrt(before) - FRICTION
    assert after == pytest.approx(0.82 * w * w, rel=1e-4)
    assert r.disc(2).x - 10000 > 60 * (r.disc(1).x - r.hits[0].x)  # 81 : 1 in slide


def test_a_glancing_blow_turns_a_ship_aside() -> None:
    planet = Disc(0, "location", -1, 20000, 3000, 3200)
    r = flick([planet, Disc(1, "ship", 0, 0, 0, SHIP)], 1, 0, 400)
    assert r.hits[0].kind == "bounce"
    assert r.disc(1).y < r.hits[0].y and r.disc(1).x > r.hits[0].x  # deflected down, on
