"""What a game of the Solo Campaign adds to the table (rulebook: "Solo Campaign"): the
Invasion Deck and its discard pile, the Warship cards, the Solo Technology cards and their
cubes, the settlers, the Megastructures and the result. Plain lists and ints, so the state
copies cheaply and packs to msgpack like the rest of it."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from core.empires.discs import Disc
from core.empires.physics import NOBODY

HEART_ID = 28  # the Heart of the Builders (scenario 6): a fixed disc after the 28 locations
HEART_RADIUS = 3200  # as large as a location disc; it leaves room round the centre orbits
HEART_SCENARIO = 6
# The questions the invaders put to the player (``state.pending = ["solo", question]``).
QUESTIONS = ("reveal", "most", "quadrant", "terraform")


@dataclass
class Solo:
    scenario: int
    deck: list[str] = field(default_factory=list)  # Invasion cards face down, top first
    discard: list[str] = field(default_factory=list)  # drawn, in the order drawn
    warship_pile: list[str] = field(default_factory=list)  # Warship cards face up, top first
    card: str = ""  # the Invasion card being carried out
    steps: list[str] = field(default_factory=list)  # what is left of it, in order
    placed: list[int] = field(default_factory=list)  # planets a "pair" step already used
    on_deck: int = 0  # warships destroyed, lying on the deck: each skips a draw
    jams: int = 0  # draws a technology skips
    sides: list[str] = field(default_factory=lambda: ["A"] * 4)  # by planet colour
    cubes: list[int] = field(default_factory=lambda: [0] * 4)
    bonus_cubes: int = 0  # cubes the scenario's bonus put under the cards
    settlers: list[tuple[int, str]] = field(default_factory=list)  # (location, colour)
    aboard: list[tuple[int, str]] = field(default_factory=list)  # (ship id, colour)
    rescued: list[str] = field(default_factory=list)
    lost_settlers: list[str] = field(default_factory=list)
    settlers_start: int = 0
    megas: list[int] = field(default_factory=list)  # artifacts with a Megastructure on top
    controlled: list[int] = field(default_factory=list)  # those with the player's cube
    scrap: list[str] = field(default_factory=list)  # relics the robots (and set-up) discarded
    result: str = ""  # "won: why" or "lost: why" once decided


SOLO_FIELDS = [f.name for f in fields(Solo)]


def copy_solo(s: Solo) -> Solo:
    new = copy.copy(s)
    for name in SOLO_FIELDS:
        value = getattr(s, name)
        if isinstance(value, list):
            setattr(new, name, list(value))
    return new


def solo_data(s: Solo) -> list[Any]:
    return [getattr(s, k) for k in SOLO_FIELDS]


def solo_from(row: Any) -> Solo:
    if not isinstance(row, list) or len(row) != len(SOLO_FIELDS):
        raise ValueError(f"not a snapshot: the solo table needs {len(SOLO_FIELDS)} fields")
    s = Solo(**dict(zip(SOLO_FIELDS, row, strict=True)))
    s.settlers = [(int(i), str(c)) for i, c in s.settlers]
    s.aboard = [(int(i), str(c)) for i, c in s.aboard]
    return s


def heart_discs(solo: Solo | None) -> list[Disc]:
    """The Heart of the Builders in the centre of the map (scenario 6), as the physics sees
    it: a fixed disc like a location, with no orbit the rules use."""
    if solo is None or solo.scenario != HEART_SCENARIO:
        return []
    return [Disc(HEART_ID, "location", NOBODY, 0, 0, HEART_RADIUS)]
