"""The Champion Draft before the first turn.

Picks go in reverse turn order each round (the last Gateway first, slot 1 last), the row
refilled after every pick: four champions each for two players, three each for three or
four. In 2 vs 2 the team captains (each team's lowest slot) alternate, the team moving
second first, until each team has six; then each captain keeps three and the partner gets
the other three.
"""

from __future__ import annotations

from core.contract import Event
from core.tactics.state import DRAFT, Decision, State, join_roster, side_order
from core.tactics.turn import begin_turn
from core.tactics.villain_deal import draft_order as villain_draft_order
from core.tactics.villain_setup import begin as begin_against_villains

TEAM_PICKS = 6


def start_draft(s: State, events: list[Event]) -> None:
    """Lay out the picking order and ask the first pick."""
    s.phase = DRAFT
    if s.villain is not None:
        s.draft_order = villain_draft_order(s)
    elif s.options["mode"] == "2v2":
        first, second = side_order(s)
        s.draft_order = [s.sides[second][0], s.sides[first][0]] * TEAM_PICKS
    else:
        rounds = 4 if s.n == 2 else 3
        by_slot = sorted(range(s.n), key=lambda seat: -s.slot_of[seat])
        s.draft_order = by_slot * rounds
    next_draft(s, events)


def next_draft(s: State, events: list[Event]) -> None:
    """Ask the next pick or assignment; when everything is settled, start the first turn."""
    if s.draft_order and s.draft_row:
        s.pending.append(Decision("draft", s.draft_order[0], tuple(s.draft_row), False))
        return
    s.draft_order = []
    for side in reversed(side_order(s)) if s.team_pool else ():
        pool = s.team_pool[side]
        if not pool:
            continue
        captain, partner = s.sides[side]
        if len(s.seats[captain].roster) < TEAM_PICKS // 2:
            s.pending.append(Decision("assign", captain, tuple(pool), False))
            return
        for uid in list(pool):
            join_roster(s, partner, uid)
        pool.clear()
    s.box = sorted(s.box + s.draft_row + s.draft_deck)
    s.draft_row = []
    s.draft_deck = []
    if s.villain is not None:
        begin_against_villains(s, events)  # the Villains are drawn once the heroes are known
        return
    begin_turn(s, side_order(s)[0], events)


def answer_draft(s: State, seat: int, uid: int, events: list[Event]) -> None:
    """A pick: the champion joins the seat's roster (or its team's pool); refill the row."""
    s.draft_order.pop(0)
    s.draft_row.remove(uid)
    if s.draft_deck:
        s.draft_row.append(s.draft_deck.pop())
    events.append(Event("draft", seat, uid))
    if s.team_pool:
        s.team_pool[s.side_of[seat]].append(uid)
    else:
        join_roster(s, seat, uid)
    next_draft(s, events)


def answer_assign(s: State, seat: int, uid: int, events: list[Event]) -> None:
    """A captain keeps ``uid`` for their own roster."""
    s.team_pool[s.side_of[seat]].remove(uid)
    join_roster(s, seat, uid)
    events.append(Event("assign", seat, uid))
    next_draft(s, events)
