"""How well the bots play the Boss in Become the Boss: the Boss seat's win rate against the
same hero bots, by Boss bot.

    python -m bench.boss_strength [--games 40] [--heroes planner] [--bosses planner,random]
        [--players 2] [--scenario ID] [--seed 1000]

Game ``g`` uses seed ``seed + g`` for every Boss bot, so each Boss meets the same deals.
Prints, per Boss bot: games, Boss wins (and how the games ended), average turns, and the
Boss seat's thinking time per game.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from typing import Any

import core.tactics as T
from ai.bots import make_bot


def play(seed: int, heroes: str, boss: str, options: dict[str, Any]
         ) -> tuple[bool, str, int, float]:
    """One game: (the Boss won, how it ended, turns, the Boss seat's seconds)."""
    s = T.new_game(dict(options), seed)
    names = [heroes] * (s.n - 1) + [boss]
    bots = [make_bot(n, "tactics", seed * 8 + i) for i, n in enumerate(names)]
    spent = 0.0
    for _ in range(50_000):
        if s.over:
            break
        seat = s.to_move
        assert seat is not None
        legal = T.legal_actions(s)
        t0 = time.perf_counter()
        a = bots[seat].choose(T.view(s, seat), legal)
        if seat == s.n - 1:
            spent += time.perf_counter() - t0
        T.apply(s, a)
    out = T.outcome(s)
    assert out is not None, "a game against the Villains always ends"
    return bool(out.details["villains_won"]), str(out.details["by"]), s.turn_no, spent


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--heroes", default="planner")
    ap.add_argument("--bosses", default="planner,random")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--scenario", default=None)
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args(argv)
    options: dict[str, Any] = {"players": args.players, "mode": "boss"}
    if args.scenario:
        options["scenario"] = args.scenario
    for boss in args.bosses.split(","):
        wins, turns, spent, ends = 0, 0, 0.0, Counter[str]()
        for g in range(args.games):
            won, by, n, t = play(args.seed + g, args.heroes, boss, options)
            wins += won
            turns += n
            spent += t
            ends[by] += 1
        print(f"Boss {boss:>8} vs {args.heroes} heroes: {wins}/{args.games} Boss wins "
              f"({100 * wins / args.games:.0f} %), seeds {args.seed}..{args.seed + args.games - 1}"
              f", avg {turns / args.games:.1f} turns, Boss {spent / args.games:.1f} s/game, "
              f"ended by {dict(ends)}", flush=True)


if __name__ == "__main__":
    main()
