"""A table writes its opening lines once, whatever game it is."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_helpers import wait_until

from core.games import game_names
from tui.app import AscendApp
from tui.screens.table import TableScreen
from tui.session import GameSession
from tui.widgets.panels import LogView


@pytest.mark.parametrize("game", game_names())
async def test_the_opening_log_is_written_once(game: str, save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=(120, 40)) as pilot:
        session = GameSession.new(game, {"players": 2, "seats": ["human", "human"]}, 3)
        app.start_game(session)
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.pause()
        lines = [strip.text for strip in table.query_one(LogView).lines]
        banner = table.banner()
        assert sum(1 for line in lines if line.startswith(banner[:40])) == 1
