"""A one-line setting that cycles through its values with ← and →."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.widget import Widget

# The label column fits the longest label ("Villain ties") and a space before the arrow; the
# value box is 20 cells, and grows for a longer value ("Battle of the Three Shrines") as far as
# the widget's width allows (beyond that the value ends in "…"), so no value leaves its box.
LABEL_WIDTH = 13
VALUE_WIDTH = 20
WIDEST_LABEL_COLUMN = 22  # "Randomize Technology" and a space; past it a label ends in "…"
# The widest value box a screen's column gives its lines ("Battle of the Three Shrines" and
# a space): beyond it a value ends in "…", so the box column fits an 80-cell screen.
WIDEST_VALUE_COLUMN = 28
ARROWS = 6  # "◀ " before the box, " ▶" after it and a gap of 2 (a seat's name field follows)


def label_column(labels: Sequence[str]) -> int:
    """The label column that fits every one of ``labels`` (never narrower than the usual)."""
    return min(max([LABEL_WIDTH, *(len(x) + 1 for x in labels)]), WIDEST_LABEL_COLUMN)


def value_column(values: Sequence[str]) -> int:
    """The value box that fits every one of ``values`` (the values the lines show now)."""
    return min(max([VALUE_WIDTH, *(len(x) for x in values)]), WIDEST_VALUE_COLUMN)


class Setting(Widget, can_focus=True):
    """``Label   ◀ value ▶  note``; ← / → (or a click) change the value."""

    # A screen whose labels run longer widens the column of all its lines alike, so the
    # arrows stay in one column (``label_column``); a screen may give all its lines one value
    # box as well (``value_column``), so the closing arrows line up too.
    label_width = LABEL_WIDTH
    box_width: int | None = None

    BINDINGS = [
        Binding("left", "step(-1)", "Change", show=False),
        Binding("right", "step(1)", "Change"),
    ]

    class Changed(Message):
        """The value of a setting changed."""

        def __init__(self, setting: Setting) -> None:
            super().__init__()
            self.setting = setting

        @property
        def control(self) -> Setting:
            return self.setting

    def __init__(self, label: str, values: Sequence[tuple[Any, str]], index: int = 0,
                 note: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.label = label
        self.values = list(values)
        self.index = index
        self.note = note

    @property
    def value(self) -> Any:
        """The selected value."""
        return self.values[self.index][0]

    def select(self, value: Any) -> None:
        """Select ``value`` if it is one of the choices (no Changed message)."""
        for i, (v, _) in enumerate(self.values):
            if v == value:
                self.index = i
                self.refresh()
                return

    def set_values(self, values: Sequence[tuple[Any, str]], value: Any) -> None:
        """Replace the choices and select ``value`` (or the first)."""
        self.values = list(values)
        self.index = 0
        self.select(value)
        self.refresh()

    def render(self) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis")
        width = self.label_width
        label = self.label if len(self.label) < width else self.label[:width - 2] + "…"
        out.append(f"{label:<{width}}", style="bold")
        out.append("◀ ", style="dim")
        out.append(f"{self.shown_value():^{self.value_width()}}", style="bold reverse"
                   if self.has_focus else "bold")
        out.append(" ▶", style="dim")
        if self.note:
            out.append(f"  {self.note}", style="dim italic")
            if self.size.width:  # a note too long for the line ends in "…", not mid-word
                out.truncate(self.size.width, overflow="ellipsis")
        return out

    def widen_label(self, width: int) -> None:
        """Give the label ``width`` cells (the screen's column)."""
        if width != self.label_width:
            self.label_width = width
            self.refresh()

    def widen_box(self, width: int) -> None:
        """Give the value box ``width`` cells (the screen's column)."""
        if width != self.box_width:
            self.box_width = width
            self.refresh()

    def line_width(self) -> int:
        """The cells from the label to the gap after the closing arrow, or after the note."""
        note = len(self.note) + 2 if self.note else 0
        return self.label_width + (self.box_width or VALUE_WIDTH) + ARROWS + note

    def value_width(self) -> int:
        """The cells of the value box: the screen's column, or 20 and more for a longer value,
        while the widget has room for it and both arrows."""
        text = self.values[self.index][1]
        width = self.size.width
        room = width - self.label_width - ARROWS if width else VALUE_WIDTH + len(text)
        wanted = self.box_width or max(VALUE_WIDTH, len(text))
        return max(1, min(wanted, room))

    def shown_value(self) -> str:
        """The value as its box shows it: whole, or cut with "…" when the box is narrower."""
        text: str = self.values[self.index][1]
        width = self.value_width()
        return text if len(text) <= width else text[:max(width - 1, 0)] + "…"

    def action_step(self, delta: int) -> None:
        """Move to the previous/next value, wrapping around."""
        self.index = (self.index + delta) % len(self.values)
        self.refresh()
        self.post_message(self.Changed(self))

    def on_click(self, event: Click) -> None:
        """A click moves to the next value."""
        self.focus()
        self.action_step(1)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
