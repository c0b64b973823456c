"""Personal decks shared by the deckbuilding games (Ascension, Tactics)."""

from __future__ import annotations

from typing import Protocol

from core.contract import Event, SharedEvents, new_event
from core.rng import Rng


class Holder(Protocol):
    """A seat's cards: lists of uids, the deck's top at its end."""

    deck: list[int]
    hand: list[int]
    discard: list[int]


DRAWS = SharedEvents("draw", "value")


def draw(p: Holder, rng: Rng, seat: int, n: int, events: list[Event]) -> None:
    """Draw ``n`` into the hand, shuffling the discard pile into a new deck when the deck runs
    out (cards played this turn are not in the discard pile yet, so they stay out)."""
    deck = p.deck
    if 0 < n <= len(deck):
        # The usual case, a deck with enough cards: the same cards, in the same order, as
        # popping them one by one.
        p.hand += deck[:-n - 1:-1]
        del deck[-n:]
        events.append(DRAWS[seat][n])
        return
    drawn = 0
    for _ in range(n):
        if not p.deck:
            if not p.discard:
                break
            p.deck, p.discard = p.discard, []
            rng.shuffle(p.deck)
            events.append(new_event(("reshuffle", seat, -1, len(p.deck))))
        p.hand.append(p.deck.pop())
        drawn += 1
    if drawn:
        events.append(DRAWS[seat][drawn])
