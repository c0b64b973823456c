"""The three Megastructure cards (rulebook: "Megastructures"): the Dyson Ring the rulebook
describes, and the Star Harvester and the Reconstructor, which it only names — their numbers
and powers are ours (core/empires/DESIGN.md, section 10). One card is in play a game
(``state.mega_card``), chosen at set-up or drawn from the game's generator.

A ``mega`` action's option says which power: the Dyson Ring's 0 build / 1 overload; the
Star Harvester's 0 harvest / ``TARGET`` + a planet to blast; the Reconstructor's
``REENGINEER`` + a colour / ``TARGET`` + a destroyed planet to rebuild.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.empires.state import PLANET_COLOURS
from core.rng import Rng

DYSON, HARVESTER, RECONSTRUCTOR = "dyson_ring", "star_harvester", "reconstructor"
CARDS = (DYSON, HARVESTER, RECONSTRUCTOR)
RANDOM = "random"
TARGET = 100  # option TARGET + location: a power aimed at a location
REENGINEER = 10  # option REENGINEER + colour index: the Reconstructor's technology


@dataclass(frozen=True)
class Card:
    name: str
    awaken: int  # energy to awaken; taking control from a rival costs one more
    powers: tuple[str, ...]  # each power in a line, for the table


INFO = {
    DYSON: Card("Dyson Ring", 2, (
        "Build: an outpost from your dashboard onto the card, or your outpost there "
        "swapped for a city (1 VP and 2 VP at the end)",
        "Overload: give up control; every troop and starship in its quadrant goes home, "
        "1 VP for every 2 of your rivals'")),
    HARVESTER: Card("Star Harvester", 3, (
        "Harvest: refresh 2 of your spent energy",
        "Plasma Blast: destroy a face-up planet in its quadrant; the Survivors card sends "
        "its troops, structures and starbases home (robots to the supply), 1 VP for every "
        "2 of your rivals'")),
    RECONSTRUCTOR: Card("Reconstructor", 3, (
        "Re-engineer: the next technology of a colour in which you have a research "
        "facility on a planet, ahead of your facilities (first comers are paid as usual)",
        "Rebuild: take the destroyed-planet token off a face-up planet in its quadrant "
        "and settle a troop from your dashboard on it")),
}


def card_options(card: str) -> list[int]:
    """Every option a ``mega`` action of ``card`` may take (the legal list filters them)."""
    if card == DYSON:
        return [0, 1]
    targets = [TARGET + i for i in range(28)]
    if card == HARVESTER:
        return [0, *targets]
    return [REENGINEER + c for c in range(len(PLANET_COLOURS))] + targets


def choose(setting: str, rng: Rng) -> str:
    """The card in play for the ``megastructure`` setting; only "random" draws."""
    return CARDS[rng.below(len(CARDS))] if setting == RANDOM else setting
