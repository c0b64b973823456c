"""At every game's table: the log told again on Continue is the log as it was; u takes back
a move that showed nothing and refuses one that did, saying why; L shows the whole log."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tui_helpers import wait_until

from ai.bots import make_bot
from core.contract import Action
from core.games import game_names
from core.undo import what_showed
from tui.app import AscendApp
from tui.screens import table_log
from tui.screens.dialogs import ChoiceScreen
from tui.screens.table import TableScreen
from tui.screens.table_log import LogScreen
from tui.session import GameSession
from tui.widgets.panels import LogView

# One human against a bot, for each game (Tactics 1 vs 1; a solo game has its Villains).
SETUPS: dict[str, dict[str, Any]] = {
    "ascension": {"players": 2},
    "firepeak": {"players": 2},
    "tactics": {"players": 2},
    "empires": {"players": 2},
}
TACTICS_SOLO = {"players": 1, "mode": "solo"}


async def open_table(pilot: Any, app: AscendApp, session: Any, message: str = "") -> TableScreen:
    app.start_game(session, message)
    await wait_until(pilot, lambda: isinstance(app.screen, TableScreen)
                     and app.screen.session is session, "the table")
    table = app.screen
    assert isinstance(table, TableScreen)
    return table


async def settled(pilot: Any, table: TableScreen) -> None:
    """Wait until the human at the keyboard is to move (or the game is over)."""
    await wait_until(pilot, lambda: table.thinking is None and (
        table.state.to_move is None or table.my_move()), "the human's move")
    await pilot.pause()


async def play_human_moves(pilot: Any, table: TableScreen, moves: int, seed: int) -> None:
    """Let a bot's choices be the human's ``moves`` moves, played at the table as keys
    would (``do``), the table's bots answering in between."""
    chooser = make_bot("greedy", table.session.game, seed)
    for _ in range(moves):
        await settled(pilot, table)
        if table.state.to_move is None:
            return
        if table.modal_open:  # a choice dialog is open: answer it from the table
            table.app.pop_screen()
            table.modal_open = False
        seat = table.state.to_move
        action = chooser.choose(table.session.view(seat), table.session.legal())
        table.do(action)
        table.advance()
    await settled(pilot, table)


def log_lines(table: TableScreen) -> list[str]:
    return table.query_one(LogView).plain_lines()


@pytest.mark.parametrize("game", game_names())
async def test_continue_tells_the_log_as_it_was(game: str, save_dir: Path) -> None:
    app = AscendApp()
    app.bot_delay = 0
    async with app.run_test(size=(120, 40)) as pilot:
        session = GameSession.new(game, SETUPS[game], 5)
        table = await open_table(pilot, app, session)
        await play_human_moves(pilot, table, 25, 5)
        before = log_lines(table)
        assert len(before) > 10
        path = session.save()
        table.leave()
        await pilot.pause()
        again, message = GameSession.from_save(path)
        table = await open_table(pilot, app, again, message)
        await pilot.pause()
        after = log_lines(table)
        assert not any(line.startswith("Loaded:") for line in after)
        assert after == before


async def test_continue_tells_a_solo_tactics_log_with_the_villains_as_it_was(
        save_dir: Path) -> None:
    app = AscendApp()
    app.bot_delay = 0
    async with app.run_test(size=(120, 40)) as pilot:
        session = GameSession.new("tactics", TACTICS_SOLO, 8)
        table = await open_table(pilot, app, session)
        await play_human_moves(pilot, table, 40, 8)
        table.playback.skip()
        await pilot.pause()
        before = log_lines(table)
        path = session.save()
        table.leave()
        await pilot.pause()
        again, message = GameSession.from_save(path)
        table = await open_table(pilot, app, again, message)
        await pilot.pause()
        assert log_lines(table) == before


def last_move_showed(session: GameSession) -> str | None:
    """What the session's last move showed (replayed from its record)."""
    mod = session.module
    before = mod.new_game(session.options, session.seed)
    for a in session.actions[:-1]:
        mod.apply(before, a)
    after = before.copy()
    events = mod.apply(after, Action(*session.actions[-1]))
    return what_showed(mod, before, after, Action(*session.actions[-1]), events)


async def test_u_takes_back_a_quiet_move_and_refuses_one_that_drew(save_dir: Path) -> None:
    app = AscendApp()
    app.bot_delay = 0
    async with app.run_test(size=(80, 24)) as pilot:
        session = GameSession.new("ascension", {"players": 2}, 42)
        table = await open_table(pilot, app, session)
        await settled(pilot, table)
        start = list(session.actions)
        play = next(a for a in session.legal() if a.kind == "play")
        log_before = log_lines(table)
        hand_before = list(session.view(0).me.hand)
        table.do(play)
        await pilot.pause()
        assert session.actions == [*start, play] and last_move_showed(session) is None
        await pilot.press("u")
        await pilot.pause()
        assert session.actions == start
        assert list(session.view(0).me.hand) == hand_before
        assert log_lines(table) == log_before
        table_log.rebuild(table)  # the log told again from the record says the same
        assert log_lines(table) == log_before
        # Saved now, the record holds no taken-back move.
        saved, _ = GameSession.from_save(session.save(), read_only=True)
        assert saved.actions == start

        # A move that turned up a new center card stands, and the refusal says why.
        buy = next((a for a in session.legal() if a.kind in ("acquire", "defeat")), None)
        while buy is None:
            table.do(next(a for a in session.legal() if a.kind == "play"))
            buy = next((a for a in session.legal() if a.kind in ("acquire", "defeat")
                        and a.card in session.view(0).center_row), None)
        table.do(buy)
        await pilot.pause()
        taken = list(session.actions)
        await pilot.press("u")
        await pilot.pause()
        assert session.actions == taken
        assert "Cannot take back" in table.last_message
        assert "a new card turned up in the center row" in table.last_message
        notes = [n.message for n in app._notifications]
        assert any("turned up in the center row" in n for n in notes)


async def test_u_does_not_take_back_another_players_move(save_dir: Path,
                                                          counter_registered: Any) -> None:
    app = AscendApp()
    app.bot_delay = 0
    async with app.run_test(size=(80, 24)) as pilot:
        session = GameSession.new("counter", {"players": 2}, 1)
        table = await open_table(pilot, app, session)
        await settled(pilot, table)
        if not session.actions:  # the human starts: one add, then the bot answers
            table.do(session.legal()[0])
            table.advance()
            await settled(pilot, table)
        taken = list(session.actions)
        await pilot.press("u")
        await pilot.pause()
        assert session.actions == taken
        assert "Cannot take back" in table.last_message


async def test_l_shows_the_whole_log_by_round_and_finds_words(save_dir: Path) -> None:
    app = AscendApp()
    app.bot_delay = 0
    async with app.run_test(size=(80, 24)) as pilot:
        session = GameSession.new("ascension", {"players": 2}, 9)
        table = await open_table(pilot, app, session)
        await play_human_moves(pilot, table, 30, 9)
        entries = table.query_one(LogView).entries
        await pilot.press("L")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LogScreen)
        lines = screen.lines
        assert lines.option_count == len(entries) + len({t for t, _ in entries})
        assert lines.highlighted == lines.option_count - 1  # the latest line first
        await pilot.press("left_square_bracket")
        top_round = screen.rows[lines.highlighted or 0][0]
        assert top_round == entries[-1][0] - 1
        await pilot.press("slash", *"acquire")
        await pilot.pause()
        found = screen.rows[lines.highlighted or 0][1].plain.lower()
        assert "acquire" in found
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table and not table.modal_open


async def test_a_wider_terminal_wraps_the_log_again_with_its_lines_whole(
        save_dir: Path) -> None:
    app = AscendApp()
    app.bot_delay = 0
    async with app.run_test(size=(80, 24)) as pilot:
        session = GameSession.new("tactics", {"players": 2}, 4)
        table = await open_table(pilot, app, session)
        await pilot.pause()
        log = table.query_one(LogView)
        narrow = len(log.lines)
        await pilot.resize_terminal(160, 40)
        await pilot.pause()
        await pilot.pause()
        assert len(log.lines) < narrow  # the scenario's story takes fewer, longer lines
        assert log.plain_lines()[0] == table.banner()


async def test_u_in_the_question_a_card_asked_takes_the_card_back(save_dir: Path) -> None:
    """Playing Void Initiate asks which card to banish; u in that question takes the card
    back, and the question closes unanswered (found by play: seed 1, move 152, with the
    first generator's shuffles, which the game keeps so the position stays the same)."""
    session = GameSession.new("ascension", {"players": 2, "generator": 1}, 1)
    bots = [make_bot("greedy", "ascension", 1), make_bot("greedy", "ascension", 2)]
    for _ in range(151):
        seat = session.state.to_move
        session.apply(bots[seat].choose(session.view(seat), session.legal()))
    play = next(a for a in session.legal() if session.describe(a) == "Play Void Initiate")
    app = AscendApp()
    app.bot_delay = 0
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, app, session)
        await settled(pilot, table)
        before, log_before = list(session.actions), log_lines(table)
        table.do(play)
        table.advance()
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        await pilot.press("u")
        await wait_until(pilot, lambda: app.screen is table and not table.modal_open,
                         "the question closed")
        assert session.actions == before
        assert session.view(0).pending is None
        assert log_lines(table) == log_before


async def test_u_in_a_question_after_a_draw_is_refused_and_the_question_stays(
        save_dir: Path) -> None:
    app = AscendApp()
    app.bot_delay = 0
    async with app.run_test(size=(80, 24)) as pilot:
        session = GameSession.new("firepeak", {"players": 2}, 7)
        app.start_game(session)
        await wait_until(pilot, lambda: any(isinstance(s, TableScreen)
                                            for s in app.screen_stack), "the table")
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        for _ in range(20):  # the spells to keep, then the first turn
            await wait_until(pilot, lambda: table.thinking is None and table.my_move(),
                             "the human's move")
            if not session.view(session.state.to_move).pending:
                break
            if isinstance(app.screen, ChoiceScreen):
                await pilot.press("enter")
            await pilot.pause()
        recruit = next(a for a in session.legal() if a.kind == "recruit")
        table.do(recruit)
        table.advance()
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the placing")
        taken = list(session.actions)
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and session.actions == taken
        notes = [n.message for n in app._notifications]
        assert any("a creature was drawn from the Recruitment deck" in n for n in notes)
