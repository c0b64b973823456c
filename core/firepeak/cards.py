"""Firepeak content read from ``content/*.toml``; a wrong entry fails loudly at load time.

Creatures, Wizards and Spells are fixed for every game, so they are loaded once into
module-level tuples indexed by uid: ``CREATURES[uid]`` (60 creatures), ``SPELLS[uid]`` (one
entry per physical spell card, copies repeated) and ``WIZARDS[i]``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from core.content import ContentError, Fields, content_dir, content_file, read
from core.firepeak.pattern import CLANS

if TYPE_CHECKING:
    from core.content import Source

CONTENT = content_dir("core.firepeak")
CREATURE_FILE = content_file("core.firepeak", "creatures.toml")
SPELL_FILE = content_file("core.firepeak", "spells.toml")

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


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


@cache
def load_creatures(source: Source = CREATURE_FILE
                   ) -> tuple[tuple[ClanDef, ...], tuple[CreatureDef, ...], tuple[WizardDef, ...]]:
    """Clans, the 60 creatures (uid order: clan by clan as in the file) and the Wizards."""
    doc = read(source, ("clan", "wizard"))
    clans: list[ClanDef] = []
    creatures: list[CreatureDef] = []
    names: set[str] = set()
    for f in doc.entries("clan"):
        f.only({"id", "name", "power_text", "creatures"}, "for a clan")
        key = f.choice("id", CLANS)
        clans.append(ClanDef(key, f.text("name", blank=False),
                             f.text("power_text", blank=False)))
        for c in f.tables("creatures"):
            c.only({"name", "power"}, "for a creature")
            name = c.text("name", blank=False)
            if name in names:
                raise c.fail("name", "the same creature name is used twice")
            names.add(name)
            creatures.append(CreatureDef(len(creatures), _slug(name), name, key,
                                         c.integer("power", lo=1, hi=4)))
        powers = tuple(sorted((c.power for c in creatures if c.clan == key), reverse=True))
        if powers != POWERS_PER_CLAN:
            raise f.fail("creatures", f"a clan needs Powers {POWERS_PER_CLAN}, has {powers}")
    if tuple(sorted(c.key for c in clans)) != tuple(sorted(CLANS)):
        raise ContentError(doc.file, "", "clan", f"needs every clan of {CLANS} exactly once")
    wizards: list[WizardDef] = []
    for i, f in enumerate(doc.entries("wizard")):
        f.only({"id", "name", "clan", "text"}, "for a wizard")
        wizards.append(WizardDef(i, f.identifier("id"), f.text("name", blank=False),
                                 f.choice("clan", CLANS), f.text("text", blank=False)))
    if sorted(w.clan for w in wizards) != sorted(CLANS):
        raise ContentError(doc.file, "", "wizard", "needs one Wizard for each clan")
    return tuple(clans), tuple(creatures), tuple(wizards)


COMPONENT_CLANS = ("wizard", *CLANS)


def _component(f: Fields) -> Component:
    f.only({"count", "clan", "min_power", "max_power", "same_clan"}, "for a component")
    comp = Component(
        count=f.integer("count", 1, lo=1, hi=2),
        clan=f.choice("clan", COMPONENT_CLANS, ""),
        min_power=f.integer("min_power", 0, lo=0, hi=4),
        max_power=f.integer("max_power", 99, lo=1, hi=99),
        same_clan=f.flag("same_clan", False),
    )
    if comp.same_clan and comp.count < 2:
        raise f.fail("same_clan", "needs a count of 2")
    if comp.min_power > comp.max_power:
        raise f.fail("min_power", "is above max_power")
    return comp


def _ops(f: Fields, kind: str) -> tuple[Op, ...]:
    vocab = INSTANT_OPS if kind == "instant" else MOD_OPS
    items = f.tables("effect")
    if not items:
        raise f.fail("effect", "must list at least one operation")
    ops = []
    for o in items:
        name = o.text("op")
        if name not in vocab:
            article = "an" if kind[0] in "aeiou" else "a"
            raise o.fail("op", f'"{name}" is not allowed on {article} {kind} spell '
                               f"(allowed: {', '.join(vocab)})")
        o.only({"op"} | vocab[name], f'for op "{name}"')
        if name == "extra_action":
            action = o.choice("action", EXTRA_ACTIONS)
        elif name == "roll_bonus":
            action = o.choice("action", ROLL_ACTIONS)
        else:
            action = ""
        n = o.integer("n", 0, lo=-3, hi=6)
        if name in ("extra_action", "draw_spells", "bind") and n < 1:
            raise o.fail("n", f'op "{name}" needs a positive n')
        ops.append(Op(name, n, action, o.choice("clan", COMPONENT_CLANS, ""),
                      o.integer("tier", 0, lo=0, hi=3)))
    return tuple(ops)


SPELL_FIELDS = ("id", "name", "type", "target", "copies", "component", "text", "effect")


def _spell(f: Fields) -> SpellDef:
    f.only(SPELL_FIELDS, "for a spell")
    kind = f.choice("type", SPELL_TYPES)
    needs_target = kind in ("aura", "enchantment")
    if needs_target != ("target" in f):
        raise f.fail("target", "is required on auras and enchantments only")
    ops = _ops(f, kind)
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
        raise f.fail("effect", 'at most one "power" op per spell')
    if kind == "aura" and any(op.name not in ("power", "defend") for op in ops):
        raise f.fail("effect", "an aura may only change Power or Capture defence")
    return SpellDef(
        key=f.identifier("id"),
        name=f.text("name", blank=False),
        type=kind,
        target=f.choice("target", TARGETS, "own"),
        copies=f.integer("copies", lo=1, hi=6),
        component=_component(f.table("component", {})),
        text=f.text("text", blank=False),
        ops=ops,
        **mods,
    )


@cache
def spell_defs(source: Source = SPELL_FILE) -> tuple[SpellDef, ...]:
    """Every distinct spell, in file order."""
    return tuple(_spell(f) for f in read(source, ("spell",)).entries("spell"))


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
