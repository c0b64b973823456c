"""Shared tables: open one, join one, watch one, and wait for the players to sit down.

These screens appear only in an app given a hall (``tui.hall.Hall``: the SSH host's).
Opening a table is the New game screen whose human seats are left for people; the opener
takes the first. A table starts when every human seat is taken.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from core.games import info
from tui.hall import PLAYING, WAITING, Hall, HallError, HallSession, TableInfo
from tui.screens.setup import SetupScreen
from tui.widgets.footer import KeyFooter
from tui.widgets.lists import StopList


def hall_of(app: Any) -> Hall:
    """The app's hall (these screens are only offered when it has one)."""
    hall: Hall = app.hall
    return hall


def seat_text(table: TableInfo) -> str:
    """``alice · Greedy bot · (free)``: who sits where."""
    parts = []
    for seat in table.seats:
        if seat.kind != "human":
            parts.append(f"{seat.kind.removeprefix('bot:').capitalize()} bot")
        elif not seat.user:
            parts.append("(free)")
        else:
            parts.append(seat.user + ("" if seat.connected else " (away)"))
    return " · ".join(parts)


def table_text(table: TableInfo) -> Text:
    """Two lines for a list of tables."""
    out = Text()
    out.append(f"Table {table.id}  ", style="bold")
    out.append(table.title, style="bold #ffd54f")
    out.append(f"\n  {seat_text(table)}")
    if table.status == WAITING:
        out.append(f" · waiting for {table.free} more", style="dim")
    else:
        out.append(f" · turn {table.turn}", style="dim")
    if table.mine is not None:
        out.append(f" · your seat: {table.mine + 1}", style="green")
    if table.watchers:
        out.append(f" · {table.watchers} watching", style="dim")
    return out


def sit_down(app: Any, session: HallSession) -> None:
    """Open the table for ``session`` (or wait for its players first) in place of the
    screen that chose it."""
    if session.started:
        app.start_game(session)
    else:
        app.switch_screen(WaitingScreen(session))


class OpenTableScreen(SetupScreen):
    """The New game screen for a shared table: human seats are for the players who join
    (under their own login names)."""

    NAMES = False
    REMEMBER = False

    def on_mount(self) -> None:
        # Textual runs SetupScreen's own on_mount first; only the title changes here.
        self.query_one("#setup-title", Label).update("Open a table · human seats are for "
                                                     "the players who join")
        # A shared table's seed is the host's secret: whoever chose it could replay the
        # shuffles.
        self.query_one("#seed-row").display = False

    def action_start(self) -> None:
        """Open the table and sit at its first human seat."""
        game, options, _ = self.options()
        if not info(game).playable:
            self.notify(f"{info(game).title} cannot be played yet.", severity="warning")
            return
        try:
            session = hall_of(self.app).open(game, options)
        except HallError as exc:
            self.notify(str(exc), title="Cannot open the table", severity="error")
            return
        sit_down(self.app, session)


class TableListScreen(Screen[None]):
    """The tables one may join (``watch=False``) or watch (``watch=True``)."""

    BINDINGS = [
        Binding("escape,q", "back", "Back"),
        Binding("r", "reload", "Refresh"),
    ]

    def __init__(self, watch: bool = False) -> None:
        super().__init__()
        self.watching = watch
        self.shown: list[TableInfo] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="continue-box"):
            yield Label("Watch a table" if self.watching else "Join a table", id="continue-title")
            yield Label("", id="tables-note", classes="dim-note")
            yield StopList(id="tables")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.action_reload()

    def wanted(self, table: TableInfo) -> bool:
        """Whether the list shows ``table``."""
        if self.watching:
            return table.status == PLAYING
        return table.status in (WAITING, PLAYING) and (table.mine is not None or
                                                       (table.status == WAITING and
                                                        table.free > 0))

    def action_reload(self) -> None:
        """Ask the hall for its tables again."""
        options = self.query_one("#tables", OptionList)
        options.clear_options()
        note = self.query_one("#tables-note", Label)
        try:
            tables = hall_of(self.app).tables()
        except HallError as exc:
            note.update(Text(str(exc), style="red"))
            return
        self.shown = [t for t in tables if self.wanted(t)]
        note.update("enter: watch · r: refresh" if self.watching
                    else "enter: sit down (your own seat, or the first free one) · r: refresh")
        if not self.shown:
            empty = "No game is being played." if self.watching else "No table has a seat for you."
            options.add_option(Option(Text(empty, style="dim"), disabled=True))
            return
        options.add_options(Option(table_text(t), id=t.id) for t in self.shown)
        options.highlighted = 0
        options.focus()

    @on(OptionList.OptionSelected, "#tables")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_id is None:
            return
        hall = hall_of(self.app)
        try:
            session = (hall.watch if self.watching else hall.join)(event.option_id)
        except HallError as exc:
            self.notify(str(exc), title="Cannot sit down", severity="error")
            self.action_reload()
            return
        sit_down(self.app, session)

    def action_back(self) -> None:
        """Back to the main menu."""
        self.dismiss(None)


class WaitingScreen(Screen[None]):
    """A table gathering its players; it opens the game when the last one sits down."""

    BINDINGS = [Binding("escape,q", "back", "Leave")]

    def __init__(self, session: HallSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        with Vertical(id="continue-box"):
            yield Label(f"Table {self.session.table_id}", id="continue-title")
            yield Label("", id="waiting-seats")
            yield Label("The game starts when every human seat is taken. Friends join it "
                        "from their menu: Join a table. Escape leaves (your seat is kept).",
                        classes="dim-note")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show(self.session.table())
        self.session.on_lobby(self.changed)

    def show(self, table: TableInfo) -> None:
        """Draw who sits where."""
        self.query_one("#waiting-seats", Label).update(table_text(table))

    def changed(self, table: TableInfo) -> None:
        """Someone sat down (or left); open the game once it has started."""
        if not self.is_attached:
            return
        self.show(table)
        if self.session.started:
            app: Any = self.app
            app.start_game(self.session)

    def action_back(self) -> None:
        """Leave the table for now; the seat stays yours."""
        self.session.close()
        self.dismiss(None)
