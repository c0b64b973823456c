"""The Tactics HexMap widget driven by Pilot: glyphs where the layout puts them, the cursor
walking the brick rows by keys, selection by keys and by mouse, highlights, sight, units,
and scrolling inside a box smaller than the map."""

from __future__ import annotations

from typing import Any

from rich.color import ColorSystem
from rich.style import Style
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.containers import Container
from textual.filter import Monochrome, NoColor

from core.hexgrid import Hex, from_offset, to_offset
from core.tactics.board import MapDef
from core.tactics.scenarios import parse_map, scenario
from tui.games.tactics.hexmap import HexMap
from tui.games.tactics.picture import (
    REACH_BG,
    SIDE_COLORS,
    SIGHT_BG,
    TARGET_BG,
    MapPicture,
    UnitMark,
)

SIZE = (80, 24)
SHRINES = scenario("battle_of_three_shrines").map


def cell(m: MapDef, col: int, row: int) -> int:
    """The cell at odd-r offset ``(col, row)`` — the column and row of the map text."""
    c = m.cell(from_offset(col, row))
    assert c is not None, f"no hex at column {col}, row {row}"
    return c


def offset_of(m: MapDef, c: int) -> tuple[int, int]:
    return to_offset(m.hexes[c])


class MapApp(App[None]):
    """One HexMap, alone or boxed in 40 x 8; records what the map posts."""

    CSS = "#box { width: 40; height: 8; }"
    BINDINGS = [Binding("h", "hint", "Hint")]

    def __init__(self, picture: MapPicture, *, boxed: bool = False, vi_keys: bool = True
                 ) -> None:
        super().__init__()
        self.picture = picture
        self.boxed = boxed
        self.vi_keys = vi_keys
        self.selected: list[int] = []
        self.moved: list[int] = []
        self.hints = 0

    def compose(self) -> ComposeResult:
        hexmap = HexMap(self.picture, vi_keys=self.vi_keys)
        if self.boxed:
            with Container(id="box"):
                yield hexmap
        else:
            yield hexmap

    def on_mount(self) -> None:
        self.query_one(HexMap).focus()

    def on_hex_map_selected(self, event: HexMap.Selected) -> None:
        assert event.control is self.query_one(HexMap)
        self.selected.append(event.cell)

    def on_hex_map_cursor_moved(self, event: HexMap.CursorMoved) -> None:
        self.moved.append(event.cell)

    def action_hint(self) -> None:
        self.hints += 1


def screen_lines(w: HexMap) -> list[str]:
    """What the widget draws now (scrolled), line by line."""
    return [w.render_line(y).text for y in range(w.scrollable_content_region.height)]


def style_at(w: HexMap, x: int, y: int) -> Style:
    """The style of the character the widget draws at content offset ``(x, y)``."""
    pos = 0
    for seg in w.render_line(y):
        if pos <= x < pos + len(seg.text):
            assert seg.style is not None
            return seg.style
        pos += len(seg.text)
    raise AssertionError(f"nothing drawn at {x}, {y}")


def block(w: HexMap, c: int) -> str:
    """The four characters drawn for cell ``c``, read from the (scrolled) screen lines."""
    assert w.picture is not None
    x, y = w.hex_layout.to_cell(w.picture.map.hexes[c])
    sx, sy = w.scroll_offset
    return screen_lines(w)[y - sy][x - sx: x - sx + 4]


def with_units(picture: MapPicture, *units: UnitMark) -> MapPicture:
    return MapPicture(picture.map, picture.terrain, picture.portal_side, picture.shrine_side,
                      picture.beacon_side, picture.treasure, picture.tokens, units)


async def test_three_shrines_glyphs_at_layout_positions() -> None:
    picture = MapPicture.of_map(SHRINES)
    app = MapApp(picture)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        w = app.query_one(HexMap)
        # The whole map fits at 80 x 24: 11 hexes of 4 columns, 9 rows, no scrolling.
        assert (w.size.width, w.size.height) == (44, 9)
        assert w.scroll_offset == (0, 0)
        lines = screen_lines(w)
        assert lines == w.text_lines()
        m = SHRINES
        # Rows are odd-r: row 1 starts two columns right of row 0's first column.
        assert w.hex_layout.to_cell(from_offset(0, 2)) == (0, 2)
        assert w.hex_layout.to_cell(from_offset(0, 1)) == (2, 1)
        assert block(w, cell(m, 0, 4)) == " @@ "  # P1
        assert block(w, cell(m, 10, 4)) == " @@ "  # P2
        assert block(w, cell(m, 5, 4)) == " ⌂2 "  # the middle shrine, worth 2
        assert block(w, cell(m, 3, 0)) == " ♣♣ "  # a forest
        assert block(w, cell(m, 5, 0)) == " $$ "  # a treasure
        assert block(w, cell(m, 1, 0)) == " ·· "  # plain (the cursor is a style, not a glyph)
        assert lines[0][:4] == "    "  # row 0, column 0 is no hex
        assert lines[4].startswith(" @@  ··  ··")
        # Portals in their owner's colour; the neutral shrine is not a side colour.
        x, y = w.hex_layout.to_cell(m.hexes[cell(m, 10, 4)])
        assert style_at(w, x + 1, y).color.name == SIDE_COLORS[1]  # type: ignore[union-attr]
        x, y = w.hex_layout.to_cell(m.hexes[cell(m, 5, 2)])
        assert style_at(w, x + 1, y).color.name not in SIDE_COLORS  # type: ignore[union-attr]
        assert w.describe(cell(m, 5, 2)) == "Shrine (2 Honor, held by nobody)"
        assert "face-down Treasure" in w.describe(cell(m, 5, 0))


async def test_arrows_walk_the_brick_rows() -> None:
    m = SHRINES
    app = MapApp(MapPicture.of_map(m))
    async with app.run_test(size=SIZE) as pilot:
        w = app.query_one(HexMap)
        w.set_cursor(cell(m, 5, 4))
        await pilot.press("right")
        assert offset_of(m, w.cursor) == (6, 4)  # type: ignore[arg-type]
        await pilot.press("left", "left")
        assert offset_of(m, w.cursor) == (4, 4)  # type: ignore[arg-type]
        start = w.cursor
        x0 = w.hex_layout.to_cell(m.hexes[start])[0]  # type: ignore[index]
        # Up from an even row: NE (same offset column); then NW: straight up the screen.
        await pilot.press("up")
        assert m.hexes[w.cursor] == Hex(m.hexes[start].q + 1, 3)  # type: ignore[index]
        assert offset_of(m, w.cursor) == (4, 3)  # type: ignore[arg-type]
        await pilot.press("up")
        assert m.hexes[w.cursor] == Hex(m.hexes[start].q + 1, 2)  # type: ignore[index]
        assert w.hex_layout.to_cell(m.hexes[w.cursor])[0] == x0  # type: ignore[index]
        await pilot.press("down", "down")
        assert w.cursor == start
        await pilot.press("down")  # even row down: SE, then SW
        assert offset_of(m, w.cursor) == (4, 5)  # type: ignore[arg-type]
        await pilot.press("down")
        assert offset_of(m, w.cursor) == (4, 6)  # type: ignore[arg-type]
        # A sideways step resets the column the cursor aims for.
        await pilot.press("right", "up", "up")
        assert offset_of(m, w.cursor) == (5, 4)  # type: ignore[arg-type]
        # vi keys do the same.
        await pilot.press("l", "k", "j", "h")
        assert offset_of(m, w.cursor) == (5, 4)  # type: ignore[arg-type]
        assert app.moved[-1] == w.cursor and len(app.moved) >= 10
        assert app.hints == 0


async def test_cursor_stops_at_edges_and_skips_gaps() -> None:
    m = SHRINES
    app = MapApp(MapPicture.of_map(m))
    async with app.run_test(size=SIZE) as pilot:
        w = app.query_one(HexMap)
        w.set_cursor(cell(m, 0, 4))  # P1, the west edge
        await pilot.press("left")
        assert offset_of(m, w.cursor) == (0, 4)  # type: ignore[arg-type]
        await pilot.press("up", "up", "up")
        assert offset_of(m, w.cursor) == (0, 1)  # type: ignore[arg-type]
        # Row 0 has no hex at column 0: the only hex above is up-right.
        await pilot.press("up")
        assert offset_of(m, w.cursor) == (1, 0)  # type: ignore[arg-type]
        moved = len(app.moved)
        await pilot.press("up", "left")  # top edge; nothing west of (1, 0)
        assert offset_of(m, w.cursor) == (1, 0)  # type: ignore[arg-type]
        assert len(app.moved) == moved  # no move, no message
        w.set_cursor(cell(m, 9, 8))
        await pilot.press("down", "right")
        assert offset_of(m, w.cursor) == (9, 8)  # type: ignore[arg-type]

    # A map with holes: sideways jumps over them, up/down crosses a row with no hex above.
    holes = parse_map("""
    .  .  .  .  .
      .  -  -  .  .
    .  .  .  .  .
    """)
    app = MapApp(MapPicture.of_map(holes))
    async with app.run_test(size=SIZE) as pilot:
        w = app.query_one(HexMap)
        w.set_cursor(cell(holes, 0, 1))
        await pilot.press("right")
        assert offset_of(holes, w.cursor) == (3, 1)  # type: ignore[arg-type]
        w.set_cursor(cell(holes, 2, 2))
        await pilot.press("up")
        assert offset_of(holes, w.cursor) == (2, 0)  # type: ignore[arg-type]
        await pilot.press("down")
        assert offset_of(holes, w.cursor) == (2, 2)  # type: ignore[arg-type]


async def test_enter_space_and_click_select() -> None:
    m = SHRINES
    app = MapApp(MapPicture.of_map(m))
    async with app.run_test(size=SIZE) as pilot:
        w = app.query_one(HexMap)
        w.set_cursor(cell(m, 5, 4))
        await pilot.press("enter")
        await pilot.press("right", "space")
        await pilot.pause()
        assert app.selected == [cell(m, 5, 4), cell(m, 6, 4)]
        # A click anywhere in a hex's four columns picks it, moves the cursor and focuses.
        w.blur()
        await pilot.pause()
        target = cell(m, 1, 7)  # a treasure on an odd row
        x, y = w.hex_layout.to_cell(m.hexes[target])
        assert await pilot.click(HexMap, offset=(x + 3, y))
        await pilot.pause()
        assert app.selected[-1] == target and w.cursor == target and w.has_focus
        assert w.describe_cursor() == "Plain · face-down Treasure"
        # The space between two hexes of a row belongs to a hex; outside the map nothing.
        assert w.cell_at(0, 0) is None
        assert await pilot.click(HexMap, offset=(1, 0))
        await pilot.pause()
        assert app.selected[-1] == target


async def test_highlight_and_sight_are_drawn() -> None:
    m = SHRINES
    me, enemy = cell(m, 3, 4), cell(m, 6, 4)
    picture = with_units(MapPicture.of_map(m), UnitMark(me, 0, "Ic"), UnitMark(enemy, 1, "Kr"))
    app = MapApp(picture)
    async with app.run_test(size=SIZE) as pilot:
        w = app.query_one(HexMap)
        w.set_cursor(cell(m, 1, 0))
        reach = {cell(m, 2, 4), cell(m, 4, 4), cell(m, 3, 3)}
        w.highlight(reach, {enemy})
        await pilot.pause()
        for c in reach:
            assert block(w, c)[0] == "+"
            x, y = w.hex_layout.to_cell(m.hexes[c])
            assert style_at(w, x + 1, y).bgcolor.name == REACH_BG  # type: ignore[union-attr]
        assert block(w, enemy) == "×Kr♣"  # the Forest under it, after the label
        x, y = w.hex_layout.to_cell(m.hexes[enemy])
        assert style_at(w, x, y).bgcolor.name == TARGET_BG  # type: ignore[union-attr]
        assert "can be attacked" in w.describe(enemy)
        assert "can move here" in w.describe(cell(m, 2, 4))

        path = [me, cell(m, 4, 4), cell(m, 5, 4), enemy]
        w.show_sight(path)
        await pilot.pause()
        assert block(w, cell(m, 5, 4)) == "•⌂2 "
        x, y = w.hex_layout.to_cell(m.hexes[cell(m, 5, 4)])
        assert style_at(w, x + 1, y).bgcolor.name == SIGHT_BG  # type: ignore[union-attr]
        assert block(w, cell(m, 4, 4))[0] == "•"  # sight wins over reach
        assert block(w, enemy)[0] == "×"  # the target mark wins over sight
        assert w.sight == tuple(path)

        w.show_sight(None)
        w.clear_highlight()
        await pilot.pause()
        assert block(w, cell(m, 5, 4)) == " ⌂2 "
        assert block(w, enemy) == "■Kr♣"  # Red's mark; the Forest peeks out after the label
        assert not any("•" in line or "+" in line for line in screen_lines(w))


async def test_units_damage_exhausted_and_active() -> None:
    m = SHRINES
    a, b, c, d = cell(m, 3, 4), cell(m, 4, 4), cell(m, 0, 4), cell(m, 5, 4)
    picture = with_units(
        MapPicture.of_map(m),
        UnitMark(a, 0, "Ic", damage=2, defense=4),
        UnitMark(b, 1, "Ty", exhausted=True),
        UnitMark(c, 0, "c1", active=True),
        UnitMark(d, 2, "Ps", damage=12, defense=9, exhausted=True),
    )
    shrine_side = tuple(2 if x == d else -1 for x in range(len(m.hexes)))
    picture = MapPicture(m, picture.terrain, picture.portal_side, shrine_side,
                         picture.beacon_side, picture.treasure, picture.tokens, picture.units)
    app = MapApp(picture)
    async with app.run_test(size=SIZE) as pilot:
        w = app.query_one(HexMap)
        w.set_cursor(cell(m, 1, 0))
        await pilot.pause()
        assert block(w, a) == "●Ic²"  # Blue's mark, damage as a superscript (not "Ic2")
        assert block(w, b) == "■Tyz"  # exhausted, after the label: the side mark stays
        assert block(w, c) == "▸c1@"  # being commanded, standing on its portal
        assert block(w, d) == "▼Ps!"  # more damage than a digit
        xa, ya = w.hex_layout.to_cell(m.hexes[a])
        xb, yb = w.hex_layout.to_cell(m.hexes[b])
        ready = style_at(w, xa + 1, ya)
        tired = style_at(w, xb + 1, yb)
        # Ready units are chips on their side's colour; exhausted ones are greyed out.
        assert ready.bgcolor.name == SIDE_COLORS[0] and ready.bold  # type: ignore[union-attr]
        assert tired.bgcolor.name not in SIDE_COLORS  # type: ignore[union-attr]
        assert tired.color.name == SIDE_COLORS[1]  # type: ignore[union-attr]
        xc, yc = w.hex_layout.to_cell(m.hexes[c])
        assert style_at(w, xc + 1, yc).underline
        # A unit hides the terrain glyph; the column after its label hints at it.
        w.update_picture(with_units(picture, UnitMark(cell(m, 3, 3), 1, "Kr")))
        await pilot.pause()
        assert block(w, cell(m, 3, 3)) == "■Kr♣"
        assert block(w, a) == " ·· "  # moved away: the plain hex again
        w.update_picture(picture)
        w.set_cursor(a)
        assert w.describe_cursor() == "Plain · Ic (● Blue), 2 damage of 4 Defense"
        assert w.describe(b) == "Forest · Ty (■ Red), exhausted"
        assert w.describe(c) == "Portal of Blue · c1 (● Blue), commanded"
        assert w.describe(d) == ("Shrine (2 Honor, held by Amber) · "
                                 "Ps (▼ Amber), 12 damage of 9 Defense, exhausted")


async def test_small_box_scrolls_to_keep_the_cursor_visible() -> None:
    m = SHRINES
    app = MapApp(MapPicture.of_map(m), boxed=True)
    async with app.run_test(size=SIZE) as pilot:
        w = app.query_one(HexMap)
        await pilot.pause()
        assert w.outer_size.width <= 40 and w.outer_size.height <= 8
        view = w.scrollable_content_region.size  # inside the scrollbars
        assert view.height < 9 and view.width < 44  # the map does not fit: it scrolls
        w.set_cursor(cell(m, 0, 4))
        await pilot.pause()
        west = w.scroll_offset
        for _ in range(10):
            await pilot.press("right")
        await pilot.press("down", "down", "down", "down")
        await pilot.pause()
        # East along row 4 to P2, then down: SW (no hex SE), SE, SW, SW (row 8 ends early).
        assert offset_of(m, w.cursor) == (9, 8)  # type: ignore[arg-type]
        sx, sy = w.scroll_offset
        assert sx > west.x and sy > 0
        x, y = w.hex_layout.to_cell(m.hexes[w.cursor])  # type: ignore[index]
        # Visible with a hex of the surroundings (but the map's edge) on each side.
        assert sx <= x - 4 and x + 8 <= sx + view.width
        assert sy <= y - 1 and y == 8 == sy + view.height - 1
        assert len(screen_lines(w)) == view.height and len(screen_lines(w)[0]) == view.width
        assert block(w, w.cursor).strip() == "··"  # type: ignore[arg-type]
        assert style_at(w, x - sx + 1, y - sy).reverse  # the cursor is drawn on screen
        # A click on the scrolled view picks the hex drawn there.
        target = cell(m, 7, 7)
        tx, ty = w.hex_layout.to_cell(m.hexes[target])
        assert await pilot.click(HexMap, offset=(tx - sx + 1, ty - sy))
        await pilot.pause()
        assert app.selected == [target]
        # Back to the top-left corner.
        w.set_cursor(cell(m, 1, 0))
        await pilot.pause()
        assert w.scroll_offset == (0, 0)


async def test_vi_keys_can_yield_to_the_screen() -> None:
    m = SHRINES
    app = MapApp(MapPicture.of_map(m), vi_keys=False)
    async with app.run_test(size=SIZE) as pilot:
        w = app.query_one(HexMap)
        w.set_cursor(cell(m, 5, 4))
        await pilot.press("h", "l")
        assert app.hints == 1 and w.cursor == cell(m, 5, 4)
        await pilot.press("left")
        assert offset_of(m, w.cursor) == (4, 4)  # type: ignore[arg-type]
        # A new picture of the same map keeps the cursor; another map starts over.
        w.update_picture(MapPicture.of_map(m))
        assert offset_of(m, w.cursor) == (4, 4)  # type: ignore[arg-type]
        other = scenario("four_winds").map
        w.update_picture(MapPicture.of_map(other))
        await pilot.pause()
        assert w.cursor == 0 and w.text_lines()[0].strip().startswith("··")


async def test_every_terrain_and_token_has_its_glyph() -> None:
    m = scenario("ashen_ford").map
    beacon, free_beacon = cell(m, 3, 0), cell(m, 7, 0)
    turret, ring = cell(m, 1, 3), cell(m, 2, 3)
    start = MapPicture.of_map(m)
    picture = MapPicture(
        m, start.terrain, start.portal_side, start.shrine_side,
        tuple(1 if c == beacon else -1 for c in range(len(m.hexes))), start.treasure,
        {turret: "turret", ring: "faerie_ring"}, (UnitMark(ring, 3, "Fc"),))
    app = MapApp(picture)
    async with app.run_test(size=SIZE) as pilot:
        w = app.query_one(HexMap)
        w.set_cursor(cell(m, 1, 0))
        await pilot.pause()
        assert block(w, cell(m, 5, 0)) == " () "  # inactive portal
        assert block(w, cell(m, 4, 1)) == " ~~ "  # tainted
        assert block(w, cell(m, 4, 2)) == " ✦✦ "  # enchanted
        assert block(w, cell(m, 5, 4)) == " ⌂3 "  # a shrine worth 3
        assert block(w, beacon) == " ☼☼ " == block(w, free_beacon)
        assert block(w, turret) == " ╦╦ "
        assert block(w, ring) == "◇Fc✿"  # a unit standing in the Faerie Ring
        x, y = w.hex_layout.to_cell(m.hexes[beacon])
        assert style_at(w, x + 1, y).color.name == SIDE_COLORS[1]  # type: ignore[union-attr]
        x, y = w.hex_layout.to_cell(m.hexes[free_beacon])
        assert style_at(w, x + 1, y).color.name not in SIDE_COLORS  # type: ignore[union-attr]
        x, y = w.hex_layout.to_cell(m.hexes[ring])
        assert style_at(w, x + 1, y).bgcolor.name == SIDE_COLORS[3]  # type: ignore[union-attr]
        assert w.describe(beacon) == "Beacon of Red"
        assert w.describe(free_beacon) == "Beacon (unclaimed)"
        assert w.describe(ring) == "Plain · Faerie Ring · Fc (◇ Purple)"
        assert w.describe(turret) == "Plain · Turret"


async def test_a_portal_says_whose_it_is_when_not_the_whole_side_s() -> None:
    m = scenario("crown_of_the_vale").map
    mine, woken = cell(m, 0, 1), cell(m, 0, 7)
    start = MapPicture.of_map(m, [0 if c in (mine, woken) else -1 for c in range(len(m.hexes))])
    picture = MapPicture(m, start.terrain, start.portal_side, start.shrine_side,
                         start.beacon_side, start.treasure, portal_owners={mine: "Player 3"})
    app = MapApp(picture)
    async with app.run_test(size=SIZE):
        w = app.query_one(HexMap)
        w.side_names = ("You & Player 3", "Player 2 & Player 4")
        assert w.describe(mine) == "Portal of Player 3"
        assert w.describe(woken) == "Portal of You & Player 3"


async def test_sides_read_apart_with_no_colour_and_on_sixteen(monkeypatch: Any) -> None:
    """Two Cultists of the two sides, labelled alike on purpose: the side's shape tells them
    apart where NO_COLOR (Textual's Monochrome / NoColor filters) leaves only greys, and on a
    16-colour terminal the two sides' chips still take two different colours."""
    m = SHRINES
    blue, red = cell(m, 3, 4), cell(m, 6, 4)
    picture = with_units(MapPicture.of_map(m), UnitMark(blue, 0, "c1"),
                         UnitMark(red, 1, "c1"))
    monkeypatch.setenv("NO_COLOR", "1")
    app = MapApp(picture)
    assert app.no_color
    async with app.run_test(size=SIZE) as pilot:
        w = app.query_one(HexMap)
        w.set_cursor(cell(m, 1, 0))
        await pilot.pause()
        for shown in (NoColor(), Monochrome()):
            drawn = {}
            for c in (blue, red):
                x, y = w.hex_layout.to_cell(m.hexes[c])
                line = w.render_line(y).apply_filter(shown, Color(0, 0, 0))
                drawn[c] = line.text[x:x + 4]
            assert drawn[blue] == "●c1 " and drawn[red] == "■c1♣"  # Red stands in a Forest
        chips = {}
        for c in (blue, red):
            x, y = w.hex_layout.to_cell(m.hexes[c])
            chip = style_at(w, x + 1, y).bgcolor
            assert chip is not None
            chips[c] = chip.downgrade(ColorSystem.STANDARD).number
        assert chips[blue] != chips[red]
