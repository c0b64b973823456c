"""Latency of the Firepeak pattern queries (ai.firepeak.pattern), fast path and CP-SAT model.

    python -m bench.pattern_latency [--n 300] [--seed 1]

Targets: ``is_legal`` and ``legal_placements`` p95 <= 5 ms (the fast path is the default;
the CP-SAT reference model is reported beside it). Patterns are random: grown by legal
placements from a full deck, then (for the illegal ones ``resolve`` needs) disturbed the way
play disturbs them — a creature captured, a Power lowered by Atrophy-like spells, a Clan
changed. ``resolve`` is also timed on "stress" patterns: random creatures in random slots,
far more broken than play makes them. OR-Tools is imported and a model solved before
timing, so the one-off import is not counted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from ai.firepeak.pattern import (
    FULL_DECK,
    Creature,
    Method,
    Resolution,
    is_legal,
    legal_moves,
    legal_placements,
    legal_swaps,
    resolve,
)
from bench.stats import pct
from core.firepeak.pattern import CLANS, SIZE

Slots = list[Creature | None]


def grown(rng: random.Random) -> Slots:
    """A legal pattern: a few random draws from a full deck, each placed legally if it can."""
    slots: Slots = [None] * SIZE
    for _ in range(rng.randint(2, 16)):
        c = rng.choice(FULL_DECK)
        spots = legal_placements(slots, c)
        if spots:
            slots[rng.choice(spots)] = c
    return slots


def disturbed(rng: random.Random) -> Slots:
    """An illegal pattern as play makes one (a legal pattern with one thing changed)."""
    while True:
        slots = grown(rng)
        full = [q for q in range(SIZE) if slots[q] is not None]
        if not full:
            continue
        q = rng.choice(full)
        c = slots[q]
        assert c is not None
        k = rng.random()
        if k < 0.4:
            slots[q] = None
        elif k < 0.8:
            slots[q] = Creature(c.clan, c.power - rng.randint(1, 2))
        else:
            slots[q] = Creature(rng.choice(CLANS), c.power + 1)
        if not is_legal(slots):
            return slots


def stress(rng: random.Random) -> Slots:
    """A random illegal pattern: random creatures (Power 0..5) in random slots."""
    while True:
        fill = rng.choice((0.5, 0.7, 0.9, 1.0))
        slots: Slots = [Creature(rng.choice(CLANS), rng.randint(0, 5))
                        if rng.random() < fill else None for _ in range(SIZE)]
        if not is_legal(slots):
            return slots


# One timed query: a pattern (and a creature) bound, the method left to choose.
Query = Callable[[Method], object]


def _is_legal(p: Slots, m: Method) -> bool:
    return is_legal(p, method=m)


def _legal_placements(p: Slots, c: Creature, m: Method) -> list[int]:
    return legal_placements(p, c, method=m)


def _legal_moves(p: Slots, m: Method) -> list[tuple[int, int]]:
    return legal_moves(p, method=m)


def _legal_swaps(p: Slots, m: Method) -> list[tuple[int, int]]:
    return legal_swaps(p, method=m)


def _resolve(p: Slots, m: Method) -> Resolution:
    return resolve(p, method=m)


def timed(fn: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=300, help="patterns per query")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    mixed = [grown(rng) if i % 2 else stress(rng) for i in range(args.n)]
    legal = [grown(rng) for _ in range(args.n)]
    draws = [rng.choice(FULL_DECK) for _ in range(args.n)]
    broken = [disturbed(rng) for _ in range(args.n)]
    wild = [stress(rng) for _ in range(args.n)]
    resolve(wild[0], method="cpsat")  # warm-up: import OR-Tools, first solve

    methods: tuple[Method, ...] = ("fast", "cpsat")
    cases: list[tuple[str, list[Query]]] = [
        ("is_legal (legal + random)", [partial(_is_legal, p) for p in mixed]),
        ("legal_placements", [partial(_legal_placements, p, c)
                              for p, c in zip(legal, draws, strict=True)]),
        ("legal_moves", [partial(_legal_moves, p) for p in legal]),
        ("legal_swaps", [partial(_legal_swaps, p) for p in legal]),
        ("resolve (play-like illegal)", [partial(_resolve, p) for p in broken]),
        ("resolve (stress: random)", [partial(_resolve, p) for p in wild]),
    ]
    print(f"{'query':30} {'method':6} {'n':>5} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    for name, calls in cases:
        for m in methods:
            xs = [timed(partial(f, m)) for f in calls]
            print(f"{name:30} {m:6} {len(xs):5d} {1000 * statistics.median(xs):10.3f} "
                  f"{1000 * pct(xs, 0.95):8.3f} {1000 * max(xs):8.2f}")


if __name__ == "__main__":
    main()
