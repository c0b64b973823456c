"""The notice shown over any screen while the terminal is smaller than the app's layouts:
every table is laid out for at least 80×24, and below that columns would vanish unsaid."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.widgets import Static

MIN_WIDTH = 80
MIN_HEIGHT = 24


def too_small(width: int, height: int) -> bool:
    """True when a terminal of this size cannot show a table whole."""
    return width < MIN_WIDTH or height < MIN_HEIGHT


def notice_text(width: int, height: int) -> Text:
    """``ascend needs at least 80×24 (now 60×20)`` and what to do about it."""
    out = Text(justify="center")
    out.append(f"ascend needs at least {MIN_WIDTH}×{MIN_HEIGHT}", style="bold")
    out.append(f" (now {width}×{height})")
    out.append("\n\nMake the terminal window larger (or the font smaller);\n"
               "the game waits here as it was.", style="italic")
    return out


class SizeNotice(Static, can_focus=True):
    """Covers the screen it is mounted on (above its other widgets) with the notice, and
    holds the keyboard meanwhile: a key pressed blind must not play a card. The app's own
    keys (ctrl+q) still work; the focus goes back where it was when the notice goes."""

    DEFAULT_CSS = """
    SizeNotice {
        overlay: screen;
        position: absolute;
        offset: 0 0;
        width: 100%;
        height: 100%;
        content-align: center middle;
        background: $background;
        color: $text;
        padding: 0 1;
    }
    """

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.focused_before: Any = None

    def show_size(self, width: int, height: int) -> None:
        """Say the terminal's size now."""
        self.update(notice_text(width, height))

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()

    def on_mount(self) -> None:
        self.focused_before = self.screen.focused
        self.focus()

    def on_blur(self) -> None:
        # A table moves its focus to its default widget after a move: while the notice is
        # up, the keyboard stays here.
        self.call_after_refresh(self._keep_focus)

    def _keep_focus(self) -> None:
        if self.is_attached and self.screen is self.app.screen and self.app.focused is not self:
            self.focus()

    def withdraw(self) -> None:
        """Leave the screen, giving the focus back."""
        before = self.focused_before
        self.remove()
        if before is not None and before.is_attached and before.focusable:
            before.focus()


__all__ = ["MIN_HEIGHT", "MIN_WIDTH", "SizeNotice", "notice_text", "too_small"]
