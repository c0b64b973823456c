"""Hints and pick lists as a player meets them: a list stops at its ends, a hint marks its
pick without moving the player's cursor (h again moves it), H alone finds the hint and
plays it, and a long hint is shown whole at 80x24 with its keys."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.widgets import OptionList, Static
from tui_helpers import wait_until

from core.contract import Action
from core.games import game_names
from tui.app import AscendApp
from tui.games.ascension.cards import CardView
from tui.screens.dialogs import HINT_MARK, ChoiceScreen
from tui.screens.table import TableScreen
from tui.session import GameSession
from tui.widgets.panels import HintPanel

# As long as the longest hints the planners give (a Firepeak Capture said in full).
LONG = ("Capture Player 2's Kobold Sneak 2▲ (Tier 2 · right) with Storm Raven 4▲ (Tier 1 · "
        "left): 72 % to win (17 % to lose), takes Power 2 from Player 2, then recruit under "
        "Glimmer Sprite 3▲ (Tier 2 · left)")


class ListApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("table")


async def test_a_pick_list_stops_at_its_ends_and_a_hint_leaves_the_highlight() -> None:
    app = ListApp()
    picked: list[int | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ChoiceScreen("Pick one", ["first", "second", "third"],
                                     advise=lambda: (2, "the third is best")), picked.append)
        await pilot.pause()
        options = app.screen.query_one("#choices", OptionList)
        assert options.highlighted == 0
        await pilot.press("up")
        assert options.highlighted == 0  # no wrap to the last line
        await pilot.press("down", "down", "down", "down")
        assert options.highlighted == 2  # no wrap to the first line
        await pilot.press("up", "up")
        await pilot.press("h")
        await wait_until(pilot, lambda: HINT_MARK in str(options.get_option_at_index(2).prompt),
                         "the hint's mark")
        assert options.highlighted == 0  # the player's highlight stays where it was
        await pilot.press("h")  # again: go to the hinted line
        assert options.highlighted == 2
        await pilot.press("enter")
        await pilot.pause()
        # H in a list with no hint yet: the hint is found and its line chosen.
        app.push_screen(ChoiceScreen("Pick one", ["first", "second", "third"],
                                     advise=lambda: (1, "the second")), picked.append)
        await pilot.pause()
        await pilot.press("H")
        await wait_until(pilot, lambda: len(picked) == 2, "the hinted line chosen")
    assert picked == [2, 1]


async def open_table(pilot: Any, app: AscendApp, session: GameSession) -> TableScreen:
    """The table, once the human is to move with no question open (questions asked first,
    like Firepeak's spells to keep, are answered with their first choice)."""
    app.start_game(session)
    await wait_until(pilot, lambda: isinstance(app.screen, TableScreen | ChoiceScreen),
                     "the table")
    table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
    for _ in range(20):
        await wait_until(pilot, lambda: table.thinking is None and table.my_move(),
                         "the human's move")
        if not table.view_for(table.state.to_move).pending:
            break
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("enter")
        await pilot.pause()
    await pilot.pause()
    assert app.screen is table and not table.modal_open
    return table


async def test_h_marks_the_card_and_h_again_moves_the_focus(save_dir: Path) -> None:
    app = AscendApp()
    app.bot_delay = 0
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, app, GameSession.new("ascension", {"players": 2}, 42))
        focused = app.focused
        assert isinstance(focused, CardView)
        await pilot.press("h")
        await wait_until(pilot, lambda: table.current_hint() is not None, "the hint")
        action = table.current_hint()[0]  # type: ignore[index]
        marked = [c for c in table.query(CardView) if c.has_class("-hinted")]
        assert [c.uid for c in marked] == [action.card]
        assert app.focused is focused  # the player's focus has not moved
        await pilot.press("h")
        assert isinstance(app.focused, CardView) and app.focused.uid == action.card


@pytest.mark.parametrize("game", game_names())
async def test_capital_h_alone_finds_the_hint_and_plays_it(game: str, save_dir: Path) -> None:
    app = AscendApp()
    app.bot_delay = 0
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, app, GameSession.new(game, {"players": 2}, 7))
        session = table.session
        step = len(session.actions)
        expected = table.hint_for(session.view(session.state.to_move), session.legal())
        assert expected is not None
        await pilot.press("H")
        await wait_until(pilot, lambda: len(session.actions) > step, "the hinted move")
        assert session.actions[step] == expected[0]


@pytest.mark.parametrize("game", game_names())
async def test_a_long_hint_is_shown_whole_at_80x24(game: str, save_dir: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    app = AscendApp()
    app.bot_delay = 0
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, app, GameSession.new(game, {"players": 2}, 7))
        legal = table.session.legal()

        def long_hint(view: Any, legal_now: list[Action]) -> tuple[Action, str]:
            return legal[0], LONG

        monkeypatch.setattr(table, "hint_for", long_hint)
        await pilot.press("h")
        await wait_until(pilot, lambda: table.current_hint() is not None, "the hint")
        await pilot.pause()
        panel = table.query_one(HintPanel)
        box = panel.content_region
        needed = panel.get_content_height(box.size, app.size, box.width)
        assert box.height >= needed, f"{needed} lines of hint in {box.height}"
        assert "H" in str(panel.render()).splitlines()[0]


async def test_firepeak_h_again_points_the_pattern_cursor_at_the_hint(save_dir: Path) -> None:
    from core.firepeak import menus

    app = AscendApp()
    app.bot_delay = 0
    async with app.run_test(size=(80, 24)) as pilot:
        session = GameSession.new("firepeak", {"players": 2}, 7)
        table = await open_table(pilot, app, session)
        for _ in range(12):  # the hinted moves, until a hint points at a place
            cursor = table.cursor  # type: ignore[attr-defined]
            await pilot.press("h")
            await wait_until(pilot, lambda: table.current_hint() is not None, "the hint")
            assert table.cursor == cursor  # type: ignore[attr-defined]  # not moved unasked
            action = table.current_hint()[0]  # type: ignore[index]
            spot = menus.target(table.view_for(table.table_seat()), action)
            if spot is not None and spot[0] == table.table_seat():
                break
            await pilot.press("H")
            for _ in range(10):  # answer what the move asks, until the human's turn
                await wait_until(pilot, lambda: table.thinking is None and table.my_move(),
                                 "the human's move")
                if isinstance(app.screen, ChoiceScreen):
                    await pilot.press("enter")
                    await pilot.pause()
                    continue
                if not session.view(session.state.to_move).pending:
                    break
                await pilot.pause()
        else:
            raise AssertionError("no hint pointed at a place of the pattern")
        await pilot.press("h")
        assert table.cursor == spot[1]  # type: ignore[attr-defined]
