"""Choosing a move's route at the Tactics table, by real keys at 80x24: the routes listed
and drawn on the map one after the other, the chosen one walked and left drawn, a hex
picked on the map as a waypoint, and the Treasure window before harm that is not an
attack."""

from __future__ import annotations

import sys
from pathlib import Path

from textual.pilot import Pilot

from core.contract import Action
from core.hexgrid import from_offset
from core.tactics import routes
from core.tactics.state import State
from tui.app import AscendApp
from tui.games.tactics.hexmap import HexMap
from tui.games.tactics.screen import TacticsScreen
from tui.screens.dialogs import ChoiceScreen
from tui.screens.passing import PassScreen
from tui.session import GameSession

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tactics"))

from tactics_helpers import cultist, give, hold, put  # noqa: E402
from tui_helpers import wait_until  # noqa: E402

SIZE = (80, 24)
ASHEN = {"players": 2, "scenario": "ashen_ford", "seats": ["human", "bot:random"]}


def cell(s: State, col: int, row: int) -> int:
    c = s.map.cell(from_offset(col, row))
    assert c is not None
    return c


def table_of(app: AscendApp) -> TacticsScreen:
    table = next((s for s in app.screen_stack if isinstance(s, TacticsScreen)), None)
    assert table is not None
    return table


async def our_turn(pilot: Pilot, app: AscendApp, options: dict, seed: int) -> TacticsScreen:
    """A game where the human (seat 0) is to move, its table open."""
    app.start_game(GameSession.new("tactics", options, seed))
    await wait_until(pilot, lambda: table_of(app).session.state.to_move == 0
                     and table_of(app).thinking is None, "the human's turn")
    await pilot.pause()
    return table_of(app)


async def command_at(pilot: Pilot, table: TacticsScreen, at: int) -> int:
    """Stand one of seat 0's champions on ``at`` and command it with the c key."""
    s = table.state
    u = s.card_units[s.seats[0].roster[0]][0]
    put(s, u, at)
    s.seats[0].power = 10
    table.refresh_table()
    table.hexmap.set_cursor(at)
    await pilot.press("c")
    await pilot.pause()
    assert s.cmd is not None and s.cmd.unit == u
    return u


async def test_a_move_whose_ways_differ_asks_which_and_draws_each(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await our_turn(pilot, app, ASHEN, 4)
        s = table.state
        beacon, goal = cell(s, 3, 0), cell(s, 4, 0)
        u = await command_at(pilot, table, cell(s, 2, 0))
        hexmap = table.query_one(HexMap)
        hexmap.set_cursor(goal)
        await pilot.press("enter")  # move there: by the Beacon, or round below it
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        assert dialog.title_text.endswith("goes to (4,0): which way?")
        listed = routes.asked(s, s.pending[-1])
        assert [str(o) for o in dialog.options] == [
            "Go by the Beacon at (3,0) (taken)", "Go round, touching nothing on the way"]
        assert hexmap.route == listed[0].path  # the highlighted route is drawn
        assert beacon in hexmap.reach  # the waypoint hexes are marked
        await pilot.press("down")
        await pilot.pause()
        assert hexmap.route == listed[1].path and beacon not in hexmap.route
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is table and s.units[u].cell == goal
        assert s.beacon[beacon] == -1  # not taken: it went round
        assert hexmap.route == listed[1].path  # the way it went stays drawn
        assert "on the route" in hexmap.describe(listed[1].path[0])
        hexmap.action_move(-1, 0)  # the cursor moves on: the drawing goes
        await pilot.pause()
        assert hexmap.route == ()


async def test_a_hex_picked_on_the_map_is_a_waypoint(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await our_turn(pilot, app, ASHEN, 4)
        s = table.state
        beacon, goal = cell(s, 3, 0), cell(s, 4, 0)
        u = await command_at(pilot, table, cell(s, 2, 0))
        table.hexmap.set_cursor(goal)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("escape")  # put the list aside and look at the map
        await pilot.pause()
        assert app.screen is table and s.pending[-1].kind == "route"
        assert beacon in table.hexmap.reach  # waypoints stay marked
        table.hexmap.set_cursor(cell(s, 2, 0))
        await pilot.press("right")  # to the Beacon, one hex east
        assert table.hexmap.cursor == beacon
        await pilot.press("enter")  # through here, please
        await pilot.pause()
        assert s.units[u].cell == goal and s.beacon[beacon] == s.side_of[0]


async def test_card_damage_opens_the_window_at_the_table(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await our_turn(pilot, app, {"players": 2, "seats": ["human", "human"]}, 4)
        if isinstance(app.screen, PassScreen):
            await pilot.press("enter")
            await pilot.pause()
        s = table.state
        put(s, s.card_units[s.seats[0].roster[0]][0], cell(s, 1, 4))
        foe = put(s, cultist(s, 1, 0), cell(s, 3, 4))
        ward = hold(s, 1, "ward_charm")
        stalker = give(s, 0, "dusk_stalker")  # 2 damage within 2
        table.refresh_table()
        table.do(Action("play", stalker))
        table.advance()
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)  # which enemy takes the damage?
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen),
                         "the keyboard passed to the hurt player")
        assert app.screen.reason == ("Player 2 may answer: Dusk Stalker: 2 damage to "
                                     "Cultist c5 is coming: play a Treasure or pass")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen)
                         and "damage to Cultist c5 is coming" in app.screen.title_text,
                         "the window of the hurt player")
        assert s.pending[-1].seat == 1 and s.units[foe].damage == 0
        lines = [str(o) for o in app.screen.options]
        assert lines[0] == "Play Ward Charm on Cultist c5" and lines[-1] == "Pass (no Treasure)"
        await pilot.press("enter")
        await pilot.pause()
        assert ward in s.used and s.units[foe].cell >= 0 and s.units[foe].damage == 2
