"""Hints at a table: the solver's pick for a position, and how the hint panel says it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from core.contract import Action


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
