"""Seeded random games of the Solo Campaign for the property tests: each action drawn from
the legal list by a generator of the test's own (never the game's), weighted towards the
actions that move a scenario on."""

from __future__ import annotations

import random
from collections.abc import Callable

from empires_play import play_out

from core.contract import Action
from core.empires import new_game
from core.empires.state import State


def solo_options(seed: int) -> dict[str, object]:
    return {"mode": "solo", "scenario": 1 + seed % 6,
            "steadiness": ("exact", "steady", "normal", "shaky")[seed // 6 % 4]}


def random_solo_game(seed: int, check: Callable[[State, Action], None] | None = None,
                     limit: int = 20000) -> tuple[State, list[Action]]:
    """Play seed's scenario to its end (or ``limit`` actions); ``check`` runs after each
    action (default: the audit must find nothing)."""
    return play_out(new_game(solo_options(seed), seed),
                    random.Random(f"empires-solo-{seed}"), seed, check, limit)
