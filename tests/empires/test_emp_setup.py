"""Setting up Ascending Empires for 2, 3 and 4 players, and the audit that counts every
component."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.content import ContentError
from core.empires.audit import problems
from core.empires.geometry import starmap, touches_orbit
from core.empires.physics import Disc
from core.empires.setup import load_setups, new_game, normalize_options, tokens
from core.empires.state import State, advanced_ids

SETUPS = Path(__file__).parents[2] / "core" / "empires" / "content" / "setups.toml"


def same(a: State, b: State) -> bool:
    """Equal tables and the generator at the same point (the generator has no ``==``)."""
    def key(s: State) -> dict[str, object]:
        return {k: v for k, v in vars(s).items() if k != "rng"} | {"rng": s.rng.state}
    return key(a) == key(b)


def quadrant(hole: str) -> int:
    return int(hole.split(".")[0])


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 2**40),
       st.sampled_from([[], ["guardian_warships"], ["ancient_libraries"],
                        ["guardian_warships", "ancient_libraries"]]))
def test_every_setup_accounts_for_every_component(players: int, seed: int,
                                                  modules: list[str]) -> None:
    s = new_game({"players": players, "modules": modules}, seed)
    assert problems(s) == []
    assert s.to_move == s.current and 0 <= s.current < players
    twin = s.copy()
    assert same(twin, s) and twin.rng is not s.rng and twin.locations[0] is not s.locations[0]


def test_the_same_seed_sets_up_the_same_table() -> None:
    a, b = new_game({"players": 3}, 11), new_game({"players": 3}, 11)
    assert same(a, b)
    tables = {tuple((x.kind, x.colour, x.token) for x in new_game({"players": 3}, k).locations)
              for k in range(8)}
    assert len(tables) == 8


@pytest.mark.parametrize(("players", "pool"), [(2, 22), (3, 32), (4, 42)])
def test_vp_pool_and_starting_dashboards(players: int, pool: int) -> None:
    s = new_game({"players": players}, 5)
    assert s.vp_pool == pool
    table = starmap()
    for p in s.players:
        assert (p.troops, p.troops_locked, p.energy_ready, p.energy_spent) == (4, 4, 1, 0)
        assert p.structures == {"outpost": 4, "city": 4, "research": 8, "starbase": 4}
        assert p.ships == [] and len(p.ships_locked) == 4
        assert p.advanced == [] and p.advanced_locked == sorted(advanced_ids(p.seat).values())
        gate = s.location(p.gate)
        assert gate.kind == "warpgate" and gate.faceup and not gate.inert
        assert p.home == quadrant(p.gate)
        ships = [d for d in s.discs if d.owner == p.seat]
        hole = table.hole(p.gate)
        assert len(ships) == 2 and all(
            touches_orbit(d.x, d.y, d.r, hole.x, hole.y, table.orbit) for d in ships)


def test_four_players_each_quadrant_a_full_set_face_down() -> None:
    s = new_game({"players": 4}, 3)
    for q in range(4):
        here = [x for x in s.locations if quadrant(x.hole) == q and x.kind != "warpgate"]
        assert sorted(x.colour or x.kind for x in here) == [
            "artifact", "green", "orange", "pink", "purple", "relic"]
        assert not any(x.faceup for x in here)
        assert all(x.token for x in here)
    sets = [sorted(x.token for x in s.locations if quadrant(x.hole) == q and x.token)
            for q in range(4)]
    assert sets[0] == sets[1] == sets[2] == sets[3]
    assert s.robots == 12 and s.warships == 4 and not s.archive and not s.discarded
    assert [x.hole for x in s.locations if x.kind == "warpgate"] == [
        "0.corner", "1.corner", "2.corner", "3.corner"]


def test_three_players_robots_on_the_centre_and_wormhole_a() -> None:
    for seed in range(12):
        s = new_game({"players": 3}, seed)
        robots = [x for x in s.locations if x.robots]
        assert len(robots) == 4 and s.robots == 8
        assert sorted(quadrant(x.hole) for x in robots) == [0, 1, 2, 3]
        assert all(x.faceup and x.kind in ("planet", "relic") and not x.token for x in robots)
        for x in robots:
            if not x.hole.endswith(".inner"):  # an artifact lay in the centre: turned up
                centre = s.location(f"{quadrant(x.hole)}.inner")
                assert centre.kind == "artifact" and centre.faceup and not centre.robots
        assert sorted(x.hole for x in s.locations if x.wormhole == "A") == [
            "3.corner", "3.middle"]
        inert = s.location("3.corner")
        assert inert.kind == "warpgate" and inert.inert and inert.colour == "white"
        q3 = [x for x in s.locations if quadrant(x.hole) == 3 and x.kind not in
              ("warpgate", "artifact")]
        assert len(q3) == 5
        kinds = Counter(t.id for t in tokens())
        dealt = Counter(x.token for x in s.locations if x.token) + Counter(
            s.archive) + Counter(s.discarded)
        assert sum(dealt.values()) == 24 and set(dealt) <= set(kinds)


def test_two_players_wormholes_warships_and_destroyed_holes() -> None:
    s = new_game({"players": 2}, 9)
    assert [p.gate for p in s.players] == ["0.edge_x", "2.edge_x"]
    corners = {x.hole: (x.kind, x.wormhole) for x in s.locations if x.hole.endswith("corner")}
    assert corners == {"0.corner": ("relic", "B"), "1.corner": ("relic", "A"),
                       "2.corner": ("relic", "B"), "3.corner": ("relic", "A")}
    assert sorted(x.hole for x in s.locations if x.destroyed) == [
        "1.edge_x", "1.middle", "3.edge_x", "3.middle"]
    assert s.destroyed_tokens == 2
    assert [(x.hole, x.faceup) for x in s.locations if x.kind == "artifact"] == [
        ("0.middle", True), ("1.middle", False), ("2.middle", True), ("3.middle", False)]
    warships = [d for d in s.discs if d.kind == "warship"]
    assert [(d.x, d.y) for d in warships] == [(sp.x, sp.y) for sp in starmap().spaces]
    assert s.warships == 0
    for q in range(4):
        planets = [x for x in s.locations if quadrant(x.hole) == q and x.kind == "planet"]
        assert sorted(x.colour for x in planets) == ["green", "orange", "pink", "purple"]
        centre = s.location(f"{q}.inner")
        assert centre.robots == 1 and centre.faceup


def test_modules_put_their_events_in_every_quadrant() -> None:
    s = new_game({"players": 4, "modules": ["guardian_warships", "ancient_libraries"]}, 2)
    for q in range(4):
        here = [x.token for x in s.locations if quadrant(x.hole) == q and x.token]
        assert {"guardian_warship", "ancient_library"} <= set(here)
        assert "boon" not in here
    plain = new_game({"players": 4}, 2)
    assert all(x.token not in ("guardian_warship", "ancient_library")
               for x in plain.locations)
    two = new_game({"players": 4, "events": 2, "modules": ["guardian_warships"]}, 2)
    events = [x.token for x in two.locations if x.hole.startswith("0.") and x.token in (
        "boon", "guardian_warship", "ancient_library")]
    assert sorted(events) == ["boon", "guardian_warship"]


@pytest.mark.parametrize(("options", "message"), [
    ({"players": 5}, "2 to 4 players, not 5"),
    ({"players": 2, "modules": ["dyson"]}, "unknown module 'dyson'"),
    ({"players": 2, "steadiness": "wobbly"}, "steadiness is one of"),
    ({"players": 2, "events": 3}, "1 or 2 event tokens"),
    ({"players": 2, "modules": ["guardian_warships", "ancient_libraries"], "events": 1},
     "at least one for each module"),
    ({"players": 2, "colour": "red"}, "unknown option 'colour'"),
    ({"players": 2, "modules": "guardian_warships"}, "modules is a list"),
    ({"players": 2, "events": True}, "1 or 2 event tokens"),
    ({"players": 3, "seats": ["human"]}, "3 players need 3 seats"),
])
def test_bad_options_are_refused_by_name(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        normalize_options(options)


def test_defaults() -> None:
    o = normalize_options({})
    assert (o["players"], o["steadiness"], o["modules"], o["events"]) == (2, "normal", [], 1)


# --- the audit notices ------------------------------------------------------------------------


def fresh() -> State:
    return new_game({"players": 3}, 4)


def test_audit_notices_a_lost_ship_a_doubled_troop_and_a_stray_robot() -> None:
    s = fresh()
    s.discs.pop()
    assert any("starships" in p for p in problems(s))
    s = fresh()
    s.players[0].troops += 1
    assert problems(s) == ["seat 0: 9 troops in all, not 8"]
    s = fresh()
    s.robots += 1
    assert problems(s) == ["13 robots in all, not 12"]


def test_audit_notices_an_advanced_ship_in_two_places_and_a_stranger() -> None:
    s = fresh()
    juggernaut = advanced_ids(0)["green"]
    s.players[0].advanced.append(juggernaut)
    twice = sorted([*advanced_ids(0).values(), juggernaut])
    assert problems(s) == [f"seat 0: advanced starships {twice}, not each once"]
    s = fresh()
    s.discs.append(Disc(177, "ship", 0, 0, 0, 1100))
    assert problems(s) == ["seat 0: ship 177 on the map is not one of theirs"]


def test_audit_notices_overlaps_and_discs_off_the_map() -> None:
    s = fresh()
    d = s.discs[0]
    s.discs[1] = s.discs[1]._replace(x=d.x + 100, y=d.y)
    assert any("overlap" in p for p in problems(s))
    s = fresh()
    s.discs.append(Disc(300, "warship", -2, 46000, 0, 1500))
    s.warships -= 1
    assert problems(s) == ["disc 300 is off the map at (46000, 0)"]


def test_audit_notices_pieces_in_the_wrong_place() -> None:
    s = fresh()
    s.location("0.corner").pieces.append((0, "troop"))
    s.players[0].troops -= 1
    assert problems(s) == ["0.corner: pieces on a warpgate"]
    s = fresh()
    planet = next(x for x in s.locations if x.robots)
    planet.pieces.append((1, "troop"))
    s.players[1].troops -= 1
    assert problems(s) == [f"{planet.hole}: robots and a player's pieces on one planet"]
    s = fresh()
    s.archive.append("boon")
    assert any("discovery tokens" in p for p in problems(s))


def test_a_broken_setups_file_is_refused_by_name(tmp_path: Path) -> None:
    bad = tmp_path / "setups.toml"
    text = SETUPS.read_text()
    bad.write_text(text.replace('gates = ["0.edge_x", "2.edge_x"]', 'gates = ["0.edge_x"]'))
    with pytest.raises(ContentError, match="2.*each of the 28 holes exactly once"):
        load_setups(bad)
    bad.write_text(text.replace('discs = ["orange", "purple", "pink", "green"]\n',
                                'discs = ["orange", "purple", "pink", "comet"]\n'))
    with pytest.raises(ContentError, match=r'group\[0\]\.discs": must name one disc of'):
        load_setups(bad)
    bad.write_text(text.replace('hole = "3.middle"\ndisc = "artifact"\ndestroyed = true',
                                'hole = "3.middle"\ndisc = "relic"\ndestroyed = true'))
    with pytest.raises(ContentError, match="players 2: must use every location disc once"):
        load_setups(bad)


# Pinned: the draws of a set-up, in order, are part of every recorded game's replay.
GOLDEN_QUADRANT_1 = {
    2: [("1.corner", "relic", ""), ("1.edge_x", "yellow", ""),
        ("1.edge_y", "orange", "teleport_beacon"), ("1.inner", "pink", ""),
        ("1.middle", "artifact", ""), ("1.near_x", "green", "matter_relocator"),
        ("1.near_y", "purple", "boon")],
    3: [("1.corner", "blue", ""), ("1.edge_x", "pink", "teleport_and_build"),
        ("1.edge_y", "orange", "teleport_beacon"), ("1.inner", "relic", ""),
        ("1.middle", "artifact", "strike_bonus"), ("1.near_x", "purple", "warp_beacon"),
        ("1.near_y", "green", "boon")],
    4: [("1.corner", "blue", ""), ("1.edge_x", "pink", "teleport_beacon"),
        ("1.edge_y", "orange", "warp_beacon"), ("1.inner", "relic", "bonus_move"),
        ("1.middle", "artifact", "strike_bonus"), ("1.near_x", "purple", "boon"),
        ("1.near_y", "green", "teleport_and_build")],
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_golden_setup(players: int) -> None:
    s = new_game({"players": players}, 1)
    got = [(x.hole, x.colour or x.kind, x.token) for x in s.locations if x.hole[0] == "1"]
    assert got == GOLDEN_QUADRANT_1[players]
    assert s.current == (1 if players == 4 else 0)
