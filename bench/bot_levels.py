"""Bot levels in order: each level against the next one up, seats alternated, per game.

    python -m bench.bot_levels [--games 100] [--games-hard N] [--seed 50001]
                               [--game ascension,firepeak,tactics] [--jobs 1]

New game offers each game's levels (``ai.levels``: Easy, Normal, Hard). They are ordered
when each level loses to the next: the stronger level's win rate is printed with its game
count and 95 % (Wilson) interval, ties apart (a win for nobody). Two-player games, the
default options (Tactics: 1 vs 1, its first scenario); game g uses seed + g and the
stronger level sits in seat g mod 2. The levels were set without playing these seeds (the
Easy share of random moves is a round number, and Normal and Hard are the greedy and
planner bots unchanged), so no seed here was tuned on. ``--games-hard`` plays fewer games
of the pairs with a planner (they cost seconds a game); by default as many.

Under heavy load (20 on 2 cores) the Ascension planner used to stop solves at a 0.1 s
wall-clock limit with no answer and lose most games to Normal (33 of 200 here); its buy
model now keeps the shared 3 s safety net, so the load no longer changes its play.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from ai.levels import levels
from ai.selfplay import play_game
from bench.ai_strength import wilson

GAMES = ("ascension", "firepeak", "tactics")


def play_one(task: tuple[str, str, str, int, int]) -> int:
    """1 when the stronger level (``high``) wins the game, 0 when it loses, -1 a tie."""
    game, low, high, seed, g = task
    seats = [low, high] if g % 2 else [high, low]
    result = play_game(game, {}, seed, seats)
    if result.tie:
        return -1
    mine = seats.index(high)
    return int(mine in result.winners)


def pair(game: str, low: str, high: str, games: int, seed: int, jobs: int) -> None:
    tasks = [(game, low, high, seed + g, g) for g in range(games)]
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play_one, tasks, chunksize=2))
    else:
        results = [play_one(t) for t in tasks]
    secs = time.perf_counter() - start
    wins = sum(r == 1 for r in results)
    ties = sum(r == -1 for r in results)
    low_wins = games - wins - ties
    lo, hi = wilson(wins, games)
    verdict = "ordered" if lo > 0.5 else ("NOT ordered" if hi < 0.5 else "not yet shown")
    print(f"{game}: {high} vs {low}: {games} games, seeds {seed}..{seed + games - 1}: "
          f"{high} wins {wins} ({wins / max(1, games):.1%}, 95 % interval {lo:.1%}-{hi:.1%}),"
          f" {low} {low_wins}, ties {ties}: {verdict}; {secs:.0f} s", flush=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--games-hard", type=int, default=None,
                    help="games of a pair where a level plays the planner")
    ap.add_argument("--seed", type=int, default=50001)
    ap.add_argument("--game", default=",".join(GAMES))
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = ap.parse_args(argv)
    for game in [g.strip() for g in args.game.split(",") if g.strip()]:
        ladder = levels(game)
        for weaker, stronger in zip(ladder, ladder[1:], strict=False):
            planner = "planner" in (weaker.bot, stronger.bot)
            n = args.games_hard if planner and args.games_hard is not None else args.games
            pair(game, weaker.key, stronger.key, n, args.seed, args.jobs)


if __name__ == "__main__":
    main()
