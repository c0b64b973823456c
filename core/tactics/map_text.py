"""Reading a battlefield written as text (the ``map`` of a scenario): terrain, portals,
treasure, and the markers of the Villain scenarios.

The format is described for map editors at the top of ``content/scenarios.toml``: one text row
per hex row (odd-r offset rows), one whitespace-separated token per hex. A token names the
terrain (``.`` ``*`` ``F`` ``X`` ``E`` ``B`` ``I`` ``S`` ``S3`` ``P1``); in a Villain scenario a
lower-case kind letter after it puts that kind's objective token on the hex (``Sb``, ``S3r``,
``.u``), and ``V`` with a kind letter is the start hex of that kind's Villain, on plain ground
(``Vg``). The letters: ``b`` boss, ``r`` red, ``u`` blue (``b`` is taken by the Boss), ``g``
green. Objective tokens never sit on portals: a Villain heads for its token and could never
stand on a hero portal.

The markers are not terrain, so they are returned beside the ``MapDef`` (``Battlefield``),
which stays the engine's one picture of the ground.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.hexgrid import Hex, from_offset
from core.tactics.board import (
    BEACON,
    DEFAULT_SHRINE_HONOR,
    ENCHANTED,
    FOREST,
    INACTIVE_PORTAL,
    PLAIN,
    PORTAL,
    SHRINE,
    TAINTED,
    MapDef,
    make_map,
)

__all__ = ["KIND_LETTERS", "NO_HEX", "Battlefield", "parse_battlefield", "parse_map"]

NO_HEX = "-"
_SIMPLE_TOKENS: dict[str, str] = {
    ".": PLAIN, "*": PLAIN, "F": FOREST, "X": TAINTED, "E": ENCHANTED, "B": BEACON,
    "I": INACTIVE_PORTAL, "S": SHRINE,
}
_SHRINE = re.compile(r"S([1-9][0-9]?)\Z")
_PORTAL = re.compile(r"P([1-4])\Z")
KIND_LETTERS: dict[str, str] = {"b": "boss", "r": "red", "u": "blue", "g": "green"}
_VILLAIN_START = re.compile(r"V([brug])\Z")
# A token that may carry an objective token: anything but a portal, written first.
_WITH_OBJECTIVE = re.compile(r"(\.|\*|F|X|E|B|S(?:[1-9][0-9]?)?)([brug])\Z")


@dataclass(frozen=True)
class Battlefield:
    """A map and the Villain markers written on it (each kind -> the cells marked for it, in
    cell order; the scenario checks that each kind is marked once)."""

    map: MapDef
    objectives: dict[str, tuple[int, ...]]
    villain_starts: dict[str, tuple[int, ...]]


def parse_map(text: str) -> MapDef:
    """The ``MapDef`` of map text (its Villain markers, if any, are read by
    ``parse_battlefield``); ValueError says which row and column is wrong."""
    return parse_battlefield(text).map


def parse_battlefield(text: str) -> Battlefield:
    """The map and Villain markers of map text; ValueError says which row and column is wrong.

    Rows are odd-r offset rows from the top; each whitespace-separated token is one hex of
    the row, left to right, so token ``col`` of row ``row`` is ``from_offset(col, row)``.
    Indentation is only for the eye. Blank lines before and after the map are ignored.
    """
    lines = text.split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise ValueError("the map is empty")
    rows = [line.split() for line in lines]
    for r, tokens in enumerate(rows):
        if not tokens:
            raise ValueError(f"row {r} is blank (use '{NO_HEX}' for a missing hex)")
        if len(tokens) != len(rows[0]):
            raise ValueError(f"row {r} has {len(tokens)} tokens, row 0 has {len(rows[0])} "
                             f"(every row lists every column; use '{NO_HEX}' for no hex)")
    hexes: list[Hex] = []
    terrain: list[str] = []
    slots: list[int] = []
    honor: list[int] = []
    treasure: list[bool] = []
    objectives: dict[str, list[int]] = {}
    starts: dict[str, list[int]] = {}
    for r, tokens in enumerate(rows):
        for col, tok in enumerate(tokens):
            if tok == NO_HEX:
                continue
            cell = len(hexes)
            if m := _VILLAIN_START.match(tok):
                starts.setdefault(KIND_LETTERS[m.group(1)], []).append(cell)
                tok = "."
            elif m := _WITH_OBJECTIVE.match(tok):
                objectives.setdefault(KIND_LETTERS[m.group(2)], []).append(cell)
                tok = m.group(1)
            t, slot, value = _token(tok, r, col)
            hexes.append(from_offset(col, r))
            terrain.append(t)
            slots.append(slot)
            honor.append(value)
            treasure.append(tok == "*")
    return Battlefield(
        map=make_map(hexes, terrain, slots, honor, treasure),
        objectives={k: tuple(objectives[k]) for k in KIND_LETTERS.values() if k in objectives},
        villain_starts={k: tuple(starts[k]) for k in KIND_LETTERS.values() if k in starts})


def _token(tok: str, row: int, col: int) -> tuple[str, int, int]:
    """(terrain, portal slot, shrine honor) of one map token."""
    if tok in _SIMPLE_TOKENS:
        t = _SIMPLE_TOKENS[tok]
        return t, 0, DEFAULT_SHRINE_HONOR if t == SHRINE else 0
    if m := _SHRINE.match(tok):
        return SHRINE, 0, int(m.group(1))
    if m := _PORTAL.match(tok):
        return PORTAL, int(m.group(1)), 0
    raise ValueError(f"row {row}, column {col}: unknown token {tok!r}")
