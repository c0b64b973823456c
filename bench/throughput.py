"""Random self-play throughput: games/s and apply steps/s on one core.

    python -m bench.throughput [--games 300] [--players 2]

Targets (issue 2): >= 300 random 2-player games/s and >= 60k apply steps/s.
"""

from __future__ import annotations

import argparse
import statistics

from ai.selfplay import selfplay


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args(argv)
    runs = [selfplay("ascension", ["random"], args.games, 1000 * r, args.players)
            for r in range(args.repeats)]
    gps = statistics.median(r.games / r.seconds for r in runs)
    sps = statistics.median(r.steps / r.seconds for r in runs)
    steps_per_game = sum(r.steps for r in runs) / sum(r.games for r in runs)
    print(f"random self-play, {args.players} players, {args.games} games x {args.repeats}:")
    print(f"  games/s  median {gps:8.1f}   (target >= 300)")
    print(f"  steps/s  median {sps:8.0f}   (target >= 60000)")
    print(f"  steps/game {steps_per_game:.0f}, turns/player "
          f"{statistics.mean(r.turns / r.games for r in runs):.1f}")


if __name__ == "__main__":
    main()
