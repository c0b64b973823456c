"""AI strength: head-to-head win rates of the bots of a game, seats alternated.

    python -m bench.ai_strength [--game ascension] [--games 500]
                                [--matchups greedy:random,planner:greedy]
                                [--players 2] [--seed 1] [--jobs 1] [--edition 1]

Targets (issues 4, 19): greedy beats random in >= 95 %, planner beats greedy in >= 65 % (in
Ascension) and a player who follows every hint (``hints``: the move ``ai.hints`` recommends,
asked afresh for each decision as the app asks) beats greedy in >= 60 % of 2-player games,
in every game with hints. Ascending Empires has its own bench (``bench.empires_ai``), which
sets the flick's steadiness.

Game g uses seed + g; the first-named bot takes seat g mod players and the other bot fills
every other seat, so seats are alternated evenly. Ties (shared wins) are
reported apart and count as a win for nobody. The targets apply to 2 players only; the
95 % interval is the Wilson score interval of the win rate.
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ai.bots import Bot, make_bot
from core.contract import Action
from core.games import game_names, get_game

TARGETS = {("greedy", "random"): 0.95, ("planner", "greedy"): 0.65,
           ("hints", "greedy"): 0.60}
HINTS = "hints"


class HintFollower:
    """A player who takes the hint for every decision (a fresh hint each time, as the app
    gives one)."""

    name = HINTS

    def __init__(self, game: str = "ascension") -> None:
        self.game = game

    def choose(self, view: Any, legal: list[Action]) -> Action:
        from ai.hints import hint

        return hint(self.game, view, legal).action


def player(name: str, seed: int, game: str = "ascension") -> Bot:
    return HintFollower(game) if name == HINTS else make_bot(name, game, seed)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % score interval of a win rate (sound near 0 and 1, unlike p +- 2 SE)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    mid = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (
        1 + z * z / games)
    return mid - half, mid + half


Task = (tuple[str, str, str, int, int, int]
        | tuple[str, str, str, int, int, int, dict[str, Any]])


def play_one(args: Task) -> tuple[int, int, int]:
    """(result for the first-named bot: 1 win, 0 loss, -1 tie; its seat; score margin).

    ``args``: game, bot a, bot b, players, seed, game number, and optionally more options
    for the new game (an Ascension edition)."""
    game, a, b, players, seed, g, *more = args
    mod = get_game(game)
    seat_a = g % players
    names = [b] * players
    names[seat_a] = a
    s = mod.new_game({"players": players, **(more[0] if more else {})}, seed)
    bots = [player(n, seed * 8 + i, game) for i, n in enumerate(names)]
    while (seat := s.to_move) is not None:
        mod.apply(s, bots[seat].choose(mod.view(s, seat), mod.legal_actions(s)))
    o = mod.outcome(s)
    assert o is not None
    best_other = max(sc for i, sc in enumerate(o.scores) if i != seat_a)
    margin = o.scores[seat_a] - best_other
    if len(o.winners) > 1 and seat_a in o.winners:
        return -1, seat_a, margin
    return int(o.winners == (seat_a,)), seat_a, margin


def matchup(a: str, b: str, games: int, players: int, seed: int, jobs: int,
            game: str = "ascension", options: dict[str, Any] | None = None) -> None:
    tasks: list[Task] = [(game, a, b, players, seed + g, g, options or {})
                         for g in range(games)]
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
    target = TARGETS.get((a, b)) if players == 2 and (
        game == "ascension" or a == HINTS) else None
    verdict = "" if target is None else (
        f"  target >= {target:.0%}: {'met' if rate >= target else 'NOT met'}")
    edition = f", edition {options['edition']}" if options and "edition" in options else ""
    print(f"{game}{edition}: {a} vs {b}: {games} games, {players} players,"
          f" seeds {seed}..{seed + games - 1}")
    low, high = wilson(wins, games)
    print(f"  {a} wins {wins} ({rate:.1%}, 95 % interval {low:.1%}-{high:.1%}),"
          f" {b} wins {losses} ({losses / max(1, games):.1%}),"
          f" ties {ties} ({ties / max(1, games):.1%}){verdict}")
    seats = ", ".join(f"seat {i + 1} {r:.1%}" for i, r in enumerate(by_seat))
    print(f"  {a} win rate by seat: {seats}; mean margin over the best other"
          f" {margin:+.1f}; {secs:.0f} s")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="ascension",
                    choices=[g for g in game_names() if g != "empires"])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--matchups", default="greedy:random,planner:greedy",
                    help="comma list of bot:bot pairs")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--edition", type=int, choices=(1, 2),
                    help="Ascension's edition (1, the default, or 2)")
    args = ap.parse_args(argv)
    if args.edition is not None and args.game != "ascension":
        ap.error("--edition is an Ascension option")
    options = {} if args.edition is None else {"edition": args.edition}
    for pair in args.matchups.split(","):
        a, b = (x.strip() for x in pair.split(":"))
        matchup(a, b, args.games, args.players, args.seed, args.jobs, args.game, options)


if __name__ == "__main__":
    main()
