"""The ascend application: one Textual ``App`` whose first screen is the main menu."""

from __future__ import annotations

import contextlib
import importlib
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from textual import work
from textual.app import App, SystemCommand
from textual.screen import Screen
from textual.theme import Theme
from textual.widgets import Footer

from tui.prefs import DEFAULT_PACING, DEFAULT_THEME, PACING, Preferences
from tui.screens.menu import MenuScreen
from tui.theme import THEME_VARIABLES, themed_variables

ENV_BOT_DELAY = "ASCEND_BOT_DELAY"
DEFAULT_BOT_DELAY = PACING[DEFAULT_PACING]
WARM_AFTER = 1.0  # seconds after the first frame that OR-Tools is warmed (in a thread)


def bot_delay_from_env() -> float:
    """Seconds to pause after each bot action: ``$ASCEND_BOT_DELAY`` or the quick pace."""
    raw = os.environ.get(ENV_BOT_DELAY, "")
    try:
        return max(0.0, float(raw)) if raw else DEFAULT_BOT_DELAY
    except ValueError:
        return DEFAULT_BOT_DELAY


class AscendApp(App[None]):
    """Play the Ascension family against bots or friends, from the keyboard."""

    # Absolute, so a subclass defined elsewhere (tests, tools) still finds the styles.
    CSS_PATH = Path(__file__).with_name("styles.tcss")
    TITLE = "ascend"
    # ctrl+p: the screen's own commands (its keys), Settings, the theme, quit.
    ENABLE_COMMAND_PALETTE = True
    # Every screen gets ``-wide`` from 120 columns and ``-tall`` from 36 lines, so a
    # stylesheet gives a large terminal's room to full names and bigger panels.
    HORIZONTAL_BREAKPOINTS = [(0, "-standard-width"), (120, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-standard-height"), (36, "-tall")]

    def __init__(self, bot_delay: float | None = None, hall: Any = None,
                 confined: bool = False) -> None:
        super().__init__()
        self.prefs = Preferences.load()
        # Given here (tests, the host's tables) it stays; else the pacing chosen in
        # Settings, else $ASCEND_BOT_DELAY, else quick.
        self.bot_delay = (self.prefs.bot_delay(bot_delay_from_env()) if bot_delay is None
                          else bot_delay)
        self.theme = (self.prefs.theme if self.prefs.theme in self.available_themes
                      else DEFAULT_THEME)
        # The shared tables of the host this app runs on (a ``tui.hall.Hall``); None for
        # the local app, whose menu then offers none.
        self.hall = hall
        # True when the player may save only in their own save folder (the SSH host).
        self.confined = confined

    def get_theme_variable_defaults(self) -> dict[str, str]:
        from tui.games import theme_variables

        return {**super().get_theme_variable_defaults(), **THEME_VARIABLES,
                **theme_variables()}

    def get_css_variables(self) -> dict[str, str]:
        """The theme's colours; ascend's own (the screen, bars, rules) follow the theme
        chosen, except in the default one, which keeps the colours the tables were drawn
        in."""
        variables = super().get_css_variables()
        if self.theme != DEFAULT_THEME:
            variables.update(themed_variables(variables))
        return variables

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The command palette: what the screen's keys do (new game, save, hint, rules…),
        then Settings, the theme and quit."""
        seen: set[str] = set()
        for active in screen.active_bindings.values():
            binding = active.binding
            if not binding.show or not active.enabled or active.node is self:
                continue
            if binding.description in seen or not binding.description:
                continue
            seen.add(binding.description)
            node, action = active.node, binding.action
            yield SystemCommand(binding.description,
                                f"key {self.get_key_display(binding)} on this screen",
                                lambda node=node, action=action: self._run_key(node, action))
        own = [
            SystemCommand("New game", "Set up a new game (the game in play is saved first)",
                          self.new_game),
            SystemCommand("Settings", "Theme and the bots' pacing", self.action_settings),
            SystemCommand("Theme", "Change the colours (remembered)", self.action_change_theme),
            SystemCommand("Quit", "Quit ascend (the game in play is saved first)",
                          self.action_quit),
        ]
        # The screen's own key for the same thing comes first, once.
        yield from (command for command in own if command.title not in seen)

    def new_game(self) -> None:
        """The New game screen over the main menu, leaving the table in play (saved)."""
        from tui.screens.setup import SetupScreen

        def fresh() -> None:
            self.to_menu()
            self.push_screen(SetupScreen())

        table = self._table()
        if table is None:
            fresh()
        else:
            table.leave(then=fresh)

    def _run_key(self, node: Any, action: str) -> None:
        self.call_later(self.run_action, action, node)

    def action_settings(self) -> None:
        """Open Settings (not over itself)."""
        from tui.screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    def set_pacing(self, name: str) -> None:
        """Bots pause ``PACING[name]`` seconds a move from their next move on (kept)."""
        self.bot_delay = PACING[name]
        self.prefs.pacing = name
        self.remember()

    def remember(self) -> None:
        """Write the preferences; a folder that cannot take them is said, and play goes
        on with them for this run."""
        try:
            self.prefs.save()
        except OSError as exc:
            self.notify(f"Settings are kept for this run only: {exc.strerror or exc}",
                        severity="warning")

    def _theme_changed(self, theme: Theme) -> None:
        if theme.name != self.prefs.theme:
            self.prefs.theme = theme.name
            self.remember()

    def get_default_screen(self) -> Screen[Any]:
        return MenuScreen()

    def table_for(self, session: Any, message: str = "") -> Screen[Any]:
        """The table screen for the session's game (KeyError: the app has none)."""
        from tui.games import ui

        table: Screen[Any] = ui(session.game).table_screen(session, message)
        return table

    def start_game(self, session: Any, message: str = "") -> None:
        """Open the table for ``session`` in place of the set-up or Continue screen."""
        try:
            table = self.table_for(session, message)
        except KeyError as exc:
            self.notify(str(exc.args[0]), severity="error")
            return
        if len(self.screen_stack) > 1:
            self.switch_screen(table)
        else:
            self.push_screen(table)

    def to_menu(self) -> None:
        """Close everything above the main menu."""
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def on_mount(self) -> None:
        self.clean_saves()
        self.screen_change_signal.subscribe(self, self._screen_changed)
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        self.call_after_refresh(self.check_size)
        # A moment after the first frame, so start-up is not slowed (nor a quick quit held
        # up by it); by the time a game is set up and a hint asked for, the first costs no
        # more than the next ones.
        self.call_after_refresh(self.set_timer, WARM_AFTER, self.warm_solver)

    def on_resize(self) -> None:
        self.call_after_refresh(self.check_size)

    def _screen_changed(self, screen: Screen[Any]) -> None:
        self.call_after_refresh(self.check_size)

    def check_size(self) -> None:
        """Cover the screen in view with the "needs at least 80×24" notice while the
        terminal is smaller than that, and uncover it when it grows again."""
        from tui.widgets.size_notice import SizeNotice, too_small

        width, height = self.size
        screen = self.screen
        notices = list(screen.query_children(SizeNotice))
        small = too_small(width, height)
        # The key bar goes too: its keys wait under the notice.
        for footer in screen.query_children(Footer):
            footer.display = not small
        if not small:
            for notice in notices:
                notice.withdraw()
            return
        if notices:
            notices[0].show_size(width, height)
            return
        notice = SizeNotice(id="size-notice")
        screen.mount(notice)
        notice.show_size(width, height)

    @work(thread=True, exit_on_error=False, group="warm")
    def warm_solver(self) -> None:
        """Import and run OR-Tools once off the event loop (the hints and planners use it).

        Reached by name, the way the hints reach their planners (``ai.registry``): the
        screens never import OR-Tools themselves."""
        importlib.import_module("ai.warm").warm_solver()

    @work(thread=True, exit_on_error=False)
    def clean_saves(self) -> None:
        """Remove what crashed writes left in the save folder (off the event loop)."""
        from saves.format import SaveError
        from saves.store import SaveStore

        # No save folder, or none we can make: then there is nothing to clean either.
        with contextlib.suppress(SaveError):
            SaveStore().clean_stale_temps()

    async def action_quit(self) -> None:
        """Quit, saving the game in play first (a failed save asks before anything is
        lost)."""
        table = self._table()
        if table is None:
            self.exit()
        else:
            table.leave(then=self.exit)

    def quit_game(self) -> None:
        """Save the game in play (if any) and return to the menu."""
        table = self._table()
        if table is None:
            self.to_menu()
        else:
            table.leave()

    def _table(self) -> Any:
        """The table screen of the game in play, if one is open."""
        return next((screen for screen in self.screen_stack
                     if getattr(screen, "session", None) is not None
                     and callable(getattr(screen, "leave", None))), None)


def run() -> None:
    """Entry point: ``ascend`` with no arguments runs the app."""
    AscendApp().run()


if __name__ == "__main__":
    run()
