"""The Tactics battlefield drawn as text: terrain, units, a cursor, reach, targets and sight.

``HexMap`` draws a ``MapPicture`` the screen prepares from the engine's view (``picture``
holds it and the legend it is drawn with) and decides nothing about the rules: which hexes
are reachable, which units can be attacked and which path a line of sight takes all arrive
as plain cell sets from the screen.

Layout: one text line per hex row and four columns per hex (``TextLayout(4, 1)``), odd
rows shifted two columns right, so the shipped maps (up to 11 hexes by 9 rows) take at
most 46 x 9 cells (Battle of the Three Shrines: 44 x 9) and fit the ~50 x 12 the Tactics
table gives the map at 80 x 24 without scrolling. Two lines per hex would need 18 rows
there, so it would always scroll; one line reads fine because every hex keeps the same
four-column shape::

    L C C R     L  marker: × target, ▸ commanded, • line of sight, » route, + reachable,
                   else the side a unit fights for (● Blue, ■ Red, ▼ Amber, ◇ Purple)
                C C  the unit's label on its side's colour (none alike on the map), else
                   the terrain glyph pair
                R  the unit's damage (¹-⁹, ! for more), else z when it is exhausted, else
                   what lies under it (an objective token's letter, ♣ forest, ⌂ shrine, @
                   portal, ...); on an empty hex, the letter of the Villains' objective
                   token lying there (B, R, U, G)

Everything a colour says is also said by a glyph or an attribute (labels, the side marks
and the markers above, reverse video for the focused cursor, underline for a commanded
unit), so the map reads without colour (``NO_COLOR``) and on 16 colours; who holds a
shrine, portal or beacon is also in ``describe``. A move's route (``show_route``) is drawn
the way a line of sight is: a marker on each hex it walks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from core.hexgrid import TextLayout
from core.tactics.board import BEACON, PLAIN, PORTAL, SHRINE
from tui.games.tactics.picture import (
    ACTIVE_MARK,
    DAMAGE_STYLE,
    EXHAUSTED_MARK,
    GLYPH,
    HINT,
    NEUTRAL,
    OBJECTIVE_LETTER,
    OBJECTIVE_NAMES,
    OBJECTIVE_STYLE,
    REACH_BG,
    REACH_MARK,
    REACH_STYLE,
    ROUTE_BG,
    ROUTE_MARK,
    ROUTE_STYLE,
    SHRINE_MARK,
    SIDE_COLORS,
    SIDE_NAMES,
    SIDE_TEXT,
    SIGHT_BG,
    SIGHT_MARK,
    SIGHT_STYLE,
    TARGET_BG,
    TARGET_MARK,
    TARGET_STYLE,
    TERRAIN_NAMES,
    TERRAIN_STYLE,
    TOKEN_GLYPH,
    TOKEN_HINT,
    TOKEN_NAMES,
    TOKEN_STYLE,
    TREASURE_GLYPH,
    TREASURE_STYLE,
    MapPicture,
    UnitMark,
    damage_mark,
    side_mark,
)

__all__ = ["HEX_HEIGHT", "HEX_WIDTH", "HexMap", "MapPicture", "UnitMark"]

HEX_WIDTH = 4
HEX_HEIGHT = 1


@cache
def _style(spec: str) -> Style:
    return Style.parse(spec) if spec else Style()


class HexMap(ScrollView, can_focus=True, inherit_bindings=False):
    """The battlefield with a cursor. Arrows or h/j/k/l move it (left/right go W/E, up/down
    alternate NW/NE so the cursor walks straight up the screen); enter or space, or a click
    on a hex, posts ``HexMap.Selected``. Every cursor move posts ``HexMap.CursorMoved``.

    ``vi_keys=False`` lets h/j/k/l fall through to the screen (the tables use ``h`` for
    hints). The container's own scroll keys are not inherited, so page keys reach the
    screen too; the map scrolls by itself to keep the cursor in view.
    """

    DEFAULT_CSS = """
    HexMap {
        width: auto;
        height: auto;
        max-width: 100%;
        max-height: 100%;
        scrollbar-size: 1 1;
    }
    """

    BINDINGS = [
        Binding("left", "move(-1, 0)", "West", show=False),
        Binding("right", "move(1, 0)", "East", show=False),
        Binding("up", "move(0, -1)", "North", show=False),
        Binding("down", "move(0, 1)", "South", show=False),
        Binding("h", "vi_move(-1, 0)", "West", show=False),
        Binding("l", "vi_move(1, 0)", "East", show=False),
        Binding("k", "vi_move(0, -1)", "North", show=False),
        Binding("j", "vi_move(0, 1)", "South", show=False),
        Binding("enter,space", "select", "Select hex", show=False),
    ]

    class Selected(Message):
        """The player chose the hex ``cell`` (enter, space or a click)."""

        def __init__(self, hexmap: HexMap, cell: int) -> None:
            super().__init__()
            self.hexmap = hexmap
            self.cell = cell

        @property
        def control(self) -> HexMap:
            return self.hexmap

    class CursorMoved(Message):
        """The cursor is now on ``cell`` (for a status line: ``describe_cursor``)."""

        def __init__(self, hexmap: HexMap, cell: int) -> None:
            super().__init__()
            self.hexmap = hexmap
            self.cell = cell

        @property
        def control(self) -> HexMap:
            return self.hexmap

    def __init__(self, picture: MapPicture | None = None, *, vi_keys: bool = True,
                 side_names: Sequence[str] = SIDE_NAMES, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.vi_keys = vi_keys
        self.side_names = tuple(side_names)
        self._picture: MapPicture | None = None
        self._layout = TextLayout(HEX_WIDTH, HEX_HEIGHT)
        self._rows: dict[int, list[int]] = {}  # hex row -> its cells, left to right
        self._units: dict[int, UnitMark] = {}
        self._cursor: int | None = None
        self._extent = (0, 0)  # the whole map's (width, height) in character cells
        # The screen column the cursor aims for on up/down, so a zigzag stays straight.
        self._goal_x: int | None = None
        self._reach: frozenset[int] = frozenset()
        self._targets: frozenset[int] = frozenset()
        self._sight: tuple[int, ...] = ()
        self._route: tuple[int, ...] = ()
        self._strips: list[Strip] | None = None
        self._strips_base: Style | None = None
        if picture is not None:
            self.update_picture(picture)

    # --- data in ---------------------------------------------------------------------------

    @property
    def picture(self) -> MapPicture | None:
        return self._picture

    @property
    def hex_layout(self) -> TextLayout:
        """Where each hex is drawn, in map (virtual) coordinates before scrolling."""
        return self._layout

    @property
    def cursor(self) -> int | None:
        """The cell under the cursor (None before the first picture)."""
        return self._cursor

    @property
    def reach(self) -> frozenset[int]:
        return self._reach

    @property
    def targets(self) -> frozenset[int]:
        return self._targets

    @property
    def sight(self) -> tuple[int, ...]:
        return self._sight

    @property
    def route(self) -> tuple[int, ...]:
        return self._route

    def update_picture(self, picture: MapPicture) -> None:
        """Draw ``picture``. On the same map the cursor, highlights and sight stay; a new
        map starts with the cursor on cell 0 and nothing highlighted."""
        old = self._picture
        if old is not None and old == picture:
            return  # a table redrawn after every action mostly shows the same map again
        self._picture = picture
        self._units = {u.cell: u for u in picture.units}
        if old is None or (old.map is not picture.map and old.map != picture.map):
            m = picture.map
            self._layout = TextLayout.fitting(m.hexes, HEX_WIDTH, HEX_HEIGHT)
            rows: dict[int, list[int]] = {}
            for c, h in enumerate(m.hexes):
                rows.setdefault(h.r, []).append(c)
            for cells in rows.values():
                cells.sort(key=lambda c: self._x(c))
            self._rows = rows
            self._extent = self._layout.extent(m.hexes)
            self.virtual_size = Size(*self._extent)
            self._cursor, self._goal_x = 0, None
            self._reach, self._targets, self._sight = frozenset(), frozenset(), ()
            self._route = ()
            self.refresh(layout=True)
        self._changed()

    def highlight(self, reach: Iterable[int] = (), targets: Iterable[int] = ()) -> None:
        """Tint the hexes a unit can move to (``reach``) and the ones it can attack."""
        marks = frozenset(reach), frozenset(targets)
        if marks != (self._reach, self._targets):
            self._reach, self._targets = marks
            self._changed()

    def clear_highlight(self) -> None:
        self.highlight((), ())

    def show_sight(self, path: Sequence[int] | None) -> None:
        """Draw a line of sight through ``path`` (cells, shooter to target); None clears it."""
        sight = tuple(path) if path else ()
        if sight != self._sight:
            self._sight = sight
            self._changed()

    def show_route(self, path: Sequence[int] | None) -> None:
        """Draw the route of a move through ``path`` (the cells it enters); None clears
        it."""
        route = tuple(path) if path else ()
        if route != self._route:
            self._route = route
            self._changed()

    def set_cursor(self, cell: int) -> None:
        """Put the cursor on ``cell`` and scroll it into view."""
        if self._picture is None or not 0 <= cell < len(self._picture.map.hexes):
            raise ValueError(f"no cell {cell} on this map")
        self._goal_x = self._x(cell)
        self._put_cursor(cell)

    # --- text out ----------------------------------------------------------------------------

    def describe_cursor(self) -> str:
        """What is under the cursor, in words: terrain, unit, treasure, shrine control."""
        return "" if self._cursor is None else self.describe(self._cursor)

    def describe(self, cell: int) -> str:
        p = self._picture
        if p is None:
            return ""
        parts = [self._terrain_words(cell)]
        token = p.tokens.get(cell)
        if token:
            parts.append(TOKEN_NAMES.get(token, token))
        objective = p.objectives.get(cell)
        if objective:
            parts.append(OBJECTIVE_NAMES.get(objective, objective))
        if cell in p.treasure:
            parts.append("face-down Treasure")
        unit = self._units.get(cell)
        if unit is not None:
            words = f"{unit.label} ({side_mark(unit.side)} {self._side_name(unit.side)})"
            if unit.damage:
                words += f", {unit.damage} damage"
                if unit.defense:
                    words += f" of {unit.defense} Defense"
            elif unit.defense:
                words += f", Defense {unit.defense}"
            if unit.exhausted:
                words += ", exhausted"
            if unit.active:
                words += ", commanded"
            parts.append(words)
        if cell in self._targets:
            parts.append("can be attacked")
        elif cell in self._reach:
            parts.append("can move here")
        if cell in self._sight:
            parts.append("on the line of sight")
        if cell in self._route:
            parts.append("on the route")
        return " · ".join(parts)

    def text_lines(self) -> list[str]:
        """The whole map as plain text, one string per line, before scrolling."""
        return [strip.text for strip in self._all_strips(Style())]

    def cell_at(self, x: int, y: int) -> int | None:
        """The cell drawn at content offset ``(x, y)`` of the widget as scrolled now."""
        if self._picture is None:
            return None
        sx, sy = self.scroll_offset
        return self._picture.map.cell(self._layout.from_cell(x + sx, y + sy))

    # --- keys and mouse ------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # A disabled binding lets the key go on to the screen's own binding for it.
        if action == "vi_move":
            return self.vi_keys
        return True

    def action_move(self, dx: int, dy: int) -> None:
        """One step: dx = -1/+1 is W/E, dy = -1/+1 is up/down the screen."""
        if self._cursor is None:
            return
        if dx:
            target = self._horizontal(dx)
            if target is not None:
                self._goal_x = self._x(target)
        else:
            if self._goal_x is None:
                self._goal_x = self._x(self._cursor)
            target = self._vertical(dy)
        if target is not None:
            self._put_cursor(target)

    def action_vi_move(self, dx: int, dy: int) -> None:
        self.action_move(dx, dy)

    def action_select(self) -> None:
        if self._cursor is not None:
            self.post_message(self.Selected(self, self._cursor))

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        cell = self.cell_at(offset.x, offset.y)
        if cell is None:
            return
        event.stop()
        self.focus()
        self._goal_x = self._x(cell)
        self._put_cursor(cell)
        self.post_message(self.Selected(self, cell))

    def on_focus(self) -> None:
        self._changed()

    def on_blur(self) -> None:
        self._changed()

    def on_resize(self) -> None:
        self._scroll_to_cursor()

    # --- cursor geometry -------------------------------------------------------------------------

    def _x(self, cell: int) -> int:
        assert self._picture is not None
        return self._layout.to_cell(self._picture.map.hexes[cell])[0]

    def _horizontal(self, dx: int) -> int | None:
        """The next hex W or E in the cursor's row; gaps ("no hex") are jumped."""
        assert self._picture is not None and self._cursor is not None
        row = self._rows[self._picture.map.hexes[self._cursor].r]
        i = row.index(self._cursor) + dx
        return row[i] if 0 <= i < len(row) else None

    def _vertical(self, dy: int) -> int | None:
        """The hex straight up or down the screen: in the next row that has a hex within
        half a hex of the cursor's column, the one nearest the goal column. Ties (both
        neighbours equally near) keep the odd-r offset column, which alternates NE and NW
        on the way up, so repeated presses walk a straight line."""
        assert self._picture is not None and self._cursor is not None
        here = self._picture.map.hexes[self._cursor]
        x = self._x(self._cursor)
        goal = x if self._goal_x is None else self._goal_x
        half = HEX_WIDTH // 2
        # Odd-r: from an even row the same offset column lies half a hex right, from an
        # odd row half a hex left.
        lean = 1 if here.r % 2 == 0 else -1
        r = here.r + dy
        while min(self._rows) <= r <= max(self._rows):
            near = [c for c in self._rows.get(r, ()) if abs(self._x(c) - x) <= half]
            if near:
                return min(near, key=lambda c: (abs(self._x(c) - goal), -lean * self._x(c)))
            r += dy
        return None

    def _put_cursor(self, cell: int) -> None:
        moved = cell != self._cursor
        self._cursor = cell
        self._changed()
        self._scroll_to_cursor()
        if moved:
            self.post_message(self.CursorMoved(self, cell))

    def _scroll_to_cursor(self) -> None:
        if self._picture is None or self._cursor is None:
            return
        x, y = self._layout.to_cell(self._picture.map.hexes[self._cursor])
        # Keep one hex of the surroundings in view when there is room for it: what is next
        # to the cursor matters as much as the hex under it.
        width, height = self.scrollable_content_region.size
        across = HEX_WIDTH if width >= 3 * HEX_WIDTH else 0
        down = HEX_HEIGHT if height >= 3 * HEX_HEIGHT else 0
        self.scroll_to_region(Region(x, y, HEX_WIDTH, HEX_HEIGHT),
                              spacing=Spacing(down, across, down, across), animate=False,
                              immediate=True)

    # --- drawing -----------------------------------------------------------------------------

    def _changed(self) -> None:
        self._strips = None
        self.refresh()

    def render_line(self, y: int) -> Strip:
        base = self.rich_style
        if self._strips is None or self._strips_base != base:
            self._strips = self._all_strips(base)
            self._strips_base = base
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width  # scrollbars take their share
        row = scroll_y + y
        if not 0 <= row < len(self._strips):
            return Strip.blank(width, base)
        return self._strips[row].crop_extend(scroll_x, scroll_x + width, base)

    def _all_strips(self, base: Style) -> list[Strip]:
        """Every line of the map, uncropped, each character styled over ``base``."""
        p = self._picture
        if p is None:
            return []
        width, height = self._extent
        blank = (" ", base)
        grid = [[blank] * width for _ in range(height)]
        for c, h in enumerate(p.map.hexes):
            x, y = self._layout.to_cell(h)
            for i, (ch, spec, tint) in enumerate(self._hex(c)):
                style = _style(spec)
                if tint and style.bgcolor is None:
                    style += Style(bgcolor=tint)
                grid[y][x + i] = (ch, base + style)
        strips = []
        for line in grid:
            segments: list[Segment] = []
            run, run_style = "", base
            for ch, style in line:
                if style == run_style:
                    run += ch
                    continue
                if run:
                    segments.append(Segment(run, run_style))
                run, run_style = ch, style
            if run:
                segments.append(Segment(run, run_style))
            strips.append(Strip(segments, width))
        return strips

    def _hex(self, c: int) -> list[tuple[str, str, str]]:
        """The four columns of cell ``c``: (character, style, background tint)."""
        p = self._picture
        assert p is not None
        unit = self._units.get(c)
        terrain = p.terrain[c]
        token = p.tokens.get(c)
        objective = p.objectives.get(c)
        if unit is not None:
            side = unit.side % len(SIDE_COLORS)
            if unit.exhausted:
                chip = f"{SIDE_COLORS[side]} on #3a3a3a"
            else:
                chip = f"bold {SIDE_TEXT[side]} on {SIDE_COLORS[side]}"
            if unit.active:
                chip += " underline"
            label = unit.label[:2].ljust(2)
            middle = [(label[0], chip), (label[1], chip)]
            # Whose unit it is, by shape: the colour says it again where there is colour.
            left = (side_mark(side), f"bold {SIDE_COLORS[side]}")
            if unit.active:
                left = (ACTIVE_MARK, f"bold {SIDE_COLORS[side]}")
            # After the label: its damage, else that it is exhausted, else what it stands on.
            if unit.damage:
                right = (damage_mark(unit.damage), DAMAGE_STYLE)
            elif unit.exhausted:
                right = (EXHAUSTED_MARK, "dim")
            elif objective:
                right = (OBJECTIVE_LETTER.get(objective, "?"), OBJECTIVE_STYLE.get(objective, ""))
            elif token:
                right = (TOKEN_HINT.get(token, "?"), TOKEN_STYLE.get(token, ""))
            elif c in p.treasure and terrain == PLAIN:
                right = ("$", TREASURE_STYLE)
            else:
                right = (HINT.get(terrain, "?"), self._terrain_style(c))
        else:
            glyph, spec = self._glyph(c)
            middle = [(glyph[0], spec), (glyph[1], spec)]
            left, right = (" ", ""), (" ", "")
            if objective:
                right = (OBJECTIVE_LETTER.get(objective, "?"), OBJECTIVE_STYLE.get(objective, ""))
        tint = ""
        if c in self._reach:
            left, tint = (REACH_MARK, REACH_STYLE), REACH_BG
        if c in self._route:
            left, tint = (ROUTE_MARK, ROUTE_STYLE), ROUTE_BG
        if c in self._sight:
            left, tint = (SIGHT_MARK, SIGHT_STYLE), SIGHT_BG
        if c in self._targets:
            left, tint = (TARGET_MARK, TARGET_STYLE), TARGET_BG
        cols = [left, *middle, right]
        out = [(ch, spec, tint) for ch, spec in cols]
        if c == self._cursor:
            # Reverse video is an attribute, not a colour: the cursor shows on any terminal.
            mark = " reverse bold" if self.has_focus else " underline"
            out = [(ch, (spec + mark).strip(), tint) for ch, spec, tint in out]
        return out

    def _glyph(self, c: int) -> tuple[str, str]:
        """The two-column glyph and style of an empty hex."""
        p = self._picture
        assert p is not None
        token = p.tokens.get(c)
        if token:
            return TOKEN_GLYPH.get(token, "??"), TOKEN_STYLE.get(token, "bold")
        terrain = p.terrain[c]
        if c in p.treasure and terrain == PLAIN:
            return TREASURE_GLYPH, TREASURE_STYLE
        if terrain == SHRINE:
            honor = p.map.shrine_honor[c]
            return SHRINE_MARK + (str(honor) if 0 < honor < 10 else "+"), self._terrain_style(c)
        return GLYPH.get(terrain, "??"), self._terrain_style(c)

    def _terrain_style(self, c: int) -> str:
        p = self._picture
        assert p is not None
        terrain = p.terrain[c]
        owner = {PORTAL: p.portal_side, SHRINE: p.shrine_side, BEACON: p.beacon_side}.get(terrain)
        if owner is not None:
            side = owner[c]
            return f"bold {SIDE_COLORS[side % len(SIDE_COLORS)]}" if side >= 0 \
                else f"bold {NEUTRAL}"
        return TERRAIN_STYLE.get(terrain, "")

    def _side_name(self, side: int) -> str:
        if 0 <= side < len(self.side_names):
            return self.side_names[side]
        return f"side {side + 1}"

    def _terrain_words(self, c: int) -> str:
        p = self._picture
        assert p is not None
        terrain = p.terrain[c]
        name = TERRAIN_NAMES.get(terrain, terrain)
        if terrain == SHRINE:
            side = p.shrine_side[c]
            held = f"held by {self._side_name(side)}" if side >= 0 else "held by nobody"
            return f"{name} ({p.map.shrine_honor[c]} Honor, {held})"
        if terrain == PORTAL:
            side = p.portal_side[c]
            if side < 0:
                return f"{name} (unused)"
            return f"{name} of {p.portal_owners.get(c) or self._side_name(side)}"
        if terrain == BEACON:
            side = p.beacon_side[c]
            return f"{name} of {self._side_name(side)}" if side >= 0 else f"{name} (unclaimed)"
        return name
