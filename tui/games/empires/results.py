"""How an Ascending Empires result reads: the final score by where it came from."""

from __future__ import annotations

from rich.table import Table

from core.contract import Outcome
from tui.history import Story
from tui.screens.end import Results, new_table, star

# The parts of a final score (core.empires.scoring.final_scores), in the rulebook's order.
PARTS = (("tokens", "VP tokens"), ("libraries", "libraries"), ("troops", "troops"),
         ("planets", "planets"), ("relic_planets", "relic planets"),
         ("structures", "structures"), ("missions", "missions"),
         # The Classic rules' parts (core.empires.classic_scoring).
         ("outposts", "outposts"), ("cities", "cities"), ("spread", "cities' spread"))


class EmpiresResults(Results):
    score_label = "VP"
    footnote = ("Troops score 1 VP for every 2 on the map; planets 1 at home, 2 elsewhere, "
                "2 more for an untouched relic planet; structures the symbols they uncovered.")
    chart_title = "VP tokens after each turn"

    def table(self, names: list[str], outcome: Outcome, story: Story | None = None) -> Table:
        parts = (outcome.details or {}).get("parts", [])
        shown = [(key, label) for key, label in PARTS
                 if any(p.get(key, 0) for p in parts)] if parts else []
        table = new_table()
        table.add_column("Player")
        table.add_column(self.score_label, justify="right", style="bold")
        for _, label in shown:
            table.add_column(label, justify="right")
        for i in sorted(range(len(names)), key=lambda i: -outcome.scores[i]):
            row = [f"{star(i, outcome)}{names[i]}", str(outcome.scores[i])]
            part = parts[i] if i < len(parts) else {}
            row += [str(part.get(key, 0)) for key, _ in shown]
            table.add_row(*row)
        return table

    def no_tie(self, outcome: Outcome) -> str:
        return "No tie: the most VP wins."
