"""Rules help: each game's rules in a few minutes, in our own words, and the keys of its
table; the game being played comes first.

A game's rules help is Markdown next to its content (``core/<game>/content/help.md``) and
its keys next to its table (``tui/games/<game>/keys.md``)."""

from __future__ import annotations

from importlib.resources import files

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown

from core.games import game_names, info
from tui.games import GAMES as TABLES
from tui.widgets.footer import KeyFooter


def help_pages(first: str = "") -> list[str]:
    """Each playable game's page (its rules help, then its table's keys), ``first``'s first;
    a game that has no help file yet is left out."""
    order = game_names()
    if first in order:
        order = [first, *(g for g in order if g != first)]
    pages = []
    for game in order:
        parts = [_read(info(game).module or "", "content/help.md")]
        if game in TABLES:
            parts.append(_read(TABLES[game], "keys.md"))
        page = "\n".join(p for p in parts if p)
        if page:
            pages.append(page)
    return pages


def _read(package: str, name: str) -> str:
    """A Markdown file shipped inside ``package``; empty if there is none."""
    try:
        return (files(package) / name).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, TypeError):
        return ""


class RulesScreen(Screen[None]):
    """The rules summaries and key lists; escape or q goes back."""

    BINDINGS = [Binding("escape,q,question_mark", "back", "Back")]

    def __init__(self, game: str = "") -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        text = "\n".join(help_pages(self.game))
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(text, id="rules")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_back(self) -> None:
        """Close the help."""
        self.dismiss(None)
