"""The first hint of a session against the later ones, with and without the app's warm-up
of OR-Tools (``ai.warm``, run in a background thread after the first frame): a fresh
interpreter per run, as a player starting the app would have.

    python -m bench.first_hint [--runs 5] [--game ascension]

Each run follows the hints from a fixed seed and times each; the figure is the first hint
that solves a CP-SAT model. "cold" asks at once (that hint pays for importing OR-Tools);
"warm" starts the warm-up in a thread first and waits the moment a player takes to set up
a game (1 s) before asking.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from typing import Any

CHILD = """
import json, sys, threading, time
from ai.hints import hint
from core.games import get_game

game, warm, steps = sys.argv[1], sys.argv[2] == "warm", int(sys.argv[3])
if warm:
    from ai.warm import warm_solver
    threading.Thread(target=warm_solver).start()
    time.sleep(1.0)
mod = get_game(game)
state = mod.new_game({"players": 2, "seats": ["human", "bot:greedy"]}, 7)
times, first_solver = [], -1
for step in range(steps):
    if state.to_move is None:
        break
    had = "ortools.sat.python.cp_model" in sys.modules
    legal = mod.legal_actions(state)
    t0 = time.perf_counter()
    h = hint(game, mod.view(state, state.to_move), legal)
    times.append(time.perf_counter() - t0)
    if not had and "ortools.sat.python.cp_model" in sys.modules:
        first_solver = step
    mod.apply(state, h.action)
print(json.dumps({"times": times, "first_solver": first_solver}))
"""


def run(game: str, mode: str, steps: int) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-c", CHILD, game, mode, str(steps)],
                         capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--game", default="ascension")
    ap.add_argument("--steps", type=int, default=40)
    args = ap.parse_args(argv)
    cold_first: list[float] = []
    warm_first: list[float] = []
    later: list[float] = []
    for _ in range(args.runs):
        cold = run(args.game, "cold", args.steps)
        step = cold["first_solver"]
        if step < 0:
            raise SystemExit(f"no hint in the first {args.steps} steps used the solver")
        warm = run(args.game, "warm", args.steps)
        cold_first.append(cold["times"][step])
        warm_first.append(warm["times"][step])
        # The hints after it that did real work (a solve), as the measure of "later".
        later.extend(t for t in cold["times"][step + 1:] if t > 0.005)

    def ms(xs: list[float]) -> str:
        return f"median {1000 * statistics.median(xs):.0f} ms (max {1000 * max(xs):.0f})"

    print(f"{args.game}, seed 7, hint step {step} (the first that solves a CP-SAT model), "
          f"{args.runs} runs:\n  cold (no warm-up): {ms(cold_first)}\n"
          f"  warm (warmed after start): {ms(warm_first)}\n"
          f"  later hints that did work: {ms(later) if later else 'none'}")


if __name__ == "__main__":
    main()
