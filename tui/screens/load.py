"""Continue: the saved games, newest first; broken files are listed with why they won't load."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from core.games import game_names, title
from tui.screens.dialogs import ConfirmScreen
from tui.widgets.footer import KeyFooter


def when(save: Any) -> str:
    """The save time in local time, ``2026-11-29 13:55``."""
    try:
        stamp = datetime.fromisoformat(save.meta["saved_at"])
    except (KeyError, TypeError, ValueError):
        return "?"
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=UTC)
    return stamp.astimezone().strftime("%Y-%m-%d %H:%M")


def turn_word(game: str) -> str:
    """The word the game's table uses in its header for the count the save records."""
    from tui.games import ui

    try:
        return ui(game).turn_word
    except KeyError:
        return "turn"


def entry_text(entry: Any) -> Text:
    """One line (or two) describing a save file for the list."""
    if entry.save is None:
        out = Text()
        out.append("✗ ", style="bold red")
        out.append(entry.path.name, style="bold")
        out.append(f"\n  cannot be loaded: {entry.error}", style="red")
        return out
    save = entry.save
    meta = save.meta
    out = Text()
    out.append(title(save.game), style="bold #ffd54f")
    out.append("  ")
    out.append(" vs ".join(str(p) for p in meta.get("players", [])))
    word = turn_word(save.game)
    out.append(f"\n  {word} {meta.get('turn', '?')} · {when(save)}", style="dim")
    if meta.get("status") == "finished":
        out.append(" · finished", style="dim italic")
    if save.game not in game_names():
        out.append(" · not playable in this version", style="red")
    return out


class ContinueScreen(Screen[None]):
    """Pick a saved game to continue."""

    BINDINGS = [
        Binding("escape,q", "back", "Back"),
        Binding("d,delete", "delete", "Delete"),
        Binding("r", "reload", "Refresh"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="continue-box"):
            yield Label("Continue a saved game", id="continue-title")
            yield Label("", id="continue-dir", classes="dim-note")
            yield OptionList(id="saves")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.entries: list[Any] = []
        self.action_reload()

    def action_reload(self) -> None:
        """Read the save folder again."""
        from saves.format import SaveError
        from saves.store import SaveStore

        options = self.query_one("#saves", OptionList)
        options.clear_options()
        label = self.query_one("#continue-dir", Label)
        try:
            store = SaveStore()
        except SaveError as exc:
            label.update(Text(str(exc), style="red"))
            self.entries = []
            return
        self.store = store
        label.update(f"Saves in {store.directory}")
        self.entries = store.list()
        if not self.entries:
            options.add_option(Option(Text("No saved games yet.", style="dim"), disabled=True))
            return
        options.add_options(
            Option(entry_text(e), id=str(i))
            for i, e in enumerate(self.entries)
        )
        first = next((i for i, e in enumerate(self.entries) if e.save is not None), 0)
        options.highlighted = first
        options.focus()

    @on(OptionList.OptionSelected, "#saves")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_id is None:
            return
        entry = self.entries[int(event.option_id)]
        if entry.save is None:
            self.notify(f"{entry.path.name}: {entry.error}", severity="error")
            return
        from saves.format import SaveError
        from tui.session import GameSession

        try:
            session, message = GameSession.from_save(entry.path, self.store)
        except SaveError as exc:
            self.notify(str(exc), title="Cannot load", severity="error")
            return
        except (KeyError, ValueError) as exc:
            self.notify(f"{entry.path.name}: {exc}", title="Cannot load", severity="error")
            return
        start = getattr(self.app, "start_game", None)
        if start is not None:
            start(session, message)

    def action_delete(self) -> None:
        """Delete the highlighted save (or broken file), after asking."""
        options = self.query_one("#saves", OptionList)
        index = options.highlighted
        if index is None or not self.entries:
            return
        option = options.get_option_at_index(index)
        if option.id is None:
            return
        entry = self.entries[int(option.id)]

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            from saves.format import SaveError

            try:
                self.store.delete(entry.path)
            except SaveError as exc:
                self.notify(str(exc), title="Cannot delete", severity="error")
                return
            self.notify(f"Deleted {entry.path.name}")
            self.action_reload()

        self.app.push_screen(ConfirmScreen(f"Delete {entry.path.name}?"), answer)

    def action_back(self) -> None:
        """Back to the main menu."""
        self.dismiss(None)
