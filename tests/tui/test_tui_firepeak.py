"""The Firepeak table driven by real key presses at 80x24: set-up, a turn, save/continue,
the reason for an unavailable action, and a whole game to the end screen."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Static

import core.firepeak as F
from core.contract import Action
from core.firepeak.state import DUNGEON, GUARD
from core.firepeak.words import question
from core.words import plain
from tui.app import AscendApp
from tui.games.firepeak.panels import KEY_OF
from tui.games.firepeak.pattern import PatternView
from tui.games.firepeak.screen import FirepeakScreen
from tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from tui.screens.end import EndScreen
from tui.screens.load import ContinueScreen
from tui.screens.menu import MenuScreen
from tui.screens.passing import PassScreen
from tui.screens.rules import RulesScreen
from tui.screens.setup import SetupScreen
from tui.session import GameSession
from tui.widgets.panels import LogView

SIZE = (80, 24)


async def settle(pilot: Pilot, app: AscendApp) -> None:
    """Wait for bot and hint workers to finish and the screen to catch up."""
    for _ in range(400):
        await pilot.pause()
        await app.workers.wait_for_complete()
        table = next((s for s in app.screen_stack if isinstance(s, FirepeakScreen)), None)
        if table is None or table.thinking is None:
            await pilot.pause()
            return
    raise AssertionError("bots did not finish")


async def start_firepeak(pilot: Pilot, app: AscendApp, seed: str) -> FirepeakScreen:
    """Main menu -> New game -> Firepeak, seat 2 the Easy bot -> seed -> start."""
    await pilot.press("n")
    assert isinstance(app.screen, SetupScreen)
    await pilot.press("right")  # Ascension -> Ascension at Firepeak
    await pilot.press("down", "down", "down")
    assert app.focused is not None and app.focused.id == "seat-1"
    await pilot.press("left")  # Bot: Normal -> Bot: Easy
    await pilot.press("down", "down", "down")
    assert app.focused is not None and app.focused.id == "seed"
    await pilot.press(*seed, "enter")
    await settle(pilot, app)
    table = next(s for s in app.screen_stack if isinstance(s, FirepeakScreen))
    return table


async def test_firepeak_turn_save_continue(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await start_firepeak(pilot, app, "42")
        session = table.session
        state = session.state
        assert session.game == "firepeak"
        assert session.seats == ["human", "bot:easy"]
        assert state.options["variants"] == {"clan_powers": False, "reshuffle_once": False}

        # The set-up: keep 5 of 7 spells, two discards from a list.
        assert isinstance(app.screen, ChoiceScreen)
        assert "Keep 5 spells" in app.screen.title_text
        await pilot.press("enter")
        await settle(pilot, app)
        await pilot.press("enter")
        await settle(pilot, app)
        assert len(state.players[0].spellbook) == 5
        assert not state.setup and state.to_move == 0  # the bot's turn, if first, is over
        assert app.screen is table

        # An action with nothing to act on says why, and changes nothing.
        before = session.checksum()
        await pilot.press(KEY_OF["brainwash"])
        assert "Dungeon is empty" in table.last_message
        assert session.checksum() == before

        # Recruit under the Wizard and place the creature in the pattern.
        await pilot.press(KEY_OF["recruit"])
        assert isinstance(app.screen, ChoiceScreen)
        assert str(app.screen.options[0]) == "Recruit under the Wizard"
        assert str(app.screen.options[0]) == F.describe(state, session.legal()[0])
        await pilot.press("enter")
        await pilot.pause()
        pending = state.pending
        assert pending is not None and pending.kind == "place" and pending.seat == 0
        assert isinstance(app.screen, ChoiceScreen)
        assert pending.choices[0] not in (GUARD, DUNGEON)
        # The engine's question is the title, its phrase of each answer an entry.
        assert app.screen.title_text == plain(question(state, pending))
        assert app.screen.title_text.endswith(": where does it go?")
        assert [str(o).startswith(F.describe(state, Action("place", c)))
                for o, c in zip(app.screen.options, pending.choices, strict=True)] \
            == [True] * len(pending.choices)
        creature = pending.source
        await pilot.press("enter")
        await pilot.pause()
        assert state.players[0].pattern[pending.choices[0]] == creature
        pattern = table.query_one(PatternView)
        assert pattern.data is not None and creature in pattern.data.slots
        assert state.turn.actions_left == 1
        log = [strip.text.strip() for strip in table.query_one(LogView).lines]
        assert "You: recruit under the Wizard" in log

        # Every action in one list, each said as the engine says it; escape leaves it.
        await pilot.press("a")
        assert isinstance(app.screen, ChoiceScreen)
        legal = session.legal()
        assert len(app.screen.options) == len(legal)
        assert all(str(o).startswith(F.describe(state, a))
                   for o, a in zip(app.screen.options, legal, strict=True))
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table

        # End the turn (one action left: asked first); the bot plays its whole turn.
        await pilot.press(KEY_OF["end"])
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot, app)
        assert state.turns_taken[0] >= 1 and state.turns_taken[1] >= 1
        assert state.to_move == 0 and state.current == 0
        assert app.screen is table

        await pilot.press("question_mark")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert app.screen is table

        await pilot.press("s")
        saved = session.path
        assert saved is not None and saved.exists()
        checksum = session.checksum()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("c")
        await pilot.pause()
        listing = app.screen
        assert isinstance(listing, ContinueScreen)
        prompt = str(listing.query_one("#saves").get_option_at_index(0).prompt)
        assert "Ascension at Firepeak" in prompt
        assert f"turn {session.round} ·" in prompt  # the word its own header uses
        await pilot.press("enter")
        await settle(pilot, app)
        again = app.screen
        assert isinstance(again, FirepeakScreen) and again is not table
        assert again.session.checksum() == checksum
        assert again.session.path == saved
        assert again.session.state.players[0].pattern == state.players[0].pattern


async def play_human_first_legal(pilot: Pilot, app: AscendApp, session: GameSession,
                                 limit: int = 3000) -> int:
    """Play the human seat by keys, always heading for the first legal action: its action
    key, then enter in each list (lists keep the engine's order); answer y to questions."""
    presses = 0
    while presses < limit:
        await app.workers.wait_for_complete()
        while session.is_bot(session.state.to_move) or any(
                isinstance(s, FirepeakScreen) and s.thinking is not None
                for s in app.screen_stack):
            await pilot.pause()  # a bot's turn: its worker starts after the next refresh
            await app.workers.wait_for_complete()
        screen = app.screen
        if isinstance(screen, EndScreen):
            return presses
        if isinstance(screen, ChoiceScreen):
            await pilot.press("enter")
        elif isinstance(screen, ConfirmScreen):
            await pilot.press("y")
        elif isinstance(screen, FirepeakScreen):
            state = session.state
            if state.to_move is None or state.pending is not None:
                await pilot.press("enter")
            else:
                await pilot.press(KEY_OF[session.legal()[0].kind])
        else:
            raise AssertionError(f"unexpected screen {screen!r}")
        presses += 1
    raise AssertionError("the game did not end")


async def test_firepeak_full_game_to_the_end_screen(save_dir: Path) -> None:
    session = GameSession.new(
        "firepeak", {"players": 2, "seats": ["human", "bot:random"], "names": ["You", "Bot"]},
        seed=12)  # one of the shorter games: the whole game by keys stays well under 40 s
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(session)
        presses = await play_human_first_legal(pilot, app, session)
        assert presses > 20
        assert session.over
        outcome = F.outcome(session.state)
        assert outcome is not None
        screen = app.screen
        assert isinstance(screen, EndScreen)
        winner = str(screen.query_one("#end-winner").render())
        assert any(session.names[w] in winner for w in outcome.winners)
        console = Console(width=80, file=io.StringIO(), record=True)
        console.print(screen.table)
        text = console.export_text()
        assert "Power" in text and "creatures" in text
        assert str(outcome.scores[0]) in text
        assert session.path is not None and session.path.exists()  # autosaved at the end
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_firepeak_hot_seat_hides_and_hands_over(save_dir: Path) -> None:
    session = GameSession.new(
        "firepeak", {"players": 2, "seats": ["human", "human"],
                     "names": ["Player 1", "Player 2"]}, seed=11)
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(session)
        await settle(pilot, app)
        assert isinstance(app.screen, PassScreen) and app.screen.player == "Player 1"
        table = next(s for s in app.screen_stack if isinstance(s, FirepeakScreen))
        assert "hidden" in str(table.query_one("#fp-book").render())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)  # Player 1 keeps 5 of 7
        await pilot.press("escape")  # put the choice aside to look at the table
        await pilot.pause()
        assert app.screen is table
        assert "Choice" in str(table.query_one("#fp-prompt").render())
        await pilot.press("enter")  # and back to it
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert len(session.state.players[0].spellbook) == 5
        assert isinstance(app.screen, PassScreen) and app.screen.player == "Player 2"
        assert "hidden" in str(table.query_one("#fp-book").render())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and table.viewer == 1


async def test_firepeak_panel_redraws_when_only_its_colour_changes(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await start_firepeak(pilot, app, "5")
        table._put("#fp-prompt", Text("Your move", style="bold"))
        table._put("#fp-prompt", Text("Your move", style="reverse"))
        await pilot.pause()
        shown = table.query_one("#fp-prompt", Static).content
        assert isinstance(shown, Text)
        assert str(shown.style) == "reverse"
