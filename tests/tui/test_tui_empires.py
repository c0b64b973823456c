"""The Ascending Empires table driven by real key presses: aiming moves the angle and power
shown, a flick flies and can be skipped, refusals say why, save and continue, and a game
played by H against a bot to the end screen."""

from __future__ import annotations

import functools
import io
from pathlib import Path

from rich.console import Console
from textual.pilot import Pilot

import core.empires as E
from ai.hints import hint
from core.contract import Action
from core.empires.aim import angle_towards, power_for
from core.empires.rules import aim_of
from tui.app import AscendApp
from tui.games.empires.screen import EmpiresScreen
from tui.games.empires.starmap import StarMap
from tui.screens.dialogs import ChoiceScreen
from tui.screens.end import EndScreen
from tui.screens.menu import MenuScreen
from tui.session import GameSession
from tui.widgets.panels import LogView

SIZE = (80, 24)
SEATS = {"players": 2, "seats": ["human", "bot:greedy"], "names": ["You", "Greedy bot"],
         "steadiness": "exact"}


async def settle(pilot: Pilot[None], app: AscendApp) -> None:
    """Wait for bot and hint workers to finish and the screen to catch up."""
    for _ in range(400):
        await pilot.pause()
        await app.workers.wait_for_complete()
        table = next((s for s in app.screen_stack if isinstance(s, EmpiresScreen)), None)
        if table is None or table.thinking is None:
            await pilot.pause()
            return
    raise AssertionError("bots did not finish")


async def open_table(pilot: Pilot[None], app: AscendApp, session: GameSession
                     ) -> EmpiresScreen:
    app.start_game(session)
    await settle(pilot, app)
    return next(s for s in app.screen_stack if isinstance(s, EmpiresScreen))


def aim_shown(table: EmpiresScreen) -> str:
    return str(table.query_one("#em-aim").render())


# Seeds whose games (the human seat played by its hints, the bot by itself) reach their end
# in a few hundred moves; the first that still does is used (the bots change).
SHORT_GAMES = (8, 7, 3, 6, 1)


@functools.cache
def _moves_to_near_the_end() -> tuple[int, tuple[Action, ...]]:
    for seed in SHORT_GAMES:
        session = GameSession.new("empires", dict(SEATS), seed)
        for _ in range(1500):
            s = session.state
            if s.to_move == 0 and not s.pending and s.phase == "choose" and s.end_triggered:
                return seed, tuple(session.actions)
            if s.to_move is None:
                break
            if session.is_bot(s.to_move):
                session.bot_move()
            else:
                session.apply(hint("empires", session.view(0), session.legal()).action)
    raise AssertionError("no game came near its end")


def near_the_end() -> GameSession:
    """A two-player game played until the end is triggered, with the human to move for a
    last turn (found once, then replayed from its moves)."""
    seed, moves = _moves_to_near_the_end()
    session = GameSession.new("empires", dict(SEATS), seed)
    for a in moves:
        session.apply(a)
    return session


async def test_aiming_moves_the_angle_and_power_shown(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, GameSession.new("empires", dict(SEATS), 1))
        if table.state.to_move != 0:
            raise AssertionError("seat 0 should move after the bot")
        await pilot.press("m")  # Move: two flicks
        assert table.state.action == "move"
        starmap = table.query_one(StarMap)
        assert app.focused is starmap
        ship = starmap.selected
        assert ship is not None and "aim 0.0°  power 30.0 %" in aim_shown(table)
        await pilot.press("left", "up")
        assert "aim 5.0°  power 32.0 %" in aim_shown(table)
        await pilot.press("shift+left", "shift+up", "shift+up")
        assert "aim 5.2°  power 32.4 %" in aim_shown(table)
        await pilot.press("right", "right", "down")
        assert "aim 355.2°  power 30.4 %" in aim_shown(table)
        # The aim line is drawn from the ship out to where a free slide would stop.
        assert any("×" in line for line in starmap.text_lines())
        await pilot.press("tab")
        assert starmap.selected != ship
        await pilot.press("shift+tab")
        assert starmap.selected == ship and "aim 355.2°" in aim_shown(table)
        # t: the suggested aims from the legal list, one after another.
        await pilot.press("t")
        offered = [a for a in table.session.legal() if a.kind == "flick" and a.card == ship]
        assert (starmap.selected, starmap.aim) == (ship, aim_of(offered[0].option))
        # The range ruler on request.
        await pilot.press("r")
        assert "Range ruler" in aim_shown(table)
        assert any("∙" in line for line in starmap.text_lines())


async def test_a_flick_flies_and_can_be_skipped(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, GameSession.new("empires", dict(SEATS), 1))
        await pilot.press("m")
        starmap = table.query_one(StarMap)
        ship = starmap.selected
        before = [d for d in table.state.discs if d.id == ship][0]
        starmap.frame_seconds = 0.2  # slow, so a loaded machine sees it in flight
        await pilot.press("up", "up", "up", "enter")
        assert table.session.actions[-1].kind == "flick"
        assert starmap.flying and "flying" in aim_shown(table)
        first = starmap.text_lines()
        for _ in range(20):
            await pilot.pause(0.1)
            if starmap.text_lines() != first:
                break
        assert starmap.text_lines() != first  # it moves frame by frame
        assert starmap.flying
        await pilot.press("space")
        assert not starmap.flying
        after = [d for d in table.state.discs if d.id == ship]
        assert not after or (after[0].x, after[0].y) != (before.x, before.y)
        assert "flying" not in aim_shown(table)


async def test_a_flick_left_alone_lands_by_itself(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, GameSession.new("empires", dict(SEATS), 1))
        starmap = table.query_one(StarMap)
        # Frames slow enough that a loaded machine still finds the flight under way.
        starmap.frame_seconds = 0.25
        await pilot.press("m", "enter")
        assert starmap.flying
        for _ in range(200):
            await pilot.pause(0.05)
            if not starmap.flying:
                break
        assert not starmap.flying


async def test_refusals_say_why_and_change_nothing(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, GameSession.new("empires", dict(SEATS), 1))
        before = table.session.checksum()
        await pilot.press("enter")  # no action chosen yet: nothing to flick
        assert "choose an action first" in table.last_message.lower()
        await pilot.press("x")
        assert table.last_message and table.session.checksum() == before
        await pilot.press("d")  # Deploy
        assert table.state.action == "deploy"
        await pilot.press("d")  # its list: nothing to deploy yet, and the engine says why
        assert not isinstance(app.screen, ChoiceScreen)
        assert "no starship on your dashboard" in table.last_message
        assert "outpost or city" in table.last_message
        await pilot.press("m")
        assert "this turn's action is deploy" in table.last_message.lower()


async def test_save_and_continue(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        session = GameSession.new("empires", dict(SEATS), 2)
        table = await open_table(pilot, app, session)
        await pilot.press("m", "up", "enter", "space")
        await settle(pilot, app)
        moves = len(session.actions)
        await pilot.press("s")
        await pilot.pause()
        assert session.path is not None and session.path.exists()
        path = session.path
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        again, _ = GameSession.from_save(path)
        assert len(again.actions) == moves and again.checksum() == session.checksum()
        table = await open_table(pilot, app, again)
        assert table.session.state.turn == session.state.turn
        # The log is told again from the record: the flick is in it.
        log = "\n".join(table.query_one(LogView).plain_lines())
        assert "flick" in log


async def test_a_game_by_keys_to_the_end_screen(save_dir: Path) -> None:
    session = near_the_end()
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, session)
        presses = 0
        while not isinstance(app.screen, EndScreen) and presses < 400:
            await pilot.press("H")
            presses += 1
            await settle(pilot, app)
            table.query_one(StarMap).skip()
        assert isinstance(app.screen, EndScreen), "the game never ended"
        outcome = E.outcome(session.state)
        assert outcome is not None and presses >= 3
        screen = app.screen
        console = Console(width=100, file=io.StringIO(), record=True)
        console.print(screen.table)
        text = console.export_text()
        assert "VP" in text and "planets" in text
        assert all(str(score) in text for score in outcome.scores)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_the_attacks_and_questions_come_as_lists(save_dir: Path) -> None:
    """A pending question opens its list of legal answers at once (the engine's words)."""
    session = near_the_end()
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, session)
        await pilot.press("a")
        assert isinstance(app.screen, ChoiceScreen)
        legal = session.legal()
        assert [str(o) for o in app.screen.options] == [E.describe(session.view(0), a)
                                                        for a in legal]
        await pilot.press("escape")
        assert app.screen is table


async def test_the_mouse_aims_where_it_is_pressed(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, GameSession.new("empires", dict(SEATS), 1))
        await pilot.press("m")
        starmap = table.query_one(StarMap)
        ship = next(d for d in table.state.discs if d.id == starmap.selected)
        sc = starmap.scale()
        col, row = sc.to_cell(0, 0)  # the centre of the map
        await pilot.mouse_down(StarMap, offset=(col, row))
        await pilot.mouse_up(StarMap, offset=(col, row))
        await pilot.pause()
        x, y = sc.to_map(col, row)
        assert starmap.aim.angle == angle_towards(x - ship.x, y - ship.y)
        assert starmap.aim.power == power_for(int(((x - ship.x) ** 2 + (y - ship.y) ** 2)
                                                  ** 0.5))
        assert f"aim {starmap.aim.angle / 100:.1f}°" in aim_shown(table)


async def test_h_marks_the_hinted_flick_and_h_again_aims_it(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, GameSession.new("empires", dict(SEATS), 1))
        await pilot.press("m")
        starmap = table.query_one(StarMap)
        aim_before = (starmap.selected, starmap.aim)
        await pilot.press("h")
        await settle(pilot, app)
        shown = table.current_hint()
        assert shown is not None and shown[0].kind == "flick"
        assert "H: do it" in str(table.query_one("#em-hint").render())
        assert starmap.hinted == shown[0].card
        assert (starmap.selected, starmap.aim) == aim_before  # the aim is left alone
        await pilot.press("h")
        assert (starmap.selected, starmap.aim) == (shown[0].card, aim_of(shown[0].option))
        assert f"aim {aim_of(shown[0].option).angle / 100:.1f}°" in aim_shown(table)
        await pilot.press("enter")
        assert table.session.actions[-1] == shown[0]
