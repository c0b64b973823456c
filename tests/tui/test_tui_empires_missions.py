"""Missions at the Ascending Empires table, by real key presses: the Interact action's list
(i) offers a mission whose goal is met, said with the cubes and VP it brings; the prompt
counts what i lists; the panel beside the map shows each mission's progress and a ✓ once
completed; the book (v) writes the goals out; with nothing to interact with, i says which
mission is nearest and what it lacks."""

from __future__ import annotations

import functools
from pathlib import Path

from test_tui_empires import SEATS, SIZE, open_table, settle

import core.empires as E
from ai.hints import hint
from core.contract import Action
from core.empires.missions import missions
from tui.app import AscendApp
from tui.games.empires.book import BookScreen
from tui.games.empires.screen import EmpiresScreen
from tui.screens.dialogs import ChoiceScreen
from tui.session import GameSession
from tui.widgets.panels import LogView

# Seeds whose games (the human seat played by its hints) soon reach a turn where an Interact
# would complete a mission; the first that still does is used (the bots change).
MISSION_GAMES = (2, 5, 1)


def side(table: EmpiresScreen) -> str:
    return str(table.query_one("#em-side").render())


def prompt(table: EmpiresScreen) -> str:
    return str(table.query_one("#em-prompt").render())


@functools.cache
def _moves_to_a_mission() -> tuple[int, tuple[Action, ...], int]:
    """Seed, moves and mission: the human to choose an action, Interact completing it."""
    for seed in MISSION_GAMES:
        session = GameSession.new("empires", dict(SEATS), seed)
        for _ in range(300):
            s = session.state
            if s.to_move is None:
                break
            if s.to_move == 0 and not s.pending and s.phase == "choose":
                after = s.copy()
                if E.why_illegal(after, Action("choose", 3)) is None:
                    E.apply(after, Action("choose", 3))
                    ready = [a.card for a in E.legal_actions(after) if a.kind == "mission"]
                    if ready:
                        return seed, tuple(session.actions), ready[0]
            if session.is_bot(s.to_move):
                session.bot_move()
            else:
                session.apply(hint("empires", session.view(0), session.legal()).action)
    raise AssertionError("no game came to a mission")


async def test_a_mission_is_completed_from_the_interact_list(save_dir: Path) -> None:
    seed, moves, k = _moves_to_a_mission()
    session = GameSession.new("empires", dict(SEATS), seed)
    for a in moves:
        session.apply(a)
    mission = missions()[session.state.missions[k]]
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, session)
        assert f"· {mission.name}" in side(table) and "Missions" in side(table)
        await pilot.press("i")  # take the Interact action
        await settle(pilot, app)
        assert table.state.action == "interact"
        assert "1 mission" in prompt(table)
        await pilot.press("i")  # what it can do: the mission is among the choices
        assert isinstance(app.screen, ChoiceScreen)
        label = (f"complete the mission {mission.name} (2 cubes: {mission.first} VP at "
                 "the end)")
        options = [str(o) for o in app.screen.options]
        assert label in options, options
        for _ in range(options.index(label)):
            await pilot.press("down")
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.screen is table
        assert table.state.mission_cubes[k][0] == 2
        assert f"✓ {mission.name} {mission.first} VP" in side(table)
        log = "\n".join(table.query_one(LogView).plain_lines())
        assert f"You: {label}" in log
        await pilot.press("v")  # the book: each goal written out, the cubes put on it
        assert isinstance(app.screen, BookScreen)
        book = str(app.screen.query_one("#book").render())
        assert mission.text in book and "You 2 cubes" in book


async def test_the_interact_prompt_counts_its_list_and_i_says_what_a_mission_lacks(
        save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        session = GameSession.new("empires", dict(SEATS), 1)
        table = await open_table(pilot, app, session)
        assert table.state.to_move == 0 and len(table.state.archive) == 3
        await pilot.press("i")
        await settle(pilot, app)
        assert "i: 3 Archive relics" in prompt(table) and "mission" not in prompt(table)
        # An Archive emptied (by hand here) leaves the list empty: i says why, naming the
        # first mission whose goal is not met and how far the player is.
        table.state.archive.clear()
        table.refresh_table()
        await pilot.press("i")
        assert not isinstance(app.screen, ChoiceScreen)
        first = missions()[table.state.missions[0]]
        assert "nothing to interact with now: " in table.last_message.lower()
        assert f"{first.name} is not met" in table.last_message
        assert "i:" not in prompt(table)
