"""Tactics card, champion, Gateway and Treasure definitions, read from ``content/*.toml``.

Every file is checked strictly when it is read (through ``core.content``): an unknown
operation, field, faction or keyword, a wrong type, a missing number or a reused id raises
``ContentError`` naming the file, the entry and the field — a typo in content must never reach
a game as a silently ignored effect.

Each public accessor takes the content directory (default: the package's ``content``) so tests
can load a broken copy from a temporary directory; results are cached per directory.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING, Any

from core.content import ContentError, Fields, content_dir, label, read

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from core.content import Source

CONTENT_DIR = content_dir("core.tactics")
CARDS_FILE = "cards.toml"
CHAMPIONS_FILE = "champions.toml"
GATEWAYS_FILE = "gateways.toml"
TREASURES_FILE = "treasures.toml"

FACTIONS = ("enlightened", "lifebound", "mechana", "void")
KEYWORDS = ("ranged", "area", "double", "strikeback")
KINDS = ("starter", "pile", "hero", "construct", "champion", "monster", "cultist")
CENTER_KINDS = ("hero", "construct", "champion", "monster")
UNIT_KINDS = ("champion", "monster", "cultist")
DEFAULT_SPEED = 3

# --- the schema -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Op:
    """One effect operation: ``op`` from ``VOCABULARY`` with its fields.

    ``args`` holds every field other than ``op``, ``n`` and ``options``, sorted by key, with
    the documented defaults filled in (so ``get`` never has to guess); lists become tuples.
    """

    op: str
    n: int = 0
    args: tuple[tuple[str, object], ...] = ()
    options: tuple[tuple[Op, ...], ...] = ()

    def get(self, key: str, default: object = None) -> object:
        if key == "n":
            return self.n
        for k, v in self.args:
            if k == key:
                return v
        return default


@dataclass(frozen=True, slots=True)
class Stats:
    """What a construct gives its champion, or what a treasure gives a unit for a turn."""

    strength: int = 0
    defense: int = 0
    speed: int = 0
    command: int = 0
    keywords: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card as printed (see the field notes in /tmp/tactics_common.md's schema)."""

    id: str
    name: str
    kind: str
    faction: str = ""
    cost: int = 0
    power_cost: int = 0
    copies: int = 0
    starting: bool = False
    text: str = ""
    effect: tuple[Op, ...] = ()
    allegiance: tuple[Op, ...] = ()
    allegiance_faction: str = ""
    ambush: tuple[Op, ...] = ()
    strength: int = 0
    defense: int = 0
    command: int = 0
    speed: int = DEFAULT_SPEED
    keywords: frozenset[str] = frozenset()
    slay: tuple[Op, ...] = ()
    figures: int = 1
    bonus: Stats = field(default_factory=Stats)


@dataclass(frozen=True, slots=True)
class GatewayDef:
    """A player's Gateway: Power every turn, plus a one-off bonus on the owner's first turn.

    The card has two faces. The player face (Player 1-4) serves 1 vs 1 and brawls; in 2 vs 2
    the team face is used (slots 1 and 3 are Team 1, slots 2 and 4 Team 2): the team that
    moves first gets no bonus on either card, as the rulebook says."""

    slot: int
    name: str
    power: int
    first_turn: tuple[Op, ...]
    text: str
    team_first_turn: tuple[Op, ...] = ()
    team_text: str = ""

    @property
    def team(self) -> int:
        """The team named on the card's team face: 1 or 2."""
        return 2 - self.slot % 2

    def team_face(self) -> GatewayDef:
        """The card turned over for 2 vs 2: the team face's bonus and text."""
        return replace(self, name=f"{self.name} (Team {self.team})",
                       first_turn=self.team_first_turn, text=self.team_text,
                       team_first_turn=(), team_text="")


@dataclass(frozen=True, slots=True)
class TreasureDef:
    """One Treasure token (``treasures()`` lists one entry per physical token)."""

    id: str
    name: str
    stats: Stats
    text: str


# --- the effect vocabulary ----------------------------------------------------------------------

# op -> the fields it accepts (besides "op"). core/tactics/effects.py implements exactly these.
VOCABULARY: dict[str, frozenset[str]] = {
    "runes": frozenset({"n"}),
    "power": frozenset({"n"}),
    "draw": frozenset({"n"}),
    "honor": frozenset({"n"}),
    "banish": frozenset({"from", "n", "optional"}),
    "treasure": frozenset({"n"}),
    "buff": frozenset({"target", "strength", "defense", "speed", "keywords"}),
    "damage": frozenset({"n", "range"}),
    "defeat": frozenset({"max_defense", "range"}),
    "free_command": frozenset({"max_cost"}),
    "ready": frozenset(),
    "acquire_free": frozenset({"kind", "max_cost", "to"}),
    "construct_to_top": frozenset(),
    "copy_center": frozenset({"kind"}),
    "place_token": frozenset({"token"}),
    "move_token": frozenset({"token"}),
    "turret_attack": frozenset({"n"}),
    "forest_under": frozenset({"target"}),
    "move_portal": frozenset({"range"}),
    "destroy_construct": frozenset({"max_cost"}),
    "choose": frozenset({"options"}),
}

# Fields that must be written (the rest have a default below).
_REQUIRED: dict[str, frozenset[str]] = {
    "runes": frozenset({"n"}),
    "power": frozenset({"n"}),
    "draw": frozenset({"n"}),
    "honor": frozenset({"n"}),
    "banish": frozenset({"from"}),
    "treasure": frozenset({"n"}),
    "buff": frozenset({"target"}),
    "damage": frozenset({"n", "range"}),
    "defeat": frozenset({"max_defense", "range"}),
    "free_command": frozenset({"max_cost"}),
    "acquire_free": frozenset({"kind", "max_cost"}),
    "copy_center": frozenset({"kind"}),
    "place_token": frozenset({"token"}),
    "move_token": frozenset({"token"}),
    "turret_attack": frozenset({"n"}),
    "forest_under": frozenset({"target"}),
    "move_portal": frozenset({"range"}),
    "destroy_construct": frozenset({"max_cost"}),
    "choose": frozenset({"options"}),
}

_DEFAULTS: dict[str, dict[str, object]] = {
    "banish": {"n": 1, "optional": True},
    "buff": {"strength": 0, "defense": 0, "speed": 0, "keywords": ()},
    "acquire_free": {"to": "discard"},
}

# Allowed values of the string fields.
_CHOICES: dict[str, tuple[str, ...]] = {
    "from": ("hand", "discard", "hand_or_discard", "played", "center"),
    "target": ("choose", "all", "self", "enemy", "any"),  # narrowed per op below
    "to": ("discard", "hand", "top"),
    "token": ("turret", "faerie_ring"),
}
_OP_CHOICES: dict[tuple[str, str], tuple[str, ...]] = {
    ("buff", "target"): ("choose", "all", "self"),
    ("forest_under", "target"): ("enemy", "any"),
    ("acquire_free", "kind"): ("hero", "construct", "champion", "card"),
    ("copy_center", "kind"): ("hero",),
}
# Numbers that may be 0 (everything else numeric must be at least 1).
_ZERO_OK = frozenset({("buff", "strength"), ("buff", "defense"), ("buff", "speed"),
                      ("free_command", "max_cost"), ("acquire_free", "max_cost"),
                      ("destroy_construct", "max_cost")})
# Ops that refer to "the unit whose slay this is": only meaningful inside a slay list.
_SLAY_ONLY = frozenset({"move_portal"})


def iter_ops(ops: Iterable[Op]) -> Iterator[Op]:
    """Every op in ``ops``, including those inside ``choose`` options (depth first)."""
    for o in ops:
        yield o
        for option in o.options:
            yield from iter_ops(option)


# --- reading helpers ------------------------------------------------------------------------------

def _ops(f: Fields, key: str, slay: bool = False) -> tuple[Op, ...]:
    """The list of op tables under ``key`` (none if it is not written)."""
    return tuple(_op(o, slay) for o in f.tables(key, ()))


def _op(o: Fields, slay: bool) -> Op:
    name = o.text("op")
    if name not in VOCABULARY:
        raise o.fail("op", f'unknown op "{name}"')
    o.only({"op"} | VOCABULARY[name], f'for op "{name}"')
    if name in _SLAY_ONLY and not slay:
        raise o.fail("op", f'op "{name}" only works in a slay effect')

    values: dict[str, object] = dict(_DEFAULTS.get(name, {}))
    options: tuple[tuple[Op, ...], ...] = ()
    required = _REQUIRED.get(name, frozenset())
    for key in sorted(VOCABULARY[name]):
        if key not in o and key not in required:
            continue
        if key == "options":
            raw = o.items(key)
            if len(raw) < 2:
                raise o.fail(key, 'op "choose" needs a list of two or more options')
            options = tuple(_ops_in(o, v, f"{o.path(key)}[{i}]", slay)
                            for i, v in enumerate(raw))
            if any(not option for option in options):
                raise o.fail(key, "an option must contain at least one operation")
        elif key == "keywords":
            values[key] = tuple(sorted(_keywords(o, key)))
        elif key == "optional":
            values[key] = o.flag(key)
        elif key in ("from", "target", "to", "token", "kind"):
            values[key] = o.choice(key, _OP_CHOICES.get((name, key), _CHOICES.get(key, ())))
        else:  # every other field is a count, a distance or a limit
            values[key] = o.integer(key, lo=0 if (name, key) in _ZERO_OK else 1)

    if name == "buff":
        if values["target"] == "self" and not slay:
            raise o.fail("target", '"self" only works in a slay effect')
        if not (values["strength"] or values["defense"] or values["speed"] or values["keywords"]):
            raise o.fail("", "a buff must change something")
    n = values.pop("n", 0)
    assert isinstance(n, int)
    return Op(op=name, n=n, args=tuple(sorted(values.items())), options=options)


def _ops_in(f: Fields, value: object, path: str, slay: bool) -> tuple[Op, ...]:
    """One option of a ``choose``: a list of op tables found at ``path``."""
    return tuple(_op(o, slay) for o in f.tables_in(value, path))


def _keywords(f: Fields, key: str) -> frozenset[str]:
    return frozenset(f.strings(key, (), options=KEYWORDS))


def _stats(f: Fields, command: bool, nothing_at: str) -> Stats:
    """The Stats written in ``f``; ``command`` allows a command-cost change (which may be
    negative); a Stats that gives nothing is an error at field ``nothing_at``."""
    stats = Stats(
        strength=f.integer("strength", 0, lo=0),
        defense=f.integer("defense", 0, lo=0),
        speed=f.integer("speed", 0, lo=0),
        command=f.integer("command", 0) if command else 0,
        keywords=_keywords(f, "keywords"),
    )
    if stats == Stats():
        raise f.fail(nothing_at, "gives nothing")
    return stats


# --- cards.toml -------------------------------------------------------------------------------

_COMMON = {"id", "name", "kind", "text", "copies"}
_UNIT = {"strength", "defense", "command", "speed", "keywords"}
_CARD_FIELDS: dict[str, set[str]] = {
    "starter": _COMMON | {"effect"},
    "pile": _COMMON | {"cost", "effect"},
    "cultist": _COMMON | _UNIT,
    "hero": _COMMON | {"faction", "cost", "effect", "allegiance", "allegiance_faction", "ambush"},
    "construct": _COMMON | {"faction", "cost", "effect", "allegiance", "allegiance_faction",
                            "ambush", "bonus", "slay"},
    "champion": _COMMON | _UNIT | {"faction", "cost", "ambush", "slay", "figures"},
    "monster": _COMMON | _UNIT | {"faction", "power_cost", "ambush", "slay", "figures"},
}
_CHAMPION_FIELDS = {"id", "name", "faction", "text", "slay", "figures"} | _UNIT


def _unit_stats(f: Fields) -> dict[str, Any]:
    return {
        "strength": f.integer("strength", lo=0),
        "defense": f.integer("defense", lo=1),
        "command": f.integer("command", lo=0),
        "speed": f.integer("speed", DEFAULT_SPEED, lo=1),
        "keywords": _keywords(f, "keywords"),
        "figures": f.integer("figures", 1, lo=1),
    }


def _card(f: Fields) -> CardDef:
    ident = f.identifier("id")
    kind = f.choice("kind", KINDS)
    f.only(_CARD_FIELDS[kind], f"for a {kind}")
    center = kind in CENTER_KINDS
    faction = f.choice("faction", FACTIONS) if center else ""
    copies = f.integer("copies", None if center else 0, lo=1 if center else 0)
    if not center and copies:
        raise f.fail("copies", f"a {kind} is not in the center deck: copies must be 0")
    parts: dict[str, Any] = {}
    if kind in UNIT_KINDS:
        parts = _unit_stats(f)
    if kind in ("hero", "construct", "champion", "pile"):
        parts["cost"] = f.integer("cost", lo=1)
    elif kind == "monster":
        parts["power_cost"] = f.integer("power_cost", lo=1)
    effect = _ops(f, "effect")
    if kind in ("starter", "pile", "hero") and not effect:
        raise f.fail("effect", f"a {kind} needs an effect")
    allegiance = _ops(f, "allegiance")
    if "allegiance_faction" in f and not allegiance:
        raise f.fail("allegiance_faction", 'only used together with "allegiance"')
    ally = f.choice("allegiance_faction", FACTIONS) if "allegiance_faction" in f else faction
    slay = _ops(f, "slay", slay=True)
    if kind == "construct":
        parts["bonus"] = Stats()
        if "bonus" in f:
            bonus = f.table("bonus")
            bonus.only({"strength", "defense", "speed", "command", "keywords"}, "for a bonus")
            parts["bonus"] = _stats(bonus, command=True, nothing_at="")
        if parts["bonus"] == Stats() and not slay and not effect:
            raise f.fail("bonus", "a construct must give its champion something")
    return CardDef(
        id=ident,
        name=f.text("name", blank=False),
        kind=kind,
        faction=faction,
        copies=copies,
        starting=False,
        text=f.text("text", blank=False),
        effect=effect,
        allegiance=allegiance,
        allegiance_faction=ally,
        ambush=_ops(f, "ambush"),
        slay=slay,
        **parts,
    )


def load_cards(source: Traversable) -> tuple[CardDef, ...]:
    """Every ``[[card]]`` of a cards file, in file order (not cached)."""
    return tuple(_card(f) for f in read(source, ("card",)).entries("card"))


# --- champions.toml ---------------------------------------------------------------------------

def _champion(f: Fields) -> CardDef:
    ident = f.identifier("id")
    f.only(_CHAMPION_FIELDS, "for a starting champion")
    faction = f.choice("faction", FACTIONS)
    return CardDef(
        id=ident,
        name=f.text("name", blank=False),
        kind="champion",
        faction=faction,
        starting=True,
        text=f.text("text", blank=False),
        allegiance_faction=faction,
        slay=_ops(f, "slay", slay=True),
        **_unit_stats(f),
    )


def load_champions(source: Traversable) -> tuple[CardDef, ...]:
    """Every ``[[champion]]`` (the blue-back starting champions) of a file, in file order."""
    return tuple(_champion(f) for f in read(source, ("champion",)).entries("champion"))


# --- gateways.toml ----------------------------------------------------------------------------

_GATEWAY_FIELDS = {"slot", "name", "power", "first_turn", "text", "team_first_turn", "team_text"}


def _gateway(f: Fields) -> GatewayDef:
    f.only(_GATEWAY_FIELDS, "for a gateway")
    slot = f.integer("slot", lo=1, hi=4)
    first_turn = _ops(f, "first_turn")
    if slot == 1 and first_turn:
        raise f.fail("first_turn", "the first Gateway gets no first-turn bonus")
    team_first_turn = _ops(f, "team_first_turn")
    if slot % 2 and team_first_turn:
        raise f.fail("team_first_turn", "Team 1 (slots 1 and 3) moves first: no first-turn bonus")
    return GatewayDef(slot=slot, name=f.text("name", blank=False),
                      power=f.integer("power", lo=0), first_turn=first_turn,
                      text=f.text("text", blank=False), team_first_turn=team_first_turn,
                      team_text=f.text("team_text", blank=False))


def load_gateways(source: Traversable) -> tuple[GatewayDef, ...]:
    """The Gateways of a file, ordered by slot; each slot 1..n appears exactly once."""
    doc = read(source, ("gateway",))
    defs = sorted((_gateway(f) for f in doc.entries("gateway", key="slot")),
                  key=lambda g: g.slot)
    for expected, g in enumerate(defs, start=1):
        if g.slot != expected:
            raise ContentError(doc.file, label("gateway", g.slot, "slot"), "slot",
                               f"slots must be 1, 2, ... without gaps (expected {expected})")
    return tuple(defs)


# --- treasures.toml ---------------------------------------------------------------------------

_TREASURE_FIELDS = {"id", "name", "copies", "text", "strength", "defense", "speed", "keywords"}


def _treasure(f: Fields) -> tuple[TreasureDef, int]:
    ident = f.identifier("id")
    f.only(_TREASURE_FIELDS, "for a treasure")
    t = TreasureDef(id=ident, name=f.text("name", blank=False),
                    stats=_stats(f, command=False, nothing_at="strength"),
                    text=f.text("text", blank=False))
    return t, f.integer("copies", lo=1)


def load_treasures(source: Traversable) -> tuple[TreasureDef, ...]:
    """Every Treasure token of a file: each kind repeated ``copies`` times, in file order."""
    kinds = [_treasure(f) for f in read(source, ("treasure",)).entries("treasure")]
    return tuple(t for t, copies in kinds for _ in range(copies))


# --- cached accessors -----------------------------------------------------------------------------

@cache
def card_defs(content: Source = CONTENT_DIR) -> tuple[CardDef, ...]:
    """Every card: cards.toml (starters, piles, cultist, center deck), then the champions."""
    cards = load_cards(content / CARDS_FILE)
    champions = load_champions(content / CHAMPIONS_FILE)
    taken = {c.id for c in cards}
    for c in champions:
        if c.id in taken:
            raise ContentError(CHAMPIONS_FILE, label("champion", c.id), "id",
                               f"the id is already used in {CARDS_FILE}")
    return cards + champions


@cache
def by_id(content: Source = CONTENT_DIR) -> dict[str, CardDef]:
    return {d.id: d for d in card_defs(content)}


@cache
def center_deck(content: Source = CONTENT_DIR) -> tuple[str, ...]:
    """The center deck as card ids, each repeated ``copies`` times, in file order (unshuffled)."""
    return tuple(d.id for d in card_defs(content) for _ in range(d.copies))


@cache
def starting_champions(content: Source = CONTENT_DIR) -> tuple[CardDef, ...]:
    return tuple(d for d in card_defs(content) if d.starting)


@cache
def gateways(content: Source = CONTENT_DIR) -> tuple[GatewayDef, ...]:
    return load_gateways(content / GATEWAYS_FILE)


@cache
def treasures(content: Source = CONTENT_DIR) -> tuple[TreasureDef, ...]:
    return load_treasures(content / TREASURES_FILE)
