"""The Scheme operations other than commands (DESIGN.md, "Scheme effects"): Surge, Villain
Cultists, turn-long bonuses, damage, a Villain's return, Honor, moving tokens, terrain,
burning Treasure, a Construct for a Villain, and a Villain's Slay. Each runs from the work
stack as a ``v.<op>`` item (``villain_work``); where a tie must be broken it waits for the
decision and ``answer`` finishes it."""

from __future__ import annotations

from collections.abc import Callable

from core.contract import Event
from core.tactics import combat, effects, harm, turn
from core.tactics.board import FOREST, PLAIN, SHRINE, TAINTED
from core.tactics.cards import Op
from core.tactics.honor import gain_honor
from core.tactics.sides import villain_unit
from core.tactics.state import Decision, State, Work, kw_bits
from core.tactics.villain_ops import OBJECTIVE_KINDS
from core.tactics.villain_state import HEROES, VILLAIN, VILLAINS
from core.tactics.villain_work import (
    ask,
    kind_arg,
    one_at_a_time,
    push_ops,
    resolve_kinds,
)


def _surge(s: State, item: Work, ev: list[Event]) -> None:
    """The Boss's Surge, then the scenario's (or chapter's) extra Surge rule."""
    v = s.villain
    assert v is not None
    boss = v.vdef(v.holder[0]).face(v.mode)
    ev.append(Event("surge", s.current, v.holder[0]))
    push_ops(s, boss.surge + v.surge)


def free_cells_near(s: State, cell: int) -> list[int]:
    """``cell`` itself when it is free, else its free neighbours: nobody stands there and it
    is no hero portal (which the Villains may not enter)."""
    if _open(s, cell):
        return [cell]
    return sorted(c for c in s.map.neighbours[cell] if _open(s, c))


def _open(s: State, c: int) -> bool:
    return s.occupant[c] < 0 and s.portal_side[c] != HEROES


def _cultist(s: State, item: Work, ev: list[Event]) -> None:
    v = s.villain
    assert v is not None
    for kind in one_at_a_time(s, item):
        spare = [u for u in v.cultists if s.units[u].cell < 0]
        cells = free_cells_near(s, v.token[kind])
        if not spare or not cells:
            return
        cell = ask(s, item_for(item, kind), "villain_cell", cells)
        if cell is not None:
            _place_cultist(s, cell, ev)


def item_for(item: Work, kind: int) -> Work:
    """``item`` narrowed to the one kind being worked on (what a decision puts back)."""
    op = item[0]
    args = tuple((k, (OBJECTIVE_KINDS[kind],) if k == "objectives" else val)
                 for k, val in op.args)
    return (Op(op.op, op.n, args), item[1], item[2], item[3])


def _place_cultist(s: State, cell: int, ev: list[Event]) -> None:
    v = s.villain
    assert v is not None
    u = next(x for x in v.cultists if s.units[x].cell < 0)
    turn.place(s, u, cell)
    ev.append(Event("deploy", VILLAIN, u, cell))


def _buff(s: State, item: Work, ev: list[Event]) -> None:
    """Until the end of the Villain turn (a turn's bonuses end with it)."""
    op = item[0]
    for kind in resolve_kinds(s, item):
        u = villain_unit(s, kind)
        if s.units[u].cell < 0:
            continue
        unit = s.units[u]
        unit.b_str += int(op.get("strength", 0))  # type: ignore[call-overload]
        unit.b_def += int(op.get("defense", 0))  # type: ignore[call-overload]
        unit.b_spd += int(op.get("speed", 0))  # type: ignore[call-overload]
        unit.b_kw |= kw_bits(op.get("keywords", ()))  # type: ignore[arg-type]
        ev.append(Event("buff", VILLAIN, u, kind))


def heroes_on_board(s: State) -> list[int]:
    return [u for c, u in enumerate(s.occupant) if u >= 0 and s.occ_side[c] == HEROES]


def from_kind(s: State, kind: int) -> int:
    """Where ``kind``'s Villain stands, or its token's cell when it is off the battlefield."""
    v = s.villain
    assert v is not None
    cell = s.units[villain_unit(s, kind)].cell
    return cell if cell >= 0 else v.token[kind]


def nearest_heroes(s: State, cell: int) -> list[int]:
    heroes = heroes_on_board(s)
    if not heroes:
        return []
    best = min(s.map.distance(cell, s.units[h].cell) for h in heroes)
    return sorted(h for h in heroes if s.map.distance(cell, s.units[h].cell) == best)


def _damage(s: State, item: Work, ev: list[Event]) -> None:
    op = item[0]
    target = str(op.get("target"))
    if target == "all_on_shrines":
        hit = tuple(h for h in heroes_on_board(s) if s.terrain[s.units[h].cell] == SHRINE)
        if hit:
            harm.declare(s, harm.Harm("damage", hit, op.n, -1, -1, -1), ev)
        return
    if target == "strongest":
        heroes = heroes_on_board(s)
        if not heroes:
            return
        best = max((combat.strength(s, h), combat.defense(s, h)) for h in heroes)
        choices = sorted(h for h in heroes
                         if (combat.strength(s, h), combat.defense(s, h)) == best)
    else:
        kind = kind_arg(s, item, "target")
        if kind < 0:
            return
        choices = nearest_heroes(s, from_kind(s, kind))
    if not choices:
        return
    t = ask(s, item, "villain_target", choices)
    if t is not None:
        harm.declare(s, harm.Harm("damage", (t,), op.n, -1, -1, -1), ev)


def _return(s: State, item: Work, ev: list[Event]) -> None:
    """A defeated Villain comes back on its start hex, or the nearest free hex to it."""
    v = s.villain
    assert v is not None
    for kind in one_at_a_time(s, item):
        u = villain_unit(s, kind)
        if s.units[u].cell >= 0:
            return
        start = s.scen.villain_starts[OBJECTIVE_KINDS[kind]]
        free = [c for c in range(len(s.occupant)) if _open(s, c)]
        if not free:
            return
        best = min(s.map.distance(start, c) for c in free)
        cell = ask(s, item_for(item, kind), "villain_cell",
                    sorted(c for c in free if s.map.distance(start, c) == best))
        if cell is not None:
            turn.place(s, u, cell)
            ev.append(Event("return", VILLAIN, u, cell))


def _honor(s: State, item: Work, ev: list[Event]) -> None:
    gain_honor(s, VILLAINS, item[0].n, ev)


def _move_token(s: State, item: Work, ev: list[Event]) -> None:
    v = s.villain
    assert v is not None
    kind = kind_arg(s, item, "kind")
    if kind < 0:
        return
    at = v.token[kind]
    others = {c for k, c in enumerate(v.token) if k != kind}
    shrines = [c for c in s.map.shrines if c not in others and s.terrain[c] == SHRINE]
    if item[0].get("to") == "next_shrine":
        later = [c for c in shrines if c > at] + [c for c in shrines if c < at]
        choices = later[:1]
    else:
        heroes = heroes_on_board(s)
        if not heroes or not shrines:
            return
        def near(c: int) -> int:
            return min(s.map.distance(c, s.units[h].cell) for h in heroes)
        best = min(near(c) for c in shrines)
        choices = sorted(c for c in shrines if near(c) == best)
    if not choices or choices == [at]:
        return
    cell = ask(s, item, "villain_cell", choices)
    if cell is not None:
        v.token[kind] = cell
        ev.append(Event("token", VILLAIN, kind, cell))


def _terrain(s: State, item: Work, ev: list[Event]) -> None:
    """A Forest or Tainted tile on the free plain hex nearest the hero unit nearest the
    named Villain (every tie of the two steps offered together)."""
    kind = kind_arg(s, item, "at")
    if kind < 0:
        return
    heroes = nearest_heroes(s, from_kind(s, kind))
    v = s.villain
    assert v is not None
    spots = [c for c in range(len(s.terrain)) if s.terrain[c] == PLAIN and s.occupant[c] < 0
             and s.board_treasure[c] < 0 and c not in v.token]
    if not heroes or not spots:
        return
    def near(c: int) -> int:
        return min(s.map.distance(c, s.units[h].cell) for h in heroes)
    best = min(near(c) for c in spots)
    cell = ask(s, item, "villain_cell", sorted(c for c in spots if near(c) == best))
    if cell is not None:
        s.terrain[cell] = FOREST if item[0].get("tile") == "forest" else TAINTED
        ev.append(Event("terrain", VILLAIN, -1, cell))


def _steal(s: State, item: Work, ev: list[Event]) -> None:
    """The face-down Treasure nearest a Villain unit goes back into the bag, ``n`` times."""
    mine = [s.units[u].cell for c, u in enumerate(s.occupant) if u >= 0
            and s.occ_side[c] == VILLAINS]
    lying = [c for c, t in enumerate(s.board_treasure) if t >= 0]
    if not mine or not lying:
        return
    def near(c: int) -> int:
        return min(s.map.distance(c, m) for m in mine)
    best = min(near(c) for c in lying)
    cell = ask(s, item, "villain_cell", sorted(c for c in lying if near(c) == best))
    if cell is None:
        return
    if item[0].n > 1:
        op = item[0]
        s.work.append((Op(op.op, op.n - 1, op.args), item[1], item[2], item[3]))
    _burn(s, cell, ev)


def _burn(s: State, cell: int, ev: list[Event]) -> None:
    token = s.board_treasure[cell]
    s.board_treasure[cell] = -1
    s.bag.insert(s.rng.below(len(s.bag) + 1), token)
    ev.append(Event("burn", VILLAIN, -1, cell))


def _acquire(s: State, item: Work, ev: list[Event]) -> None:
    """The named Villain equips the costliest Construct of the row (no Ambush)."""
    for kind in one_at_a_time(s, item):
        u = villain_unit(s, kind)
        row = [c for c in s.row if c >= 0 and s.cards[c].kind == "construct"]
        if s.units[u].cell < 0 or not row:
            return
        top = max(s.cards[c].cost for c in row)
        card = ask(s, item_for(item, kind), "villain_card",
                    sorted(c for c in row if s.cards[c].cost == top))
        if card is not None:
            _equip(s, u, card, ev)


def _equip(s: State, u: int, card: int, ev: list[Event]) -> None:
    turn.take_from_row(s, card, ev)
    champ = s.units[u].card
    s.gear[champ] = s.gear.get(champ, ()) + (card,)
    ev.append(Event("equip", VILLAIN, card, champ))


def _slay(s: State, item: Work, ev: list[Event]) -> None:
    """A Villain defeated ``n`` hero units with an attack: its face's Slay once each, and
    the Honor its Constructs' Slay gives (their other Slay effects need a hand, Power or a
    player's choice, which the Villains do not have)."""
    v = s.villain
    assert v is not None
    u = item[3]
    card = s.units[u].card
    if card < 0:
        return
    face = v.vdef(card).face(v.mode)
    for _ in range(item[0].n):
        for c in s.gear.get(card, ()):
            for op in s.cards[c].slay:
                if op.op == "honor":
                    gain_honor(s, VILLAINS, op.n, ev)
        push_ops(s, face.slay, u)




_HANDLERS: dict[str, Callable[[State, Work, list[Event]], None]] = {
    "v.surge": _surge, "v.cultist": _cultist, "v.buff": _buff, "v.damage": _damage,
    "v.return": _return, "v.honor": _honor, "v.move_token": _move_token,
    "v.terrain": _terrain, "v.steal_treasure": _steal, "v.acquire": _acquire,
    "@v.slay": _slay,
}
effects.register(_HANDLERS)


def answer(s: State, d: Decision, item: Work, choice: int, events: list[Event]) -> None:
    """A tie an operation asked about was broken: finish ``item`` with the choice made."""
    name = item[0].op
    if d.kind == "villain_target":
        harm.declare(s, harm.Harm("damage", (choice,), item[0].n, -1, -1, -1), events)
    elif d.kind == "villain_card":
        kinds = resolve_kinds(s, item)
        _equip(s, villain_unit(s, kinds[0]), choice, events)
    elif name == "v.cultist":
        _place_cultist(s, choice, events)
    elif name == "v.return":
        u = villain_unit(s, resolve_kinds(s, item)[0])
        turn.place(s, u, choice)
        events.append(Event("return", VILLAIN, u, choice))
    elif name == "v.move_token":
        v = s.villain
        assert v is not None
        kind = kind_arg(s, item, "kind")
        v.token[kind] = choice
        events.append(Event("token", VILLAIN, kind, choice))
    elif name == "v.terrain":
        s.terrain[choice] = FOREST if item[0].get("tile") == "forest" else TAINTED
        events.append(Event("terrain", VILLAIN, -1, choice))
    elif name == "v.steal_treasure":
        if item[0].n > 1:
            op = item[0]
            s.work.append((Op(op.op, op.n - 1, op.args), item[1], item[2], item[3]))
        _burn(s, choice, events)
    else:
        raise AssertionError(f"no answer for {d.kind} on {name}")
