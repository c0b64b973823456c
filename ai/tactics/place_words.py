"""Where a unit stands or ends, in the words a hint uses: "onto the north shrine", "next to
the centre shrine", "onto the Treasure at (3,4)". Shared by the heroes' and the Boss
player's hints."""

from __future__ import annotations

from core.hexgrid import to_offset
from core.tactics.view import TacticsView
from core.tactics.words import cell_name


def _where(view: TacticsView, c: int) -> str:
    """'north', 'south-west', 'centre': where cell ``c`` sits against the middle of the map."""
    hexes = view.map.hexes
    cols = [to_offset(h)[0] for h in hexes]
    rows = [to_offset(h)[1] for h in hexes]
    col, row = to_offset(hexes[c])
    mid_c = (min(cols) + max(cols)) / 2
    mid_r = (min(rows) + max(rows)) / 2
    ns = "north" if row < mid_r - 0.5 else "south" if row > mid_r + 0.5 else ""
    we = "west" if col < mid_c - 0.5 else "east" if col > mid_c + 0.5 else ""
    return "-".join(w for w in (ns, we) if w) or "centre"


def shrine_name(view: TacticsView, c: int) -> str:
    """'the north shrine', 'the centre shrine' — with its cell when two share the words."""
    where = _where(view, c)
    twin = any(x != c and _where(view, x) == where for x in view.map.shrines)
    return f"the {where} shrine" + (f" at {cell_name(view, c)}" if twin else "")


def place_words(view: TacticsView, cell: int) -> str:
    """Where a unit ends, in words: next to / onto a shrine, onto a Treasure, or the cell."""
    m = view.map
    live = [c for c in m.shrines if view.terrain[c] == "shrine"]
    if cell in live:
        return f"onto {shrine_name(view, cell)}"
    near = [c for c in live if cell in m.neighbours[c]]
    if near:
        names = " and ".join(shrine_name(view, c) for c in near)
        return f"next to {names}"
    if cell in view.face_down:
        return f"onto the Treasure at {cell_name(view, cell)}"
    return f"to {cell_name(view, cell)}"


__all__ = ["place_words", "shrine_name"]
