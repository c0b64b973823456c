"""Ascension, the base deckbuilding game, behind the common game contract."""

from __future__ import annotations

from typing import Any

from core.ascension.audit import problems as audit
from core.ascension.reveals import reveals
from core.ascension.rules import (
    apply,
    apply_legal,
    legal_actions,
    outcome,
    scores,
    why_illegal,
)
from core.ascension.snapshot import restore, snapshot
from core.ascension.state import State, new_state
from core.ascension.view import AscensionView, checksum, determinize, view
from core.ascension.words import action_phrase, describe, question_phrase
from core.contract import rounds_played

NAME = "ascension"


def new_game(options: dict[str, Any], seed: int) -> State:
    """A new game: ``options`` = players, edition, honor_pool, seats, names."""
    return new_state(options, seed)


def turn_number(state: State) -> int:
    """The round being played (each seat has a turn in it), from 1."""
    return rounds_played(state.turns_taken, state.to_move is None)


__all__ = [
    "NAME", "AscensionView", "State", "action_phrase", "apply", "apply_legal", "audit", "checksum",
    "describe", "determinize", "legal_actions", "new_game", "outcome", "question_phrase",
    "restore", "reveals", "scores", "snapshot", "turn_number", "view", "why_illegal",
]
