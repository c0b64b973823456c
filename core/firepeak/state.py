"""The whole state of a game of Ascension at Firepeak, its set-up, a cheap copy and snapshots.

Creatures and spells are uids into ``cards.CREATURES`` / ``cards.SPELLS``. A creature is in
exactly one place: the Recruitment deck, a pattern slot, a guard spot, a Dungeon, the
creature discard pile, or ``held`` (just drawn by Recruit, waiting to be placed). A spell is
in the Research deck, a Spellbook, on a pattern Position (aura), on a creature
(enchantment, ``ench``), in a circle spot, in the spell discard pile, or ``casting``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from core.contract import seats_and_names
from core.firepeak.cards import N_CREATURES, N_SPELLS, WIZARDS
from core.firepeak.pattern import EMPTY, SIZE
from core.rng import Rng

MIN_PLAYERS, MAX_PLAYERS = 2, 5
DEALT_SPELLS, KEPT_SPELLS = 7, 5
ACTIONS_PER_TURN = 2
GUARD, DUNGEON = 9, 10  # locations beside pattern positions 0..8
VARIANTS = ("clan_powers", "reshuffle_once")


class Decision(NamedTuple):
    """A choice the game waits for; answered by an action whose kind is ``kind``.

    ``choices`` are the allowed ``card`` values of that action. ``source`` is the creature
    or spell concerned; ``a`` and ``b`` carry context (see effects.py per kind).
    """

    kind: str
    seat: int
    choices: tuple[int, ...]
    source: int = -1
    a: int = -1
    b: int = -1


class Player:
    """One seat's table: Wizard, pattern, Guard, Dungeon, Spellbook, auras and circle."""

    __slots__ = ("wizard", "pattern", "guard", "dungeon", "spellbook", "auras", "circle")

    def __init__(self, wizard: int) -> None:
        self.wizard = wizard
        self.pattern: list[int] = [EMPTY] * SIZE
        self.guard = EMPTY
        self.dungeon: list[int] = []
        self.spellbook: list[int] = []
        self.auras: list[int] = [EMPTY] * SIZE
        self.circle = EMPTY

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.wizard = self.wizard
        p.pattern = self.pattern[:]
        p.guard = self.guard
        p.dungeon = self.dungeon[:]
        p.spellbook = self.spellbook[:]
        p.auras = self.auras[:]
        p.circle = self.circle
        return p

    def controlled(self) -> list[tuple[int, int]]:
        """(location, uid) of every creature this player Controls (pattern and Guard)."""
        out = [(pos, u) for pos, u in enumerate(self.pattern) if u != EMPTY]
        if self.guard != EMPTY:
            out.append((GUARD, self.guard))
        return out


class Turn:
    """What the current turn has used and gained; replaced when the turn ends.

    ``bonus`` holds extra actions granted by spells and the Doombringer power: an action
    kind ("capture", "brainwash", "rescue", "recruit", "move" = Move or Swap) or "any".
    ``rolls`` are this turn's roll bonuses for capture, rescue and brainwash.
    """

    __slots__ = ("actions_left", "bonus", "night_wing_used", "doombringer_used", "rolls")

    def __init__(self) -> None:
        self.actions_left = ACTIONS_PER_TURN
        self.bonus: list[str] = []
        self.night_wing_used = False
        self.doombringer_used = False
        self.rolls = [0, 0, 0]

    def copy(self) -> Turn:
        t = Turn.__new__(Turn)
        t.actions_left = self.actions_left
        t.bonus = self.bonus[:]
        t.night_wing_used = self.night_wing_used
        t.doombringer_used = self.doombringer_used
        t.rolls = self.rolls[:]
        return t


ROLL_INDEX = {"capture": 0, "rescue": 1, "brainwash": 2}


class State:
    """A game of Ascension at Firepeak."""

    __slots__ = (
        "options", "rng", "players", "recruit", "creature_discard", "research",
        "spell_discard", "ench", "held", "casting", "current", "setup", "turn", "pending",
        "work", "deck_out", "reshuffled", "over", "turns_taken", "steps",
    )

    options: dict[str, Any]
    rng: Rng
    players: list[Player]
    recruit: list[int]  # top is the end
    creature_discard: list[int]
    research: list[int]  # top is the end
    spell_discard: list[int]
    ench: dict[int, tuple[int, ...]]  # creature uid -> enchantment spell uids on it
    held: int
    casting: int
    current: int
    setup: bool
    turn: Turn
    pending: Decision | None
    work: list[tuple[Any, ...]]
    deck_out: bool
    reshuffled: bool
    over: bool
    turns_taken: list[int]
    steps: int

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def to_move(self) -> int | None:
        if self.over:
            return None
        if self.pending is not None:
            return self.pending.seat
        return self.current

    @property
    def clan_powers(self) -> bool:
        return bool(self.options["variants"]["clan_powers"])

    def copy(self) -> State:
        s = State.__new__(State)
        s.options = self.options
        s.rng = self.rng.copy()
        s.players = [p.copy() for p in self.players]
        s.recruit = self.recruit[:]
        s.creature_discard = self.creature_discard[:]
        s.research = self.research[:]
        s.spell_discard = self.spell_discard[:]
        s.ench = dict(self.ench)  # values are tuples, so sharing them is safe
        s.held = self.held
        s.casting = self.casting
        s.current = self.current
        s.setup = self.setup
        s.turn = self.turn.copy()
        s.pending = self.pending
        s.work = self.work[:]  # tasks are tuples of str/int
        s.deck_out = self.deck_out
        s.reshuffled = self.reshuffled
        s.over = self.over
        s.turns_taken = self.turns_taken[:]
        s.steps = self.steps
        return s


def normalize_options(options: dict[str, Any]) -> dict[str, Any]:
    """Fill defaults and check ranges, so a bad option is refused before a game starts.

    Variants may come as ``options["variants"]`` (a dict) or as top-level booleans.
    """
    players = int(options.get("players", 2))
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Firepeak takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    seats, names = seats_and_names(options, players)
    raw = dict(options.get("variants") or {})
    for key in VARIANTS:
        if key in options:
            raw[key] = options[key]
    unknown = set(raw) - set(VARIANTS)
    if unknown:
        raise ValueError(f"unknown Firepeak variant {sorted(unknown)[0]!r}; known: {VARIANTS}")
    variants = {key: bool(raw.get(key, False)) for key in VARIANTS}
    return {"players": players, "seats": seats, "names": names, "variants": variants}


def blank_state(opts: dict[str, Any], rng: Rng) -> State:
    s = State.__new__(State)
    s.options = opts
    s.rng = rng
    s.players = []
    s.recruit = []
    s.creature_discard = []
    s.research = []
    s.spell_discard = []
    s.ench = {}
    s.held = EMPTY
    s.casting = EMPTY
    s.current = 0
    s.setup = True
    s.turn = Turn()
    s.pending = None
    s.work = []
    s.deck_out = False
    s.reshuffled = False
    s.over = False
    s.turns_taken = [0] * opts["players"]
    s.steps = 0
    return s


def deal(s: State) -> None:
    """Wizards, 7 spells each, the Recruitment deck; the keep-5 choices follow as decisions."""
    wizards = list(range(len(WIZARDS)))
    s.rng.shuffle(wizards)
    s.players = [Player(wizards[i]) for i in range(s.options["players"])]
    spells = list(range(N_SPELLS))
    s.rng.shuffle(spells)
    for p in s.players:
        p.spellbook = [spells.pop() for _ in range(DEALT_SPELLS)]
    s.research = spells
    s.recruit = list(range(N_CREATURES))
    s.rng.shuffle(s.recruit)
