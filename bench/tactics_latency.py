"""Tactics planner latency on one core: per turn (all of its decisions in one of its turns)
and per decision, median and p95.

    python -m bench.tactics_latency [--games 10] [--players 2] [--mode 1v1] [--draft]
        [--scenario ID] [--seed 1]

Target (the issue): planner turn p95 <= 500 ms. The planner plays the greedy bot, seats
alternated game by game; OR-Tools is imported and a model solved before timing starts, so
the one-off import (paid once per app run) is not counted. Runs in this one process: start
nothing else heavy meanwhile if the numbers are to mean anything.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import core.tactics as T
from ai.bots import make_bot
from bench.stats import pct

TARGET_MS = 500.0


def measure(games: int, options: dict[str, Any], seed: int) -> tuple[list[float], list[float]]:
    """Per-decision and per-turn times (seconds) of the planner over ``games`` games."""
    decisions: list[float] = []
    turns: dict[tuple[int, int, int], float] = {}
    players = options["players"]
    for g in range(games):
        s = T.new_game(dict(options), seed + g)
        names = ["greedy"] * players
        names[g % players] = "planner"
        bots = [make_bot(n, "tactics", (seed + g) * 8 + i) for i, n in enumerate(names)]
        while not s.over:
            seat = s.to_move
            assert seat is not None
            view, legal = T.view(s, seat), T.legal_actions(s)
            t0 = time.perf_counter()
            action = bots[seat].choose(view, legal)
            dt = time.perf_counter() - t0
            if names[seat] == "planner" and s.phase != "draft":
                decisions.append(dt)
                key = (g, seat, s.turn_no)
                turns[key] = turns.get(key, 0.0) + dt
            T.apply(s, action)
    return decisions, list(turns.values())


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--mode", default=None)
    ap.add_argument("--scenario", default=None)
    ap.add_argument("--draft", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    from ai.tactics.command_model import warm_up

    warm_up()
    options: dict[str, Any] = {"players": args.players, "draft": args.draft}
    if args.mode:
        options["mode"] = args.mode
    if args.scenario:
        options["scenario"] = args.scenario
    dec, turns = measure(args.games, options, args.seed)
    for label, xs in (("turn", turns), ("decision", dec)):
        print(f"planner {label}: n={len(xs)}  median {1000 * statistics.median(xs):.1f} ms"
              f"  p95 {1000 * pct(xs, 0.95):.1f} ms  max {1000 * max(xs):.1f} ms")
    ok = 1000 * pct(turns, 0.95) <= TARGET_MS
    print(f"target turn p95 <= {TARGET_MS:.0f} ms: {'met' if ok else 'NOT met'}")


if __name__ == "__main__":
    main()
