"""Ascending Empires (Zenith Edition): the Starmap, the flick physics, the set-up and the
rules of a competitive turn for 2-4 players (the New Era rules, or the Classic rules with
``rules = "classic"``), and the Solo Campaign's six scenarios for one
(core/empires/DESIGN.md). Listed in core.games (its settings in ``settings.py``), ai.registry
and the app."""

from __future__ import annotations

from core.contract import rounds_played
from core.empires.audit import problems as audit
from core.empires.offers import legal_actions
from core.empires.reveals import reveals
from core.empires.rules import FREE_OPTIONS, apply, why_illegal
from core.empires.scoring import outcome, scores
from core.empires.snapshot import checksum, restore, snapshot
from core.empires.start import new_game, normalize_options
from core.empires.state import State
from core.empires.view import determinize, view
from core.empires.words import describe

NAME = "empires"


def turn_number(state: State) -> int:
    if state.solo is not None:  # a scenario ends in the middle of the turn that decides it
        return state.turn
    return rounds_played(state.turns_taken, state.to_move is None)


__all__ = ["FREE_OPTIONS", "NAME", "State", "apply", "audit", "checksum", "describe", "determinize",
           "legal_actions", "new_game", "normalize_options", "outcome", "restore", "reveals",
           "scores", "snapshot", "turn_number", "view", "why_illegal"]
