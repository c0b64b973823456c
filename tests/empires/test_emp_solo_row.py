"""The Ascending Empires row of the games list for one player: the Solo Campaign's mode and
scenario offered, the competitive modules hidden, and the same row driving the command
line's ``selfplay``."""

from __future__ import annotations

from typing import Any

import pytest

from ascend_cli import main
from core.empires import new_game
from core.empires.solo_content import campaign
from core.games import info, set_option


def offered(players: int, **chosen: Any) -> dict[str, Any]:
    """What the New game screen shows for ``players``: each setting that applies, in order,
    at its default unless ``chosen``."""
    options: dict[str, Any] = {"players": players}
    for s in info("empires").settings:
        if s.applies_to(options):
            value = chosen.get(s.key, s.default_for(options))
            assert value in [v for v, _ in s.choices(options)], s.key
            set_option(options, s.path, value)
    return options


def test_one_player_is_offered_only_the_solo_mode_and_a_scenario_with_its_goal() -> None:
    row = info("empires")
    assert row.players == (1, 4)
    assert [v for v, _ in row.setting("mode").choices({"players": 1})] == ["solo"]
    scenario = row.setting("scenario")
    assert [v for v, _ in scenario.choices({"players": 1})] == [1, 2, 3, 4, 5, 6]
    assert scenario.note_for({"players": 1, "scenario": 3}) == campaign()[0][2].goal
    assert offered(1) == {"players": 1, "mode": "solo", "scenario": 1,
                          "steadiness": "normal", "sublight": False}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_are_offered_only_the_competitive_game(players: int) -> None:
    row = info("empires")
    assert [v for v, _ in row.setting("mode").choices({"players": players})] == [
        "competitive"]
    options = offered(players)
    assert options["mode"] == "competitive" and "scenario" not in options
    assert "guardian_warships" in options and "megastructures" in options


def test_what_the_row_offers_starts_the_game_it_names() -> None:
    solo = new_game(offered(1, scenario=4, sublight=True), 7)
    assert solo.solo is not None and solo.solo.scenario == 4
    assert solo.options["sublight"] is True
    competitive = new_game(offered(3), 7)
    assert competitive.solo is None and len(competitive.players) == 3


def test_sublight_is_the_only_module_the_solo_campaign_takes() -> None:
    with pytest.raises(ValueError, match="without the module 'megastructures'"):
        new_game({"mode": "solo", "megastructures": True}, 1)


def test_selfplay_plays_solo_scenarios_from_the_command_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["selfplay", "empires", "--players", "1", "--scenario", "2", "--bots",
                 "random", "--games", "2", "--seed", "5", "--json"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert '"games": 2' in out.out and '"random"' in out.out


def test_selfplay_refuses_a_scenario_for_the_competitive_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["selfplay", "empires", "--players", "2", "--scenario", "2", "--bots",
                 "random", "--games", "1"])
    assert code != 0 and "--scenario does not apply" in capsys.readouterr().err
