"""The counter game at the table (its row in ``tui.games`` names this module): the counter,
the legal adds as a list (enter plays the highlighted one), the prompt, the log and hints.

Small, but a whole table: the flow of turns, the bots, hints, saving and the end screen all
come from ``TableScreen``, as for the real games.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import OptionList, Static

from core.contract import Action, Event
from tui.games import GameUI
from tui.screens.table import (
    HINT_AND_GAME_BINDINGS,
    LOG_BINDINGS,
    TableScreen,
    find_hint,
    possessive,
)
from tui.widgets.footer import KeyFooter
from tui.widgets.lists import StopList
from tui.widgets.panels import HintPanel, LogView


class CounterTable(TableScreen):
    """One game of the counter game in play."""

    CSS_PATH = Path(__file__).with_name("counter.tcss")

    BINDINGS = [*HINT_AND_GAME_BINDINGS, *LOG_BINDINGS]

    def __init__(self, session: Any, message: str = "") -> None:
        super().__init__(session, message)
        self.moves: list[Action] = []  # the actions listed, in the list's order

    def compose(self) -> ComposeResult:
        yield Static(id="counter-status")
        yield StopList(id="counter-moves")
        yield Static(id="counter-prompt")
        with Horizontal(id="counter-bottom"):
            yield LogView(id="counter-log")
            yield HintPanel(id="counter-hint")
        yield KeyFooter()

    # --- hooks of the table ------------------------------------------------------------------

    def banner(self) -> str:
        """The first log line: players and seed."""
        s = self.session
        return f"Counter · {' vs '.join(s.names)} · seed {s.seed}"

    def refresh_table(self) -> None:
        """The counter, whose turn it is, and the adds open to the seat at the keyboard."""
        v = self.view_for(self.table_seat())
        status = Text()
        status.append(f" Round {self.session.round} ", style="bold reverse")
        status.append(f" {possessive(self.player_name(v.current))} turn ", style="bold")
        status.append(f" counter {v.total} of {v.target}")
        self.query_one("#counter-status", Static).update(status)
        self.moves = self.session.legal() if self.my_move() else []
        moves = self.query_one("#counter-moves", OptionList)
        moves.set_options(self.session.describe(a) for a in self.moves)
        if self.moves:
            moves.highlighted = 0
        self._draw_prompt(v)
        self._draw_hint()

    def _draw_prompt(self, v: Any) -> None:
        self.query_one("#counter-prompt", Static).update(self.prompt_text(v))

    def move_prompt(self, v: Any) -> Text:
        """What to do when the seat at the keyboard is to move."""
        return Text(f"{possessive(self.player_name(v.seat))} move: choose an add, enter "
                    f"plays it", style="bold green")

    def log_line(self, seat: int, action: Action) -> str:
        """The game's own description of the action."""
        return self.session.describe(action)

    def event_line(self, e: Event) -> tuple[str, str] | None:
        """The end of the game is worth a line; each add is already told."""
        if e.kind == "game_over":
            return f"{self.player_name(e.seat)} reaches the target.", "bold"
        return None

    def handover_reason(self, seat: int) -> str:
        """Every hand-over is a new turn."""
        return f"It is {self.player_name(seat)}'s turn."

    def offer_decision(self, seat: int) -> None:
        """The game asks no question inside a move: the list of adds is the decision."""
        self._focus_default()

    def hint_for(self, view: Any, legal: list[Action]) -> tuple[Action, str] | None:
        """The hint for this position (see ``find_hint``)."""
        return find_hint(self.session.game, view, legal, self.session.module.describe)

    def point_at_hint(self, action: Action) -> None:
        """Highlight the hinted add, so enter plays it."""
        if action in self.moves:
            self.query_one("#counter-moves", OptionList).highlighted = self.moves.index(action)

    def _focus_default(self) -> None:
        self.query_one("#counter-moves", OptionList).focus()

    # --- keys --------------------------------------------------------------------------------

    @on(OptionList.OptionSelected, "#counter-moves")
    def _move_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.my_move() and event.option_index < len(self.moves) and \
                self.do(self.moves[event.option_index]):
            self.advance()

    @on(HintPanel.Apply)
    def _hint_apply(self) -> None:
        self.action_use_hint()


UI = GameUI(table="counter_game.table:CounterTable", turn_word="round")
