"""The app driven by real key presses at 80x24: a full turn, save/continue, hot seat, errors."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from textual.pilot import Pilot

from core.contract import Action
from tui.app import AscendApp
from tui.games.ascension.cards import CardView
from tui.games.ascension.screen import AscensionScreen
from tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from tui.screens.end import EndScreen
from tui.screens.load import ContinueScreen
from tui.screens.menu import MenuScreen
from tui.screens.passing import PassScreen
from tui.screens.setup import SetupScreen
from tui.session import GameSession
from tui.widgets.panels import LogView

SIZE = (80, 24)


async def settle(pilot: Pilot, app: AscendApp) -> None:
    """Wait for bot and hint workers to finish and the screen to catch up."""
    for _ in range(200):
        await pilot.pause()
        await app.workers.wait_for_complete()
        screen = app.screen
        if not isinstance(screen, AscensionScreen) or screen.thinking is None:
            await pilot.pause()
            return
    raise AssertionError("bots did not finish")


async def start_game(pilot: Pilot, app: AscendApp, seed: str, hot_seat: bool = False) -> None:
    """Main menu -> New game -> (seat 2 human?) -> seed -> start."""
    await pilot.press("enter")
    assert isinstance(app.screen, SetupScreen)
    if hot_seat:
        await pilot.press("down", "down", "down")
        assert app.focused is not None and app.focused.id == "seat-1"
        await pilot.press("left", "left")  # Bot: Normal -> Bot: Easy -> Human
        await pilot.press("up", "up", "up")
    await pilot.press(*["down"] * 6)
    assert app.focused is not None and app.focused.id == "seed"
    await pilot.press(*seed, "enter")
    await settle(pilot, app)


async def focus_card(pilot: Pilot, app: AscendApp, widget_id: str) -> CardView:
    """Move focus with the arrow keys to the card with ``widget_id`` (center row and piles)."""
    await pilot.press("up", "up")
    for _ in range(12):
        focused = app.focused
        if isinstance(focused, CardView) and focused.id == widget_id:
            return focused
        await pilot.press("right")
    raise AssertionError(f"could not reach {widget_id}; focus is on {app.focused}")


def shown_hand(screen: AscensionScreen) -> list[int]:
    return [c.uid for c in screen.query_one("#hand").query(CardView) if c.display]


def shown_row(screen: AscensionScreen) -> list[int]:
    return [c.uid for c in screen.query_one("#center").query(CardView)]


async def test_turn_save_continue(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await start_game(pilot, app, "42")
        screen = app.screen
        assert isinstance(screen, AscensionScreen)
        session = screen.session
        assert session.seats[1].startswith("bot:")
        state = session.state
        assert shown_hand(screen) == state.players[0].hand

        await pilot.press("a")  # play every card that asks nothing
        assert state.players[0].hand == []
        assert state.turn.runes >= 3  # five cards of 8 Apprentices + 2 Militia
        power = state.turn.power
        await focus_card(pilot, app, "pile-mystic")
        before = len(session.actions)
        await pilot.press("enter")
        assert session.actions[before].kind == "acquire"
        assert any(state.cards[u].name == "Mystic" for u in state.players[0].discard)
        if power >= 2:
            await focus_card(pilot, app, "pile-cultist")
            await pilot.press("enter")
            assert state.players[0].honor == 1

        await pilot.press("e")
        await pilot.pause()
        if isinstance(app.screen, ConfirmScreen):  # Runes or Power left would still buy
            await pilot.press("y")
        await settle(pilot, app)
        assert state.turns_taken == [1, 1]  # the bot played its whole turn
        assert state.to_move == 0
        assert any(a.kind == "end" for a in session.actions[before + 2:])
        assert shown_hand(screen) == state.players[0].hand

        await pilot.press("s")
        saved = session.path
        assert saved is not None and saved.exists()
        checksum = session.checksum()
        hand, row = list(state.players[0].hand), list(state.center_row)

        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        prompt = str(app.screen.query_one("#saves").get_option_at_index(0).prompt)
        assert f"round {session.round} ·" in prompt  # the word its own header uses
        await pilot.press("enter")
        await settle(pilot, app)
        table = app.screen
        assert isinstance(table, AscensionScreen)
        assert table is not screen
        assert table.session.checksum() == checksum
        assert table.session.path == saved
        assert shown_hand(table) == hand
        assert shown_row(table) == row


async def test_hot_seat_hides_hands(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await start_game(pilot, app, "7", hot_seat=True)
        assert isinstance(app.screen, PassScreen)
        assert app.screen.player == "Player 1"
        table = app.screen_stack[-2]
        assert isinstance(table, AscensionScreen)
        assert table.session.humans == [0, 1]
        assert shown_hand(table) == []  # nothing of any hand behind the hand-over screen

        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is table
        state = table.session.state
        assert shown_hand(table) == state.players[0].hand

        await pilot.press("e")  # cards still in hand: asks first
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert app.screen.player == "Player 2"
        assert shown_hand(table) == []
        await pilot.press("enter")
        await pilot.pause()
        assert shown_hand(table) == state.players[1].hand
        assert table.viewer == 1


async def test_illegal_action_shows_reason(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await start_game(pilot, app, "3")
        screen = app.screen
        assert isinstance(screen, AscensionScreen)
        session = screen.session
        checksum = session.checksum()
        await focus_card(pilot, app, "pile-cultist")
        await pilot.press("enter")  # no Power yet
        await pilot.pause()
        assert session.actions == []
        assert session.checksum() == checksum
        assert "Cultist needs 2 Power; you have 0" in screen.last_message
        assert any("Cultist needs 2 Power" in n.message for n in app._notifications)
        assert "Not allowed" in str(screen.query_one("#prompt").render())
        screen.last_message = ""
        await pilot.click("#slot-0")  # a click does what enter does: refused the same way
        await pilot.pause()
        assert session.actions == [] and session.checksum() == checksum
        assert screen.last_message.startswith("Not allowed")


async def test_broken_save_is_listed(save_dir: Path) -> None:
    (save_dir / "broken.ascend").write_bytes(b"this is not a save")
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ContinueScreen)
        [entry] = screen.entries
        assert entry.summary is None and entry.error
        options = screen.query_one("#saves")
        prompt = str(options.get_option_at_index(0).prompt)
        assert "broken.ascend" in prompt and "cannot be loaded" in prompt
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert any("broken.ascend" in n.message for n in app._notifications)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


def take(state: object, uid: int) -> None:
    """Lift card ``uid`` out of the center deck or row (test set-up only)."""
    if uid in state.center_deck:
        state.center_deck.remove(uid)
    else:
        slot = state.center_row.index(uid)
        state.center_row[slot] = state.center_deck.pop()


def widow_table() -> GameSession:
    """Two humans; Player 1 has 4 Power and a Corrosive Widow in the row, Player 2 two
    constructs, so defeating it makes Player 2 choose which one to discard."""
    session = GameSession.new(
        "ascension", {"players": 2, "seats": ["human", "human"]}, seed=9)
    s = session.state
    by_name = {}
    for uid, card in enumerate(s.cards):
        by_name.setdefault(card.name, []).append(uid)
    widow = by_name["Corrosive Widow"][0]
    stars = by_name["Shadow Star"][:2]
    for uid in (widow, *stars):
        take(s, uid)
    s.center_deck.append(s.center_row[0])
    s.center_row[0] = widow
    s.players[1].constructs += stars
    s.turn.power = 4
    return session


def widow_stars(session: GameSession) -> list[int]:
    """The two Shadow Stars ``widow_table`` gives Player 2."""
    return [u for u, c in enumerate(session.state.cards) if c.name == "Shadow Star"][:2]


async def test_log_gives_the_pool_as_of_each_gain(save_dir: Path) -> None:
    """Defeating a center-row Samael's Trickster with Voidthirster out gains Honor twice in one
    action: each log line names the pool as it stood after that gain, not after both."""
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        session = GameSession.new("ascension", {"players": 2, "seats": ["human", "bot:random"]},
                                  seed=9)
        s = session.state
        thirster = next(u for u, c in enumerate(s.cards) if c.name == "Voidthirster")
        trickster = next(u for u, c in enumerate(s.cards) if c.name == "Samael's Trickster")
        for uid in (thirster, trickster):
            take(s, uid)
        s.players[0].constructs.append(thirster)
        s.center_deck.append(s.center_row[0])
        s.center_row[0] = trickster
        s.turn.power = 3
        pool = s.honor_pool
        app.start_game(session)
        await settle(pilot, app)
        await focus_card(pilot, app, "slot-0")
        await pilot.press("enter")
        await pilot.pause()
        assert s.players[0].honor == 2 and s.honor_pool == pool - 2
        log = app.screen.query_one(LogView)
        said = [strip.text.strip() for strip in log.lines if strip.text.startswith("Player 1:")]
        assert said == ["Player 1: Defeat Samael's Trickster"]  # the engine's words
        gains = [strip.text.strip() for strip in log.lines if "gains 1 Honor" in strip.text]
        assert gains == [f"Player 1 gains 1 Honor (pool {pool - 1})",
                         f"Player 1 gains 1 Honor (pool {pool - 2})"]


async def test_opponent_answers_after_hand_over(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        session = widow_table()
        app.start_game(session)
        await settle(pilot, app)
        assert isinstance(app.screen, PassScreen) and app.screen.player == "Player 1"
        await pilot.press("enter")
        await focus_card(pilot, app, "slot-0")
        await pilot.press("enter")  # defeat the Widow
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert app.screen.player == "Player 2"
        assert app.screen.reason == ("Player 1 played Corrosive Widow: Player 2 must answer — "
                                     "Choose one of your constructs to put in your discard "
                                     "pile")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        # The question and each answer in the engine's words, the card's numbers beside it.
        assert app.screen.title_text == ("Corrosive Widow: Choose one of your constructs to "
                                         "put in your discard pile")
        assert [str(o) for o in app.screen.options] == [
            "Put Shadow Star in your discard pile  3◆ 2★"] * 2
        await pilot.press("escape")  # not optional: stays open
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert len(session.state.players[1].constructs) == 1
        assert session.state.players[1].discard[-1] in widow_stars(session)
        assert isinstance(app.screen, PassScreen) and app.screen.player == "Player 1"
        await pilot.press("enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, AscensionScreen) and table.viewer == 0
        assert session.state.players[0].honor == 3


async def test_a_construct_offers_the_abilities_it_may_use_now(save_dir: Path) -> None:
    """Yggdrasil Staff with 4 Runes: enter asks which ability (both usable); once one is
    used, enter uses the other at once; once both are, the engine says why not."""
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        session = GameSession.new("ascension", {"players": 2, "seats": ["human", "bot:random"]},
                                  seed=9)
        s = session.state
        staff = next(u for u, c in enumerate(s.cards) if c.name == "Yggdrasil Staff")
        take(s, staff)
        s.players[0].constructs.append(staff)
        s.turn.runes = 4
        app.start_game(session)
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, AscensionScreen)
        await pilot.press("down")  # from the hand to the constructs
        assert isinstance(app.focused, CardView) and app.focused.uid == staff
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        assert dialog.title_text == "Use Yggdrasil Staff: which ability?"
        assert [str(o) for o in dialog.options] == [
            "1. Use Yggdrasil Staff: +1 Power",
            "2. Use Yggdrasil Staff: Pay 4 Runes for 3 Honor"]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.screen is screen
        assert session.actions == [Action("activate", staff, 1)]
        assert s.players[0].honor == 3 and s.turn.runes == 0
        await pilot.press("enter")  # only +1 Power is left: no question
        await pilot.pause()
        assert app.screen is screen
        assert session.actions[-1] == Action("activate", staff, 0) and s.turn.power == 1
        checksum = session.checksum()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and session.checksum() == checksum
        assert screen.last_message == (
            "Not allowed: Yggdrasil Staff has already used that ability this turn.")


async def test_finished_game_shows_scores(save_dir: Path) -> None:
    session = GameSession.new(
        "ascension", {"players": 2, "seats": ["bot:random", "bot:random"], "honor_pool": 12},
        seed=4)
    while not session.over:
        session.bot_move()
    outcome = session.module.outcome(session.state)
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(session)
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, EndScreen)
        winner = str(screen.query_one("#end-winner").render())
        assert session.names[outcome.winners[0]] in winner
        console = Console(width=80, file=io.StringIO(), record=True)
        console.print(screen.table)
        table = console.export_text()
        assert str(outcome.scores[0]) in table
        assert all(word in table for word in ("monsters", "effects", "heroes", "constructs"))
        assert "tie" in str(screen.query_one("#end-tiebreak").render()).lower()
        # The score over the turns: a row a player, ending on the final score.
        chart = str(screen.query_one("#end-chart").render()).split("\n")
        assert len(chart) == 2
        for seat, name in enumerate(session.names):
            line = next(line for line in chart if line.startswith(name))
            assert line.rstrip().endswith(f" {outcome.scores[seat]}")
        held = str(screen.query_one("#end-holdings").render())
        assert all(f"{name}: " in held for name in session.names) and "Apprentice" in held
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
