"""The turn: cards between zones, acquiring, playing, commanding and moving units, Honor,
and the start and end of a side's turn."""

from __future__ import annotations

from itertools import compress

from core import decks
from core.contract import Event, new_event
from core.tactics import combat, harm, honor, routes
from core.tactics.board import (
    BEACON,
    INACTIVE_PORTAL,
    PORTAL,
    SHRINE,
    TAINTED,
    move_targets,
    shrine_controller,
)
from core.tactics.cards import Op
from core.tactics.sides import chooser, seat_side
from core.tactics.state import (
    HAND_SIZE,
    HEAVY_PILE,
    MYSTIC_PILE,
    OVER,
    PLAY,
    Decision,
    State,
    join_roster,
    new_command,
    push,
    seat_bit,
    side_mask,
    side_order,
)
from core.tactics.villain_state import VILLAIN, VILLAINS
from core.tactics.villain_work import step as villain_step

# --- cards -----------------------------------------------------------------------------------


def draw(s: State, seat: int, n: int, events: list[Event]) -> None:
    decks.draw(s.seats[seat], s.rng, seat, n, events)


def refill(s: State, slot: int, events: list[Event]) -> None:
    """Fill an empty row slot at once (FAQ 1); an empty center deck is first rebuilt from
    the banished center cards."""
    if not s.center_deck and s.banished:
        s.center_deck, s.banished = s.banished, []
        s.rng.shuffle(s.center_deck)
        events.append(Event("replenish", -1, -1, len(s.center_deck)))
    s.row[slot] = s.center_deck.pop() if s.center_deck else -1
    if s.row[slot] >= 0:
        events.append(new_event(("reveal", -1, s.row[slot], slot)))
        v = s.villain
        if v is not None and v.holder[0] >= 0 and s.cards[s.row[slot]].id in v.names():
            remove_villain_matches(s, v.names(), events)  # FAQ 19, whenever one appears


def take_from_row(s: State, uid: int, events: list[Event]) -> None:
    slot = s.row.index(uid)
    s.row[slot] = -1
    refill(s, slot, events)


def banish_card(s: State, uid: int, seat: int, events: list[Event]) -> None:
    """A card leaves the game: center cards to the banished pile (they may come back as a
    new center deck), Mystics and Heavy Infantry to their piles, starters to the box."""
    kind = s.cards[uid].kind
    if kind == "pile":
        (s.mystics if s.cards[uid].id == "mystic" else s.heavies).append(uid)
    elif kind == "starter":
        s.box.append(uid)
    else:
        s.banished.append(uid)
    events.append(Event("banish", seat, uid))


def gain_card(s: State, seat: int, uid: int, to: str, events: list[Event]) -> None:
    """An acquired card goes to its new owner: champions to the roster, others to ``to``."""
    p = s.seats[seat]
    kind = s.cards[uid].kind
    events.append(new_event(("acquire", seat, uid, 0)))
    if kind in ("champion", "monster"):
        join_roster(s, seat, uid)
    elif to == "hand":
        p.hand.append(uid)
    elif to == "top":
        p.deck.append(uid)
    else:
        p.discard.append(uid)


def acquire(s: State, seat: int, uid: int, top: bool, events: list[Event]) -> None:
    """Pay for and take a card; the row is refilled before its Ambush runs (FAQ 1)."""
    p = s.seats[seat]
    if uid in (MYSTIC_PILE, HEAVY_PILE):
        pile = s.mystics if uid == MYSTIC_PILE else s.heavies
        card = pile.pop()
        p.runes -= s.cards[card].cost
        gain_card(s, seat, card, "discard", events)
        return
    card_def = s.cards[uid]
    if card_def.kind == "monster":
        p.power -= card_def.power_cost
    else:
        p.runes -= card_def.cost
    take_from_row(s, uid, events)
    gain_card(s, seat, uid, "top" if top else "discard", events)
    if card_def.ambush:
        push(s, card_def.ambush, uid, seat)


def play(s: State, seat: int, uid: int, events: list[Event]) -> None:
    """Play a card from hand: a Hero's effect, or a Construct to equip. Allegiance fires for
    this card if another card of its faction was played this turn, and for cards waiting on
    this card's faction (acquiring never counts, FAQ 12)."""
    p = s.seats[seat]
    p.hand.remove(uid)
    card = s.cards[uid]
    events.append(new_event(("play", seat, uid, 0)))
    woken = [w for w, f in p.waiting if f == card.faction]
    p.waiting = [(w, f) for w, f in p.waiting if f != card.faction]
    own = False
    if card.allegiance:
        fac = card.allegiance_faction
        if any(s.cards[x].faction == fac for x in p.plays):
            own = True
        else:
            p.waiting.append((uid, fac))
    p.plays.append(uid)
    # The stack runs last-pushed first: the card's effect, then its own Allegiance, then the
    # Allegiance of earlier cards it satisfied.
    if woken:
        s.work.append((Op("@triggers", args=(("field", "allegiance"), ("srcs", tuple(woken)))),
                       -1, seat, -1))
    if own:
        push(s, card.allegiance, uid, seat)
    if card.kind == "construct":
        push(s, card.effect, uid, seat)
        s.work.append((Op("@equip"), uid, seat, -1))
    else:
        p.played.append(uid)
        push(s, card.effect, uid, seat)


# --- Honor -----------------------------------------------------------------------------------


gain_honor = honor.gain_honor


# --- commanding ------------------------------------------------------------------------------


def free_portals(s: State, seat: int) -> list[int]:
    """The portals ``seat`` may deploy onto with nobody on them: its own Gateway's, and any
    its side woke (this runs for every legal action list, so it stays short)."""
    bit = seat_bit(seat)
    occ = s.occupant
    masks = s.portal_seats
    # compress() skips the cells without a portal (most of the map) in C.
    return [c for c in compress(range(len(masks)), masks) if masks[c] & bit and occ[c] < 0]


def reserve_cultist(s: State, seat: int) -> int:
    """A Cultist of ``seat`` not on the battlefield, or -1 when all four are deployed."""
    for u in s.cultists[seat]:
        if s.units[u].cell < 0:
            return u
    return -1


def commandable(s: State, seat: int, power: int, free: bool) -> list[int]:
    """Units ``seat`` may begin to command with ``power``: ready ones (FAQ 3) on the board,
    or off it when a portal is free; one reserve Cultist stands for "deploy a new one" when
    ``free`` (a free command names the unit; the main phase uses ``command -1 portal``)."""
    # Whether a portal is free is looked for only when a unit off the board asks (-1: not
    # yet): this runs for every list of legal actions.
    has_portal = -1
    out = []
    units, cards, gear = s.units, s.cards, s.gear
    for card in s.seats[seat].roster:
        # combat.command_cost written out: one card's figures share its cost and gear.
        price = cards[card].command
        for c in gear.get(card, ()):
            price += cards[c].bonus.command
        if max(0, price) > power:
            continue
        for u in s.card_units[card]:
            unit = units[u]
            if unit.exhausted:
                continue
            if unit.cell < 0:
                if has_portal < 0:
                    has_portal = int(bool(free_portals(s, seat)))
                if not has_portal:
                    continue
            out.append(u)
    cost = s.cultist_def.command
    if cost <= power:
        for u in s.cultists[seat]:
            unit = s.units[u]
            if unit.cell >= 0 and not unit.exhausted:
                out.append(u)
        if free and has_portal < 0:
            has_portal = int(bool(free_portals(s, seat)))
        if free and has_portal:
            r = reserve_cultist(s, seat)
            if r >= 0:
                out.append(r)
    return out


def start_command(s: State, seat: int, u: int, pay: bool, events: list[Event]) -> None:
    """Begin commanding ``u``: pay (unless free), exhaust its card, and queue the card's other
    figures, each commanded in full after this one (FAQ 16)."""
    if pay:
        s.seats[seat].power -= combat.command_cost(s, u)
    combat.exhaust_card(s, u)
    unit = s.units[u]
    queue: tuple[int, ...] = ()
    if unit.card >= 0:
        queue = tuple(f for f in s.card_units[unit.card] if f != u)
    s.cmd = new_command((u, unit.cell >= 0, False, 0, queue, len(s.work), True))
    events.append(new_event(("command", seat, u, int(pay))))


def command_new_cultist(s: State, seat: int, cell: int, events: list[Event]) -> None:
    u = reserve_cultist(s, seat)
    start_command(s, seat, u, True, events)
    deploy(s, u, cell, events)


def place(s: State, u: int, cell: int) -> None:
    unit = s.units[u]
    unit.cell = cell
    s.occupant[cell] = u
    s.occ_side[cell] = seat_side(s, unit.seat)


def pick_up(s: State, u: int, cell: int, events: list[Event]) -> None:
    """A unit ending a move (or deployed) on a Treasure takes it (FAQ 4)."""
    t = s.board_treasure[cell]
    if t >= 0 and s.units[u].seat != VILLAIN:  # a Villain leaves the token where it lies
        seat = s.units[u].seat
        s.board_treasure[cell] = -1
        s.seats[seat].treasures.append(t)
        events.append(Event("pick_up", seat, u, cell))


def deploy(s: State, u: int, cell: int, events: list[Event]) -> None:
    place(s, u, cell)
    events.append(new_event(("deploy", s.units[u].seat, u, cell)))
    pick_up(s, u, cell, events)
    cmd = s.cmd
    if cmd is not None and cmd.unit == u:
        s.cmd = new_command((cmd.unit, True, cmd.moved, cmd.attacks, cmd.queue, cmd.depth,
                              cmd.primary))


barrier = routes.barrier


# Movement targets by everything they depend on; the board's search is the costliest step of
# a command, and legal_actions / why_illegal ask the same question several times in a row.
# Each entry keeps its map alive, so the map's id() in the key can never be reused. Kept
# small: a question asked again comes within the same step, and a small cache stays in
# the CPU's caches.
_DEST_CACHE: dict[tuple[object, ...], tuple[object, dict[int, int]]] = {}


def destinations(s: State, u: int) -> dict[int, int]:
    unit = s.units[u]
    if unit.cell < 0:
        return {}
    spd = combat.speed(s, u)
    side = seat_side(s, unit.seat)
    wall = barrier(s)
    key = (id(s.map), unit.cell, spd, side, wall, tuple(s.occ_side), tuple(s.portal_side),
           tuple(s.terrain))
    hit = _DEST_CACHE.get(key)
    if hit is not None and hit[0] is s.map:
        return hit[1]
    if len(_DEST_CACHE) > 64:
        _DEST_CACHE.clear()
    found = move_targets(s.map, s.terrain, s.portal_side, s.occ_side, side, unit.cell, spd,
                         wall)
    _DEST_CACHE[key] = (s.map, found)
    return found


def move(s: State, u: int, goal: int, events: list[Event]) -> None:
    """Move ``u`` to ``goal``: walked at once when every way there does the same, else the
    mover is asked which way (a ``route`` decision: its unit, and the goal in ``n``)."""
    options = routes.routes(s, u, goal)
    seat = s.units[u].seat
    if seat == VILLAIN:
        # A tie for the Villain's way: asked of the seat that breaks the Villains' ties.
        v = s.villain
        assert v is not None
        if v.ties == "auto" and v.boss_seat < 0:
            options = options[:1]
        seat = chooser(s)
    if len(options) > 1:
        s.pending.append(Decision("route", seat, tuple(range(len(options))), False,
                                  -1, u, goal))
        return
    walk(s, u, options[0].path, events)


def answer_route(s: State, d: Decision, choice: int, events: list[Event]) -> None:
    """The mover chose route ``choice`` of the ``route`` decision ``d``: walk it."""
    walk(s, d.unit, routes.asked(s, d)[choice].path, events)


def walk(s: State, u: int, path: tuple[int, ...], events: list[Event]) -> None:
    """Walk ``u`` along ``path`` (its last cell the goal): Tainted hexes hurt on entry,
    Beacons are taken and Inactive Portals woken as they are entered, a Treasure is picked
    up at the end. A unit defeated on the way stops there (off the battlefield)."""
    unit = s.units[u]
    side = seat_side(s, unit.seat)
    start = unit.cell
    goal = path[-1]
    cmd = s.cmd
    if cmd is not None and cmd.unit == u:
        s.cmd = new_command((cmd.unit, cmd.placed, True, cmd.attacks, cmd.queue, cmd.depth,
                              cmd.primary))
    events.append(new_event(("move", unit.seat, u, goal)))
    tainted = routes.tainted_hurts(s, unit.seat)
    for c in path:
        t = s.terrain[c]
        if t == BEACON and s.beacon[c] != side:
            s.beacon[c] = side
            events.append(Event("beacon", unit.seat, u, c))
        elif t == INACTIVE_PORTAL and unit.seat != VILLAIN:
            # Woken for the whole side: any player of it may deploy there from now on.
            s.terrain[c] = PORTAL
            s.portal_side[c] = side
            s.portal_seats[c] = side_mask(s, side)
            events.append(Event("portal", unit.seat, u, c))
        elif t == TAINTED and tainted > 0:
            unit.damage += tainted
            events.append(Event("damage", unit.seat, u, tainted))
            if unit.damage >= combat.defense(s, u):
                combat.check_defeats(s, events)
                return
    s.occupant[start] = -1
    s.occ_side[start] = -1
    place(s, u, goal)
    pick_up(s, u, goal, events)


def finish_command(s: State, events: list[Event]) -> None:
    """End the current figure's command; the card's next figure (if any) is commanded next."""
    cmd = s.cmd
    assert cmd is not None
    for nxt in cmd.queue:
        rest = tuple(x for x in cmd.queue if x != nxt)
        s.cmd = new_command((nxt, s.units[nxt].cell >= 0, False, 0, rest, cmd.depth, False))
        events.append(new_event(("command_next", s.units[nxt].seat, nxt, 0)))
        return
    s.cmd = None
    events.append(new_event(("command_done", s.current, cmd.unit, 0)))


def command_over(s: State) -> bool:
    """The commanded unit fell (it had been on the battlefield and is not any more)."""
    cmd = s.cmd
    return cmd is not None and cmd.placed and s.units[cmd.unit].cell < 0


# --- the side's turn -------------------------------------------------------------------------


def begin_turn(s: State, side: int, events: list[Event]) -> None:
    """Gateway Power for each seat of the side (and its first-turn bonus), then Tainted
    damage to the side's units standing on Tainted hexes (first, after a Treasure window)."""
    if s.villain is not None and side == VILLAINS:
        # All of the Villains' turn runs from the work stack (villain_turn), its start too:
        # the run that follows every action takes this step first.
        s.work.append(villain_step("begin"))
        return
    s.phase = PLAY
    s.side = side
    seats = s.sides[side]
    s.current = seats[0]
    events.append(new_event(("start_turn", s.current, -1, side)))
    first = s.side_turns[side] == 0
    for seat in reversed(seats):
        gate = s.gates.get(s.slot_of[seat])
        if gate is None:
            continue
        s.seats[seat].power += gate.power
        if first and gate.first_turn:
            push(s, gate.first_turn, -1, seat)
    tainted = s.scen.number("tainted_damage")
    if tainted > 0:
        # Most maps have no Tainted hex: the scan in C finds that before the one in Python.
        hurt = tuple(s.occupant[c] for c, t in enumerate(s.terrain)
                     if t == TAINTED and s.occ_side[c] == side) if TAINTED in s.terrain else ()
        if hurt:
            # It lands before anything else of the turn, once its Treasure window closes.
            harm.declare(s, harm.Harm("tainted", hurt, tainted, -1, -1, -1), events)


def end_turn(s: State, events: list[Event]) -> None:
    """Discard and draw 5, ready the side's units, heal everyone, score shrines (and Beacons
    when the scenario pays for them), check victory, and start the next side's turn."""
    side = s.side
    seats = s.sides[side]
    for seat in seats:
        p = s.seats[seat]
        p.discard += p.played + p.hand
        p.hand = []
        p.played = []
        draw(s, seat, HAND_SIZE, events)
        p.new_turn()
    side_of = s.side_of
    for unit in s.units:
        if unit.exhausted and unit.seat >= 0 and side_of[unit.seat] == side:
            unit.exhausted = False
        if unit.damage or unit.b_str or unit.b_def or unit.b_spd or unit.b_kw:
            unit.clear_turn()
    m = s.map
    for c in m.shrines:
        if s.terrain[c] == SHRINE and shrine_controller(m, c, s.occ_side) == side:
            gain_honor(s, side, m.shrine_honor[c], events)
    per_beacon = s.scen.number("beacon_honor")
    if per_beacon:
        gain_honor(s, side, per_beacon * s.beacon.count(side), events)
    s.side_turns[side] += 1
    s.turn_no += 1
    events.append(new_event(("end_turn", s.current, -1, side)))
    order = side_order(s)
    goal = s.scen.villain_honor if s.villain is not None and side == VILLAINS else \
        s.scen.victory_honor
    if s.scen.rules.get("equal_turns"):
        # The scenario evens out turns: a goal reached counts once the round is over.
        if side == order[-1] and max(s.honor) >= goal:
            finish(s, most_honor(s), events)
            return
    elif s.honor[side] >= goal:
        finish(s, (side,), events)
        return
    limit = s.options.get("turn_limit", 0)
    if limit and s.turn_no >= limit:
        finish(s, most_honor(s), events)
        return
    begin_turn(s, order[(order.index(side) + 1) % len(order)], events)


def most_honor(s: State) -> tuple[int, ...]:
    """The sides tied for the most Honor."""
    best = max(s.honor)
    return tuple(x for x, h in enumerate(s.honor) if h == best)


def remove_villain_matches(s: State, villain_ids: frozenset[str] | set[str],
                           events: list[Event]) -> None:
    """Solo and co-op (FAQ 19): a center-row Champion matching a Villain on the enemy roster
    leaves the game and its slot is refilled, until no match is left in the row."""
    changed = True
    while changed:
        changed = False
        for slot, uid in enumerate(s.row):
            if uid >= 0 and s.cards[uid].id in villain_ids:
                s.row[slot] = -1
                s.box.append(uid)
                events.append(Event("removed", -1, uid, slot))
                refill(s, slot, events)
                changed = True


def finish(s: State, winners: tuple[int, ...], events: list[Event]) -> None:
    s.phase = OVER
    s.winners = winners
    s.pending = []
    s.work = []
    s.cmd = None
    s.attack = None
    events.append(Event("game_over", -1, -1, winners[0] if len(winners) == 1 else -1))

