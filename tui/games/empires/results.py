"""How an Ascending Empires result reads: the final score by where it came from."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from core.contract import Outcome
from core.empires.solo_content import campaign
from core.empires.solo_progress import goal_parts
from core.empires.state import State
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
# The Classic rules' final scoring (core.empires.classic_scoring), in the same few words.
CLASSIC_NOTE = ("Occupied planets score 1 VP each, outposts 1, cities 2; cities in 3 "
                "different quadrants 3 more, or 6 if in all 4; the VP tokens taken in play "
                "are added.")


class EmpiresResults(Results):
    score_label = "VP"
    chart_title = "VP tokens after each turn"
    # The end screen asks for the note after the table: the table says which game it was
    # (a solo scenario scores no VP, so no note; the Classic rules score their own way).
    shown = "new_era"

    @property
    def footnote(self) -> str:  # type: ignore[override]
        return {"solo": "", "classic": CLASSIC_NOTE}.get(self.shown, SCORING_NOTE)

    def table(self, names: list[str], outcome: Outcome, story: Story | None = None) -> Table:
        details = outcome.details or {}
        parts = details.get("parts", [])
        self.shown = "solo" if "scenario" in details else "classic" if is_classic(parts) \
            else "new_era"
        if self.shown == "solo":
            return solo_table(names, details, story.state if story is not None else None)
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

    def chart_rows(self, names: list[str], outcome: Outcome,
                   story: Story) -> tuple[list[str], list[list[int]]]:
        # A scenario scores no VP: its chart would be an empty line (the table shows the
        # goal's parts instead).
        if "scenario" in (outcome.details or {}):
            return [], []
        return super().chart_rows(names, outcome, story)

    def tiebreak_line(self, outcome: Outcome) -> str:
        # A solo result's tiebreak is the reason it ended, which the table already says.
        if "scenario" in (outcome.details or {}):
            return self.no_tie(outcome)
        return super().tiebreak_line(outcome)


def is_classic(parts: list[dict[str, int]]) -> bool:
    """The parts are the Classic rules' (``classic_parts``: only they count the cities'
    spread)."""
    return bool(parts) and "spread" in parts[0]


def solo_table(names: list[str], details: dict[str, Any], final: State | None = None
               ) -> Table:
    """A scenario's end: who played it, won or lost and why, the goal and each of its parts
    as the game ended (``final``: the last table), and after the last scenario the story's
    conclusion."""
    table = new_table()
    table.add_column("Player")
    table.add_column("Scenario", justify="right")
    table.add_column("Result", style="bold")
    result = str(details.get("result", ""))
    verdict, _, why = result.partition(": ")
    table.add_row(names[0] if names else "You", str(details.get("scenario", "")),
                  f"{verdict.title()}: {why}" if why else verdict.title())
    if final is not None and final.solo is not None:
        goal = campaign()[0][final.solo.scenario - 1].goal
        table.add_row("", "Goal", Text(goal, style="not bold italic"))
        for part in goal_parts(final):
            table.add_row("", "✓" if part.done else "·", Text(part.words(), style="not bold"))
    if details.get("conclusion"):
        table.add_row("", "", "")
        table.add_row("", "", str(details["conclusion"]))
    return table
