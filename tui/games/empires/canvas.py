"""The Starmap drawn in character cells: half blocks for the discs and their orbits, then
marks over them for what a colour alone would not say (``picture`` holds the legend).

Each cell is two square pixels, one above the other (``▀`` in the top pixel's colour on the
bottom pixel's), so a cell two pixels high and one wide is about square on a terminal and the
map is drawn round. The map takes the largest square that fits: at 80 x 24 the table gives it
38 x 19 cells (24 mm a pixel, a location disc about three cells across); at 120 x 40 about
64 x 32 (14 mm). Floats are fine here: the screen only shows where the integer physics put
things.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from rich.style import Style

from tui.games.empires.picture import (
    GUARDIAN_COLOUR,
    ROBOT_COLOUR,
    SETTLER,
    SETTLER_COLOUR,
    SPACE,
    StarPicture,
    glyph,
    holder_mark,
)

Cell = tuple[str, Style]
Put = Callable[..., None]
AIM_DOT = "·"
AIM_END = "×"
RING_DOT = "∙"
BAND_SHADE = 0.35  # how much of a location's colour its orbit band keeps


@dataclass(frozen=True)
class Scale:
    """Where the map sits in a grid of ``cols`` x ``rows`` cells: ``side`` pixels square,
    from pixel (``left``, ``top``); ``unit`` map units a pixel."""

    cols: int
    rows: int
    side: int
    left: int
    top: int
    unit: float
    half: int

    def to_pixel(self, x: float, y: float) -> tuple[float, float]:
        """Pixel coordinates (fractional) of a map point."""
        return (self.left + (x + self.half) / self.unit, self.top + (self.half - y) / self.unit)

    def to_cell(self, x: float, y: float) -> tuple[int, int]:
        """The cell (column, row) a map point falls in."""
        px, py = self.to_pixel(x, y)
        return int(px), int(py) // 2

    def to_map(self, col: int, row: int) -> tuple[int, int]:
        """The map point at the middle of a cell (for the mouse)."""
        x = (col + 0.5 - self.left) * self.unit - self.half
        y = self.half - (2 * row + 1 - self.top) * self.unit
        return round(x), round(y)


def scale(cols: int, rows: int, half: int) -> Scale:
    side = max(1, min(cols, 2 * rows))
    return Scale(cols, rows, side, (cols - side) // 2, (2 * rows - side) // 2,
                 2 * half / side, half)


def _mix(colour: str, amount: float, base: str = SPACE) -> str:
    """``colour`` faded towards ``base``."""
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(base[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(y + (x - y) * amount):02x}" for x, y in zip(a, b, strict=True))


def pixels(p: StarPicture, sc: Scale) -> list[list[str | None]]:
    """The colour of every pixel: space, location discs, their orbit bands; None off the
    map."""
    h = 2 * sc.rows
    grid: list[list[str | None]] = [[None] * sc.cols for _ in range(h)]
    for py in range(sc.top, min(h, sc.top + sc.side)):
        for px in range(sc.left, min(sc.cols, sc.left + sc.side)):
            grid[py][px] = SPACE
    r_loc, r_orbit = p.radius.get("location", 3200), p.radius.get("orbit", 4800)
    for place in p.places:
        cx, cy = sc.to_pixel(place.x, place.y)
        reach = r_orbit / sc.unit + 1
        band = _mix(place.fill, BAND_SHADE)
        for py in range(max(0, int(cy - reach)), min(h, int(cy + reach) + 1)):
            for px in range(max(0, int(cx - reach)), min(sc.cols, int(cx + reach) + 1)):
                if grid[py][px] is None:
                    continue
                d = math.hypot(px + 0.5 - cx, py + 0.5 - cy) * sc.unit
                if d <= r_loc:
                    grid[py][px] = place.fill
                elif d <= r_orbit and place.orbit:
                    grid[py][px] = band
    return grid


def draw(p: StarPicture, cols: int, rows: int) -> list[list[Cell]]:
    """The map in ``cols`` x ``rows`` cells."""
    sc = scale(cols, rows, p.half_width)
    px = pixels(p, sc)
    cells: list[list[Cell]] = []
    for r in range(rows):
        line: list[Cell] = []
        for c in range(cols):
            top, bottom = px[2 * r][c], px[2 * r + 1][c]
            if top == bottom:
                line.append((" ", Style(bgcolor=top)))
            else:
                line.append(("▀", Style(color=top, bgcolor=bottom)))
        cells.append(line)
    marked: set[tuple[int, int]] = set()

    def put(x: float, y: float, ch: str, style: Style, *, dx: int = 0, dy: int = 0,
            over: bool = True) -> None:
        col, row = sc.to_cell(x, y)
        col, row = col + dx, row + dy
        if not (0 <= row < rows and 0 <= col < cols):
            return
        if not over and (col, row) in marked:
            return
        ppx, ppy = sc.to_pixel(x, y)
        half = 1 if ppy - 2 * (row - dy) >= 1 else 0
        under = px[2 * row + half][col] or px[2 * row][col]
        cells[row][col] = (ch, Style(bgcolor=under) + style)
        marked.add((col, row))

    _draw_aim(p, sc, put)
    _draw_rings(p, sc, put)
    settler_ink = Style(color=SETTLER_COLOUR, bold=True)
    for place in p.places:
        ink = Style(color="#000000", bold=True)
        put(place.x, place.y, place.letter, ink)
        mark = holder_mark(place.holder)
        if mark:
            colour = (p.colours[place.holder] if place.holder is not None
                      and 0 <= place.holder < len(p.colours) else "#000000")
            put(place.x, place.y, mark, Style(color=colour, bold=True, bgcolor="#000000"),
                dx=-1)
        if place.pieces:
            put(place.x, place.y, str(min(place.pieces, 9)), ink, dx=1)
        if place.settlers:  # above the letter: the row of marks beside it is full
            put(place.x, place.y, SETTLER, settler_ink, dy=-1)
            if place.settlers > 1:
                put(place.x, place.y, str(min(place.settlers, 9)), settler_ink, dx=1, dy=-1)
    for piece in sorted(p.pieces, key=lambda q: (q.id == p.selected, q.id)):
        colour = p.colours[piece.seat] if 0 <= piece.seat < len(p.colours) else (
            ROBOT_COLOUR if piece.kind == "robot" else GUARDIAN_COLOUR)
        style = Style(color=colour, bold=True)
        if piece.kind == "advanced":
            style += Style(underline=True)
        if piece.id == p.selected:
            style += Style(reverse=True)
        elif piece.id == p.hinted:
            style += Style(underline=True, italic=True)
        put(piece.x, piece.y, glyph(piece), style)
        if piece.settlers:  # carried: beside the ship, never over another mark
            put(piece.x, piece.y, SETTLER, settler_ink, dx=1, over=False)
    return cells


def _draw_aim(p: StarPicture, sc: Scale, put: Put) -> None:
    """The aim line from the chosen ship: a dot every half pixel out to where a free slide
    at this power would stop, a cross there."""
    if p.aim is None or p.selected is None:
        return
    ship = p.piece(p.selected)
    if ship is None:
        return
    angle, reach = p.aim
    ux, uy = math.cos(math.radians(angle / 100)), math.sin(math.radians(angle / 100))
    colour = p.colours[ship.seat] if 0 <= ship.seat < len(p.colours) else GUARDIAN_COLOUR
    style = Style(color=colour, bold=True)
    step = sc.unit / 2
    n = int(reach / step)
    start = p.radius.get("ship", 1100) + step
    d = start
    while d < reach and n > 0:
        put(ship.x + ux * d, ship.y + uy * d, AIM_DOT, style, over=False)
        d += step
    put(ship.x + ux * reach, ship.y + uy * reach, AIM_END, style)


def _draw_rings(p: StarPicture, sc: Scale, put: Put) -> None:
    """The range ruler's reach round the chosen ship, dotted."""
    if not p.rings or p.selected is None:
        return
    ship = p.piece(p.selected)
    if ship is None:
        return
    for radius in p.rings:
        count = max(24, int(2 * math.pi * radius / sc.unit))
        for k in range(count):
            a = 2 * math.pi * k / count
            put(ship.x + radius * math.cos(a), ship.y + radius * math.sin(a), RING_DOT,
                Style(color="#a0a0a0"), over=False)
