"""App start to first frame, as a player would see it: a fresh interpreter each run.

    python -m bench.startup [--runs 7]

Target (issue 2): <= 0.8 s. Also checks that OR-Tools is not imported at start.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

CHILD = """
import sys
from tui.app import AscendApp

async def first_frame(pilot):
    await pilot.pause()
    print("ortools" if "ortools" in sys.modules else "no-ortools", flush=True)
    pilot.app.exit()

AscendApp().run(headless=True, size=(80, 24), auto_pilot=first_frame)
"""


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args(argv)
    times, notes = [], set()
    for _ in range(args.runs):
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                             check=True, env={"ASCEND_SAVE_DIR": "/tmp/ascend-bench-saves",
                                              "PATH": "/usr/bin:/bin"})
        times.append(time.perf_counter() - t0)
        notes.add(out.stdout.strip().splitlines()[-1] if out.stdout.strip() else "?")
    print(f"start to first frame: median {statistics.median(times):.3f} s, "
          f"max {max(times):.3f} s over {args.runs} runs (target <= 0.8 s); {', '.join(notes)}")


if __name__ == "__main__":
    main()
