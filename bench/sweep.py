"""The long property sweep: thousands of seeded random games, every invariant after every step.

    python -m bench.sweep [--game ascension|firepeak|tactics|empires] [--games 10000]
                          [--seed 0] [--first 0] [--only mode=solo,coop]

The test suite runs a few hundred of these; this is the ten-thousand-game version. The
player count and every set-up setting of the game (edition, variants, mode, scenario,
drafting…) rotate game by game. Game g of a sweep has seed ``--seed`` + g and the g-th set-up
of the rotation; ``--first G`` starts at game G, so a sweep too long for one sitting (10,000
Empires games are hours) runs in parts, or in one process per core, and the parts together
play exactly the games of the whole.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from core.games import game_names, get_game, info, set_option
from core.rng import Rng

FEW = 8  # a setting with more values than this is a range, not a list of variants


Only = dict[str, set[str]]


def _rotate(game: str, players: int, g: int, period: int, only: Only) -> dict[str, Any] | None:
    """The options of game ``g`` for ``players``, or None when ``only`` leaves a setting no
    value to take."""
    options: dict[str, Any] = {"players": players}
    for setting in info(game).settings:
        if not setting.applies_to(options):
            continue
        choices = setting.choices(options)
        if setting.key in only:
            choices = [c for c in choices if str(c[0]) in only[setting.key]]
            if not choices:
                return None
        elif len(choices) > FEW:
            set_option(options, setting.path, setting.default_for(options))
            continue
        set_option(options, setting.path, choices[g // period % len(choices)][0])
        period *= len(choices)
    return options


def rotated_options(game: str, g: int, only: Only | None = None) -> dict[str, Any]:
    """Game ``g``'s options: the player count and every set-up setting with a few values
    rotate through what the game offers, so a sweep covers each of them (settings listed
    later turn more slowly); a wide numeric range (the Honor pool) keeps its default.
    ``only`` keeps a setting to the values named (``{"mode": {"solo", "coop"}}``), and the
    player counts to those where every such setting has one of them."""
    only = only or {}
    low, high = info(game).players
    counts = [p for p in range(low, high + 1) if _rotate(game, p, 0, 1, only) is not None]
    if not counts:
        raise ValueError(f"no player count of {game} allows {only}")
    options = _rotate(game, counts[g % len(counts)], g, len(counts), only)
    assert options is not None  # the count was kept because the filter leaves values
    return options


def parse_only(pairs: list[str]) -> Only:
    """``["mode=solo,coop"]`` -> ``{"mode": {"solo", "coop"}}``."""
    only: Only = {}
    for pair in pairs:
        key, sep, values = pair.partition("=")
        if not sep or not key.strip() or not values.strip():
            raise SystemExit(f"--only takes SETTING=VALUE[,VALUE], not {pair!r}")
        only[key.strip()] = {v.strip() for v in values.split(",")}
    return only


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", default="ascension", choices=game_names())
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--first", type=int, default=0, help="the sweep's game to start at")
    ap.add_argument("--only", action="append", default=[], metavar="SETTING=V1,V2",
                    help="keep a set-up setting to these values (e.g. mode=solo,coop)")
    args = ap.parse_args(argv)
    only = parse_only(args.only)
    mod = get_game(args.game)
    problems = mod.audit
    start = time.perf_counter()
    bad = steps = 0
    last = args.first + args.games
    for g in range(args.first, last):
        seed = args.seed + g
        s = mod.new_game(rotated_options(args.game, g, only), seed)
        rng = Rng.stream(seed, "sweep")
        step = 0
        while s.to_move is not None:
            mod.apply(s, rng.choice(mod.legal_actions(s)))
            step += 1
            found = problems(s)
            if found:
                print(f"game {g} (seed {seed}) step {step}: {'; '.join(found)}", flush=True)
                bad += 1
                break
        steps += step
    secs = time.perf_counter() - start
    print(f"{args.game}: {args.games} games (seeds {args.seed + args.first}-"
          f"{args.seed + last - 1}), {steps} actions in {secs:.1f} s: "
          f"{bad} with a broken invariant")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
