"""The Classic rules' set-up (rulebook: "Classic Ascending Empires": the Starmaps for 2, 3
and 4 players, "Homeworlds", "Set Up Player Dashboards", "Robots") and the Rules setting."""

from __future__ import annotations

from collections import Counter

import pytest
from empires_classic_helpers import game

from core.empires import audit, new_game, restore, snapshot
from core.empires.classic_play import battleship_id
from core.empires.geometry import starmap
from core.empires.occupancy import orbit_of, quadrant
from core.empires.start import normalize_options
from core.empires.state import PLANET_COLOURS, State, ship_ids
from core.games import info


@pytest.mark.parametrize(("players", "pool"), [(2, 32), (3, 36), (4, 40)])
def test_the_vp_pool_matches_the_player_count(players: int, pool: int) -> None:
    s = game(players)
    assert s.vp_pool == s.vp_pool_start == pool
    assert audit(s) == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_has_a_homeworld_on_a_warpgate_of_its_colour(players: int) -> None:
    s = game(players)
    for p in s.players:
        loc = s.location(p.gate)
        assert loc.kind == "warpgate" and loc.colour == p.colour and loc.faceup
        assert not loc.inert and not loc.robots and p.gate.endswith(".corner")
    if players == 2:  # the two sit at opposite corners
        assert [p.gate for p in s.players] == ["0.corner", "2.corner"]


def _group(s: State, q: int) -> Counter[str]:
    return Counter(loc.colour if loc.kind == "planet" else loc.kind for loc in s.locations
                   if loc.hole.startswith(f"{q}.") and not loc.robots
                   and loc.kind != "warpgate")


def test_four_players_get_a_set_of_six_face_down_discs_in_each_quadrant() -> None:
    s = game(4)
    for q in range(4):
        assert _group(s, q) == Counter([*PLANET_COLOURS, "relic", "artifact"])
    assert all(not loc.faceup for loc in s.locations if loc.kind != "warpgate")
    assert sum(loc.robots for loc in s.locations) == 0


def test_three_players_get_sets_of_five_and_robots_on_the_holes_left_over() -> None:
    s = game(3)
    for q in range(4):
        assert _group(s, q) == Counter([*PLANET_COLOURS, "artifact"])
    blocked = [loc for loc in s.locations if loc.robots]
    assert len(blocked) == 5 and s.robots == 12 - 5
    assert all(loc.robots == 1 and not loc.faceup for loc in blocked)
    assert sorted(loc.kind for loc in blocked) == ["relic"] * 4 + ["warpgate"]


def test_two_players_get_sets_of_four_planets_and_robots_everywhere_else() -> None:
    s = game(2)
    for q in range(4):
        assert _group(s, q) == Counter(PLANET_COLOURS)
    blocked = [loc for loc in s.locations if loc.robots]
    assert len(blocked) == 10
    assert Counter(loc.kind for loc in blocked) == {"relic": 4, "artifact": 4, "warpgate": 2}
    assert all(x == [] for x in s.classic.terraform)  # type: ignore[union-attr]


def test_the_terraform_tokens_lie_beside_each_quadrant() -> None:
    four = game(4).classic
    assert four is not None
    pairs = sorted(tuple(sorted(p)) for p in four.terraform)
    assert pairs == sorted([("orange", "purple"), ("pink", "purple"), ("green", "pink"),
                            ("green", "orange")])
    three = game(3).classic
    assert three is not None
    assert sorted(x for p in three.terraform for x in p) == sorted(PLANET_COLOURS)
    assert all(len(p) == 1 for p in three.terraform)


def test_the_starmap_is_drawn_from_the_seed() -> None:
    a, b, c = game(4, 11), game(4, 11), game(4, 12)
    lay = [[(x.kind, x.colour) for x in s.locations] for s in (a, b, c)]
    assert lay[0] == lay[1] and lay[0] != lay[2]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_dashboard_is_set_up_on_its_back_side(players: int) -> None:
    s = game(players)
    for p in s.players:
        assert (p.troops, p.troops_locked) == (4, 4)
        assert {k: v for k, v in p.structures.items() if v} == {
            "outpost": 4, "city": 4, "research": 8}
        assert p.tech == dict.fromkeys(PLANET_COLOURS, 0)
        assert battleship_id(p.seat) in p.advanced_locked and p.advanced == []
        assert (p.energy_ready, p.starbases, p.ships) == (0, [], [])
        assert p.ships_locked == ship_ids(p.seat)[2:]
        home = [i for i, loc in enumerate(s.locations) if loc.hole == p.gate][0]
        mine = [d for d in s.discs if d.owner == p.seat]
        assert len(mine) == 2 and all(orbit_of(d) == home for d in mine)
        assert quadrant(home) == starmap().hole(p.gate).quadrant


def test_the_rules_setting_offers_classic_and_hides_the_modules() -> None:
    row = info("empires")
    rules = row.setting("rules")
    assert [v for v, _ in rules.choices({})] == ["new_era", "classic"]
    assert rules.default_for({}) == "new_era"
    classic = {"players": 3, "rules": "classic"}
    shown = [x.key for x in row.settings if x.applies_to(classic)]
    assert shown == ["mode", "rules", "steadiness"]
    assert "sublight" in [x.key for x in row.settings if x.applies_to({"players": 3})]


def test_classic_refuses_the_optional_modules_and_the_solo_campaign() -> None:
    with pytest.raises(ValueError, match="no optional modules"):
        normalize_options({"players": 2, "rules": "classic", "sublight": True})
    with pytest.raises(ValueError, match="Solo Campaign"):
        normalize_options({"players": 1, "rules": "classic"})
    with pytest.raises(ValueError, match="rules is one of"):
        normalize_options({"players": 2, "rules": "zenith"})
    kept = normalize_options({"players": 2, "rules": "classic", "sublight": False})
    assert kept["rules"] == "classic" and normalize_options(kept) == kept


def test_a_classic_snapshot_round_trips_and_a_new_era_one_is_unchanged() -> None:
    s = game(3)
    back = restore(snapshot(s))
    assert snapshot(back) == snapshot(s) and back.classic == s.classic
    assert "classic" not in snapshot(new_game({"players": 3}, 3))
    data = snapshot(s)
    del data["classic"]
    with pytest.raises(ValueError, match="Classic table"):
        restore(data)
