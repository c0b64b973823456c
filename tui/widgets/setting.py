"""A one-line setting that cycles through its values with ← and →."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.widget import Widget


class Setting(Widget, can_focus=True):
    """``Label   ◀ value ▶  note``; ← / → (or a click) change the value."""

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
        out.append(f"{self.label:<12}", style="bold")
        out.append("◀ ", style="dim")
        out.append(f"{self.values[self.index][1]:^20}", style="bold reverse"
                   if self.has_focus else "bold")
        out.append(" ▶", style="dim")
        if self.note:
            out.append(f"  {self.note}", style="dim italic")
        return out

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
