"""Hints at a table: the solver's pick for a position, and how the hint panel says it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.widget import Widget

from core.contract import Action
from tui.widgets.panels import HintPanel

if TYPE_CHECKING:
    from tui.screens.table import TableScreen


def find_hint(game: str, view: Any, legal: list[Action],
              describe: Callable[[Any, Action], str]) -> tuple[Action, str] | None:
    """The solver's pick for this position and its one-line reason (the action described
    when the reason is empty); None for a game without hints."""
    from ai.hints import hint

    try:
        result = hint(game, view, legal)
    except (KeyError, ValueError):
        return None
    action = Action(*result.action)
    return action, result.reason or describe(view, action)


def hint_text(reason: str, use: str) -> Text:
    """The hint panel: how to use the hint on the first line (so however long the reason,
    the way to play it stays in sight), then the hint, whole."""
    out = Text()
    out.append(f"{use} · h: show it\n", style="dim")
    out.append("Hint: ", style="bold")
    out.append(reason, style="green")
    return out


async def compute(table: TableScreen, then_do: bool) -> None:
    """Find the hint for the table's position off the event loop, show it and mark what it
    is about (``then_do``: and play it)."""
    step = len(table.session.actions)
    view = table.view_for(table.state.to_move)
    legal = table.session.legal()
    try:
        result = await asyncio.to_thread(table.hint_for, view, legal)
    except Exception as exc:  # a planner bug must not end the game
        table.query_one(HintPanel).update(Text(f"The hint failed: {exc!r}", style="red"))
        return
    # A hint for a position that has moved on (or a table that is gone) is worthless.
    if step != len(table.session.actions) or not table.is_attached:
        return
    if result is None:
        table.query_one(HintPanel).update(Text(table.NO_HINT, style="dim"))
        return
    action, reason = result
    table.hint = (action, table.hint_reason(action, reason))
    table.hint_step = step
    table._draw_hint()
    table.mark_hint(action)
    if then_do and table._can_act():
        table.take_hint(action)


def too_long(table: TableScreen, panel: HintPanel, text: Text) -> bool:
    """Whether ``text`` needs more lines than the hint's column has at its usual width
    (measured while the column is not widened, and remembered for when it is)."""
    column = panel.parent
    if not table.has_class("-hinting") or table.hint_room is None:
        width = panel.content_region.width
        height = column.content_region.height if isinstance(column, Widget) else 0
        table.hint_room = (width, height)
    width, height = table.hint_room
    if width <= 0 or height <= 0:
        return False
    lines = text.wrap(table.app.console, width)
    # The panel's border takes a line of the column.
    return len(lines) > height - 1
