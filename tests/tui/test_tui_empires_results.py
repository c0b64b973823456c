"""The Ascending Empires end screen by real key presses: a Classic game ended at the table
says how the Classic rules score (not the New Era's troops and structures)."""

from __future__ import annotations

import functools
import io
from pathlib import Path

from rich.console import Console
from test_tui_empires import SIZE, settle
from textual.widgets import Static
from tui_helpers import empires_drawn_game

from core.contract import Action
from tui.app import AscendApp
from tui.games.empires.results import CLASSIC_NOTE, SCORING_NOTE
from tui.games.empires.screen import EmpiresScreen
from tui.screens.dialogs import ChoiceScreen
from tui.screens.end import EndScreen
from tui.screens.menu import MenuScreen
from tui.session import GameSession

CLASSIC = {"players": 2, "seats": ["human", "bot:random"], "names": ["You", "Random bot"],
           "steadiness": "exact", "rules": "classic"}


@functools.cache
def _classic_ended_by_the_human() -> tuple[int, tuple[Action, ...]]:
    """A Classic game drawn at random whose last action is the human seat's "end"."""
    for seed in range(1, 12):
        actions = empires_drawn_game(CLASSIC, seed)
        session = GameSession.new("empires", CLASSIC, seed)
        for a in actions[:-1]:
            session.apply(a)
        if actions[-1].kind == "end" and session.state.to_move == 0:
            return seed, tuple(actions)
    raise AssertionError("no Classic game ended on the human's end")


async def test_a_classic_game_ended_by_keys_shows_the_classic_scoring(save_dir: Path) -> None:
    seed, actions = _classic_ended_by_the_human()
    session = GameSession.new("empires", CLASSIC, seed)
    for a in actions[:-1]:
        session.apply(a)
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(session)
        await settle(pilot, app)
        if isinstance(app.screen, ChoiceScreen):  # the attacks' list: put it aside
            await pilot.press("escape")
        assert isinstance(app.screen, EmpiresScreen)
        await pilot.press("e")  # the last action: the game ends
        await settle(pilot, app)
        assert isinstance(app.screen, EndScreen), app.screen
        screen = app.screen
        note = str(screen.query_one(".dim-note", Static).render())
        assert note == CLASSIC_NOTE and note != SCORING_NOTE
        assert "Troops" not in note and "cities" in note and "quadrants" in note
        console = Console(width=100, file=io.StringIO(), record=True)
        console.print(screen.table)
        text = console.export_text()
        assert "cities" in text and "troops" not in text
        assert screen.query("#end-chart")  # a competitive game keeps its chart
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
