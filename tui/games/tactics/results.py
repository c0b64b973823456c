"""How a Tactics result reads: Honor per side (a 2 vs 2 team's players together)."""

from __future__ import annotations

from rich.table import Table

from core.contract import Outcome
from tui.screens.end import Results, new_table
from tui.theme import HONOR_COLOR

VILLAIN_SIDE = 1  # the side the Villains play for (core/tactics/DESIGN.md)


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
            rows.append((h, f"{'★ ' if won else '  '}{who}"))
        table = new_table()
        table.add_column("Side")
        table.add_column("Honor", justify="right", style=f"bold {HONOR_COLOR}")
        for h, who in sorted(rows, key=lambda row: -row[0]):
            table.add_row(who, str(h))
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
