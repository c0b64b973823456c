"""The technology tree and the advanced starships, read from ``content/technologies.toml``,
and the questions the rules ask of it: does a seat have a technology, what are a ship's
strengths, may it land."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.content import ContentError, content_file, read
from core.empires.state import ADVANCED_NAMES, PLANET_COLOURS, State, advanced_ids

if TYPE_CHECKING:
    from core.content import Source

LEVELS = 4
SIDES = ("a", "b")
TILES = 8  # two a colour: levels 1-2 and levels 3-4


@dataclass(frozen=True)
class Ship:
    """An advanced starship's numbers (a basic starship is 1, 1, lands, no bonus)."""

    attack: int
    defence: int
    lands: bool
    planet_attack: int  # added to its attack when it attacks a planet


BASIC = Ship(1, 1, True, 0)


@dataclass(frozen=True)
class Tech:
    id: str
    colour: str
    level: int
    built: bool
    text: str
    ship: Ship | None
    side: str = "a"  # the tile's side it is printed on (Randomize Technology)


@functools.cache
def technologies() -> dict[str, Tech]:
    """Every technology by id, read and checked once."""
    return load(content_file("core.empires", "technologies.toml"))


def load(source: Source) -> dict[str, Tech]:
    """The technologies of a content file; ContentError naming the entry and field if wrong."""
    out: dict[str, Tech] = {}
    for f in read(source, ("tech",)).entries("tech"):
        f.only(("id", "colour", "level", "built", "text", "ship", "side"))
        ship = None
        if "ship" in f:
            g = f.table("ship")
            g.only(("attack", "defence", "lands", "planet_attack"))
            ship = Ship(g.integer("attack", lo=0), g.integer("defence", lo=0),
                        g.flag("lands"), g.integer("planet_attack", lo=0))
        t = Tech(f.identifier(), f.choice("colour", PLANET_COLOURS),
                 f.integer("level", lo=1, hi=LEVELS), f.flag("built"),
                 f.text("text", blank=False), ship, f.choice("side", SIDES, "a"))
        if t.side == "b" and t.level == 3:
            raise f.fail("level", "a B side keeps the level-3 advanced starship: it has "
                         "levels 1, 2 and 4")
        if (t.level == 3) != (ship is not None):
            raise f.fail("ship", "the level-3 technology of a colour, and only it, is an "
                         "advanced starship")
        out[t.id] = t
    slots = sorted((t.colour, t.level, t.side) for t in out.values())
    wanted = [(c, lv, "a") for c in PLANET_COLOURS for lv in range(1, LEVELS + 1)]
    wanted += [(c, lv, "b") for c in PLANET_COLOURS for lv in (1, 2, 4)]
    if slots != sorted(wanted):
        raise ContentError(source.name, "", "", "needs one technology per colour and level "
                           "on the A side, and for levels 1, 2 and 4 on the B side")
    for colour, name in ADVANCED_NAMES.items():
        if name not in out or out[name].colour != colour:
            raise ContentError(source.name, name, "colour", f"must be the {colour} ship")
    return out


def side_of(state: State, colour: str, level: int) -> str:
    """The side ("a" or "b") the technology of ``colour`` and ``level`` shows in this game:
    every tile A unless Randomize Technology turned some (``state.tech_sides``, one letter a
    tile: each colour's levels 1-2 then 3-4); level 3 is the same on both."""
    if not state.tech_sides or level == 3:
        return "a"
    return state.tech_sides[2 * PLANET_COLOURS.index(colour) + (level > 2)]


def tech_at(colour: str, level: int, side: str = "a") -> Tech:
    if level == 3:
        side = "a"
    return next(t for t in technologies().values() if t.colour == colour and t.level == level
                and t.side == side)


def has(state: State, seat: int, tech_id: str) -> bool:
    """True when ``seat`` has developed ``tech_id``, its side is the one in play, and the
    engine plays it. The Classic rules play the dashboard's back side, whose levels carry
    none of these technologies (``classic_tech.py``)."""
    if state.classic is not None:
        return False
    t = technologies()[tech_id]
    return (t.built and state.players[seat].tech[t.colour] >= t.level
            and side_of(state, t.colour, t.level) == t.side)


def ship_numbers(seat: int, ship_id: int) -> Ship:
    """The strengths of one of ``seat``'s ships, basic or advanced."""
    for colour, sid in advanced_ids(seat).items():
        if sid == ship_id:
            ship = technologies()[ADVANCED_NAMES[colour]].ship
            assert ship is not None
            return ship
    return BASIC


def advanced_name(ship_id: int) -> str:
    """The advanced starship's technology id, or "" for a basic starship."""
    seat = (ship_id - 100) // 10
    for colour, sid in advanced_ids(seat).items():
        if sid == ship_id:
            return ADVANCED_NAMES[colour]
    return ""
