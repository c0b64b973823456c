"""The main menu: New game, Continue, Campaign, Rules, Settings, Quit."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from tui.widgets.footer import KeyFooter
from tui.widgets.lists import StopList

BANNER = """\
 ▄▀█ █▀ █▀▀ █▀▀ █▄░█ █▀▄
 █▀█ ▄█ █▄▄ ██▄ █░▀█ █▄▀"""


class MenuScreen(Screen[None]):
    """The first screen: choose what to do."""

    BINDINGS = [
        Binding("n", "pick('new')", "New game"),
        Binding("c", "pick('continue')", "Continue"),
        Binding("a", "pick('campaign')", "Campaign"),
        Binding("o", "pick('open')", "Open a table", show=False),
        Binding("j", "pick('join')", "Join a table", show=False),
        Binding("w", "pick('watch')", "Watch a table", show=False),
        Binding("r,question_mark", "pick('rules')", "Rules"),
        Binding("s", "pick('settings')", "Settings"),
        Binding("q,escape", "pick('quit')", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        # The shared tables are offered when the app runs on a host that has them.
        shared = getattr(self.app, "hall", None) is not None
        tables = [Option("Open a table", id="open"), Option("Join a table", id="join"),
                  Option("Watch a table", id="watch")] if shared else []
        with Middle(), Center(), Vertical(id="menu-box"):
            yield Label(Text(BANNER, style="bold #ffd54f"), id="banner")
            yield Label("The Ascension games, at the terminal", id="tagline")
            yield StopList(
                Option("New game", id="new"),
                Option("Continue", id="continue"),
                Option("Campaign", id="campaign"),
                *tables,
                Option("Rules & keys", id="rules"),
                Option("Settings", id="settings"),
                Option("Quit", id="quit"),
                id="menu",
            )
        yield KeyFooter()

    def on_mount(self) -> None:
        menu = self.query_one("#menu", OptionList)
        menu.highlighted = 0
        menu.focus()

    def on_screen_resume(self) -> None:
        self.query_one("#menu", OptionList).focus()

    @on(OptionList.OptionSelected, "#menu")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option_id or "")

    def action_pick(self, what: str) -> None:
        """Open the chosen entry."""
        if what == "new":
            from tui.screens.setup import SetupScreen

            self.app.push_screen(SetupScreen())
        elif what == "continue":
            from tui.screens.load import ContinueScreen

            self.app.push_screen(ContinueScreen())
        elif what == "campaign":
            from tui.screens.load import CampaignsScreen

            self.app.push_screen(CampaignsScreen())
        elif what in ("open", "join", "watch") and getattr(self.app, "hall", None):
            from tui.screens.tables import OpenTableScreen, TableListScreen

            self.app.push_screen(OpenTableScreen() if what == "open"
                                 else TableListScreen(watch=what == "watch"))
        elif what == "rules":
            from tui.screens.rules import RulesScreen

            self.app.push_screen(RulesScreen())
        elif what == "settings":
            from tui.screens.settings import SettingsScreen

            self.app.push_screen(SettingsScreen())
        elif what == "quit":
            self.app.exit()
