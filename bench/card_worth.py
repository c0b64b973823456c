"""Card worth learned from self-play: what one more copy of each card is worth to its owner.

    python -m bench.card_worth [--edition 1] [--games 24000] [--seed 400001] [--jobs 2]
                               [--ridge 20] [--write]

Greedy plays greedy in 2-player games (game g on seed + g). At the end of every turn both
seats' cards are counted, and for each third of the game (by the share of the Honor pool
taken) a ridge regression fits the final score margin on the difference of the two seats'
card counts, their Honor tokens and who moves next. A card's coefficient is the margin one
more copy of it was worth at that point of the game, as greedy plays it; the Honor tokens'
coefficient, which should be close to 1, is printed as a check on the fit. The planner blends
these worths with its own values (``ai.ascension.card_worth``); ``--write`` stores them in
``ai/ascension/card_worth.toml``. Seeds 400001-424000 were used for the table that ships, so
strength is measured on other seeds.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import core.ascension as A
from ai.ascension import card_worth
from ai.ascension.card_worth import PHASES, PLAYERS
from ai.bots import make_bot

TABLE = Path(card_worth.__file__).resolve().parent / card_worth.TABLE_FILE

# (share of the pool taken, who moves next, per seat: card counts and Honor tokens)
Row = tuple[float, int, list[tuple[dict[str, int], int]]]


def play(task: tuple[int, int]) -> tuple[list[Row], int]:
    """One greedy-vs-greedy game: a row after every turn, and seat 1's final margin."""
    edition, seed = task
    s = A.new_game({"players": PLAYERS, "edition": edition}, seed)
    bots = [make_bot("greedy", "ascension", seed * 8 + i) for i in range(PLAYERS)]
    pool0 = s.honor_pool
    rows: list[Row] = []
    while (seat := s.to_move) is not None:
        action = bots[seat].choose(A.view(s, seat), A.legal_actions(s))
        turn_ends = action.kind == "end" and not s.pending
        A.apply(s, action)
        if turn_ends and not s.over:
            seats = [(dict(Counter(s.cards[u].key
                                   for u in p.deck + p.discard + p.hand + p.constructs)),
                      p.honor) for p in s.players]
            rows.append((1.0 - s.honor_pool / pool0, s.current, seats))
    o = A.outcome(s)
    assert o is not None
    return rows, o.scores[0] - o.scores[1]


def fit(games: list[tuple[list[Row], int]], ridge: float
        ) -> tuple[dict[str, list[float]], list[float], list[int]]:
    """Per card, its worth in each phase; the Honor tokens' coefficients; rows per phase."""
    import numpy as np  # installed with OR-Tools, which needs it

    keys = sorted({k for rows, _ in games for _, _, seats in rows for c, _ in seats for k in c})
    col = {k: i for i, k in enumerate(keys)}
    honor_col, tempo_col = len(keys), len(keys) + 1
    worth: dict[str, list[float]] = {k: [] for k in keys}
    honor: list[float] = []
    counts: list[int] = []
    for phase in range(PHASES):
        xs, ys = [], []
        for rows, margin in games:
            for share, nxt, ((mine, my_honor), (theirs, their_honor)) in rows:
                if min(int(share * PHASES), PHASES - 1) != phase:
                    continue
                x = np.zeros(len(keys) + 2)
                for k, n in mine.items():
                    x[col[k]] += n
                for k, n in theirs.items():
                    x[col[k]] -= n
                x[honor_col] = my_honor - their_honor
                x[tempo_col] = 1.0 if nxt == 0 else -1.0
                xs.append(x)
                ys.append(margin)
        X, y = np.array(xs), np.array(ys, dtype=float)
        w = np.linalg.solve(X.T @ X + ridge * np.eye(X.shape[1]), X.T @ y)
        for k, i in col.items():
            worth[k].append(round(float(w[i]), 2))
        honor.append(round(float(w[honor_col]), 3))
        counts.append(len(ys))
    return worth, honor, counts


def write(path: Path, edition: int, games: int, seed: int, ridge: float,
          worth: dict[str, list[float]], honor: list[float]) -> None:
    """Replace this edition's section of the table at ``path``, keeping the others."""
    import tomllib

    old = tomllib.loads(path.read_text()) if path.exists() else {}
    sections = {k: v for k, v in old.items() if k.startswith("edition")}
    sections[f"edition{edition}"] = {"games": games, "seed": seed, "ridge": ridge,
                                     "honor": honor, "worth": worth}
    out = [
        "# What one more copy of each Ascension card is worth to its owner, in points of final",
        "# margin, in each third of a 2-player game: learned from greedy self-play by",
        "# `python -m bench.card_worth --edition N --games G --seed S --write`. The planner",
        "# blends it with its own values (ai/ascension/card_worth.py). `honor` is the fit's",
        "# worth of one Honor token, a check that it is close to 1.",
    ]
    for name in sorted(sections):
        sec = sections[name]
        out += ["", f"[{name}]", f"games = {sec['games']}", f"seed = {sec['seed']}",
                f"ridge = {float(sec['ridge'])}", f"honor = {list(sec['honor'])}",
                "", f"[{name}.worth]"]
        out += [f"{k} = {list(v)}" for k, v in sorted(sec["worth"].items())]
    path.write_text("\n".join(out) + "\n")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--edition", type=int, default=1, choices=(1, 2))
    ap.add_argument("--games", type=int, default=24000)
    ap.add_argument("--seed", type=int, default=400001)
    ap.add_argument("--jobs", type=int, default=2, help="worker processes")
    ap.add_argument("--ridge", type=float, default=20.0)
    ap.add_argument("--write", action="store_true", help="store the table the planner reads")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    tasks = [(args.edition, args.seed + g) for g in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(play, tasks, chunksize=25))
    worth, honor, counts = fit(games, args.ridge)
    print(f"edition {args.edition}: {args.games} greedy games, seeds {args.seed}.."
          f"{args.seed + args.games - 1}, {time.perf_counter() - start:.0f} s")
    print(f"  rows per third {counts}; one Honor token fits as {honor} (should be near 1)")
    for k, w in sorted(worth.items(), key=lambda kv: -kv[1][0]):
        print(f"  {k:30s} " + " ".join(f"{x:+6.2f}" for x in w))
    if args.write:
        write(TABLE, args.edition, args.games, args.seed, args.ridge, worth, honor)
        print(f"  written to {TABLE}")


if __name__ == "__main__":
    main()
