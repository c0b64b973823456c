"""The Solo Campaign's warship clock: on which turn the Invasion deck draws the Warship
card that finds no warship left in the supply, if the player destroys none and jams none.

    python -m bench.empires_solo_clock [--shuffles 2000] [--seed 0] [--json]

A model of the deck alone, with the cards of ``content/solo.toml`` and our readings
(``invasion.py``): one card a turn; Escalation shuffles the top Warship card into what is
left of the deck; Drone Scouts shuffle every discard back; an empty deck is made again
from the discards; a Warship card stays in the deck once in it. Each scenario starts with
its own warships on the map (3 and 4: one, 5: two, 6: four) and scenario 5 has no blue
Target card. The shuffles come from ``random.Random`` of the seed, not from a game. It
prints, by scenario, the median and the 10th and 90th percentiles of that turn: the time a
player has to destroy a warship, whatever else the scenario asks.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from typing import Any

from bench.stats import pct
from core.empires.solo_content import SCENARIOS, solo_content

WARSHIPS = 4
AT_SETUP = {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 4}
HORIZON = 500


def losing_turn(scenario: int, rng: random.Random) -> int:
    """The turn whose card needs a warship with none left (``HORIZON`` if none does)."""
    content = solo_content()
    deck = [c for c in content.invasion if not (scenario == 5 and c == "target_blue")]
    rng.shuffle(deck)
    pile = list(content.warships)
    rng.shuffle(pile)
    discard: list[str] = []
    spare = WARSHIPS - AT_SETUP[scenario]
    for turn in range(1, HORIZON):
        if not deck:
            deck, discard = discard, []
            rng.shuffle(deck)
        card = deck.pop(0)
        discard.append(card)
        if card in content.warships:
            if spare == 0:
                return turn
            spare -= 1
        elif "escalate" in content.invasion[card].steps and pile:
            deck.append(pile.pop(0))
            rng.shuffle(deck)
        elif "reshuffle" in content.invasion[card].steps:
            deck += discard
            discard = []
            rng.shuffle(deck)
    return HORIZON


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shuffles", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report: dict[str, Any] = {"shuffles": args.shuffles, "seed": args.seed, "scenarios": {}}
    for scenario in range(1, SCENARIOS + 1):
        turns = [float(losing_turn(scenario, random.Random(f"clock-{args.seed + k}")))
                 for k in range(args.shuffles)]
        report["scenarios"][scenario] = {"median": statistics.median(turns),
                                         "p10": pct(turns, 0.1), "p90": pct(turns, 0.9)}
    if args.json:
        print(json.dumps(report, indent=1))
        return
    print(f"Warship clock: {args.shuffles} shuffles from seed {args.seed}, no warship destroyed")
    for scenario, r in report["scenarios"].items():
        print(f"  scenario {scenario}: the losing Warship card at turn median {r['median']}"
              f" (10 % {r['p10']}, 90 % {r['p90']})")


if __name__ == "__main__":
    main()
