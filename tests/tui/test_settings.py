"""Settings and the command palette: a theme and the bots' pacing, applied at once and
remembered between runs in the player's config folder; the palette offers the screen's
commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.command import CommandPalette
from tui_helpers import wait_until

from tui.app import AscendApp
from tui.prefs import FILE_NAME, PACING, Preferences
from tui.screens.menu import MenuScreen
from tui.screens.settings import SettingsScreen
from tui.screens.setup import SetupScreen
from tui.screens.table import TableScreen
from tui.session import GameSession


async def test_a_theme_chosen_in_settings_is_kept_for_the_next_run(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        before = app.theme
        await pilot.press("right")
        await pilot.pause()
        chosen = app.theme
        assert chosen != before and chosen in app.available_themes
        # ascend's own colours follow the theme chosen.
        assert app.get_css_variables()["ascend-background"] == \
            app.get_css_variables()["background"]
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
    saved = json.loads((save_dir / "config" / FILE_NAME).read_text())
    assert saved["theme"] == chosen
    again = AscendApp()
    async with again.run_test(size=(80, 24)):
        assert again.theme == chosen


async def test_bot_pacing_is_chosen_in_settings_and_kept(save_dir: Path) -> None:
    # Never chosen: $ASCEND_BOT_DELAY (0 in the tests) rules.
    assert AscendApp().bot_delay == 0
    app = AscendApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s", "down", "right", "right")  # off (the tests' 0) → watchable
        await pilot.pause()
        assert app.bot_delay == PACING["watchable"]
    assert Preferences.load(save_dir / "config").pacing == "watchable"
    assert AscendApp().bot_delay == PACING["watchable"]
    # Given by whoever makes the app (the host's tables, tests), it stays.
    assert AscendApp(bot_delay=0.05).bot_delay == 0.05


def test_a_broken_settings_file_is_taken_as_nothing_chosen(save_dir: Path) -> None:
    folder = save_dir / "config"
    folder.mkdir()
    for junk in (b"\xff\xfe not json", b"[1, 2]", b'{"theme": 3, "pacing": "warp"}'):
        (folder / FILE_NAME).write_bytes(junk)
        prefs = Preferences.load(folder)
        assert prefs == Preferences()
        assert AscendApp().theme == "textual-dark"


async def palette_titles(app: AscendApp, pilot: object) -> list[str]:
    from textual.app import SystemCommand

    return [c.title for c in app.get_system_commands(app.screen)
            if isinstance(c, SystemCommand)]


async def test_the_command_palette_offers_the_screens_commands(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=(80, 24)) as pilot:
        titles = await palette_titles(app, pilot)
        assert {"New game", "Continue", "Rules", "Settings", "Quit"} <= set(titles)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"new game")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen)
                         and bool(app.screen.query("#game")), "New game")
        session = GameSession.new("ascension", {"players": 2, "seats": ["human", "bot:greedy"]},
                                  3)
        app.start_game(session)
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        titles = await palette_titles(app, pilot)
        assert {"Hint", "Save", "Help", "New game", "Settings", "Quit"} <= set(titles)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"hint")
        await pilot.pause(0.3)
        await pilot.press("enter")
        table = app.screen
        await wait_until(pilot, lambda: isinstance(table, TableScreen) and table.hint is not None,
                         "the hint from the palette")


async def test_f_finishes_the_bots_turn_at_once(save_dir: Path) -> None:
    """With a minute's pause a move, f lets the bots play out their turn without it."""
    session = GameSession.new("ascension", {"players": 2, "seats": ["bot:greedy", "human"]},
                              3)
    app = AscendApp(bot_delay=60)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(session)
        for _ in range(50):
            await pilot.pause(0.02)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert session.state.to_move == 0 and table.thinking == 0
        assert "f: finish at once" in str(table.query_one("#prompt").render())
        await pilot.press("f")
        for _ in range(200):
            if session.state.to_move == 1 and table.thinking is None:
                break
            await pilot.pause(0.02)
        assert session.state.to_move == 1 and len(session.actions) > 1
        assert not table.hurry  # the next bots' turn has its pauses again


async def test_the_solver_is_warmed_after_the_first_frame(
        save_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ai.warm

    calls: list[bool] = []

    def warm() -> float:
        calls.append(True)
        return 0.0

    monkeypatch.setattr(ai.warm, "warm_solver", warm)
    app = AscendApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert calls == []  # the first frame does not wait for it
        for _ in range(100):
            if calls:
                break
            await pilot.pause(0.05)
        assert calls == [True]


def test_warming_solves_once_a_process() -> None:
    from ai.warm import warm_solver

    warm_solver()
    assert warm_solver() == 0.0


async def test_new_game_from_the_palette_saves_the_game_in_play(save_dir: Path) -> None:
    session = GameSession.new("ascension", {"players": 2, "seats": ["human", "bot:greedy"]}, 3)
    app = AscendApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(session)
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await pilot.press("a")
        await wait_until(pilot, lambda: len(session.actions) > 0, "a move")
        app.new_game()
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen)
                         and bool(app.screen.query("#game")), "New game")
        assert [type(s) for s in app.screen_stack] == [MenuScreen, SetupScreen]
        assert session.path is not None and session.path.exists()
