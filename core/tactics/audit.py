"""Invariants every legal Tactics state keeps; the property tests and sweeps check them."""

from __future__ import annotations

from core.tactics.board import PORTAL
from core.tactics.sides import seat_side
from core.tactics.state import HONOR_SUPPLY, MAX_CULTISTS, OVER, ROW_SIZE, State
from core.tactics.villain_state import CULTIST_FIGURES, HEROES, VILLAIN, VILLAINS


def card_places(s: State) -> list[int]:
    """Every card uid in every zone (empty row slots excluded). A construct just played and
    waiting for its champion counts where it waits (its ``@equip`` work)."""
    out = [*s.center_deck, *(u for u in s.row if u >= 0), *s.banished, *s.mystics, *s.heavies,
           *s.box, *s.draft_deck, *s.draft_row]
    for pool in s.team_pool:
        out += pool
    for p in s.seats:
        out += p.deck + p.hand + p.discard + p.played + p.roster
    for gear in s.gear.values():
        out += gear
    out += [src for op, src, _, _ in s.work if op.op == "@equip"]
    if s.villain is not None:
        out += [c for c in s.villain.holder if c >= 0]
    return out


def range_problems(s: State) -> list[str]:
    """Seats, sides, units and cells outside what the table has (a restored snapshot is
    checked with these before anything reads the state by them)."""
    found: list[str] = []
    n, sides, units = s.n, len(s.sides), len(s.units)
    if not 1 <= n <= 4 or s.options.get("players") != n:
        found.append(f"{n} players at the table")
    if not 0 <= s.current < n:
        found.append(f"the player to act is seat {s.current} of {n}")
    if not 0 <= s.side < sides:
        found.append(f"side {s.side} of {sides} is to play")
    if len(s.side_of) != n or any(not 0 <= x < sides for x in s.side_of):
        found.append("a seat belongs to no side")
    if len(s.side_turns) != sides or len(s.honor) != sides:
        found.append(f"turns or Honor kept for {len(s.side_turns)} sides of {sides}")
    for d in s.pending:
        if not 0 <= d.seat < n:
            found.append(f"a decision is asked of seat {d.seat} of {n}")
        if d.unit >= units:
            found.append(f"a decision concerns unit {d.unit} of {units}")
    if s.cmd is not None and not 0 <= s.cmd.unit < units:
        found.append(f"unit {s.cmd.unit} of {units} is being commanded")
    if s.attack is not None and (not -1 <= s.attack.attacker < units or any(
            not 0 <= u < units for u in s.attack.targets)):
        found.append("an attack names a unit that does not exist")
    if s.attack is not None and any(not 0 <= x < n for x in s.attack.participants):
        found.append("a Treasure window asks a seat that does not exist")
    cells = len(s.occupant)
    lowest = VILLAIN if s.villain is not None else -1
    for u, unit in enumerate(s.units):
        if unit.cell >= cells or not lowest <= unit.seat < n:
            found.append(f"unit {u} stands on cell {unit.cell} or belongs to seat {unit.seat}")
    if any(u >= units for u in s.occupant):
        found.append("a cell names a unit that does not exist")
    if any(not -1 <= p < sides for p in s.portal_side) or any(
            not 0 <= m < 1 << n for m in s.portal_seats):
        found.append("a portal belongs to a side or seats the table does not have")
    return found


def problems(s: State) -> list[str]:
    """What is wrong with ``s`` (an empty list for a legal state)."""
    found = range_problems(s)
    if found:
        return found  # the checks below index by these numbers
    if sorted(card_places(s)) != list(range(len(s.cards))):
        found.append("a card is lost or in two places")
    if len(s.row) != ROW_SIZE:
        found.append("the center row does not have six slots")
    if any(u < 0 for u in s.row) and (s.center_deck or s.banished):
        found.append("an empty row slot was not refilled")
    found += _unit_problems(s)
    if s.honor_supply < 0 or any(h < 0 for h in s.honor):
        found.append("negative Honor")
    if s.honor_supply + sum(s.honor) != HONOR_SUPPLY:
        found.append(f"Honor was created or lost: {s.honor_supply} + {s.honor} != "
                     f"{HONOR_SUPPLY}")
    for seat, p in enumerate(s.seats):
        if p.runes < 0 or p.power < 0:
            found.append(f"seat {seat} has negative Runes or Power")
    tokens = list(s.bag) + list(s.used) + [t for t in s.board_treasure if t >= 0]
    for p in s.seats:
        tokens += p.treasures
    if sorted(tokens) != list(range(len(s.tdefs))):
        found.append("a Treasure is lost or in two places")
    found += _portal_problems(s)
    if s.villain is not None:
        found += villain_problems(s)
    for champ, gear in s.gear.items():
        if s.cards[champ].kind not in ("champion", "monster", "villain") or not gear:
            found.append(f"card {champ} carries constructs but is no champion")
        if any(s.cards[c].kind != "construct" for c in gear):
            found.append(f"champion {champ} carries something that is not a construct")
        if s.units[s.card_units[champ][0]].seat == -1:
            found.append(f"champion {champ} carries constructs but belongs to nobody")
    return found


def _portal_problems(s: State) -> list[str]:
    """Every active portal belongs to a side and lets some of that side's seats deploy onto
    it; nothing else does."""
    found = []
    for c, (side, mask) in enumerate(zip(s.portal_side, s.portal_seats, strict=True)):
        # A co-op hero portal nobody chose stays the heroes' with no seat to deploy there.
        unchosen = s.villain is not None and side == HEROES and mask == 0
        if ((side >= 0) != (mask != 0) and not unchosen) or (side >= 0) != (
                s.terrain[c] == PORTAL):
            found.append(f"cell {c}: a portal's side, seats and terrain disagree")
        elif any(mask >> seat & 1 and s.side_of[seat] != side for seat in range(s.n)):
            found.append(f"cell {c}: a seat of another side may deploy onto the portal")
    return found


def _unit_problems(s: State) -> list[str]:
    found = []
    seen_cells: dict[int, int] = {}
    for u, unit in enumerate(s.units):
        if unit.cell >= 0:
            if unit.cell in seen_cells:
                found.append(f"units {seen_cells[unit.cell]} and {u} share cell {unit.cell}")
            seen_cells[unit.cell] = u
            if s.occupant[unit.cell] != u:
                found.append(f"unit {u} stands on cell {unit.cell} but the cell says otherwise")
            if unit.seat == -1:
                found.append(f"unit {u} is on the battlefield without an owner")
        if unit.damage < 0:
            found.append(f"unit {u} has negative damage")
        if unit.card >= 0:
            owners = [seat for seat, p in enumerate(s.seats) if unit.card in p.roster]
            if owners != ([unit.seat] if unit.seat >= 0 else []):
                found.append(f"unit {u}'s owner does not match the rosters")
    for c, u in enumerate(s.occupant):
        if u >= 0 and s.units[u].cell != c:
            found.append(f"cell {c} names unit {u}, which is elsewhere")
        side = seat_side(s, s.units[u].seat) if u >= 0 else -1
        if s.occ_side[c] != side:
            found.append(f"cell {c}'s side does not match its unit")
    for seat, ids in enumerate(s.cultists):
        on = sum(1 for u in ids if s.units[u].cell >= 0)
        figures = 0 if s.villain is not None and s.side_of[seat] == VILLAINS else MAX_CULTISTS
        if on > MAX_CULTISTS or len(ids) != figures:
            found.append(f"seat {seat} has more than {MAX_CULTISTS} Cultists")
    return found


def villain_problems(s: State) -> list[str]:
    """The Villains' invariants: every Scheme in one place, the roster's Villains and the
    Villain Cultists nobody's but the Villains', the others in the box, tokens on the map, a
    Villain never exhausted, and in solo and co-op a Villain turn that never waits for
    anything but a decision."""
    v = s.villain
    assert v is not None
    found = []
    places = v.deck + v.discard + v.hand + v.in_play + v.removed
    if sorted(places) != list(range(len(v.schemes))):
        found.append("a Scheme is lost or in two places")
    if v.boss_seat < 0 and v.hand:
        found.append("a Scheme hand without a Boss player")
    cells = len(s.occupant)
    if v.holder[0] >= 0:
        if len(set(v.holder)) != len(v.holder) or any(not 0 <= c < cells for c in v.token):
            found.append("the Villain roster or its tokens are wrong")
        for k, card in enumerate(v.holder):
            if v.vdef(card).boss != (k == 0):
                found.append("the boss token is not the Boss's")
    for i in range(len(v.defs)):
        card = v.first_card + i
        unit = s.units[s.card_units[card][0]]
        on = card in v.holder
        if unit.seat != (VILLAIN if on else -1) or (not on and card not in s.box):
            found.append(f"Villain card {card} is neither on the roster nor in the box")
        if unit.exhausted:
            found.append(f"Villain card {card} is exhausted")
    heroes = sum(1 for side in s.side_of if side == HEROES)
    if len(v.cultists) != CULTIST_FIGURES - MAX_CULTISTS * heroes or any(
            s.units[u].seat != VILLAIN or s.units[u].card >= 0 for u in v.cultists):
        found.append("the Villain Cultists are not the figures the heroes leave")
    if (s.phase != OVER and s.side == VILLAINS and v.boss_seat < 0 and not s.pending
            and v.holder[0] >= 0):
        found.append("the Villains' turn stopped without a decision to wait for")
    return found
