"""How a Firepeak result reads: pattern Power, creatures, a completed pattern, a draw."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from core.contract import Outcome
from tui.history import Story
from tui.screens.end import Results, new_table, star, verb
from tui.theme import POWER_COLOR


def power_split(state: Any, seat: int) -> tuple[int, int]:
    """The pattern's printed Power and what the Wizard, auras, enchantments and circle
    add to it (the rest of the total)."""
    # Imported here: the app reads every game's UI row at start, and the rules' content
    # loads only when a Firepeak result is shown.
    from core.firepeak.board import power_at
    from core.firepeak.cards import BASE_POWER
    from core.firepeak.pattern import EMPTY

    slots = state.players[seat].pattern
    printed = sum(BASE_POWER[u] for u in slots if u != EMPTY)
    total = sum(power_at(state, seat, u, i) for i, u in enumerate(slots) if u != EMPTY)
    return printed, total - printed


class FirepeakResults(Results):
    footnote = "Power counts the Wizard, auras, enchantments and circle."
    chart_title = "Pattern Power after each turn"

    def table(self, names: list[str], outcome: Outcome, story: Story | None = None) -> Table:
        """Pattern Power, creatures in it and turns taken; a completed pattern first."""
        details = outcome.details or {}
        creatures = details.get("creatures", [])
        turns = details.get("turns", [])
        complete = set(details.get("complete", []))
        table = new_table()
        table.add_column("Player")
        table.add_column("Power", justify="right", style=f"bold {POWER_COLOR}")
        if story is not None:
            table.add_column("printed", justify="right")
            table.add_column("bonuses", justify="right")
        table.add_column("creatures", justify="right")
        table.add_column("turns", justify="right")
        if complete:
            table.add_column("")

        def rank(i: int) -> tuple[bool, int, int]:
            return (i not in complete, -outcome.scores[i],
                    -(creatures[i] if i < len(creatures) else 0))

        for i in sorted(range(len(names)), key=rank):
            row = [f"{star(i, outcome)}{names[i]}", str(outcome.scores[i])]
            if story is not None:
                printed, bonus = power_split(story.state, i)
                row += [str(printed), f"{bonus:+d}"]
            row += [str(creatures[i]) if i < len(creatures) else "",
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

    def holdings(self, state: Any, names: list[str]) -> list[tuple[str, Text]]:
        """Each pattern at the end, tier by tier, under its Wizard."""
        from core.firepeak.pattern import COORDS, EMPTY
        from tui.games.firepeak.text import creature_name, wizard_text

        out = []
        for seat, name in enumerate(names):
            player = state.players[seat]
            text = wizard_text(player.wizard)
            for tier in (1, 2, 3):
                spots = [creature_name(u) if u != EMPTY else "—"
                         for i, u in enumerate(player.pattern) if COORDS[i][0] == tier]
                text.append(f"\n  Tier {tier}: ", style="dim")
                text.append(", ".join(spots))
            out.append((name, text))
        return out
