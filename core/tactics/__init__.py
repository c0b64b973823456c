"""Ascension Tactics (the competitive game: 1 vs 1, 2 vs 2, 3-4 player brawl; and against
the Villains: solo, co-op, Become the Boss) behind the common game contract."""

from __future__ import annotations

from typing import Any

from core.contract import Event, rounds_played
from core.tactics import effects as _fx
from core.tactics.audit import problems as audit
from core.tactics.draft import start_draft
from core.tactics.reveals import reveals
from core.tactics.rules import (
    apply,
    apply_legal,
    legal_actions,
    outcome,
    scores,
    why_illegal,
)
from core.tactics.snapshot import restore, snapshot
from core.tactics.state import Decision, State, side_order
from core.tactics.table_setup import new_state
from core.tactics.turn import begin_turn
from core.tactics.view import TacticsView, checksum, determinize, view
from core.tactics.villain import Plan, allowed_commands
from core.tactics.villain_setup import begin as begin_against_villains
from core.tactics.words import describe

NAME = "tactics"


def new_game(options: dict[str, Any], seed: int) -> State:
    """A new game: ``options`` = players (1-4), mode ("1v1", "2v2", "brawl", "solo", "coop",
    "boss"), scenario (id), draft (bool: the Champion Draft instead of the suggested
    rosters), turn_limit (0 = none), seats, names; against the Villains also difficulty,
    boss (random or a Boss's id), ties and a campaign chapter's options
    (``core.tactics.villain_options``). With the draft, the picks are the first decisions."""
    s = new_state(options, seed)
    start(s)
    return s


def start(s: State) -> list[Event]:
    """Begin a freshly set-up state: the draft's first pick, or the first side's turn."""
    events: list[Event] = []
    if s.options["draft"] and not s.options.get("heroes"):
        start_draft(s, events)
    elif s.villain is not None:
        begin_against_villains(s, events)
    else:
        begin_turn(s, side_order(s)[0], events)
    _fx.run(s, events)
    return events


def copy(s: State) -> State:
    return s.copy()


def turn_number(state: State) -> int:
    """The round being played (each side has a turn in it), from 1."""
    return rounds_played(state.side_turns, state.to_move is None)


__all__ = [
    "audit", "NAME", "Decision", "State", "TacticsView", "apply", "apply_legal", "checksum",
    "copy", "describe", "determinize", "Plan", "allowed_commands", "legal_actions", "new_game",
    "outcome", "restore", "reveals", "scores", "snapshot", "turn_number", "start", "view",
    "why_illegal",
]
