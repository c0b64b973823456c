"""How an Ascension result reads: Honor by source (tokens from monsters and from card
effects, Honor printed on heroes and on constructs), turns per player, each deck at the end."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from core.contract import Event, Outcome
from tui.history import Story
from tui.screens.end import Results, counted, new_table, star
from tui.theme import HONOR_COLOR

MONSTERS = "monsters"
EFFECTS = "effects"
# Events a monster's reward may follow on its way from the defeat to the Honor tokens.
_BETWEEN = frozenset({"honor", "pool_empty"})


def printed_honor(state: Any, seat: int) -> tuple[int, int]:
    """Honor printed on the heroes and on the constructs the seat owns at the end."""
    heroes = constructs = 0
    for uid in state.players[seat].owned():
        card = state.cards[uid]
        if card.kind == "construct":
            constructs += card.honor
        else:
            heroes += card.honor
    return heroes, constructs


class AscensionResults(Results):
    footnote = "Honor = tokens won + Honor printed on the cards owned."
    chart_title = "Honor after each turn"

    def source(self, state: Any, events: Sequence[Event], index: int) -> tuple[int, str] | None:
        """Honor tokens from a monster's reward (the defeat just before them) or from a
        card's effect."""
        event = events[index]
        if event.kind != "honor":
            return None
        before = next((e.kind for e in reversed(events[:index]) if e.kind not in _BETWEEN), "")
        return event.seat, MONSTERS if before == "defeat" else EFFECTS

    def table(self, names: list[str], outcome: Outcome, story: Story | None = None) -> Table:
        """Total and its sources, and turns per player."""
        details = outcome.details or {}
        tokens = details.get("tokens", [])
        card_honor = details.get("card_honor", [])
        turns = details.get("turns", [])
        table = new_table()
        table.add_column("Player")
        table.add_column("Honor", justify="right", style=f"bold {HONOR_COLOR}")
        if story is None:
            table.add_column("tokens", justify="right")
            table.add_column("on cards", justify="right")
        else:
            for label in ("monsters", "effects", "heroes", "constructs"):
                table.add_column(label, justify="right")
        table.add_column("turns", justify="right")
        for i in sorted(range(len(names)), key=lambda i: -outcome.scores[i]):
            row = [f"{star(i, outcome)}{names[i]}", str(outcome.scores[i])]
            if story is None:
                row += [str(tokens[i]) if i < len(tokens) else "",
                        str(card_honor[i]) if i < len(card_honor) else ""]
            else:
                won = story.state.players[i].honor
                monsters = story.sources[i].get(MONSTERS, 0) if i < len(story.sources) else 0
                # Whatever no monster gave came from a card: the tokens always add up.
                row += [str(monsters), str(won - monsters),
                        *(str(n) for n in printed_honor(story.state, i))]
            row.append(str(turns[i]) if i < len(turns) else "")
            table.add_row(*row)
        return table

    def no_tie(self, outcome: Outcome) -> str:
        return "No tie: the highest Honor total wins."

    def holdings(self, state: Any, names: list[str]) -> list[tuple[str, Text]]:
        """Each deck at the end: every card owned, constructs in play included."""
        out = []
        for seat, name in enumerate(names):
            owned = state.players[seat].owned()
            text = Text(f"{len(owned)} cards: ", style="dim")
            text.append(counted([state.cards[u].name for u in owned]))
            out.append((name, text))
        return out
