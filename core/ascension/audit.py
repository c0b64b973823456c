"""Invariants every legal state keeps; the property tests and bench sweeps check them."""

from __future__ import annotations

from core.ascension.state import ROW_SIZE, State


def all_uids(s: State) -> list[int]:
    """Every uid in every zone of the table (empty row slots excluded)."""
    out = [*s.center_deck, *(u for u in s.center_row if u >= 0), *s.void, *s.mystics,
           *s.heavies, *s.turn.played, s.cultist]
    for p in s.players:
        out += p.owned()
    return out


def problems(s: State) -> list[str]:
    """What is wrong with ``s`` (an empty list for a legal state)."""
    found = []
    if sorted(all_uids(s)) != list(range(len(s.cards))):
        found.append("a card is lost or in two places")
    if s.honor_pool < 0:
        found.append(f"the Honor pool is negative ({s.honor_pool})")
    taken = sum(p.honor for p in s.players)
    if taken != s.options["honor_pool"] - s.honor_pool + s.honor_extra:
        found.append("Honor tokens were created or lost")
    if s.honor_extra and s.honor_pool:
        found.append("reserve Honor was taken while the pool still had tokens")
    if len(s.center_row) != ROW_SIZE:
        found.append("the center row does not have six slots")
    if any(u >= 0 and s.cards[u].role != "center" for u in s.center_row):
        found.append("a card that is not from the center deck sits in the row")
    if any(u < 0 for u in s.center_row) and s.center_deck:
        found.append("an empty row slot was not refilled")
    if s.over and len(set(s.turns_taken)) != 1:
        found.append(f"the game ended with unequal turns {s.turns_taken}")
    return found
