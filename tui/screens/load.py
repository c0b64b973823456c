"""Continue: the saved games, newest first; broken files are listed with why they won't load."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from core.games import game_names, title
from tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from tui.widgets.footer import KeyFooter


def when(summary: Any) -> str:
    """The save time in local time, ``2026-11-29 13:55``."""
    try:
        stamp = datetime.fromisoformat(summary.meta["saved_at"])
        if stamp.tzinfo is None:
            stamp = stamp.replace(tzinfo=UTC)
        return stamp.astimezone().strftime("%Y-%m-%d %H:%M")
    except (KeyError, TypeError, ValueError, OverflowError):
        return "?"


def turn_word(game: str) -> str:
    """The word the game's table uses in its header for the count the save records."""
    from tui.games import ui

    try:
        return ui(game).turn_word
    except KeyError:
        return "turn"


def entry_text(entry: Any) -> Text:
    """One line (or two) describing a save file for the list; a file whose details cannot
    be shown is listed as broken, never taking the rest of the list with it."""
    if entry.summary is not None:
        try:
            return _summary_text(entry.summary)
        except Exception as exc:  # one odd file must not close Continue for every save
            return _broken_text(entry.path.name, f"cannot be shown ({type(exc).__name__})")
    return _broken_text(entry.path.name, f"cannot be loaded: {entry.error}")


def _summary_text(summary: Any) -> Text:
    meta = summary.meta
    out = Text()
    out.append(title(summary.game), style="bold #ffd54f")
    out.append("  ")
    out.append(" vs ".join(str(p) for p in meta.get("players", [])))
    word = turn_word(summary.game)
    out.append(f"\n  {word} {meta.get('turn', '?')} · {when(summary)}", style="dim")
    if meta.get("status") == "finished":
        out.append(" · finished", style="dim italic")
    if summary.game not in game_names():
        out.append(" · not playable in this version", style="red")
    return out


def _broken_text(name: str, why: str) -> Text:
    out = Text()
    out.append("✗ ", style="bold red")
    out.append(name, style="bold")
    out.append(f"\n  {why}", style="red")
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
        self.loading = False
        self.action_reload()

    def _show_folder(self) -> None:
        self.query_one("#continue-dir", Label).update(f"Saves in {self.store.directory}")

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
        self._show_folder()
        self.entries = store.list()
        if not self.entries:
            options.add_option(Option(Text("No saved games yet.", style="dim"), disabled=True))
            return
        options.add_options(
            Option(entry_text(e), id=str(i))
            for i, e in enumerate(self.entries)
        )
        first = next((i for i, e in enumerate(self.entries) if e.summary is not None), 0)
        options.highlighted = first
        options.focus()

    @on(OptionList.OptionSelected, "#saves")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_id is None:
            return
        entry = self.entries[int(event.option_id)]
        if entry.summary is None:
            self.notify(f"{entry.path.name}: {entry.error}", severity="error")
            return
        self.open_save(entry.path)

    def open_save(self, path: Path, read_only: bool = False) -> None:
        """Load the game at ``path`` in a worker (a long replay never freezes the screen),
        then open its table."""
        if self.loading:
            return
        self.loading = True
        self.query_one("#continue-dir", Label).update(
            Text(f"Loading {path.name}…", style="italic"))
        self._load(path, read_only)

    @work(thread=True, exclusive=True, group="load")
    def _load(self, path: Path, read_only: bool) -> None:
        from saves.format import SaveError
        from saves.lock import SaveLocked
        from tui.session import GameSession

        try:
            session, message = GameSession.from_save(path, self.store, read_only=read_only)
        except SaveLocked as exc:
            self.app.call_from_thread(self._locked, path, exc)
        except SaveError as exc:
            self.app.call_from_thread(self._failed, str(exc))
        except (KeyError, ValueError) as exc:
            self.app.call_from_thread(self._failed, f"{path.name}: {exc}")
        else:
            self.app.call_from_thread(self._loaded, session, message)

    def _loaded(self, session: Any, message: str) -> None:
        self.loading = False
        start = getattr(self.app, "start_game", None)
        if start is not None and self.is_attached:
            start(session, message)
        else:
            session.close()

    def _failed(self, reason: str) -> None:
        self.loading = False
        self._show_folder()
        self.notify(reason, title="Cannot load", severity="error")

    def _locked(self, path: Path, exc: Any) -> None:
        """Another window has this game: look at it read-only, or continue a copy."""
        from saves.format import SaveError

        self.loading = False
        self._show_folder()

        def chosen(answer: int | None) -> None:
            if answer == 0:
                self.open_save(path, read_only=True)
            elif answer == 1:
                try:
                    copy = self.store.copy(path)
                except SaveError as err:
                    self.notify(str(err), title="Cannot copy", severity="error")
                    return
                self.notify(f"Copied to {copy.name}")
                self.action_reload()
                self.open_save(copy)

        self.app.push_screen(ChoiceScreen(
            f"{exc.reason[:1].upper()}{exc.reason[1:]}.",
            ["Look at it read-only", "Continue a copy of it"], cancel_label="back"), chosen)

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
