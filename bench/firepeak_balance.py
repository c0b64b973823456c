"""Firepeak balance by self-play: planner bots in every seat, win rates by seat and by Wizard.

    python -m bench.firepeak_balance [--games 200] [--players 3] [--seed 1] [--jobs 2]
        [--bots planner] [--clan-powers] [--reshuffle-once]

Prints the first seat's win rate (the seat that moves first, rolled by the game), the win rate
of every seat and of every Wizard (each game's Wizard per seat read from the view), ties/draws,
and the planner's latency: per decision and per turn (all of one seat's decisions in one of
its turns), median and p95. Target: first seat and every Wizard between 40 % and 60 % of the
games they take part in, with wins counted as a share of the seats in the game (1/players is
par); planner turn p95 <= 300 ms. A tie shares nothing: it is counted as a draw for the
tied seats. Games run in ``--jobs`` processes; each game's result depends only on its seed.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from bench.stats import latency_lines, timing_ms

TARGET_LO, TARGET_HI = 0.40, 0.60
TURN_P95_MS = 300.0


@dataclass
class GameLog:
    seed: int
    wizards: list[int]
    first: int
    winners: tuple[int, ...]
    completed: bool
    turns: int
    decisions: list[float] = field(default_factory=list)
    turn_times: list[float] = field(default_factory=list)


def play(seed: int, players: int, bots: list[str], variants: dict[str, bool]) -> GameLog:
    import core.firepeak as F
    from ai.bots import make_bot

    names = [bots[i % len(bots)] for i in range(players)]
    s = F.new_game({"players": players, "seats": [f"bot:{n}" for n in names],
                    "variants": variants}, seed)
    agents = [make_bot(n, "firepeak", seed * 31 + i) for i, n in enumerate(names)]
    decisions: list[float] = []
    turn_acc: dict[tuple[int, int], float] = {}
    first = -1
    while s.to_move is not None:
        seat = s.to_move
        view = F.view(s, seat)
        legal = F.legal_actions(s)
        t0 = time.perf_counter()
        action = agents[seat].choose(view, legal)
        dt = time.perf_counter() - t0
        if not view.setup and names[seat] == "planner":
            decisions.append(dt)
            if seat == s.current:
                key = (seat, s.turns_taken[seat])
                turn_acc[key] = turn_acc.get(key, 0.0) + dt
        F.apply(s, action)
        if first < 0 and not s.setup:
            first = s.current
    v = F.view(s, 0)
    out = F.outcome(s)
    assert out is not None
    return GameLog(seed, [p.wizard for p in v.players], first, out.winners,
                   out.tiebreak == "completed the pattern", sum(s.turns_taken), decisions,
                   list(turn_acc.values()))


def _play_args(args: tuple[int, int, list[str], dict[str, bool]]) -> GameLog:
    return play(*args)


def summarise(logs: list[GameLog], players: int) -> dict[str, Any]:
    from core.firepeak.cards import WIZARDS

    n = len(logs)
    ties = sum(len(g.winners) > 1 for g in logs)
    first_wins = sum(g.winners == (g.first,) for g in logs)
    seat_wins = [0] * players
    wiz_games = [0] * len(WIZARDS)
    wiz_wins = [0] * len(WIZARDS)
    wiz_draws = [0] * len(WIZARDS)
    for g in logs:
        for seat, w in enumerate(g.wizards):
            wiz_games[w] += 1
            if g.winners == (seat,):
                wiz_wins[w] += 1
                seat_wins[seat] += 1
            elif seat in g.winners:
                wiz_draws[w] += 1
    dec = [x for g in logs for x in g.decisions]
    turns = [x for g in logs for x in g.turn_times]
    return {
        "games": n, "players": players, "ties": ties,
        "completed": sum(g.completed for g in logs),
        "avg_turns": round(sum(g.turns for g in logs) / max(1, n) / players, 1),
        "first_seat_win_rate": first_wins / max(1, n),
        "seat_win_rate": [w / max(1, n) for w in seat_wins],
        "wizards": [{"wizard": WIZARDS[i].name, "clan": WIZARDS[i].clan, "games": wiz_games[i],
                     "wins": wiz_wins[i], "draws": wiz_draws[i],
                     "win_rate": wiz_wins[i] / wiz_games[i] if wiz_games[i] else 0.0}
                    for i in range(len(WIZARDS))],
        "decision_ms": timing_ms(dec),
        "turn_ms": timing_ms(turns),
    }


def band(rate: float, par: float) -> str:
    """Where a win rate stands against the 40-60 % band, scaled to ``par`` = 1/players:
    a rate is judged as rate / par * 50 % (so par itself is 50 %)."""
    scaled = rate / par * 0.5
    if scaled < TARGET_LO:
        return f"LOW by {100 * (TARGET_LO - scaled):.1f} pts"
    if scaled > TARGET_HI:
        return f"HIGH by {100 * (scaled - TARGET_HI):.1f} pts"
    return "ok"


def report(r: dict[str, Any]) -> str:
    players = r["players"]
    par = 1 / players
    lines = [f"firepeak balance: {r['games']} games, {players} players, "
             f"{r['ties']} ties/draws, {r['completed']} won by a complete pattern, "
             f"avg {r['avg_turns']} turns per player",
             f"(win rates are shares of games; par is {100 * par:.1f} %; the 40-60 % band "
             f"is applied to rate / par x 50 %)",
             f"first seat   win {100 * r['first_seat_win_rate']:5.1f} %   "
             f"scaled {50 * r['first_seat_win_rate'] / par:5.1f} %   "
             f"{band(r['first_seat_win_rate'], par)}",
             "by seat (table order): " + "  ".join(
                 f"{i}: {100 * w:.1f} %" for i, w in enumerate(r["seat_win_rate"]))]
    lines.append(f"{'wizard':<28} {'clan':<15} {'games':>5} {'wins':>5} {'draws':>5} "
                 f"{'win %':>6} {'scaled':>7}  band")
    for w in r["wizards"]:
        lines.append(f"{w['wizard']:<28} {w['clan']:<15} {w['games']:>5} {w['wins']:>5} "
                     f"{w['draws']:>5} {100 * w['win_rate']:>5.1f}% "
                     f"{50 * w['win_rate'] / par:>6.1f}%  {band(w['win_rate'], par)}")
    lines += latency_lines(r["decision_ms"], r["turn_ms"], TURN_P95_MS)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--bots", default="planner", help="comma list, cycled over the seats")
    ap.add_argument("--clan-powers", action="store_true")
    ap.add_argument("--reshuffle-once", action="store_true")
    args = ap.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    variants = {"clan_powers": args.clan_powers, "reshuffle_once": args.reshuffle_once}
    jobs = [(args.seed + i, args.players, bots, variants) for i in range(args.games)]
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            logs = list(pool.map(_play_args, jobs, chunksize=1))
    else:
        logs = [_play_args(j) for j in jobs]
    print(report(summarise(logs, args.players)))
    print(f"({time.perf_counter() - start:.0f} s wall, {args.jobs} jobs)")


if __name__ == "__main__":
    main()
