"""Card definitions read from ``content/cards.toml``; a wrong entry fails loudly at load time."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

CONTENT = Path(__file__).with_name("content") / "cards.toml"

FACTIONS = ("enlightened", "lifebound", "mechana", "void")
KINDS = ("hero", "construct", "monster")
ROLES = ("center", "starter", "pile", "cultist")
TRIGGER_EVENTS = ("play_hero", "construct_enters", "acquire_construct", "defeat_monster")
PASSIVES = ("", "all_mechana", "unbanishable")
EDITIONS = (1, 2)


class ContentError(ValueError):
    """A content file entry that cannot be used; the message names file, card and field."""


@dataclass(frozen=True, slots=True)
class Op:
    """One step of an effect: ``name`` from the effect vocabulary with its parameters."""

    name: str
    n: int = 0
    faction: str = ""
    zone: str = ""
    then: tuple[Op, ...] = ()
    options: tuple[tuple[Op, ...], ...] = ()
    labels: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Ability:
    """A construct's once-per-turn activated ability."""

    label: str
    effect: tuple[Op, ...]
    pay_runes: int = 0
    banish_self: bool = False


@dataclass(frozen=True, slots=True)
class Trigger:
    """A construct's once-per-turn reaction to an event of its owner's turn."""

    on: str
    effect: tuple[Op, ...]
    faction: str = ""


@dataclass(frozen=True, slots=True)
class CardDef:
    """Everything printed on a card, for one edition."""

    key: str
    name: str
    kind: str
    faction: str
    cost: int
    power: int
    honor: int
    copies: int
    role: str
    text: str
    effect: tuple[Op, ...]
    abilities: tuple[Ability, ...]
    triggers: tuple[Trigger, ...]
    passive: str

    @property
    def reward_honor(self) -> int:
        """Honor a monster gives when defeated (its first ``honor`` op)."""
        return sum(op.n for op in self.effect if op.name == "honor")


OP_FIELDS: dict[str, set[str]] = {
    "runes": {"n"},
    "power": {"n"},
    "honor": {"n"},
    "draw": {"n"},
    "mechana_runes": {"n"},
    "choose": {"options", "labels"},
    "banish_center": set(),
    "banish_hand_or_discard": set(),
    "banish_hand": set(),
    "banish_discard": set(),
    "discard_to_draw": {"n"},
    "defeat_free": {"n"},
    "acquire_hero_free": {"n"},
    "copy_hero": set(),
    "with_other_hero": {"faction", "then"},
    "if_constructs": {"n", "then"},
    "honor_per_construct_faction": set(),
    "construct_discount": {"n"},
    "opponents_destroy_construct": set(),
    "opponents_keep_one_construct": set(),
    "steal_random_card": set(),
    "acquire_or_defeat_free": set(),
    "extra_turn": set(),
    "power_per_mechana_construct": set(),
    "acquired_to": {"zone"},
}


def _fail(where: str, msg: str) -> ContentError:
    return ContentError(f"{CONTENT.name}: {where}: {msg}")


def _ops(raw: Any, where: str) -> tuple[Op, ...]:
    if not isinstance(raw, list):
        raise _fail(where, "an effect must be a list of operations")
    ops = []
    for i, item in enumerate(raw):
        at = f"{where}[{i}]"
        if not isinstance(item, dict) or not isinstance(item.get("op"), str):
            raise _fail(at, "each operation is a table with an 'op' name")
        name = item["op"]
        if name not in OP_FIELDS:
            raise _fail(at, f"unknown op {name!r}")
        extra = set(item) - {"op"} - OP_FIELDS[name]
        if extra:
            raise _fail(at, f"op {name!r} takes no field {sorted(extra)[0]!r}")
        n = item.get("n", 0)
        if not isinstance(n, int) or n < 0:
            raise _fail(at, "field 'n' must be a non-negative integer")
        faction = item.get("faction", "")
        if faction and faction not in FACTIONS:
            raise _fail(at, f"unknown faction {faction!r}")
        options = tuple(_ops(o, f"{at}.options") for o in item.get("options", []))
        labels = tuple(item.get("labels", []))
        if name == "choose" and (len(options) < 2 or len(labels) != len(options)):
            raise _fail(at, "'choose' needs two or more options and one label each")
        ops.append(
            Op(
                name=name,
                n=n,
                faction=faction,
                zone=item.get("zone", ""),
                then=_ops(item.get("then", []), f"{at}.then"),
                options=options,
                labels=labels,
            )
        )
    return tuple(ops)


def _card(raw: dict[str, Any], edition: int, index: int) -> CardDef:
    where = f"card {raw.get('id', index)!r}"
    fields = dict(raw)
    override = fields.pop("edition2", {})
    if edition == 2:
        fields.update(override)
    try:
        kind = fields["type"]
        if kind not in KINDS:
            raise _fail(where, f"field 'type' must be one of {KINDS}, not {kind!r}")
        faction = fields.get("faction", "")
        if faction and faction not in FACTIONS:
            raise _fail(where, f"field 'faction': unknown faction {faction!r}")
        role = fields.get("role", "center")
        if role not in ROLES:
            raise _fail(where, f"field 'role' must be one of {ROLES}")
        passive = fields.get("passive", "")
        if passive not in PASSIVES:
            raise _fail(where, f"field 'passive': unknown passive {passive!r}")
        abilities = tuple(
            Ability(
                label=str(a["label"]),
                effect=_ops(a["effect"], f"{where}.abilities[{i}].effect"),
                pay_runes=int(a.get("pay_runes", 0)),
                banish_self=bool(a.get("banish_self", False)),
            )
            for i, a in enumerate(fields.get("abilities", []))
        )
        triggers = []
        for i, t in enumerate(fields.get("triggers", [])):
            if t["on"] not in TRIGGER_EVENTS:
                raise _fail(where, f"triggers[{i}]: unknown event {t['on']!r}")
            triggers.append(
                Trigger(
                    on=t["on"],
                    effect=_ops(t["effect"], f"{where}.triggers[{i}].effect"),
                    faction=t.get("faction", ""),
                )
            )
        if kind != "construct" and (abilities or triggers):
            raise _fail(where, "only constructs have abilities or triggers")
        card = CardDef(
            key=str(fields["id"]),
            name=str(fields["name"]),
            kind=kind,
            faction=faction,
            cost=int(fields.get("cost", 0)),
            power=int(fields.get("power", 0)),
            honor=int(fields.get("honor", 0)),
            copies=int(fields["copies"]),
            role=role,
            text=str(fields["text"]),
            effect=_ops(fields.get("effect", []), f"{where}.effect"),
            abilities=abilities,
            triggers=tuple(triggers),
            passive=passive,
        )
    except KeyError as exc:
        raise _fail(where, f"missing field {exc.args[0]!r}") from None
    except (TypeError, ValueError) as exc:
        if isinstance(exc, ContentError):
            raise
        raise _fail(where, str(exc)) from None
    if kind == "monster" and card.power <= 0:
        raise _fail(where, "a monster needs a positive 'power'")
    return card


@cache
def card_defs(edition: int = 1) -> tuple[CardDef, ...]:
    """All card definitions of ``edition`` in file order."""
    if edition not in EDITIONS:
        raise ValueError(f"edition must be one of {EDITIONS}")
    with CONTENT.open("rb") as fh:
        data = tomllib.load(fh)
    defs = tuple(_card(raw, edition, i) for i, raw in enumerate(data.get("card", [])))
    keys = [d.key for d in defs]
    dup = {k for k in keys if keys.count(k) > 1}
    if dup:
        raise _fail(f"card {sorted(dup)[0]!r}", "the same id is used twice")
    return defs


@cache
def by_key(edition: int = 1) -> dict[str, CardDef]:
    return {d.key: d for d in card_defs(edition)}
