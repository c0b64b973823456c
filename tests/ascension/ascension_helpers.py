"""Helpers that build hand-made Ascension positions and check the card invariant.

Every card stays in exactly one place: helpers only ever *move* uids between zones.
"""

from __future__ import annotations

from typing import Any

import core.ascension as asc
from core.ascension.audit import problems
from core.ascension.state import State
from core.contract import Action, Event

PARTIAL_ROW = "test_partial_row"


def new(players: int = 2, seed: int = 7, **options: Any) -> State:
    """A fresh game with ``players`` seats."""
    return asc.new_game({"players": players, **options}, seed)


def _player_lists(s: State) -> list[tuple[str, int, list[int]]]:
    out: list[tuple[str, int, list[int]]] = []
    for i, p in enumerate(s.players):
        out += [("hand", i, p.hand), ("deck", i, p.deck), ("discard", i, p.discard),
                ("constructs", i, p.constructs)]
    return out


def _sources(s: State) -> list[tuple[str, int, list[int]]]:
    """Places a card may be taken from, in the order they are searched."""
    return [("center_deck", -1, s.center_deck), ("mystics", -1, s.mystics),
            ("heavies", -1, s.heavies), ("void", -1, s.void), ("row", -1, s.center_row),
            *_player_lists(s), ("played", -1, s.turn.played)]


def zone_list(s: State, zone: str, seat: int = 0) -> list[int]:
    """The list that holds ``zone`` (for player zones, the one of ``seat``)."""
    p = s.players[seat]
    lists = {"hand": p.hand, "deck": p.deck, "discard": p.discard,
             "constructs": p.constructs, "played": s.turn.played, "row": s.center_row,
             "center_deck": s.center_deck, "void": s.void}
    return lists[zone]


def _detach(s: State, uid: int) -> None:
    """Take ``uid`` out of wherever it is; a center-row slot is refilled from the deck."""
    assert uid != s.cultist, "the Cultist never moves"
    for name, _seat, lst in _sources(s):
        if uid in lst:
            if name == "row":
                slot = lst.index(uid)
                lst[slot] = s.center_deck.pop() if s.center_deck else -1
            else:
                lst.remove(uid)
            return
    raise AssertionError(f"card {uid} is nowhere")


def find(s: State, key: str, exclude: list[int] | None = None) -> int:
    """The first uid of ``key`` (searching supply zones before players' cards)."""
    skip = set(exclude or ())
    for _name, _seat, lst in _sources(s):
        for u in reversed(lst):
            if u >= 0 and u not in skip and s.cards[u].key == key:
                return u
    raise AssertionError(f"no free card {key!r}")


def place(s: State, uid: int, zone: str, seat: int = 0, slot: int | None = None) -> int:
    """Move card ``uid`` to ``zone`` (top of a deck, end of other lists, or a row slot)."""
    if zone == "row":
        _detach(s, uid)
        if slot is None:
            slot = s.center_row.index(-1) if -1 in s.center_row else 0
        old = s.center_row[slot]
        s.center_row[slot] = uid
        if old >= 0:
            s.center_deck.insert(0, old)
        return uid
    _detach(s, uid)
    zone_list(s, zone, seat).append(uid)
    return uid


def put(s: State, key: str, zone: str, seat: int = 0, slot: int | None = None) -> int:
    """Move the first free card ``key`` into ``zone``; returns its uid."""
    uid = find(s, key, exclude=list(zone_list(s, zone, seat)))
    return place(s, uid, zone, seat, slot)


def clear_hand(s: State, seat: int = 0) -> None:
    """Move ``seat``'s hand under its deck, so draws still come from the known top."""
    p = s.players[seat]
    p.deck[:0] = p.hand
    p.hand.clear()


def set_row(s: State, keys: list[str]) -> list[int]:
    """Make the center row exactly ``keys`` (padded with empty slots); returns the uids."""
    assert len(keys) <= 6
    s.center_deck[:0] = [u for u in s.center_row if u >= 0]
    s.center_row[:] = [-1] * 6
    uids = [put(s, k, "row", slot=i) for i, k in enumerate(keys)]
    if len(keys) < 6:
        # A hand-built row may keep empty slots while the center deck still has cards; the
        # engine itself never does that, so only such positions are excused from that check.
        s.options[PARTIAL_ROW] = True
    return uids


def stack_center_deck(s: State, keys: list[str]) -> list[int]:
    """Put ``keys`` on top of the center deck, the last one on top (revealed first)."""
    stacked: list[int] = []
    for k in keys:
        stacked.append(place(s, find(s, k, exclude=stacked), "center_deck"))
    return stacked


def keys(s: State, uids: list[int] | tuple[int, ...]) -> list[str]:
    return [s.cards[u].key for u in uids]


def act(s: State, kind: str, card: int = -1, option: int = 0) -> list[Event]:
    return asc.apply(s, Action(kind, card, option))


def play(s: State, uid: int) -> list[Event]:
    return act(s, "play", uid)


def choose(s: State, choice: int) -> list[Event]:
    return act(s, "choose", choice)


def decline(s: State) -> list[Event]:
    return act(s, "decline")


def end(s: State) -> list[Event]:
    return act(s, "end")


def pending(s: State) -> Any:
    """The decision waiting now (asserting there is exactly one step of it)."""
    assert s.pending, "no decision is waiting"
    return s.pending[-1]


def pool_total(s: State) -> int:
    return s.honor_pool + sum(p.honor for p in s.players) - s.honor_extra


def check(s: State) -> None:
    """Every uid is in exactly one zone; the row has six slots; honor is accounted for."""
    zones: list[int] = [*s.center_deck, *(u for u in s.center_row if u >= 0), *s.void,
                        *s.mystics, *s.heavies, *s.turn.played, s.cultist]
    for p in s.players:
        zones += p.deck + p.hand + p.discard + p.constructs
    assert len(zones) == len(set(zones)), "a card is in two places"
    assert sorted(zones) == list(range(len(s.cards))), "a card is lost"
    assert len(s.center_row) == 6
    assert s.honor_pool >= 0
    assert pool_total(s) == s.options["honor_pool"]
    excused = {"an empty row slot was not refilled"} if s.options.get(PARTIAL_ROW) else set()
    found = [m for m in problems(s) if m not in excused]
    assert found == [], found
