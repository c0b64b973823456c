"""The table's turns that need no key: the bots' moves, one by one with a pause, and the
scores once the game is over. The table screen calls these with itself."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from tui.screens.end import EndScreen

if TYPE_CHECKING:
    from tui.screens.table import TableScreen


async def play_bots(table: TableScreen) -> None:
    """Let bots move until a human must act or the game ends, with a pause per move (the
    app's ``bot_delay``)."""
    delay = float(getattr(table.app, "bot_delay", 0.4))
    session = table.session
    try:
        while True:
            if not session.is_bot(table.state.to_move):
                break
            seat, view, legal = session.bot_choice()
            table.thinking = seat
            bot = session.bots[seat]
            try:
                action = await asyncio.to_thread(bot.choose, view, legal)
            except Exception as exc:  # a bot bug must not end the game
                action = legal[-1]
                table.notify(f"{table.player_name(seat)} failed ({exc!r}); it plays "
                             f"{session.describe(action)!r} instead", severity="error")
            if delay > 0 and not table.hurry:
                await table.bot_pause(delay)
            # The player may have left the table, loaded over it, or closed the app (whose
            # widgets go first) while the bot thought or paused.
            if table.state.to_move != seat or not table.is_attached or not table.app.is_running:
                break
            if not table.do(action):
                break
            await table.move_shown()
    finally:
        table.thinking = None
        table.hurry = False
    if table.is_attached and table.app.is_running:
        table.refresh_table()
        table.advance()
        table._focus_default()


def show_end(table: TableScreen) -> None:
    """The scores over the table, once the game is over (and no dialog is open)."""
    outcome = table.session.outcome()
    if outcome is None or table.modal_open:
        return
    table.refresh_table()

    def closed(_: None) -> None:
        table.modal_open = False

    table.modal_open = True
    from tui.games import ui
    from tui.history import session_story

    results = ui(table.session.game).results
    story = session_story(table.session, results.source)
    # Leaving the scores leaves the table the usual way (saved, its lock given back), to
    # what follows the game.
    onward = "Back to the campaign" if getattr(table.session, "sequel", None) else ""
    table.app.push_screen(EndScreen(table.session.names, outcome, results,
                                    leave=table.leave, onward=onward, story=story),
                          closed)
