"""The whole state of a game of Ascension Tactics and a cheap copy of it (set-up:
``table_setup``; snapshots: ``snapshot``).

Cards are uids into ``State.cards`` (a fixed layout per player count, so uids mean the same
in every game with the same options). Battlefield positions are *cells* (indexes into the
scenario map). Figures are *units*: one per figure of every champion or monster card in
the game (Psyche Askara has two) plus four Cultists per seat; a unit's owner is -1 until
its card joins a roster. Treasures are token ids 0..23 into ``State.tdefs``.

A seat is a player; a side scores and fights: side == seat, except in 2 vs 2 where seats
0 and 2 are side 0 and seats 1 and 3 side 1. A portal belongs to a side (its enemies may not
enter it) and lets certain seats deploy there: each seat its own Gateway's portals, and every
seat of a side a portal one of them woke from an Inactive Portal (``portal_seats``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from itertools import repeat
from typing import Any, NamedTuple

from core.rng import Rng
from core.tactics.board import MapDef
from core.tactics.cards import CardDef, GatewayDef, Op, TreasureDef
from core.tactics.scenarios import ScenarioDef
from core.tactics.villain_state import (
    VILLAIN_MODES,
    VillainSide,
)

HAND_SIZE = 5
ROW_SIZE = 6
DRAFT_ROW = 6
PILE_SIZE = 15
HONOR_SUPPLY = 120
MAX_CULTISTS = 4
RANGE = 3  # how far a Ranged unit reaches
TURRET_RANGE = 2
RING_BONUS = 3  # Faerie Ring: Strength and Defense for its owner's units on its hex
STARTING_DECK = (("apprentice", 8), ("militia", 2))
MODES = ("1v1", "2v2", "brawl", *VILLAIN_MODES)

# Unit keyword bits (a unit's keywords are an int so stats stay cheap to add up).
RANGED, AREA, DOUBLE, STRIKEBACK = 1, 2, 4, 8
KEYWORD_BITS = {"ranged": RANGED, "area": AREA, "double": DOUBLE, "strikeback": STRIKEBACK}

# Phases.
DRAFT, PLAY, OVER = "draft", "play", "over"

# Pseudo card ids of the always-available piles in ``acquire`` actions.
MYSTIC_PILE, HEAVY_PILE = -2, -3


def kw_bits(words: frozenset[str] | tuple[str, ...]) -> int:
    bits = 0
    for w in words:
        bits |= KEYWORD_BITS[w]
    return bits


class Decision(NamedTuple):
    """A choice the game waits for; answered by ``choose card=value`` or ``decline``.

    ``choices`` hold card uids, unit ids, cells or option numbers depending on ``kind``
    (see effects.DECISION_VALUES). ``source`` is the card asking, ``unit`` the unit it
    concerns (a slaying unit, a construct's champion), ``n`` a number the answer needs.
    A ``react`` decision is the Treasure window: its legal actions are computed, not listed.
    """

    kind: str
    seat: int
    choices: tuple[int, ...]
    optional: bool
    source: int = -1
    unit: int = -1
    n: int = 0
    labels: tuple[str, ...] = ()


class Command(NamedTuple):
    """A unit being commanded; replaced (not mutated) as it moves and attacks.

    ``placed``: the unit stood on the battlefield at some point of this command (so being
    off it now means it was defeated, not that it still has to deploy).
    ``queue``: further figures of the same card commanded next (Psyche Askara, FAQ 16).
    ``depth``: the length of ``State.work`` when the command began; work below that depth
    belongs to an effect that started the command and waits until the command is over.
    ``primary``: False for a queued figure, which may be skipped without deploying.
    """

    unit: int
    placed: bool
    moved: bool
    attacks: int
    queue: tuple[int, ...]
    depth: int
    primary: bool


# A Command from a full tuple of its fields without NamedTuple's Python-level ``__new__``:
# one is made for every step of a command.
new_command: Callable[[tuple[int, bool, bool, int, tuple[int, ...], int, bool]], Command] = \
    functools.partial(tuple.__new__, Command)


class Attack(NamedTuple):
    """An open Treasure window: an attack declared and waiting for it to close, or, with
    ``attacker`` -1, other harm to ``targets`` (the ``@harm`` work on top says which)."""

    attacker: int
    targets: tuple[int, ...]
    participants: tuple[int, ...]  # seats asked, in order (defenders first)
    idx: int  # whom to ask next
    passes: int  # consecutive passes since the last Treasure played


class Unit:
    """A figure. ``cell`` is -1 off the battlefield; buffs last until the end of the turn."""

    __slots__ = ("seat", "card", "fig", "cell", "exhausted", "damage", "b_str", "b_def",
                 "b_spd", "b_kw")

    def __init__(self, seat: int, card: int, fig: int) -> None:
        self.seat = seat
        self.card = card  # champion/monster card uid, or -1 for a Cultist
        self.fig = fig
        self.cell = -1
        self.exhausted = False
        self.damage = 0
        self.b_str = 0
        self.b_def = 0
        self.b_spd = 0
        self.b_kw = 0

    def copy(self) -> Unit:
        u = Unit.__new__(Unit)
        u.seat = self.seat
        u.card = self.card
        u.fig = self.fig
        u.cell = self.cell
        u.exhausted = self.exhausted
        u.damage = self.damage
        u.b_str = self.b_str
        u.b_def = self.b_def
        u.b_spd = self.b_spd
        u.b_kw = self.b_kw
        return u

    def clear_turn(self) -> None:
        self.damage = 0
        self.b_str = self.b_def = self.b_spd = self.b_kw = 0

    def data(self) -> list[int]:
        return [self.seat, self.card, self.fig, self.cell, int(self.exhausted), self.damage,
                self.b_str, self.b_def, self.b_spd, self.b_kw]


class Seat:
    """One player's cards, roster, Treasures and this turn's resources.

    ``deck``'s top is its end. ``played``: heroes played this turn (discarded at its end).
    ``plays``: every card played this turn, constructs too (Allegiance looks here).
    ``waiting``: cards whose Allegiance waits for another card of ``faction``.
    """

    __slots__ = ("deck", "hand", "discard", "played", "plays", "waiting", "roster",
                 "treasures", "runes", "power", "to_top")

    def __init__(self) -> None:
        self.deck: list[int] = []
        self.hand: list[int] = []
        self.discard: list[int] = []
        self.played: list[int] = []
        self.plays: list[int] = []
        self.waiting: list[tuple[int, str]] = []
        self.roster: list[int] = []
        self.treasures: list[int] = []
        self.runes = 0
        self.power = 0
        self.to_top = False

    def copy(self) -> Seat:
        p = Seat.__new__(Seat)
        p.deck = self.deck[:]
        p.hand = self.hand[:]
        p.discard = self.discard[:]
        p.played = self.played[:]
        p.plays = self.plays[:]
        p.waiting = self.waiting[:]
        p.roster = self.roster[:]
        p.treasures = self.treasures[:]
        p.runes = self.runes
        p.power = self.power
        p.to_top = self.to_top
        return p

    def new_turn(self) -> None:
        self.played = []
        self.plays = []
        self.waiting = []
        self.runes = 0
        self.power = 0
        self.to_top = False


# A queued effect operation: (op, source card uid, acting seat, unit it concerns or -1).
Work = tuple[Op, int, int, int]


def push(s: State, ops: tuple[Op, ...] | list[Op], src: int, seat: int, unit: int = -1) -> None:
    """Schedule ``ops`` to run next, in order (``work`` is a stack)."""
    s.work.extend(zip(reversed(ops), repeat(src), repeat(seat), repeat(unit)))


class State:
    """A game of Ascension Tactics."""

    __slots__ = (
        "options", "scen", "map", "cards", "tdefs", "gates", "cultist_def", "rng",
        "seats", "side_of", "slot_of", "sides", "units", "card_units", "cultists",
        "terrain", "portal_side", "portal_seats", "occupant", "occ_side", "board_treasure",
        "beacon", "turret", "ring", "gear", "center_deck", "row", "banished", "mystics", "heavies",
        "box", "draft_deck", "draft_row", "draft_order", "team_pool", "bag", "used",
        "honor_supply", "honor", "current", "side", "turn_no", "side_turns", "cmd",
        "attack", "pending", "work", "phase", "winners", "steps", "villain",
    )

    options: dict[str, Any]
    scen: ScenarioDef
    map: MapDef
    cards: tuple[CardDef, ...]
    tdefs: tuple[TreasureDef, ...]
    gates: dict[int, GatewayDef]
    cultist_def: CardDef
    rng: Rng
    seats: list[Seat]
    side_of: tuple[int, ...]  # seat -> side
    slot_of: tuple[int, ...]  # seat -> Gateway slot 1..4
    sides: tuple[tuple[int, ...], ...]  # side -> its seats, lowest slot first
    units: list[Unit]
    card_units: dict[int, tuple[int, ...]]  # champion/monster uid -> its unit ids
    cultists: tuple[tuple[int, ...], ...]  # seat -> its four Cultist unit ids
    terrain: list[str]
    portal_side: list[int]  # cell -> the side owning the active portal there, or -1
    portal_seats: list[int]  # cell -> bit mask of the seats that may deploy there (0: none)
    occupant: list[int]  # cell -> unit id or -1
    occ_side: list[int]  # cell -> side of the unit there or -1 (kept in step with occupant)
    board_treasure: list[int]  # cell -> face-down treasure token or -1
    beacon: list[int]  # cell -> side controlling the Beacon there or -1
    turret: tuple[int, int]  # (cell, controlling seat); (-1, -1) off the board
    ring: tuple[int, int]  # Faerie Ring (cell, owner seat)
    gear: dict[int, tuple[int, ...]]  # champion uid -> equipped construct uids
    center_deck: list[int]
    row: list[int]  # six slots, -1 when nothing could refill one
    banished: list[int]  # banished center-deck cards (they can refill the center deck)
    mystics: list[int]
    heavies: list[int]
    box: list[int]  # out of the game: banished starters, champions nobody took
    draft_deck: list[int]
    draft_row: list[int]
    draft_order: list[int]  # seats still to pick, next first
    team_pool: list[list[int]]  # 2 vs 2: each side's drafted champions not yet assigned
    bag: list[int]
    used: list[int]
    honor_supply: int
    honor: list[int]  # per side
    current: int  # the seat acting in the main phase
    side: int  # the side whose turn it is
    turn_no: int  # side turns completed
    side_turns: list[int]
    cmd: Command | None
    attack: Attack | None
    pending: list[Decision]
    work: list[Work]
    phase: str
    winners: tuple[int, ...]  # winning sides once over
    steps: int
    villain: VillainSide | None  # the Villains (solo, co-op, Become the Boss), else None

    @property
    def n(self) -> int:
        return len(self.seats)

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def to_move(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.pending:
            return self.pending[-1].seat
        return self.current

    def copy(self) -> State:
        s = State.__new__(State)
        s.options = self.options
        s.scen = self.scen
        s.map = self.map
        s.cards = self.cards
        s.tdefs = self.tdefs
        s.gates = self.gates
        s.cultist_def = self.cultist_def
        s.rng = self.rng.copy()
        s.seats = [p.copy() for p in self.seats]
        s.side_of = self.side_of
        s.slot_of = self.slot_of
        s.sides = self.sides
        s.units = [u.copy() for u in self.units]
        s.card_units = self.card_units
        s.cultists = self.cultists
        s.terrain = self.terrain[:]
        s.portal_side = self.portal_side[:]
        s.portal_seats = self.portal_seats[:]
        s.occupant = self.occupant[:]
        s.occ_side = self.occ_side[:]
        s.board_treasure = self.board_treasure[:]
        s.beacon = self.beacon[:]
        s.turret = self.turret
        s.ring = self.ring
        s.gear = dict(self.gear)  # values are tuples
        s.center_deck = self.center_deck[:]
        s.row = self.row[:]
        s.banished = self.banished[:]
        s.mystics = self.mystics[:]
        s.heavies = self.heavies[:]
        s.box = self.box[:]
        s.draft_deck = self.draft_deck[:]
        s.draft_row = self.draft_row[:]
        s.draft_order = self.draft_order[:]
        s.team_pool = [p[:] for p in self.team_pool]
        s.bag = self.bag[:]
        s.used = self.used[:]
        s.honor_supply = self.honor_supply
        s.honor = self.honor[:]
        s.current = self.current
        s.side = self.side
        s.turn_no = self.turn_no
        s.side_turns = self.side_turns[:]
        s.cmd = self.cmd
        s.attack = self.attack
        s.pending = self.pending[:]
        s.work = self.work[:]  # items are immutable tuples
        s.phase = self.phase
        s.winners = self.winners
        s.steps = self.steps
        s.villain = self.villain.copy() if self.villain is not None else None
        return s


# --- rosters and sides -------------------------------------------------------------------------

def join_roster(s: State, seat: int, uid: int) -> None:
    """A champion card (and its figures) joins ``seat``'s roster, off the battlefield."""
    s.seats[seat].roster.append(uid)
    for u in s.card_units[uid]:
        unit = s.units[u]
        unit.seat = seat
        unit.cell = -1
        unit.exhausted = False


def side_order(s: State) -> list[int]:
    """Sides in turn order (the side holding the lowest Gateway slot first; the Villains,
    who hold no seat in solo and co-op, after the heroes)."""
    slot_of = s.slot_of
    first = [min([slot_of[x] for x in seats], default=5) for seats in s.sides]
    return sorted(range(len(first)), key=first.__getitem__)


def seat_bit(seat: int) -> int:
    """The bit of ``seat`` in a portal's mask of deploying seats."""
    return 1 << seat


def side_mask(s: State, side: int) -> int:
    """Every seat of ``side`` as a mask of deploying seats (a woken portal is all theirs)."""
    mask = 0
    for seat in s.sides[side]:
        mask |= 1 << seat
    return mask


__all__ = [
    "AREA", "DOUBLE", "HAND_SIZE", "HEAVY_PILE", "HONOR_SUPPLY", "MAX_CULTISTS", "MYSTIC_PILE",
    "RANGE", "RANGED", "ROW_SIZE", "STRIKEBACK", "Attack", "Command", "Decision", "Seat",
    "State", "Unit", "join_roster", "push", "seat_bit", "side_mask", "side_order",
]
