"""What the Classic rules add to the table (rulebook: "Classic Ascending Empires"): the
face-down Terraform tokens beside each quadrant, the locations each seat has scanned, and
the starships each seat has returned to the box for its Battleship. Plain lists, so the
state copies cheaply and packs to msgpack like the rest of it."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

RULES = ("new_era", "classic")
# The Classic turn's five actions, in the order ``choose`` numbers them.
ACTIONS = ("deploy", "move", "mine", "build", "develop")
MOVEMENT_POINTS = 2
DEPLOYS = 2
LEVELS = 4  # our reading: the back side keeps the front's four levels a colour
BATTLESHIP_LEVEL = 3  # orange
BATTLESHIP_COST = 2  # starships returned to the box
MINE_VP = {2: 1, 3: 2}  # troops removed from one planet -> VP
BUILDS = ("outpost", "city", "research")
CITY_BONUS = ("troop", "starship")
QUESTIONS = {"battleship": 2, "city_bonus": 1}  # pending question -> its length


@dataclass
class Classic:
    terraform: list[list[str]] = field(default_factory=list)  # by quadrant, face down
    scanned: list[list[int]] = field(default_factory=list)  # by seat: locations looked at
    boxed: list[list[int]] = field(default_factory=list)  # by seat: starships in the box


CLASSIC_FIELDS = [f.name for f in fields(Classic)]


def copy_classic(c: Classic) -> Classic:
    return Classic([list(x) for x in c.terraform], [list(x) for x in c.scanned],
                   [list(x) for x in c.boxed])


def classic_data(c: Classic) -> list[Any]:
    return [getattr(c, k) for k in CLASSIC_FIELDS]


def classic_from(row: Any) -> Classic:
    if not isinstance(row, list) or len(row) != len(CLASSIC_FIELDS):
        raise ValueError(f"not a snapshot: the Classic table needs {len(CLASSIC_FIELDS)} fields")
    c = Classic(**dict(zip(CLASSIC_FIELDS, row, strict=True)))
    c.terraform = [[str(x) for x in q] for q in c.terraform]
    c.scanned = [[int(x) for x in s] for s in c.scanned]
    c.boxed = [[int(x) for x in s] for s in c.boxed]
    return c
