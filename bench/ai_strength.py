"""AI strength: head-to-head win rates of the Ascension bots, seats alternated.

    python -m bench.ai_strength [--games 500] [--matchups greedy:random,planner:greedy]
                                [--players 2] [--seed 1] [--jobs 1]

Targets (issue 4): greedy beats random in >= 95 % and planner beats greedy in >= 60 % of
2-player games. Game g uses seed + g; the first-named bot takes seat g mod players and the
other bot fills every other seat, so seats are alternated evenly. Ties (shared wins) are
reported apart and count as a win for nobody. The targets apply to 2 players only.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import core.ascension as A
from ai.bots import make_bot

TARGETS = {("greedy", "random"): 0.95, ("planner", "greedy"): 0.60}


def play_one(args: tuple[str, str, int, int, int]) -> tuple[int, int, int]:
    """(result for the first-named bot: 1 win, 0 loss, -1 tie; its seat; score margin)."""
    a, b, players, seed, g = args
    seat_a = g % players
    names = [b] * players
    names[seat_a] = a
    s = A.new_game({"players": players}, seed)
    bots = [make_bot(n, "ascension", seed * 8 + i) for i, n in enumerate(names)]
    while not s.over:
        seat = s.to_move
        assert seat is not None
        A.apply(s, bots[seat].choose(A.view(s, seat), A.legal_actions(s)))
    o = A.outcome(s)
    assert o is not None
    best_other = max(sc for i, sc in enumerate(o.scores) if i != seat_a)
    margin = o.scores[seat_a] - best_other
    if len(o.winners) > 1 and seat_a in o.winners:
        return -1, seat_a, margin
    return int(o.winners == (seat_a,)), seat_a, margin


def matchup(a: str, b: str, games: int, players: int, seed: int, jobs: int) -> None:
    tasks = [(a, b, players, seed + g, g) for g in range(games)]
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play_one, tasks, chunksize=4))
    else:
        results = [play_one(t) for t in tasks]
    secs = time.perf_counter() - start
    wins = sum(r == 1 for r, _, _ in results)
    ties = sum(r == -1 for r, _, _ in results)
    losses = games - wins - ties
    by_seat = []
    for seat in range(players):
        mine = [r for r, st, _ in results if st == seat]
        by_seat.append(sum(r == 1 for r in mine) / max(1, len(mine)))
    margin = sum(m for _, _, m in results) / max(1, games)
    rate = wins / max(1, games)
    target = TARGETS.get((a, b)) if players == 2 else None
    verdict = "" if target is None else (
        f"  target >= {target:.0%}: {'met' if rate >= target else 'NOT met'}")
    print(f"{a} vs {b}: {games} games, {players} players, seeds {seed}..{seed + games - 1}")
    print(f"  {a} wins {wins} ({rate:.1%}), {b} wins {losses} ({losses / max(1, games):.1%}),"
          f" ties {ties} ({ties / max(1, games):.1%}){verdict}")
    seats = ", ".join(f"seat {i + 1} {r:.1%}" for i, r in enumerate(by_seat))
    print(f"  {a} win rate by seat: {seats}; mean margin over the best other"
          f" {margin:+.1f}; {secs:.0f} s")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--matchups", default="greedy:random,planner:greedy",
                    help="comma list of bot:bot pairs")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = ap.parse_args(argv)
    for pair in args.matchups.split(","):
        a, b = (x.strip() for x in pair.split(":"))
        matchup(a, b, args.games, args.players, args.seed, args.jobs)


if __name__ == "__main__":
    main()
