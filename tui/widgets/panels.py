"""The text panels around the cards: the game log and the hint panel."""

from __future__ import annotations

from typing import Self

from rich.text import Text
from textual.binding import Binding
from textual.events import Click, Resize
from textual.message import Message
from textual.widgets import RichLog, Static


class LogView(RichLog, can_focus=False):
    """The scrolling game log: one line per action plus the notable events.

    Every entry is kept with the round it was written in (``turn``, set by the table before
    it writes), so the full-screen log can list and search the whole game by round."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(wrap=True, min_width=20, max_lines=2000, markup=False, id=id,
                         classes=classes)
        self.turn = 1
        self.entries: list[tuple[int, Text]] = []
        self._wrapped_at = 0  # the width the lines shown were wrapped at

    def add(self, text: str | Text, style: str = "") -> None:
        """Append one entry."""
        entry = Text(text, style=style) if isinstance(text, str) else text
        self.entries.append((self.turn, entry))
        self.write(entry)

    def on_resize(self, event: Resize) -> None:
        """Wrap the whole log again at a new width: a larger terminal gets its lines whole
        (RichLog wraps each line once, as it is written)."""
        width = event.size.width
        if self._wrapped_at and width and width != self._wrapped_at:
            at_end = self.is_vertical_scroll_end
            super().clear()
            for _, text in self.entries:
                self.write(text, scroll_end=at_end)
        if width:
            self._wrapped_at = width

    def clear(self) -> Self:
        """Empty the log (and its entries), to be written again."""
        super().clear()
        self.entries = []
        self.turn = 1
        return self

    def plain_lines(self) -> list[str]:
        """Every entry as plain text, in order (what a rebuilt log is compared by)."""
        return [text.plain for _, text in self.entries]


class HintPanel(Static, can_focus=True):
    """Shows the last hint; enter (or a click) asks the screen to play it."""

    BINDINGS = [Binding("enter", "apply", "Use hint", show=False)]

    class Apply(Message):
        """The player wants the hinted action played."""

    def action_apply(self) -> None:
        """Enter: play the hinted action."""
        self.post_message(self.Apply())

    def on_click(self, event: Click) -> None:
        """A click does what enter does."""
        self.post_message(self.Apply())
