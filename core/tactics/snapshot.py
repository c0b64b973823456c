"""Game states as plain data (msgpack-friendly lists, ints and strings) and back.

``restore`` rebuilds the fixed layout from the options (cards, units, map) and refuses data
that breaks an invariant, so a damaged save never becomes a game.
"""

from __future__ import annotations

from typing import Any

from core.contract import plain_copy, snapshot_reader
from core.rng import Rng
from core.tactics.audit import problems
from core.tactics.cards import Op
from core.tactics.sides import seat_side
from core.tactics.state import Attack, Command, Decision, State, side_mask
from core.tactics.table_setup import Content, blank_state, normalize_options, shipped_content


def op_data(op: Op) -> list[Any]:
    args = [[k, list(v) if isinstance(v, tuple) else v] for k, v in op.args]
    return [op.op, op.n, args, [[op_data(o) for o in opt] for opt in op.options]]


def op_from(data: list[Any]) -> Op:
    name, n, args, options = data
    return Op(op=str(name), n=int(n),
              args=tuple((str(k), tuple(v) if isinstance(v, list) else v) for k, v in args),
              options=tuple(tuple(op_from(o) for o in opt) for opt in options))


def snapshot(s: State) -> dict[str, Any]:
    """The state as msgpack-friendly data (lists, ints, strings); ``restore`` inverts it."""
    return plain_copy({
        "options": s.options,
        "rng": s.rng.state,
        "slots": list(s.slot_of),
        "seats": [[p.deck, p.hand, p.discard, p.played, p.plays,
                   [[u, f] for u, f in p.waiting], p.roster, p.treasures, p.runes, p.power,
                   int(p.to_top)] for p in s.seats],
        "units": [u.data() for u in s.units],
        "board": [s.terrain, s.portal_side, s.board_treasure, s.beacon, list(s.turret),
                  list(s.ring), s.portal_seats],
        "gear": sorted([c, list(g)] for c, g in s.gear.items()),
        "zones": [s.center_deck, s.row, s.banished, s.mystics, s.heavies, s.box, s.draft_deck,
                  s.draft_row, s.draft_order, s.team_pool, s.bag, s.used],
        "honor": [s.honor_supply, s.honor],
        "turn": [s.current, s.side, s.turn_no, s.side_turns, s.phase, list(s.winners),
                 s.steps],
        "cmd": None if s.cmd is None else [s.cmd.unit, int(s.cmd.placed), int(s.cmd.moved),
                                           s.cmd.attacks, list(s.cmd.queue), s.cmd.depth,
                                           int(s.cmd.primary)],
        "attack": None if s.attack is None else [s.attack.attacker, list(s.attack.targets),
                                                 list(s.attack.participants), s.attack.idx,
                                                 s.attack.passes],
        "pending": [[d.kind, d.seat, list(d.choices), int(d.optional), d.source, d.unit, d.n,
                     list(d.labels)] for d in s.pending],
        "work": [[op_data(op), src, seat, unit] for op, src, seat, unit in s.work],
        **({"villain": s.villain.data()} if s.villain is not None else {}),
    })


@snapshot_reader
def restore(data: dict[str, Any], c: Content | None = None) -> State:
    """Rebuild a state from ``snapshot`` data (ValueError/KeyError/TypeError if it is bad)."""
    c = c or shipped_content()
    opts = normalize_options(data["options"], c.scenarios)
    s = blank_state(opts, c, Rng(int(data["rng"])))
    s.slot_of = tuple(int(x) for x in data["slots"])
    if sorted(s.slot_of) != sorted(set(s.slot_of)) or len(s.slot_of) != s.n:
        raise ValueError("the snapshot's Gateway slots are wrong")
    by_side: dict[int, list[int]] = {}
    for seat in sorted(range(s.n), key=lambda x: s.slot_of[x]):
        by_side.setdefault(s.side_of[seat], []).append(seat)
    s.sides = tuple(tuple(by_side.get(side, ())) for side in range(len(s.honor)))
    if len(data["seats"]) != s.n or len(data["units"]) != len(s.units):
        raise ValueError("the snapshot does not match its options")
    for p, row in zip(s.seats, data["seats"], strict=True):
        deck, hand, discard, played, plays, waiting, roster, treasures, runes, power, top = row
        p.deck, p.hand, p.discard = _ints(deck), _ints(hand), _ints(discard)
        p.played, p.plays, p.roster = _ints(played), _ints(plays), _ints(roster)
        p.waiting = [(int(u), str(f)) for u, f in waiting]
        p.treasures = _ints(treasures)
        p.runes, p.power, p.to_top = int(runes), int(power), bool(top)
    for u, row in zip(s.units, data["units"], strict=True):
        seat, card, fig, cell, exh, dmg, bs, bd, bsp, bk = (int(x) for x in row)
        if card != u.card or fig != u.fig:
            raise ValueError("the snapshot's units do not match the card layout")
        u.seat, u.cell, u.exhausted, u.damage = seat, cell, bool(exh), dmg
        u.b_str, u.b_def, u.b_spd, u.b_kw = bs, bd, bsp, bk
    terrain, portal_side, treasure, beacon, turret, ring, *rest = data["board"]
    cells = len(s.map.hexes)
    s.terrain = [str(t) for t in terrain]
    s.portal_side, s.board_treasure, s.beacon = _ints(portal_side), _ints(treasure), _ints(beacon)
    if rest:
        s.portal_seats = _ints(rest[0])
    else:
        # Saved before portals had seats: every seat of the owning side deployed there.
        s.portal_seats = [_side_seats(s, p) for p in s.portal_side]
    if not (len(s.terrain) == len(s.portal_side) == len(s.portal_seats) == len(s.board_treasure)
            == len(s.beacon) == cells):
        raise ValueError("the snapshot's board does not match the scenario map")
    s.turret = (int(turret[0]), int(turret[1]))
    s.ring = (int(ring[0]), int(ring[1]))
    for u_id, u in enumerate(s.units):
        if u.cell >= 0:
            s.occupant[u.cell] = u_id
            s.occ_side[u.cell] = seat_side(s, u.seat)
    s.gear = {int(ch): tuple(int(x) for x in g) for ch, g in data["gear"]}
    (center, row, banished, mystics, heavies, box, ddeck, drow, dorder, pool, bag,
     used) = data["zones"]
    s.center_deck, s.row, s.banished = _ints(center), _ints(row), _ints(banished)
    s.mystics, s.heavies, s.box = _ints(mystics), _ints(heavies), _ints(box)
    s.draft_deck, s.draft_row, s.draft_order = _ints(ddeck), _ints(drow), _ints(dorder)
    s.team_pool = [_ints(p) for p in pool]
    s.bag, s.used = _ints(bag), _ints(used)
    supply, honor = data["honor"]
    s.honor_supply, s.honor = int(supply), _ints(honor)
    current, side, turn_no, side_turns, phase, winners, steps = data["turn"]
    s.current, s.side, s.turn_no = int(current), int(side), int(turn_no)
    s.side_turns, s.phase = _ints(side_turns), str(phase)
    s.winners, s.steps = tuple(_ints(winners)), int(steps)
    cd = data["cmd"]
    s.cmd = None if cd is None else Command(int(cd[0]), bool(cd[1]), bool(cd[2]), int(cd[3]),
                                            tuple(_ints(cd[4])), int(cd[5]), bool(cd[6]))
    ad = data["attack"]
    s.attack = None if ad is None else Attack(int(ad[0]), tuple(_ints(ad[1])),
                                              tuple(_ints(ad[2])), int(ad[3]), int(ad[4]))
    s.pending = [Decision(str(k), int(seat), tuple(_ints(ch)), bool(opt), int(src), int(unit),
                          int(n), tuple(str(x) for x in lb))
                 for k, seat, ch, opt, src, unit, n, lb in data["pending"]]
    s.work = [(op_from(op), int(src), int(seat), int(unit))
              for op, src, seat, unit in data["work"]]
    if s.villain is not None:
        s.villain.load(data["villain"])
    found = problems(s)
    if found:
        raise ValueError(f"the snapshot is inconsistent: {found[0]}")
    return s


def _side_seats(s: State, side: int) -> int:
    """The mask of every seat of ``side`` (0 for -1, or a side the table does not have)."""
    return side_mask(s, side) if 0 <= side < len(s.sides) else 0


def _ints(xs: Any) -> list[int]:
    return [int(x) for x in xs]
