"""The whole state of a game of Ascension Tactics, its set-up, a cheap copy and snapshots.

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

from typing import Any, NamedTuple

from core.contract import seats_and_names
from core.rng import Rng
from core.tactics import cards as content
from core.tactics import scenarios as scen_mod
from core.tactics.board import PLAIN, PORTAL, MapDef
from core.tactics.cards import CardDef, GatewayDef, Op, TreasureDef
from core.tactics.scenarios import MODE_PLAYERS, ScenarioDef
from core.tactics.villain_options import normalize as villain_options
from core.tactics.villain_state import (
    CULTIST_FIGURES,
    VILLAIN,
    VILLAIN_MODES,
    VillainSide,
    blank_side,
    hero_count,
    surge_rule,
    villain_cards,
    villain_mode,
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
    s.work.extend((op, src, seat, unit) for op in reversed(ops))


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


# --- options ---------------------------------------------------------------------------------

def normalize_options(options: dict[str, Any],
                      scens: tuple[ScenarioDef, ...] | None = None) -> dict[str, Any]:
    """Fill defaults and check every option, so a bad one is refused before a game starts."""
    players = int(options.get("players", 2))
    if not 1 <= players <= 4:
        raise ValueError(f"Ascension Tactics takes 1 to 4 players, not {players}")
    default_mode = {1: "solo", 2: "1v1"}.get(players, "brawl")
    mode = str(options.get("mode", default_mode))
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; known: {', '.join(MODES)}")
    if players not in MODE_PLAYERS[mode]:
        raise ValueError(f"mode {mode} is played by {MODE_PLAYERS[mode]} players, not {players}")
    known = scens if scens is not None else scen_mod.scenarios()
    sid = options.get("scenario")
    if sid is None:
        fitting = [sc for sc in known if players in sc.players and mode in sc.modes]
        if not fitting:
            raise ValueError(f"no scenario is played by {players} players in mode {mode}")
        sid = fitting[0].id
    sc = next((x for x in known if x.id == sid), None)
    if sc is None:
        raise ValueError(f"unknown scenario {sid!r}; known: {', '.join(x.id for x in known)}")
    if players not in sc.players or mode not in sc.modes:
        raise ValueError(f"scenario {sid} is not played by {players} players in mode {mode}")
    turn_limit = int(options.get("turn_limit", 0))
    if turn_limit < 0:
        raise ValueError("turn_limit must be 0 (none) or positive")
    seats, names = seats_and_names(options, players)
    out = {"players": players, "mode": mode, "scenario": str(sid),
           "draft": bool(options.get("draft", False)), "turn_limit": turn_limit,
           "seats": seats, "names": names}
    if villain_mode(mode):
        out.update(villain_options(options, sc, mode, players))
    return out


# --- set-up ----------------------------------------------------------------------------------

class Content(NamedTuple):
    """Everything a game reads from the content files (tests pass their own)."""

    cards: dict[str, CardDef]
    center: tuple[str, ...]
    starting: tuple[str, ...]
    gateways: tuple[GatewayDef, ...]
    treasures: tuple[TreasureDef, ...]
    scenarios: tuple[ScenarioDef, ...]


def shipped_content() -> Content:
    return Content(
        cards=content.by_id(),
        center=content.center_deck(),
        starting=tuple(d.id for d in content.starting_champions()),
        gateways=content.gateways(),
        treasures=content.treasures(),
        scenarios=scen_mod.scenarios(),
    )


def build_cards(c: Content, players: int, mode: str = "1v1") -> tuple[CardDef, ...]:
    """Every physical card as a uid-indexed tuple: center deck, piles, starting champions,
    then each hero seat's starting deck, then (against the Villains) every Villain card. The
    layout depends only on the content, ``players`` and ``mode``.
    """
    d = c.cards
    out = [d[i] for i in c.center]
    out += [d["mystic"]] * PILE_SIZE + [d["heavy_infantry"]] * PILE_SIZE
    out += [d[i] for i in c.starting]
    for _ in range(hero_count(mode, players)):
        for key, count in STARTING_DECK:
            out += [d[key]] * count
    if villain_mode(mode):
        out += villain_cards(mode)
    return tuple(out)


def blank_state(opts: dict[str, Any], c: Content, rng: Rng) -> State:
    """A state with the fixed layout (cards, units, map) and nothing dealt yet."""
    n = opts["players"]
    mode = opts["mode"]
    sc = next(x for x in c.scenarios if x.id == opts["scenario"])
    s = State.__new__(State)
    s.options = opts
    s.scen = sc
    s.map = sc.map
    s.cards = build_cards(c, n, mode)
    s.tdefs = c.treasures
    teams = mode == "2v2" or (villain_mode(mode) and hero_count(mode, n) == 2)
    s.gates = {g.slot: g.team_face() if teams else g for g in c.gateways}
    s.cultist_def = c.cards["cultist"]
    s.rng = rng
    s.seats = [Seat() for _ in range(n)]
    s.side_of = _sides_of_seats(mode, n)
    s.slot_of = tuple(range(1, n + 1))
    s.sides = ()
    s.units = []
    card_units: dict[int, tuple[int, ...]] = {}
    for uid, card in enumerate(s.cards):
        if card.kind in ("champion", "monster", "villain"):
            ids = []
            for fig in range(max(1, card.figures)):
                ids.append(len(s.units))
                s.units.append(Unit(-1, uid, fig))
            card_units[uid] = tuple(ids)
    s.card_units = card_units
    cult: list[tuple[int, ...]] = []
    heroes = hero_count(mode, n)
    for seat in range(n):
        ids = []
        for fig in range(MAX_CULTISTS if seat < heroes else 0):
            ids.append(len(s.units))
            s.units.append(Unit(seat, -1, fig))
        cult.append(tuple(ids))
    s.cultists = tuple(cult)
    s.villain = None
    if villain_mode(mode):
        # The Cultist figures no hero seat uses are the Villains' (DESIGN.md, "Modes").
        first = len(s.units)
        for fig in range(CULTIST_FIGURES - MAX_CULTISTS * heroes):
            s.units.append(Unit(VILLAIN, -1, fig))
        spare = tuple(range(first, len(s.units)))
        vfirst = next(u for u, d in enumerate(s.cards) if d.kind == "villain")
        s.villain = blank_side(mode, vfirst, spare, opts["ties"], n - 1 if mode == "boss" else -1,
                               surge_rule(sc, opts["chapter"]))
    cells = len(sc.map.hexes)
    s.terrain = list(sc.map.terrain)
    s.portal_side = [-1] * cells
    s.portal_seats = [0] * cells
    s.occupant = [-1] * cells
    s.occ_side = [-1] * cells
    s.board_treasure = [-1] * cells
    s.beacon = [-1] * cells
    s.turret = (-1, -1)
    s.ring = (-1, -1)
    s.gear = {}
    s.center_deck = []
    s.row = [-1] * ROW_SIZE
    s.banished = []
    s.mystics = []
    s.heavies = []
    s.box = []
    s.draft_deck = []
    s.draft_row = []
    s.draft_order = []
    s.team_pool = [[], []] if mode == "2v2" else []
    s.bag = []
    s.used = []
    s.honor_supply = HONOR_SUPPLY
    s.honor = [0] * len(set(s.side_of) | ({1} if s.villain is not None else set()))
    s.current = 0
    s.side = 0
    s.turn_no = 0
    s.side_turns = [0] * len(s.honor)
    s.cmd = None
    s.attack = None
    s.pending = []
    s.work = []
    s.phase = DRAFT
    s.winners = ()
    s.steps = 0
    return s


def _assign_slots(s: State) -> None:
    """Random Gateway slots; in 2 vs 2 one team holds slots 1 and 3, the other 2 and 4."""
    n = s.n
    if villain_mode(s.options["mode"]):
        # Heroes hold slots 1 (and 3), the Boss player (if any) slot 2: heroes move first.
        slots = [1, 3][:hero_count(s.options["mode"], n)]
        if s.options["mode"] == "boss":
            slots.append(2)
    elif s.options["mode"] == "2v2":
        first = s.rng.below(2)  # the side that holds slots 1 and 3
        slots = [0] * n
        for side in (0, 1):
            pair = [1, 3] if side == first else [2, 4]
            if s.rng.below(2):
                pair.reverse()
            slots[side], slots[side + 2] = pair
    else:
        slots = list(range(1, n + 1))
        s.rng.shuffle(slots)
    s.slot_of = tuple(slots)
    by_side: dict[int, list[int]] = {}
    for seat in sorted(range(n), key=lambda x: slots[x]):
        by_side.setdefault(s.side_of[seat], []).append(seat)
    s.sides = tuple(tuple(by_side.get(side, ())) for side in range(len(s.honor)))


def side_order(s: State) -> list[int]:
    """Sides in turn order (the side holding the lowest Gateway slot first; the Villains,
    who hold no seat in solo and co-op, after the heroes)."""
    return sorted(range(len(s.sides)),
                  key=lambda side: min((s.slot_of[x] for x in s.sides[side]), default=5))


def seat_bit(seat: int) -> int:
    """The bit of ``seat`` in a portal's mask of deploying seats."""
    return 1 << seat


def side_mask(s: State, side: int) -> int:
    """Every seat of ``side`` as a mask of deploying seats (a woken portal is all theirs)."""
    mask = 0
    for seat in s.sides[side]:
        mask |= 1 << seat
    return mask


def _lay_board(s: State) -> None:
    """Each seat's Gateway portals become its own (its side's, and only it deploys there);
    unused slots' portals are plain."""
    m = s.map
    if s.villain is not None:
        # Every hero portal is P1; with two heroes each chooses one at set-up (until then
        # nobody may deploy there: DESIGN.md, "Set-up").
        one = hero_count(s.options["mode"], s.n) == 1
        for c in range(len(m.hexes)):
            if m.portal_slot[c]:
                s.portal_side[c] = 0
                s.portal_seats[c] = seat_bit(0) if one else 0
        return
    for c in range(len(m.hexes)):
        slot = m.portal_slot[c]
        if slot:
            owner = [seat for seat in range(s.n) if s.slot_of[seat] == slot]
            if owner:
                s.portal_side[c] = s.side_of[owner[0]]
                s.portal_seats[c] = seat_bit(owner[0])
                s.terrain[c] = PORTAL
            else:
                s.terrain[c] = PLAIN


def new_state(options: dict[str, Any], seed: int, c: Content | None = None) -> State:
    """Set up a game. The Champion Draft, when asked for, is left as pending decisions."""
    c = c or shipped_content()
    opts = normalize_options(options, c.scenarios)
    s = blank_state(opts, c, Rng.stream(seed, "game"))
    _assign_slots(s)
    _lay_board(s)
    cards = s.cards
    n_center = len(c.center)
    s.center_deck = list(range(n_center))
    s.rng.shuffle(s.center_deck)
    s.row = [s.center_deck.pop() for _ in range(ROW_SIZE)]
    s.mystics = list(range(n_center, n_center + PILE_SIZE))
    s.heavies = list(range(n_center + PILE_SIZE, n_center + 2 * PILE_SIZE))
    first_champion = n_center + 2 * PILE_SIZE
    starting = list(range(first_champion, first_champion + len(c.starting)))
    deck_start = first_champion + len(c.starting)
    per_seat = sum(k for _, k in STARTING_DECK)
    for seat, p in enumerate(s.seats[:hero_count(opts["mode"], s.n)]):
        p.deck = list(range(deck_start + seat * per_seat, deck_start + (seat + 1) * per_seat))
        s.rng.shuffle(p.deck)
        for _ in range(HAND_SIZE):
            p.hand.append(p.deck.pop())
    s.bag = list(range(len(s.tdefs)))
    s.rng.shuffle(s.bag)
    for cell in s.map.treasure_cells():
        if s.bag:
            s.board_treasure[cell] = s.bag.pop()
    if s.villain is not None:
        # The Villains' set-up builds on this module (a late import breaks the cycle).
        from core.tactics.villain_setup import prepare
        prepare(s, starting)
    elif opts["draft"]:
        s.draft_deck = starting
        s.rng.shuffle(s.draft_deck)
        s.draft_row = [s.draft_deck.pop() for _ in range(min(DRAFT_ROW, len(s.draft_deck)))]
    else:
        ids = {cards[u].id: u for u in starting}
        for seat in range(s.n):
            for cid in s.scen.rosters[s.slot_of[seat]]:
                join_roster(s, seat, ids.pop(cid))
        s.box = sorted(ids.values())
    return s


def _sides_of_seats(mode: str, n: int) -> tuple[int, ...]:
    """Seat -> side: 2 vs 2 teams; against the Villains every hero is side 0 and the Boss
    player side 1; otherwise each seat its own side."""
    if mode == "2v2":
        return tuple(i % 2 for i in range(n))
    if villain_mode(mode):
        heroes = hero_count(mode, n)
        return tuple(0 if i < heroes else 1 for i in range(n))
    return tuple(range(n))


def join_roster(s: State, seat: int, uid: int) -> None:
    """A champion card (and its figures) joins ``seat``'s roster, off the battlefield."""
    s.seats[seat].roster.append(uid)
    for u in s.card_units[uid]:
        unit = s.units[u]
        unit.seat = seat
        unit.cell = -1
        unit.exhausted = False


__all__ = [
    "AREA", "DOUBLE", "HAND_SIZE", "HEAVY_PILE", "HONOR_SUPPLY", "MAX_CULTISTS", "MYSTIC_PILE",
    "RANGE", "RANGED", "ROW_SIZE", "STRIKEBACK", "Attack", "Command", "Content", "Decision",
    "Seat", "State", "Unit", "new_state", "normalize_options", "push", "seat_bit",
    "shipped_content", "side_mask",
]
