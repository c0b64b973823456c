"""The Villains' goal swept by self-play: each game is played with the Villains' goal out of
reach (``--ceiling``), both sides' Honor is followed through the game, and the heroes' share is
read off for every Villain goal asked for.

    python -m bench.villain_goals [--mode solo] [--difficulty standard] [--scenario ID]
        [--chapter ID] [--goals 30,40,50,60] [--ceiling 90] [--games 150] [--seed 1]
        [--jobs 1] [--bots planner] [--players N] [--log FILE] [--pool FILE...]

A game at Villain goal G is the swept game cut short where the Villains first hold G Honor,
unless the heroes reached their own goal first (the game's end) or the Scheme deck ran out.
That holds as far as no seat plays differently for the Villains' goal: the heroes' planner
reads only its own goal; the Boss player's bot (Become the Boss) also weighs a winning
play-out, so a Boss figure read off here is checked by ``bench.villain_balance`` at the goal
chosen, on fresh seeds. One sweep prices every candidate goal on the same games, which is what
makes it cheap; the heroes' goal is the scenario's (the game is really played at it).
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ai.tactics.villain_selfplay import play_villain_game, seats_for, wilson
from bench.villain_balance import BANDS, difficulties, game_jobs
from core.tactics.villain_state import BY_DECK_OUT, HEROES


def _play(job: tuple[int, dict[str, Any], list[str], int]) -> dict[str, Any]:
    from ai.tactics.command_model import warm_up

    warm_up()  # the one-off OR-Tools import is not part of a game
    seed, options, seats, ceiling = job
    trail: list[tuple[int, int]] = []  # (side, that side's Honor) at each gain, in order
    goal = [0]
    totals = [0, 0]

    def watch(s: Any, events: list[Any]) -> None:
        goal[0] = s.scen.victory_honor
        for e in events:
            if e.kind == "honor":
                totals[e.seat] += int(e.value)
                trail.append((e.seat, totals[e.seat]))

    g = play_villain_game(seed, options, seats, villain_goal=ceiling, on_events=watch)
    assert totals == g.honor, (totals, g.honor)
    return {"seed": seed, "boss": g.boss, "by": g.by, "rounds": g.rounds,
            "honor": g.honor, "heroes_goal": goal[0], "ceiling": ceiling,
            "trail": trail}


def heroes_win_at(game: dict[str, Any], villain_goal: int, heroes_goal: int | None = None
                  ) -> tuple[bool, bool]:
    """(the heroes win, the game is a deck-out) had the Villains' goal been ``villain_goal``
    (and the heroes' ``heroes_goal``, at most the one played: their planner plays for the
    goal it is given, so a lower one read off is a first guess to check by playing it)."""
    if villain_goal > game["ceiling"]:
        raise ValueError(f"goal {villain_goal} is above the sweep's ceiling {game['ceiling']}")
    mine = game["heroes_goal"] if heroes_goal is None else heroes_goal
    if mine > game["heroes_goal"]:
        raise ValueError(f"heroes' goal {mine} is above the one played, {game['heroes_goal']}")
    for side, honor in game["trail"]:
        if side == HEROES and honor >= mine:
            return True, False
        if side != HEROES and honor >= villain_goal:
            return False, False
    return False, game["by"] == BY_DECK_OUT


def table(games: list[dict[str, Any]], goals: list[int], band: tuple[float, float],
          heroes_goal: int | None = None) -> list[str]:
    n = len(games)
    mine = games[0]["heroes_goal"] if heroes_goal is None else heroes_goal
    lines = [f"  heroes' goal {mine}",
             f"  {'Villain goal':>12} {'heroes won':>10} {'95 %':>12} {'deck-outs':>9}"]
    for goal in goals:
        results = [heroes_win_at(g, goal, heroes_goal) for g in games]
        wins = sum(w for w, _ in results)
        decks = sum(d for _, d in results)
        lo, hi = wilson(wins, n)
        mark = "ok" if band[0] <= wins / max(1, n) <= band[1] else ""
        lines.append(f"  {goal:>12} {100 * wins / max(1, n):>9.1f}% "
                     f"{100 * lo:>5.1f}-{100 * hi:<5.1f} {decks:>9}  {mark}")
    return lines


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mode", default="solo", choices=("solo", "coop", "boss"))
    ap.add_argument("--difficulty", default=None)
    ap.add_argument("--scenario", default=None)
    ap.add_argument("--chapter", default=None)
    ap.add_argument("--goals", default="30,35,40,45,50,55,60")
    ap.add_argument("--ceiling", type=int, default=90)
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--bots", default="planner")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--log", default=None)
    ap.add_argument("--pool", nargs="+", default=None, metavar="FILE")
    ap.add_argument("--hero-goals", default=None,
                    help="with --pool: heroes' goals to read off too (at most the one played)")
    args = ap.parse_args(argv)
    goals = [int(x) for x in args.goals.split(",") if x.strip()]
    hero_goals = [int(x) for x in args.hero_goals.split(",")] if args.hero_goals else [None]
    if args.pool:
        groups: dict[str, list[dict[str, Any]]] = {}
        for p in args.pool:
            with open(p, encoding="utf-8") as f:
                for line in f:
                    if line.strip():
                        row = json.loads(line)
                        groups.setdefault(row["label"], []).append(row)
        for label, games in groups.items():
            print(f"{label}: {len(games)} games")
            for mine in hero_goals:
                print("\n".join(table(games, goals, BANDS[games[0]["difficulty"]], mine)))
        return
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    players = args.players or {"solo": 1, "coop": 2}.get(args.mode, max(2, len(names)))
    seats = seats_for(names, players)
    start = time.perf_counter()
    for difficulty in difficulties(args.difficulty, args.chapter):
        jobs = [(seed, opts, st, args.ceiling) for seed, opts, st in
                game_jobs(args.mode, difficulty, args.scenario, args.chapter, args.seed,
                          args.games, seats)]
        label = (f"{args.mode} {difficulty} {args.scenario or args.chapter or 'default'} "
                 f"bots {','.join(seats)}")
        games = []
        with ProcessPoolExecutor(args.jobs) as pool:
            # Each game is logged as it ends, so a long sweep can be read while it runs.
            for g in pool.map(_play, jobs, chunksize=1):
                games.append(g)
                if args.log:
                    with open(args.log, "a", encoding="utf-8") as out:
                        out.write(json.dumps(dict(g, label=label, difficulty=difficulty))
                                  + "\n")
        print(f"{label}: {len(games)} games, seeds {args.seed}..{args.seed + args.games - 1}, "
              f"heroes' goal {games[0]['heroes_goal']}", flush=True)
        print("\n".join(table(games, goals, BANDS[difficulty])), flush=True)
    print(f"({time.perf_counter() - start:.0f} s wall, {args.jobs} jobs)")


if __name__ == "__main__":
    main()
