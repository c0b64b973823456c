"""Where the Tactics bots want their units: the live shrines and the cells around them, how
well a cell is placed for the shrines, and the one-off gains of ending a move on a cell.
"""

from __future__ import annotations

from ai.tactics.weights import (
    BEACON_TURNS,
    NEW_PORTAL,
    POT_AREA,
    POT_AWAY,
    POT_FAR,
    POT_NEXT,
    TREASURE,
)
from core.tactics import combat
from core.tactics.board import BEACON, INACTIVE_PORTAL, SHRINE
from core.tactics.state import State


def enemies(s: State, side: int) -> list[int]:
    """The units on the battlefield of every side but ``side``."""
    return combat.enemies_on_board(s, side)


def shrine_area(s: State, shrine: int) -> tuple[int, ...]:
    """A shrine's cell and its neighbours: where units hold or contest it."""
    return (shrine, *s.map.neighbours[shrine])


def live_shrines(s: State) -> list[int]:
    """The shrine cells still standing (a scenario may turn one into other terrain)."""
    return [c for c in s.map.shrines if s.terrain[c] == SHRINE]


def potential(s: State, side: int, cell: int, speed: int = 3) -> float:
    """How well placed a unit on ``cell`` is for the shrines: beside one (it holds or
    contests it without another command), within a move of one (next turn), or on the way.
    The best shrine counts, weighted by its Honor."""
    best = 0.0
    dist = s.map.distance
    for c in live_shrines(s):
        d = max(0, dist(cell, c) - 1)
        w = (POT_AREA if d == 0 else POT_NEXT if d <= speed
             else POT_FAR if d <= 2 * speed else POT_AWAY)
        v = w * s.map.shrine_honor[c]
        if v > best:
            best = v
    return best


def cell_bonus(s: State, side: int, cell: int) -> float:
    """One-off gains for ending a move on ``cell``: a Treasure, a Beacon, a new portal."""
    v = 0.0
    if s.board_treasure[cell] >= 0:
        v += TREASURE
    t = s.terrain[cell]
    if t == BEACON and s.beacon[cell] != side:
        v += BEACON_TURNS * s.scen.number("beacon_honor")
    elif t == INACTIVE_PORTAL:
        v += NEW_PORTAL
    return v
