"""The effect engine: card operations, the moves they make, and the decisions they wait for.

Effects run from ``state.work`` (a stack of ``(op, source uid)``). An operation that needs a
choice leaves a ``Decision`` on ``state.pending`` and stops; the answer (``answer``) finishes
that operation and the run goes on. Nothing ever blocks waiting for input.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from core import decks
from core.ascension.cards import CardDef, Op, Trigger
from core.ascension.state import Decision, State
from core.contract import Event, SharedEvents, new_event

TRIGGER_SLOT = 8  # trigger i of a construct is remembered as slot 8 + i in turn.used
# (monster uid, ROW_DEFEAT) in turn.used: that monster was defeated from the center row this
# turn, so a trigger limited to the turn's first such defeat can tell it came too late.
ROW_DEFEAT = -1
# Rocket Courier's question, by where its trigger sends the construct.
COURIER_KINDS = {"play": "courier_play", "hand": "courier_hand"}


_HONOR, _ACQUIRED, _DEFEATED = (SharedEvents(k, by) for k, by in (
    ("honor", "value"), ("acquire", "card"), ("defeat", "card")))


# --- primitive moves ------------------------------------------------------------------------

def draw(s: State, seat: int, n: int, events: list[Event]) -> None:
    decks.draw(s.players[seat], s.rng, seat, n, events)


def gain_honor(s: State, seat: int, n: int, events: list[Event]) -> None:
    """Take Honor tokens from the pool; once it is empty they come from the reserve.

    Emptying the pool starts the last round. Tokens taken beyond the pool are counted in
    ``honor_extra`` so every token stays accounted for.
    """
    if n <= 0:
        return
    take = min(n, s.honor_pool)
    s.honor_pool -= take
    s.honor_extra += n - take
    s.players[seat].honor += n
    events.append(_HONOR[seat][n])
    if s.honor_pool == 0 and not s.ending:
        s.ending = True
        events.append(Event("pool_empty", seat))


def refill(s: State, slot: int, events: list[Event]) -> None:
    """Fill an empty center-row slot at once from the center deck, if any card is left."""
    if s.center_deck:
        s.center_row[slot] = s.center_deck.pop()
        events.append(new_event(("reveal", -1, s.center_row[slot], slot)))
    else:
        s.center_row[slot] = -1


def take_from_center(s: State, uid: int, events: list[Event]) -> None:
    slot = s.center_row.index(uid)
    s.center_row[slot] = -1
    refill(s, slot, events)


def counts_as_mechana(cards: Sequence[CardDef], constructs: Sequence[int], uid: int) -> bool:
    """Printed Mechana, or a construct while Hedron Link Device is among ``constructs``.

    With the Device in play every construct its owner has in play or is acquiring counts as
    Mechana, so callers ask only about those (a view's cards and constructs do as well).
    """
    card = cards[uid]
    if card.faction == "mechana":
        return True
    return card.kind == "construct" and any(cards[c].passive == "all_mechana"
                                            for c in constructs)


def is_mechana(s: State, seat: int, uid: int) -> bool:
    """Whether card ``uid``, in play for or being acquired by ``seat``, counts as Mechana."""
    return counts_as_mechana(s.cards, s.players[seat].constructs, uid)


def faction_played(cards: Sequence[CardDef], played: Sequence[int], faction: str,
                   but: int = -1) -> bool:
    """Whether a hero of ``faction`` other than ``but`` is among ``played`` (this turn's)."""
    return any(u != but and cards[u].faction == faction for u in played)


def row_defeat_done(used: Iterable[tuple[int, int]]) -> bool:
    """Whether a monster has been defeated from the center row this turn (``turn.used``)."""
    return any(slot == ROW_DEFEAT for _, slot in used)


def construct_factions(s: State, seat: int) -> set[str]:
    factions = {s.cards[c].faction for c in s.players[seat].constructs}
    if any(s.cards[c].passive == "all_mechana" for c in s.players[seat].constructs):
        factions.add("mechana")
    return factions


def _matches(s: State, seat: int, trig: Trigger, uid: int) -> bool:
    """Whether card ``uid`` is of the faction ``trig`` reacts to (Mechana as Hedron Link
    Device makes it)."""
    if not trig.faction or s.cards[uid].faction == trig.faction:
        return True
    return trig.faction == "mechana" and is_mechana(s, seat, uid)


def _first_of_turn(s: State, trig: Trigger, uid: int) -> bool:
    """Whether ``uid`` is the turn's first event of the kind ``trig`` reacts to."""
    if trig.on == "play_hero":
        return not any(u != uid and (not trig.faction or s.cards[u].faction == trig.faction)
                       for u in s.turn.played)
    return not any(slot == ROW_DEFEAT and u != uid for u, slot in s.turn.used)


def fire_triggers(s: State, seat: int, on: str, uid: int, events: list[Event]) -> None:
    """Queue the once-per-turn triggers of ``seat``'s constructs that react to ``on``."""
    if seat != s.current:
        return
    for c in s.players[seat].constructs:
        for i, trig in enumerate(s.cards[c].triggers):
            if trig.on != on or (c, TRIGGER_SLOT + i) in s.turn.used:
                continue
            if not _matches(s, seat, trig, uid):
                continue
            if trig.first and not _first_of_turn(s, trig, uid):
                continue
            s.turn.used.add((c, TRIGGER_SLOT + i))
            events.append(Event("trigger", seat, c, i))
            push(s, trig.effect, c)


def enter_play(s: State, seat: int, uid: int, events: list[Event]) -> None:
    s.players[seat].constructs.append(uid)
    events.append(new_event(("construct", seat, uid, 0)))
    fire_triggers(s, seat, "construct_enters", uid, events)


def take_offered(s: State, uid: int, events: list[Event]) -> None:
    """Take card ``uid`` from where it is on offer: the top of a pile, or the center row."""
    if s.mystics and uid == s.mystics[-1]:
        s.mystics.pop()
    elif s.heavies and uid == s.heavies[-1]:
        s.heavies.pop()
    else:
        take_from_center(s, uid, events)


def acquire(s: State, seat: int, uid: int, events: list[Event], to: str = "discard") -> None:
    """Move an acquired card (already removed from where it was) to its owner.

    A construct goes to the discard pile, and a Rocket Courier may then offer to send it on.
    """
    p = s.players[seat]
    events.append(_ACQUIRED[seat][uid])
    if to == "deck_top":
        p.deck.append(uid)
        return
    p.discard.append(uid)
    if s.cards[uid].kind == "construct":
        _offer_courier(s, seat, uid)


def _courier_trigger(s: State, courier: int) -> tuple[int, Trigger]:
    """The index and the trigger of construct ``courier`` that reacts to acquisitions."""
    return next((i, t) for i, t in enumerate(s.cards[courier].triggers)
                if t.on == "acquire_construct")


def _offer_courier(s: State, seat: int, uid: int) -> None:
    """Ask whether the first Rocket Courier X-99 still unused this turn sends the acquired
    construct ``uid`` (in the discard pile) on, when it counts as Mechana. Declining leaves
    the courier unused, so it may take a later construct of the turn."""
    if seat != s.current:
        return
    for c in s.players[seat].constructs:
        for i, trig in enumerate(s.cards[c].triggers):
            if trig.on != "acquire_construct" or (c, TRIGGER_SLOT + i) in s.turn.used:
                continue
            if _matches(s, seat, trig, uid):
                zone = next(op.zone for op in trig.effect if op.name == "acquired_to")
                _ask(s, COURIER_KINDS[zone], (uid,), True, c)
                return


def defeat(s: State, seat: int, uid: int, events: list[Event]) -> None:
    """A monster is defeated: off the row (refilled at once), to the Void, then its reward.

    Only a center-row monster (never the Cultist) sets off defeat triggers, and it is
    remembered for the turn so a trigger can tell whether it was the turn's first.
    """
    row = uid != s.cultist
    if row:
        take_from_center(s, uid, events)
        s.void.append(uid)
    events.append(_DEFEATED[seat][uid])
    if row:
        fire_triggers(s, seat, "defeat_center_monster", uid, events)
        s.turn.used.add((uid, ROW_DEFEAT))
    push(s, s.cards[uid].effect, uid)


def banish_from_center(s: State, uid: int, events: list[Event]) -> None:
    take_from_center(s, uid, events)
    s.void.append(uid)
    events.append(Event("banish", s.current, uid))


# --- the effect runner ----------------------------------------------------------------------

def push(s: State, ops: Sequence[Op], source: int) -> None:
    """Schedule ``ops`` to run next, in order."""
    if len(ops) == 1:  # most cards' effect is one operation
        s.work.append((ops[0], source))
    else:
        s.work.extend([(op, source) for op in reversed(ops)])


def run(s: State, events: list[Event]) -> None:
    """Run queued operations until done or until one waits for a decision."""
    while s.work and not s.pending:
        op, source = s.work.pop()
        _OPS[op.name](s, op, source, events)


def _ask(s: State, kind: str, choices: Iterable[int], optional: bool, source: int,
         seat: int | None = None, n: int = 0, labels: tuple[str, ...] = ()) -> None:
    ch = tuple(choices)
    if not ch:
        return
    s.pending.append(Decision(kind, s.current if seat is None else seat, ch, optional, source,
                              n, labels))


def _runes(s: State, op: Op, src: int, ev: list[Event]) -> None:
    s.turn.runes += op.n


def _power(s: State, op: Op, src: int, ev: list[Event]) -> None:
    s.turn.power += op.n


def _mechana_runes(s: State, op: Op, src: int, ev: list[Event]) -> None:
    s.turn.mechana_runes += op.n


def _honor(s: State, op: Op, src: int, ev: list[Event]) -> None:
    gain_honor(s, s.current, op.n, ev)


def _draw(s: State, op: Op, src: int, ev: list[Event]) -> None:
    draw(s, s.current, op.n, ev)


def _choose(s: State, op: Op, src: int, ev: list[Event]) -> None:
    s.work.append((op, src))  # kept so the answer knows the options
    _ask(s, "mode", range(len(op.options)), False, src, labels=op.labels)


def banishable_center(s: State) -> list[int]:
    return [u for u in s.center_row if u >= 0 and s.cards[u].passive != "unbanishable"]


def _banish_center(s: State, op: Op, src: int, ev: list[Event]) -> None:
    _ask(s, "banish_center", banishable_center(s), True, src)


def _banish_hand_or_discard(s: State, op: Op, src: int, ev: list[Event]) -> None:
    p = s.players[s.current]
    _ask(s, "banish_hand_or_discard", p.hand + p.discard, True, src)


def _banish_hand(s: State, op: Op, src: int, ev: list[Event]) -> None:
    _ask(s, "banish_hand", s.players[s.current].hand, False, src)


def _banish_discard(s: State, op: Op, src: int, ev: list[Event]) -> None:
    _ask(s, "banish_discard", s.players[s.current].discard, True, src)


def _discard_to_draw(s: State, op: Op, src: int, ev: list[Event]) -> None:
    # The discard is required; with an empty hand there is nothing to discard, nor a draw.
    _ask(s, "discard_to_draw", s.players[s.current].hand, False, src, n=op.n)


def free_defeat_targets(s: State, limit: int) -> list[int]:
    row = [u for u in s.center_row if u >= 0 and s.cards[u].kind == "monster"]
    return [u for u in [*row, s.cultist] if s.cards[u].power <= limit]


def _defeat_free(s: State, op: Op, src: int, ev: list[Event]) -> None:
    _ask(s, "defeat_free", free_defeat_targets(s, op.n), True, src, n=op.n)


def free_hero_targets(s: State, limit: int) -> list[int]:
    """Heroes costing ``limit`` or less on offer: the center row's, then each pile's top."""
    heroes = [u for u in s.center_row
              if u >= 0 and s.cards[u].kind == "hero" and s.cards[u].cost <= limit]
    heroes += [pile[-1] for pile in (s.mystics, s.heavies)
               if pile and s.cards[pile[-1]].cost <= limit]
    return heroes


def _acquire_hero_free(s: State, op: Op, src: int, ev: list[Event]) -> None:
    _ask(s, "acquire_hero_free", free_hero_targets(s, op.n), True, src, n=op.n)


def _copy_hero(s: State, op: Op, src: int, ev: list[Event]) -> None:
    heroes = [u for u in s.turn.played if u != src and s.cards[u].key != "twofold_askara"]
    _ask(s, "copy_hero", heroes, False, src)


def _with_other_hero(s: State, op: Op, src: int, ev: list[Event]) -> None:
    """Unite: ``then`` once another hero of the faction is played this turn, before or
    after (it waits in ``turn.waiting`` until then)."""
    if faction_played(s.cards, s.turn.played, op.faction, but=src):
        push(s, op.then, src)
    else:
        s.turn.waiting.append((src, op.faction, op.then))


def _if_hero_played(s: State, op: Op, src: int, ev: list[Event]) -> None:
    """``then`` only if another hero of the faction has already been played this turn."""
    if faction_played(s.cards, s.turn.played, op.faction, but=src):
        push(s, op.then, src)


def _if_constructs(s: State, op: Op, src: int, ev: list[Event]) -> None:
    if len(s.players[s.current].constructs) >= op.n:
        push(s, op.then, src)


def _honor_per_construct_faction(s: State, op: Op, src: int, ev: list[Event]) -> None:
    gain_honor(s, s.current, len(construct_factions(s, s.current)), ev)


def _construct_discount(s: State, op: Op, src: int, ev: list[Event]) -> None:
    s.turn.discount += op.n


def _opponents(s: State) -> list[int]:
    return [(s.current + i) % s.n for i in range(1, s.n)]


def _opponents_destroy_construct(s: State, op: Op, src: int, ev: list[Event]) -> None:
    push(s, [Op("destroy_construct_of", n=seat) for seat in _opponents(s)], src)


def _destroy_construct_of(s: State, op: Op, src: int, ev: list[Event]) -> None:
    constructs = s.players[op.n].constructs
    if len(constructs) == 1:
        _destroy(s, op.n, constructs[0], ev)
    else:
        _ask(s, "destroy_construct", constructs, False, src, seat=op.n)


def _destroy(s: State, seat: int, uid: int, ev: list[Event]) -> None:
    """A destroyed construct goes to its owner's discard pile (not to the Void)."""
    s.players[seat].constructs.remove(uid)
    s.players[seat].discard.append(uid)
    ev.append(Event("construct_to_discard", seat, uid))


def _opponents_keep_one_construct(s: State, op: Op, src: int, ev: list[Event]) -> None:
    push(s, [Op("keep_one_construct_of", n=seat) for seat in _opponents(s)], src)


def _keep_one_construct_of(s: State, op: Op, src: int, ev: list[Event]) -> None:
    if len(s.players[op.n].constructs) > 1:
        _ask(s, "keep_construct", s.players[op.n].constructs, False, src, seat=op.n)


def _steal_random_card(s: State, op: Op, src: int, ev: list[Event]) -> None:
    me = s.players[s.current]
    for seat in _opponents(s):
        hand = s.players[seat].hand
        if hand:
            uid = hand.pop(s.rng.below(len(hand)))
            me.hand.append(uid)
            ev.append(Event("steal", s.current, uid, seat))


def _acquire_or_defeat_free(s: State, op: Op, src: int, ev: list[Event]) -> None:
    _ask(s, "acquire_or_defeat", [u for u in s.center_row if u >= 0 and u != src], True, src)


def _extra_turn(s: State, op: Op, src: int, ev: list[Event]) -> None:
    s.extra_turn = True
    ev.append(Event("extra_turn", s.current, src))


def _power_per_mechana_construct(s: State, op: Op, src: int, ev: list[Event]) -> None:
    seat = s.current
    s.turn.power += sum(1 for c in s.players[seat].constructs if is_mechana(s, seat, c))


def _acquired_to(s: State, op: Op, src: int, ev: list[Event]) -> None:
    """Data only: where Rocket Courier sends a construct (``_offer_courier`` reads it)."""


_OPS = {
    "runes": _runes, "power": _power, "mechana_runes": _mechana_runes, "honor": _honor,
    "draw": _draw, "choose": _choose, "banish_center": _banish_center,
    "banish_hand_or_discard": _banish_hand_or_discard, "banish_hand": _banish_hand,
    "banish_discard": _banish_discard, "discard_to_draw": _discard_to_draw,
    "defeat_free": _defeat_free, "acquire_hero_free": _acquire_hero_free,
    "copy_hero": _copy_hero, "with_other_hero": _with_other_hero,
    "if_hero_played": _if_hero_played,
    "if_constructs": _if_constructs,
    "honor_per_construct_faction": _honor_per_construct_faction,
    "construct_discount": _construct_discount,
    "opponents_destroy_construct": _opponents_destroy_construct,
    "destroy_construct_of": _destroy_construct_of,
    "opponents_keep_one_construct": _opponents_keep_one_construct,
    "keep_one_construct_of": _keep_one_construct_of,
    "steal_random_card": _steal_random_card, "acquire_or_defeat_free": _acquire_or_defeat_free,
    "extra_turn": _extra_turn, "power_per_mechana_construct": _power_per_mechana_construct,
    "acquired_to": _acquired_to,
}


# --- answering a decision -------------------------------------------------------------------

_COURIER_ZONES = {kind: zone for zone, kind in COURIER_KINDS.items()}


def answer(s: State, d: Decision, choice: int | None, events: list[Event]) -> None:
    """Finish the operation that asked ``d`` with ``choice`` (``None`` = declined)."""
    seat = d.seat
    p = s.players[seat]
    if d.kind == "mode":
        op, src = s.work.pop()
        assert choice is not None
        push(s, op.options[choice], src)
        events.append(Event("mode", seat, d.source, choice))
        return
    if choice is None:
        events.append(Event("decline", seat, d.source))
        return
    kind = d.kind
    if kind == "banish_center":
        banish_from_center(s, choice, events)
    elif kind in ("banish_hand_or_discard", "banish_hand", "banish_discard"):
        (p.hand if choice in p.hand else p.discard).remove(choice)
        s.void.append(choice)
        events.append(Event("banish", seat, choice))
    elif kind == "discard_to_draw":
        p.hand.remove(choice)
        p.discard.append(choice)
        events.append(Event("discard", seat, choice))
        draw(s, seat, d.n, events)
    elif kind == "defeat_free":
        defeat(s, seat, choice, events)
    elif kind == "acquire_hero_free":
        take_offered(s, choice, events)
        acquire(s, seat, choice, events, to="deck_top")
    elif kind == "copy_hero":
        events.append(Event("copy", seat, choice))
        push(s, s.cards[choice].effect, d.source)
    elif kind == "destroy_construct":
        _destroy(s, seat, choice, events)
    elif kind == "keep_construct":
        for c in [c for c in p.constructs if c != choice]:
            p.constructs.remove(c)
            p.discard.append(c)
            events.append(Event("construct_to_discard", seat, c))
    elif kind in _COURIER_ZONES:
        i, _ = _courier_trigger(s, d.source)
        s.turn.used.add((d.source, TRIGGER_SLOT + i))
        events.append(Event("trigger", seat, d.source, i))
        p.discard.remove(choice)
        if _COURIER_ZONES[kind] == "play":
            enter_play(s, seat, choice, events)
        else:
            p.hand.append(choice)
            events.append(Event("to_hand", seat, choice))
    elif kind == "acquire_or_defeat":
        if s.cards[choice].kind == "monster":
            defeat(s, seat, choice, events)
        else:
            take_from_center(s, choice, events)
            acquire(s, seat, choice, events)
    else:
        raise AssertionError(f"unknown decision {kind}")


def hero_played(s: State, uid: int, events: list[Event]) -> None:
    """A hero was played: its effect, waiting effects it satisfies, and triggers."""
    card: CardDef = s.cards[uid]
    # The work list is a stack: push last what must run first (the card's own effect).
    if s.players[s.current].constructs:  # only constructs have triggers
        fire_triggers(s, s.current, "play_hero", uid, events)
    waiting = s.turn.waiting
    if waiting:
        for w in [w for w in waiting if w[0] != uid and w[1] == card.faction]:
            waiting.remove(w)
            push(s, w[2], w[0])
    push(s, card.effect, uid)

