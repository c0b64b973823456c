"""Hand-made Ascension positions for the AI tests: cards are only ever moved, never copied."""

from __future__ import annotations

import core.ascension as A
from core.ascension.state import State
from core.contract import Action


def _zones(s: State) -> list[list[int]]:
    lists = [s.center_deck, s.mystics, s.heavies, s.void]
    for p in s.players:
        lists += [p.deck, p.hand, p.discard, p.constructs]
    return lists


def take(s: State, key: str) -> int:
    """Detach a free card of ``key`` (from the supply first, else from the players)."""
    for lst in _zones(s):
        for u in reversed(lst):
            if s.cards[u].key == key:
                lst.remove(u)
                return u
    for slot, u in enumerate(s.center_row):
        if u >= 0 and s.cards[u].key == key:
            s.center_row[slot] = s.center_deck.pop() if s.center_deck else -1
            return u
    raise AssertionError(f"no free {key!r}")


def put(s: State, key: str, zone: str, seat: int = 0) -> int:
    """Move a card of ``key`` to a player's hand, discard or constructs."""
    u = take(s, key)
    getattr(s.players[seat], zone).append(u)
    return u


def set_row(s: State, keys: list[str]) -> list[int]:
    """Make the center row exactly ``keys`` (empty slots after them), old cards to the deck."""
    for slot, u in enumerate(s.center_row):
        if u >= 0:
            s.center_deck.insert(0, u)
            s.center_row[slot] = -1
    uids = [take(s, k) for k in keys]
    for slot in range(len(s.center_row)):
        s.center_row[slot] = uids[slot] if slot < len(uids) else -1
    return uids


def clear_hand(s: State, seat: int = 0) -> None:
    p = s.players[seat]
    p.deck[:0] = p.hand
    p.hand.clear()


def answer_plainly(s: State) -> None:
    """Settle any pending decision: decline when allowed, else the first choice."""
    while s.pending:
        legal = A.legal_actions(s)
        A.apply(s, Action("decline") if Action("decline") in legal else legal[0])


def check_cards(s: State) -> None:
    """Every card in exactly one place."""
    zones = [*s.center_deck, *s.center_row, *s.void, *s.mystics, *s.heavies,
             *s.turn.played, s.cultist]
    for p in s.players:
        zones += p.deck + p.hand + p.discard + p.constructs
    assert sorted(u for u in zones if u >= 0) == list(range(len(s.cards)))
