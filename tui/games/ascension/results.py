"""How an Ascension result reads: Honor split into tokens and cards, turns per player."""

from __future__ import annotations

from rich.table import Table

from core.contract import Outcome
from tui.screens.end import Results, new_table, star
from tui.theme import HONOR_COLOR


class AscensionResults(Results):
    footnote = "Honor = tokens won + Honor printed on the cards owned."

    def table(self, names: list[str], outcome: Outcome) -> Table:
        """Total, tokens, card Honor and turns per player."""
        details = outcome.details or {}
        tokens = details.get("tokens", [])
        card_honor = details.get("card_honor", [])
        turns = details.get("turns", [])
        table = new_table()
        table.add_column("Player")
        table.add_column("Honor", justify="right", style=f"bold {HONOR_COLOR}")
        table.add_column("tokens", justify="right")
        table.add_column("on cards", justify="right")
        table.add_column("turns", justify="right")
        for i in sorted(range(len(names)), key=lambda i: -outcome.scores[i]):
            table.add_row(
                f"{star(i, outcome)}{names[i]}", str(outcome.scores[i]),
                str(tokens[i]) if i < len(tokens) else "",
                str(card_honor[i]) if i < len(card_honor) else "",
                str(turns[i]) if i < len(turns) else "",
            )
        return table

    def no_tie(self, outcome: Outcome) -> str:
        return "No tie: the highest Honor total wins."
