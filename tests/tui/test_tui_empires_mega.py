"""The Megastructure card at the Ascending Empires table (80x24): the side panel names the
card in play and its powers, v writes them out, and i lists a megastructure's powers."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_tui_empires import SIZE, open_table, settle

from core.empires.mega_cards import INFO
from tui.app import AscendApp
from tui.games.empires.book import BookScreen
from tui.screens.dialogs import ChoiceScreen
from tui.session import GameSession

SEATS = {"players": 2, "seats": ["human", "bot:greedy"], "names": ["You", "Greedy bot"],
         "steadiness": "exact", "megastructures": True}


@pytest.mark.parametrize("card", list(INFO))
async def test_the_side_panel_and_the_book_show_the_card_in_play(save_dir: Path,
                                                                   card: str) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        session = GameSession.new("empires", {**SEATS, "megastructure": card}, 1)
        table = await open_table(pilot, app, session)
        side = str(table.query_one("#em-side").render())
        assert f"{INFO[card].name} {INFO[card].awaken}⚡" in side
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, BookScreen)
        book = str(app.screen.text)
        assert f"Megastructure card: {INFO[card].name}" in book
        assert all(power in book for power in INFO[card].powers)


async def test_interact_lists_the_star_harvesters_powers(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        session = GameSession.new("empires", {**SEATS, "megastructure": "star_harvester"}, 1)
        table = await open_table(pilot, app, session)
        s = session.state
        artifact = next(i for i, loc in enumerate(s.locations) if loc.kind == "artifact"
                        and loc.faceup)
        s.megastructures = [[artifact, 0]]
        s.players[0].energy_ready, s.players[0].energy_spent = 0, 1
        await pilot.press("i")
        await settle(pilot, app)
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert any("harvest energy with the Star Harvester" in str(o)
                   for o in app.screen.options)
        assert table.state.action == "interact"
