"""Hot-seat hand-over: a blank screen that hides the table until the next player confirms."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Label

from tui.widgets.footer import KeyFooter


class PassScreen(Screen[None]):
    """Covers the whole table (hands included) until the named player presses enter."""

    BINDINGS = [
        Binding("enter,space", "ready", "Show my hand"),
        Binding("q", "menu", "Save & menu"),
    ]

    def __init__(self, name: str, reason: str = "") -> None:
        super().__init__()
        self.player = name
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(id="pass-box"):
            yield Label(f"Pass to {self.player}", id="pass-title")
            if self.reason:
                yield Label(self.reason, id="pass-reason")
            yield Label("Everyone else: look away.", classes="dim-note")
            yield Label(f"{self.player}: press [b]enter[/b] when ready.", classes="dim-note")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.sub_title = f"pass to {self.player}"

    def action_ready(self) -> None:
        """The named player is at the keyboard."""
        self.dismiss(None)

    def action_menu(self) -> None:
        """Save and go back to the main menu without revealing anything."""
        quit_to_menu = getattr(self.app, "quit_game", None)
        if quit_to_menu is not None:
            quit_to_menu()
