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
    found = range_problems(s)
    if found:
        return found  # the checks below index by these numbers
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


def range_problems(s: State) -> list[str]:
    """Seats, counts and card numbers outside what the table has (a restored snapshot is
    checked with these before anything reads the state by them)."""
    found = []
    n, cards = s.n, len(s.cards)
    if not 2 <= n <= 4 or s.options.get("players") != n:
        found.append(f"{n} players at the table")
    if not 0 <= s.current < n:
        found.append(f"the player to act is seat {s.current} of {n}")
    if len(s.turns_taken) != n or any(t < 0 for t in s.turns_taken):
        found.append(f"turns taken {s.turns_taken} for {n} players")
    for d in s.pending:
        if not 0 <= d.seat < n:
            found.append(f"a decision is asked of seat {d.seat} of {n}")
        if d.kind != "mode" and any(not 0 <= c < cards for c in d.choices):
            found.append(f"a decision offers a card that does not exist ({d.kind})")
    uids = all_uids(s) + [u for u, _ in s.turn.used]
    if any(not (0 <= u < cards) for u in uids):
        found.append("a card number outside the game")
    return found
