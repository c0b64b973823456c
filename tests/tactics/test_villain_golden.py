"""Golden replays against the Villains: seed + random actions -> the exact same state. Pinned
once from a real run; a change to the Villain rules, the content or the RNG that alters play
shows up here first. Update only together with a CHANGELOG line."""

from __future__ import annotations

from typing import Any

import pytest
from tactics_helpers import random_game

import core.tactics as T

# Re-pinned when the Vigil at the Crossroads' goals became 25 / 60, the Scheme bonuses grew
# and the Bosses were evened out (the Villain balance, BALANCE.md): the games run longer.
# Co-op re-pinned when the Vigil's co-op Villain goal became 32 (BALANCE.md, co-op): the
# Villains reach it 11 actions sooner than 60. Become the Boss re-pinned when the Vigil's
# Boss goal became 82 (BALANCE.md, "Become the Boss"): 38 actions more to reach it.
GOLDEN: dict[str, tuple[dict[str, Any], int, tuple[int, tuple[int, ...], str, int]]] = {
    "solo": ({"players": 1, "difficulty": "hard"}, 20260301,
             (39, (), "Villain Honor", 2649850031)),
    "coop": ({"players": 2, "mode": "coop", "draft": True}, 20260302,
             (51, (), "Villain Honor", 103028146)),
    "boss": ({"players": 3, "mode": "boss"}, 20260303,
             (224, (2,), "Villain Honor", 2164516539)),
}


@pytest.mark.parametrize("mode", sorted(GOLDEN))
def test_golden_game_against_the_villains(mode: str) -> None:
    options, seed, expected = GOLDEN[mode]
    s, actions = random_game(seed, options, check=False)
    out = T.outcome(s)
    assert out is not None
    assert (len(actions), out.winners, out.details["by"], T.checksum(s)) == expected


@pytest.mark.parametrize("mode", sorted(GOLDEN))
def test_replaying_the_actions_gives_the_same_checksum_at_every_step(mode: str) -> None:
    options, seed, _ = GOLDEN[mode]
    s, actions = random_game(seed, options, check=False)
    sums = []
    for _ in range(2):
        g = T.new_game(options, seed)
        steps = []
        for a in actions:
            T.apply(g, a)
            steps.append(T.checksum(g))
        sums.append(steps)
    assert sums[0] == sums[1] and sums[0][-1] == T.checksum(s)
