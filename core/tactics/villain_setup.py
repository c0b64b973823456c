"""Setting up a game against the Villains (DESIGN.md, "Set-up").

``prepare`` runs inside ``table_setup.new_state`` once the common parts are dealt: the Scheme deck
(a campaign's removed Schemes out, the difficulty's discards), the hero rosters (fixed by a
campaign chapter, the scenario's suggested ones, or a draft to come), a campaign's Power and
Treasures. ``begin`` runs when the heroes are known (at once, or when the draft ends): the
Villain roster and its tokens, the Villains on their start hexes, FAQ 19 on the center row,
the Boss player's first three Schemes, each co-op hero's portal, then the heroes' first turn.
"""

from __future__ import annotations

from core.contract import Event
from core.tactics import turn
from core.tactics.state import DRAFT, DRAFT_ROW, Decision, State, seat_bit
from core.tactics.table_setup import join_roster
from core.tactics.villain_ops import OBJECTIVE_KINDS
from core.tactics.villain_state import BOSS_HAND, HEROES, VILLAIN, hero_count
from core.tactics.villains import DIFFICULTIES

SOLO_PICKS = 4  # a lone hero drafts four champions
COOP_PICKS = 3  # each of two heroes drafts three, alternating


def heroes(s: State) -> int:
    return hero_count(s.options["mode"], s.n)


def prepare(s: State, starting: list[int]) -> None:
    """Deal what does not depend on the Villain roster (``starting``: the starting
    champions' uids)."""
    v = s.villain
    assert v is not None
    opts = s.options
    gone = set(opts["removed_schemes"])
    v.removed = [i for i, d in enumerate(v.schemes) if d.id in gone]
    v.deck = [i for i in range(len(v.schemes)) if i not in v.removed]
    s.rng.shuffle(v.deck)
    for _ in range(min(DIFFICULTIES[opts["difficulty"]], len(v.deck))):
        v.discard.append(v.deck.pop())
    ids = {s.cards[u].id: u for u in starting}
    fixed_villains = set(s.scen.villains)
    rosters = opts["heroes"] or _suggested(s)
    if opts["draft"] and not opts["heroes"]:
        # A fixed Villain roster's namesakes are not drafted: the figure is the Villain's.
        s.draft_deck = [u for u in starting if s.cards[u].id not in fixed_villains]
        s.box = sorted(u for u in starting if s.cards[u].id in fixed_villains)
        s.rng.shuffle(s.draft_deck)
        s.draft_row = [s.draft_deck.pop() for _ in range(min(DRAFT_ROW, len(s.draft_deck)))]
    else:
        for seat, roster in enumerate(rosters):
            for cid in roster:
                join_roster(s, seat, ids.pop(cid))
        s.box = sorted(ids.values())
    # Every Villain card waits in the box until the roster is drawn.
    s.box = sorted(s.box + list(range(v.first_card, v.first_card + len(v.defs))))
    for seat in range(heroes(s)):
        p = s.seats[seat]
        p.power += opts["first_power"]
        for _ in range(opts["treasures"]):
            if s.bag:
                p.treasures.append(s.bag.pop())


def _suggested(s: State) -> list[list[str]]:
    rosters = s.scen.hero_rosters
    if heroes(s) == 1:
        return [list(rosters["solo"][0])]
    return [list(r) for r in rosters["coop"]]


def draft_order(s: State) -> list[int]:
    """The picks: four for a lone hero; two heroes alternate, three each, seat 0 first."""
    if heroes(s) == 1:
        return [0] * SOLO_PICKS
    return [0, 1] * COOP_PICKS


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
        bosses = [by_id[d.id] for d in v.defs if d.boss and d.id not in taken]
        others = [by_id[d.id] for d in v.defs if not d.boss and d.id not in taken]
        chosen = [s.rng.choice(bosses)]
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


__all__ = ["answer_portal", "ask_portal", "begin", "draft_order", "prepare"]
