"""The long property sweep: thousands of seeded random games, every invariant after every step.

    python -m bench.sweep [--game ascension|firepeak|tactics] [--games 10000]

The test suite runs a few hundred of these; this is the ten-thousand-game version. Player
counts, variants, scenarios, modes and drafting rotate game by game.
"""

from __future__ import annotations

import argparse
import importlib
import time
from typing import Any

from core.games import get_game
from core.rng import Rng

TACTICS_SETUPS: tuple[tuple[str, int, str], ...] = (
    ("battle_of_three_shrines", 2, "1v1"),
    ("ashen_ford", 2, "1v1"),
    ("crown_of_the_vale", 4, "2v2"),
    ("three_hollows", 3, "brawl"),
    ("four_winds", 4, "brawl"),
)


def _options(game: str, g: int) -> dict[str, Any]:
    if game == "ascension":
        return {"players": 2 + g % 3, "edition": 1 + g % 2}
    if game == "tactics":
        scenario, players, mode = TACTICS_SETUPS[g % len(TACTICS_SETUPS)]
        return {"players": players, "scenario": scenario, "mode": mode,
                "draft": bool(g // len(TACTICS_SETUPS) % 2)}
    return {"players": 2 + g % 4,
            "variants": {"clan_powers": bool(g % 2), "reshuffle_once": bool(g // 2 % 2)}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", default="ascension", choices=("ascension", "firepeak", "tactics"))
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    mod = get_game(args.game)
    problems = importlib.import_module(f"{mod.__name__}.audit").problems
    start = time.perf_counter()
    bad = steps = 0
    for g in range(args.games):
        seed = args.seed + g
        s = mod.new_game(_options(args.game, g), seed)
        rng = Rng.stream(seed, "sweep")
        while not s.over:
            mod.apply(s, rng.choice(mod.legal_actions(s)))
            steps += 1
            found = problems(s)
            if found:
                print(f"seed {seed} step {s.steps}: {'; '.join(found)}")
                bad += 1
                break
    secs = time.perf_counter() - start
    print(f"{args.game}: {args.games} games, {steps} actions in {secs:.1f} s: "
          f"{bad} with a broken invariant")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
