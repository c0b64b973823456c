"""A game registered like a real one is in the app: chosen on the New game screen, set up
with its own setting, played with the keyboard (the list of adds and the hint keys) against
its bot, and finished on the end screen. Nothing in ``tui`` names it."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from counter_game.table import CounterTable
from textual.pilot import Pilot
from textual.widgets import OptionList

from tui.app import AscendApp
from tui.screens.end import EndScreen
from tui.screens.menu import MenuScreen
from tui.screens.setup import SetupScreen
from tui.widgets.setting import Setting

SIZE = (80, 24)


async def settle(pilot: Pilot, app: AscendApp) -> None:
    """Wait for the bot and hint workers to finish and the screen to catch up."""
    for _ in range(200):
        await pilot.pause()
        await app.workers.wait_for_complete()
        screen = app.screen
        if not isinstance(screen, CounterTable) or screen.thinking is None:
            await pilot.pause()
            return
    raise AssertionError("the bot did not finish")


async def test_a_registered_game_is_set_up_and_played_to_the_end_with_the_keyboard(
        counter_registered: ModuleType, monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    monkeypatch.setenv("ASCEND_SAVE_DIR", str(tmp_path))
    app = AscendApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # New game
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        game = setup.query_one("#game", Setting)
        assert (counter_registered.NAME, "Counter") in game.values
        await pilot.press("left")  # the list wraps round to its last game: the one added
        assert setup.game.name == "counter"
        target = setup.query_one("#counter-target", Setting)
        assert target.display and target.value == 21
        assert not setup.query_one("#ascension-edition", Setting).display
        await pilot.press("down", "down", "down", "down")  # players, seat 1, seat 2, target
        assert app.focused is target
        await pilot.press("left")
        assert target.value == 15
        await pilot.press("down", "2", "enter")  # seed 2: seat 1 moves first
        await settle(pilot, app)

        table = app.screen
        assert isinstance(table, CounterTable)
        session = table.session
        assert session.options["target"] == 15
        assert session.seats == ["human", "bot:normal"] and session.names[0] == "You"
        moves = table.query_one("#counter-moves", OptionList)
        state = session.state
        turn = 0
        while not isinstance(app.screen, EndScreen):
            assert state.to_move == 0 and app.focused is moves
            assert [str(moves.get_option_at_index(i).prompt) for i in range(moves.option_count)
                    ] == [session.describe(a) for a in session.legal()]
            before = len(session.actions)
            if turn % 2 == 0:
                await pilot.press("h")  # the hint comes from the game's ai package
                await settle(pilot, app)
                await pilot.press("H")
            else:  # the add that leaves a multiple of four, picked from the list
                winning = (state.target - state.total) % 4
                await pilot.press(*["down"] * (winning - 1), "enter")
            await settle(pilot, app)
            assert session.actions[before].card == (15 - sum(state.history[:before])) % 4
            turn += 1
        # Every one of our adds left a multiple of four: the bot never had a way out.
        assert session.over and session.module.outcome(state).winners == (0,)
        assert state.total == 15 and turn >= 2
        assert str(app.screen.query_one("#end-winner").render()) == "You win!"
        assert session.path is not None and session.path.parent == tmp_path  # autosaved
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
