"""Seeded random Classic games for the property tests: each action drawn from the legal
list by a generator of the test's own (never the game's), weighted towards the actions that
move a game on, so that a game ends in a few thousand actions."""

from __future__ import annotations

import random
from collections.abc import Callable

from core.contract import Action
from core.empires import apply, legal_actions, new_game
from core.empires.state import State

WEIGHTS = {"attack": 30.0, "build": 15.0, "develop": 30.0, "mine_planet": 20.0,
           "land": 10.0, "launch": 4.0, "deploy_troop": 6.0, "retreat": 0.3, "flick": 0.1,
           "retire": 1.0, "city_bonus": 1.0}


def options_for(seed: int) -> dict[str, object]:
    return {"players": 2 + seed % 3, "rules": "classic",
            "steadiness": ("exact", "steady", "normal", "shaky")[seed % 4]}


def pick(draw: random.Random, actions: list[Action]) -> Action:
    return draw.choices(actions, [WEIGHTS.get(a.kind, 1.0) for a in actions])[0]


def random_game(seed: int, check: Callable[[State, Action], None] | None = None,
                limit: int = 30000) -> tuple[State, list[Action]]:
    """Play seed's Classic game to its end (or ``limit`` actions), ``check`` after each."""
    s = new_game(options_for(seed), seed)
    draw = random.Random(f"empires-classic-{seed}")
    played: list[Action] = []
    while s.to_move is not None and len(played) < limit:
        a = pick(draw, legal_actions(s))
        apply(s, a)
        played.append(a)
        if check is not None:
            check(s, a)
    return s, played
