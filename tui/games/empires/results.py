"""How an Ascending Empires result reads: the final score by where it came from."""

from __future__ import annotations

from typing import Any

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


SCORING_NOTE = ("Troops score 1 VP for every 2 on the map; planets 1 at home, 2 elsewhere, "
                "2 more for an untouched relic planet; structures the symbols they uncovered.")


class EmpiresResults(Results):
    score_label = "VP"
    chart_title = "VP tokens after each turn"
    # The end screen asks for the note after the table: the table says which game it was
    # (a solo scenario scores no VP, so the competitive note would mislead).
    solo_shown = False

    @property
    def footnote(self) -> str:  # type: ignore[override]
        return "" if self.solo_shown else SCORING_NOTE

    def table(self, names: list[str], outcome: Outcome, story: Story | None = None) -> Table:
        details = outcome.details or {}
        self.solo_shown = "scenario" in details
        if self.solo_shown:
            return solo_table(names, details)
        parts = details.get("parts", [])
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
        if "scenario" in (outcome.details or {}):
            return "The Solo Campaign is won by the scenario's goal, never by VP."
        return "No tie: the most VP wins."

    def winner_line(self, names: list[str], outcome: Outcome) -> str:
        details = outcome.details or {}
        if "scenario" not in details:
            return super().winner_line(names, outcome)
        verdict = "won" if details.get("won") else "lost"
        return f"Scenario {details['scenario']} · {details.get('name', '')}: {verdict}!"

    def tiebreak_line(self, outcome: Outcome) -> str:
        # A solo result's tiebreak is the reason it ended, which the table already says.
        if "scenario" in (outcome.details or {}):
            return self.no_tie(outcome)
        return super().tiebreak_line(outcome)


def solo_table(names: list[str], details: dict[str, Any]) -> Table:
    """A scenario's end: who played it, won or lost and why, and after the last scenario
    the story's conclusion."""
    table = new_table()
    table.add_column("Player")
    table.add_column("Scenario", justify="right")
    table.add_column("Result", style="bold")
    result = str(details.get("result", ""))
    verdict, _, why = result.partition(": ")
    table.add_row(names[0] if names else "You", str(details.get("scenario", "")),
                  f"{verdict.title()}: {why}" if why else verdict.title())
    if details.get("conclusion"):
        table.add_row("", "", "")
        table.add_row("", "", str(details["conclusion"]))
    return table
