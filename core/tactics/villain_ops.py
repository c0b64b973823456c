"""The Villain operation vocabulary: what a Scheme, a Boss's Surge, a scenario's Surge rule and
a Villain's Slay may do, read from content and checked (DESIGN.md, "Scheme effects").

An operation is the same ``Op`` record the cards use (``core.tactics.cards.Op``): the op's
name, ``n`` and its other fields sorted in ``args``. Lists of objective kinds are stored
expanded (``["all"]`` becomes boss, red, blue, green), so the engine never re-reads ``all``.

Where a list is written decides what it may hold (``Context``):

* a Scheme's effect and bonus: every operation;
* a Surge (the Boss's own, or a scenario's or chapter's extra rule): everything but ``surge``
  (a Surge that surges would never end);
* a Villain's Slay: only what happens at once around the fight (``honor``, ``buff``,
  ``damage``, ``cultist``, ``terrain``, ``steal_treasure``, ``move_token``); never a command
  or a Surge, which would run a Villain turn inside an attack. Only a Slay may name the
  objective kind ``self``: the token the Villain holds, which is dealt at random at set-up.
"""

from __future__ import annotations

from enum import Enum

from core.content import Fields, one_of
from core.tactics.cards import KEYWORDS, Op

__all__ = [
    "ALL",
    "DAMAGE_TARGETS",
    "OBJECTIVE_KINDS",
    "SELF",
    "TERRAIN_TILES",
    "TOKEN_MOVES",
    "VOCABULARY",
    "Context",
    "read_ops",
]

OBJECTIVE_KINDS = ("boss", "red", "blue", "green")  # also the order "all" commands them in
ALL = "all"
SELF = "self"

DAMAGE_TARGETS = ("all_on_shrines", "strongest")  # besides "nearest:<kind>"
NEAREST = "nearest:"
TOKEN_MOVES = ("next_shrine", "nearest_hero_shrine")
TERRAIN_TILES = ("forest", "tainted")
NEAREST_HERO = "nearest_hero:"

# op -> the fields it accepts (besides "op"); every field is required unless it has a default.
VOCABULARY: dict[str, frozenset[str]] = {
    "command": frozenset({"objectives"}),
    "surge": frozenset(),
    "cultist": frozenset({"objectives"}),
    "buff": frozenset({"objectives", "strength", "defense", "speed", "keywords"}),
    "damage": frozenset({"n", "target"}),
    "return": frozenset({"objectives"}),
    "honor": frozenset({"n"}),
    "move_token": frozenset({"kind", "to"}),
    "terrain": frozenset({"tile", "at"}),
    "steal_treasure": frozenset({"n"}),
    "acquire": frozenset({"objectives"}),
}
_DEFAULTS: dict[str, dict[str, object]] = {
    "buff": {"strength": 0, "defense": 0, "speed": 0, "keywords": ()},
}


class Context(Enum):
    """Where a list of operations is written, which decides what it may hold."""

    SCHEME = "a Scheme"
    SURGE = "a Surge"
    SLAY = "a Slay"

    def allows(self, op: str) -> bool:
        if self is Context.SCHEME:
            return True
        if self is Context.SURGE:
            return op != "surge"
        return op in _SLAY_OPS


_SLAY_OPS = frozenset({"honor", "buff", "damage", "cultist", "terrain", "steal_treasure",
                       "move_token"})


def read_ops(f: Fields, key: str, context: Context) -> tuple[Op, ...]:
    """The list of operation tables under ``key`` (none when it is not written), checked for
    ``context``; an error names ``key[i].field``."""
    return tuple(_op(o, context) for o in f.tables(key, ()))


def _op(o: Fields, context: Context) -> Op:
    name = o.text("op")
    if name not in VOCABULARY:
        raise o.fail("op", f'unknown op "{name}" (known: {", ".join(VOCABULARY)})')
    if not context.allows(name):
        raise o.fail("op", f'op "{name}" cannot be used in {context.value}')
    o.only({"op"} | VOCABULARY[name], f'for op "{name}"')
    kinds = OBJECTIVE_KINDS + ((SELF,) if context is Context.SLAY else ())
    values: dict[str, object] = dict(_DEFAULTS.get(name, {}))
    for key in sorted(VOCABULARY[name]):
        if key not in o and key in values:
            continue  # a field with a default, left out
        if key == "objectives":
            values[key] = _objectives(o, kinds)
        elif key == "keywords":
            values[key] = tuple(sorted(set(o.strings(key, options=KEYWORDS))))
        elif key in ("strength", "defense", "speed"):
            values[key] = o.integer(key, lo=0)
        elif key == "n":
            values[key] = o.integer(key, lo=1)
        elif key == "kind":
            values[key] = o.choice(key, kinds)
        elif key == "to":
            values[key] = o.choice(key, TOKEN_MOVES)
        elif key == "tile":
            values[key] = o.choice(key, TERRAIN_TILES)
        elif key == "target":
            values[key] = _aimed(o, key, DAMAGE_TARGETS, NEAREST, kinds)
        else:  # "at"
            values[key] = _aimed(o, key, (), NEAREST_HERO, kinds)
    if name == "buff" and not any(values[k] for k in ("strength", "defense", "speed",
                                                       "keywords")):
        raise o.fail("", "a buff must change something")
    n = values.pop("n", 0)
    assert isinstance(n, int)
    return Op(op=name, n=n, args=tuple(sorted(values.items())))


def _objectives(o: Fields, kinds: tuple[str, ...]) -> tuple[str, ...]:
    """A list of objective kinds, or ``["all"]``, expanded to the kinds in command order."""
    written = o.strings("objectives", options=(*kinds, ALL))
    if not written:
        raise o.fail("objectives", f"must name at least one of {one_of((*kinds, ALL))}")
    if ALL in written:
        if len(written) > 1:
            raise o.fail("objectives", '"all" already names every kind: write it alone')
        return OBJECTIVE_KINDS
    if len(set(written)) != len(written):
        raise o.fail("objectives", "names a kind twice")
    return written


def _aimed(o: Fields, key: str, fixed: tuple[str, ...], prefix: str,
           kinds: tuple[str, ...]) -> str:
    """A target written as one of ``fixed`` or as ``<prefix><kind>``."""
    return o.choice(key, (*fixed, *(prefix + k for k in kinds)))
