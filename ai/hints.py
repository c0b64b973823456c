"""Hints: what the planner would do now for the player to move, and a one-line why.

``hint(game, view, legal)`` asks the game's own hint function (``ai.registry``). Each is
deterministic: a fresh planner with a fixed seed answers, and CP-SAT runs with a fixed
seed, one worker and a full tie-break, so the same position always gives the same hint.
"""

from __future__ import annotations

from typing import Any

from ai import registry
from ai.hint import Hint
from core.contract import Action


def hint(game: str, view: Any, legal: list[Action]) -> Hint:
    """The planner's recommendation for the decision in ``view``.

    KeyError for a game without hints; ValueError when there is no decision to hint."""
    find = getattr(registry.package(game), "hint", None)
    if find is None:
        raise KeyError(f"no hints for {game!r}")
    result: Hint = find(view, legal)
    return result
