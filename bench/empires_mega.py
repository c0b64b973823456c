"""The Megastructure cards in greedy self-play: how often each card is awakened, each power
used, and what its powers paid in VP.

    python -m bench.empires_mega [--games 20] [--players 2] [--seed 9400] [--cards ...]

Game g of a card uses seed + g, greedy bots in every seat, Megastructures on with that
card. Reported per card: games in which a megastructure was awakened (with a Wilson 95 %
interval), power uses per game by power, and the VP tokens taken by the power's events
per game (the Dyson Ring's card structures are counted at the end instead).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from ai.bots import make_bot
from bench.ai_strength import wilson
from core.empires import apply, legal_actions, new_game, view
from core.empires.mega_cards import CARDS, TARGET
from core.empires.scoring import final_scores


def play(card: str, players: int, seed: int) -> tuple[bool, Counter[str], int, int]:
    """One greedy game: awakened at all, power uses by name, VP the powers paid, actions."""
    s = new_game({"players": players, "megastructures": True, "megastructure": card}, seed)
    bots = [make_bot("greedy", "empires", seed + k) for k in range(players)]
    uses: Counter[str] = Counter()
    vp = steps = 0
    awakened = False
    while s.to_move is not None and steps < 20000:
        a = bots[s.to_move].choose(view(s, s.to_move), legal_actions(s))
        events = apply(s, a)
        steps += 1
        awakened |= a.kind == "awaken"
        if a.kind == "mega":
            uses["target" if a.option >= TARGET else f"power {a.option}"] += 1
            vp += sum(e.value for e in events if e.kind == "vp")
    vp += sum(final_scores(s)[k].get("dyson_ring", 0) for k in range(players))
    return awakened, uses, vp, steps


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=9400)
    ap.add_argument("--cards", default=",".join(CARDS))
    args = ap.parse_args(argv)
    for card in args.cards.split(","):
        start = time.perf_counter()
        awake = vp = 0
        uses: Counter[str] = Counter()
        for g in range(args.games):
            a, u, v, _ = play(card, args.players, args.seed + g)
            awake += a
            uses += u
            vp += v
        lo, hi = wilson(awake, args.games)
        per = {k: round(n / args.games, 2) for k, n in sorted(uses.items())}
        print(f"{card}: awakened in {awake}/{args.games} games ({100 * lo:.0f}-{100 * hi:.0f} "
              f"% 95 % CI), uses per game {per}, power VP per game {vp / args.games:.2f}, "
              f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
