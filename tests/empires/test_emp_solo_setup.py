"""The Solo Campaign's set-up (rulebook: "Solo Campaign: Game Setup", each scenario's
"Additional Setup" and "Scenario Bonus") and its options."""

from __future__ import annotations

import pytest
from empires_solo_helpers import answer, sv

from core.empires import audit, legal_actions, new_game, normalize_options
from core.empires.geometry import starmap
from core.empires.occupancy import is_planet, orbiting, quadrant
from core.empires.solo_content import campaign, solo_content
from core.empires.state import State

SEEDS = range(6)


def _game(scenario: int, seed: int) -> State:
    return new_game({"mode": "solo", "scenario": scenario, "steadiness": "exact"}, seed)


def _centre(s: State) -> list[int]:
    holes = [h.id for h in starmap().centremost()]
    return [i for i, loc in enumerate(s.locations) if loc.hole in holes]


@pytest.mark.parametrize("scenario", range(1, 7))
def test_every_scenario_starts_from_the_4_player_map_with_one_live_warpgate(scenario: int
                                                                            ) -> None:
    for seed in SEEDS:
        s = _game(scenario, seed)
        assert audit(s) == []
        assert s.n == 1 and s.players[0].gate == "0.corner" and s.vp_pool == 0
        gates = [loc for loc in s.locations if loc.kind == "warpgate"]
        assert [g.inert for g in gates] == [False, True, True, True]
        cards = sorted([*sv(s).deck, *sv(s).discard, *sv(s).warship_pile])
        expected = [c for c in solo_content().invasion if scenario != 5 or c != "target_blue"]
        assert cards == sorted(expected + list(solo_content().warships))
        on_map = sum(loc.robots for loc in s.locations) + sum(
            d.kind == "robot" for d in s.discs)
        assert s.robots + on_map == 12 and len(s.overlays) + sum(
            bool(loc.terraform) for loc in s.locations) == 4
        assert s.destroyed_tokens == 6
        assert len(s.players[0].relics) == (2 if scenario == 5 else 0)


def test_scenario_1_reveals_the_centre_and_robots_take_the_repeated_colours() -> None:
    for seed in SEEDS:
        s = _game(1, seed)
        shown = [i for i, loc in enumerate(s.locations) if loc.faceup and is_planet(loc)]
        kinds = ["blue" if s.locations[i].kind == "relic" else s.locations[i].colour
                 for i in shown]
        robots = sum(s.locations[i].robots for i in shown)
        # one robot for every revealed planet repeating a colour, plus the first card's
        assert robots - (len(kinds) - len(set(kinds))) in (0, 1), seed
        assert sv(s).sides == ["A"] * 4 and sv(s).cubes == [0] * 4
        assert all(not loc.token for loc in s.locations if loc.faceup)


def test_scenario_2_maroons_five_settlers_on_the_diagonal_quadrant_and_flips_a_card() -> None:
    for seed in SEEDS:
        s = _game(2, seed)
        assert all(s.locations[i].faceup for i in range(len(s.locations)) if quadrant(i) == 2)
        assert len(sv(s).settlers) + len(sv(s).lost_settlers) == 5 == sv(s).settlers_start
        assert {quadrant(i) for i, _ in sv(s).settlers} <= {2}
        assert sv(s).sides.count("B") == 1 and sv(s).cubes[sv(s).sides.index("B")] == 1


@pytest.mark.parametrize("scenario", [3, 4])
def test_scenarios_3_and_4_put_a_warship_on_the_diagonal_quadrants_space(scenario: int) -> None:
    s = _game(scenario, 1)
    assert [d.id for d in s.discs if d.kind == "warship"] == [302] and s.warships == 3
    flips = {3: 1, 4: 2}[scenario]
    assert sv(s).sides.count("B") == flips == sum(sv(s).cubes)


def test_scenario_5_gathers_scholars_at_the_gates_and_warships_beside_home() -> None:
    for seed in SEEDS:
        s = _game(5, seed)
        at_gates = sorted(c for i, c in sv(s).settlers if s.locations[i].kind == "warpgate")
        assert at_gates == ["blue"] * 3 + ["white"] * 3 + ["yellow"] * 3
        assert sorted(d.id for d in s.discs if d.kind == "warship") == [301, 303]
        relics = [i for i, loc in enumerate(s.locations) if loc.kind == "relic" and loc.faceup]
        assert all(s.locations[i].library for i in relics)
        assert len(s.players[0].relics) == 2
        if relics and not all(s.locations[i].terraform for i in relics):
            assert s.pending == ["solo", "terraform"]


def test_scenario_6_puts_two_settlers_on_each_centre_planet_and_a_warship_everywhere() -> None:
    for seed in SEEDS:
        s = _game(6, seed)
        centre = _centre(s)
        assert all(is_planet(s.locations[i]) and s.locations[i].faceup for i in centre)
        assert sorted(i for i, _ in sv(s).settlers) == sorted(centre * 2)
        assert s.warships == 0 and sum(d.kind == "warship" for d in s.discs) == 4
        assert sv(s).sides.count("B") == 2 and sv(s).cubes == [1, 1, 1, 1]
        assert s.pending == ["solo", "reveal"] and sv(s).steps[0] == "home_reveal"
        choices = [a.card for a in legal_actions(s)]
        assert choices and all(quadrant(i) == 0 for i in choices)


def test_scenario_6_bonus_puts_a_starbase_and_an_outpost_on_the_home_planet_revealed() -> None:
    s = _game(6, 2)
    planets = [a.card for a in legal_actions(s) if s.locations[a.card].kind == "planet"]
    answer(s, planets[0])
    loc = s.locations[planets[0]]
    assert loc.pieces == [(0, "outpost")]
    assert [d.owner for d in orbiting(s, planets[0], "starbase")] == [0]


@pytest.mark.parametrize("bad, words", [
    ({"mode": "solo", "scenario": 7}, "scenarios 1 to 6"),
    ({"mode": "solo", "players": 2}, "for 1 player"),
    ({"mode": "solo", "modules": ["ancient_libraries"]}, "its own modules"),
    ({"mode": "campaign"}, "mode is"),
])
def test_bad_solo_options_are_refused_with_the_reason(bad: dict[str, object], words: str
                                                      ) -> None:
    with pytest.raises(ValueError, match=words):
        normalize_options(bad)


def test_the_campaign_has_six_scenarios_in_order_and_a_conclusion() -> None:
    scenarios, ending = campaign()
    assert [sc.number for sc in scenarios] == [1, 2, 3, 4, 5, 6]
    assert scenarios[5].name == "Heart of the Builders" and len(ending) > 100


def test_one_player_without_a_mode_is_the_solo_campaign_and_competitive_needs_two() -> None:
    assert normalize_options({"players": 1})["mode"] == "solo"
    assert normalize_options({"players": 1})["scenario"] == 1
    with pytest.raises(ValueError, match="2 to 4 players"):
        normalize_options({"mode": "competitive", "players": 1})
