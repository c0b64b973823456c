"""Settings: the colours (Textual's built-in themes) and the bots' pacing, each applied at
once and remembered between runs (``tui.prefs``)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Label

from tui.prefs import DEFAULT_THEME, PACING, KeepsPreferences, pacing_name
from tui.widgets.footer import KeyFooter
from tui.widgets.setting import Setting

PACING_LABELS = {
    "off": "off: bots move at once",
    "quick": f"quick: {PACING['quick']:g} s a move",
    "watchable": f"watchable: {PACING['watchable']:g} s a move",
}


def theme_label(name: str) -> str:
    """``nord``; the default theme (Textual's dark one, with ascend's own colours) is
    named for what it looks like here."""
    return "ascend (default)" if name == DEFAULT_THEME else name


class SettingsScreen(Screen[None]):
    """Pick a theme and the bots' pacing; ←→ change a line, escape goes back."""

    BINDINGS = [
        Binding("escape,q", "back", "Back"),
        Binding("up", "app.focus_previous", "Up", show=False),
        Binding("down", "app.focus_next", "Down", show=False),
    ]

    def compose(self) -> ComposeResult:
        app = self.app
        themes = sorted(app.available_themes, key=lambda n: (n != DEFAULT_THEME, n))
        delay = float(getattr(app, "bot_delay", PACING["quick"]))
        with Vertical(id="settings-box"):
            yield Label("Settings", id="settings-title")
            theme = Setting("Theme", [(n, theme_label(n)) for n in themes], id="theme")
            theme.select(app.theme)
            yield theme
            pacing = Setting("Bot pacing", [(k, v) for k, v in PACING_LABELS.items()],
                             id="pacing")
            pacing.select(pacing_name(delay))
            pacing.note = "f at the table finishes a bots' turn at once"
            yield pacing
            yield Label("↑↓ choose a line · ←→ change it (kept for the next runs too) · "
                        "escape back", classes="dim-note")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#theme", Setting).focus()

    @on(Setting.Changed, "#theme")
    def _theme(self, event: Setting.Changed) -> None:
        # The app remembers the theme when it changes (from here or the command palette).
        self.app.theme = str(event.setting.value)

    @on(Setting.Changed, "#pacing")
    def _pacing(self, event: Setting.Changed) -> None:
        if isinstance(self.app, KeepsPreferences):
            self.app.set_pacing(str(event.setting.value))

    def action_back(self) -> None:
        """Back to where Settings was opened from."""
        self.dismiss(None)
