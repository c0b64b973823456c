"""The end of a game: scores, how they were made, who won and why (any game)."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Label, Static

from tui.theme import HONOR_COLOR, POWER_COLOR
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


def firepeak_table(names: list[str], outcome: Any) -> Table:
    """A Rich table of a Firepeak result: pattern Power, creatures in it, turns taken."""
    details = outcome.details or {}
    creatures = details.get("creatures", [])
    turns = details.get("turns", [])
    complete = set(details.get("complete", []))
    table = Table(expand=False, show_edge=False, pad_edge=False, header_style="bold")
    table.add_column("Player")
    table.add_column("Power", justify="right", style=f"bold {POWER_COLOR}")
    table.add_column("creatures", justify="right")
    table.add_column("turns", justify="right")
    if complete:
        table.add_column("")
    order = sorted(range(len(names)), key=lambda i: (i not in complete, -outcome.scores[i],
                                                     -(creatures[i] if i < len(creatures)
                                                       else 0)))
    for i in order:
        star = "★ " if i in outcome.winners else "  "
        row = [f"{star}{names[i]}", str(outcome.scores[i]),
               str(creatures[i]) if i < len(creatures) else "",
               str(turns[i]) if i < len(turns) else ""]
        if complete:
            row.append("complete pattern" if i in complete else "")
        table.add_row(*row)
    return table


def tactics_sides(names: list[str], outcome: Any) -> list[list[int]]:
    """The seats of each Tactics side: one seat per side, except 2 vs 2 where seats 0 and 2
    play for side 0 and seats 1 and 3 for side 1 (``details["honor"]`` has one entry per
    side)."""
    sides = len((outcome.details or {}).get("honor", ())) or len(names)
    return [[seat for seat in range(len(names)) if seat % sides == side]
            for side in range(sides)]


def tactics_table(names: list[str], outcome: Any) -> Table:
    """A Rich table of a Tactics result: Honor per side, the side's players, who won."""
    details = outcome.details or {}
    honor = list(details.get("honor", outcome.scores))
    table = Table(expand=False, show_edge=False, pad_edge=False, header_style="bold")
    table.add_column("Side")
    table.add_column("Honor", justify="right", style=f"bold {HONOR_COLOR}")
    sides = tactics_sides(names, outcome)
    order = sorted(range(len(sides)), key=lambda side: -honor[side])
    for side in order:
        seats = sides[side]
        star = "★ " if any(seat in outcome.winners for seat in seats) else "  "
        table.add_row(f"{star}{' & '.join(names[seat] for seat in seats)}", str(honor[side]))
    return table


def winner_line(names: list[str], outcome: Any, game: str = "ascension") -> str:
    """``Player 1 wins!``, the names sharing a win, or (Firepeak) a draw."""
    won = [names[i] for i in outcome.winners]
    if game == "tactics" and len(won) == 2 and len(tactics_sides(names, outcome)) == 2 \
            and len(names) == 4:
        return f"{won[0]} & {won[1]} win!"
    if len(won) == 1:
        you = won[0] == "You"
        if game == "firepeak" and (outcome.details or {}).get("complete"):
            return f"{won[0]} {'complete' if you else 'completes'} the pattern and " \
                f"{'win' if you else 'wins'}!"
        return f"{won[0]} {'win' if you else 'wins'}!"
    if game == "firepeak":
        return f"A draw between {', '.join(won)}"
    return f"Shared win: {', '.join(won)}"


def tiebreak_line(outcome: Any, game: str = "ascension") -> str:
    """How the winner was decided, in a sentence."""
    if outcome.tiebreak:
        text = outcome.tiebreak
        return f"Tiebreak: {text}." if game != "firepeak" else text[:1].upper() + text[1:] + "."
    if game == "firepeak":
        return "No tie: the pattern with the most Power wins."
    if game == "tactics":
        turns = (outcome.details or {}).get("turns", 0)
        if (outcome.details or {}).get("by") == "turn limit":
            return f"The turn limit ended the game after {turns} turns: most Honor wins."
        return f"The victory Honor was reached after {turns} turns."
    return "No tie: the highest Honor total wins."


FOOTNOTE = {
    "ascension": "Honor = tokens won + Honor printed on the cards owned.",
    "firepeak": "Power counts the Wizard, auras, enchantments and circle.",
    "tactics": "Honor is kept per side: Shrines held at the end of a turn, and card effects.",
}


class EndScreen(Screen[None]):
    """Final scores; enter or q returns to the main menu (the game stays in Continue)."""

    BINDINGS = [
        Binding("enter,q,escape", "menu", "Main menu"),
        Binding("l", "log", "Back to table"),
    ]

    def __init__(self, names: list[str], outcome: Any, game: str = "ascension") -> None:
        super().__init__()
        self.names = names
        self.outcome = outcome
        self.game = game

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="end-box"):
            yield Label("Game over", id="end-title")
            yield Label(Text(winner_line(self.names, self.outcome, self.game), style="bold"),
                        id="end-winner")
            tables = {"firepeak": firepeak_table, "tactics": tactics_table}
            self.table = tables.get(self.game, score_table)(self.names, self.outcome)
            yield Static(self.table, id="end-table")
            yield Label(Text(tiebreak_line(self.outcome, self.game), style="italic"),
                        id="end-tiebreak")
            yield Label(FOOTNOTE.get(self.game, ""), classes="dim-note")
        yield KeyFooter()

    def action_menu(self) -> None:
        """Back to the main menu."""
        self.app.call_later(getattr(self.app, "to_menu", self.app.pop_screen))

    def action_log(self) -> None:
        """Look at the final table and its log again."""
        self.dismiss(None)
