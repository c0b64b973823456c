"""Small things a new player trips over: "You gains", a turn ended with Runes to spend, the
game's keys left in the footer after the game is over."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Label
from tui_helpers import wait_until

from ai.bots import make_bot
from core.contract import Event
from tui.app import AscendApp
from tui.games.ascension.events import event_line
from tui.screens.dialogs import ConfirmScreen
from tui.screens.end import EndScreen
from tui.screens.table import TableScreen
from tui.session import GameSession


def test_the_player_at_the_keyboard_is_spoken_to_in_the_log() -> None:
    session = GameSession.new("ascension", {"players": 2, "names": ["You", "Bot"]}, 3)
    v = session.view(0)
    gain = event_line(v, session.names, Event("honor", 0, -1, 1), [])
    assert gain is not None and gain[0].strip().startswith("You gain 1 Honor")
    other = event_line(v, session.names, Event("honor", 1, -1, 2), [])
    assert other is not None and other[0].strip().startswith("Bot gains 2 Honor")
    shuffle = event_line(v, session.names, Event("reshuffle", 0, -1, 5), [])
    assert shuffle is not None and shuffle[0].strip().startswith("You shuffle ")


async def test_ending_a_turn_with_runes_to_spend_asks_first(save_dir: Path) -> None:
    app = AscendApp()
    app.bot_delay = 0
    async with app.run_test(size=(80, 24)) as pilot:
        session = GameSession.new("ascension", {"players": 2}, 42)
        app.start_game(session)
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen)
                         and app.screen.thinking is None and app.screen.my_move(),
                         "the human's move")
        await pilot.press("a")  # every card played: the hand is empty
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert not session.view(0).me.hand
        assert any(a.kind in ("acquire", "defeat") for a in session.legal())
        step = len(session.actions)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        question = str(app.screen.query(Label).first().render())
        assert "could still" in question and "Runes" in question
        await pilot.press("n")
        await pilot.pause()
        assert len(session.actions) == step  # the turn goes on


async def test_the_game_keys_leave_the_footer_once_the_game_is_over(save_dir: Path) -> None:
    session = GameSession.new("ascension", {"players": 2}, 6)
    bot = make_bot("greedy", "ascension", 1)
    while not session.over:
        seat = session.state.to_move
        session.apply(bot.choose(session.view(seat), session.legal()))
    app = AscendApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(session)
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen), "the scores")
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        shown = {binding.action for _, binding, _, _ in table.active_bindings.values()}
        assert not {"play_all", "end_turn", "hint", "undo"} & shown
        assert {"save", "menu", "help"} <= shown
