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
    EXPOSED,
    OTHER_ABILITY,
    TO_BEAT,
    TO_BOARD,
    TO_DELIVER,
    goal_value,
    ship_pull,
    tech_value,
)
from ai.hints import hint  # noqa: E402
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
from core.empires.invasion import place_warship  # noqa: E402
from core.empires.solo_progress import goal_parts  # noqa: E402
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
    s.players[0].energy_ready = 1
    more = s.copy()
    more.players[0].energy_ready = 2
    early = goal_value(more) - goal_value(s)
    assert 0 < early < 1  # spent meanwhile, readied in a turn or two at the end
    for t in (s, more):  # research of four colours, one in each quadrant
        for q, colour in enumerate(("orange", "purple", "pink", "green")):
            i = planet(t, f"{q}.middle", colour)
            t.locations[i].pieces = [(0, "research")]
    assert goal_value(more) - goal_value(s) > 2


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
    fleet = sum(1 for d in s.discs if d.kind == "ship" and d.owner == 0)
    assert fleet < 4
    s.locations[i].robots = fleet - 1  # the whole fleet's strength passes their defence
    assert ship_pull(s, ship, i) == TO_BEAT
    s.locations[i].robots = fleet  # it does not: the ships would only wait there
    assert ship_pull(s, ship, i) == 0
