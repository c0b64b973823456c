"""How a Tactics result reads: Honor per side (a 2 vs 2 team's players together)."""

from __future__ import annotations

from rich.table import Table

from core.contract import Outcome
from tui.screens.end import Results, new_table
from tui.theme import HONOR_COLOR


def side_seats(names: list[str], outcome: Outcome) -> list[list[int]]:
    """The seats of each side, in side order."""
    sides = sorted({outcome.side_of(seat) for seat in range(len(names))})
    return [[seat for seat in range(len(names)) if outcome.side_of(seat) == side]
            for side in sides]


class TacticsResults(Results):
    footnote = "Honor is kept per side: Shrines held at the end of a turn, and card effects."

    def table(self, names: list[str], outcome: Outcome) -> Table:
        """Honor per side, the side's players, who won."""
        details = outcome.details or {}
        sides = side_seats(names, outcome)
        honor = list(details.get("honor", [outcome.scores[seats[0]] for seats in sides]))
        table = new_table()
        table.add_column("Side")
        table.add_column("Honor", justify="right", style=f"bold {HONOR_COLOR}")
        for side in sorted(range(len(sides)), key=lambda side: -honor[side]):
            seats = sides[side]
            star = "★ " if any(seat in outcome.winners for seat in seats) else "  "
            table.add_row(f"{star}{' & '.join(names[seat] for seat in seats)}",
                          str(honor[side]))
        return table

    def no_tie(self, outcome: Outcome) -> str:
        turns = (outcome.details or {}).get("turns", 0)
        if (outcome.details or {}).get("by") == "turn limit":
            return f"The turn limit ended the game after {turns} turns: most Honor wins."
        return f"The victory Honor was reached after {turns} turns."
