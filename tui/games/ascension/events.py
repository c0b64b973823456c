"""What happened, in the log: one line (and its style) for each notable Ascension event."""

from __future__ import annotations

from collections.abc import Sequence

from core.ascension.view import AscensionView
from core.contract import Event
from core.words import agree
from tui.screens.table import possessive
from tui.theme import HONOR_COLOR


def event_line(v: AscensionView, names: Sequence[str], e: Event,
               later: Sequence[Event]) -> tuple[str, str] | None:
    """The log line of ``e`` with its style (None: not worth a line). ``v`` is the table as
    the batch left it; ``later`` holds the events of the batch after ``e``."""
    name = names[e.seat] if 0 <= e.seat < len(names) else ""
    card = v.cards[e.card].name if 0 <= e.card < len(v.cards) else ""
    if e.kind == "honor":
        # Pool minus tokens taken past it moves by exactly each gain (only one is ever
        # above zero), so the pool as of this event is recovered from the batch's end.
        after = sum(x.value for x in later if x.kind == "honor")
        pool = max(0, v.honor_pool - v.honor_extra + after)
        return f"  {agree(name, 'gains')} {e.value} Honor (pool {pool})", HONOR_COLOR
    if e.kind == "reshuffle":
        return f"  {agree(name, 'shuffles')} the discard pile into a new deck", "dim"
    if e.kind == "reveal":
        return f"  New in the center row: {card}", "dim"
    if e.kind == "pool_empty":
        return "  The Honor pool is empty: the round is finished, then the game ends", \
            "bold red"
    if e.kind == "extra_turn":
        return f"  {name} will take another turn", "bold"
    if e.kind == "steal":
        victim = names[e.value] if 0 <= e.value < len(names) else f"seat {e.value}"
        return f"  {agree(name, 'takes')} a random card from {possessive(victim)} hand", ""
    if e.kind == "construct_to_discard":
        return f"  {agree(name, 'puts')} {card} in the discard pile", ""
    if e.kind == "to_hand":
        whose = "your" if name == "You" else "their"
        return f"  {agree(name, 'takes')} {card} into {whose} hand", ""
    if e.kind == "banish":
        return f"  {card} goes to the Void", "dim"
    if e.kind == "trigger":
        return f"  {card} triggers", "dim"
    if e.kind == "start_turn":
        again = " (extra turn)" if e.value else ""
        whose = names[e.seat] if 0 <= e.seat < len(names) else f"seat {e.seat}"
        return f"── {possessive(whose)} turn{again} ──", "bold"
    if e.kind == "game_over":
        return "── Game over ──", "bold"
    return None
