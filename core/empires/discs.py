"""A round piece on the Starmap, as the flick physics and the rules both see it."""

from __future__ import annotations

from typing import NamedTuple


class Disc(NamedTuple):
    """A round piece on the Starmap. ``owner`` is a seat, NOBODY or GUARDIAN; ``ram_proof``
    marks a ship not destroyed when rammed (the Juggernaut). Guardian warships are never
    destroyed by a ram."""

    id: int
    kind: str
    owner: int
    x: int
    y: int
    r: int
    ram_proof: bool = False
