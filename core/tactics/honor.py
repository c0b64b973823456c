"""Honor from the supply (the box's tokens: nothing is ever created or lost)."""

from __future__ import annotations

from core.contract import Event, new_event
from core.tactics.state import State


def gain_honor(s: State, side: int, n: int, events: list[Event]) -> None:
    """Take Honor from the supply (never more than it holds, so none is ever created)."""
    take = min(n, s.honor_supply)
    if take <= 0:
        return
    s.honor_supply -= take
    s.honor[side] += take
    events.append(new_event(("honor", side, -1, take)))


__all__ = ["gain_honor"]
