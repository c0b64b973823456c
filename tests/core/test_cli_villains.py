"""``ascend selfplay tactics`` against the Villains: solo, co-op and Become the Boss from the
command line, with the player count the mode is played by."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ai.tactics.villain_selfplay import play_villain_game, seats_for, wilson
from ascend_cli import main

KEYS = ("games", "wins", "villain_wins", "deck_out", "avg_turns", "win_rate", "win_rate_95",
        "by_boss", "villain_command_samples", "villain_command_p95_ms")


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["selfplay", "tactics", *args, "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def test_solo_runs_with_one_player_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    data = _run(capsys, "--mode", "solo", "--bots", "greedy", "--games", "3", "--seed", "4")
    for key in KEYS:
        assert key in data
    assert data["mode"] == "solo" and data["bots"] == ["greedy"] and data["games"] == 3
    wins, lost = data["wins"], data["villain_wins"]
    assert isinstance(wins, int) and isinstance(lost, int) and wins + lost == 3
    by_boss = data["by_boss"]
    assert isinstance(by_boss, dict)
    assert sum(row["games"] for row in by_boss.values()) == 3
    assert sum(row["wins"] for row in by_boss.values()) == wins
    lo, hi = data["win_rate_95"]
    assert 0.0 <= lo <= data["win_rate"] <= hi <= 1.0
    # Every Villain command of the games is timed on the CP-SAT model.
    assert data["villain_command_samples"] > 0
    assert data["villain_command_p95_ms"] > 0


def test_become_the_boss_has_no_procedure_to_time(capsys: pytest.CaptureFixture[str]) -> None:
    data = _run(capsys, "--mode", "boss", "--bots", "greedy,greedy", "--games", "1")
    assert data["villain_command_samples"] == 0 and data["villain_command_p95_ms"] is None


def test_each_mode_and_difficulty(capsys: pytest.CaptureFixture[str]) -> None:
    coop = _run(capsys, "--mode", "coop", "--difficulty", "hard", "--bots", "random,greedy",
                "--games", "2", "--seed", "7")
    assert coop["bots"] == ["random", "greedy"] and coop["difficulty"] == "hard"
    boss = _run(capsys, "--mode", "boss", "--difficulty", "nightmare",
                "--bots", "greedy,random", "--games", "2", "--seed", "7")
    # Become the Boss: the heroes' seat first, the Boss player last.
    assert boss["bots"] == ["greedy", "random"] and boss["games"] == 2
    three = _run(capsys, "--mode", "boss", "--bots", "greedy,greedy,random", "--games", "2")
    assert three["bots"] == ["greedy", "greedy", "random"]


def test_the_report_matches_the_games_it_played(capsys: pytest.CaptureFixture[str]) -> None:
    data = _run(capsys, "--mode", "solo", "--bots", "greedy", "--games", "2", "--seed", "11")
    games = [play_villain_game(seed, {"mode": "solo"}, ["greedy"]) for seed in (11, 12)]
    assert data["wins"] == sum(g.heroes_won for g in games)
    assert data["deck_out"] == sum(g.by == "deck out" for g in games)
    assert data["avg_turns"] == round(sum(g.rounds for g in games) / 2, 2)
    assert sorted(data["by_boss"]) == sorted({g.boss for g in games})


def test_text_report_and_bad_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "tactics", "--mode", "solo", "--bots", "random",
                 "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "heroes won" in out and "deck out" in out
    assert main(["selfplay", "tactics", "--mode", "solo", "--players", "2",
                 "--bots", "random", "--games", "1"]) == 2
    assert "played by" in capsys.readouterr().err
    assert main(["selfplay", "tactics", "--mode", "coop", "--difficulty", "brutal",
                 "--bots", "random", "--games", "1"]) == 2
    assert "brutal" in capsys.readouterr().err


def test_competitive_selfplay_keeps_two_players(capsys: pytest.CaptureFixture[str]) -> None:
    data = _run(capsys, "--bots", "random", "--games", "2")
    assert "wins_by_bot" in data and data["games"] == 2


def test_seats_and_wilson() -> None:
    assert seats_for(["planner"], 2) == ["planner", "planner"]
    assert seats_for(["a", "b"], 3) == ["a", "b", "a"]
    lo, hi = wilson(60, 100)
    assert lo == pytest.approx(0.502, abs=1e-3) and hi == pytest.approx(0.691, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
