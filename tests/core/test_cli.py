"""The ``ascend`` command line: selfplay output and replay/verify of save files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import core.ascension as A
from ascend_cli import main
from core.rng import Rng
from saves.loader import make_save
from saves.store import SaveStore


def test_selfplay_json_has_the_promised_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "ascension", "--players", "2", "--bots", "random",
                 "--games", "4", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("game", "games", "seconds", "games_per_second", "steps_per_second",
                "wins_by_bot", "ties", "avg_turns"):
        assert key in data
    assert data["game"] == "ascension" and data["games"] == 4
    assert data["wins_by_bot"]["random"] + data["ties"] == 4


def test_selfplay_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["selfplay", "ascension", "--bots", "random", "--games", "3", "--seed", "9",
            "--json"]
    main(args)
    first = json.loads(capsys.readouterr().out)
    main(args)
    second = json.loads(capsys.readouterr().out)
    assert first["avg_score_by_bot"] == second["avg_score_by_bot"]
    assert first["avg_turns"] == second["avg_turns"]


def test_selfplay_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "ascension", "--bots", "random", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out and "wins" in out and "ties" in out


def test_selfplay_refuses_unknown_bot_and_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "ascension", "--bots", "nobody", "--games", "1"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err
    assert main(["selfplay", "chess", "--games", "1"]) == 2
    assert "unknown game" in capsys.readouterr().err
    assert main(["selfplay", "inferno", "--games", "1"]) == 2
    assert "not playable yet" in capsys.readouterr().err


def _write_save(directory: Path, steps: int = 80, tamper_from: int | None = None) -> Path:
    s = A.new_game({"players": 2}, 5)
    rng = Rng.stream(5, "cli")
    actions, sums = [], []
    for _ in range(steps):
        a = rng.choice(A.legal_actions(s))
        A.apply(s, a)
        actions.append(a)
        sums.append(A.checksum(s))
    if tamper_from is not None:
        sums[tamper_from:] = [c ^ 1 for c in sums[tamper_from:]]
    store = SaveStore(directory)
    path = store.new_path("ascension")
    store.write(path, make_save("ascension", s.options, 5, actions, sums, A.snapshot(s),
                                {"players": ["a", "b"], "turn": sum(s.turns_taken)}))
    return path


def test_replay_verify_accepts_a_good_save(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = _write_save(tmp_path)
    assert main(["replay", str(path), "--verify"]) == 0
    assert "80 actions replayed" in capsys.readouterr().out


def test_replay_lists_the_actions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write_save(tmp_path, steps=10)
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 10 and lines[0].split()[0] == "1"


def test_replay_refuses_an_unreadable_file_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write_save(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    assert main(["replay", str(path), "--verify"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(path) in err and "truncated" in err
    assert path.read_bytes() == data[: len(data) // 2]
    missing = tmp_path / "nope.ascend"
    assert main(["replay", str(missing), "--verify"]) == 2
    assert str(missing) in capsys.readouterr().err


def test_replay_verify_names_the_first_divergent_step(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write_save(tmp_path, tamper_from=33)
    assert main(["replay", str(path), "--verify"]) == 1
    err = capsys.readouterr().err
    assert "step 34" in err and str(path) in err


def test_selfplay_firepeak_with_variants(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "firepeak", "--players", "3", "--bots", "random", "--games", "2",
                 "--clan-powers", "--reshuffle-once", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "firepeak" and data["games"] == 2
    assert main(["selfplay", "ascension", "--games", "1", "--clan-powers"]) == 2
    assert capsys.readouterr().err == ("ascend selfplay: --clan-powers is an option of "
                                       "Ascension at Firepeak, not of Ascension\n")


def test_selfplay_tactics_1v1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "tactics", "--players", "2", "--bots", "random,random",
                 "--games", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "tactics" and data["games"] == 5
    assert data["wins_by_bot"]["random"] + data["ties"] == 5
    assert data["avg_turns"] > 0
    assert main(["selfplay", "tactics", "--players", "2", "--bots", "random", "--games", "2",
                 "--scenario", "ashen_ford"]) == 0
    assert "tactics: 2 games" in capsys.readouterr().out


def test_selfplay_tactics_teams_brawl_and_draft(capsys: pytest.CaptureFixture[str]) -> None:
    # 2 vs 2: two winners of one team are a win, not a tie.
    assert main(["selfplay", "tactics", "--players", "4", "--mode", "2v2", "--bots",
                 "random", "--games", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 3 and data["wins_by_bot"]["random"] + data["ties"] == 3
    assert data["wins_by_bot"]["random"] >= 1
    assert main(["selfplay", "tactics", "--players", "3", "--bots", "random", "--games", "2",
                 "--draft", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2


def test_selfplay_tactics_refuses_options_that_do_not_fit(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "tactics", "--players", "2", "--scenario", "crown_of_the_vale",
                 "--bots", "random", "--games", "1"]) == 2
    assert "crown_of_the_vale is not played by 2 players" in capsys.readouterr().err
    assert main(["selfplay", "tactics", "--players", "3", "--mode", "1v1", "--bots",
                 "random", "--games", "1"]) == 2
    assert "mode 1v1" in capsys.readouterr().err
    assert main(["selfplay", "ascension", "--mode", "2v2", "--games", "1"]) == 2
    assert "--mode is an option of Ascension Tactics, not of Ascension" in \
        capsys.readouterr().err


def test_replay_verify_a_tactics_save(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    import core.tactics as T

    s = T.new_game({"players": 2, "seats": ["bot:random", "bot:random"]}, 4)
    rng = Rng.stream(4, "cli")
    actions, sums = [], []
    for _ in range(60):
        a = rng.choice(T.legal_actions(s))
        T.apply(s, a)
        actions.append(a)
        sums.append(T.checksum(s))
    store = SaveStore(tmp_path)
    path = store.new_path("tactics")
    store.write(path, make_save("tactics", s.options, 4, actions, sums, T.snapshot(s),
                                {"players": ["a", "b"], "turn": s.turn_no}))
    assert main(["replay", str(path), "--verify"]) == 0
    assert "60 actions replayed" in capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 60


@pytest.mark.parametrize(("argv", "message"), [
    (["--players", str(10**30)], "Ascension takes 2 to 4 players, not 1000000000000"),
    (["--players", "-1"], "Ascension takes 2 to 4 players, not -1"),
    (["--games", "-1"], "--games must be at least 1, not -1"),
    (["--games", "0"], "--games must be at least 1, not 0"),
    (["--honor-pool", "0"], "the Honor pool must be between 1 and 10000, not 0"),
    (["--seed", "-5"], "seeds run from 0 to 18446744073709551615"),
    (["--seed", str(2**64 - 1), "--games", "2"], "leaves that range"),
    (["--clan-powers"], "--clan-powers is an option of Ascension at Firepeak, not of Ascension"),
])
def test_selfplay_refuses_numbers_it_cannot_use_in_one_line(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "ascension", "--bots", "random", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ascend selfplay: ") and message in err and err.count("\n") == 1


@pytest.mark.parametrize(("flag", "game", "owner"), [
    ("--edition", "firepeak", "Ascension"),
    ("--honor-pool", "tactics", "Ascension"),
])
def test_selfplay_says_which_game_an_option_belongs_to(
        flag: str, game: str, owner: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", game, "--bots", "random", flag, "2"]) == 2
    assert f"{flag} is an option of {owner}, not of " in capsys.readouterr().err


def edited(path: Path, **changes: object) -> None:
    """Rewrite the save at ``path`` with fields changed and a checksum made to match."""
    import msgpack

    from saves.format import MAGIC, checksum_of

    top = msgpack.unpackb(path.read_bytes()[len(MAGIC):], raw=False, strict_map_key=False)
    top.update(changes)
    stored = {k: v for k, v in top.items() if k != "checksum"}
    path.write_bytes(MAGIC + msgpack.packb({**stored, "checksum": checksum_of(stored)},
                                           use_bin_type=True))


@pytest.mark.parametrize(("changes", "message"), [
    ({"game": "chess" * 1000}, "cannot start this game: unknown game 'chesschess"),
    ({"options": {"players": 9}}, "cannot start this game: Ascension takes 2 to 4 players"),
    ({"options": {"players": "many"}}, "cannot start this game: invalid literal"),
])
def test_replay_of_a_save_that_cannot_start_says_why_in_one_short_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], changes: dict[str, object],
        message: str) -> None:
    path = _write_save(tmp_path)
    edited(path, **changes)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and len(err) < 300


def test_replay_refuses_a_fifo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import os

    fifo = tmp_path / "pipe.ascend"
    os.mkfifo(fifo)
    assert main(["replay", str(fifo)]) == 2
    assert "not a regular file" in capsys.readouterr().err


def test_verify_quotes_a_huge_action_in_a_short_line(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = _write_save(tmp_path, steps=5)
    import msgpack

    from saves.format import MAGIC

    top = msgpack.unpackb(path.read_bytes()[len(MAGIC):], raw=False, strict_map_key=False)
    edited(path, actions=[["x" * 60_000, 1, 0], *top["actions"][1:]])
    assert main(["replay", str(path), "--verify"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 400 and "step 1" in err


def test_help_lists_the_games_without_markup(capsys: pytest.CaptureFixture[str]) -> None:
    from core.games import games

    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "``" not in out and "usage: ascend" in out
    for row in games():
        assert f"  {row.name} " in out and row.title in out
    for command in ("selfplay", "replay", "serve"):
        assert command in out
    assert "ASCEND_BOT_DELAY" in out and "Settings" in out


@pytest.mark.parametrize("command", ["selfplay", "replay", "serve"])
def test_every_option_says_what_it_does(command: str) -> None:
    import argparse

    from ascend_cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for action in sub.choices[command]._actions:
        assert action.help and "``" not in action.help, action.dest
        assert "SETTING_" not in str(action.metavar or ""), action.dest


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from saves.format import APP_VERSION

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"ascend {APP_VERSION}"
