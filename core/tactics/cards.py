"""Tactics card, champion, Gateway and Treasure definitions, read from ``content/*.toml``.

Every file is checked strictly when it is read: an unknown operation, field, faction or keyword,
a wrong type, a missing number or a reused id raises ``ContentError`` naming the file, the entry
and the field — a typo in content must never reach a game as a silently ignored effect.

Each public accessor takes the content directory (default: the package's ``content``) so tests
can load a broken copy from a temporary directory; results are cached per directory.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

CONTENT_DIR = Path(__file__).with_name("content")
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

_ID = re.compile(r"[a-z][a-z0-9_]*")


class ContentError(ValueError):
    """A content entry that cannot be used; says which file, entry and field are wrong."""

    def __init__(self, file: str, entry: str, field_name: str, message: str) -> None:
        self.file = file
        self.entry = entry
        self.field = field_name
        where = f"{file}: {entry}" + (f": field {field_name!r}" if field_name else "")
        super().__init__(f"{where}: {message}")


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

class _Where:
    """The file and entry being read, to build errors that point at the right place."""

    def __init__(self, file: str, entry: str, prefix: str = "") -> None:
        self.file = file
        self.entry = entry
        self.prefix = prefix  # e.g. "bonus." while reading a nested table

    def sub(self, prefix: str) -> _Where:
        return _Where(self.file, self.entry, self.prefix + prefix)

    def fail(self, field_name: str, message: str) -> ContentError:
        return ContentError(self.file, self.entry, self.prefix + field_name, message)


def _is_int(v: object) -> bool:
    return type(v) is int  # bool is an int subclass; True must not pass as 1


def _int(w: _Where, raw: dict[str, Any], key: str, default: int | None = None,
         minimum: int | None = 0) -> int:
    if key not in raw:
        if default is None:
            raise w.fail(key, "missing number")
        return default
    v = raw[key]
    if not _is_int(v):
        raise w.fail(key, f"must be an integer, not {type(v).__name__}")
    if minimum is not None and v < minimum:
        raise w.fail(key, f"must be at least {minimum}, not {v}")
    return v


def _str(w: _Where, raw: dict[str, Any], key: str, default: str | None = None) -> str:
    if key not in raw:
        if default is None:
            raise w.fail(key, "missing text")
        return default
    v = raw[key]
    if not isinstance(v, str):
        raise w.fail(key, f"must be a string, not {type(v).__name__}")
    return v


def _text(w: _Where, raw: dict[str, Any], key: str) -> str:
    v = _str(w, raw, key)
    if not v.strip():
        raise w.fail(key, "must not be empty")
    return v


def _keywords(w: _Where, v: object, key: str) -> frozenset[str]:
    if not isinstance(v, list) or not all(isinstance(k, str) for k in v):
        raise w.fail(key, "must be a list of keyword strings")
    for k in v:
        if k not in KEYWORDS:
            raise w.fail(key, f"unknown keyword {k!r} (known: {', '.join(KEYWORDS)})")
    return frozenset(v)


def _faction(w: _Where, raw: dict[str, Any], key: str) -> str:
    v = _str(w, raw, key)
    if v not in FACTIONS:
        raise w.fail(key, f"unknown faction {v!r} (known: {', '.join(FACTIONS)})")
    return v


def _check_fields(w: _Where, raw: dict[str, Any], allowed: Iterable[str], what: str) -> None:
    extra = sorted(set(raw) - set(allowed))
    if extra:
        raise w.fail(extra[0], f"unknown field for {what}")


def _ops(w: _Where, raw: object, key: str, slay: bool = False) -> tuple[Op, ...]:
    """Parse a list of op tables found under ``key`` (used as the field path in errors)."""
    if not isinstance(raw, list):
        raise w.fail(key, "an effect must be a list of operations")
    return tuple(_op(w, item, f"{key}[{i}]", slay) for i, item in enumerate(raw))


def _op(w: _Where, item: object, at: str, slay: bool) -> Op:
    if not isinstance(item, dict):
        raise w.fail(at, "each operation must be a table like {op = \"runes\", n = 1}")
    name = item.get("op")
    if not isinstance(name, str):
        raise w.fail(f"{at}.op", "missing op name")
    if name not in VOCABULARY:
        raise w.fail(f"{at}.op", f"unknown op {name!r}")
    allowed = VOCABULARY[name]
    extra = sorted(set(item) - {"op"} - allowed)
    if extra:
        raise w.fail(f"{at}.{extra[0]}", f"op {name!r} takes no field {extra[0]!r}")
    missing = sorted(_REQUIRED.get(name, frozenset()) - set(item))
    if missing:
        raise w.fail(f"{at}.{missing[0]}", f"op {name!r} needs {missing[0]!r}")
    if name in _SLAY_ONLY and not slay:
        raise w.fail(f"{at}.op", f"op {name!r} only works in a slay effect")

    values: dict[str, object] = dict(_DEFAULTS.get(name, {}))
    options: tuple[tuple[Op, ...], ...] = ()
    for key in sorted(set(item) - {"op"}):
        v = item[key]
        path = f"{at}.{key}"
        if key == "options":
            if not isinstance(v, list) or len(v) < 2:
                raise w.fail(path, "'choose' needs a list of two or more options")
            options = tuple(_ops(w, o, f"{path}[{i}]", slay) for i, o in enumerate(v))
            if any(not o for o in options):
                raise w.fail(path, "an option must contain at least one operation")
        elif key == "keywords":
            values[key] = tuple(sorted(_keywords(w, v, path)))
        elif key == "optional":
            if not isinstance(v, bool):
                raise w.fail(path, f"must be true or false, not {type(v).__name__}")
            values[key] = v
        elif key in ("from", "target", "to", "token", "kind"):
            if not isinstance(v, str):
                raise w.fail(path, f"must be a string, not {type(v).__name__}")
            choices = _OP_CHOICES.get((name, key), _CHOICES.get(key, ()))
            if v not in choices:
                raise w.fail(path, f"must be one of {', '.join(choices)}, not {v!r}")
            values[key] = v
        else:  # every other field is a count, a distance or a limit
            if not _is_int(v):
                raise w.fail(path, f"must be an integer, not {type(v).__name__}")
            low = 0 if (name, key) in _ZERO_OK else 1
            if v < low:
                raise w.fail(path, f"must be at least {low}, not {v}")
            values[key] = v

    if name == "buff":
        if values["target"] == "self" and not slay:
            raise w.fail(f"{at}.target", "'self' only works in a slay effect")
        if not (values["strength"] or values["defense"] or values["speed"] or values["keywords"]):
            raise w.fail(at, "a buff must change something")
    n = values.pop("n", 0)
    assert isinstance(n, int)
    return Op(op=name, n=n, args=tuple(sorted(values.items())), options=options)


def _stats(w: _Where, raw: object, key: str, command: bool) -> Stats:
    """A Stats table (``key`` names it in errors; "" when its fields sit at the entry's top
    level); ``command`` allows a command-cost change, which may be negative."""
    label = key or "strength"
    if not isinstance(raw, dict):
        raise w.fail(label, "must be a table like {strength = 1, keywords = [\"ranged\"]}")
    sub = w.sub(f"{key}.") if key else w
    allowed = {"strength", "defense", "speed", "keywords"} | ({"command"} if command else set())
    extra = sorted(set(raw) - allowed)
    if extra:
        raise sub.fail(extra[0], "unknown field")
    stats = Stats(
        strength=_int(sub, raw, "strength", 0),
        defense=_int(sub, raw, "defense", 0),
        speed=_int(sub, raw, "speed", 0),
        command=_int(sub, raw, "command", 0, minimum=None),
        keywords=_keywords(sub, raw.get("keywords", []), "keywords"),
    )
    if stats == Stats():
        raise w.fail(label, "gives nothing")
    return stats


def _read(path: Path, table: str) -> list[dict[str, Any]]:
    """The ``[[table]]`` entries of a TOML file; anything else at top level is an error."""
    w = _Where(path.name, "file")
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except FileNotFoundError:
        raise w.fail("", "file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise w.fail("", f"not valid TOML ({exc})") from None
    extra = sorted(set(data) - {table})
    if extra:
        raise w.fail(extra[0], f"unknown top-level table (expected [[{table}]])")
    entries = data.get(table, [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise w.fail(table, f"must be written as [[{table}]] tables")
    return entries


def _entry(path: Path, label: str, raw: dict[str, Any], index: int) -> _Where:
    ident = raw.get("id")
    shown = repr(ident) if isinstance(ident, str) else f"#{index}"
    w = _Where(path.name, f"{label} {shown}")
    if not isinstance(ident, str):
        raise w.fail("id", "missing id" if ident is None else "must be a string")
    if not _ID.fullmatch(ident):
        raise w.fail("id", "must be lower_snake_case")
    return w


def _no_duplicates(path: Path, label: str, ids: Iterable[str]) -> None:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            raise ContentError(path.name, f"{label} {i!r}", "id", "the same id is used twice")
        seen.add(i)


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


def _unit_stats(w: _Where, raw: dict[str, Any]) -> dict[str, Any]:
    return {
        "strength": _int(w, raw, "strength"),
        "defense": _int(w, raw, "defense", minimum=1),
        "command": _int(w, raw, "command"),
        "speed": _int(w, raw, "speed", DEFAULT_SPEED, minimum=1),
        "keywords": _keywords(w, raw.get("keywords", []), "keywords"),
        "figures": _int(w, raw, "figures", 1, minimum=1),
    }


def _card(path: Path, raw: dict[str, Any], index: int) -> CardDef:
    w = _entry(path, "card", raw, index)
    kind = _str(w, raw, "kind")
    if kind not in KINDS:
        raise w.fail("kind", f"must be one of {', '.join(KINDS)}, not {kind!r}")
    _check_fields(w, raw, _CARD_FIELDS[kind], f"a {kind}")
    center = kind in CENTER_KINDS
    faction = _faction(w, raw, "faction") if center else ""
    copies = _int(w, raw, "copies", None if center else 0, minimum=1 if center else 0)
    if not center and copies:
        raise w.fail("copies", f"a {kind} is not in the center deck: copies must be 0")
    parts: dict[str, Any] = {}
    if kind in UNIT_KINDS:
        parts = _unit_stats(w, raw)
    if kind in ("hero", "construct", "champion", "pile"):
        parts["cost"] = _int(w, raw, "cost", minimum=1)
    elif kind == "monster":
        parts["power_cost"] = _int(w, raw, "power_cost", minimum=1)
    effect = _ops(w, raw.get("effect", []), "effect")
    if kind in ("starter", "pile", "hero") and not effect:
        raise w.fail("effect", f"a {kind} needs an effect")
    allegiance = _ops(w, raw.get("allegiance", []), "allegiance")
    if "allegiance_faction" in raw and not allegiance:
        raise w.fail("allegiance_faction", "only used together with 'allegiance'")
    ally = _faction(w, raw, "allegiance_faction") if "allegiance_faction" in raw else faction
    slay = _ops(w, raw.get("slay", []), "slay", slay=True)
    if kind == "construct":
        parts["bonus"] = (_stats(w, raw["bonus"], "bonus", command=True)
                          if "bonus" in raw else Stats())
        if parts["bonus"] == Stats() and not slay and not effect:
            raise w.fail("bonus", "a construct must give its champion something")
    return CardDef(
        id=raw["id"],
        name=_text(w, raw, "name"),
        kind=kind,
        faction=faction,
        copies=copies,
        starting=False,
        text=_text(w, raw, "text"),
        effect=effect,
        allegiance=allegiance,
        allegiance_faction=ally,
        ambush=_ops(w, raw.get("ambush", []), "ambush"),
        slay=slay,
        **parts,
    )


def load_cards(path: Path) -> tuple[CardDef, ...]:
    """Every ``[[card]]`` of a cards file, in file order (not cached)."""
    entries = _read(path, "card")
    defs = tuple(_card(path, raw, i) for i, raw in enumerate(entries))
    _no_duplicates(path, "card", (d.id for d in defs))
    return defs


# --- champions.toml ---------------------------------------------------------------------------

def _champion(path: Path, raw: dict[str, Any], index: int) -> CardDef:
    w = _entry(path, "champion", raw, index)
    _check_fields(w, raw, _CHAMPION_FIELDS, "a starting champion")
    faction = _faction(w, raw, "faction")
    return CardDef(
        id=raw["id"],
        name=_text(w, raw, "name"),
        kind="champion",
        faction=faction,
        starting=True,
        text=_text(w, raw, "text"),
        allegiance_faction=faction,
        slay=_ops(w, raw.get("slay", []), "slay", slay=True),
        **_unit_stats(w, raw),
    )


def load_champions(path: Path) -> tuple[CardDef, ...]:
    """Every ``[[champion]]`` (the blue-back starting champions) of a file, in file order."""
    entries = _read(path, "champion")
    defs = tuple(_champion(path, raw, i) for i, raw in enumerate(entries))
    _no_duplicates(path, "champion", (d.id for d in defs))
    return defs


# --- gateways.toml ----------------------------------------------------------------------------

def _gateway(path: Path, raw: dict[str, Any], index: int) -> GatewayDef:
    slot = raw.get("slot")
    w = _Where(path.name, f"gateway {slot!r}" if _is_int(slot) else f"gateway #{index}")
    _check_fields(w, raw, {"slot", "name", "power", "first_turn", "text", "team_first_turn",
                           "team_text"}, "a gateway")
    slot = _int(w, raw, "slot", minimum=1)
    if slot > 4:
        raise w.fail("slot", f"must be 1 to 4, not {slot}")
    first_turn = _ops(w, raw.get("first_turn", []), "first_turn")
    if slot == 1 and first_turn:
        raise w.fail("first_turn", "the first Gateway gets no first-turn bonus")
    team_first_turn = _ops(w, raw.get("team_first_turn", []), "team_first_turn")
    if slot % 2 and team_first_turn:
        raise w.fail("team_first_turn", "Team 1 (slots 1 and 3) moves first: no first-turn bonus")
    return GatewayDef(slot=slot, name=_text(w, raw, "name"), power=_int(w, raw, "power"),
                      first_turn=first_turn, text=_text(w, raw, "text"),
                      team_first_turn=team_first_turn, team_text=_text(w, raw, "team_text"))


def load_gateways(path: Path) -> tuple[GatewayDef, ...]:
    """The Gateways of a file, ordered by slot; each slot 1..n appears exactly once."""
    entries = _read(path, "gateway")
    defs = sorted((_gateway(path, raw, i) for i, raw in enumerate(entries)),
                  key=lambda g: g.slot)
    for expected, g in enumerate(defs, start=1):
        if g.slot != expected:
            raise ContentError(path.name, f"gateway {g.slot}", "slot",
                               f"slots must be 1, 2, ... without gaps or repeats "
                               f"(expected {expected})")
    return tuple(defs)


# --- treasures.toml ---------------------------------------------------------------------------

def _treasure(path: Path, raw: dict[str, Any], index: int) -> tuple[TreasureDef, int]:
    w = _entry(path, "treasure", raw, index)
    _check_fields(w, raw, {"id", "name", "copies", "text", "strength", "defense", "speed",
                           "keywords"}, "a treasure")
    stats = _stats(w, {k: raw[k] for k in ("strength", "defense", "speed", "keywords")
                       if k in raw}, "", command=False)
    t = TreasureDef(id=raw["id"], name=_text(w, raw, "name"), stats=stats,
                    text=_text(w, raw, "text"))
    return t, _int(w, raw, "copies", minimum=1)


def load_treasures(path: Path) -> tuple[TreasureDef, ...]:
    """Every Treasure token of a file: each kind repeated ``copies`` times, in file order."""
    entries = _read(path, "treasure")
    kinds = [_treasure(path, raw, i) for i, raw in enumerate(entries)]
    _no_duplicates(path, "treasure", (t.id for t, _ in kinds))
    return tuple(t for t, copies in kinds for _ in range(copies))


# --- cached accessors -----------------------------------------------------------------------------

@cache
def card_defs(content: Path = CONTENT_DIR) -> tuple[CardDef, ...]:
    """Every card: cards.toml (starters, piles, cultist, center deck), then the champions."""
    cards = load_cards(content / CARDS_FILE)
    champions = load_champions(content / CHAMPIONS_FILE)
    taken = {c.id for c in cards}
    for c in champions:
        if c.id in taken:
            raise ContentError(CHAMPIONS_FILE, f"champion {c.id!r}", "id",
                               f"the id is already used in {CARDS_FILE}")
    return cards + champions


@cache
def by_id(content: Path = CONTENT_DIR) -> dict[str, CardDef]:
    return {d.id: d for d in card_defs(content)}


@cache
def center_deck(content: Path = CONTENT_DIR) -> tuple[str, ...]:
    """The center deck as card ids, each repeated ``copies`` times, in file order (unshuffled)."""
    return tuple(d.id for d in card_defs(content) for _ in range(d.copies))


@cache
def starting_champions(content: Path = CONTENT_DIR) -> tuple[CardDef, ...]:
    return tuple(d for d in card_defs(content) if d.starting)


@cache
def gateways(content: Path = CONTENT_DIR) -> tuple[GatewayDef, ...]:
    return load_gateways(content / GATEWAYS_FILE)


@cache
def treasures(content: Path = CONTENT_DIR) -> tuple[TreasureDef, ...]:
    return load_treasures(content / TREASURES_FILE)
