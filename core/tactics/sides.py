"""Who fights for whom: the side of a seat or of a unit, whether the Villains are taking
their turn, and who answers their ties (DESIGN.md, "Villains").

A Villain unit belongs to no seat (``VILLAIN``, -2) and fights for side ``VILLAINS``: ask its
side here, never ``side_of[unit.seat]``, which would read a seat from the end of the tuple.
"""

from __future__ import annotations

from core.tactics.state import State
from core.tactics.villain_state import VILLAIN, VILLAINS


def seat_side(s: State, seat: int) -> int:
    """The side of a unit of ``seat`` (``VILLAIN`` is side 1)."""
    return VILLAINS if seat == VILLAIN else s.side_of[seat]


def unit_side(s: State, u: int) -> int:
    """The side unit ``u`` fights for."""
    seat = s.units[u].seat
    return VILLAINS if seat == VILLAIN else s.side_of[seat]


def is_villain(s: State, u: int) -> bool:
    """Whether ``u`` is a Villain or a Villain Cultist."""
    return s.units[u].seat == VILLAIN


def villain_turn(s: State) -> bool:
    """Whether the Villains are taking their turn."""
    return s.villain is not None and s.side == VILLAINS


def chooser(s: State) -> int:
    """The seat that answers the Villains' choices: the Boss player in Become the Boss, else
    the hero seat at the keyboard (the team's current seat: ``State.current`` is kept on it
    through the Villain turn)."""
    v = s.villain
    assert v is not None
    return v.boss_seat if v.boss_seat >= 0 else s.current


def villain_unit(s: State, kind: int) -> int:
    """The unit of the Villain holding objective kind index ``kind``."""
    v = s.villain
    assert v is not None
    return s.card_units[v.holder[kind]][0]


__all__ = ["chooser", "is_villain", "seat_side", "unit_side", "villain_turn", "villain_unit"]
