"""The Solo Campaign played by a seeded random player: how long each scenario lasts, how it
ends, and what an action costs (one core).

    python -m bench.empires_solo [--games 100] [--seed 0] [--bot random|passive|greedy|planner]
                                 [--scenarios 1,2,3,4,5,6] [--json]

For each of the six scenarios, ``--games`` games from seeds ``seed``, ``seed + 1``, … at
"normal" steadiness; each action is drawn from the legal list by ``random.Random`` of the
game's seed (never the game's generator), weighted towards the actions that build and
fight, like the tests' random games. It prints, by scenario: the wins with their 95 %
Wilson interval, the median and 90th percentile of turns played, the losses by reason, and
the processor time per action (``time.process_time``) with the machine's load average. A
random player is a floor, not a measure of how hard a scenario is for a person; ``--bot``
plays the greedy or planner bot instead (its own seeded stream, never the game's), or
``passive``: a player who answers the invaders' questions with the first answer and passes
every turn, which times the invaders alone (a bot that lasts no longer is not fighting).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import time
from collections import Counter
from typing import Any

from ai.bots import make_bot
from bench.stats import pct
from core.contract import Action
from core.empires import apply, legal_actions, new_game, view
from core.empires.solo_content import SCENARIOS

WEIGHTS = {"attack": 30.0, "build": 20.0, "land": 10.0, "discover": 10.0,
           "deploy_troop": 6.0, "deploy_ship": 4.0, "relic": 3.0, "archive": 3.0,
           "solo_tech": 3.0, "solo_control": 10.0, "solo_deploy": 3.0,
           "flick": 0.1, "reposition": 0.2, "boost": 0.5}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def passive(legal: list[Action]) -> Action:
    """The turn passed: end it, else take the Move action to end it, else the first answer."""
    return next((a for a in legal if a.kind == "end"), None) or next(
        (a for a in legal if a.kind == "choose" and a.card == 0), legal[0])


def play(scenario: int, seed: int, bot: str = "random") -> tuple[str, int, int]:
    """One game: its result, turns played and actions taken (by ``bot``: the weighted random
    player, or an Empires bot of ``ai.bots`` seeded as selfplay seeds seat 0)."""
    s = new_game({"mode": "solo", "scenario": scenario, "steadiness": "normal"}, seed)
    draw = random.Random(f"bench-solo-{seed}")
    player = None if bot in ("random", "passive") else make_bot(bot, "empires", seed * 31)
    actions = 0
    while s.to_move is not None:
        legal = legal_actions(s)
        if bot == "passive":
            a = passive(legal)
        elif player is None:
            a = draw.choices(legal, [WEIGHTS.get(x.kind, 1.0) for x in legal])[0]
        else:
            a = player.choose(view(s, 0), legal)
        apply(s, a)
        actions += 1
    assert s.solo is not None
    return s.solo.result, s.turn, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bot", default="random",
                        choices=("random", "passive", "greedy", "planner"))
    parser.add_argument("--scenarios", default="1,2,3,4,5,6",
                        help="the scenarios to play, by number: 1,3")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report: dict[str, Any] = {"bot": args.bot, "games_per_scenario": args.games,
                              "seed": args.seed,
                              "load": os.getloadavg()[0], "scenarios": {}}
    chosen = [int(x) for x in args.scenarios.split(",")]
    if not all(1 <= n <= SCENARIOS for n in chosen):
        parser.error(f"scenarios run from 1 to {SCENARIOS}")
    for scenario in chosen:
        start = time.process_time()
        results, turns, actions = Counter[str](), list[float](), 0
        for k in range(args.games):
            result, played, n = play(scenario, args.seed + k, args.bot)
            results[result.split(": ")[0] + ": " + result.split(": ")[1]] += 1
            turns.append(played)
            actions += n
        spent = time.process_time() - start
        wins = sum(v for k, v in results.items() if k.startswith("won"))
        low, high = wilson(wins, args.games)
        report["scenarios"][scenario] = {
            "wins": wins, "interval": [round(low, 3), round(high, 3)],
            "median_turns": statistics.median(turns), "p90_turns": pct(turns, 0.9),
            "endings": dict(results.most_common()),
            "ms_per_action": round(1000 * spent / max(1, actions), 3)}
    if args.json:
        print(json.dumps(report, indent=1))
        return
    print(f"Solo Campaign, {args.bot} player: {args.games} games a scenario from seed {args.seed}"
          f" (load {report['load']:.2f})")
    for scenario, r in report["scenarios"].items():
        print(f"  scenario {scenario}: {r['wins']}/{args.games} won "
              f"(95 % {100 * r['interval'][0]:.1f}-{100 * r['interval'][1]:.1f} %), "
              f"turns median {r['median_turns']} p90 {r['p90_turns']}, "
              f"{r['ms_per_action']:.2f} ms/action")
        for ending, n in r["endings"].items():
            print(f"      {n:4d}  {ending}")


if __name__ == "__main__":
    main()
