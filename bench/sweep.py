"""The long property sweep: thousands of seeded random games, every invariant after every step.

    python -m bench.sweep [--games 10000]

The test suite runs a few hundred of these; this is the ten-thousand-game version.
"""

from __future__ import annotations

import argparse
import time

import core.ascension as A
from core.ascension.audit import problems
from core.rng import Rng


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    start = time.perf_counter()
    bad = 0
    for g in range(args.games):
        seed = args.seed + g
        s = A.new_game({"players": 2 + g % 3, "edition": 1 + g % 2}, seed)
        rng = Rng.stream(seed, "sweep")
        while not s.over:
            A.apply(s, rng.choice(A.legal_actions(s)))
            found = problems(s)
            if found:
                print(f"seed {seed} step {s.steps}: {'; '.join(found)}")
                bad += 1
                break
    secs = time.perf_counter() - start
    print(f"{args.games} games (2-4 players, both editions) in {secs:.1f} s: "
          f"{bad} with a broken invariant")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
