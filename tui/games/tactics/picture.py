"""The picture the Tactics map draws, and its legend.

The screen turns the engine's view into a ``MapPicture`` (terrain, owners, tokens, the
units as ``UnitMark``s) and hands it to ``HexMap``; the legend below says how each thing
looks (glyphs, colours) and what it is called. Nothing here knows a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from core.tactics.board import (
    BEACON,
    ENCHANTED,
    FOREST,
    INACTIVE_PORTAL,
    PLAIN,
    PORTAL,
    SHRINE,
    TAINTED,
    MapDef,
)

__all__ = ["DAMAGE_DIGITS", "OBJECTIVE_LETTER", "OBJECTIVE_NAMES", "OBJECTIVE_STYLE",
           "SIDE_COLORS", "SIDE_MARKS", "SIDE_NAMES", "MapPicture", "UnitMark", "damage_mark",
           "side_mark"]

# Mid-luminance colours, so the unit chips (label on the side colour) stand out on a dark
# or a light background alike; the text colour on each chip is the one that contrasts.
SIDE_COLORS: tuple[str, ...] = ("#2f7fff", "#e0393e", "#d98c00", "#a453d6")
SIDE_TEXT: tuple[str, ...] = ("#ffffff", "#ffffff", "#000000", "#ffffff")
SIDE_NAMES: tuple[str, ...] = ("Blue", "Red", "Amber", "Purple")
# Each side's mark beside its units' labels: a shape, so who owns a unit reads without colour
# (NO_COLOR, a monochrome or 16-colour terminal). None is a glyph the map uses for anything
# else (◆ and ▲ are Runes and Power on the status line).
SIDE_MARKS: tuple[str, ...] = ("●", "■", "▼", "◇")
NEUTRAL = "#9a9a9a"

TERRAIN_NAMES: dict[str, str] = {
    PLAIN: "Plain", FOREST: "Forest", SHRINE: "Shrine", TAINTED: "Tainted",
    ENCHANTED: "Enchanted", BEACON: "Beacon", PORTAL: "Portal",
    INACTIVE_PORTAL: "Inactive portal",
}
TOKEN_NAMES: dict[str, str] = {"turret": "Turret", "faerie_ring": "Faerie Ring"}

# The two-column glyph of an empty hex, and its one-column hint when a unit hides it.
GLYPH: dict[str, str] = {
    PLAIN: "··", FOREST: "♣♣", TAINTED: "~~", ENCHANTED: "✦✦", BEACON: "☼☼",
    PORTAL: "@@", INACTIVE_PORTAL: "()",
}
HINT: dict[str, str] = {
    PLAIN: " ", FOREST: "♣", SHRINE: "⌂", TAINTED: "~", ENCHANTED: "✦", BEACON: "☼",
    PORTAL: "@", INACTIVE_PORTAL: "(",
}
SHRINE_MARK = "⌂"
TREASURE_GLYPH = "$$"
TOKEN_GLYPH: dict[str, str] = {"turret": "╦╦", "faerie_ring": "✿✿"}
TOKEN_HINT: dict[str, str] = {"turret": "╦", "faerie_ring": "✿"}

TERRAIN_STYLE: dict[str, str] = {
    PLAIN: "#7c8394", FOREST: "bold #3f9b4a", TAINTED: "bold #8c9b2a",
    ENCHANTED: "bold #27b5c4", INACTIVE_PORTAL: "#8a8a8a",
}
TREASURE_STYLE = "bold #d4a800"
# The Villains' objective tokens: a letter each (told apart without colour too), drawn in the
# right-hand column of a hex, after a unit's label unless its damage or exhaustion is shown.
OBJECTIVE_LETTER: dict[str, str] = {"boss": "B", "red": "R", "blue": "U", "green": "G"}
OBJECTIVE_STYLE: dict[str, str] = {"boss": "bold #d78cff", "red": "bold #ff6b6b",
                                   "blue": "bold #5fafff", "green": "bold #6fdc7a"}
OBJECTIVE_NAMES: dict[str, str] = {"boss": "the Boss's objective token",
                                   "red": "the red objective token",
                                   "blue": "the blue objective token",
                                   "green": "the green objective token"}
TOKEN_STYLE: dict[str, str] = {"turret": "bold #b87333", "faerie_ring": "bold #e060b0"}
DAMAGE_STYLE = "bold #ff5f5f"
# A unit's damage in the column after its label, as a superscript so it never reads as part
# of the label (``c1³``, not ``c13``); ``!`` for more than nine.
DAMAGE_DIGITS = "¹²³⁴⁵⁶⁷⁸⁹"

# Overlays: the marker in the left column and the background tint of the whole hex.
TARGET_MARK, ACTIVE_MARK, SIGHT_MARK, REACH_MARK, EXHAUSTED_MARK = "×", "▸", "•", "+", "z"
TARGET_STYLE, TARGET_BG = "bold #ff3b3b", "#5a1414"
SIGHT_STYLE, SIGHT_BG = "bold #ffd54f", "#4a3f00"
REACH_STYLE, REACH_BG = "bold #5fafff", "#16324f"
# A route a move may take (or took): every hex it walks through.
ROUTE_MARK, ROUTE_STYLE, ROUTE_BG = "»", "bold #6fdc7a", "#1d3b24"



@dataclass(frozen=True)
class UnitMark:
    """A unit standing on a cell, as drawn. ``label``: 1-2 characters ("Ic", "c1");
    ``active``: the unit is being commanded right now."""

    cell: int
    side: int
    label: str
    damage: int = 0
    defense: int = 0
    exhausted: bool = False
    active: bool = False


@dataclass(frozen=True)
class MapPicture:
    """Everything the map shows, per cell. ``portal_side``/``beacon_side``: owning side or
    -1; ``shrine_side``: the side controlling each shrine now, -1 if nobody (read only on
    shrine cells); ``tokens``: cell -> "turret" / "faerie_ring"; ``portal_owners``: cell ->
    who deploys onto the portal there, where that is not its whole side (a 2 vs 2 player's
    own portal); ``objectives``: cell -> the kind of the Villains' objective token there."""

    map: MapDef
    terrain: tuple[str, ...]
    portal_side: tuple[int, ...]
    shrine_side: tuple[int, ...]
    beacon_side: tuple[int, ...]
    treasure: frozenset[int]
    tokens: dict[int, str] = field(default_factory=dict)
    units: tuple[UnitMark, ...] = ()
    portal_owners: dict[int, str] = field(default_factory=dict)
    objectives: dict[int, str] = field(default_factory=dict)

    @classmethod
    def of_map(cls, m: MapDef, portal_side: Sequence[int] | None = None) -> MapPicture:
        """The map as it starts: its terrain and treasure, nobody on it. Without
        ``portal_side`` each portal belongs to side ``slot - 1`` (1 vs 1 and brawl)."""
        n = len(m.hexes)
        ports = (tuple(portal_side) if portal_side is not None
                 else tuple(s - 1 if s else -1 for s in m.portal_slot))
        return cls(map=m, terrain=m.terrain, portal_side=ports, shrine_side=(-1,) * n,
                   beacon_side=(-1,) * n, treasure=frozenset(m.treasure_cells()))


def side_mark(side: int) -> str:
    """The shape that marks ``side``'s units on the map."""
    return SIDE_MARKS[side % len(SIDE_MARKS)]


def damage_mark(damage: int) -> str:
    """The one column a unit's damage takes: ``³``, ``!`` past nine, blank for none."""
    if damage <= 0:
        return " "
    return DAMAGE_DIGITS[damage - 1] if damage <= len(DAMAGE_DIGITS) else "!"
