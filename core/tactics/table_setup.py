"""Setting up a game of Ascension Tactics: options checked and filled, the content of the
game laid out (cards, units, Gateways, the board), seats and sides, and the first deal — for
every mode, the Villain modes' own part coming from ``villain_deal``."""

from __future__ import annotations

from typing import Any, NamedTuple

from core.contract import seats_and_names
from core.rng import Rng
from core.tactics import cards as content
from core.tactics import scenarios as scen_mod
from core.tactics.board import PLAIN, PORTAL
from core.tactics.cards import CardDef, GatewayDef, TreasureDef
from core.tactics.scenarios import MODE_PLAYERS, ScenarioDef
from core.tactics.state import (
    DRAFT,
    DRAFT_ROW,
    HAND_SIZE,
    HONOR_SUPPLY,
    MAX_CULTISTS,
    MODES,
    PILE_SIZE,
    ROW_SIZE,
    STARTING_DECK,
    Seat,
    State,
    Unit,
    join_roster,
    seat_bit,
)
from core.tactics.villain_deal import prepare
from core.tactics.villain_options import normalize as villain_options
from core.tactics.villain_state import (
    CULTIST_FIGURES,
    VILLAIN,
    blank_side,
    hero_count,
    surge_rule,
    villain_cards,
    villain_mode,
    with_chapter_goal,
)

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
    # The goals of the mode being played, and of the campaign chapter when it is one.
    s.scen = with_chapter_goal(sc.for_mode(mode), opts.get("chapter", ""))
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
