"""The text panels around the cards: the game log and the hint panel."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Self

from rich.text import Text
from textual.binding import Binding
from textual.events import Click, Resize
from textual.geometry import Region
from textual.message import Message
from textual.widgets import RichLog, Static

# How many of the latest entries the log shows again when it is written anew (told again
# from the record, or wrapped at a new width); the full-screen log (L) keeps every one.
SHOWN_AGAIN = 400


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
        self._held = False  # entries are kept but not yet written (the log told again)
        self._growing_only = False  # while ``add`` writes to a log that already scrolls
        # Where each move's entries begin (by the move's number), so taking moves back
        # takes their lines back too.
        self.move_starts: list[int] = []

    def add(self, text: str | Text, style: str = "") -> None:
        """Append one entry."""
        entry = Text(text, style=style) if isinstance(text, str) else text
        self.entries.append((self.turn, entry))
        if not self._held:
            # Scrolled to the end at once when the log has its size: RichLog's own scroll
            # waits for the next frame and so draws every action's screen twice.
            sized = self.size.height > 0
            # Once the log scrolls, a longer log changes only its own scroll bar: it is
            # updated here instead of laying out the whole screen again for every line.
            self._growing_only = sized and self.show_vertical_scrollbar
            try:
                self.write(entry, scroll_end=not sized)
            finally:
                self._growing_only = False
            if sized:
                if self.show_vertical_scrollbar:
                    self._scroll_update(self.virtual_size)
                self.scroll_end(animate=False, immediate=True, x_axis=False)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        """As a widget's, but a line added to a log that already scrolls asks for no
        layout (see ``add``)."""
        return super().refresh(*regions, repaint=repaint,
                               layout=layout and not self._growing_only, recompose=recompose)

    @contextmanager
    def holding(self) -> Iterator[None]:
        """Keep the entries added inside, and write them once at the end (a whole game's
        log, told again, costs one write instead of one per line)."""
        self._held = True
        try:
            yield
        finally:
            self._held = False
            self._write_again()

    def begin_move(self, number: int) -> None:
        """The entries of move ``number`` (counting from 0) begin here."""
        del self.move_starts[number:]
        self.move_starts.append(len(self.entries))

    def take_back_to(self, moves: int) -> bool:
        """Show the log as it was before move ``moves`` (and every later one) was told;
        False when the log does not know where that move began (it must be told again)."""
        if moves >= len(self.move_starts):
            return False
        del self.entries[self.move_starts[moves]:]
        del self.move_starts[moves:]
        self._write_again()
        return True

    def _write_again(self) -> None:
        """The lines shown, written again from the entries: the latest ones, in one piece
        (the full-screen log has them all)."""
        at_end = self.is_vertical_scroll_end or not self.lines
        super().clear()
        recent = [text for _, text in self.entries[-SHOWN_AGAIN:]]
        if recent:
            self.write(Text("\n").join(recent), scroll_end=at_end)

    def on_resize(self, event: Resize) -> None:
        """Wrap the whole log again at a new width: a larger terminal gets its lines whole
        (RichLog wraps each line once, as it is written)."""
        width = event.size.width
        if self._wrapped_at and width and width != self._wrapped_at:
            self._write_again()
        if width:
            self._wrapped_at = width

    def clear(self) -> Self:
        """Empty the log (and its entries), to be written again."""
        super().clear()
        self.entries = []
        self.move_starts = []
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
