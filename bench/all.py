"""``make bench``: a quick pass over every benchmark, each with a small workload.

    python -m bench.all

Each benchmark prints its own figures; run one on its own (``python -m bench.<name>``)
with larger counts for numbers worth quoting.
"""

from __future__ import annotations

import importlib
import time

# (module, arguments): small enough that the whole pass takes a few minutes on 2 cores.
QUICK: tuple[tuple[str, list[str]], ...] = (
    ("bench.startup", ["--runs", "3"]),
    ("bench.throughput", ["--games", "50", "--repeats", "1"]),
    ("bench.sweep", ["--game", "ascension", "--games", "100"]),
    ("bench.sweep", ["--game", "firepeak", "--games", "50"]),
    ("bench.sweep", ["--game", "tactics", "--games", "30"]),
    ("bench.saves_bench", []),
    ("bench.hostile_saves", ["--cases", "500"]),
    ("bench.planner_latency", ["--games", "3"]),
    ("bench.pattern_latency", ["--n", "100"]),
    ("bench.tactics_latency", ["--games", "2"]),
    ("bench.empires_physics", ["--flicks", "300", "--reference", "20"]),
    ("bench.villain_latency", ["--games", "14", "--every", "20"]),
    ("bench.boss_strength", ["--games", "2", "--heroes", "greedy"]),
    ("bench.ai_strength", ["--games", "20"]),
    ("bench.card_worth", ["--games", "200", "--jobs", "1"]),
    ("bench.host_load", ["--sessions", "5", "--turns", "2", "--logins", "5"]),
)


def main() -> None:
    for module, args in QUICK:
        print(f"== python -m {module} {' '.join(args)}", flush=True)
        start = time.perf_counter()
        run = importlib.import_module(module).main
        run(args) if args else run()
        print(f"   ({time.perf_counter() - start:.1f} s)\n", flush=True)


if __name__ == "__main__":
    main()
