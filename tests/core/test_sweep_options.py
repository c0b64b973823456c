"""The long sweep's set-up rotation: every setting's values come round, and ``--only`` keeps
a setting to the values named without leaving a player count that cannot take them."""

from __future__ import annotations

import pytest

from bench.sweep import main, parse_only, rotated_options


def test_only_keeps_the_modes_named_and_the_player_counts_they_need() -> None:
    only = parse_only(["mode=solo,coop"])
    seen = [rotated_options("tactics", g, only) for g in range(240)]
    assert {o["mode"] for o in seen} == {"solo", "coop"}
    assert {o["players"] for o in seen} == {1, 2}
    assert all((o["mode"], o["players"]) in {("solo", 1), ("coop", 2)} for o in seen)
    # the other settings still turn: more than one scenario and every difficulty
    assert len({o["scenario"] for o in seen}) > 1
    assert {o["difficulty"] for o in seen} == {"standard", "hard", "nightmare"}


def test_without_only_every_player_count_comes_round() -> None:
    assert {rotated_options("tactics", g)["players"] for g in range(4)} == {1, 2, 3, 4}


def test_an_only_no_player_count_allows_is_refused() -> None:
    with pytest.raises(ValueError, match="no player count"):
        rotated_options("tactics", 0, {"mode": {"nonesuch"}})


@pytest.mark.parametrize("bad", ["mode", "mode=", "=solo"])
def test_a_malformed_only_is_refused_with_its_text(bad: str) -> None:
    with pytest.raises(SystemExit, match="--only takes"):
        parse_only([bad])


def test_a_sweep_in_parts_plays_the_games_of_the_whole(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "ascension", "--games", "3", "--seed", "40"]) == 0
    whole = capsys.readouterr().out
    assert main(["--game", "ascension", "--games", "1", "--seed", "40"]) == 0
    assert main(["--game", "ascension", "--games", "2", "--seed", "40", "--first", "1"]) == 0
    parts = capsys.readouterr().out.splitlines()
    assert "(seeds 40-42)" in whole and "(seeds 40-40)" in parts[0]
    assert "(seeds 41-42)" in parts[1]

    def actions(line: str) -> int:
        return int(line.split("), ")[1].split(" actions")[0])

    assert actions(parts[0]) + actions(parts[1]) == actions(whole.strip())


def test_a_broken_invariant_is_reported_with_its_game_seed_and_step(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The report once crashed on the Empires state (it read a step count that only the
    Ascension state keeps) and lost the seed it had found."""
    from core.games import get_game

    mod = get_game("empires")
    calls = {"n": 0}

    def audit(state: object) -> list[str]:
        calls["n"] += 1
        return ["a planted fault"] if calls["n"] == 5 else []

    monkeypatch.setattr(mod, "audit", audit)
    assert main(["--game", "empires", "--games", "1", "--seed", "40", "--first", "2"]) == 1
    out = capsys.readouterr().out
    assert "game 2 (seed 42) step 5: a planted fault" in out
    assert "1 with a broken invariant" in out
