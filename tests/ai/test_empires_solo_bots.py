"""Ascending Empires bots and hints in the Solo Campaign: legal to the end of every scenario,
the game's generator untouched, a measure that follows the scenario's goal (settlers,
warships, robots, the result) instead of a rival, and hints that speak of the goal, not VP."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "empires"))

from empires_rules_helpers import at, reveal, ship_to  # noqa: E402
from empires_solo_helpers import planet, solo_game, sv  # noqa: E402

from ai.bots import make_bot  # noqa: E402
from ai.empires.evaluation import GREEDY, evaluate  # noqa: E402
from ai.empires.flicks import LOST, Table  # noqa: E402
from ai.empires.greedy import TURN_LIMIT  # noqa: E402
from ai.empires.solo_value import (  # noqa: E402
    ABILITY,
    CAPACITY,
    EXPOSED,
    IN_RANGE,
    LOCKED_SHIP,
    OTHER_ABILITY,
    PART,
    TO_BEAT,
    TO_BOARD,
    TO_DELIVER,
    TO_PAIR,
    TO_REPEL,
    goal_value,
    ship_pull,
    strike_readiness,
    tech_value,
)
from ai.empires.strike_turns import strike_turns  # noqa: E402
from ai.hints import hint  # noqa: E402
from core.contract import Action  # noqa: E402
from core.empires import (  # noqa: E402
    apply,
    audit,
    checksum,
    legal_actions,
    new_game,
    view,
    why_illegal,
)
from core.empires.aim import angle_towards  # noqa: E402
from core.empires.geometry import starmap, within_range  # noqa: E402
from core.empires.invasion import place_warship  # noqa: E402
from core.empires.occupancy import orbiting  # noqa: E402
from core.empires.placing import location_discs  # noqa: E402
from core.empires.solo_progress import ENERGY_GOAL, goal_parts  # noqa: E402
from core.empires.state import State  # noqa: E402

SMART = ("greedy", "planner")
MOST_CHOICES = 5000  # a scenario takes a few hundred


def play_to_end(s: State, name: str, seed: int) -> None:
    """Play to the end, every turn's action ended within the bot's limit: a bot once landed
    and launched the same ship for ever inside one turn (scenario 3, seed 11)."""
    bot = make_bot(name, "empires", seed)
    in_action = 0
    for _ in range(MOST_CHOICES):
        if s.to_move is None:
            break
        legal = legal_actions(s)
        a = bot.choose(view(s, 0), legal)
        assert why_illegal(s, a) is None, (a, s.phase)
        if s.phase != "act":
            in_action = 0
        elif not s.pending:
            in_action += 1
        assert in_action <= TURN_LIMIT + 1, f"turn {s.turn} never ends: {a}"
        apply(s, a)
    assert s.to_move is None, "the scenario did not end"
    assert audit(s) == []


@pytest.mark.parametrize("scenario", [1, 2, 3, 4, 5, 6])
def test_the_greedy_bot_plays_every_scenario_legally_to_its_end(scenario: int) -> None:
    s = new_game({"mode": "solo", "scenario": scenario}, 11)
    play_to_end(s, "greedy", 11)
    assert sv(s).result.startswith(("won: ", "lost: "))


@pytest.mark.parametrize("scenario", [2, 6])
def test_the_planner_plays_a_scenario_legally_to_its_end(scenario: int) -> None:
    s = new_game({"mode": "solo", "scenario": scenario}, 12)
    play_to_end(s, "planner", 12)
    assert sv(s).result


@pytest.mark.parametrize("name", SMART)
def test_a_solo_choice_never_draws_from_the_games_generator(name: str) -> None:
    s = new_game({"mode": "solo", "scenario": 3}, 5)
    before = checksum(s)
    make_bot(name, "empires", 1).choose(view(s, 0), legal_actions(s))
    assert checksum(s) == before


def test_a_scenario_won_is_worth_more_than_any_table_and_a_loss_less() -> None:
    s = solo_game(1)
    playing = evaluate(s, 0, GREEDY)
    won, lost = s.copy(), s.copy()
    for t, result in ((won, "won: test"), (lost, "lost: test")):
        sv(t).result, t.to_move, t.phase = result, None, "over"
    assert evaluate(lost, 0, GREEDY) < playing - 100 < playing + 100 < evaluate(won, 0, GREEDY)


def test_each_warship_left_where_the_goal_wants_none_lowers_the_measure() -> None:
    s = new_game({"mode": "solo", "scenario": 3}, 5)
    warships = [d for d in s.discs if d.kind == "warship"]
    assert warships and goal_parts(s)[-1].have == len(warships)
    fewer = s.copy()
    fewer.discs = [d for d in fewer.discs if d.id != warships[0].id]
    fewer.warships += 1
    assert evaluate(fewer, 0, GREEDY) > evaluate(s, 0, GREEDY) + 2


def test_a_ship_is_drawn_to_settlers_and_home_with_one_aboard() -> None:
    s = solo_game(2)
    camp = reveal(s, "2.middle", "planet", "green")
    sv(s).settlers, sv(s).settlers_start = [(camp, "yellow")], 1
    ship = ship_to(s, 0, "2.middle")
    gate = at(s, s.players[0].gate)
    assert ship_pull(s, ship, camp) == TO_BOARD and ship_pull(s, ship, gate) == 0
    sv(s).settlers, sv(s).aboard = [], [(ship, "yellow")]
    assert ship_pull(s, ship, gate) == TO_DELIVER and ship_pull(s, ship, camp) == 0


def test_a_flick_into_the_heart_of_the_builders_is_searched_as_lost() -> None:
    kinds = []
    for scenario in (1, 6):  # the same flick at the centre, without the Heart and with it
        s = solo_game(scenario)
        ship = ship_to(s, 0, "0.inner")
        d = next(x for x in s.discs if x.id == ship)
        kinds.append(Table(s).fly(ship, angle_towards(-d.x, -d.y), 300).kind)
    assert kinds[0] != LOST and kinds[1] == LOST


def test_a_solo_hint_speaks_of_the_goal_and_never_of_vp() -> None:
    s = new_game({"mode": "solo", "scenario": 2}, 4)
    reasons = []
    for _ in range(4):
        h = hint("empires", view(s, 0), legal_actions(s))
        assert why_illegal(s, h.action) is None
        reasons.append(h.reason)
        apply(s, h.action)
    assert not any("VP" in r for r in reasons), reasons
    choose = next(r for r in reasons if r.startswith("Take the"))
    assert re.search(r"[+-]\d+\.\d toward the goal — settlers rescued: \d of 4", choose), choose
    assert any(re.search(r"\d+ % to reach the orbit of", r) for r in reasons), reasons


def test_ready_energy_counts_fully_only_once_the_research_is_done() -> None:
    s = solo_game(1)
    s.players[0].energy_ready, s.players[0].energy_spent = 1, 1
    readied = s.copy()  # the same energy owned, all of it ready
    readied.players[0].energy_ready, readied.players[0].energy_spent = 2, 0
    early = goal_value(readied) - goal_value(s)
    assert 0 < early < 1  # spent meanwhile, readied in a turn or two at the end
    for t in (s, readied):  # research of four colours, one in each quadrant
        for q, colour in enumerate(("orange", "purple", "pink", "green")):
            i = planet(t, f"{q}.middle", colour)
            t.locations[i].pieces = [(0, "research")]
    assert goal_value(readied) - goal_value(s) > 2


def test_energy_owned_counts_toward_the_goal_ready_or_spent() -> None:
    """A city or starbase adds an energy for good: the lasting part of "5 energy", worth
    more than readying one, or the bot never builds them and waits at 1 of 5 all game."""
    s = solo_game(1)
    s.players[0].energy_ready, s.players[0].energy_spent = 1, 1
    owned = s.copy()
    owned.players[0].energy_spent = 2
    readied = s.copy()
    readied.players[0].energy_ready, readied.players[0].energy_spent = 2, 0
    more = goal_value(owned) - goal_value(s)
    assert more == pytest.approx(CAPACITY * PART / ENERGY_GOAL)
    assert more > goal_value(readied) - goal_value(s)
    full = s.copy()  # owned beyond the goal: nothing more
    full.players[0].energy_spent = ENERGY_GOAL - 1
    fuller = full.copy()
    fuller.players[0].energy_spent += 1
    assert goal_value(fuller) == goal_value(full)


def test_a_starship_locked_in_the_tray_lowers_the_measure() -> None:
    s = solo_game(1)
    p = s.players[0]
    assert p.ships_locked
    freed = s.copy()
    freed.players[0].ships.append(freed.players[0].ships_locked.pop(0))
    assert goal_value(freed) - goal_value(s) == pytest.approx(LOCKED_SHIP)


def _paired(scenario: int = 1) -> tuple[State, int, list[int]]:
    s = solo_game(scenario)
    i = planet(s, "0.middle", "green")
    on_map = [d.id for d in s.discs if d.kind == "ship" and d.owner == 0]
    ships = [ship_to(s, 0, "0.middle", angle, ship)
             for angle, ship in zip((0, 180), on_map[:2], strict=True)]
    return s, i, ships


def test_a_ship_is_drawn_beside_another_where_a_starbase_could_go_and_the_pair_counts_once(
) -> None:
    s, i, (first, second) = _paired()
    assert ship_pull(s, second, i) - ship_pull(s, second, i, pairing=False) == TO_PAIR
    alone = s.copy()  # the first ship elsewhere: no pair, and nothing drawing the second
    ship_to(alone, 0, "1.middle", ship=first)
    assert ship_pull(alone, second, i) == ship_pull(alone, second, i, pairing=False)
    pulls = sum(ship_pull(s, d, i, pairing=False) for d in (first, second))
    alone_pulls = sum(ship_pull(alone, d, j, pairing=False)
                      for d, j in ((first, at(alone, "1.middle")), (second, i)))
    together = goal_value(s) - pulls
    apart = goal_value(alone) - alone_pulls
    assert together - apart == pytest.approx(TO_PAIR)


def test_the_greedy_bot_builds_the_starbase_two_of_its_ships_wait_for() -> None:
    s, i, _ = _paired()
    bot = make_bot("greedy", "empires", 1)
    before = len(s.players[0].ships_locked)
    for _ in range(6):
        if s.phase != "choose" and s.phase != "act":
            break
        a = bot.choose(view(s, 0), legal_actions(s))
        apply(s, a)
        if a.kind == "end":
            break
    assert any(b.kind == "starbase" and b.owner == 0 for b in orbiting(s, i, "starbase"))
    assert len(s.players[0].ships_locked) == before - 1


def test_an_open_technology_that_sends_robots_home_draws_a_ship_to_them() -> None:
    s = solo_game(1)
    sv(s).sides = ["A"] * 4
    i = planet(s, "1.middle", "purple")
    ship = ship_to(s, 0, "2.middle")
    s.robots -= 3
    s.locations[i].robots = 3  # more than the fleet could beat
    assert ship_pull(s, ship, i) == 0
    sv(s).cubes[0] = 1  # orange A, Siege Drills: a robot on a planet back to the supply
    assert ship_pull(s, ship, i) == TO_REPEL


def _beside_warship() -> tuple[State, int]:
    """Scenario 3 with a warship on quadrant 2's space, the fleet all out of the tray, and
    a face-down location whose orbit reaches within short range of it."""
    s = solo_game(3)
    place_warship(s, 2)
    p = s.players[0]
    p.ships, p.ships_locked = p.ships + p.ships_locked, []
    table = starmap()
    w = next(d for d in s.discs if d.kind == "warship")
    i = next(k for k, loc in enumerate(location_discs()) if s.locations[k].kind != "warpgate"
             and within_range(loc.x, loc.y, table.orbit, w.x, w.y, w.r, table.short_range))
    return s, i


def test_ships_within_short_range_of_a_warship_count_the_more_the_more_are_together() -> None:
    s, i = _beside_warship()
    w = next(d for d in s.discs if d.kind == "warship")
    assert strike_readiness(s) == 0
    hole = s.locations[i].hole
    for k in range(1, 5):
        ship = ship_to(s, 0, hole, angle_towards(w.x - location_discs()[i].x,
                                                 w.y - location_discs()[i].y))
        d = next(x for x in s.discs if x.id == ship)
        assert within_range(d.x, d.y, d.r, w.x, w.y, w.r, starmap().short_range)
        assert strike_readiness(s) == pytest.approx(IN_RANGE * min(k, 3) ** 2)
    p = s.players[0]
    alone = s.copy()  # two ships in all: no strike to gather for
    ours = [d for d in alone.discs if d.kind == "ship" and d.owner == 0]
    alone.discs = [d for d in alone.discs if d not in ours[2:]]
    alone.players[0].ships_locked = p.ships + [d.id for d in ours[2:]]
    alone.players[0].ships = []
    assert strike_readiness(alone) == 0


def test_a_turn_towards_a_warship_is_offered_to_the_bots_only_in_the_solo_campaign() -> None:
    s, i = _beside_warship()
    ship = ship_to(s, 0, s.locations[i].hole)
    apply(s, Action("choose", 0))
    legal = legal_actions(s)
    turns = strike_turns(s, 0, legal)
    assert turns and all(a.kind == "reposition" and a.card == ship for a in turns)
    assert all(why_illegal(s, a) is None and a not in legal for a in turns)
    assert strike_turns(s, 0, [a for a in legal if a.kind != "reposition"]) == []  # blockaded
    competitive = s.copy()
    competitive.solo = None
    assert strike_turns(competitive, 0, legal) == []


def test_the_greedy_bot_turns_a_ship_round_its_orbit_and_strikes_the_warship() -> None:
    """Three ships in one orbit by a warship, one on the far side out of range: turned
    round, the three strike together and the warship falls."""
    s, i = _beside_warship()
    w = next(d for d in s.discs if d.kind == "warship")
    loc = location_discs()[i]
    towards = angle_towards(w.x - loc.x, w.y - loc.y)
    ships = [ship_to(s, 0, s.locations[i].hole, (towards + turn) % 36000)
             for turn in (0, 4000, 18000)]
    far = next(x for x in s.discs if x.id == ships[-1])
    assert not within_range(far.x, far.y, far.r, w.x, w.y, w.r, starmap().short_range)
    bot = make_bot("greedy", "empires", 1)
    for _ in range(40):
        a = bot.choose(view(s, 0), legal_actions(s))
        apply(s, a)
        if s.phase == "choose" or s.to_move is None:
            break
    assert not any(d.kind == "warship" for d in s.discs)


def test_a_technology_that_holds_the_robots_back_is_worth_more_than_one_that_does_not() -> None:
    s = solo_game(1)
    sv(s).sides = ["A"] * 4
    assert tech_value(s) == 0
    drills, cells = s.copy(), s.copy()
    sv(drills).cubes[0] = 1  # orange A, Siege Drills: a robot on a planet back to the supply
    sv(cells).cubes[3] = 1  # green A, Power Cells: one energy refreshed
    assert tech_value(drills) == ABILITY["repel"] > tech_value(cells) == OTHER_ABILITY
    assert goal_value(drills) - goal_value(cells) == ABILITY["repel"] - OTHER_ABILITY


def test_a_warship_on_the_map_lowers_the_measure_even_where_the_goal_ignores_it() -> None:
    s = new_game({"mode": "solo", "scenario": 1}, 5)  # scenario 1's goal names no warship
    assert not any(d.kind == "warship" for d in s.discs)
    one = s.copy()
    place_warship(one, 2)
    assert goal_value(one) < goal_value(s) - 1


def test_a_research_planet_left_without_defence_lowers_the_measure() -> None:
    s = solo_game(1)
    i = planet(s, "1.middle", "orange")
    s.locations[i].pieces = [(0, "research")]  # defence 0: the first robot takes it
    guarded = s.copy()
    guarded.locations[i].pieces = [(0, "research"), (0, "outpost")]
    assert goal_value(guarded) - goal_value(s) == pytest.approx(EXPOSED[0] - EXPOSED[1])


def test_only_robots_the_fleet_could_beat_draw_a_ship() -> None:
    s = solo_game(1)
    i = planet(s, "1.middle", "orange")
    ship = ship_to(s, 0, "1.middle")
    # the fleet: ships on the map and those on the dashboard, a Deploy away
    fleet = sum(1 for d in s.discs if d.kind == "ship" and d.owner == 0) + len(
        s.players[0].ships)
    assert fleet < 4
    s.locations[i].robots = fleet - 1  # the whole fleet's strength passes their defence
    assert ship_pull(s, ship, i) == TO_BEAT
    s.locations[i].robots = fleet  # it does not: the ships would only wait there
    assert ship_pull(s, ship, i) == 0
