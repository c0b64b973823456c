"""The text panels around the cards: the game log and the hint panel."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.widgets import RichLog, Static


class LogView(RichLog, can_focus=False):
    """The scrolling game log: one line per action plus the notable events."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(wrap=True, min_width=20, max_lines=2000, markup=False, id=id,
                         classes=classes)

    def add(self, text: str | Text, style: str = "") -> None:
        """Append one entry."""
        self.write(Text(text, style=style) if isinstance(text, str) else text)


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
