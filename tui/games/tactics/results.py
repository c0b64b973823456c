"""How a Tactics result reads: Honor per side (a 2 vs 2 team's players together)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from core.contract import Event, Outcome
from tui.history import Story
from tui.screens.end import Results, counted, new_table
from tui.theme import HONOR_COLOR

SHRINES = "Shrines"
DEFEATS = "defeats"
CARDS = "cards"
SOURCES = (SHRINES, DEFEATS, CARDS)

VILLAIN_SIDE = 1  # the side the Villains play for (core/tactics/DESIGN.md)


def side_seats(names: list[str], outcome: Outcome) -> list[list[int]]:
    """The seats of each side, in side order."""
    sides = sorted({outcome.side_of(seat) for seat in range(len(names))})
    return [[seat for seat in range(len(names)) if outcome.side_of(seat) == side]
            for side in sides]


class TacticsResults(Results):
    footnote = "Honor is kept per side: Shrines held at the end of a turn, and card effects."
    chart_title = "Honor after each turn"

    def source(self, state: Any, events: Sequence[Event], index: int) -> tuple[int, str] | None:
        """Honor (an event names the side) from Shrines held as a turn ends, from a defeat
        just before it, or from a card or Scheme."""
        event = events[index]
        if event.kind != "honor":
            return None
        if any(e.kind == "end_turn" for e in events):
            return event.seat, SHRINES
        before = next((e.kind for e in reversed(events[:index]) if e.kind != "honor"), "")
        return event.seat, DEFEATS if before == "defeated" else CARDS

    def chart_rows(self, names: list[str], outcome: Outcome,
                   story: Story) -> tuple[list[str], list[list[int]]]:
        """A row per side (its players share their Honor), a point after every turn."""
        sides = side_seats(names, outcome)
        labels = [self._side_name(names, outcome, seats, side) for side, seats in
                  enumerate(sides)]
        rows = [[story.start[seats[0]]] + [scores[seats[0]] for _, scores in story.turns]
                if seats else [] for seats in sides]
        return labels, rows

    @staticmethod
    def _side_name(names: list[str], outcome: Outcome, seats: list[int], side: int) -> str:
        if "villains_won" in (outcome.details or {}) and side == VILLAIN_SIDE:
            return "The Villains"
        return " & ".join(names[x] for x in seats)

    def holdings(self, state: Any, names: list[str]) -> list[tuple[str, Text]]:
        """Each deck at the end (the hand and the cards played with it)."""
        out = []
        for seat, name in enumerate(names):
            held = state.seats[seat]
            owned = held.deck + held.hand + held.discard + held.played
            text = Text(f"{len(owned)} cards: ", style="dim")
            text.append(counted([state.cards[u].name for u in owned]))
            out.append((name, text))
        return out

    def table(self, names: list[str], outcome: Outcome, story: Story | None = None) -> Table:
        """Honor per side, the side's players, who won."""
        details = outcome.details or {}
        sides = side_seats(names, outcome)
        honor = list(details.get("honor", [outcome.scores[seats[0]] for seats in sides]))
        against = "villains_won" in details
        rows = []
        for side, h in enumerate(honor):
            seats = [seat for seat in range(len(names)) if outcome.side_of(seat) == side]
            if against and side == VILLAIN_SIDE:
                # Solo and co-op: nobody at the table plays the Villains.
                who = "The Villains" + (f" ({' & '.join(names[x] for x in seats)})"
                                        if seats else "")
                won = bool(details["villains_won"])
            else:
                who = " & ".join(names[x] for x in seats)
                won = any(seat in outcome.winners for seat in seats)
            got = story.sources[side] if story is not None and side < len(story.sources) \
                else {}
            rows.append((h, f"{'★ ' if won else '  '}{who}", [str(got.get(k, 0))
                                                               for k in SOURCES]))
        table = new_table()
        table.add_column("Side")
        table.add_column("Honor", justify="right", style=f"bold {HONOR_COLOR}")
        if story is not None:
            for label in SOURCES:
                table.add_column(label, justify="right")
        for h, who, split in sorted(rows, key=lambda row: -row[0]):
            table.add_row(who, str(h), *(split if story is not None else []))
        return table

    def winner_line(self, names: list[str], outcome: Outcome) -> str:
        details = outcome.details or {}
        if details.get("villains_won"):
            if details.get("by") == "deck out":
                return "The Villains win: their Scheme deck ran out."
            return "The Villains win!"
        return super().winner_line(names, outcome)

    def no_tie(self, outcome: Outcome) -> str:
        details = outcome.details or {}
        turns = details.get("turns", 0)
        if details.get("by") == "deck out":
            return f"The Scheme deck was empty when a Scheme had to be played, after {turns} " \
                "turns."
        if details.get("by") == "Villain Honor":
            return f"The Villains reached their Honor after {turns} turns."
        if details.get("by") == "turn limit":
            return f"The turn limit ended the game after {turns} turns: most Honor wins."
        return f"The victory Honor was reached after {turns} turns."
