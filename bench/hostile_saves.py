"""Thousands of hostile save files through the loader, counted by what became of them.

    python -m bench.hostile_saves [--cases 3000] [--kind all|tampered|nudged|...]
    python -m bench.hostile_saves --every-nudge   # each snapshot int of each real save moved

Each case is a real save broken one way (tests/saves/hostile.py has the strategies and the
rules of judgement). Prints how many were refused with a reason, accepted and playable,
crashed, or hung; the first few crashes and hangs are shown. A healthy build has 0 and 0.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "saves"))

import hostile  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402

KINDS = {
    "all": hostile.hostile_files,
    "bitflip": hostile.bit_flips(),
    "truncated": hostile.truncations(),
    "junk": hostile.junk_appended(),
    "header": hostile.other_headers(),
    "tampered": hostile.tampered(),
    "nudged": hostile.nudged(),
    "handmade": hostile.handmade(),
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", type=int, default=3000)
    ap.add_argument("--kind", choices=sorted(KINDS), default="all")
    ap.add_argument("--every-nudge", action="store_true",
                    help="instead of random cases, every snapshot int of every real save")
    args = ap.parse_args(argv)
    counts: Counter[str] = Counter()
    problems: list[str] = []
    folder = Path(tempfile.mkdtemp(prefix="hostile-"))

    def judge(data: bytes) -> None:
        try:
            counts[hostile.classify(data, folder)] += 1
        except hostile.Crash as exc:
            counts[hostile.CRASHED] += 1
            problems.append(f"crash: {exc}")
        except TimeoutError as exc:
            counts[hostile.HUNG] += 1
            problems.append(f"hang: {exc}")

    @settings(max_examples=args.cases, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(KINDS[args.kind])
    def run(data: bytes) -> None:
        judge(data)

    start = time.perf_counter()
    if args.every_nudge:
        args.kind = "every nudge"
        for data in hostile.every_nudge():
            judge(data)
    else:
        run()
    secs = time.perf_counter() - start
    total = sum(counts.values())
    print(f"{total} hostile files ({args.kind}) in {secs:.1f} s:")
    for outcome in (hostile.REFUSED, hostile.ACCEPTED, hostile.CRASHED, hostile.HUNG):
        print(f"  {outcome:<9} {counts[outcome]:>6}")
    for line in problems[:10]:
        print(f"  {line}")
    return 1 if counts[hostile.CRASHED] or counts[hostile.HUNG] else 0


if __name__ == "__main__":
    raise SystemExit(main())
