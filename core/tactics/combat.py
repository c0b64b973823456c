"""Unit statistics, damage and defeat, attacks with Strikeback, and the Treasure window
(before an attack, and before any other harm: see ``core.tactics.harm``).

A unit's Strength, Defense, Speed, command cost and keywords are always computed from its
card, the constructs on that card, this turn's buffs and where it stands, never stored: a
construct that leaves changes them at once (FAQ 5), and keywords granted twice are still
one bit (FAQ 17).
"""

from __future__ import annotations

from collections.abc import Sequence

from core.contract import Event
from core.tactics.board import ENCHANTED, MapDef, attack_targets, in_sight
from core.tactics.cards import CardDef, Op
from core.tactics.honor import gain_honor
from core.tactics.sides import seat_side, unit_side
from core.tactics.state import (
    AREA,
    RANGE,
    RANGED,
    RING_BONUS,
    STRIKEBACK,
    Attack,
    Decision,
    State,
    kw_bits,
    new_command,
)
from core.tactics.villain_state import HEROES, VILLAIN

# Keyed by id() for speed; the entry keeps its card alive and is checked against it, so a new
# definition that happens to get a dead one's id is never given the dead one's bits.
_KW_CACHE: dict[int, tuple[CardDef, int]] = {}


def card_kw(card: CardDef) -> int:
    """Keyword bits printed on a unit card or granted by a construct (cached per definition)."""
    hit = _KW_CACHE.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    bits = kw_bits(card.keywords) | kw_bits(card.bonus.keywords)
    _KW_CACHE[id(card)] = (card, bits)
    return bits


def _base(s: State, u: int) -> CardDef:
    card = s.units[u].card
    return s.cultist_def if card < 0 else s.cards[card]


def strength(s: State, u: int) -> int:
    unit = s.units[u]
    card = s.cultist_def if unit.card < 0 else s.cards[unit.card]
    total = card.strength + unit.b_str
    if unit.card >= 0:
        for c in s.gear.get(unit.card, ()):
            total += s.cards[c].bonus.strength
    cell = unit.cell
    if cell >= 0:
        if s.ring[0] == cell and s.ring[1] == unit.seat:
            total += RING_BONUS
        if s.terrain[cell] == ENCHANTED and s.scen.rules.get("enchanted") == "strength":
            total += s.scen.number("enchanted_bonus")
    return max(0, total)


def defense(s: State, u: int) -> int:
    unit = s.units[u]
    card = s.cultist_def if unit.card < 0 else s.cards[unit.card]
    total = card.defense + unit.b_def
    if unit.card >= 0:
        for c in s.gear.get(unit.card, ()):
            total += s.cards[c].bonus.defense
    if unit.cell >= 0 and s.ring[0] == unit.cell and s.ring[1] == unit.seat:
        total += RING_BONUS
    return total


def speed(s: State, u: int) -> int:
    unit = s.units[u]
    card = s.cultist_def if unit.card < 0 else s.cards[unit.card]
    total = card.speed + unit.b_spd
    if unit.card >= 0:
        for c in s.gear.get(unit.card, ()):
            total += s.cards[c].bonus.speed
    return max(0, total)


def keywords(s: State, u: int) -> int:
    unit = s.units[u]
    bits = unit.b_kw | card_kw(_base(s, u))
    if unit.card >= 0:
        for c in s.gear.get(unit.card, ()):
            bits |= card_kw(s.cards[c])
    return bits


def command_cost(s: State, u: int) -> int:
    """Power to command ``u``: printed cost plus its constructs' changes, never below 0 (FAQ 6)."""
    unit = s.units[u]
    if unit.card < 0:
        return s.cultist_def.command
    total = s.cards[unit.card].command
    for c in s.gear.get(unit.card, ()):
        total += s.cards[c].bonus.command
    return max(0, total)


def slay_sources(s: State, u: int) -> list[int]:
    """The cards whose Slay fires when ``u`` defeats an enemy: its own and each construct's
    (Slay stacks, FAQ 17)."""
    card = s.units[u].card
    if card < 0:
        return []
    out = [card] if s.cards[card].slay else []
    out += [c for c in s.gear.get(card, ()) if s.cards[c].slay]
    return out


# --- who is who ------------------------------------------------------------------------------

def side(s: State, u: int) -> int:
    return unit_side(s, u)


def enemies_on_board(s: State, my_side: int) -> list[int]:
    """Units of other sides standing on the battlefield, by cell order."""
    occ, occ_side = s.occupant, s.occ_side
    return [occ[c] for c in range(len(occ)) if occ_side[c] != -1 and occ_side[c] != my_side]


def seat_units_on_board(s: State, seat: int) -> list[int]:
    occ = s.occupant
    return [u for u in occ if u >= 0 and s.units[u].seat == seat]


def treasure_targets(s: State, seat: int) -> list[int]:
    """Units ``seat`` may play a Treasure on: its own on the battlefield, and in 2 vs 2 and
    against the Villains its partner's too (a team shares Treasures; in a brawl each seat
    only helps itself)."""
    my_side = s.side_of[seat]
    occ, occ_side = s.occupant, s.occ_side
    if shares(s):
        return [occ[c] for c in range(len(occ)) if occ_side[c] == my_side]
    return [u for u in occ if u >= 0 and s.units[u].seat == seat]


# --- damage and defeat -----------------------------------------------------------------------

def shares(s: State) -> bool:
    """Whether the players of a side share Treasures and answer each other's windows (2 vs 2
    teams, and the heroes against the Villains)."""
    return s.options["mode"] == "2v2" or s.villain is not None


def exhaust_card(s: State, u: int, value: bool = True) -> None:
    """Exhaust (or ready) ``u``: every figure of its card shares one card (Psyche Askara).
    A Villain is never exhausted."""
    if s.units[u].seat == VILLAIN:
        return
    card = s.units[u].card
    if card < 0:
        s.units[u].exhausted = value
        return
    for f in s.card_units[card]:
        s.units[f].exhausted = value


def remove_units(s: State, fallen: list[int], events: list[Event]) -> None:
    """Defeat ``fallen`` together: off the battlefield, exhausted, constructs destroyed.

    A Cultist goes back to the reserve instead (ready to be deployed anew). A Villain is not
    exhausted, its constructs are banished, and the heroes gain its Honor (1 for a Villain
    Cultist).
    """
    cards: list[int] = []
    for u in fallen:
        unit = s.units[u]
        if unit.seat == VILLAIN:
            gain_honor(s, HEROES, villain_honor(s, u), events)
        if unit.cell >= 0:
            s.occupant[unit.cell] = -1
            s.occ_side[unit.cell] = -1
            unit.cell = -1
        unit.clear_turn()
        events.append(Event("defeated", unit.seat, u, unit.card))
        if unit.card < 0:
            unit.exhausted = False
        else:
            exhaust_card(s, u)
            if unit.card not in cards:
                cards.append(unit.card)
        cmd = s.cmd
        if cmd is not None and u in cmd.queue:
            s.cmd = cmd._replace(queue=tuple(x for x in cmd.queue if x != u))
    for card in cards:
        gear = s.gear.pop(card, ())
        owner = s.units[s.card_units[card][0]].seat
        for c in gear:
            if owner == VILLAIN:
                s.banished.append(c)
                events.append(Event("banish", owner, c, card))
                continue
            s.seats[owner].discard.append(c)
            events.append(Event("destroyed", owner, c, card))


def villain_honor(s: State, u: int) -> int:
    """What the heroes gain when Villain unit ``u`` falls: its face's Honor, 1 for a Cultist."""
    v = s.villain
    card = s.units[u].card
    if v is None or card < 0:
        return 1
    return v.vdef(card).face(v.mode).honor


def check_defeats(s: State, events: list[Event]) -> list[int]:
    """Defeat every unit on the battlefield whose damage reached its Defense now, again and
    again while a defeat lowers someone's Defense (a shared card's constructs, FAQ 5)."""
    out: list[int] = []
    units = s.units
    while True:
        fallen = [u for u in s.occupant if u >= 0 and units[u].damage > 0
                  and units[u].damage >= defense(s, u)]
        if not fallen:
            return out
        remove_units(s, fallen, events)
        out += fallen


def deal_damage(s: State, units: Sequence[int], n: int, events: list[Event]) -> list[int]:
    """Non-attack damage (effects, the Turret, Tainted hexes) to each of ``units`` still on
    the battlefield, then defeats checked together: no Slay, no Strikeback."""
    if n <= 0:
        return []
    for u in units:
        if s.units[u].cell >= 0:
            s.units[u].damage += n
            events.append(Event("damage", s.units[u].seat, u, n))
    return check_defeats(s, events)


# --- attacks ---------------------------------------------------------------------------------

def targets_of(s: State, u: int) -> list[int]:
    """Enemy units ``u`` can attack from where it stands (adjacent; Ranged: 3 hexes, in sight)."""
    unit = s.units[u]
    if unit.cell < 0:
        return []
    return targets_from(s.map, s.terrain, s.occ_side, s.occupant, seat_side(s, unit.seat),
                        unit.cell, keywords(s, u))


def targets_from(m: MapDef, terrain: Sequence[str], occ_side: Sequence[int],
                 occupant: Sequence[int], side: int, cell: int, kw: int) -> list[int]:
    """The enemy units a unit of ``side`` with keyword bits ``kw`` can attack from ``cell``,
    over the board as plain sequences (a state's or a view's)."""
    cells = attack_targets(m, terrain, occ_side, side, cell, bool(kw & RANGED), RANGE)
    return [occupant[c] for c in cells]


def can_strike_back(s: State, defender: int, attacker: int) -> bool:
    """Strikeback reaches an adjacent attacker; a ranged attacker only when the defender is
    Ranged too and can see it."""
    if not keywords(s, defender) & STRIKEBACK:
        return False
    a, d = s.units[attacker].cell, s.units[defender].cell
    if a < 0 or d < 0:
        return False
    dist = s.map.distance(a, d)
    if dist <= 1:
        return True
    if not keywords(s, defender) & RANGED or dist > RANGE:
        return False
    return in_sight(s.map, s.terrain, s.occ_side, side(s, defender), d, a)


def declare_attack(s: State, attacker: int, target: int, events: list[Event]) -> None:
    """Start an attack (``target`` -1: an Area attack on every enemy in range) and open the
    Treasure window; the damage is dealt when the window closes."""
    if target >= 0 or not keywords(s, attacker) & AREA:
        targets = [target]
    else:
        targets = targets_of(s, attacker)
    cmd = s.cmd
    if cmd is not None:
        s.cmd = new_command((cmd.unit, cmd.placed, cmd.moved, cmd.attacks + 1, cmd.queue,
                            cmd.depth, cmd.primary))
    seat = s.units[attacker].seat
    events.append(Event("attack", seat, attacker, target))
    defenders: list[int] = []
    for t in targets:
        for x in team(s, s.units[t].seat):
            if x not in defenders:
                defenders.append(x)
    participants = tuple(defenders + [x for x in team(s, seat) if x not in defenders])
    s.attack = Attack(attacker, tuple(targets), participants, 0, 0)
    next_react(s, events)


def open_window(s: State, targets: tuple[int, ...], source: int, events: list[Event]) -> None:
    """Open the Treasure window before harm that is not an attack lands on ``targets`` (the
    record's attacker is -1; the harm itself waits on the work stack, see ``harm``). Only the
    players who may help the units hurt are asked, in turn: no Treasure of the side dealing
    the harm changes it (a Treasure raises only its own units' numbers)."""
    seats: list[int] = []
    for t in targets:
        if s.units[t].cell >= 0:
            seats += [x for x in team(s, s.units[t].seat) if x not in seats]
    if not seats:
        return
    s.attack = Attack(-1, targets, tuple(seats), 0, 0)
    next_react(s, events, source)


def team(s: State, seat: int) -> list[int]:
    """The seats that may help ``seat``'s units with Treasures: itself, then a 2 vs 2 partner
    (none for a unit of no seat)."""
    if seat < 0:
        return []
    if not shares(s):
        return [seat]
    return [seat] + [x for x in s.sides[s.side_of[seat]] if x != seat]


def can_react(s: State, seat: int) -> bool:
    """Whether ``seat`` holds a Treasure and has a unit to play it on."""
    return bool(s.seats[seat].treasures) and bool(treasure_targets(s, seat))


def next_react(s: State, events: list[Event], source: int = -1) -> None:
    """Ask the next seat of the window, or close it once every seat able to play a Treasure
    has passed in a row: an attack is then resolved; other harm goes on from the work stack.
    ``source``: the card dealing the harm, named in the question."""
    a = s.attack
    assert a is not None
    able = [x for x in a.participants if can_react(s, x)]
    if a.passes >= len(able):
        s.attack = None
        if a.attacker >= 0:
            resolve_attack(s, a, events)
        return
    k = len(a.participants)
    for i in range(k):
        j = (a.idx + i) % k
        seat = a.participants[j]
        if seat in able:
            s.attack = a._replace(idx=j)
            s.pending.append(Decision("react", seat, (), True, source, a.attacker))
            return


def answer_react(s: State, d: Decision, played: bool, events: list[Event]) -> None:
    """``d``, the window's question, was answered: a Treasure (the others may answer it) or
    a pass."""
    a = s.attack
    assert a is not None
    s.attack = a._replace(idx=a.idx + 1, passes=0 if played else a.passes + 1)
    next_react(s, events, d.source)


def play_treasure(s: State, seat: int, token: int, u: int, events: list[Event]) -> None:
    """A held Treasure is revealed and spent on unit ``u`` until the end of the turn."""
    s.seats[seat].treasures.remove(token)
    s.used.append(token)
    st = s.tdefs[token].stats
    unit = s.units[u]
    unit.b_str += st.strength
    unit.b_def += st.defense
    unit.b_spd += st.speed
    unit.b_kw |= kw_bits(st.keywords)
    events.append(Event("treasure", seat, token, u))


def resolve_attack(s: State, a: Attack, events: list[Event]) -> None:
    """Deal the attack and every Strikeback at once, then defeat together; Slay fires for the
    attacker for each target it defeated, even if it fell as well (FAQ 9)."""
    att = a.attacker
    if s.units[att].cell < 0:
        return
    targets = [t for t in a.targets if s.units[t].cell >= 0]
    hit = strength(s, att)
    back = 0
    for t in targets:
        if can_strike_back(s, t, att):
            back += strength(s, t)
    for t in targets:
        s.units[t].damage += hit
        events.append(Event("damage", s.units[t].seat, t, hit))
    if back:
        s.units[att].damage += back
        events.append(Event("strikeback", s.units[att].seat, att, back))
    fallen = check_defeats(s, events)
    slain = [t for t in targets if t in fallen]
    if slain and s.units[att].seat == VILLAIN:
        # The Villains' own Slay (villain_turn runs it): never a hero card's trigger.
        s.work.append((Op("@v.slay", n=len(slain)), -1, VILLAIN, att))
        return
    sources = slay_sources(s, att)
    if slain and sources:
        srcs = tuple(src for _ in slain for src in sources)
        seat = s.units[att].seat
        s.work.append((Op("@triggers", args=(("field", "slay"), ("srcs", srcs))), -1, seat,
                       att))
