"""The Tactics table against the Villains, driven by real key presses at 80x24: a solo
Villain turn watched step by step (the Scheme panel, a Villain's walk on the map, the skip
key), a tie asked from a list that points at the map, the co-op portal choice and hand-over,
and the Boss player choosing two Schemes of three. The rules themselves are tested through
the engine (tests/tactics/test_villain_*.py); the positions here are set by hand."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static

from core.tactics.sides import villain_unit
from core.tactics.state import State
from core.tactics.villain_state import KIND_INDEX
from tui.app import AscendApp
from tui.games.tactics.hexmap import HexMap
from tui.games.tactics.screen import TacticsScreen
from tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from tui.screens.passing import PassScreen
from tui.session import GameSession
from tui.widgets.panels import LogView

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tactics"))

from tactics_helpers import cell, lift  # noqa: E402
from tui_helpers import wait_until  # noqa: E402
from villain_helpers import hero, villain  # noqa: E402

SIZE = (80, 24)
SCENARIO = "crossroads_vigil"


def session(mode: str, seats: list[str], names: list[str], seed: int = 3,
            **options: Any) -> GameSession:
    return GameSession.new("tactics", {"players": len(seats), "seats": seats, "names": names,
                                       "mode": mode, "scenario": SCENARIO, **options}, seed)


def scheme(s: State, scheme_id: str) -> int:
    v = s.villain
    assert v is not None
    return next(i for i, d in enumerate(v.schemes) if d.id == scheme_id)


def stack(s: State, *ids: str) -> None:
    """Put these Schemes on top of the deck, the first to be played first."""
    v = s.villain
    assert v is not None
    for sid in reversed(ids):
        idx = scheme(s, sid)
        for pile in (v.deck, v.discard, v.hand):
            if idx in pile:
                pile.remove(idx)
        v.deck.append(idx)


def clear_field(s: State) -> None:
    for u in list(s.occupant):
        if u >= 0:
            lift(s, u)


def table_of(app: AscendApp) -> TacticsScreen:
    table = next((s for s in app.screen_stack if isinstance(s, TacticsScreen)), None)
    assert table is not None
    return table


def log_text(table: TacticsScreen) -> str:
    return " ".join(strip.text.strip() for strip in table.query_one(LogView).lines)


def shown(table: TacticsScreen, widget: str) -> str:
    static = table.query_one(widget, Static)
    return str(static.render()) if static.display else ""


async def end_turn(pilot: Pilot[None]) -> None:
    await pilot.press("e")
    if isinstance(pilot.app.screen, ConfirmScreen):
        await pilot.press("y")
    await pilot.pause()


async def test_solo_villain_turn_is_watched_step_by_step(save_dir: Path) -> None:
    game = session("solo", ["human"], ["You"])
    s = game.state
    clear_field(s)
    red = villain(s, "red", 9, 1)
    stack(s, "crimson_march", "azure_march")  # red walks; blue is off the field: skipped
    app = AscendApp(bot_delay=60)  # each step waits for a key
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game)
        await pilot.pause()
        table = table_of(app)
        hexmap = table.query_one(HexMap)
        assert "Rb Briarback Boar" in shown(table, "#tt-side")  # the Villains are listed
        assert "Threat 0" in shown(table, "#tt-under") and shown(table, "#tt-scheme") == ""

        await end_turn(pilot)
        assert table.playback.running
        panel = shown(table, "#tt-scheme")
        assert "Scheme 1 of 2" in panel and "Crimson March" in panel and "not met" in panel
        assert shown(table, "#tt-row") == ""  # the Scheme takes the center row's place
        assert "The Villains play Crimson March" in shown(table, "#tt-prompt")

        await pilot.press("enter")  # red is commanded
        frame = table.playback.frame
        assert frame is not None and frame.active == red and "acts" in frame.now.plain
        await pilot.press("enter")  # its walk drawn, red still where it stands
        frame = table.playback.frame
        assert frame is not None and frame.route
        path = frame.route
        assert hexmap.route == path and hexmap.picture is not None
        mark = next(m for m in hexmap.picture.units if m.cell == cell(s, 9, 1))
        assert mark.label == "Rb" and mark.active
        await pilot.press("enter")  # one hex along it
        assert hexmap.picture is not None
        assert any(m.cell == path[0] and m.label == "Rb" for m in hexmap.picture.units)
        assert "moves to" in shown(table, "#tt-prompt")

        await pilot.press("space")  # the rest at once; the table settles on the heroes' turn
        await wait_until(pilot, lambda: not table.playback.running, "the show ends")
        await pilot.pause()
        assert s.to_move == 0 and s.side == 0
        assert s.units[red].cell == path[-1]
        assert shown(table, "#tt-scheme") == "" and shown(table, "#tt-row")
        assert "Your move" in shown(table, "#tt-prompt")
        said = log_text(table)
        assert "Briarback Boar moves to" in said and "Scheme 2: Azure March" in said
        assert "has fallen: nobody to command" in said
        assert "Threat 2" in shown(table, "#tt-under")  # both Schemes are in the discard


async def test_a_tie_is_asked_from_a_list_that_points_at_the_map(save_dir: Path) -> None:
    game = session("solo", ["human"], ["You"], ties="ask")
    s = game.state
    clear_field(s)
    red = villain(s, "red", 5, 4, strength=6, speed=3)
    arha = hero(s, 0, 8, 3, strength=2, defense=4)
    grove = hero(s, 1, 8, 5, strength=2, defense=4)
    stack(s, "crimson_march", "azure_march")
    app = AscendApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game)
        await pilot.pause()
        table = table_of(app)
        hexmap = table.query_one(HexMap)
        await end_turn(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the tie")
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        assert dialog.title_text == "Briarback Boar: the Villain's orders tie: what does it do?"
        assert [str(o) for o in dialog.options] == [
            "Move to (7,3), then attack Arha Templar", "Move to (7,5), then attack Grove Huntress"]
        # Both targets marked as hit, both ends as reach; the first plan's walk is drawn.
        assert {s.units[arha].cell, s.units[grove].cell} <= hexmap.targets
        first, second = cell(s, 7, 3), cell(s, 7, 5)
        assert {first, second} <= hexmap.reach
        assert hexmap.cursor == first and hexmap.route and hexmap.route[-1] == first
        await pilot.press("down")
        assert hexmap.cursor == second and hexmap.route[-1] == second
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is table and s.to_move == 0 and s.side == 0,
                         "the Villain turn ends")
        assert s.units[red].cell == second and s.units[grove].cell < 0  # defeated
        assert "Briarback Boar attacks Grove Huntress" in log_text(table)


async def test_coop_portals_on_the_map_and_the_shared_turn(save_dir: Path) -> None:
    game = session("coop", ["human", "human"], ["Ann", "Bob"])
    s = game.state
    app = AscendApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game)
        await pilot.pause()
        table = table_of(app)
        hexmap = table.query_one(HexMap)
        chosen = []
        for seat in (0, 1):
            assert isinstance(app.screen, PassScreen)  # each hero chooses in private
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "portals")
            d = s.pending[-1]
            assert d.kind == "portal" and d.seat == seat
            assert set(d.choices) <= hexmap.reach and hexmap.cursor == d.choices[0]
            chosen.append(d.choices[0])
            await pilot.press("enter")
            await pilot.pause()
        assert s.portal_seats[chosen[0]] == 1 and s.portal_seats[chosen[1]] == 2
        assert isinstance(app.screen, PassScreen)  # the heroes' turn: Ann first
        await pilot.press("enter")
        await pilot.pause()
        assert table.viewer == 0 and "Portal of Ann" in hexmap.describe(chosen[0])
        await pilot.press("s")  # the shared turn goes to Bob, behind the hand-over
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert table.viewer == 1 and "Bob's turn" in shown(table, "#tt-status")
        await end_turn(pilot)  # the Villains' turn runs; then Ann starts the next
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen), "the hand-over")
        assert s.side == 0 and s.current == 0 and s.villain is not None
        assert len(s.villain.discard) == 2


async def test_the_boss_player_plays_two_schemes_of_three(save_dir: Path) -> None:
    game = session("boss", ["human", "human"], ["Hero", "Boss"])
    s = game.state
    v = s.villain
    assert v is not None
    hand = [scheme(s, x) for x in ("the_cult_gathers", "crimson_march", "azure_march")]
    v.deck += [i for i in v.hand if i not in hand]
    for i in hand:
        for pile in (v.deck, v.discard):
            if i in pile:
                pile.remove(i)
    v.hand = list(hand)
    red = villain_unit(s, KIND_INDEX["red"])
    app = AscendApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game)
        await pilot.pause()
        table = table_of(app)
        hexmap = table.query_one(HexMap)
        await pilot.press("enter")  # the hero's hand-over
        await pilot.pause()
        await end_turn(pilot)
        assert isinstance(app.screen, PassScreen)  # the Boss player comes to the keyboard
        await pilot.press("enter")
        await pilot.pause()
        assert table.viewer == 1
        assert "Schemes (3) The Cult Gathers" in shown(table, "#tt-hand")
        assert "p plays a Scheme (0 of 2 played)" in shown(table, "#tt-prompt")

        await pilot.press("p")  # the three Schemes; the second commands red
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        assert [str(o).split("  ")[0] for o in dialog.options] == [
            "Play the Scheme The Cult Gathers", "Play the Scheme Crimson March",
            "Play the Scheme Azure March"]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert s.cmd is not None and s.cmd.unit == red
        assert hexmap.cursor == s.units[red].cell and hexmap.reach  # its moves, as a hero's
        assert "Crimson March" in shown(table, "#tt-scheme")
        await pilot.press("d")  # red stays: done
        await pilot.pause()
        assert "(1 of 2 played)" in shown(table, "#tt-prompt")

        await pilot.press("p")  # two left; the Cult Gathers ends the turn
        assert isinstance(app.screen, ChoiceScreen) and len(app.screen.options) == 2
        await pilot.press("enter")
        await pilot.pause()
        assert s.side == 0 and isinstance(app.screen, PassScreen)  # back to the hero
        assert hand[0] in v.discard and hand[1] in v.discard and len(v.hand) == 3
        cultists = [u for u in v.cultists if s.units[u].cell >= 0]
        assert len(cultists) == 3  # one at each token but the Boss's
