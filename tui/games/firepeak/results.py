"""How a Firepeak result reads: pattern Power, creatures, a completed pattern, a draw."""

from __future__ import annotations

from rich.table import Table

from core.contract import Outcome
from tui.screens.end import Results, new_table, star, verb
from tui.theme import POWER_COLOR


class FirepeakResults(Results):
    footnote = "Power counts the Wizard, auras, enchantments and circle."

    def table(self, names: list[str], outcome: Outcome) -> Table:
        """Pattern Power, creatures in it and turns taken; a completed pattern first."""
        details = outcome.details or {}
        creatures = details.get("creatures", [])
        turns = details.get("turns", [])
        complete = set(details.get("complete", []))
        table = new_table()
        table.add_column("Player")
        table.add_column("Power", justify="right", style=f"bold {POWER_COLOR}")
        table.add_column("creatures", justify="right")
        table.add_column("turns", justify="right")
        if complete:
            table.add_column("")

        def rank(i: int) -> tuple[bool, int, int]:
            return (i not in complete, -outcome.scores[i],
                    -(creatures[i] if i < len(creatures) else 0))

        for i in sorted(range(len(names)), key=rank):
            row = [f"{star(i, outcome)}{names[i]}", str(outcome.scores[i]),
                   str(creatures[i]) if i < len(creatures) else "",
                   str(turns[i]) if i < len(turns) else ""]
            if complete:
                row.append("complete pattern" if i in complete else "")
            table.add_row(*row)
        return table

    def winner_line(self, names: list[str], outcome: Outcome) -> str:
        won = [names[i] for i in outcome.winners]
        if len(won) == 1 and (outcome.details or {}).get("complete"):
            return (f"{won[0]} {verb(won[0], 'complete')} the pattern and "
                    f"{verb(won[0], 'win')}!")
        if len(won) > 1:
            return f"A draw between {', '.join(won)}"
        return super().winner_line(names, outcome)

    def tiebreak_line(self, outcome: Outcome) -> str:
        if outcome.tiebreak:
            text = outcome.tiebreak
            return text[:1].upper() + text[1:] + "."
        return "No tie: the pattern with the most Power wins."
