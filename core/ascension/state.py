"""The whole state of a game of Ascension, its set-up, a cheap copy and plain-data snapshots."""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from core.ascension.cards import CardDef, Op, by_key, card_defs
from core.contract import seats_and_names
from core.rng import Rng, generator, generator_option

HAND_SIZE = 5
ROW_SIZE = 6
HONOR_PER_PLAYER = 30
STARTING_DECK = (("apprentice", 8), ("militia", 2))
MIN_PLAYERS, MAX_PLAYERS = 2, 4


class Decision(NamedTuple):
    """A choice an effect is waiting for; answered by ``choose`` or ``decline`` actions.

    ``choices`` are card uids (or option numbers for ``mode``); ``n`` carries the effect's
    number (the Power limit of a free defeat, say); ``source`` is the card asking.
    """

    kind: str
    seat: int
    choices: tuple[int, ...]
    optional: bool
    source: int
    n: int = 0
    labels: tuple[str, ...] = ()


class Player:
    """One seat's cards and Honor tokens. Lists hold card uids; the deck's top is its end."""

    __slots__ = ("deck", "hand", "discard", "constructs", "honor")

    def __init__(self) -> None:
        self.deck: list[int] = []
        self.hand: list[int] = []
        self.discard: list[int] = []
        self.constructs: list[int] = []
        self.honor = 0

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.deck = self.deck[:]
        p.hand = self.hand[:]
        p.discard = self.discard[:]
        p.constructs = self.constructs[:]
        p.honor = self.honor
        return p

    def owned(self) -> list[int]:
        """Every card this player owns outside the turn's play area."""
        return self.deck + self.hand + self.discard + self.constructs


class Turn:
    """What the current turn has built up; cleared when the turn ends."""

    __slots__ = ("runes", "power", "mechana_runes", "played", "used", "discount", "waiting")

    def __init__(self) -> None:
        self.runes = 0
        self.power = 0
        self.mechana_runes = 0
        self.played: list[int] = []
        # (uid, slot) pairs of once-per-turn abilities (0 <= slot < 8) and triggers
        # (slot >= 8), and (monster, -1) for each monster defeated from the center row.
        self.used: set[tuple[int, int]] = set()
        self.discount = 0
        # Effects waiting for another hero of a faction: (source uid, faction, ops).
        self.waiting: list[tuple[int, str, tuple[Op, ...]]] = []

    def copy(self) -> Turn:
        t = Turn.__new__(Turn)
        t.runes = self.runes
        t.power = self.power
        t.mechana_runes = self.mechana_runes
        t.played = self.played[:]
        t.used = set(self.used)
        t.discount = self.discount
        t.waiting = self.waiting[:]
        return t


class State:
    """A game of Ascension. ``cards[uid]`` is the definition of physical card ``uid``."""

    __slots__ = (
        "options", "edition", "cards", "rng", "players", "center_deck", "center_row", "void",
        "mystics", "heavies", "cultist", "honor_pool", "honor_extra", "current", "turn",
        "turns_taken", "extra_turn", "ending", "over", "pending", "work", "steps",
    )

    options: dict[str, Any]
    edition: int
    cards: tuple[CardDef, ...]
    rng: Rng
    players: list[Player]
    center_deck: list[int]
    center_row: list[int]
    void: list[int]
    mystics: list[int]
    heavies: list[int]
    cultist: int
    honor_pool: int
    honor_extra: int
    current: int
    turn: Turn
    turns_taken: list[int]
    extra_turn: bool
    ending: bool
    over: bool
    pending: list[Decision]
    work: list[tuple[Op, int]]
    steps: int

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def to_move(self) -> int | None:
        if self.over:
            return None
        if self.pending:
            return self.pending[-1].seat
        return self.current

    def copy(self) -> State:
        s = State.__new__(State)
        s.options = self.options
        s.edition = self.edition
        s.cards = self.cards
        s.rng = self.rng.copy()
        s.players = [p.copy() for p in self.players]
        s.center_deck = self.center_deck[:]
        s.center_row = self.center_row[:]
        s.void = self.void[:]
        s.mystics = self.mystics[:]
        s.heavies = self.heavies[:]
        s.cultist = self.cultist
        s.honor_pool = self.honor_pool
        s.honor_extra = self.honor_extra
        s.current = self.current
        s.turn = self.turn.copy()
        s.turns_taken = self.turns_taken[:]
        s.extra_turn = self.extra_turn
        s.ending = self.ending
        s.over = self.over
        s.pending = self.pending[:]
        s.work = self.work[:]
        s.steps = self.steps
        return s


def normalize_options(options: dict[str, Any]) -> dict[str, Any]:
    """Fill defaults and check ranges, so a bad option is refused before a game starts."""
    players = int(options.get("players", 2))
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Ascension takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    edition = int(options.get("edition", 1))
    if edition not in (1, 2):
        raise ValueError("edition must be 1 (original) or 2 (10th anniversary)")
    pool = int(options.get("honor_pool", HONOR_PER_PLAYER * players))
    if not 1 <= pool <= 10_000:
        raise ValueError(f"the Honor pool must be between 1 and 10000, not {pool}")
    seats, names = seats_and_names(options, players)
    # Which generator shuffles: recorded so a save replays with the one it was made with.
    return {"players": players, "edition": edition, "honor_pool": pool,
            "seats": seats, "names": names, "generator": generator_option(options)}


def build_cards(edition: int) -> tuple[tuple[CardDef, ...], dict[str, list[int]]]:
    """Every physical card of a game as a uid-indexed tuple, and the uids of each card key.

    The layout is fixed per edition and player count, so uids mean the same in every game.
    """
    cards: list[CardDef] = []
    uids: dict[str, list[int]] = {}
    for d in card_defs(edition):
        count = d.copies if d.role != "starter" else 0
        for _ in range(count):
            uids.setdefault(d.key, []).append(len(cards))
            cards.append(d)
    return tuple(cards), uids


class Layout(NamedTuple):
    """Where every card of a new game starts, before any shuffle (the piles' tops last)."""

    cards: tuple[CardDef, ...]
    center: tuple[int, ...]
    mystics: tuple[int, ...]
    heavies: tuple[int, ...]
    cultist: int
    starting_decks: tuple[tuple[int, ...], ...]


@cache
def layout(edition: int, players: int) -> Layout:
    """The card table of an edition and player count: made once, shared by every game
    (it is immutable), since building it took a tenth of a random game's time."""
    base, uids = build_cards(edition)
    cards = list(base)
    defs = by_key(edition)
    decks: list[tuple[int, ...]] = []
    for _ in range(players):
        deck: list[int] = []
        for key, count in STARTING_DECK:
            for _ in range(count):
                deck.append(len(cards))
                cards.append(defs[key])
        decks.append(tuple(deck))
    return Layout(
        cards=tuple(cards),
        center=tuple(u for u, d in enumerate(base) if d.role == "center"),
        mystics=tuple(uids["mystic"][::-1]),
        heavies=tuple(uids["heavy_infantry"][::-1]),
        cultist=uids["cultist"][0],
        starting_decks=tuple(decks),
    )


def new_state(options: dict[str, Any], seed: int) -> State:
    """Set up a game: center row of 6, the piles, the Cultist, 8 Apprentices + 2 Militia each."""
    opts = normalize_options(options)
    edition = opts["edition"]
    table = layout(edition, opts["players"])
    s = State.__new__(State)
    s.options = opts
    s.edition = edition
    s.rng = generator(opts["generator"]).stream(seed, "game")
    s.players = []
    for deck in table.starting_decks:
        p = Player()
        p.deck = list(deck)
        s.players.append(p)
    s.cards = table.cards
    s.center_deck = list(table.center)
    s.rng.shuffle(s.center_deck)
    s.center_row = [s.center_deck.pop() for _ in range(ROW_SIZE)]
    s.void = []
    s.mystics = list(table.mystics)
    s.heavies = list(table.heavies)
    s.cultist = table.cultist
    s.honor_pool = opts["honor_pool"]
    s.honor_extra = 0
    s.current = 0
    s.turn = Turn()
    s.turns_taken = [0] * opts["players"]
    s.extra_turn = False
    s.ending = False
    s.over = False
    s.pending = []
    s.work = []
    s.steps = 0
    for p in s.players:
        s.rng.shuffle(p.deck)
        for _ in range(HAND_SIZE):
            p.hand.append(p.deck.pop())
    return s
