"""The Classic rules in the app: the New game screen's Rules line (the module lines hide
under Classic), and a Classic game opened on the Empires table, its keys choosing the
Classic actions."""

from __future__ import annotations

from pathlib import Path

from test_tui_empires import SIZE, settle

from tui.app import AscendApp
from tui.games.empires.screen import EmpiresScreen
from tui.screens.setup import SetupScreen
from tui.session import GameSession
from tui.widgets.setting import Setting


async def test_the_new_game_screen_offers_the_classic_rules(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, SetupScreen)
        screen = app.screen
        game_line = screen.query_one("#game", Setting)
        for _ in game_line.values:  # step along the games to Ascending Empires
            if game_line.value == "empires":
                break
            await pilot.press("right")
            await pilot.pause()
        assert game_line.value == "empires"
        rules = screen.query_one("#empires-rules", Setting)
        sublight = screen.query_one("#empires-sublight", Setting)
        assert rules.display and rules.value == "new_era" and sublight.display
        rules.focus()
        await pilot.press("right")
        await pilot.pause()
        assert rules.value == "classic" and "Classic" in str(rules.render())
        assert not sublight.display and screen.query_one("#empires-steadiness", Setting).display
        game, options, _ = screen.options()
        assert game == "empires" and options["rules"] == "classic"
        assert "sublight" not in options


async def test_a_classic_game_plays_on_the_table(save_dir: Path) -> None:
    seats = {"players": 2, "seats": ["human", "bot:greedy"], "names": ["You", "Greedy bot"],
             "steadiness": "exact", "rules": "classic"}
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(GameSession.new("empires", seats, 4))
        await settle(pilot, app)
        table = next(s for s in app.screen_stack if isinstance(s, EmpiresScreen))
        assert table.state.classic is not None and table.state.to_move == 0
        await pilot.press("d")  # Deploy: the Classic turn's action 0
        await settle(pilot, app)
        assert table.state.action == "deploy"
        await pilot.press("e")  # done: the turn passes and the bot plays its own
        await settle(pilot, app)
        assert table.state.to_move == 0 and table.state.turns_taken[0] == 1


async def test_the_classic_keys_choose_mine_and_develop_and_the_footer_shows_them(
        save_dir: Path) -> None:
    seats = {"players": 2, "seats": ["human", "bot:greedy"], "names": ["You", "Greedy bot"],
             "steadiness": "exact", "rules": "classic"}
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(GameSession.new("empires", seats, 4))
        await settle(pilot, app)
        table = next(s for s in app.screen_stack if isinstance(s, EmpiresScreen))
        assert "Mine" in str(table.move_prompt(table.view_for(table.viewer)))
        shown = {b.binding.description for b in app.screen.active_bindings.values()}
        assert {"Mine", "Develop"} <= shown and not {"Interact", "Boost"} & shown, shown
        # Nothing to mine at the start (no troops on a planet): refused, with why, and the
        # action is not taken.
        await pilot.press("n")
        await settle(pilot, app)
        assert table.state.action != "mine"
        await pilot.press("p")  # Develop: no research facility yet, refused too
        await settle(pilot, app)
        assert table.state.action != "develop" and table.state.to_move == 0
        await pilot.press("m")
        await settle(pilot, app)
        assert table.state.action == "move"


async def test_a_new_era_table_shows_interact_and_boost_and_not_the_classic_keys(
        save_dir: Path) -> None:
    seats = {"players": 2, "seats": ["human", "bot:greedy"], "names": ["You", "Greedy bot"],
             "steadiness": "exact"}
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(GameSession.new("empires", seats, 4))
        await settle(pilot, app)
        shown = {b.binding.description for b in app.screen.active_bindings.values()}
        assert {"Interact", "Boost"} <= shown and not {"Mine", "Develop"} & shown, shown
