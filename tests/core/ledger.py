"""Helpers shared by the engine-wide tests: random games and the card/Honor ledger."""

from __future__ import annotations

import core.ascension as A
from core.ascension.audit import problems
from core.ascension.state import State
from core.contract import Action
from core.rng import Rng


def assert_ledger(s: State) -> None:
    """Nothing lost: every card in one place, every Honor token accounted for."""
    assert problems(s) == []


def random_game(seed: int, players: int = 2, check: bool = True,
                **options: object) -> tuple[State, list[Action]]:
    """Play a uniformly random game to the end, checking the ledger after every step."""
    s = A.new_game({"players": players, **options}, seed)
    rng = Rng.stream(seed, "test")
    actions: list[Action] = []
    while not s.over:
        a = rng.choice(A.legal_actions(s))
        A.apply(s, a)
        actions.append(a)
        if check:
            assert_ledger(s)
    return s, actions
