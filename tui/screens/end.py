"""The end of a game: scores, how they were made, who won and why (any game; a game's UI
row says how its own result reads)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, VerticalScroll
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Label, Static

from core.contract import Event, Outcome
from tui.chart import score_chart
from tui.history import Story
from tui.widgets.footer import KeyFooter


class Results:
    """How a game's result reads on the end screen; a game's UI row may give its own.

    The default fits any game: a table of scores, the winner (a team's players together,
    a shared win named as such), the tiebreak if there was one.
    """

    score_label = "Score"
    footnote = ""
    # What the end screen calls the chart of the score over the turns.
    chart_title = "Score after each turn"

    def source(self, state: Any, events: Sequence[Event], index: int) -> tuple[int, str] | None:
        """Who ``events[index]`` gave points to, and from what (replaying the game for the
        end screen's breakdown); None when it gave none. The default knows no sources."""
        return None

    def table(self, names: list[str], outcome: Outcome, story: Story | None = None) -> Table:
        """A Rich table of the final scores, best first (``story``: the replayed game,
        for a game that splits its score by source)."""
        table = new_table()
        table.add_column("Player")
        table.add_column(self.score_label, justify="right", style="bold")
        for i in sorted(range(len(names)), key=lambda i: -outcome.scores[i]):
            table.add_row(f"{star(i, outcome)}{names[i]}", str(outcome.scores[i]))
        return table

    def winner_line(self, names: list[str], outcome: Outcome) -> str:
        """``Player 1 wins!``, a team's win, or the names sharing a win."""
        won = [names[i] for i in outcome.winners]
        if not won:
            return "Nobody at the table wins."
        if len(won) == 1:
            return f"{won[0]} {verb(won[0], 'win')}!"
        if not outcome.shared:
            return f"{' & '.join(won)} win!"
        return f"Shared win: {', '.join(won)}"

    def tiebreak_line(self, outcome: Outcome) -> str:
        """How the winner was decided, in a sentence."""
        if outcome.tiebreak:
            return f"Tiebreak: {outcome.tiebreak}."
        return self.no_tie(outcome)

    def no_tie(self, outcome: Outcome) -> str:
        """The sentence when no tiebreak was needed."""
        return "No tie: the highest score wins."

    def holdings(self, state: Any, names: list[str]) -> list[tuple[str, Text]]:
        """What each player ended with (a deck, a pattern), one entry per player or side;
        none by default."""
        return []

    def chart_rows(self, names: list[str], outcome: Outcome,
                   story: Story) -> tuple[list[str], list[list[int]]]:
        """The rows of the score chart: a name and its scores over the turns, per seat."""
        return list(names), [list(row) for row in story.series]


def counted(names: Sequence[str]) -> str:
    """``3 Apprentice · 2 Mystic · Arha Initiate``: the most copies first, then by name."""
    tally: dict[str, int] = {}
    for name in names:
        tally[name] = tally.get(name, 0) + 1
    order = sorted(tally, key=lambda n: (-tally[n], n))
    return " · ".join(f"{tally[n]} {n}" if tally[n] > 1 else n for n in order)


def new_table() -> Table:
    """An empty result table in the end screen's style."""
    return Table(expand=False, show_edge=False, pad_edge=False, header_style="bold")


def star(seat: int, outcome: Outcome) -> str:
    """The mark in front of a winner's name."""
    return "★ " if seat in outcome.winners else "  "


def verb(name: str, plain: str) -> str:
    """``win`` for "You", ``wins`` for anyone else."""
    return plain if name == "You" else plain + "s"


class ScoreChart(Widget):
    """Each player's score over the turns, drawn to the width it is given (two rows a
    player where the terminal is tall)."""

    DEFAULT_CSS = """
    ScoreChart { height: auto; }
    """

    def __init__(self, names: list[str], series: list[list[int]], id: str | None = None) -> None:
        super().__init__(id=id)
        self.names = names
        self.series = series

    def tall(self) -> int:
        """Rows a player: two when the screen has the room."""
        return 2 if self.app.size.height >= 34 else 1

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.series) * self.tall()

    def render(self) -> Text:
        return score_chart(self.names, self.series, self.content_region.width, self.tall(),
                           styles=["bold"] * len(self.names))

    def on_resize(self) -> None:
        self.refresh(layout=True)


class EndScreen(Screen[None]):
    """Final scores; enter or q leaves the table (the game stays in Continue) for the main
    menu, or for what follows the game (``onward`` names it: a campaign)."""

    # The box scrolls (a 4-player breakdown is taller than 24 lines) from the keyboard.
    AUTO_FOCUS = "#end-box"

    BINDINGS = [
        Binding("enter,q,escape", "menu", "Main menu"),
        # The same keys, named for what follows the game when something does.
        Binding("enter,q,escape", "onward", "Onward"),
        Binding("l", "log", "Back to table"),
    ]

    def __init__(self, names: list[str], outcome: Outcome,
                 results: Results | None = None,
                 leave: Callable[[], None] | None = None, onward: str = "",
                 story: Story | None = None) -> None:
        super().__init__()
        # The replayed game (``tui.history``): the chart and the breakdown by source;
        # without one the screen shows the scores alone.
        self.story = story
        self.names = names
        self.outcome = outcome
        self.results = results or Results()
        self.leave = leave
        self.onward = onward

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """One of "Main menu" and the onward key is shown, the one that says where enter
        goes."""
        if action == "menu":
            return not self.onward
        if action == "onward":
            return bool(self.onward)
        return True

    @property
    def active_bindings(self) -> dict[str, Any]:
        """The footer's keys, the onward one under the name it was given."""
        shown = super().active_bindings
        if self.onward:
            for key, active in shown.items():
                if active.binding.action == "onward":
                    shown[key] = active._replace(
                        binding=replace(active.binding, description=self.onward))
        return shown

    def compose(self) -> ComposeResult:
        results = self.results
        with Center(), VerticalScroll(id="end-box"):
            yield Label("Game over", id="end-title")
            yield Label(Text(results.winner_line(self.names, self.outcome), style="bold"),
                        id="end-winner")
            self.table = results.table(self.names, self.outcome, self.story)
            yield Static(self.table, id="end-table")
            yield Label(Text(results.tiebreak_line(self.outcome), style="italic"),
                        id="end-tiebreak")
            yield Static(results.footnote, classes="dim-note")
            if self.story is not None:
                names, series = results.chart_rows(self.names, self.outcome, self.story)
                if series:  # a game with no score to follow (a solo scenario) has no chart
                    yield Label(Text(results.chart_title, style="bold"), classes="end-heading")
                    yield ScoreChart(names, series, id="end-chart")
                held = results.holdings(self.story.state, self.names)
                if held:
                    yield Static(self._holdings_text(held), id="end-holdings")
        yield KeyFooter()

    @staticmethod
    def _holdings_text(held: list[tuple[str, Text]]) -> Text:
        out = Text()
        for name, what in held:
            if out:
                out.append("\n")
            out.append(f"{name}: ", style="bold")
            out.append_text(what)
        return out

    def action_menu(self) -> None:
        """Leave the table: back to the main menu, or to what follows the game."""
        if self.leave is not None:
            self.app.call_later(self.leave)
        else:
            self.app.call_later(getattr(self.app, "to_menu", self.app.pop_screen))

    def action_onward(self) -> None:
        """Leave the table for what follows the game."""
        self.action_menu()

    def action_log(self) -> None:
        """Look at the final table and its log again."""
        self.dismiss(None)
