"""Planner decision latency on one core: median and p95 over every decision it makes.

    python -m bench.planner_latency [--games 20] [--players 2] [--seed 1]

Target (issue 4): p95 <= 250 ms per decision. The planner plays the greedy bot, seats
alternated; OR-Tools is imported and one model solved before timing starts, so the one-off
import cost (paid once per app run) does not count as a decision. The buy-phase decisions
(the ones that solve a CP-SAT model) are also reported on their own.
"""

from __future__ import annotations

import argparse
import statistics
import time

import core.ascension as A
from ai.bots import make_bot
from bench.stats import pct


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    from ai.ascension import buy_model

    buy_model.warm_up()
    every: list[float] = []
    buys: list[float] = []
    for g in range(args.games):
        seed = args.seed + g
        s = A.new_game({"players": args.players}, seed)
        names = ["greedy"] * args.players
        names[g % args.players] = "planner"
        bots = [make_bot(n, "ascension", seed * 8 + i) for i, n in enumerate(names)]
        while not s.over:
            seat = s.to_move
            assert seat is not None
            view, legal = A.view(s, seat), A.legal_actions(s)
            if names[seat] == "planner":
                t0 = time.perf_counter()
                action = bots[seat].choose(view, legal)
                dt = time.perf_counter() - t0
                every.append(dt)
                if view.pending is None and action.kind in ("acquire", "defeat", "end",
                                                            "activate"):
                    buys.append(dt)
            else:
                action = bots[seat].choose(view, legal)
            A.apply(s, action)
    for label, xs in (("all decisions", every), ("buy-phase decisions", buys)):
        print(f"planner {label}: n={len(xs)}  median {1000 * statistics.median(xs):.1f} ms"
              f"  p95 {1000 * pct(xs, 0.95):.1f} ms  max {1000 * max(xs):.1f} ms")
    print(f"target p95 <= 250 ms: {'met' if pct(every, 0.95) <= 0.25 else 'NOT met'}")


if __name__ == "__main__":
    main()
