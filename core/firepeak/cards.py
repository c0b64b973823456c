"""Firepeak content read from ``content/*.toml``; a wrong entry fails loudly at load time.

Creatures, Wizards and Spells are fixed for every game, so they are loaded once into
module-level tuples indexed by uid: ``CREATURES[uid]`` (60 creatures), ``SPELLS[uid]`` (one
entry per physical spell card, copies repeated) and ``WIZARDS[i]``.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from core.firepeak.pattern import CLANS

CONTENT = Path(__file__).with_name("content")
CREATURE_FILE = CONTENT / "creatures.toml"
SPELL_FILE = CONTENT / "spells.toml"

POWERS_PER_CLAN = (4, 4, 3, 3, 3, 2, 2, 2, 1, 1)
SPELL_TYPES = ("instant", "aura", "enchantment", "circle")
TARGETS = ("own", "opponent", "any")
# Actions a spell may grant as extras (``move`` stands for Move or Swap).
EXTRA_ACTIONS = ("capture", "brainwash", "rescue", "move", "recruit", "any")
ROLL_ACTIONS = ("capture", "brainwash", "rescue")

# op name -> fields it accepts besides ``op``.
INSTANT_OPS: dict[str, set[str]] = {
    "extra_action": {"action", "n"},
    "roll_bonus": {"action", "n"},
    "draw_spells": {"n"},
    "purge_dungeon": set(),
    "raid_dungeon": set(),
    "dispel": set(),
    "salvage": set(),
    "tremor": set(),
    "unseat": set(),
    "filch": set(),
    "bind": {"n"},
}
MOD_OPS: dict[str, set[str]] = {
    "power": {"n", "clan", "tier"},
    "attack": {"n"},
    "defend": {"n"},
    "rescue": {"n"},
    "guard": {"n"},
    "brainwash": {"n"},
    "research": {"n"},
    "ward": set(),
}


class ContentError(ValueError):
    """A content entry that cannot be used; the message names file, card and field."""


@dataclass(frozen=True, slots=True)
class ClanDef:
    key: str
    name: str
    power_text: str


@dataclass(frozen=True, slots=True)
class CreatureDef:
    uid: int
    key: str
    name: str
    clan: str
    power: int


@dataclass(frozen=True, slots=True)
class WizardDef:
    index: int
    key: str
    name: str
    clan: str
    text: str


@dataclass(frozen=True, slots=True)
class Component:
    """What a spell costs from the caster's Dungeon."""

    count: int = 1
    clan: str = ""  # a clan id, "wizard" for the caster's Wizard's clan, or "" for any
    min_power: int = 0
    max_power: int = 99
    same_clan: bool = False


@dataclass(frozen=True, slots=True)
class Op:
    name: str
    n: int = 0
    action: str = ""
    clan: str = ""
    tier: int = 0


@dataclass(frozen=True, slots=True)
class SpellDef:
    """A spell's printed face. The modifier fields sum the spell's persistent ops so the
    engine's hot path (Power of a creature) reads plain ints."""

    key: str
    name: str
    type: str
    target: str
    copies: int
    component: Component
    text: str
    ops: tuple[Op, ...]
    power: int = 0
    power_clan: str = ""
    power_tier: int = 0
    attack: int = 0
    defend: int = 0
    rescue: int = 0
    guard: int = 0
    brainwash: int = 0
    research: int = 0
    ward: bool = False

    @property
    def persistent(self) -> bool:
        return self.type != "instant"


def _fail(path: Path, where: str, msg: str) -> ContentError:
    return ContentError(f"{path.name}: {where}: {msg}")


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def _load(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path.name}: not valid TOML: {exc}") from None


def _int(path: Path, where: str, raw: dict[str, Any], key: str, default: int | None = None,
         lo: int = -99, hi: int = 99) -> int:
    if key not in raw:
        if default is None:
            raise _fail(path, where, f"missing field {key!r}")
        return default
    v = raw[key]
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise _fail(path, where, f"field {key!r} must be an integer in {lo}..{hi}, not {v!r}")
    return v


def _str(path: Path, where: str, raw: dict[str, Any], key: str, default: str | None = None,
         allowed: tuple[str, ...] | None = None) -> str:
    if key not in raw:
        if default is None:
            raise _fail(path, where, f"missing field {key!r}")
        return default
    v = raw[key]
    if not isinstance(v, str) or (allowed is not None and v not in allowed):
        want = f"one of {allowed}" if allowed else "a string"
        raise _fail(path, where, f"field {key!r} must be {want}, not {v!r}")
    return v


@cache
def load_creatures() -> tuple[tuple[ClanDef, ...], tuple[CreatureDef, ...], tuple[WizardDef, ...]]:
    """Clans, the 60 creatures (uid order: clan by clan as in the file) and the Wizards."""
    path = CREATURE_FILE
    data = _load(path)
    clans: list[ClanDef] = []
    creatures: list[CreatureDef] = []
    names: set[str] = set()
    for i, raw in enumerate(data.get("clan", [])):
        where = f"clan {raw.get('id', i)!r}"
        key = _str(path, where, raw, "id", allowed=CLANS)
        clans.append(ClanDef(key, _str(path, where, raw, "name"),
                             _str(path, where, raw, "power_text")))
        members = raw.get("creatures")
        if not isinstance(members, list):
            raise _fail(path, where, "field 'creatures' must be a list of tables")
        for j, c in enumerate(members):
            cw = f"{where} creature {c.get('name', j)!r}" if isinstance(c, dict) else where
            if not isinstance(c, dict):
                raise _fail(path, cw, "each creature is a table with name and power")
            extra = set(c) - {"name", "power"}
            if extra:
                raise _fail(path, cw, f"unknown field {sorted(extra)[0]!r}")
            name = _str(path, cw, c, "name")
            if name in names:
                raise _fail(path, cw, "the same creature name is used twice")
            names.add(name)
            creatures.append(CreatureDef(len(creatures), _slug(name), name, key,
                                         _int(path, cw, c, "power", lo=1, hi=4)))
        powers = tuple(sorted((c.power for c in creatures if c.clan == key), reverse=True))
        if powers != POWERS_PER_CLAN:
            raise _fail(path, where, f"a clan needs Powers {POWERS_PER_CLAN}, has {powers}")
    if tuple(sorted(c.key for c in clans)) != tuple(sorted(CLANS)):
        raise _fail(path, "clans", f"every clan of {CLANS} exactly once")
    wizards: list[WizardDef] = []
    for i, raw in enumerate(data.get("wizard", [])):
        where = f"wizard {raw.get('id', i)!r}"
        wizards.append(WizardDef(i, _str(path, where, raw, "id"), _str(path, where, raw, "name"),
                                 _str(path, where, raw, "clan", allowed=CLANS),
                                 _str(path, where, raw, "text")))
    if sorted(w.clan for w in wizards) != sorted(CLANS):
        raise _fail(path, "wizards", "one Wizard for each clan")
    return tuple(clans), tuple(creatures), tuple(wizards)


def _component(path: Path, where: str, raw: Any) -> Component:
    where = f"{where} component"
    if not isinstance(raw, dict):
        raise _fail(path, where, "must be a table")
    extra = set(raw) - {"count", "clan", "min_power", "max_power", "same_clan"}
    if extra:
        raise _fail(path, where, f"unknown field {sorted(extra)[0]!r}")
    same = raw.get("same_clan", False)
    if not isinstance(same, bool):
        raise _fail(path, where, "field 'same_clan' must be true or false")
    comp = Component(
        count=_int(path, where, raw, "count", 1, 1, 2),
        clan=_str(path, where, raw, "clan", "", ("", "wizard", *CLANS)),
        min_power=_int(path, where, raw, "min_power", 0, 0, 4),
        max_power=_int(path, where, raw, "max_power", 99, 1, 99),
        same_clan=same,
    )
    if comp.same_clan and comp.count < 2:
        raise _fail(path, where, "'same_clan' needs a count of 2")
    if comp.min_power > comp.max_power:
        raise _fail(path, where, "min_power is above max_power")
    return comp


def _ops(path: Path, where: str, raw: Any, kind: str) -> tuple[Op, ...]:
    vocab = INSTANT_OPS if kind == "instant" else MOD_OPS
    if not isinstance(raw, list) or not raw:
        raise _fail(path, where, "field 'effect' must be a non-empty list of operations")
    ops = []
    for i, item in enumerate(raw):
        at = f"{where} effect[{i}]"
        if not isinstance(item, dict) or not isinstance(item.get("op"), str):
            raise _fail(path, at, "each operation is a table with an 'op' name")
        name = item["op"]
        if name not in vocab:
            raise _fail(path, at, f"op {name!r} is not allowed on a {kind} spell")
        extra = set(item) - {"op"} - vocab[name]
        if extra:
            raise _fail(path, at, f"op {name!r} takes no field {sorted(extra)[0]!r}")
        action = _str(path, at, item, "action", "")
        if name == "extra_action" and action not in EXTRA_ACTIONS:
            raise _fail(path, at, f"field 'action' must be one of {EXTRA_ACTIONS}")
        if name == "roll_bonus" and action not in ROLL_ACTIONS:
            raise _fail(path, at, f"field 'action' must be one of {ROLL_ACTIONS}")
        n = _int(path, at, item, "n", 0, -3, 6)
        if name in ("extra_action", "draw_spells", "bind") and n < 1:
            raise _fail(path, at, f"op {name!r} needs a positive 'n'")
        ops.append(Op(name, n, action, _str(path, at, item, "clan", "", ("", "wizard", *CLANS)),
                      _int(path, at, item, "tier", 0, 0, 3)))
    return tuple(ops)


def _spell(path: Path, raw: dict[str, Any], index: int) -> SpellDef:
    where = f"spell {raw.get('id', index)!r}"
    known = {"id", "name", "type", "target", "copies", "component", "text", "effect"}
    extra = set(raw) - known
    if extra:
        raise _fail(path, where, f"unknown field {sorted(extra)[0]!r}")
    kind = _str(path, where, raw, "type", allowed=SPELL_TYPES)
    needs_target = kind in ("aura", "enchantment")
    if needs_target != ("target" in raw):
        raise _fail(path, where, "field 'target' is required on auras and enchantments only")
    ops = _ops(path, where, raw.get("effect"), kind)
    mods: dict[str, Any] = {}
    for op in ops:
        if op.name == "ward":
            mods["ward"] = True
        elif op.name == "power":
            mods["power"] = mods.get("power", 0) + op.n
            mods["power_clan"], mods["power_tier"] = op.clan, op.tier
        elif kind != "instant":
            mods[op.name] = mods.get(op.name, 0) + op.n
    if sum(op.name == "power" for op in ops) > 1:
        raise _fail(path, where, "at most one 'power' op per spell")
    if kind == "aura" and any(op.name not in ("power", "defend") for op in ops):
        raise _fail(path, where, "an aura may only change Power or Capture defence")
    return SpellDef(
        key=_str(path, where, raw, "id"),
        name=_str(path, where, raw, "name"),
        type=kind,
        target=_str(path, where, raw, "target", "own", TARGETS),
        copies=_int(path, where, raw, "copies", lo=1, hi=6),
        component=_component(path, where, raw.get("component", {})),
        text=_str(path, where, raw, "text"),
        ops=ops,
        **mods,
    )


@cache
def spell_defs() -> tuple[SpellDef, ...]:
    """Every distinct spell, in file order."""
    data = _load(SPELL_FILE)
    defs = tuple(_spell(SPELL_FILE, raw, i) for i, raw in enumerate(data.get("spell", [])))
    keys = [d.key for d in defs]
    dup = sorted({k for k in keys if keys.count(k) > 1})
    if dup:
        raise _fail(SPELL_FILE, f"spell {dup[0]!r}", "the same id is used twice")
    return defs


CLAN_DEFS, CREATURES, WIZARDS = load_creatures()
SPELL_DEFS = spell_defs()
SPELLS: tuple[SpellDef, ...] = tuple(d for d in SPELL_DEFS for _ in range(d.copies))
SPELL_BY_KEY = {d.key: d for d in SPELL_DEFS}
CLAN_NAMES = {c.key: c.name for c in CLAN_DEFS}
# Hot-path lookups by creature uid.
CLAN_OF: tuple[str, ...] = tuple(c.clan for c in CREATURES)
BASE_POWER: tuple[int, ...] = tuple(c.power for c in CREATURES)
N_CREATURES = len(CREATURES)
N_SPELLS = len(SPELLS)
