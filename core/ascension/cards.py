"""Card definitions read from ``content/cards.toml``; a wrong entry fails loudly at load time."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from core.content import Document, Fields, content_file, read

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

CONTENT = content_file("core.ascension", "cards.toml")

FACTIONS = ("enlightened", "lifebound", "mechana", "void")
KINDS = ("hero", "construct", "monster")
ROLES = ("center", "starter", "pile", "cultist")
# ``defeat_center_monster``: a monster defeated from the center row (never the Cultist).
TRIGGER_EVENTS = ("play_hero", "construct_enters", "acquire_construct", "defeat_center_monster")
# Events a trigger may limit to the turn's first one (``first``): the engine can tell.
FIRST_EVENTS = ("play_hero", "defeat_center_monster")
PASSIVES = ("", "all_mechana", "unbanishable")
EDITIONS = (1, 2)


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
    """A construct's once-per-turn activated ability.

    ``needs_hero`` (a faction) makes it usable only once a hero of that faction has been
    played this turn, before or after the construct entered play.
    """

    label: str
    effect: tuple[Op, ...]
    pay_runes: int = 0
    banish_self: bool = False
    needs_hero: str = ""


@dataclass(frozen=True, slots=True)
class Trigger:
    """A construct's once-per-turn reaction to an event of its owner's turn.

    ``first``: only the turn's first such event counts (one that happened before the
    construct entered play uses it up too).
    """

    on: str
    effect: tuple[Op, ...]
    faction: str = ""
    first: bool = False


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
    # (Runes, Power) a hero adds when that is all its effect does, else None: playing such a
    # hero with nothing else to react to needs no trip through the effect engine.
    quick_gain: tuple[int, int] | None = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        simple = self.kind == "hero" and all(op.name in ("runes", "power") for op in self.effect)
        gain = (sum(op.n for op in self.effect if op.name == "runes"),
                sum(op.n for op in self.effect if op.name == "power")) if simple else None
        object.__setattr__(self, "quick_gain", gain)

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
    "if_hero_played": {"faction", "then"},
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


ZONES = ("hand", "play")
CARD_FIELDS = frozenset({"id", "name", "type", "faction", "cost", "power", "honor", "copies",
                         "role", "text", "effect", "abilities", "triggers", "passive",
                         "edition2"})


def _ops(ops: list[Fields]) -> tuple[Op, ...]:
    return tuple(_op(f) for f in ops)


def _op(f: Fields) -> Op:
    name = f.choice("op", tuple(OP_FIELDS))
    f.only({"op"} | OP_FIELDS[name], f'for op "{name}"')
    options = tuple(_ops(f.tables_in(o, f"{f.path('options')}[{i}]"))
                    for i, o in enumerate(f.items("options", ())))
    labels = f.strings("labels", ())
    if name == "choose" and (len(options) < 2 or len(labels) != len(options)):
        raise f.fail("options", 'op "choose" needs two or more options and one label each')
    return Op(
        name=name,
        n=f.integer("n", 0, lo=0),
        faction=f.choice("faction", FACTIONS, ""),
        zone=f.choice("zone", ZONES, ""),
        then=_ops(f.tables("then", ())),
        options=options,
        labels=labels,
    )


def _ability(f: Fields) -> Ability:
    f.only({"label", "effect", "pay_runes", "banish_self", "needs_hero"}, "for an ability")
    return Ability(
        label=f.text("label", blank=False),
        effect=_ops(f.tables("effect")),
        pay_runes=f.integer("pay_runes", 0, lo=0),
        banish_self=f.flag("banish_self", False),
        needs_hero=f.choice("needs_hero", FACTIONS, ""),
    )


def _trigger(f: Fields) -> Trigger:
    f.only({"on", "effect", "faction", "first"}, "for a trigger")
    trig = Trigger(
        on=f.choice("on", TRIGGER_EVENTS),
        effect=_ops(f.tables("effect")),
        faction=f.choice("faction", FACTIONS, ""),
        first=f.flag("first", False),
    )
    if trig.first and trig.on not in FIRST_EVENTS:
        raise f.fail("first", f"only {' and '.join(FIRST_EVENTS)} triggers can be limited "
                              "to the turn's first event")
    return trig


def _card(entry: Fields, edition: int) -> CardDef:
    entry.only(CARD_FIELDS)
    entry.table("edition2", {}).only(CARD_FIELDS - {"id", "edition2"}, "for an edition")
    f = entry.overlaid("edition2") if edition == 2 else entry
    kind = f.choice("type", KINDS)
    card = CardDef(
        key=f.identifier("id"),
        name=f.text("name", blank=False),
        kind=kind,
        faction=f.choice("faction", FACTIONS, ""),
        cost=f.integer("cost", 0, lo=0),
        power=f.integer("power", 0, lo=0),
        honor=f.integer("honor", 0, lo=0),
        copies=f.integer("copies", lo=0),
        role=f.choice("role", ROLES, "center"),
        text=f.text("text", blank=False),
        effect=_ops(f.tables("effect", ())),
        abilities=tuple(_ability(a) for a in f.tables("abilities", ())),
        triggers=tuple(_trigger(t) for t in f.tables("triggers", ())),
        passive=f.choice("passive", PASSIVES, ""),
    )
    if kind != "construct" and (card.abilities or card.triggers):
        raise f.fail("abilities" if card.abilities else "triggers",
                      "only constructs have abilities or triggers")
    if kind == "monster" and card.power <= 0:
        raise f.fail("power", "a monster needs a positive power")
    # The engine skips the offer when a player has no Runes: that needs every card on offer
    # to cost something (only the starting cards are free).
    if kind != "monster" and card.role in ("center", "pile") and card.cost <= 0:
        raise f.fail("cost", "a card on offer needs a cost of 1 or more")
    return card


def load_cards(source: Traversable, edition: int = 1) -> tuple[CardDef, ...]:
    """Every card of the cards file at ``source`` as printed in ``edition``, in file order
    (not cached: tests read broken copies)."""
    return _cards(read(source, ("card",)), edition)


def _cards(doc: Document, edition: int) -> tuple[CardDef, ...]:
    if edition not in EDITIONS:
        raise ValueError(f"edition must be one of {EDITIONS}")
    return tuple(_card(entry, edition) for entry in doc.entries("card"))


@cache
def _shipped() -> Document:
    # Both editions are printed from one file: it is read and parsed once.
    return read(CONTENT, ("card",))


@cache
def card_defs(edition: int = 1) -> tuple[CardDef, ...]:
    """All card definitions of ``edition`` in file order."""
    return _cards(_shipped(), edition)


@cache
def by_key(edition: int = 1) -> dict[str, CardDef]:
    """The cards of ``edition`` by id."""
    return {d.key: d for d in card_defs(edition)}
