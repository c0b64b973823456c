"""Ascending Empires bots: legal to the end of seeded games for 2, 3 and 4 players, the same
choices from the same seed, the game's generator untouched, a flick search that finds a
reachable orbit, and hints that name a real location and a chance."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "empires"))

from empires_play import pick  # noqa: E402
from empires_rules_helpers import game, reveal, ship_at, ship_to  # noqa: E402

from ai.bots import make_bot  # noqa: E402
from ai.empires.evaluation import evaluate  # noqa: E402
from ai.empires.flicks import FULL, ORBIT, Budget, Goal, Table, search  # noqa: E402
from ai.empires.turns import (  # noqa: E402
    Style,
    act_step,
    choose_action,
    decide,
    play_out,
    table_of,
)
from ai.hints import hint  # noqa: E402
from ai.selfplay import play_game  # noqa: E402
from ascend_cli import main  # noqa: E402
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
from core.empires.flight import fly  # noqa: E402
from core.empires.missions import complete, missions, vp_for  # noqa: E402
from core.empires.occupancy import quadrant  # noqa: E402
from core.empires.placing import location_discs  # noqa: E402
from core.empires.setup import tokens  # noqa: E402
from core.empires.snapshot import restore  # noqa: E402
from core.empires.state import State  # noqa: E402
from core.empires.words import where  # noqa: E402
from core.rng import Rng  # noqa: E402

SMART = ("greedy", "planner")


def near_the_end(players: int, seed: int) -> State:
    """A seeded game walked by weighted random actions until 3 VP are left in the pool (or
    the end is triggered), at the start of a turn: bots finish it quickly."""
    s = new_game({"players": players}, seed)
    draw = random.Random(f"bots-{seed}")
    while s.to_move is not None and not (
            (s.vp_pool <= 3 or s.end_triggered) and s.phase == "choose" and not s.pending):
        apply(s, pick(draw, legal_actions(s)))
    assert s.to_move is not None
    return s


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_legal_actions_to_the_end(players: int) -> None:
    s = near_the_end(players, 40 + players)
    names = [*SMART, "random", "greedy"][:players]
    bots = [make_bot(name, "empires", seed=7) for name in names]
    steps = 0
    while s.to_move is not None:
        legal = legal_actions(s)
        a = bots[s.to_move].choose(view(s, s.to_move), legal)
        assert why_illegal(s, a) is None, (names[s.to_move], a)
        apply(s, a)
        steps += 1
        assert steps < 3000, "the bots never finish the game"
    assert audit(s) == []


@pytest.mark.parametrize("name", SMART)
def test_the_same_seed_gives_the_same_choices(name: str) -> None:
    def run() -> list[Action]:
        s = new_game({"players": 2}, 11)
        bot = make_bot(name, "empires", seed=3)
        out = []
        for _ in range(12):
            a = bot.choose(view(s, s.to_move), legal_actions(s))
            apply(s, a)
            out.append(a)
        return out

    assert run() == run()


@pytest.mark.parametrize("name", SMART)
def test_choosing_never_draws_from_the_games_generator(name: str) -> None:
    s = new_game({"players": 3, "steadiness": "shaky"}, 5)
    apply(s, Action("choose", 0))  # a Move: the bot searches flicks under the nudge
    before, state_of_rng = checksum(s), s.rng.copy().next64()
    make_bot(name, "empires", seed=1).choose(view(s, s.to_move), legal_actions(s))
    assert checksum(s) == before
    assert s.rng.copy().next64() == state_of_rng


def test_a_ship_turns_its_disc_for_the_landing_it_opens_though_the_relic_is_archived(
        ) -> None:
    # Three relics held: the token under the disc would go to the archive, worth nothing
    # to the seat by itself; the planet it turns, at home (1 VP), is worth landing on.
    s = game(players=2, seed=3)
    i = next(k for k, loc in enumerate(s.locations) if not loc.faceup and loc.token
             and loc.kind == "planet" and quadrant(k) == s.players[0].home)
    ship = ship_to(s, 0, s.locations[i].hole)
    relic = {t.id for t in tokens() if t.kind == "relic"}
    lying = [loc for k, loc in enumerate(s.locations) if k != i and loc.token in relic]
    for loc in lying[:3]:  # picked up as discoveries would
        s.players[0].relics.append(loc.token)
        loc.token = ""
    s.locations[i].token, lying[3].token = lying[3].token, s.locations[i].token
    others = [d.id for d in s.discs if d.owner == 0 and d.id != ship]
    s.discs = [d for d in s.discs if d.id not in others]
    s.players[0].ships = sorted(s.players[0].ships + others)  # home on the dashboard
    assert audit(s) == []
    apply(s, Action("choose", 0))
    # Flights elsewhere left out: the choice is between turning the disc and doing nothing.
    legal = [a for a in legal_actions(s) if a.kind != "flick"]
    pick = decide(s, 0, legal, Rng(1), Style())
    assert pick.action == Action("discover", ship), pick


@pytest.mark.parametrize("kind", ["planet", "artifact"])
def test_turning_a_disc_loses_nothing_when_it_turns_up_a_relic_or_nothing(kind: str) -> None:
    # Were an unturned disc worth more than the disc turned and its find, a ship would orbit
    # it for ever: the pool would never empty and the game never end.
    s = game(players=2, seed=3)
    i = next(k for k, loc in enumerate(s.locations) if not loc.faceup and loc.kind == kind)
    relic = {t.id for t in tokens() if t.kind == "relic"}
    loc = s.locations[i]
    if loc.token and loc.token not in relic:
        other = next(x for x in s.locations if x.token in relic)
        loc.token, other.token = other.token, loc.token
    ship = ship_to(s, 0, loc.hole)
    apply(s, Action("choose", 0))
    before = evaluate(s, 0)
    apply(s, Action("discover", ship))
    assert evaluate(s, 0) >= before


def test_a_completed_mission_counts_in_the_bots_judgement() -> None:
    s = game(players=2, seed=3)
    assert s.missions, "the default game deals missions"
    before = evaluate(s, 0)
    complete(s, 0)
    assert evaluate(s, 0) == pytest.approx(before + vp_for(missions()[s.missions[0]], 2))


@pytest.mark.parametrize("seed", [9006, 9011])
def test_the_bots_finish_games_where_they_once_orbited_unturned_discs_for_ever(
        seed: int) -> None:
    # Both games once ran for thousands of turns: each bot kept its ships on face-down discs
    # it would not turn, and the pool never emptied.
    seats = ["planner", "greedy"] if seed % 2 == 0 else ["greedy", "planner"]
    result = play_game("empires", {}, seed, seats)
    assert result.turns < 60 and result.steps < 1000, result


STILL = Path(__file__).parent / "data" / "empires_still_table.json"


def test_a_restless_bot_takes_an_action_that_changes_the_table() -> None:
    # Seed 20612, turn 60: a player following every hint against greedy, the pool at 2 VP,
    # every move judged a loss. Deploy has nothing to do and costs nothing, so it looked the
    # best action, and the two passed for ever; restless, the bot takes one that does
    # something (the table was saved from the code that stalled).
    calm, restless = Style(), Style(restless=True)
    for style, moves in ((calm, False), (restless, True)):
        s = restore(json.loads(STILL.read_text()))
        pick = choose_action(s, 1, Rng(1), style)
        c = s.copy()
        apply(c, pick.action)
        assert (table_of(play_out(c, 1, Rng(1), style)) != table_of(s)) is moves, style


def test_a_restless_manoeuvre_is_one_that_changes_the_table() -> None:
    # Seed 20772, turn 60, greedy taking a Move against a hint follower: the restless bot
    # put its Phaseship down where it already stood, turn after turn (saved from that code).
    s = restore(json.loads((STILL.parent / "empires_still_phaseship.json").read_text()))
    pick = act_step(s, 1, legal_actions(s), Rng(1), Style(restless=True))
    c = s.copy()
    apply(c, pick.action)
    assert table_of(c) != table_of(s), pick


def test_the_flick_search_finds_a_reachable_orbit() -> None:
    # One ship in open space 200 mm left of a face-up planet, nothing else
    # on the map but the locations.
    s = game(players=2, seed=3)
    target = reveal(s, "0.middle", "planet", "green")
    loc = location_discs()[target]
    ship = ship_at(s, 0, loc.x - 20000, loc.y)
    s.discs = [d for d in s.discs if d.id == ship or d.owner < 0]
    shot = search(s, ship, Goal(ORBIT, target), Rng(1), FULL, Table(s))
    assert shot.chance == 1.0 and shot.lost == 0.0
    made, result = fly(s, ship, shot.aim)
    assert made == shot.aim and target in result.orbits[ship]


def test_under_a_shaky_hand_the_search_beats_the_straight_aim_or_matches_it() -> None:
    s = game(players=2, seed=3, steadiness="shaky")
    target = reveal(s, "0.middle", "planet", "green")
    loc = location_discs()[target]
    ship = ship_at(s, 0, loc.x - 18000, loc.y + 2000)
    table = Table(s)
    quick = search(s, ship, Goal(ORBIT, target), Rng(2),
                   Budget(nudges=FULL.nudges, aims=1, rounds=0), table)
    full = search(s, ship, Goal(ORBIT, target), Rng(2), FULL, table)
    assert full.chance >= quick.chance > 0.3
    assert 0 <= full.aim.angle < 36000 and 1 <= full.aim.power <= 1000


def test_a_flick_hint_names_a_location_and_its_chances() -> None:
    s = game(players=2, seed=3)
    target = reveal(s, "0.middle", "planet", "green")
    loc = location_discs()[target]
    ship = ship_at(s, 0, loc.x - 20000, loc.y)
    others = [d.id for d in s.discs if d.owner == 0 and d.id != ship]
    s.discs = [d for d in s.discs if d.id not in others]
    s.players[0].ships = sorted(s.players[0].ships + others)  # home on the dashboard
    assert audit(s) == []
    apply(s, Action("choose", 0))
    h = hint("empires", view(s, 0), legal_actions(s))
    assert h.action.kind == "flick" and h.action.card == ship
    assert h.reason.startswith("Move: flick")
    names = [where(s, i) for i in range(len(s.locations))]
    assert any(name in h.reason for name in names), h.reason
    assert re.search(r"\d+ % to reach the orbit of .+, \d+ % to be lost", h.reason), h.reason
    assert why_illegal(s, h.action) is None


def test_a_hint_for_the_choice_of_action_says_which_and_why() -> None:
    s = game(players=2, seed=3)
    h = hint("empires", view(s, 0), legal_actions(s))
    assert h.action.kind == "choose" and h.action in legal_actions(s)
    assert re.search(r"Take the \w+ action: .*[+-]\d+\.\d VP", h.reason), h.reason


def test_selfplay_plays_empires_from_the_command_line(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    args = ["selfplay", "empires", "--players", "3", "--bots", "random", "--games", "1",
            "--seed", "2", "--steadiness", "exact", "--guardian-warships", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "empires" and data["games"] == 1
    assert data["wins_by_bot"]["random"] + data["ties"] == 1
    assert main(["selfplay", "empires", "--bots", "random", "--games", "1",
                 "--steadiness", "wobbly"]) == 2
    assert "steadiness is one of exact, steady, normal, shaky" in capsys.readouterr().err
    assert main(["selfplay", "ascension", "--bots", "random", "--games", "1",
                 "--guardian-warships"]) == 2
    assert "is an option of Ascending Empires" in capsys.readouterr().err
