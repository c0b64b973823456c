"""What an Ascending Empires move shows that was hidden, so it cannot be taken back
(``core.undo``): a face-down location turned up, by a ship or by the robots, or (solo) an
Invasion card drawn from the face-down deck, or (Classic) a location scanned. A flick's nudge
draws from the game's generator, which ``core.undo`` counts by itself."""

from __future__ import annotations

from typing import Any

from core.contract import Action, Event
from core.undo import first_shown

SHOWN = {
    "discover": "a location was turned face up",
    "robots_discover": "the robots turned a location face up",
    "invasion": "an Invasion card was drawn",
    "scan": "a face-down location was looked at (Classic scan)",
}


def reveals(state: Any, action: Action, events: list[Event]) -> str | None:
    """What ``action`` (already applied to ``state``) showed, in words; None: nothing."""
    return first_shown(events, SHOWN)
