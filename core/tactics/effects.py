"""The effect engine: every operation of the content vocabulary, and the decisions they ask.

Effects run from ``state.work``, a stack of ``(op, source uid, seat, unit)``. An operation
that needs a choice puts itself back on the stack and leaves a ``Decision`` on
``state.pending``; the answer pops it again, finishes it and the run goes on. A choice with
nothing to choose from is skipped (FAQ 11). Internal operations start with ``@``.

While a unit is being commanded only the work pushed during the command runs (Slay
effects); older work waits until the command is over (see ``Command.depth``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from core.contract import Event
from core.tactics import combat, harm, turn
from core.tactics.board import FOREST, PLAIN, PORTAL, in_sight
from core.tactics.cards import Op, iter_ops
from core.tactics.sides import unit_side
from core.tactics.state import (
    OVER,
    TURRET_RANGE,
    Decision,
    State,
    Work,
    kw_bits,
    push,
    seat_bit,
)

# What the values of each decision kind are (for views, describe and the TUI).
DECISION_VALUES: dict[str, str] = {
    "draft": "card", "assign": "card", "mode": "option", "banish": "card", "buff": "unit",
    "damage": "unit", "defeat": "unit", "free_command": "unit", "ready": "unit",
    "acquire_free": "card", "copy_center": "card", "place_token": "cell",
    "move_token": "cell", "turret_attack": "unit", "forest_under": "unit",
    "move_portal": "cell", "portal_to": "cell", "destroy_construct": "card",
    "order": "card", "equip": "card", "react": "treasure", "route": "route",
    # Against the Villains: a co-op hero's portal at set-up, and the Villains' ties.
    "portal": "cell", "villain_plan": "option", "villain_target": "unit",
    "villain_cell": "cell", "villain_card": "card",
}


def run(s: State, events: list[Event]) -> None:
    """Run queued work until it is done, a decision is needed, or a command holds it."""
    while not s.pending and s.phase != OVER:
        cmd = s.cmd
        if cmd is not None:
            if turn.command_over(s):
                turn.finish_command(s, events)
                continue
            if len(s.work) <= cmd.depth:
                return
        elif not s.work:
            return
        item = s.work.pop()
        _OPS[item[0].op](s, item, events)


def _ask(s: State, item: Work, kind: str, choices: list[int] | tuple[int, ...],
         optional: bool = False, labels: tuple[str, ...] = ()) -> None:
    """Put ``item`` back and wait for ``kind`` — unless there is nothing to choose (FAQ 11)."""
    if not choices:
        return
    op, src, seat, unit = item
    s.work.append(item)
    s.pending.append(Decision(kind, seat, tuple(choices), optional, src, unit, op.n, labels))


def _opt(op: Op, default: bool) -> bool:
    return bool(op.get("optional", default))


# --- simple resources ------------------------------------------------------------------------

def _runes(s: State, item: Work, ev: list[Event]) -> None:
    s.seats[item[2]].runes += item[0].n


def _power(s: State, item: Work, ev: list[Event]) -> None:
    s.seats[item[2]].power += item[0].n


def _draw(s: State, item: Work, ev: list[Event]) -> None:
    turn.draw(s, item[2], item[0].n, ev)


def _honor(s: State, item: Work, ev: list[Event]) -> None:
    turn.gain_honor(s, s.side_of[item[2]], item[0].n, ev)


def _treasure(s: State, item: Work, ev: list[Event]) -> None:
    seat = item[2]
    for _ in range(item[0].n):
        if not s.bag:
            break
        s.seats[seat].treasures.append(s.bag.pop())
        ev.append(Event("gain_treasure", seat))


def _construct_to_top(s: State, item: Work, ev: list[Event]) -> None:
    s.seats[item[2]].to_top = True


# --- cards -----------------------------------------------------------------------------------

def banish_choices(s: State, seat: int, zone: str) -> list[int]:
    p = s.seats[seat]
    if zone == "hand":
        return p.hand[:]
    if zone == "discard":
        return p.discard[:]
    if zone == "hand_or_discard":
        return p.hand + p.discard
    if zone == "played":
        return p.played[:]
    return [u for u in s.row if u >= 0]


def _banish(s: State, item: Work, ev: list[Event]) -> None:
    op = item[0]
    zone = str(op.get("from", "hand"))
    _ask(s, item, "banish", banish_choices(s, item[2], zone), _opt(op, True))


def _acquire_free(s: State, item: Work, ev: list[Event]) -> None:
    op = item[0]
    kind = str(op.get("kind", "card"))
    limit = int(op.get("max_cost", 0))  # type: ignore[call-overload]
    kinds = ("hero", "construct") if kind == "card" else (kind,)
    offer = [u for u in s.row if u >= 0 and s.cards[u].kind in kinds and s.cards[u].cost <= limit]
    _ask(s, item, "acquire_free", offer, True)


def _copy_center(s: State, item: Work, ev: list[Event]) -> None:
    # A hero that copies is never offered: copying it could only ask the same again.
    heroes = [u for u in s.row if u >= 0 and s.cards[u].kind == "hero"
              and not any(o.op == "copy_center" for o in iter_ops(s.cards[u].effect))]
    _ask(s, item, "copy_center", heroes)


def _choose(s: State, item: Work, ev: list[Event]) -> None:
    op = item[0]
    labels = tuple(ops_text(o) for o in op.options)
    _ask(s, item, "mode", list(range(len(op.options))), False, labels)


def _triggers(s: State, item: Work, ev: list[Event]) -> None:
    """Simultaneous triggers (several Slays, several Allegiances): the player orders them
    (FAQ 13); identical ones need no question."""
    op, _, seat, unit = item
    srcs = op.get("srcs", ())
    assert isinstance(srcs, tuple)
    distinct = sorted(set(srcs))
    if len(distinct) > 1:
        _ask(s, item, "order", distinct)
        return
    field = str(op.get("field"))
    for src in srcs:
        push(s, getattr(s.cards[src], field), src, seat, unit)


def _equip(s: State, item: Work, ev: list[Event]) -> None:
    seat = item[2]
    roster = s.seats[seat].roster
    if roster:
        _ask(s, item, "equip", roster)
    else:  # nobody to carry it (never in a normal game): it simply goes to the discard pile
        s.seats[seat].discard.append(item[1])


# --- units -----------------------------------------------------------------------------------

def own_units(s: State, seat: int) -> list[int]:
    """``seat``'s units an effect may pick: on the battlefield, and champions off it."""
    out = [u for u in s.occupant if u >= 0 and s.units[u].seat == seat]
    for card in s.seats[seat].roster:
        out += [u for u in s.card_units[card] if s.units[u].cell < 0]
    return out


def enemies_near(s: State, seat: int, r: int) -> list[int]:
    """Enemy units on the battlefield within ``r`` hexes of one of ``seat``'s units there."""
    mine = [s.units[u].cell for u in combat.seat_units_on_board(s, seat)]
    if not mine:
        return []
    dist = s.map.distance
    return [e for e in combat.enemies_on_board(s, s.side_of[seat])
            if any(dist(c, s.units[e].cell) <= r for c in mine)]


def _apply_buff(s: State, op: Op, u: int) -> None:
    unit = s.units[u]
    unit.b_str += int(op.get("strength", 0))  # type: ignore[call-overload]
    unit.b_def += int(op.get("defense", 0))  # type: ignore[call-overload]
    unit.b_spd += int(op.get("speed", 0))  # type: ignore[call-overload]
    unit.b_kw |= kw_bits(op.get("keywords", ()))  # type: ignore[arg-type]


def _buff(s: State, item: Work, ev: list[Event]) -> None:
    op, src, seat, unit = item
    target = op.get("target", "choose")
    if target == "self":
        if unit >= 0:
            _apply_buff(s, op, unit)
            ev.append(Event("buff", seat, unit, src))
    elif target == "all":
        for u in own_units(s, seat):
            _apply_buff(s, op, u)
        ev.append(Event("buff", seat, -1, src))
    else:
        _ask(s, item, "buff", own_units(s, seat))


def _damage(s: State, item: Work, ev: list[Event]) -> None:
    op = item[0]
    _ask(s, item, "damage", enemies_near(s, item[2], int(op.get("range", 1))))  # type: ignore


def _defeat(s: State, item: Work, ev: list[Event]) -> None:
    op = item[0]
    limit = int(op.get("max_defense", 0))  # type: ignore[call-overload]
    near = enemies_near(s, item[2], int(op.get("range", 1)))  # type: ignore[call-overload]
    _ask(s, item, "defeat", [e for e in near if combat.defense(s, e) <= limit])


def _free_command(s: State, item: Work, ev: list[Event]) -> None:
    cmd = s.cmd
    if cmd is not None:
        # A command already runs (a Slay granted this): the new one waits until it is over.
        s.work.insert(cmd.depth, item)
        s.cmd = cmd._replace(depth=cmd.depth + 1)
        return
    limit = int(item[0].get("max_cost", 0))  # type: ignore[call-overload]
    _ask(s, item, "free_command", turn.commandable(s, item[2], limit, True), True)


def _ready(s: State, item: Work, ev: list[Event]) -> None:
    seat = item[2]
    tired = [s.card_units[c][0] for c in s.seats[seat].roster
             if s.units[s.card_units[c][0]].exhausted]
    _ask(s, item, "ready", tired)


def _destroy_construct(s: State, item: Work, ev: list[Event]) -> None:
    limit = int(item[0].get("max_cost", 0))  # type: ignore[call-overload]
    my_side = s.side_of[item[2]]
    found = []
    for champ, gear in s.gear.items():
        # A Villain's Construct counts too (its seat, -2, is no index into side_of).
        if unit_side(s, s.card_units[champ][0]) != my_side:
            found += [c for c in gear if s.cards[c].cost <= limit]
    _ask(s, item, "destroy_construct", sorted(found))


# --- the battlefield -------------------------------------------------------------------------

def token_cells(s: State, exclude: int = -1) -> list[int]:
    """Where a token may go: an unoccupied standard hex."""
    return [c for c, t in enumerate(s.terrain)
            if t == PLAIN and s.occupant[c] < 0 and c != exclude]


def _token(s: State, op: Op) -> tuple[int, int]:
    return s.turret if op.get("token") == "turret" else s.ring


def _place_token(s: State, item: Work, ev: list[Event]) -> None:
    _ask(s, item, "place_token", token_cells(s, _token(s, item[0])[0]))


def _move_token(s: State, item: Work, ev: list[Event]) -> None:
    at = _token(s, item[0])[0]
    if at >= 0:  # a token never placed cannot be moved (FAQ 21: copying never places it)
        _ask(s, item, "move_token", token_cells(s, at), True)


def turret_targets(s: State, seat: int) -> list[int]:
    """Enemies within 2 hexes of the Turret; only Forests block its sight, never units, and
    it can hit an enemy standing on its own hex (FAQ 20)."""
    at = s.turret[0]
    if at < 0:
        return []
    m = s.map
    nobody = [-1] * len(s.occupant)
    out = []
    for e in combat.enemies_on_board(s, s.side_of[seat]):
        c = s.units[e].cell
        if m.distance(at, c) <= TURRET_RANGE and in_sight(m, s.terrain, nobody, -1, at, c):
            out.append(e)
    return out


def _turret_attack(s: State, item: Work, ev: list[Event]) -> None:
    _ask(s, item, "turret_attack", turret_targets(s, item[2]))


def _forest_under(s: State, item: Work, ev: list[Event]) -> None:
    my_side = s.side_of[item[2]]
    anyone = item[0].get("target") == "any"
    units = [u for c, u in enumerate(s.occupant)
             if u >= 0 and s.terrain[c] == PLAIN and (anyone or s.occ_side[c] != my_side)]
    _ask(s, item, "forest_under", units)


def _move_portal(s: State, item: Work, ev: list[Event]) -> None:
    unit = item[3]
    if unit < 0 or s.units[unit].cell < 0:
        return  # the slaying unit has left the battlefield: nothing to measure from
    bit = seat_bit(item[2])
    portals = [c for c, mask in enumerate(s.portal_seats) if mask & bit]
    _ask(s, item, "move_portal", portals, True)


def portal_destinations(s: State, unit: int, r: int) -> list[int]:
    """Unoccupied standard hexes within ``r`` of ``unit``: a portal never goes onto another
    terrain tile (FAQ 14)."""
    at = s.units[unit].cell
    return [c for c in s.map.within(at, r) if s.terrain[c] == PLAIN and s.occupant[c] < 0]


def _portal_to(s: State, item: Work, ev: list[Event]) -> None:
    raise AssertionError("@portal_to only ever waits for its answer")


def _harm(s: State, item: Work, ev: list[Event]) -> None:
    harm.land(s, item, ev)


_OPS = {
    "runes": _runes, "power": _power, "draw": _draw, "honor": _honor, "banish": _banish,
    "treasure": _treasure, "buff": _buff, "damage": _damage, "defeat": _defeat,
    "free_command": _free_command, "ready": _ready, "acquire_free": _acquire_free,
    "construct_to_top": _construct_to_top, "copy_center": _copy_center,
    "place_token": _place_token, "move_token": _move_token, "turret_attack": _turret_attack,
    "forest_under": _forest_under, "move_portal": _move_portal,
    "destroy_construct": _destroy_construct, "choose": _choose,
    "@triggers": _triggers, "@equip": _equip, "@portal_to": _portal_to, harm.HARM: _harm,
}


def register(handlers: dict[str, Callable[[State, Work, list[Event]], None]]) -> None:
    """Add the operations another module interprets (the Villains' ``v.*`` and ``@v.*``)."""
    _OPS.update(handlers)


# --- answering a decision --------------------------------------------------------------------

def answer(s: State, d: Decision, choice: int | None, events: list[Event]) -> None:
    """Finish the operation waiting on top of the work stack (``None`` = declined)."""
    op, src, seat, unit = s.work.pop()
    if choice is None:
        events.append(Event("decline", seat, src))
        return
    kind = d.kind
    p = s.seats[seat]
    if kind == "mode":
        push(s, op.options[choice], src, seat, unit)
        events.append(Event("mode", seat, src, choice))
    elif kind == "banish":
        zone = str(op.get("from", "hand"))
        if zone == "center":
            turn.take_from_row(s, choice, events)
        elif zone == "played":
            p.played.remove(choice)
        elif choice in p.hand and zone != "discard":
            p.hand.remove(choice)
        else:
            p.discard.remove(choice)
        turn.banish_card(s, choice, seat, events)
        if op.n > 1:
            s.work.append((replace(op, n=op.n - 1), src, seat, unit))
    elif kind == "buff":
        _apply_buff(s, op, choice)
        events.append(Event("buff", seat, choice, src))
    elif kind in ("damage", "turret_attack"):
        what = "damage" if kind == "damage" else "turret"
        harm.declare(s, harm.Harm(what, (choice,), op.n, -1, src, seat), events)
    elif kind == "defeat":
        limit = int(op.get("max_defense", 0))  # type: ignore[call-overload]
        harm.declare(s, harm.Harm("defeat", (choice,), limit, -1, src, seat), events)
    elif kind == "free_command":
        turn.start_command(s, seat, choice, False, events)
    elif kind == "ready":
        combat.exhaust_card(s, choice, False)
        events.append(Event("ready", seat, choice))
    elif kind == "acquire_free":
        turn.take_from_row(s, choice, events)
        turn.gain_card(s, seat, choice, str(op.get("to", "discard")), events)
        if s.cards[choice].ambush:
            push(s, s.cards[choice].ambush, choice, seat)
    elif kind == "copy_center":
        # Only the play effect: no Ambush (FAQ 21) and not the faction (FAQ 22).
        events.append(Event("copy", seat, choice, src))
        push(s, s.cards[choice].effect, src, seat, unit)
    elif kind in ("place_token", "move_token"):
        if op.get("token") == "turret":
            s.turret = (choice, seat)
        else:
            s.ring = (choice, seat)
        events.append(Event(kind, seat, -1, choice))
    elif kind == "forest_under":
        s.terrain[s.units[choice].cell] = FOREST
        events.append(Event("forest", seat, choice, s.units[choice].cell))
    elif kind == "move_portal":
        nxt = Op("@portal_to", n=choice)
        _ask(s, (nxt, src, seat, unit), "portal_to",
             portal_destinations(s, unit, int(op.get("range", 1))), True)  # type: ignore
    elif kind == "portal_to":
        # The portal keeps its owners: a moved portal is still theirs to deploy onto.
        s.terrain[choice] = PORTAL
        s.portal_side[choice] = s.portal_side[op.n]
        s.portal_seats[choice] = s.portal_seats[op.n]
        s.terrain[op.n] = PLAIN
        s.portal_side[op.n] = -1
        s.portal_seats[op.n] = 0
        events.append(Event("portal_moved", seat, op.n, choice))
    elif kind == "destroy_construct":
        # The Construct's loss may defeat its champion (FAQ 5): its players may answer first.
        figures = harm.carrier(s, choice)
        harm.declare(s, harm.Harm("destroy", figures, 0, choice, src, seat), events)
    elif kind == "order":
        srcs = list(op.get("srcs", ()))  # type: ignore[call-overload]
        srcs.remove(choice)
        field = str(op.get("field"))
        if srcs:
            s.work.append((Op("@triggers", args=(("field", field), ("srcs", tuple(srcs)))),
                           src, seat, unit))
        push(s, getattr(s.cards[choice], field), choice, seat, unit)
    elif kind == "equip":
        s.gear[choice] = s.gear.get(choice, ()) + (src,)
        events.append(Event("equip", seat, src, choice))
    else:
        raise AssertionError(f"unknown decision {kind}")


# --- text ------------------------------------------------------------------------------------

def op_text(op: Op) -> str:
    """A few words for an operation (choice labels, logs)."""
    name = op.op
    if name in ("runes", "power", "draw", "honor", "treasure"):
        word = {"runes": "Runes", "power": "Power", "draw": "card", "honor": "Honor",
                "treasure": "Treasure" if op.n == 1 else "Treasures"}[name]
        return f"+{op.n} {word}" if name != "draw" else f"draw {op.n}"
    if name == "buff":
        parts = [f"+{op.get(k)} {k}" for k in ("strength", "defense", "speed") if op.get(k)]
        parts += list(op.get("keywords", ()))  # type: ignore[call-overload]
        return f"{' '.join(parts)} ({op.get('target')})"
    if name == "damage":
        return f"{op.n} damage (range {op.get('range')})"
    if name == "banish":
        return f"banish from {op.get('from')}"
    if name == "choose":
        return " or ".join(ops_text(o) for o in op.options)
    return name.replace("_", " ")


def ops_text(ops: tuple[Op, ...]) -> str:
    return ", ".join(op_text(o) for o in ops)
