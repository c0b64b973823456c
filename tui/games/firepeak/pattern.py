"""Firepeak patterns: the full pyramid of one seat, and a compact strip of the others.

Both widgets draw data the screen prepares from the engine's view (effective Powers
included); they decide nothing about legality. ``marked`` is the location to show in
reverse: the cursor, or the target highlighted in an open choice list.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual.widget import Widget

from core.firepeak.cards import CREATURES, N_CREATURES, WIZARDS
from core.firepeak.pattern import EMPTY, SIZE
from core.firepeak.state import GUARD
from tui.games.firepeak import text as ft

CELL = 10  # a Position's cell on a standard terminal: names are cut ("Lightforged")
WIDE_CELL = 17  # from 120 columns: the longest creature name whole ("Lightforged Golem")
HEIGHT = 9


def width_for(cell: int) -> int:
    """The pattern's width with cells of ``cell`` characters: a tier of four, one apart,
    and room for the Guard's cell beside the tier of two."""
    return 4 * (cell + 1) + 2


def cells_at(cell: int) -> tuple[tuple[int, int], ...]:
    """(x, first line) of each Position's cell: tiers of 2, 3 and 4 under the Wizard, each
    tier's cells halfway between those of the tier below."""
    step = cell + 1
    half = step // 2
    return ((step, 2), (2 * step, 2),
            (half, 4), (half + step, 4), (half + 2 * step, 4),
            (0, 6), (step, 6), (2 * step, 6), (3 * step, 6))


def guard_at(cell: int) -> tuple[int, int]:
    """(x, first line) of the Guard's cell, right of the tier of two."""
    return 3 * (cell + 1) + 2, 2


WIDTH = width_for(CELL)
WIDE_WIDTH = width_for(WIDE_CELL)
# The standard geometry; the wide one keeps the same order and neighbours (cursor moves).
CELL_AT = cells_at(CELL)
GUARD_AT = guard_at(CELL)
# x of each Position in the compact view (one character per Position), by tier line.
MINI_AT: tuple[tuple[int, int], ...] = (
    (2, 1), (4, 1),
    (1, 2), (3, 2), (5, 2),
    (0, 3), (2, 3), (4, 3), (6, 3),
)
MINI_WIDTH = 19


@dataclass(frozen=True)
class PatternData:
    """One seat's table as drawn: creatures, effective Powers, auras, enchantments."""

    title: str
    wizard: int
    slots: tuple[int, ...]
    powers: tuple[int, ...]
    guard: int
    guard_power: int
    auras: tuple[int, ...]
    ench: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    dungeon_count: int = 0
    dungeon_open: bool = False
    spell_count: int = 0
    circle: int = EMPTY
    total: int = 0
    current: bool = False
    name: str = ""


class _Canvas:
    """A fixed grid of styled characters, written at (x, y) and read back as Text lines."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.lines = [Text(" " * width, no_wrap=True) for _ in range(height)]

    def put(self, x: int, y: int, text: Text | str, style: str = "") -> None:
        if not 0 <= y < len(self.lines) or x >= self.width:
            return
        piece = Text(text, style=style) if isinstance(text, str) else text.copy()
        piece.truncate(self.width - x)
        line = self.lines[y]
        before = line[:x]
        after = line[x + len(piece):]
        self.lines[y] = Text.assemble(before, piece, after, no_wrap=True)

    def text(self) -> Text:
        return Text("\n").join(self.lines)


def _pad(text: str, width: int = CELL) -> str:
    return text[:width].ljust(width)


class PatternView(Widget):
    """A seat's pattern: the Wizard on top, tiers of 2, 3 and 4 Positions, Guard and
    Dungeon beside it, auras (◈) on Positions and enchantments (✦) on creatures."""

    DEFAULT_CSS = f"""
    PatternView {{
        width: {WIDTH};
        height: {HEIGHT};
    }}
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.data: PatternData | None = None
        self.marked: int | None = None

    def show(self, data: PatternData, marked: int | None = None) -> None:
        """Draw ``data``, with location ``marked`` (0..8 or GUARD) highlighted."""
        if data == self.data and marked == self.marked:
            return
        self.data = data
        self.marked = marked
        self.refresh()

    def mark(self, marked: int | None) -> None:
        """Move the reverse-video mark without new data."""
        if marked != self.marked:
            self.marked = marked
            self.refresh()

    def cell_width(self) -> int:
        """The cells' width: whole names when the screen's style gives the wide pattern."""
        return WIDE_CELL if self.size.width >= WIDE_WIDTH else CELL

    def render(self) -> Text:
        d = self.data
        cell = self.cell_width()
        canvas = _Canvas(width_for(cell), HEIGHT)
        if d is None:
            return canvas.text()
        wizard = WIZARDS[d.wizard]
        title = Text(d.title, style="bold")
        title.append(f" · {d.total}{ft.POWER}", style="bold #ff8a65")
        clan = ft.clan_label(wizard.clan).removeprefix("The ")
        title.append(" · +1 ", style="dim")
        title.append(clan, style=ft.clan_fg(wizard.clan))
        canvas.put(0, 0, title)
        head = f"✶ {wizard.name} ✶"
        guard_x = guard_at(cell)[0]
        canvas.put(max(0, (guard_x - 1 - len(head)) // 2), 1, head,
                   f"bold {ft.clan_fg(wizard.clan)}")
        canvas.put(guard_x, 1, "Guard", "bold #9aa3c0")
        canvas.put(0, 2, "Dungeon", "bold #9aa3c0")
        count = f"{d.dungeon_count} inside" if d.dungeon_open else f"{d.dungeon_count} hidden"
        canvas.put(0, 3, count, "#9aa3c0")
        for pos, (x, y) in enumerate(cells_at(cell)):
            self._cell(canvas, x, y, cell, d.slots[pos], d.powers[pos], d.auras[pos] != EMPTY,
                       len(d.ench.get(d.slots[pos], ())), self.marked == pos)
        self._cell(canvas, *guard_at(cell), cell, d.guard, d.guard_power, False,
                   len(d.ench.get(d.guard, ())), self.marked == GUARD, guard=True)
        foot = Text(no_wrap=True)
        if d.circle != EMPTY:
            foot.append("Circle: ", style="#9aa3c0")
            foot.append(ft.spell_name(d.circle), style=ft.SPELL_COLOR)
        else:
            foot.append(f"{ft.AURA_MARK} aura on Position  {ft.ENCH_MARK} enchanted",
                        style="dim")
        canvas.put(0, 8, foot)
        return canvas.text()

    @staticmethod
    def _cell(canvas: _Canvas, x: int, y: int, cell: int, uid: int, power: int, aura: bool,
              enchantments: int, marked: bool, guard: bool = False) -> None:
        if uid == EMPTY or not 0 <= uid < N_CREATURES:
            style = ft.MARK_STYLE if marked else ft.EMPTY_STYLE
            canvas.put(x, y, _pad("  none" if guard else "  ·", cell), style)
            canvas.put(x, y + 1, _pad(f"  {ft.AURA_MARK}" if aura else "", cell), style)
            return
        c = CREATURES[uid]
        style = ft.MARK_STYLE if marked else ft.clan_cell(c.clan)
        canvas.put(x, y, _pad(c.name, cell), "bold " + style)
        marks = f"{power}{ft.POWER}"
        if enchantments:
            marks += " " + ft.ENCH_MARK * min(enchantments, 3)
        if aura:
            marks += " " + ft.AURA_MARK
        canvas.put(x, y + 1, _pad(marks, cell - 2) + ft.CLAN_TAG.get(c.clan, "  "), style)


class OpponentsView(Widget):
    """The other seats side by side: a 2-3-4 grid of Power digits coloured by clan, with
    their Guard, Dungeon size and Spellbook size."""

    DEFAULT_CSS = """
    OpponentsView {
        height: 4;
        width: 1fr;
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.blocks: list[PatternData] = []
        self.marked: tuple[int, int] | None = None  # (index into blocks, location)

    def show(self, blocks: list[PatternData], marked: tuple[int, int] | None = None) -> None:
        """Draw the opponents' ``blocks``; ``marked`` = (block, location) in reverse."""
        if blocks == self.blocks and marked == self.marked:
            return
        self.blocks = blocks
        self.marked = marked
        self.refresh()

    def mark(self, marked: tuple[int, int] | None) -> None:
        """Move the reverse-video mark without new data."""
        if marked != self.marked:
            self.marked = marked
            self.refresh()

    def render(self) -> Text:
        width = max(MINI_WIDTH, self.size.width or 80)
        canvas = _Canvas(width, 4)
        if not self.blocks:
            return canvas.text()
        step = max(MINI_WIDTH + 1, width // len(self.blocks))
        for i, d in enumerate(self.blocks):
            self._block(canvas, i * step, d, self.marked[1] if self.marked and
                        self.marked[0] == i else None, step - 1)
        return canvas.text()

    @staticmethod
    def _block(canvas: _Canvas, x0: int, d: PatternData, marked: int | None,
               width: int) -> None:
        head = Text(no_wrap=True)
        head.append("▶" if d.current else " ", style="bold #ffd54f")
        wizard = WIZARDS[d.wizard]
        head.append("✶", style=ft.clan_fg(wizard.clan))
        total = f" {d.total}{ft.POWER}"
        head.append(d.name[: max(1, width - 2 - len(total))], style="bold")
        head.append(total, style="#ff8a65")
        canvas.put(x0, 0, head)
        for pos in range(SIZE):
            dx, y = MINI_AT[pos]
            uid = d.slots[pos]
            style = "reverse " if marked == pos else ""  # digits keep their clan colour
            if d.auras[pos] != EMPTY:
                style += "on #3a3a3a "
            if uid == EMPTY:
                canvas.put(x0 + 1 + dx, y, "·", style + "#6c6c6c")
                continue
            if d.ench.get(uid):
                style += "underline "
            canvas.put(x0 + 1 + dx, y, str(min(d.powers[pos], 9)),
                       style + "bold " + ft.clan_fg(CREATURES[uid].clan))
        guard = Text("Guard ", style="#9aa3c0")
        if d.guard == EMPTY:
            guard.append("—", style="dim")
        else:
            guard.append(f"{d.guard_power}{ft.POWER}",
                         style=("reverse " if marked == GUARD else "")
                         + ft.clan_fg(CREATURES[d.guard].clan))
        canvas.put(x0 + 10, 1, guard)
        canvas.put(x0 + 10, 2, f"Dungeon {d.dungeon_count}", "#9aa3c0")
        canvas.put(x0 + 10, 3, f"Spells {d.spell_count}", "#9aa3c0")
