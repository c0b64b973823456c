"""Whole Classic games: seeded random games for 2, 3 and 4 players end with every troop,
starship, structure and VP token accounted for after every action; a golden replay pins a
game's checksum; snapshots, views and determinized tables round-trip mid-game; the bots
play a Classic game through."""

from __future__ import annotations

import json
import os
import random

import pytest
from empires_classic_play import pick, random_game

from ai.empires.greedy import EmpiresGreedyBot
from ai.empires.planner import EmpiresPlannerBot
from ascend_cli import main
from core.contract import Action, Event
from core.empires import (
    apply,
    audit,
    checksum,
    describe,
    determinize,
    legal_actions,
    new_game,
    outcome,
    restore,
    snapshot,
    view,
    why_illegal,
)
from core.empires.classic_scoring import classic_parts
from core.empires.state import State
from core.empires.words import event_line
from core.rng import Rng

# Seeded games the property test plays (seed % 3 + 2 players); a sweep sets more.
GAMES = int(os.environ.get("EMPIRES_CLASSIC_GAMES", "24"))


@pytest.mark.parametrize("seed", range(GAMES))
def test_every_random_classic_game_ends_with_nothing_lost(seed: int) -> None:
    def check(s: State, a: Action) -> None:
        assert audit(s) == [], (seed, a, audit(s))

    s, played = random_game(seed, check=check)
    assert s.to_move is None, f"seed {seed}: not over after {len(played)} actions"
    assert legal_actions(s) == [] and s.vp_pool == 0 and s.end_triggered
    result = outcome(s)
    assert result is not None and result.winners
    assert result.scores == tuple(sum(p.values()) for p in classic_parts(s))
    assert [p["tokens"] for p in classic_parts(s)] == [p.vp for p in s.players]


def test_every_vp_token_taken_is_an_event_and_every_event_has_words() -> None:
    for seed in (0, 1, 2):
        s = new_game({"players": 2 + seed, "rules": "classic"}, seed)
        draw = random.Random(seed)
        taken = 0
        while s.to_move is not None:
            a = pick(draw, legal_actions(s))
            assert describe(s, a)
            events: list[Event] = apply(s, a)
            taken += sum(e.value for e in events if e.kind == "vp")
            assert all(event_line(s, e) for e in events)
        assert taken == sum(p.vp for p in s.players) >= s.vp_pool_start


# One game per player count: seed 0 is 2 players at "exact", 1 is 3 at "steady", 2 is 4 at
# "normal". Changing the Classic rules, the physics or the set-up changes these numbers:
# look at why before re-pinning them.
GOLDEN = {0: (1711, 1766934064), 1: (2400, 384194132), 2: (2296, 2532560207)}


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_replay_seed_and_actions_give_the_pinned_checksum(seed: int) -> None:
    s, played = random_game(seed)
    assert (len(played), checksum(s)) == GOLDEN[seed]
    again = new_game(s.options, seed)
    for a in played:
        apply(again, a)
    assert checksum(again) == checksum(s)


def test_classic_snapshots_round_trip_mid_game() -> None:
    for seed, n in ((0, 400), (1, 900), (2, 1500)):
        s, _ = random_game(seed, limit=n)
        back = restore(snapshot(s))
        assert checksum(back) == checksum(s) and back.classic == s.classic
        assert legal_actions(back) == legal_actions(s)
        a = legal_actions(s)[-1]
        apply(s, a)
        apply(back, a)
        assert checksum(back) == checksum(s)


def test_a_classic_view_determinizes_to_a_possible_table_that_keeps_the_scans() -> None:
    s, _ = random_game(2, limit=900)
    assert s.classic is not None
    seen = [i for i in s.classic.scanned[0] if not s.locations[i].faceup]
    v = view(s, 0)
    assert all(v.table.locations[i].kind == s.locations[i].kind for i in seen)
    for k in range(5):
        d = determinize(v, Rng(k))
        assert audit(d) == []
        assert [(x.kind, x.colour) for x in d.locations if x.faceup] == [
            (x.kind, x.colour) for x in s.locations if x.faceup]
        assert all((d.locations[i].kind, d.locations[i].colour) == (
            s.locations[i].kind, s.locations[i].colour) for i in seen)
        assert view(d, 0).hidden_discs == v.hidden_discs


def test_every_offered_classic_action_is_accepted() -> None:
    def check(s: State, a: Action) -> None:
        for b in legal_actions(s):
            assert why_illegal(s, b) is None, (b, why_illegal(s, b))

    for seed in (3, 4, 5):
        random_game(seed, check=check, limit=600)


@pytest.mark.parametrize("bot", [EmpiresGreedyBot, EmpiresPlannerBot])
def test_the_bots_play_a_classic_game_to_its_end(bot: type[EmpiresGreedyBot]) -> None:
    s = new_game({"players": 2, "rules": "classic"}, 7)
    bots = [bot(seed=k) for k in range(2)]
    steps = 0
    while s.to_move is not None and steps < 5000:
        seat = s.to_move
        apply(s, bots[seat].choose(view(s, seat), legal_actions(s)))
        steps += 1
    assert s.to_move is None and audit(s) == []


def test_a_view_does_not_tell_which_robot_hides_the_spare_warpgate() -> None:
    s = new_game({"players": 3, "rules": "classic"}, 5)
    v = view(s, 0)
    assert not any(loc.inert for loc in v.table.locations)
    for k in range(10):
        d = determinize(v, Rng(k))
        assert all(loc.inert == (loc.kind == "warpgate" and loc.colour == "white")
                   for loc in d.locations)


def test_selfplay_plays_classic_games_from_the_command_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    args = ["selfplay", "empires", "--rules", "classic", "--players", "3", "--bots",
            "greedy,random", "--games", "1", "--seed", "3", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "empires" and data["games"] == 1
    assert main(["selfplay", "empires", "--rules", "classic", "--sublight", "--games", "1",
                 "--bots", "random"]) == 2
    assert "--sublight does not apply" in capsys.readouterr().err  # a New Era module


@pytest.mark.parametrize("bot", [EmpiresGreedyBot, EmpiresPlannerBot])
def test_a_bot_choosing_in_a_classic_game_leaves_the_games_generator_alone(
        bot: type[EmpiresGreedyBot]) -> None:
    s = new_game({"players": 3, "rules": "classic", "steadiness": "shaky"}, 5)
    apply(s, Action("choose", 1))  # a Move: the bot searches flicks under the nudge
    before, seat = checksum(s), s.current
    picks = [bot(seed=1).choose(view(s, seat), legal_actions(s)) for _ in range(2)]
    assert checksum(s) == before and picks[0] == picks[1]
