"""Ascension states as plain data for saves, and back: ``restore`` refuses data that is
not a snapshot of a possible table (every card in exactly one place)."""

from __future__ import annotations

from typing import Any

from core.ascension.audit import all_uids
from core.ascension.cards import Op
from core.ascension.state import Decision, Player, State, Turn, new_state
from core.contract import plain_copy, snapshot_reader
from core.rng import FIRST_GENERATOR, generator


def _op_data(op: Op) -> list[Any]:
    return [op.name, op.n, op.faction, op.zone, [_op_data(o) for o in op.then],
            [[_op_data(o) for o in opt] for opt in op.options], list(op.labels)]


def _op_from(data: list[Any]) -> Op:
    name, n, faction, zone, then, options, labels = data
    return Op(name=str(name), n=int(n), faction=str(faction), zone=str(zone),
              then=tuple(_op_from(o) for o in then),
              options=tuple(tuple(_op_from(o) for o in opt) for opt in options),
              labels=tuple(str(x) for x in labels))


def snapshot(s: State) -> dict[str, Any]:
    """The state as msgpack-friendly data (lists, ints, strings); ``restore`` inverts it."""
    t = s.turn
    return plain_copy({
        "options": s.options,
        "rng": s.rng.state,
        "players": [[p.deck, p.hand, p.discard, p.constructs, p.honor] for p in s.players],
        "center_deck": s.center_deck,
        "center_row": s.center_row,
        "void": s.void,
        "mystics": s.mystics,
        "heavies": s.heavies,
        "honor": [s.honor_pool, s.honor_extra],
        "current": s.current,
        "turn": [t.runes, t.power, t.mechana_runes, t.played, sorted(map(list, t.used)),
                 t.discount, [[u, f, [_op_data(o) for o in ops]] for u, f, ops in t.waiting]],
        "turns_taken": s.turns_taken,
        "flags": [int(s.extra_turn), int(s.ending), int(s.over), s.steps],
        "pending": [[d.kind, d.seat, list(d.choices), int(d.optional), d.source, d.n,
                     list(d.labels)] for d in s.pending],
        "work": [[_op_data(op), src] for op, src in s.work],
    })


@snapshot_reader
def restore(data: dict[str, Any]) -> State:
    """Rebuild a state from ``snapshot`` data (raises ValueError/KeyError/TypeError if bad)."""
    # A snapshot from before generator versions has none in its options: it used the first.
    s = new_state({"generator": FIRST_GENERATOR, **data["options"]}, 0)
    s.rng = generator(s.options["generator"])(int(data["rng"]))
    s.players = []
    for deck, hand, discard, constructs, honor in data["players"]:
        p = Player()
        p.deck, p.hand, p.discard, p.constructs = list(deck), list(hand), list(discard), list(
            constructs)
        p.honor = int(honor)
        s.players.append(p)
    s.center_deck = list(data["center_deck"])
    s.center_row = list(data["center_row"])
    s.void = list(data["void"])
    s.mystics = list(data["mystics"])
    s.heavies = list(data["heavies"])
    s.honor_pool, s.honor_extra = (int(x) for x in data["honor"])
    s.current = int(data["current"])
    runes, power, mech, played, used, discount, waiting = data["turn"]
    t = Turn()
    t.runes, t.power, t.mechana_runes, t.discount = int(runes), int(power), int(mech), int(
        discount)
    t.played = list(played)
    t.used = {(int(a), int(b)) for a, b in used}
    t.waiting = [(int(u), str(f), tuple(_op_from(o) for o in ops)) for u, f, ops in waiting]
    s.turn = t
    s.turns_taken = list(data["turns_taken"])
    extra, ending, over, steps = data["flags"]
    s.extra_turn, s.ending, s.over, s.steps = bool(extra), bool(ending), bool(over), int(steps)
    s.pending = [Decision(str(k), int(seat), tuple(ch), bool(opt), int(src), int(n), tuple(lb))
                 for k, seat, ch, opt, src, n, lb in data["pending"]]
    s.work = [(_op_from(op), int(src)) for op, src in data["work"]]
    _check_cards(s)
    return s


def _check_cards(s: State) -> None:
    """Every card in exactly one place; a snapshot that breaks this is refused."""
    if sorted(all_uids(s)) != list(range(len(s.cards))):
        raise ValueError("the snapshot loses or duplicates cards")
