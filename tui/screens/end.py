"""The end of a game: scores, how they were made, who won and why."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Label, Static

from tui.theme import HONOR_COLOR
from tui.widgets.footer import KeyFooter


def score_table(names: list[str], outcome: Any) -> Table:
    """A Rich table of the final score: total, tokens, card Honor and turns per player."""
    details = outcome.details or {}
    tokens = details.get("tokens", [])
    card_honor = details.get("card_honor", [])
    turns = details.get("turns", [])
    table = Table(expand=False, show_edge=False, pad_edge=False, header_style="bold")
    table.add_column("Player")
    table.add_column("Honor", justify="right", style=f"bold {HONOR_COLOR}")
    table.add_column("tokens", justify="right")
    table.add_column("on cards", justify="right")
    table.add_column("turns", justify="right")
    order = sorted(range(len(names)), key=lambda i: -outcome.scores[i])
    for i in order:
        star = "★ " if i in outcome.winners else "  "
        table.add_row(
            f"{star}{names[i]}", str(outcome.scores[i]),
            str(tokens[i]) if i < len(tokens) else "",
            str(card_honor[i]) if i < len(card_honor) else "",
            str(turns[i]) if i < len(turns) else "",
        )
    return table


def winner_line(names: list[str], outcome: Any) -> str:
    """``Player 1 wins!`` or the names sharing a win."""
    won = [names[i] for i in outcome.winners]
    if len(won) == 1:
        return f"{won[0]} wins!"
    return f"Shared win: {', '.join(won)}"


class EndScreen(Screen[None]):
    """Final scores; enter or q returns to the main menu (the game stays in Continue)."""

    BINDINGS = [
        Binding("enter,q,escape", "menu", "Main menu"),
        Binding("l", "log", "Back to table"),
    ]

    def __init__(self, names: list[str], outcome: Any) -> None:
        super().__init__()
        self.names = names
        self.outcome = outcome

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="end-box"):
            yield Label("Game over", id="end-title")
            yield Label(Text(winner_line(self.names, self.outcome), style="bold"), id="end-winner")
            self.table = score_table(self.names, self.outcome)
            yield Static(self.table, id="end-table")
            tiebreak = (f"Tiebreak: {self.outcome.tiebreak}." if self.outcome.tiebreak
                        else "No tie: the highest Honor total wins.")
            yield Label(Text(tiebreak, style="italic"), id="end-tiebreak")
            yield Label("Honor = tokens won + Honor printed on the cards owned.",
                        classes="dim-note")
        yield KeyFooter()

    def action_menu(self) -> None:
        """Back to the main menu."""
        self.app.call_later(getattr(self.app, "to_menu", self.app.pop_screen))

    def action_log(self) -> None:
        """Look at the final table and its log again."""
        self.dismiss(None)
