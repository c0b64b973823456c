"""The long property sweep: thousands of seeded random games, every invariant after every step.

    python -m bench.sweep [--game ascension|firepeak|tactics] [--games 10000]

The test suite runs a few hundred of these; this is the ten-thousand-game version. The
player count and every set-up setting of the game (edition, variants, mode, scenario,
drafting…) rotate game by game.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from core.games import game_names, get_game, info, set_option
from core.rng import Rng

FEW = 8  # a setting with more values than this is a range, not a list of variants


def rotated_options(game: str, g: int) -> dict[str, Any]:
    """Game ``g``'s options: the player count and every set-up setting with a few values
    rotate through what the game offers, so a sweep covers each of them (settings listed
    later turn more slowly); a wide numeric range (the Honor pool) keeps its default."""
    row = info(game)
    low, high = row.players
    options: dict[str, Any] = {"players": low + g % (high - low + 1)}
    period = high - low + 1
    for setting in row.settings:
        if not setting.applies_to(options):
            continue
        choices = setting.choices(options)
        if len(choices) > FEW:
            set_option(options, setting.path, setting.default_for(options))
            continue
        set_option(options, setting.path, choices[g // period % len(choices)][0])
        period *= len(choices)
    return options


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", default="ascension", choices=game_names())
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    mod = get_game(args.game)
    problems = mod.audit
    start = time.perf_counter()
    bad = steps = 0
    for g in range(args.games):
        seed = args.seed + g
        s = mod.new_game(rotated_options(args.game, g), seed)
        rng = Rng.stream(seed, "sweep")
        while s.to_move is not None:
            mod.apply(s, rng.choice(mod.legal_actions(s)))
            steps += 1
            found = problems(s)
            if found:
                print(f"seed {seed} step {s.steps}: {'; '.join(found)}")
                bad += 1
                break
    secs = time.perf_counter() - start
    print(f"{args.game}: {args.games} games, {steps} actions in {secs:.1f} s: "
          f"{bad} with a broken invariant")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
