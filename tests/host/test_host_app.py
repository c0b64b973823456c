"""The app as the host runs it, driven with Pilot: confined to its player's save folder,
the shared-table entries, and a table screen fed by the table service."""

from __future__ import annotations

import errno
import random
from pathlib import Path
from typing import Any

import pytest
from test_host_tables import caught_up
from textual.pilot import Pilot
from textual.widgets import OptionList

import saves.store
from core.contract import SPECTATOR
from core.games import get_game
from tui.app import AscendApp
from tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from tui.screens.menu import MenuScreen
from tui.screens.table import TableScreen
from tui.screens.tables import TableListScreen
from tui.session import GameSession
from tui.widgets.panels import LogView

SIZE = (80, 24)
OPTIONS = {"players": 2, "seats": ["human", "bot:random"], "names": ["You", "Bot"]}


async def until(pilot: Pilot[None], test: Any, what: str, tries: int = 400) -> None:
    for _ in range(tries):
        if test():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"never: {what}")


@pytest.fixture(autouse=True)
def own_saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("ASCEND_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("ASCEND_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ASCEND_BOT_DELAY", "0")
    return tmp_path / "saves"


async def test_a_confined_app_offers_no_other_save_folder(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    def full_disk(path: Path, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    app = AscendApp(confined=True)
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(GameSession.new("ascension", OPTIONS, 8))
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        monkeypatch.setattr(saves.store, "write_atomic", full_disk)
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        assert dialog.options == ["Try again", "Leave without saving", "Stay at the table"]
        await pilot.press("down", "enter")  # the second line: leave without saving
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "asked twice")


async def test_the_menu_offers_shared_tables_only_with_a_hall(tables: Any) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        ids = [o.id for o in app.screen.query_one("#menu", OptionList).options]
        assert ids == ["new", "continue", "campaign", "rules", "settings", "quit"]
        await pilot.press("j")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
    svc = tables()
    app = AscendApp(hall=svc.connect("alice"))
    async with app.run_test(size=SIZE) as pilot:
        ids = [o.id for o in app.screen.query_one("#menu", OptionList).options]
        assert ids == ["new", "continue", "campaign", "open", "join", "watch", "rules",
                       "settings", "quit"]
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, TableListScreen), "the list")
        assert "No game is being played." in str(
            app.screen.query_one("#tables", OptionList).get_option_at_index(0).prompt)


async def test_a_watched_table_moves_on_the_screen_and_refuses_a_spectators_keys(
        tables: Any) -> None:
    svc = tables()
    alice, bob = svc.connect("alice"), svc.connect("bob")
    a = alice.open("ascension", {"players": 2, "seats": ["human", "human"]})
    b = bob.join(a.table_id)
    players = [a, b]
    caught_up(svc, players)
    app = AscendApp(hall=svc.connect("carol"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, TableListScreen), "the list")
        await until(pilot, lambda: app.screen.query_one("#tables", OptionList)
                    .option_count == 1 and app.screen.shown, "table 1 listed")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        table = app.screen
        assert isinstance(table, TableScreen)
        pick = random.Random(1)
        for _ in range(6):
            state = caught_up(svc, players)
            mover = players[state.to_move]
            mover.apply(pick.choice(mover.legal()))
        state = caught_up(svc, players)
        await until(pilot, lambda: len(table.session.actions) == len(a.actions),
                    "the spectator's table caught up")
        assert table.session.view(None) == get_game("ascension").view(state, SPECTATOR)
        log = "\n".join(strip.text for strip in table.query_one(LogView).lines)
        assert "alice: " in log or "bob: " in log  # the moves were told
        await pilot.press("a")  # a spectator's keys play nothing
        await pilot.pause()
        assert len(a.actions) == len(table.session.actions)
        mover = players[state.to_move]
        assert not table.do(mover.legal()[0])
        assert "watching" in table.last_message
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen), "back at the menu")


@pytest.mark.parametrize("game", ["ascension", "firepeak", "tactics"])
async def test_every_games_table_plays_a_shared_table(tables: Any, game: str) -> None:
    """Each game's own table screen, given a shared table's session: it draws the seat's
    view, takes in the other player's moves, and sends its own through the service."""
    svc = tables()
    bob_hall = svc.connect("bob")
    app = AscendApp(hall=svc.connect("alice"))
    async with app.run_test(size=SIZE) as pilot:
        hall: Any = app.hall
        mine = hall.open(game, {"players": 2, "seats": ["human", "human"]})
        theirs = bob_hall.join(mine.table_id)
        await until(pilot, lambda: mine.started, "the table starts")
        app.start_game(mine)

        def table_screen() -> TableScreen | None:
            return next((s for s in app.screen_stack if isinstance(s, TableScreen)
                         and s.query(LogView)), None)

        await until(pilot, lambda: table_screen() is not None, "the table")
        await pilot.pause()
        table = table_screen()
        assert table is not None
        pick = random.Random(4)
        made = 0
        for _ in range(40):
            state = caught_up(svc, [theirs])
            if state.to_move is None:
                break
            await until(pilot, lambda: len(mine.actions) == len(theirs.actions),
                        "the app took in the move")
            if state.to_move == 1:
                theirs.apply(pick.choice(theirs.legal()))
            else:
                assert table.my_move() and table.do(pick.choice(mine.legal()))
                made += 1
        assert made > 0 and len(mine.actions) > made
        state = caught_up(svc, [theirs])
        await until(pilot, lambda: len(mine.actions) == len(theirs.actions), "caught up")
        assert mine.view(0) == get_game(game).view(state, 0)
        table.action_menu()  # q, whatever question the table has open
        await until(pilot, lambda: isinstance(app.screen, MenuScreen), "back at the menu")
    assert [t.seats[0].connected for t in bob_hall.tables()] == [False]
