"""Seeded random games of Ascending Empires for the property tests: each action drawn from
the legal list by a generator of the test's own (never the game's), weighted towards the
actions that move a game on so that a game ends in a few thousand actions."""

from __future__ import annotations

import random
from collections.abc import Callable

from core.contract import Action
from core.empires import apply, audit, legal_actions, new_game
from core.empires.state import State

# Aims are many and mostly wasted; attacks, building and landing end a game sooner.
WEIGHTS = {"attack": 30.0, "build": 20.0, "land": 10.0, "discover": 10.0,
           "deploy_troop": 6.0, "deploy_ship": 4.0, "relic": 3.0, "archive": 3.0,
           "flick": 0.1, "reposition": 0.2, "boost": 0.5, "mission": 5.0,
           "awaken": 20.0, "seize": 10.0, "mega": 10.0, "mine": 2.0, "empire": 1.0}
MODULE_SETS: tuple[list[str], ...] = ([], ["guardian_warships"], ["ancient_libraries"],
               ["ancient_libraries", "guardian_warships"])
# The switches of the optional modules, by seed // 12 (seeds 0-11 play none of them).
VARIANT_SETS: tuple[dict[str, object], ...] = (
    {}, {"proximity_mines": True, "sublight": True, "randomize_technology": True},
    {"megastructures": True, "empires": True},
    {"proximity_mines": True, "sublight": True, "megastructures": True, "empires": True,
     "randomize_technology": True})


def options_for(seed: int) -> dict[str, object]:
    players = 2 + seed % 3
    variants = dict(VARIANT_SETS[seed // 12 % 4])
    if variants and players == 2 and seed % 2:
        variants["corners"] = "destroyed"
    if variants and seed % 4 >= 2:
        variants["discovery"] = "printed"
    return {"players": players, "modules": MODULE_SETS[seed // 3 % 4],
            "steadiness": ("exact", "steady", "normal", "shaky")[seed % 4], **variants}


def pick(draw: random.Random, actions: list[Action]) -> Action:
    return draw.choices(actions, [WEIGHTS.get(a.kind, 1.0) for a in actions])[0]


def random_game(seed: int, check: Callable[[State, Action], None] | None = None,
                limit: int = 20000) -> tuple[State, list[Action]]:
    """Play seed's game to its end (or ``limit`` actions); ``check`` runs after each action
    (default: the audit must find nothing)."""
    return play_out(new_game(options_for(seed), seed), random.Random(f"empires-{seed}"),
                    seed, check, limit)


def play_out(s: State, draw: random.Random, seed: int,
             check: Callable[[State, Action], None] | None = None,
             limit: int = 20000) -> tuple[State, list[Action]]:
    """Play ``s`` to its end (or ``limit`` actions) with actions drawn by ``draw``."""
    played: list[Action] = []
    while s.to_move is not None and len(played) < limit:
        a = pick(draw, legal_actions(s))
        apply(s, a)
        played.append(a)
        if check is None:
            problems = audit(s)
            assert problems == [], (seed, len(played), a, problems)
        else:
            check(s, a)
    return s, played
