"""Ascension at Firepeak behind the common game contract."""

from __future__ import annotations

from typing import Any

from core.contract import Event, rounds_played
from core.firepeak import effects as _fx
from core.firepeak.audit import problems as audit
from core.firepeak.reveals import reveals
from core.firepeak.rules import (
    apply,
    apply_legal,
    legal_actions,
    outcome,
    scores,
    why_illegal,
)
from core.firepeak.snapshot import restore, snapshot
from core.firepeak.state import (
    DUNGEON,
    GUARD,
    Decision,
    State,
    blank_state,
    deal,
    normalize_options,
)
from core.firepeak.view import FirepeakView, checksum, determinize, view
from core.firepeak.words import describe
from core.rng import Rng

NAME = "firepeak"


def new_game(options: dict[str, Any], seed: int) -> State:
    """A new game: ``options`` = players (2-5), seats, names, variants
    (``clan_powers``, ``reshuffle_once``). The first decisions are each seat's choice of the
    two dealt spells to give up; then the first player is rolled for."""
    s = blank_state(normalize_options(options), Rng.stream(seed, "game"))
    deal(s)
    s.work.append(("begin",))
    for seat in range(s.n - 1, -1, -1):
        s.work.append(("setup_discard", seat))
    events: list[Event] = []
    _fx.run(s, events)
    return s


def turn_number(state: State) -> int:
    """The round being played (each seat has a turn in it), from 1."""
    return rounds_played(state.turns_taken, state.to_move is None)


__all__ = [
    "audit", "DUNGEON", "GUARD", "NAME", "Decision", "FirepeakView", "State", "apply",
    "apply_legal", "checksum", "describe", "determinize", "legal_actions", "new_game", "outcome",
    "restore", "reveals", "scores", "snapshot", "turn_number", "view", "why_illegal",
]
