"""What an Ascension move shows that was hidden, so it cannot be taken back (``core.undo``)."""

from __future__ import annotations

from typing import Any

from core.contract import Action, Event
from core.undo import first_shown

SHOWN = {
    "draw": "a card was drawn",
    "reshuffle": "a deck was shuffled",
    "reveal": "a new card turned up in the center row",
    "steal": "a card was taken at random from a hand",
}


def reveals(state: Any, action: Action, events: list[Event]) -> str | None:
    """What ``action`` (already applied to ``state``) showed, in words; None: nothing."""
    return first_shown(events, SHOWN)
