"""What a Tactics move shows that was hidden, so it cannot be taken back (``core.undo``)."""

from __future__ import annotations

from typing import Any

from core.contract import Action, Event
from core.undo import first_shown

SHOWN = {
    "draw": "a card was drawn",
    "reshuffle": "a deck was shuffled",
    "reveal": "a new card turned up in the center row",
    "replenish": "the center deck was shuffled",
    "gain_treasure": "a Treasure was drawn from the bag",
    "pick_up": "a hidden Treasure was picked up",
    "treasure": "a hidden Treasure was shown",
    "scheme": "a Scheme was revealed",
    "villains": "the Villains acted",
    "draft": "a new Champion turned up in the draft row",
}


def reveals(state: Any, action: Action, events: list[Event]) -> str | None:
    """What ``action`` (already applied to ``state``) showed, in words; None: nothing."""
    return first_shown(events, SHOWN)
