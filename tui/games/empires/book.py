"""The technology tree, the Relic Archive and the VP pool on a screen of their own (v)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.widgets.footer import KeyFooter


class BookScreen(ModalScreen[None]):
    """Read-only text; escape, q or v goes back."""

    DEFAULT_CSS = """
    BookScreen { align: center middle; }
    BookScreen > VerticalScroll { width: 90%; height: 90%; border: round $ascend-rule;
                                  background: $ascend-background; padding: 0 1; }
    """

    BINDINGS = [Binding("escape,q,v,enter", "back", "Back")]

    def __init__(self, text: Text) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="book-scroll"):
            yield Static(self.text, id="book")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#book-scroll").focus()

    def action_back(self) -> None:
        self.dismiss(None)
