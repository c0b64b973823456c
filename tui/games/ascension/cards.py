"""A card on the table: a small focusable block that says what it is and asks for its action.

A ``CardView`` only draws a card definition and posts ``CardView.Chosen`` when the player
presses enter or clicks it; the screen decides what that means by asking the engine.
"""

from __future__ import annotations

import textwrap
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.widget import Widget

from core.ascension.cards import CardDef
from tui.games.ascension.text import stats, tone
from tui.theme import FACTION_COLOR
from tui.widgets.redraw import set_classes_only

TONE_CLASSES = tuple(f"-tone-{t or 'neutral'}" for t in FACTION_COLOR)
# Every class ``show`` sets: the card's tone and its marks.
STATE_CLASSES = (*TONE_CLASSES, "-empty", "-mark", "-dim")


def fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells with an ellipsis when it is longer."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def wrap2(text: str, width: int) -> list[str]:
    """``text`` on at most two lines of ``width``, words kept whole, the rest cut with "…"."""
    lines = textwrap.wrap(text, width, break_long_words=False) or [""]
    if len(lines) > 2:
        lines = [lines[0], lines[1] + " " + " ".join(lines[2:])]
    return [fit(line, width) for line in lines[:2]]


class CardView(Widget, can_focus=True):
    """One card (or an empty slot) in a zone of the table.

    ``compact`` cards take one line (the piles, constructs); the others take three: the
    name over two lines and the numbers. ``note`` is a short tag such as a pile count or
    "used"; ``mark`` flags a card the engine currently allows an action on.
    """

    BINDINGS = [Binding("enter", "choose", "Act", show=False)]

    class Chosen(Message):
        """The player asked for the primary action on a card."""

        def __init__(self, card_view: CardView) -> None:
            super().__init__()
            self.card_view = card_view

        @property
        def control(self) -> CardView:
            return self.card_view

    def __init__(self, zone: str, index: int, *, compact: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.zone = zone
        self.index = index
        self.compact = compact
        self.uid = -1
        self.card: CardDef | None = None
        self.note = ""
        self.mark = False
        self.dim = False
        self.shown = False  # nothing drawn yet: the first ``show`` always draws
        if compact:
            self.add_class("-compact")

    def show(self, uid: int, card: CardDef | None, *, note: str = "", mark: bool = False,
             dim: bool = False) -> None:
        """Draw ``card`` (uid ``uid``; -1 and None for an empty slot); a card shown again
        exactly as it is costs nothing (no restyle, no redraw)."""
        if (uid, card, note, mark, dim) == (self.uid, self.card, self.note, self.mark,
                                            self.dim) and self.shown:
            return
        self.uid, self.card, self.note, self.mark, self.dim = uid, card, note, mark, dim
        self.shown = True
        wanted = [f"-tone-{tone(card) or 'neutral'}" if card else "-tone-neutral"]
        wanted += [name for name, on in (("-empty", card is None), ("-mark", mark),
                                         ("-dim", dim)) if on]
        set_classes_only(self, wanted, STATE_CLASSES)
        self.can_focus = card is not None
        # A construct chip is as wide as its text, which changes with "used".
        self.refresh(layout=self.compact and self.zone == "constructs")

    def render(self) -> Text:
        card = self.card
        width = max(4, self.size.width or 10)
        if card is None:
            return Text("·empty·" if not self.compact else "—", style="dim")
        if self.compact and self.zone == "constructs":
            # In play a construct's cost no longer matters: its name and whether it is ready.
            out = Text(card.name, style="bold")
            if self.note:
                out.append(f" {self.note}", style="italic")
            if self.mark:
                out.append(" •", style="bold")
            return out
        if self.compact:
            numbers = stats(card, honor=False)
            if self.note:
                numbers.append(f" {self.note}", style="italic")
            if self.mark:
                numbers.append(" •", style="bold")
            room = max(1, width - len(numbers) - 1)
            name = fit(card.name, room)
            out = Text(name, style="bold")
            out.append(" " * max(1, width - len(name) - len(numbers)))
            out.append_text(numbers)
            return out
        if self.zone == "hand":
            # In hand what a card does matters more than what it cost.
            out = Text(fit(card.name, width), style="bold")
            for line in wrap2(card.text, width):
                out.append("\n" + line)
            return out
        lines = wrap2(card.name, width)
        out = Text()
        for i in range(2):
            out.append(lines[i] if i < len(lines) else "", style="bold")
            out.append("\n")
        out.append_text(stats(card))
        if self.note:
            out.append(f" {self.note}", style="italic")
        if self.mark:
            out.append(" •", style="bold")
        return out

    def action_choose(self) -> None:
        """Enter: ask the screen for this card's action."""
        if self.card is not None:
            self.post_message(self.Chosen(self))

    def on_click(self, event: Click) -> None:
        """A click does what enter does."""
        if self.card is not None:
            self.focus()
            self.post_message(self.Chosen(self))
