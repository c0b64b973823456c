"""The Solo Campaign's cards and story, read from ``content/solo.toml`` and
``content/campaign.toml`` (rulebook: "Solo Campaign"): the Invasion Deck, the Warship cards,
the four Solo Technology cards with their A and B sides, and the six scenarios."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.content import ContentError, content_file, read
from core.empires.state import PLANET_COLOURS

if TYPE_CHECKING:
    from core.content import Source

TARGETS = (*PLANET_COLOURS, "blue")  # "blue": an untouched relic planet
STEPS = ("warship", "reveal_two", "reveal_pair", "most", "orbit_two", "orbit_pair",
         "escalate", "scout", "reshuffle")
EFFECTS = ("energy", "flick", "use", "repel", "unblock", "troop", "launch", "jam")
SIDES = ("A", "B")
SCENARIOS = 6


@dataclass(frozen=True)
class InvasionCard:
    id: str
    target: str  # a Planet Target card's colour, "" for the others
    steps: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class WarshipCard:
    id: str
    name: str
    steps: tuple[str, ...]


@dataclass(frozen=True)
class Ability:
    effect: str
    amount: int
    text: str


@dataclass(frozen=True)
class TechSide:
    colour: str
    side: str
    name: str
    abilities: tuple[Ability, Ability]  # opened by the first cube, then by the second


@dataclass(frozen=True)
class Scenario:
    number: int
    id: str
    name: str
    story: str
    goal: str


@dataclass(frozen=True)
class SoloContent:
    invasion: dict[str, InvasionCard]
    warships: dict[str, WarshipCard]
    technology: dict[tuple[str, str], TechSide]


@functools.cache
def solo_content() -> SoloContent:
    return load_solo(content_file("core.empires", "solo.toml"))


def load_solo(source: Source) -> SoloContent:
    """The solo cards of a content file; ContentError naming the entry and field if wrong."""
    doc = read(source, ("invasion", "warship", "technology"))
    invasion: dict[str, InvasionCard] = {}
    for f in doc.entries("invasion"):
        f.only(("id", "target", "steps", "text"))
        target = f.choice("target", TARGETS, "")
        steps = tuple(f.strings("steps", []))
        if bool(target) == bool(steps) or any(s not in STEPS for s in steps):
            raise f.fail("steps", f"a card has a target or steps from {', '.join(STEPS)}")
        invasion[f.identifier()] = InvasionCard(f.identifier(), target, steps,
                                                f.text("text", blank=False))
    if sorted(c.target for c in invasion.values() if c.target) != sorted(TARGETS):
        raise ContentError(source.name, "", "", "needs one Planet Target card per colour")
    warships: dict[str, WarshipCard] = {}
    for f in doc.entries("warship"):
        f.only(("id", "name", "steps"))
        steps = tuple(f.strings("steps"))
        if not steps or any(s not in STEPS[:6] for s in steps):
            raise f.fail("steps", f"symbols are from {', '.join(STEPS[:6])}")
        warships[f.identifier()] = WarshipCard(f.identifier(), f.text("name", blank=False),
                                               steps)
    if len(warships) != 5:
        raise ContentError(source.name, "", "", "needs the 5 Warship cards")
    technology: dict[tuple[str, str], TechSide] = {}
    for f in doc.entries("technology", key="name"):
        f.only(("colour", "side", "name", "abilities"))
        colour, side = f.choice("colour", PLANET_COLOURS), f.choice("side", SIDES)
        rows = []
        for g in f.tables("abilities"):
            g.only(("effect", "amount", "text"))
            rows.append(Ability(g.choice("effect", EFFECTS), g.integer("amount", lo=1, hi=3),
                                g.text("text", blank=False)))
        if len(rows) != 2:
            raise f.fail("abilities", "a side has two abilities (one cube, two cubes)")
        if (colour, side) in technology:
            raise f.fail("side", f"the {colour} card has one {side} side")
        technology[(colour, side)] = TechSide(colour, side, f.text("name", blank=False),
                                              (rows[0], rows[1]))
    if len(technology) != len(PLANET_COLOURS) * len(SIDES):
        raise ContentError(source.name, "", "", "needs an A and a B side for each colour")
    return SoloContent(invasion, warships, technology)


@functools.cache
def campaign() -> tuple[tuple[Scenario, ...], str]:
    """The six scenarios in order, and the story's conclusion."""
    return load_campaign(content_file("core.empires", "campaign.toml"))


def load_campaign(source: Source) -> tuple[tuple[Scenario, ...], str]:
    doc = read(source, ("scenario", "conclusion"))
    out = []
    for f in doc.entries("scenario"):
        f.only(("number", "id", "name", "story", "goal"))
        out.append(Scenario(f.integer("number", lo=1, hi=SCENARIOS), f.identifier(),
                            f.text("name", blank=False), f.text("story", blank=False),
                            f.text("goal", blank=False)))
    if [s.number for s in out] != list(range(1, SCENARIOS + 1)):
        raise ContentError(source.name, "", "", "needs scenarios 1 to 6, in order")
    ends = doc.entries("conclusion")
    if len(ends) != 1:
        raise ContentError(source.name, "", "", "needs one [[conclusion]]")
    ends[0].only(("id", "text"))
    return tuple(out), ends[0].text("text", blank=False)
