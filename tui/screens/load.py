"""Continue: the saved games and campaigns, newest first; broken files are listed with why they
won't load. A campaign's battle in play is continued through its campaign, so the list shows
the campaign and not that save; the Campaign entry of the menu lists the campaigns alone."""

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
from tui.widgets.lists import StopList
from tui.widgets.setting import Setting


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


def is_campaign(entry: Any) -> bool:
    """True for a campaign file's entry (else a game save's)."""
    from saves.campaign import SUFFIX

    return bool(entry.path.suffix == SUFFIX)


def entry_text(entry: Any) -> Text:
    """One line (or two) describing a save file for the list; a file whose details cannot
    be shown is listed as broken, never taking the rest of the list with it."""
    if entry.summary is not None:
        try:
            if is_campaign(entry):
                return _campaign_text(entry.summary)
            return _summary_text(entry.summary)
        except Exception as exc:  # one odd file must not close Continue for every save
            return _broken_text(entry.path.name, f"cannot be shown ({type(exc).__name__})")
    return _broken_text(entry.path.name, f"cannot be loaded: {entry.error}")


def players_text(summary: Any) -> str:
    """``You vs Greedy bot``; teams as teams: ``You & Player 3 vs Greedy bot & Random bot``."""
    names = [str(p) for p in summary.meta.get("players", [])]
    from tui.games import ui

    try:
        teams = ui(summary.game).teams(getattr(summary, "options", {}) or {})
    except KeyError:  # a game this version has no table for
        teams = []
    if not teams:
        return " vs ".join(names)
    grouped = [" & ".join(names[seat] for seat in team if seat < len(names)) for team in teams]
    return " vs ".join(team for team in grouped if team)


def _summary_text(summary: Any) -> Text:
    meta = summary.meta
    players = [str(p) for p in meta.get("players", [])]
    scores = str(meta.get("scores", "")).split(",")
    out = Text()
    out.append(title(summary.game), style="bold #ffd54f")
    out.append("  ")
    teamed = players_text(summary)
    if " & " not in teamed and len(scores) == len(players) \
            and all(x.lstrip("-").isdigit() for x in scores):
        for i, (name, score) in enumerate(zip(players, scores, strict=True)):
            out.append(" · " if i else "")
            out.append(name)
            out.append(f" {score}", style="bold")
    else:  # teams, or a save from before scores were kept in its summary
        out.append(teamed)
    word = turn_word(summary.game)
    out.append(f"\n  {word} {meta.get('turn', '?')}", style="dim")
    mover = meta.get("to_move")
    if meta.get("status") == "finished":
        out.append(" · finished", style="dim italic")
    elif isinstance(mover, int) and 0 <= mover < len(players):
        out.append(f" · {players[mover]} to play", style="dim")
    out.append(f" · {when(summary)}", style="dim")
    if summary.game not in game_names():
        out.append(" · not playable in this version", style="red")
    return out


def _campaign_text(summary: Any) -> Text:
    meta = summary.meta
    out = Text()
    out.append(str(meta.get("title", summary.game)), style="bold #ffd54f")
    out.append("  campaign · ", style="dim")
    out.append(" & ".join(str(p) for p in meta.get("players", [])))
    out.append(f" · {title(str(meta.get('game_name', '')))}", style="dim")
    if meta.get("status") == "won":
        where = "won"
    else:
        where = (f"chapter {int(meta.get('chapter', 0)) + 1} of {meta.get('chapters', '?')}: "
                 f"{meta.get('chapter_name', '?')} · {meta.get('status', '?')}")
    out.append(f"\n  {where} · {when(summary)}", style="dim")
    return out


def newest_first(entries: list[Any]) -> list[Any]:
    """Entries of several stores in one list, newest first (a file that cannot be read by
    its file time)."""
    def key(entry: Any) -> tuple[float, str]:
        try:
            stamp = entry.summary.saved_at.timestamp() if entry.summary else entry.modified
        except (KeyError, TypeError, ValueError, OverflowError):
            stamp = entry.modified
        return (stamp, entry.path.name)

    return sorted(entries, key=key, reverse=True)


def _broken_text(name: str, why: str) -> Text:
    out = Text()
    out.append("✗ ", style="bold red")
    out.append(name, style="bold")
    out.append(f"\n  {why}", style="red")
    return out


class ContinueScreen(Screen[None]):
    """Pick a saved game or campaign to continue."""

    BINDINGS = [
        Binding("escape,q", "back", "Back"),
        Binding("d,delete", "delete", "Delete"),
        Binding("r", "reload", "Refresh"),
    ]

    HEADING = "Continue a saved game"
    EMPTY = "No saved games yet."

    def compose(self) -> ComposeResult:
        with Vertical(id="continue-box"):
            yield Label(self.HEADING, id="continue-title")
            yield Label("", id="continue-dir", classes="dim-note")
            yield StopList(id="saves")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.entries: list[Any] = []
        self.loading = False

    def on_screen_resume(self) -> None:
        # Shown first, or again after a campaign or a dialog (what is on disk may have moved
        # on): the folder is read each time.
        if not self.loading:
            self.action_reload()

    def _show_folder(self) -> None:
        self.query_one("#continue-dir", Label).update(f"Saves in {self.store.directory}")

    def action_reload(self) -> None:
        """Read the save folder again."""
        from saves.campaign import CampaignStore
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
        self.campaigns = CampaignStore(store.directory)
        self._show_folder()
        self.entries = self.listing()
        lead = self.lead_options()
        options.add_options(lead)
        if not self.entries and not lead:
            options.add_option(Option(Text(self.EMPTY, style="dim"), disabled=True))
            return
        options.add_options(
            Option(entry_text(e), id=str(i))
            for i, e in enumerate(self.entries)
        )
        first = next((i for i, e in enumerate(self.entries) if e.summary is not None), 0)
        options.highlighted = 0 if lead else first
        options.focus()

    def listing(self) -> list[Any]:
        """The files listed: game saves and campaigns, newest first; a campaign's battle in
        play is left to its campaign."""
        campaigns = self.campaigns.list()
        battles = {e.summary.meta.get("battle") for e in campaigns if e.summary is not None}
        games = [e for e in self.store.list() if e.path.name not in battles]
        return newest_first(games + campaigns)

    def lead_options(self) -> list[Option]:
        """Options above the files (none here)."""
        return []

    def store_for(self, entry: Any) -> Any:
        """The store that keeps the file of ``entry``."""
        return self.campaigns if is_campaign(entry) else self.store

    @on(OptionList.OptionSelected, "#saves")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_id is None:
            return
        if not event.option_id.isdigit():
            self.lead_chosen(event.option_id)
            return
        entry = self.entries[int(event.option_id)]
        if entry.summary is None:
            self.notify(f"{entry.path.name}: {entry.error}", severity="error")
            return
        if is_campaign(entry):
            from tui.screens.campaign import CampaignScreen

            self.app.push_screen(CampaignScreen(entry.path))
            return
        self.open_save(entry.path)

    def lead_chosen(self, option_id: str) -> None:
        """One of the options above the files was chosen (none here)."""

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
        # The list loses the focus while a load runs; give it back, so ↑↓ work again.
        self.query_one("#saves", OptionList).focus()
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
        if option.id is None or not option.id.isdigit():
            return
        entry = self.entries[int(option.id)]

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            from saves.format import SaveError

            try:
                self.store_for(entry).delete(entry.path)
            except SaveError as exc:
                self.notify(str(exc), title="Cannot delete", severity="error")
                return
            self.notify(f"Deleted {entry.path.name}")
            self.action_reload()

        question = f"Delete {entry.path.name}?"
        if is_campaign(entry) and entry.summary is not None and entry.summary.meta.get(
                "battle"):
            question += " Its battle in play stays, as a saved game."
        self.app.push_screen(ConfirmScreen(question), answer)

    def action_back(self) -> None:
        """Back to the main menu."""
        self.dismiss(None)


class CampaignsScreen(ContinueScreen):
    """The campaigns alone, and a new one to start: the main menu's Campaign entry. The
    game of the new campaign is chosen on the line above the list (← →, from the list
    too); the list shows every game's campaigns."""

    HEADING = "Campaigns"

    BINDINGS = [
        Binding("left", "game(-1)", "Game", show=False),
        Binding("right", "game(1)", "Game"),
    ]

    def compose(self) -> ComposeResult:
        from core.games import campaign_games

        with Vertical(id="continue-box"):
            yield Label(self.HEADING, id="continue-title")
            yield Label("", id="continue-dir", classes="dim-note")
            yield Setting("Game", [(g.name, g.title) for g in campaign_games()],
                          note="of a new campaign", id="campaign-game")
            yield StopList(id="saves")
        yield KeyFooter()

    @property
    def game(self) -> str:
        """The game a new campaign is started in."""
        return str(self.query_one("#campaign-game", Setting).value)

    def action_game(self, step: int) -> None:
        """The next (or previous) game for a new campaign."""
        self.query_one("#campaign-game", Setting).action_step(step)

    def listing(self) -> list[Any]:
        return newest_first(self.campaigns.list())

    def lead_options(self) -> list[Option]:
        return [Option(Text.assemble(("+ ", "bold green"), ("Start a new campaign", "bold")),
                       id="new")]

    def lead_chosen(self, option_id: str) -> None:
        from tui.games import new_campaign_screen

        self.app.push_screen(new_campaign_screen(self.game))
