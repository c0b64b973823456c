"""Ascension Tactics balance by self-play: planner bots in every seat (or a mix), over many
games of one scenario and mode.

    python -m bench.tactics_balance [--games 100] [--scenario battle_of_three_shrines]
        [--mode 1v1] [--players 2] [--draft] [--seed 1] [--jobs 2] [--bots planner]
        [--turn-limit 0]

Prints the first seat's win rate (the side holding Gateway slot 1, which moves first), the
win rate of each bot and of each Gateway slot, game length, ties, and — with ``--draft`` —
for each of the 24 starting champions the win rate of the side that drafted it (targets from
the issue: first seat 45-55 %, no champion's drafter above 58 %), plus the planner's time
per turn (all of one seat's decisions in one of its turns) and per decision, median and p95.
Wins are shares of games; a tie counts as half a win for each tied side in 1 vs 1 (a share
in general). With more than two sides a rate is judged scaled to par (rate / par x 50 %).
``--bots`` lists bots cycled over the seats and rotated game by game, so every bot sits in
every seat equally often. ``--picks random`` makes every draft pick at random (from a stream of
the bench's own, not the game's) while the bots still play the games: each champion is then
drafted equally often by every seat, so its drafter's win rate measures the champion rather
than the bots' taste in champions. ``--log FILE`` appends one JSON line per game; ``--pool
FILE...`` reports over logged games instead of playing (pool several runs). Games run in
``--jobs`` processes; each game depends only on its seed.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from bench.stats import latency_lines, timing_ms

FIRST_LO, FIRST_HI = 0.45, 0.55
DRAFTER_HI = 0.58
MIN_GAMES = 20  # fewer drafts of a champion than this say nothing about it
TURN_P95_MS = 500.0


@dataclass
class GameLog:
    seed: int
    bots: list[str]  # per seat
    sides: list[int]  # per seat
    slots: list[int]  # per seat
    winners: tuple[int, ...]  # winning sides
    turns: int  # side turns played
    honor: list[int]  # per side
    champions: list[list[str]]  # per seat: starting champion ids (drafted or suggested)
    decisions: list[float] = field(default_factory=list)
    turn_times: list[float] = field(default_factory=list)


def play(seed: int, options: dict[str, Any], bots: list[str], picks: str = "bots") -> GameLog:
    import core.tactics as T
    from ai.bots import make_bot
    from ai.tactics.command_model import warm_up
    from core.rng import Rng

    warm_up()  # the one-off OR-Tools import is not a planner turn
    s = T.new_game(dict(options), seed)
    agents = [make_bot(n, "tactics", seed * 31 + i) for i, n in enumerate(bots)]
    picker = Rng.stream(seed, "bench:draft-picks")
    decisions: list[float] = []
    turn_acc: dict[tuple[int, int], float] = {}
    champions: list[list[str]] | None = None
    steps = 0
    while not s.over:
        if champions is None and s.phase != "draft":
            champions = [[s.cards[u].id for u in p.roster if s.cards[u].starting]
                         for p in s.seats]
        seat = s.to_move
        assert seat is not None
        legal = T.legal_actions(s)
        t0 = time.perf_counter()
        if picks == "random" and s.phase == "draft":
            action = picker.choice(legal)
        else:
            action = agents[seat].choose(T.view(s, seat), legal)
        dt = time.perf_counter() - t0
        if bots[seat] == "planner" and s.phase != "draft":
            decisions.append(dt)
            key = (seat, s.turn_no)
            turn_acc[key] = turn_acc.get(key, 0.0) + dt
        T.apply(s, action)
        steps += 1
        if steps > 100_000:
            raise RuntimeError(f"game {seed} does not end")
    if champions is None:
        champions = [[] for _ in s.seats]
    return GameLog(seed, list(bots), list(s.side_of), list(s.slot_of), tuple(s.winners),
                   s.turn_no, list(s.honor), champions, decisions, list(turn_acc.values()))


def _play_args(args: tuple[int, dict[str, Any], list[str], str]) -> GameLog:
    return play(*args)


def _share(g: GameLog, side: int) -> float:
    return 1.0 / len(g.winners) if side in g.winners else 0.0


def summarise(logs: list[GameLog]) -> dict[str, Any]:
    from core.tactics.cards import starting_champions

    n = len(logs)
    first = [_share(g, g.sides[g.slots.index(1)]) for g in logs]
    bot_games: dict[str, int] = {}
    bot_wins: dict[str, float] = {}
    slot_wins: dict[int, float] = {}
    slot_games: dict[int, int] = {}
    champ_games: dict[str, int] = {c.id: 0 for c in starting_champions()}
    champ_wins: dict[str, float] = {c.id: 0.0 for c in starting_champions()}
    for g in logs:
        seen_bots: set[tuple[str, int]] = set()
        for seat, bot in enumerate(g.bots):
            side = g.sides[seat]
            if (bot, side) not in seen_bots:  # a 2 vs 2 team with one bot counts once
                seen_bots.add((bot, side))
                bot_games[bot] = bot_games.get(bot, 0) + 1
                bot_wins[bot] = bot_wins.get(bot, 0.0) + _share(g, side)
            slot = g.slots[seat]
            slot_games[slot] = slot_games.get(slot, 0) + 1
            slot_wins[slot] = slot_wins.get(slot, 0.0) + _share(g, side)
            for cid in g.champions[seat]:
                champ_games[cid] = champ_games.get(cid, 0) + 1
                champ_wins[cid] = champ_wins.get(cid, 0.0) + _share(g, side)
    dec = [x for g in logs for x in g.decisions]
    turns = [x for g in logs for x in g.turn_times]
    sides = max(len(g.honor) for g in logs) if logs else 1
    return {
        "games": n,
        "ties": sum(len(g.winners) > 1 for g in logs),
        "first_seat_win_rate": sum(first) / max(1, n),
        "bots": {b: {"games": bot_games[b], "win_rate": bot_wins[b] / bot_games[b]}
                 for b in sorted(bot_games)},
        "slots": {sl: slot_wins[sl] / slot_games[sl] for sl in sorted(slot_games)},
        "avg_turns_per_side": sum(g.turns for g in logs) / max(1, n) / sides,
        "median_turns_per_side": statistics.median(g.turns / sides for g in logs) if logs else 0,
        "avg_winning_honor": sum(max(g.honor) for g in logs) / max(1, n),
        "champions": {c: {"games": champ_games[c], "win_rate":
                          champ_wins[c] / champ_games[c] if champ_games[c] else 0.0}
                      for c in champ_games},
        "decision_ms": timing_ms(dec),
        "turn_ms": timing_ms(turns),
    }


def report(r: dict[str, Any], drafted: bool, par: float) -> str:
    f = r["first_seat_win_rate"]
    scaled = f / par * 0.5  # with more than two sides, par itself counts as 50 %
    band = "ok" if FIRST_LO <= scaled <= FIRST_HI else ("HIGH" if scaled > FIRST_HI else "LOW")
    lines = [
        f"tactics balance: {r['games']} games, {r['ties']} ties, "
        f"{r['avg_turns_per_side']:.1f} turns per side on average "
        f"(median {r['median_turns_per_side']:.1f}), winner's Honor {r['avg_winning_honor']:.1f}",
        f"first seat (slot 1) win {100 * f:5.1f} %   (par {100 * par:.0f} %, scaled "
        f"{100 * scaled:.1f} %)   target {100 * FIRST_LO:.0f}-{100 * FIRST_HI:.0f} % scaled: "
        f"{band}",
        "by slot: " + "  ".join(f"{sl}: {100 * w:.1f} %" for sl, w in r["slots"].items()),
        "by bot:  " + "  ".join(f"{b}: {100 * v['win_rate']:.1f} % of {v['games']}"
                                for b, v in r["bots"].items()),
    ]
    if drafted:
        lines.append(f"{'champion (drafter)':<22} {'games':>5} {'win %':>6} {'±95%':>6}  flag")
        rows = sorted(r["champions"].items(), key=lambda kv: -kv[1]["win_rate"])
        for cid, v in rows:
            n, w = v["games"], v["win_rate"]
            half = 1.96 * math.sqrt(w * (1 - w) / n) if n else 0.0
            flag = ("few games" if n < MIN_GAMES else "HIGH" if w > DRAFTER_HI * par / 0.5
                    else "")
            lines.append(f"{cid:<22} {n:>5} {100 * w:>5.1f}% {100 * half:>5.1f}   {flag}")
    if r["turn_ms"]["n"]:
        lines += latency_lines(r["decision_ms"], r["turn_ms"], TURN_P95_MS)
    return "\n".join(lines)


def pool_report(paths: list[str]) -> None:
    """Report over the games of several ``--log`` files (one setup: the first game's)."""
    rows = []
    for p in paths:
        with open(p, encoding="utf-8") as f:
            rows += [json.loads(line) for line in f if line.strip()]
    if not rows:
        raise SystemExit("no games in " + ", ".join(paths))
    fields = {f.name for f in dataclasses.fields(GameLog)}
    logs = [GameLog(**{k: v for k, v in r.items() if k in fields}) for r in rows]
    for g in logs:
        g.winners = tuple(g.winners)
    sides = len(logs[0].honor)
    drafted = bool(rows[0]["options"].get("draft"))
    print(f"pooled {len(logs)} games from {len(paths)} file(s); options: {rows[0]['options']}")
    print(report(summarise(logs), drafted, 1 / sides))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--scenario", default=None)
    ap.add_argument("--mode", default=None, help="1v1, 2v2 or brawl")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--draft", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--bots", default="planner", help="comma list, cycled over the seats")
    ap.add_argument("--turn-limit", type=int, default=0)
    ap.add_argument("--picks", choices=("bots", "random"), default="bots",
                    help="who makes the draft picks")
    ap.add_argument("--log", default=None, help="append one JSON line per game to this file")
    ap.add_argument("--pool", nargs="+", default=None, metavar="FILE",
                    help="report over games logged by --log instead of playing")
    args = ap.parse_args(argv)
    if args.pool:
        pool_report(args.pool)
        return
    mode = args.mode or ("2v2" if args.players == 4 else "brawl" if args.players == 3
                         else "1v1")
    players = args.players or {"1v1": 2, "2v2": 4, "brawl": 3}[mode]
    options: dict[str, Any] = {"players": players, "mode": mode, "draft": args.draft,
                               "turn_limit": args.turn_limit}
    if args.scenario:
        options["scenario"] = args.scenario
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    jobs = []
    for i in range(args.games):
        names = [bots[(seat + i) % len(bots)] for seat in range(players)]
        # With several bots each seed is played once per rotation: paired games.
        jobs.append((args.seed + i // len(bots), options, names, args.picks))
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            logs = list(pool.map(_play_args, jobs, chunksize=1))
    else:
        logs = [_play_args(j) for j in jobs]
    sides = 2 if mode == "2v2" else players
    if args.log:
        with open(args.log, "a", encoding="utf-8") as out:
            for g in logs:
                row = dataclasses.asdict(g)
                row.update(options=options, picks=args.picks)
                out.write(json.dumps(row) + "\n")
    print(f"options: {options}  bots: {bots}  picks: {args.picks}")
    print(report(summarise(logs), args.draft, 1 / sides))
    print(f"({time.perf_counter() - start:.0f} s wall, {args.jobs} jobs)")


if __name__ == "__main__":
    main()
