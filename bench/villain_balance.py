"""Balance of the games against the Villains by self-play: bots in the heroes' seats (the
planner by default), many seeded games per difficulty, against the issue's bands.

    python -m bench.villain_balance [--mode solo] [--difficulty standard,hard,nightmare]
        [--scenario crossroads_vigil] [--games 300] [--seed 50001] [--jobs 2]
        [--bots planner] [--boss random|ID|all] [--chapter ID] [--log FILE] [--pool FILE...]

For each difficulty: the heroes' win rate with its 95 % Wilson interval against the band
(Standard 55-75 %, Hard 35-55 %, Nightmare 15-35 %), each Boss's rate against the mode's mean
(within 10 points), the share of games the Villains won because the Scheme deck ran out
(under 20 %), how the games ended and how long they ran (rounds). Each game depends only on
its seed; every difficulty plays the same seeds. ``--boss ID`` fixes the Boss (the scenario's
Boss must be drawn at random); ``--boss all`` plays ``--games`` games for each Boss in turn, on
the same seeds, so the mean is every Boss weighed alike and each Boss's line (its rate, 95 %
interval, and distance from that mean) has as many games as asked. ``--log`` appends one JSON
line per game, ``--pool`` reports over logged games instead of playing. ``--chapter`` plays a
campaign chapter's battle as a campaign player meets it (``bench.campaign_games``: every
earlier chapter's reward carried, heroes picked from the pool at random per game; solo, at the
chapter's own difficulty unless ``--difficulty`` is given).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from typing import Any

from ai.tactics.villain_selfplay import VillainGame, VillainReport, play_villain_game, wilson

BANDS = {"standard": (0.55, 0.75), "hard": (0.35, 0.55), "nightmare": (0.15, 0.35)}
BOSS_SPREAD = 0.10  # every Boss within this of the mode's mean
DECK_OUT_MAX = 0.20


def _play(job: tuple[int, dict[str, Any], list[str]]) -> VillainGame:
    from ai.tactics.command_model import warm_up

    warm_up()  # the one-off OR-Tools import is not part of a game
    return play_villain_game(*job)


def band_lines(r: dict[str, Any]) -> list[str]:
    """The report of one mode and difficulty, judged against the bands."""
    n, rate = r["games"], r["win_rate"]
    lo, hi = r["win_rate_95"]
    blo, bhi = BANDS[r["difficulty"]]
    verdict = "ok" if blo <= rate <= bhi else ("HIGH" if rate > bhi else "LOW")
    deck = r["deck_out"] / max(1, n)
    lines = [
        f"{r['mode']} {r['difficulty']} ({r['scenario']}, bots {','.join(r['bots'])}): "
        f"{n} games, heroes won {100 * rate:.1f} % (95 % {100 * lo:.1f}-{100 * hi:.1f}) "
        f"band {100 * blo:.0f}-{100 * bhi:.0f}: {verdict}",
        f"  deck-outs {r['deck_out']} ({100 * deck:.1f} %, under {100 * DECK_OUT_MAX:.0f} %: "
        f"{'ok' if deck < DECK_OUT_MAX else 'HIGH'})   ended by "
        + ", ".join(f"{k} {v}" for k, v in r["ended_by"].items())
        + f"   avg rounds {r['avg_turns']}",
    ]
    for boss, row in r["by_boss"].items():
        blo_, bhi_ = wilson(int(row["wins"]), int(row["games"]))
        off = row["win_rate"] - rate
        flag = "" if abs(off) <= BOSS_SPREAD else ("HIGH" if off > 0 else "LOW")
        lines.append(f"    {boss:<22} {int(row['games']):>4} games  {100 * row['win_rate']:5.1f} %"
                     f"  (95 % {100 * blo_:4.1f}-{100 * bhi_:4.1f})  {100 * off:+5.1f}  {flag}")
    return lines


def report_of(games: list[VillainGame], mode: str, difficulty: str, scenario: str,
              bots: list[str]) -> dict[str, Any]:
    rep = VillainReport(mode, difficulty, scenario, bots)
    for g in games:
        rep.add(g)
    return rep.as_dict()


def pool_report(paths: list[str]) -> None:
    """Report over the games of several ``--log`` files, grouped by mode and difficulty."""
    groups: dict[tuple[str, str, str], list[VillainGame]] = {}
    bots: dict[tuple[str, str, str], list[str]] = {}
    names = {f.name for f in dataclasses.fields(VillainGame)}
    for p in paths:
        with open(p, encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    continue
                row = json.loads(line)
                key = (row["mode"], row["difficulty"], row["scenario"])
                groups.setdefault(key, []).append(
                    VillainGame(**{k: v for k, v in row.items() if k in names}))
                bots[key] = row["bots"]
    for key, games in groups.items():
        print("\n".join(band_lines(report_of(games, *key, bots[key]))))


def difficulties(given: str | None, chapter: str | None) -> list[str]:
    """The difficulties to play: those given, else the chapter's own, else all three."""
    if given:
        return [d.strip() for d in given.split(",") if d.strip()]
    if chapter:
        from bench.campaign_games import chapter_index
        from core.tactics import campaign_flow

        return [campaign_flow.definition().chapters[chapter_index(chapter)].difficulty]
    return list(BANDS)


def game_jobs(mode: str, difficulty: str, scenario: str | None, chapter: str | None,
              seed: int, games: int, seats: list[str]
              ) -> list[tuple[int, dict[str, Any], list[str]]]:
    """One (seed, options, seats) per game. A chapter's battle is solo, with the campaign's
    rewards and a pick of heroes per game; otherwise every game has the same options. The
    ties the Villains' procedure leaves open are the heroes' to break, as in the app."""
    if chapter:
        from bench.campaign_games import chapter_options

        if mode != "solo" or len(seats) != 1:
            raise SystemExit("--chapter plays the campaign's solo battles: --mode solo")
        out = []
        for i in range(games):
            opts = chapter_options(chapter, seed + i)
            for key in ("players", "seats", "names"):
                opts.pop(key)
            out.append((seed + i, dict(opts, difficulty=difficulty), seats))
        return out
    options: dict[str, Any] = {"mode": mode, "difficulty": difficulty}
    if scenario:
        options["scenario"] = scenario
    return [(seed + i, options, seats) for i in range(games)]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mode", default="solo", choices=("solo", "coop", "boss"))
    ap.add_argument("--difficulty", default=None,
                    help="comma list (standard,hard,nightmare; a chapter's own by default)")
    ap.add_argument("--scenario", default=None)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=50001)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--bots", default="planner",
                    help="comma list read seat by seat (cycled); the Boss player last")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--boss", default="random",
                    help="random (drawn each game), a Boss's id, or all (each Boss in turn)")
    ap.add_argument("--chapter", default=None,
                    help="a campaign chapter id: its battle with the earlier rewards carried")
    ap.add_argument("--log", default=None, help="append one JSON line per game to this file")
    ap.add_argument("--pool", nargs="+", default=None, metavar="FILE",
                    help="report over games logged by --log instead of playing")
    args = ap.parse_args(argv)
    if args.pool:
        pool_report(args.pool)
        return
    import core.tactics as T
    from ai.tactics.villain_selfplay import seats_for

    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    players = args.players or {"solo": 1, "coop": 2}.get(args.mode, max(2, len(names)))
    seats = seats_for(names, players)
    from core.tactics.villain_options import RANDOM_BOSS, boss_ids

    bosses = boss_ids() if args.boss == "all" else [args.boss]
    if args.boss != RANDOM_BOSS:
        # Refused here, before any game, when the scenario's Boss is fixed or the id unknown.
        T.new_game({"mode": args.mode, "players": players, "boss": bosses[0],
                    **({"scenario": args.scenario} if args.scenario else {})}, args.seed)
    if len(bosses) == 1 and args.boss != RANDOM_BOSS:
        print(f"(one Boss, {args.boss}: the band verdicts below are this Boss's alone)")
    start = time.perf_counter()
    for difficulty in difficulties(args.difficulty, args.chapter):
        # Seed by seed, every Boss in turn: a run stopped early has as many games of each.
        jobs = [(seed, dict(options, boss=boss), game_seats)
                for seed, options, game_seats in game_jobs(args.mode, difficulty, args.scenario,
                                                           args.chapter, args.seed, args.games,
                                                           seats)
                for boss in bosses]
        scenario = T.new_game(dict(jobs[0][1], players=players), args.seed).scen.id
        if args.chapter:
            scenario = f"{scenario}, chapter {args.chapter}"
        log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115
        games = []
        with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else nullcontext() as pool:
            played = pool.map(_play, jobs, chunksize=2) if pool else map(_play, jobs)
            for g in played:
                games.append(g)
                if log:  # each game as it ends, so a stopped run keeps what it played
                    row = dataclasses.asdict(g)
                    row.update(mode=args.mode, difficulty=difficulty, scenario=scenario)
                    log.write(json.dumps(row) + "\n")
                    log.flush()
        if log:
            log.close()
        print("\n".join(band_lines(report_of(games, args.mode, difficulty, scenario,
                                             seats))), flush=True)
    print(f"({time.perf_counter() - start:.0f} s wall, {args.jobs} jobs)")


if __name__ == "__main__":
    main()
