"""Setting up a game against the Villains once the heroes are known (DESIGN.md, "Set-up").

What ``table_setup.new_state`` deals for them comes first (``villain_deal``). ``begin`` runs
when the heroes are known (at once, or when the draft ends): the Villain roster and its
tokens, the Villains on their start hexes, FAQ 19 on the center row, the Boss player's first
three Schemes, each co-op hero's portal, then the heroes' first turn.
"""

from __future__ import annotations

from core.contract import Event
from core.tactics import turn
from core.tactics.state import DRAFT, Decision, State, seat_bit
from core.tactics.villain_deal import heroes
from core.tactics.villain_ops import OBJECTIVE_KINDS
from core.tactics.villain_options import RANDOM_BOSS
from core.tactics.villain_state import BOSS_HAND, HEROES, VILLAIN


def begin(s: State, events: list[Event]) -> None:
    """The heroes are known: deal the Villains, then each hero's portal, then the first
    turn."""
    v = s.villain
    assert v is not None
    s.phase = DRAFT
    taken = {s.cards[c].id for p in s.seats for c in p.roster}
    by_id = {d.id: v.first_card + i for i, d in enumerate(v.defs)}
    if s.scen.villains:
        chosen = [by_id[x] for x in s.scen.villains]
    else:
        others = [by_id[d.id] for d in v.defs if not d.boss and d.id not in taken]
        drawn = s.rng.choice([by_id[d.id] for d in v.defs if d.boss and d.id not in taken])
        boss = s.options.get("boss", RANDOM_BOSS)
        # A Boss chosen in the options (checked there, its namesake kept out of the heroes)
        # replaces the drawn one; the draw is still made so that the rest of the deal is the
        # same whichever Boss leads, and Bosses compared on the same seeds meet the same
        # other Villains.
        chosen = [drawn if boss == RANDOM_BOSS else by_id[boss]]
        s.rng.shuffle(others)
        chosen += others[:len(OBJECTIVE_KINDS) - 1]
    rest = chosen[1:]
    s.rng.shuffle(rest)  # the other three tokens are dealt at random
    v.holder = [chosen[0], *rest]
    s.box = [c for c in s.box if c not in v.holder]
    for k, kind in enumerate(OBJECTIVE_KINDS):
        v.token[k] = s.scen.objectives[kind]
        u = s.card_units[v.holder[k]][0]
        s.units[u].seat = VILLAIN
        turn.place(s, u, s.scen.villain_starts[kind])
    turn.remove_villain_matches(s, v.names(), events)
    if v.boss_seat >= 0:
        while len(v.hand) < BOSS_HAND and v.deck:
            v.hand.append(v.deck.pop())
    events.append(Event("villains", -1, v.holder[0], len(v.deck)))
    ask_portal(s, events)


def ask_portal(s: State, events: list[Event]) -> None:
    """The next hero without a portal chooses one of the scenario's hero portals nobody has
    chosen; when all have one, the heroes' first turn begins."""
    if heroes(s) > 1:
        mine = [c for c, side in enumerate(s.portal_side) if side == HEROES]
        for seat in range(heroes(s)):
            if not any(s.portal_seats[c] & seat_bit(seat) for c in mine):
                free = [c for c in mine if not s.portal_seats[c]]
                s.pending.append(Decision("portal", seat, tuple(free), False))
                return
    turn.begin_turn(s, HEROES, events)


def answer_portal(s: State, d: Decision, cell: int, events: list[Event]) -> None:
    s.portal_seats[cell] = seat_bit(d.seat)
    events.append(Event("portal_chosen", d.seat, -1, cell))
    ask_portal(s, events)


__all__ = ["answer_portal", "ask_portal", "begin"]
