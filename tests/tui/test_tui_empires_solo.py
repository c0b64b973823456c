"""The Ascending Empires Solo Campaign at the table, driven by real key presses: a scenario
started from New game, its story, the solo panel (goal, Invasion deck, Warship cards,
technology), a turn played through the invaders' draw, a scenario played by its hints to
the end screen that says won or lost and why; and SVG snapshots of the solo table."""

from __future__ import annotations

import functools
import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from test_tui_empires import SIZE, settle
from textual.pilot import Pilot

from ai.hints import hint
from core.contract import Action
from core.empires.solo_content import campaign
from core.empires.solo_progress import goal_parts
from tui.app import AscendApp
from tui.games.empires.book import BookScreen
from tui.games.empires.screen import EmpiresScreen
from tui.games.empires.starmap import StarMap
from tui.screens.dialogs import ChoiceScreen
from tui.screens.end import EndScreen
from tui.screens.menu import MenuScreen
from tui.screens.setup import SetupScreen
from tui.session import GameSession
from tui.widgets.panels import LogView

SOLO = {"players": 1, "mode": "solo", "seats": ["human"], "names": ["You"],
        "steadiness": "exact"}


def side(table: EmpiresScreen) -> str:
    return str(table.query_one("#em-side").render())


def table_of(app: AscendApp) -> EmpiresScreen:
    return next(s for s in app.screen_stack if isinstance(s, EmpiresScreen))


async def test_a_solo_scenario_from_new_game_opens_on_its_story_and_plays_a_turn(
        save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("right", "right", "right", "right")  # the games, to Empires
        await pilot.press("down", "left")  # 1 player: the Solo Campaign
        await pilot.pause()
        shown = {s.label: s for s in app.screen.query("Setting") if s.display}
        assert str(shown["Mode"].value) == "solo" and "Scenario" in shown
        assert "Guardian Warships" not in shown and "Sublight Movement" in shown
        await pilot.press("down", "down", "down", "right")  # Scenario 2
        await pilot.press("down", "down", "down", *"4", "enter")  # the seed, and start
        await pilot.pause()
        await settle(pilot, app)
        assert isinstance(app.screen, BookScreen), app.screen
        story = str(app.screen.query_one("#book").render())
        scenario = campaign()[0][1]
        assert "Scenario 2" in story and scenario.name in story
        assert scenario.story.split()[0] in story
        await pilot.press("escape")
        await settle(pilot, app)
        table = table_of(app)
        assert app.screen is table
        s = table.state
        assert s.solo is not None and s.solo.scenario == 2 and table.session.seed == 4
        panel = side(table)
        assert "settlers rescued: 0 of 4" in panel
        assert f"Invasion deck {len(s.solo.deck)}" in panel
        assert f"Warship cards {len(s.solo.warship_pile)}" in panel
        assert "Solo Technology" in panel and "Relic Archive" in panel
        assert "Scenario 2" in str(table.query_one("#em-status").render())
        drawn = len(s.solo.discard)
        # A turn by keys: Move, flick as aimed, skip the flight, done, strike and end.
        await pilot.press("m", "enter")
        await settle(pilot, app)
        table.query_one(StarMap).skip()
        await pilot.press("e")
        await settle(pilot, app)
        await pilot.press("e")
        await settle(pilot, app)
        while isinstance(app.screen, ChoiceScreen):  # the invaders ask: take the first
            await pilot.press("enter")
            await settle(pilot, app)
        s = table.state
        assert s.turn == 2 and s.solo is not None and len(s.solo.discard) == drawn + 1
        log = "\n".join(table.query_one(LogView).plain_lines())
        assert log.count("Invasion:") >= 2, log
        assert f"Invasion deck {len(s.solo.deck)}" in side(table)


@functools.cache
def _hinted_game(scenario: int, seed: int) -> tuple[Action, ...]:
    """Every action of a scenario played by its hints to the end."""
    session = GameSession.new("empires", {**SOLO, "scenario": scenario}, seed)
    while session.state.to_move is not None:
        session.apply(hint("empires", session.view(0), session.legal()).action)
    return tuple(session.actions)


def near_the_end(scenario: int = 2, seed: int = 1, left: int = 6) -> GameSession:
    """A scenario played by its hints until ``left`` actions before it ends."""
    session = GameSession.new("empires", {**SOLO, "scenario": scenario}, seed)
    for a in _hinted_game(scenario, seed)[:-left]:
        session.apply(a)
    assert session.state.to_move is not None
    return session


async def test_a_scenario_played_by_its_hints_reaches_the_end_screen(save_dir: Path) -> None:
    session = near_the_end()
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(session)
        await settle(pilot, app)
        table = table_of(app)
        presses = 0
        while not isinstance(app.screen, EndScreen) and presses < 60:
            await pilot.press("H")
            presses += 1
            await settle(pilot, app)
            table.query_one(StarMap).skip()
            if table.state.to_move is None and not isinstance(app.screen, EndScreen):
                await pilot.press("enter")
                await settle(pilot, app)
        assert isinstance(app.screen, EndScreen), "the scenario never ended"
        solo = session.state.solo
        assert solo is not None and solo.result and presses >= 1
        verdict = "won" if solo.result.startswith("won") else "lost"
        screen = app.screen
        winner = str(screen.query_one("#end-winner").render())
        assert winner == f"Scenario 2 · {campaign()[0][1].name}: {verdict}!"
        console = Console(width=100, file=io.StringIO(), record=True)
        console.print(screen.table)
        text = console.export_text()
        assert solo.result.split(": ", 1)[1] in text and "VP" not in text
        # No VP to chart in a scenario: the goal and each of its parts, as the game ended.
        assert not screen.query("#end-chart") and "VP tokens after" not in text
        assert "Goal" in text and campaign()[0][1].goal.split()[0] in text
        for part in goal_parts(session.state):
            assert f"{'✓' if part.done else '·'} │ {part.words()}" in text, text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


def test_the_map_draws_the_heart_robots_in_orbit_and_warships_apart_from_ships() -> None:
    from core.empires import new_game, view
    from core.empires.solo_state import HEART_ID
    from tui.games.empires import picture

    table = view(new_game({**SOLO, "scenario": 6}, 2), 0).table
    drawn = picture.build(table)
    heart = [p for p in drawn.places if p.index == HEART_ID]
    assert len(heart) == 1 and heart[0].letter == "H" and not heart[0].orbit
    marks = {p.kind: picture.glyph(p) for p in drawn.pieces}
    assert marks["warship"] == picture.WARSHIP and marks["ship"] == picture.SHAPES[0]
    robots = view(new_game({**SOLO, "scenario": 2}, 1), 0).table
    marks = {p.kind: picture.glyph(p) for p in picture.build(robots).pieces}
    assert marks["robot"] == picture.ROBOT_DISC not in picture.SHAPES
    assert not any(p.index == HEART_ID for p in picture.build(robots).places)


def test_settlers_are_drawn_above_their_planets_with_a_mark_of_their_own() -> None:
    from core.empires import new_game, view
    from tui.games.empires import canvas, picture

    table = view(new_game({**SOLO, "scenario": 2}, 1), 0).table
    assert table.solo is not None and table.solo.settlers
    drawn = picture.build(table)
    living = {p.index: p.settlers for p in drawn.places if p.settlers}
    assert living == {i: 1 for i, _ in table.solo.settlers}
    others = {*picture.SHAPES, *picture.HOLLOW, picture.WARSHIP, picture.ROBOT_DISC,
              picture.ROBOT_MARK, picture.HEART_LETTER, *picture.NAMES}
    assert picture.SETTLER not in others
    for cols, rows in ((38, 19), (64, 32)):  # the map at 80x24 and at 120x40
        cells = canvas.draw(drawn, cols, rows)
        sc = canvas.scale(cols, rows, drawn.half_width)
        for place in drawn.places:
            col, row = sc.to_cell(place.x, place.y)
            above = cells[row - 1][col][0]
            assert (above == picture.SETTLER) == (place.index in living), (cols, place)
    # Scenario 6: two settlers on each centre planet, counted beside the mark.
    table = view(new_game({**SOLO, "scenario": 6}, 2), 0).table
    drawn = picture.build(table)
    sc = canvas.scale(38, 19, drawn.half_width)
    cells = canvas.draw(drawn, 38, 19)
    for place in (p for p in drawn.places if p.settlers):
        col, row = sc.to_cell(place.x, place.y)
        assert place.settlers == 2
        assert "".join(ch for ch, _ in cells[row - 1][col:col + 2]) == f"{picture.SETTLER}2"


BOARDING_SEED = 2  # a hinted game of scenario 2 in which a ship takes a settler aboard


def _moves_to_a_boarding(scenario: int = 2, seed: int = BOARDING_SEED) -> tuple[Action, ...]:
    """The hinted game's moves up to the one after which a settler is aboard a ship."""
    session = GameSession.new("empires", {**SOLO, "scenario": scenario}, seed)
    for a in _hinted_game(scenario, seed):
        solo = session.state.solo
        if solo is not None and solo.aboard:
            return tuple(session.actions[:-1])
        session.apply(a)
    raise AssertionError("no settler boarded a ship")


async def test_a_settler_boarding_by_keys_is_drawn_beside_its_ship(save_dir: Path) -> None:
    session = GameSession.new("empires", {**SOLO, "scenario": 2}, BOARDING_SEED)
    for a in _moves_to_a_boarding():
        session.apply(a)
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(session)
        await settle(pilot, app)
        table = table_of(app)
        starmap = table.query_one(StarMap)
        assert table.state.solo is not None and not table.state.solo.aboard
        await pilot.press("H")  # the hint's move: a ship picks up a settler
        await settle(pilot, app)
        starmap.skip()
        await settle(pilot, app)
        solo = table.state.solo
        assert solo is not None and solo.aboard
        ship = next(d for d in table.state.discs if d.id == solo.aboard[0][0])
        col, row = starmap.scale().to_cell(ship.x, ship.y)
        lines = starmap.text_lines()
        assert lines[row][col:col + 2] == "●⌂", lines[row]
        assert "⌂ settlers" in side(table)


# --- snapshots -------------------------------------------------------------------------------

def solo_opened(scenario: int = 3, seed: int = 3, keys: tuple[str, ...] = ()) -> Any:
    """A ``run_before`` that opens a solo scenario on a fixed seed, closes its story and
    presses ``keys``."""

    async def run_before(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, AscendApp)
        app.start_game(GameSession.new("empires", {**SOLO, "scenario": scenario}, seed))
        await settle(pilot, app)
        await pilot.press("escape", *keys)
        await settle(pilot, app)

    return run_before


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_solo_table(size: tuple[int, int], save_dir: Path, snap_compare: Any) -> None:
    """The solo panel beside the map: goal, Invasion deck and discard, Warship cards,
    supplies, technology; warships on the map."""
    assert snap_compare(AscendApp(), terminal_size=size, run_before=solo_opened())


def test_solo_table_without_colour(save_dir: Path, snap_compare: Any,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """With NO_COLOR a robot in orbit (¤) and the robots' planets (r) still read apart from
    the player's ships (●), and the settlers are counted beside the map."""
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(AscendApp(), run_before=solo_opened(2, 1))


def test_solo_question(save_dir: Path, snap_compare: Any) -> None:
    """The invaders' question over the table, its answers in words; warships (✦) round
    the Heart of the Builders."""
    assert snap_compare(AscendApp(), run_before=solo_opened(6, 2))


def test_solo_story(save_dir: Path, snap_compare: Any) -> None:
    """The scenario's story and goal, as the table opens."""
    async def run_before(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, AscendApp)
        app.start_game(GameSession.new("empires", {**SOLO, "scenario": 1}, 3))
        await settle(pilot, app)

    assert snap_compare(AscendApp(), run_before=run_before)
