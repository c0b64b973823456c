"""The game log: written again from the record, and read in full on a screen of its own.

The log is what the moves did, so it can always be told again from the record: a game
continued from a save, or one whose last move was taken back, shows the log it would have
had, line for line. The full-screen log (key ``L``) lists every entry under its round, and
finds words in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label
from textual.widgets.option_list import Option

from tui.widgets.lists import StopList
from tui.widgets.panels import LogView

if TYPE_CHECKING:
    from tui.screens.table import TableScreen

# How the load message of a game rebuilt by replaying its moves starts (``saves.loader``);
# a game loaded from its snapshot instead has a record that does not tell it.
REPLAYED = "replayed"


def can_rebuild(table: TableScreen) -> bool:
    """Whether the table's record can be told again here: a game kept at this keyboard
    (a shared table's session knows only what its seat saw) whose moves make it (not one
    loaded from its snapshot)."""
    from tui.session import GameSession

    message = table.load_message
    return isinstance(table.session, GameSession) and (
        not message or message.startswith(REPLAYED))


def rebuild(table: TableScreen) -> None:
    """Write the table's log again from its record, as it was written move by move: the
    banner and opening notes, then each move's line and its events, each told against the
    game as it stood then (the session's state stands in for it during the telling)."""
    session = table.session
    assert can_rebuild(table), "only a game kept here can be told again"
    mod = session.module
    live_state, live_actions, viewer = session.state, session.actions, table.viewer
    log = table.query_one(LogView)
    log.clear()
    humans = session.humans
    try:
        with log.holding():
            session.state = mod.new_game(session.options, session.seed)
            session.actions = []
            log.add(table.banner(), "bold")
            table.opening_notes(log)
            for action in live_actions:
                seat = session.state.to_move
                if seat in humans and len(humans) > 1:
                    table.viewer = seat  # hot seat: each move was told to its maker
                line = table.log_line(seat, action)
                table.move_round = session.round
                events = mod.apply(session.state, action)
                session.actions.append(action)
                table.log_action(seat, line, events)
    finally:
        session.state, session.actions, table.viewer = live_state, live_actions, viewer


def take_back(table: TableScreen, dialog: Screen[Any] | None = None) -> None:
    """Take back the last move at ``table`` if its player may (the one to move, at this
    keyboard, and the move showed nothing hidden), cutting its lines from the log; else
    say why not. ``dialog``: the question that move asked, open over the table, closed
    unanswered once the move is taken back."""
    from core.undo import UndoRefused

    to = table.state.to_move
    try:
        if to is not None and not table.my_move():
            raise UndoRefused(f"only {table.player_name(to)}, to move now, may take back a "
                              f"move, and only their own")
        said = table.session.undo()
    except UndoRefused as exc:
        if dialog is None:
            table.refuse(str(exc), title="Cannot take back")
        else:
            text = str(exc)
            dialog.notify(text[:1].upper() + text[1:], title="Cannot take back",
                          severity="warning")
        return
    if dialog is not None:
        # The dialog's own answer to closing (a decline, a list put aside) must not be
        # played on the game as it now is: the table takes no move until it is gone.
        table.taking_back = True
        dialog.dismiss(None)

        def closed() -> None:
            table.taking_back = False
            table.modal_open = False
            taken_back(table, said)

        table.call_after_refresh(closed)
        return
    taken_back(table, said)


def taken_back(table: TableScreen, said: str) -> None:
    """The table once a move is taken back: its lines cut from the log, the hint gone."""
    table.last_message = ""
    table.drop_hint()
    # The log as it was before the move: its own lines cut, or (a log that does not know
    # where the move began) told again from the record.
    if not table.query_one(LogView).take_back_to(len(table.session.actions)) \
            and can_rebuild(table):
        rebuild(table)
    table.notify(f"Taken back: {said}", timeout=3)
    table.refresh_table()
    table.call_after_refresh(table._focus_default)
    table.advance()


def open_log_screen(table: TableScreen) -> None:
    """Show the table's whole log on a screen of its own."""
    entries = table.query_one(LogView).entries

    def closed(_: None) -> None:
        table.modal_open = False
        table.advance()

    table.modal_open = True
    table.app.push_screen(LogScreen(list(entries), f"The game log · round "
                                                   f"{table.session.round}"), closed)


class LogScreen(ModalScreen[None]):
    """The whole log on a screen of its own: each round under its heading, ↑↓ and page keys
    to read, [ and ] for the round before and after, / to find words (enter: the next
    place further back)."""

    BINDINGS = [
        Binding("escape,L,q", "close", "Back"),
        Binding("left_square_bracket", "round(-1)", "Round before"),
        Binding("right_square_bracket", "round(1)", "Round after"),
        Binding("slash", "find", "Find"),
        Binding("n", "again(-1)", "Next found", show=False),
        Binding("N", "again(1)", "Found before", show=False),
    ]

    def __init__(self, entries: list[tuple[int, Text]], title: str) -> None:
        super().__init__()
        self.title_text = title
        self.rows: list[tuple[int, Text]] = []  # (round, entry) per line; headings too
        self.headings: list[int] = []  # the line of each round's heading
        last = None
        for turn, text in entries:
            if turn != last:
                self.headings.append(len(self.rows))
                self.rows.append((turn, Text(f"── Round {turn} ──", style="bold")))
                last = turn
            self.rows.append((turn, text))
        self.found: list[int] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="log-screen"):
            yield Label(self.title_text, id="log-screen-title")
            yield StopList(*[Option(text, disabled=i in self.headings)
                             for i, (_, text) in enumerate(self.rows)], id="log-lines")
            yield Input(placeholder="/ find: type words, enter for the next place",
                        id="log-find")
            yield Label("↑↓ pgup pgdn read · [ ] round before/after · / find · n/N next/back"
                        " · escape back", id="log-screen-keys")

    def on_mount(self) -> None:
        lines = self.query_one("#log-lines", StopList)
        lines.focus()
        lines.action_last()

    @property
    def lines(self) -> StopList:
        return self.query_one("#log-lines", StopList)

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)

    def action_round(self, step: int) -> None:
        """The heading of the round before (or after) the line highlighted."""
        here = self.lines.highlighted or 0
        turn = self.rows[here][0]
        for i in self.headings if step > 0 else reversed(self.headings):
            if (self.rows[i][0] - turn) * step > 0:
                self._show(i + 1 if i + 1 < len(self.rows) else i)
                return
        self.notify("No round " + ("after" if step > 0 else "before") + " this one.",
                    timeout=2)

    def action_find(self) -> None:
        """/: type the words to find."""
        self.query_one("#log-find", Input).focus()

    @on(Input.Changed, "#log-find")
    def _typed(self, event: Input.Changed) -> None:
        words = event.value.strip().lower()
        self.found = [i for i, (_, text) in enumerate(self.rows)
                      if words and i not in self.headings and words in text.plain.lower()]
        if self.found:
            self._show(self.found[-1])  # the latest place first

    @on(Input.Submitted, "#log-find")
    def _next(self, event: Input.Submitted) -> None:
        self.action_again(-1)

    def action_again(self, step: int) -> None:
        """The next place the words are found, further back (-1) or later (1)."""
        if not self.found:
            self.notify("Nothing found: / and type the words to find.", timeout=2)
            return
        here = self.lines.highlighted or 0
        later = [i for i in self.found if (i - here) * step > 0]
        if not later:
            self.notify("No more places " + ("before" if step < 0 else "after") + " this.",
                        timeout=2)
            return
        self._show(later[-1] if step < 0 else later[0])

    def _show(self, line: int) -> None:
        self.lines.highlighted = line
        self.lines.scroll_to_highlight()
