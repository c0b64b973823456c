"""Random self-play throughput: games/s and apply steps/s on one core, per game.

    python -m bench.throughput [--game ascension] [--games 300] [--players 2]

Without ``--game`` every playable game is measured. Targets (issue 19): Ascension >= 300
random 2-player games/s. Games per CPU-second is the figure to quote on a shared machine.

To compare two checkouts side by side with this one bench, run it from each checkout's root
with ``PYTHONPATH=.`` (``PYTHONPATH=. python /path/to/bench/throughput.py ...``), taking
turns, so each measures the code of the checkout it runs in.
"""

from __future__ import annotations

import argparse
import statistics
import time

from ai.selfplay import selfplay
from core.games import game_names


def measure(game: str, games: int, players: int, repeats: int) -> None:
    """Print the median games/s and steps/s of ``repeats`` runs of ``games`` games."""
    runs, cpu = [], []
    for r in range(repeats):
        # CPU seconds as well as wall ones: on a shared machine they are the steadier figure.
        start = time.process_time()
        runs.append(selfplay(game, ["random"], games, 1000 * r, players))
        cpu.append(time.process_time() - start)
    gps = statistics.median(r.games / r.seconds for r in runs)
    gpc = statistics.median(r.games / c for r, c in zip(runs, cpu, strict=True))
    sps = statistics.median(r.steps / r.seconds for r in runs)
    steps_per_game = sum(r.steps for r in runs) / sum(r.games for r in runs)
    print(f"{game}: random self-play, {players} players, {games} games x {repeats}:")
    print(f"  games/s  median {gps:8.1f}")
    print(f"  games per CPU-second  median {gpc:8.1f}")
    print(f"  steps/s  median {sps:8.0f}")
    print(f"  steps/game {steps_per_game:.0f}, rounds/game "
          f"{statistics.mean(r.turns / r.games for r in runs):.1f}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", choices=game_names(), help="one game (default: all)")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args(argv)
    for game in [args.game] if args.game else game_names():
        measure(game, args.games, args.players, args.repeats)


if __name__ == "__main__":
    main()
