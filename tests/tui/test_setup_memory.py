"""New game remembers the last set-up (between runs too), and hot-seat players name
themselves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Input
from tui_helpers import wait_until

from tui.app import AscendApp
from tui.screens.setup import SetupScreen, seat_names
from tui.screens.table import TableScreen
from tui.widgets.panels import LogView
from tui.widgets.setting import Setting


def test_typed_names_are_kept_tidy_and_distinct() -> None:
    seats = ["human", "human", "bot:greedy", "human"]
    assert seat_names(seats, ["  Ana  ", "", "", "Ana"]) == \
        ["Ana", "Player 2", "Greedy bot", "Ana 2"]
    assert seat_names(["human", "bot:random"], ["x" * 40, ""]) == ["x" * 20, "Random bot"]
    assert seat_names(["human", "bot:random"]) == ["You", "Random bot"]


async def test_hot_seat_names_and_the_last_setup_are_remembered(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        # Firepeak, 3 players, seat 2 a human too, Clan Powers on; names typed.
        await pilot.press("right", "down", "right", "down")
        await pilot.press(*"Ana")  # typed on seat 1's line: its name
        await pilot.press("down", "left", "left")  # seat 2: Bot: Normal → Easy → Human
        await pilot.pause()
        assert setup.query_one("#seat-1", Setting).value == "human"
        await pilot.press(*"Bo")
        clan = setup.query_one("#firepeak-clan-powers", Setting)
        clan.focus()
        await pilot.press("right")
        await pilot.pause()
        assert clan.value is True
        setup.action_start()
        await wait_until(pilot, lambda: any(isinstance(s, TableScreen) and s.query(LogView)
                                            for s in app.screen_stack), "the table")
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.session.names[:2] == ["Ana", "Bo"]
        assert table.session.options["variants"]["clan_powers"] is True
    # Another run: New game opens as it was left.
    again = AscendApp()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        setup = again.screen
        assert isinstance(setup, SetupScreen)
        assert setup.game.name == "firepeak"
        assert setup.query_one("#players", Setting).value == 3
        assert [setup.query_one(f"#seat-{i}", Setting).value for i in range(3)] == \
            ["human", "human", "bot:normal"]
        assert setup.query_one("#name-0", Input).value == "Ana"
        assert setup.query_one("#name-1", Input).value == "Bo"
        assert not setup.query_one("#name-2", Input).display  # a bot's seat has no name box
        assert setup.query_one("#firepeak-clan-powers", Setting).value is True


@pytest.mark.parametrize("setup", [
    {"game": "firepeak", "players": 3, "seats": 5, "names": {"a": 1}, "values": [1]},
    {"game": ["x"], "players": "many", "seats": [None, {"k": 1}], "names": [7, None]},
])
async def test_a_settings_file_of_the_wrong_shape_opens_new_game_as_far_as_it_can(
        save_dir: Path, setup: dict[str, object]) -> None:
    folder = save_dir / "config"
    folder.mkdir(exist_ok=True)
    (folder / "settings.json").write_text(json.dumps({"setup": setup}), encoding="utf-8")
    app = AscendApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        expected = "firepeak" if setup["game"] == "firepeak" else "ascension"
        assert screen.game.name == expected


async def test_a_set_up_remembered_with_bot_names_opens_with_their_levels(
        save_dir: Path) -> None:
    # Written before New game offered levels: seats named the bots themselves.
    folder = save_dir / "config"
    folder.mkdir(exist_ok=True)
    setup = {"game": "tactics", "players": 2, "seats": ["bot:planner", "bot:greedy"]}
    (folder / "settings.json").write_text(json.dumps({"setup": setup}), encoding="utf-8")
    app = AscendApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        seats = [screen.query_one(f"#seat-{i}", Setting) for i in range(2)]
        assert [s.value for s in seats] == ["bot:hard", "bot:normal"]
        assert [s.values[i][1] for s in seats for i in range(len(s.values))][:4] == [
            "Human", "Bot: Easy", "Bot: Normal", "Bot: Hard"]
        screen.action_start()
        await wait_until(pilot, lambda: any(isinstance(s, TableScreen) and s.query(LogView)
                                            for s in app.screen_stack), "the table")
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.session.seats == ["bot:hard", "bot:normal"]
        assert table.session.names == ["Hard bot", "Normal bot"]
        # And it is remembered with the levels from now on.
        saved = json.loads((folder / "settings.json").read_text(encoding="utf-8"))
        assert saved["setup"]["seats"][:2] == ["bot:hard", "bot:normal"]


async def test_long_setting_labels_are_shown_whole_in_one_column(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("right", "right", "right", "right")  # the games, to Empires
        await pilot.pause()
        shown = [s for s in app.screen.query(Setting) if s.display]
        lines = {s.label: str(s.render()) for s in shown}
        assert lines["Randomize Technology"].startswith("Randomize Technology ◀")
        assert lines["Guardian Warships"].startswith("Guardian Warships ")
        # Every line's value box opens in the same column, the game's line too.
        assert len({line.index("◀") for line in lines.values()}) == 1
        await pilot.press("left")  # back to a game whose labels are short
        await pilot.pause()
        lines = {s.label: str(s.render()) for s in app.screen.query(Setting) if s.display}
        assert {line.index("◀") for line in lines.values()} == {13}


async def test_every_line_closes_its_value_box_in_one_column(save_dir: Path) -> None:
    """The closing arrows stand in one column too, a seat's line and a long value's included,
    the seed's label keeps to the labels' column, and a note too long for the line ends in
    "…"."""
    app = AscendApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("left")  # the games' last: Ascending Empires
        await pilot.press("down", "left")  # 1 player: the Solo Campaign's lines
        await pilot.pause()
        shown = {s.label: str(s.render()) for s in app.screen.query(Setting) if s.display}
        assert {"Seat 1", "Scenario", "Steadiness"} <= set(shown)
        assert len({line.index("▶") for line in shown.values()}) == 1
        assert "normal: within 2° and 4 %" in shown["Steadiness"]
        assert shown["Scenario"].endswith("…") and len(shown["Scenario"]) <= 76
        seed = app.screen.query_one("#seed-label")
        assert seed.region.x == app.screen.query_one("#game", Setting).region.x
        assert seed.region.width == shown["Steadiness"].index("◀")
        await pilot.press("up", "left")  # a game still to come says so beside its name
        await pilot.pause()
        game = app.screen.query_one("#game", Setting)
        assert game.value == "inferno"
        assert "coming in a later version" in str(game.render())
