"""Random self-play throughput: games/s and apply steps/s on one core, per game.

    python -m bench.throughput [--game ascension] [--games 300] [--players 2]
    python -m bench.throughput --against /tmp/old [--pairs 5] [--game ascension]

Without ``--game`` every playable game is measured. Targets (issue 19): Ascension >= 300
random 2-player games/s. Games per CPU-second is the figure to quote on a shared machine.

``--against DIR`` compares this checkout with another one (a ``git worktree`` of an older
commit) side by side: each pair runs the same games in a fresh process of each checkout,
taking turns (which goes first alternates), and prints games per CPU-second of both, their
ratio pair by pair, the medians and the load average, so a drift of the machine's speed
touches both sides of a pair alike.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from ai.selfplay import selfplay
from core.games import game_names

# Run in the other checkout's own code: only what every version of ascend has.
_ONE_RUN = """
import sys, time
from ai.selfplay import selfplay
game, games, seed, players = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
selfplay(game, ["random"], 5, seed, players)  # warm: imports, content, caches
start = time.process_time()
r = selfplay(game, ["random"], games, seed, players)
print(r.games / (time.process_time() - start), r.steps / r.games)
"""


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


def _run_in(checkout: Path, game: str, games: int, seed: int, players: int) -> float:
    """Games per CPU-second of one run in a fresh process of ``checkout``'s code."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    out = subprocess.run([sys.executable, "-c", _ONE_RUN, game, str(games), str(seed),
                          str(players)], cwd=checkout, env=env, check=True,
                         capture_output=True, text=True).stdout.split()
    return float(out[0])


def compare(other: Path, game: str, games: int, players: int, pairs: int) -> None:
    """Print this checkout against ``other``, pair by pair, with the medians."""
    here = Path(__file__).resolve().parent.parent
    print(f"{game}: random self-play, {players} players, {games} games a run, "
          f"games per CPU-second; this checkout {here} against {other}")
    mine, theirs, loads = [], [], []
    for pair in range(pairs):
        seed = 1000 * pair
        loads.append(os.getloadavg()[0])
        if pair % 2 == 0:
            b = _run_in(other, game, games, seed, players)
            a = _run_in(here, game, games, seed, players)
        else:
            a = _run_in(here, game, games, seed, players)
            b = _run_in(other, game, games, seed, players)
        mine.append(a)
        theirs.append(b)
        print(f"  pair {pair + 1}: {b:8.1f} -> {a:8.1f}  ({a / b:.2f}x)  load {loads[-1]:.1f}",
              flush=True)
    ratios = [a / b for a, b in zip(mine, theirs, strict=True)]
    print(f"  median {statistics.median(theirs):8.1f} -> {statistics.median(mine):8.1f}; "
          f"ratio median {statistics.median(ratios):.2f}x (min {min(ratios):.2f}, "
          f"max {max(ratios):.2f}); load {min(loads):.1f}-{max(loads):.1f}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", choices=game_names(), help="one game (default: all)")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--against", type=Path, help="another checkout to compare with")
    ap.add_argument("--pairs", type=int, default=5, help="runs of each side (--against)")
    args = ap.parse_args(argv)
    for game in [args.game] if args.game else game_names():
        if args.against is not None:
            compare(args.against.resolve(), game, args.games, args.players, args.pairs)
        else:
            measure(game, args.games, args.players, args.repeats)


if __name__ == "__main__":
    main()
