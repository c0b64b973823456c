"""Small modal dialogs: a yes/no question and a pick-one list."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from tui.widgets.lists import StopList

# How the hinted line is marked in a list (the highlight stays where the player put it).
HINT_MARK = "◀ hint"


class ConfirmScreen(ModalScreen[bool]):
    """Ask a yes/no question; y/enter = yes, n/escape = no."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, classes="dialog-title")
            yield Label("[b]y[/b] / enter: yes    [b]n[/b] / escape: no", classes="dialog-keys")

    def action_answer(self, yes: bool) -> None:
        """Close with the answer."""
        self.dismiss(yes)


class ChoiceScreen(ModalScreen[int | None]):
    """Pick one of several options; returns its index, or None when cancelled.

    ``details`` (one per option, may be empty) are shown for the highlighted option.
    ``cancel_label`` names what escape does; an empty label means escape is not allowed
    (a choice the rules say must be made). ``advise``, if given, is called off the event
    loop when the player presses h and returns the index to recommend and why; the line is
    marked, the highlight stays put, and h again moves the highlight onto it.
    ``disabled`` (one flag per option) greys options that are shown but cannot be chosen;
    ``on_highlight`` is told the index of each option highlighted, so the table behind the
    dialog can point at it; ``compact`` keeps the dialog low enough to leave the top half
    of an 80x24 screen in view.
    """

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("h", "advise", "Hint"),
        Binding("H", "take_hint", "Choose the hint", show=False),
        Binding("u", "take_back", "Take back", show=False),
    ]

    def __init__(
        self,
        title: str,
        options: Sequence[str | Text],
        details: Sequence[Text | str] = (),
        cancel_label: str = "cancel",
        advise: Callable[[], tuple[int, str] | None] | None = None,
        *,
        disabled: Sequence[bool] = (),
        on_highlight: Callable[[int], None] | None = None,
        compact: bool = False,
    ) -> None:
        super().__init__()
        self.advise = advise
        # Not ``self.disabled``: that is Textual's own flag, and a non-empty list there would
        # disable the whole dialog (no focus, no keys).
        self.greyed = list(disabled)
        self.on_highlight = on_highlight
        self.compact = compact
        if compact:
            self.add_class("-compact")  # the table behind stays undimmed and in view
        self.hint_line: Text | None = None
        self.hinted: int | None = None  # the line the last hint recommends
        self.title_text = title
        self.options = list(options)
        self.details = list(details)
        self.cancel_label = cancel_label

    def compose(self) -> ComposeResult:
        classes = "dialog choice-dialog" + (" -compact" if self.compact else "")
        with Vertical(classes=classes):
            yield Label(self.title_text, classes="dialog-title")
            yield StopList(
                *[Option(o, disabled=i < len(self.greyed) and self.greyed[i])
                  for i, o in enumerate(self.options)],
                id="choices")
            yield Static("", id="choice-detail")
            keys = "↑↓ move · enter choose"
            if self.cancel_label:
                keys += f" · escape {self.cancel_label}"
            if self.advise is not None:
                keys += " · h hint (again: go to it)"
            yield Label(keys, classes="dialog-keys")

    def on_mount(self) -> None:
        options = self.query_one("#choices", OptionList)
        first = next((i for i in range(len(self.options))
                      if not (i < len(self.greyed) and self.greyed[i])), 0)
        options.highlighted = first
        options.focus()
        self._show_detail(first)

    def _show_detail(self, index: int | None) -> None:
        detail = self.query_one("#choice-detail", Static)
        text = self.details[index] if index is not None and index < len(self.details) else ""
        if self.hint_line is not None:
            text = Text.assemble(self.hint_line, "\n", text) if text else self.hint_line
        detail.update(text)
        detail.display = bool(text)

    @on(OptionList.OptionHighlighted, "#choices")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_detail(event.option_index)
        if self.on_highlight is not None:
            self.on_highlight(event.option_index)

    @on(OptionList.OptionSelected, "#choices")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def action_advise(self) -> None:
        """h: ask for a recommendation and mark its line; h once it is marked: move the
        highlight onto it (the player's highlight is never moved unasked)."""
        if self.hinted is not None:
            self.query_one("#choices", OptionList).highlighted = self.hinted
            return
        self._advise(False)

    def action_take_hint(self) -> None:
        """H: choose the hinted line (asking for the hint first if there is none yet)."""
        if self.hinted is not None:
            self.dismiss(self.hinted)
            return
        self._advise(True)

    @work(exclusive=True, group="advise")
    async def _advise(self, take: bool) -> None:
        if self.advise is None:
            return
        options = self.query_one("#choices", OptionList)
        self.hint_line = Text("Thinking about a hint…", style="italic")
        self._show_detail(options.highlighted)
        try:
            result = await asyncio.to_thread(self.advise)
        except Exception as exc:  # a planner bug must not close the game
            result = None
            self.hint_line = Text(f"The hint failed: {exc!r}", style="red")
        else:
            self.hint_line = Text("No hint is available.", style="dim")
        if result is not None:
            index, reason = result
            self.hint_line = Text.assemble(("Hint: ", "bold"), (reason, "green"),
                                           ("  (h: go to it · H: choose it)", "dim"))
            self._mark(index)
            if take and self.hinted is not None:
                self.dismiss(self.hinted)
                return
        self._show_detail(options.highlighted)

    def _mark(self, index: int) -> None:
        """Mark line ``index`` as the hint's pick, leaving the highlight where it is."""
        if not 0 <= index < len(self.options):
            return
        self.hinted = index
        label = self.options[index]
        marked = label.copy() if isinstance(label, Text) else Text(label)
        marked.append(f"  {HINT_MARK}", style="bold green")
        self.query_one("#choices", OptionList).replace_option_prompt_at_index(index, marked)

    def action_take_back(self) -> None:
        """u: take back the move that asked this question, if the table below allows it
        (the question closes unanswered)."""
        below = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        take_back = getattr(below, "take_back_under", None)
        if take_back is None:
            self.notify("There is no move to take back here.", timeout=2)
            return
        take_back(self)

    def action_cancel(self) -> None:
        """Escape: close without choosing, if that is allowed."""
        if self.cancel_label:
            self.dismiss(None)
        else:
            self.notify("This choice must be made.", severity="warning")


class AskTextScreen(ModalScreen[str | None]):
    """Ask for one line of text (a folder, a name); enter answers, escape cancels."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, value: str = "", note: str = "") -> None:
        super().__init__()
        self.question = question
        self.value = value
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, classes="dialog-title")
            yield Input(self.value, id="answer")
            yield Label(self.note or "enter: done    escape: cancel", classes="dialog-keys")

    def on_mount(self) -> None:
        self.query_one("#answer", Input).focus()

    @on(Input.Submitted, "#answer")
    def _submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        self.dismiss(text or None)

    def action_cancel(self) -> None:
        """Close without an answer."""
        self.dismiss(None)
