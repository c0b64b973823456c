"""What a Firepeak move shows that was hidden, so it cannot be taken back (``core.undo``)."""

from __future__ import annotations

from typing import Any

from core.contract import Action, Event
from core.undo import first_shown

SHOWN = {
    "roll": "a die was rolled",
    "draw_spell": "a spell was drawn",
    "research_reshuffle": "the Research deck was shuffled",
    "recruit": "a creature was drawn from the Recruitment deck",
    "recruit_reshuffle": "the Recruitment deck was shuffled",
    "filched": "a spell was taken at random",
    "purged": "a creature of a hidden Dungeon was shown",
    "raided": "a creature of a hidden Dungeon was taken",
}
# Questions whose choices are the cards of another player's hidden Dungeon.
SHOWS_A_DUNGEON = frozenset({"rescue_pick", "dungeon_pick"})


def reveals(state: Any, action: Action, events: list[Event]) -> str | None:
    """What ``action`` (already applied to ``state``) showed, in words; None: nothing."""
    pending = state.pending
    if pending is not None and pending.kind in SHOWS_A_DUNGEON:
        return "a hidden Dungeon was shown"
    return first_shown(events, SHOWN)
