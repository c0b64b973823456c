"""Time of one simulated flick of Ascending Empires on a busy Starmap (one core).

    python -m bench.empires_physics [--flicks 2000] [--seed 1] [--reference 200]

The table: all 28 location discs, a guardian warship on each of the 4 spaces, and for each
of 4 players 5 ships and 1 starbase set in orbit of random locations (56 discs). Each flick
picks a random ship, angle (0 to 359.99°) and power (5 % to 100 %) from ``random.Random(seed)``
and is played out from the same table. The headline is the processor time of this process
over the whole batch divided by the flicks (``time.process_time``: on a shared machine the
wall clock also counts other processes' time slices); the spread is each flick's best wall
time over ``--repeats`` runs. The machine's load average is printed beside the figures.
Target: <= 0.3 ms per flick. ``--reference``
also times that many flicks taking every fixed step one by one (what the closed-form skipping
saves).
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import random
import statistics
import time

from bench.stats import pct
from core.empires.geometry import starmap
from core.empires.physics import GUARDIAN, NOBODY, Disc, overlapping, simulate

TARGET_MS = 0.3


def busy_table(rng: random.Random) -> list[Disc]:
    """56 discs: the locations, the warships, and 5 ships + 1 starbase per player in orbits."""
    m = starmap()
    discs = [Disc(i, "location", NOBODY, h.x, h.y, m.radius["location"])
             for i, h in enumerate(m.holes)]
    discs += [Disc(28 + i, "warship", GUARDIAN, s.x, s.y, m.radius["warship"])
              for i, s in enumerate(m.spaces)]
    nid = 100
    for seat in range(4):
        for kind in ["ship"] * 5 + ["starbase"]:
            r = m.radius[kind]
            while True:
                h = rng.choice(m.holes)
                a = rng.uniform(0, 2 * math.pi)
                dist = m.radius["location"] + r + rng.randint(0, m.orbit - m.radius["location"])
                d = Disc(nid, kind, seat, h.x + round(dist * math.cos(a)),
                         h.y + round(dist * math.sin(a)), r)
                if not overlapping(discs + [d]) and m.on_map(d.x, d.y):
                    break
            discs.append(d)
            nid += 1
    return discs


def run(flicks: int, seed: int, reference: int, repeats: int = 3) -> dict[str, object]:
    rng = random.Random(seed)
    table = busy_table(rng)
    m = starmap()
    ships = [d.id for d in table if d.kind == "ship"]
    shots = [(rng.choice(ships), rng.randrange(36000), rng.randint(50, 1000))
             for _ in range(flicks)]
    play = functools.partial(simulate, table, half_width=m.half_width, orbit=m.orbit)
    for flicked, angle, power in shots[:50]:  # warm the direction cache and the bytecode
        play(flicked, angle, power)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for flicked, angle, power in shots:
        play(flicked, angle, power)
    cpu_ms = 1000 * (time.process_time() - cpu0) / flicks
    wall_ms = 1000 * (time.perf_counter() - wall0) / flicks
    times: list[float] = []
    steps = contacts = knocked = 0
    outcomes: dict[str, int] = {}
    for flicked, angle, power in shots:
        best = math.inf
        for _ in range(repeats):
            t0 = time.perf_counter()
            r = play(flicked, angle, power)
            best = min(best, time.perf_counter() - t0)
        times.append(best)
        steps += r.steps
        contacts += sum(h.kind in ("bounce", "ram", "mine") for h in r.hits)
        knocked += any(d.id != flicked and d.kind != "location" for d in r.discs
                       if d not in table)
        last = [h.kind for h in r.hits if h.disc == flicked][-1]
        outcomes[last] = outcomes.get(last, 0) + 1
    ref_ms = 0.0
    if reference:
        t0 = time.perf_counter()
        for flicked, angle, power in shots[:reference]:
            play(flicked, angle, power, reference=True)
        ref_ms = 1000 * (time.perf_counter() - t0) / min(reference, flicks)
    return {
        "flicks": flicks, "seed": seed, "discs": len(table), "repeats": repeats,
        "mean_ms": 1000 * statistics.fmean(times), "median_ms": 1000 * statistics.median(times),
        "p95_ms": 1000 * pct(times, 0.95), "max_ms": 1000 * max(times),
        "cpu_ms_per_flick": cpu_ms, "wall_ms_per_flick": wall_ms,
        "load_average": os.getloadavg()[0],
        "steps_per_flick": steps / flicks, "contacts_per_flick": contacts / flicks,
        "knocked_share": knocked / flicks, "flicked_ship_ends": outcomes,
        "reference_mean_ms": ref_ms, "target_mean_ms": TARGET_MS,
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--flicks", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=3, help="each flick's time: best of these")
    ap.add_argument("--reference", type=int, default=200,
                    help="flicks also timed step by step (0: none)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    r = run(a.flicks, a.seed, a.reference, a.repeats)
    if a.json:
        print(json.dumps(r, indent=2))
        return
    cpu = float(r["cpu_ms_per_flick"])  # type: ignore[arg-type]
    print(f"empires flick: {r['flicks']} flicks on {r['discs']} discs (seed {r['seed']}): "
          f"{cpu:.3f} ms of processor time per flick  (wall {r['wall_ms_per_flick']:.3f} ms, "
          f"load average {r['load_average']:.1f})   target <= {TARGET_MS} ms: "
          f"{'met' if cpu <= TARGET_MS else 'NOT met'}")
    print(f"  best of {r['repeats']} per flick: mean {r['mean_ms']:.3f} ms  median "
          f"{r['median_ms']:.3f} ms  p95 {r['p95_ms']:.3f} ms  max {r['max_ms']:.2f} ms")
    knocked = 100 * float(r["knocked_share"])  # type: ignore[arg-type]
    print(f"  per flick: {r['steps_per_flick']:.0f} steps, {r['contacts_per_flick']:.2f} "
          f"contacts; another disc knocked in {knocked:.0f} %; "
          f"the flicked ship ends: {r['flicked_ship_ends']}")
    if r["reference_mean_ms"]:
        print(f"  every step one by one (reference): mean {r['reference_mean_ms']:.2f} ms")


if __name__ == "__main__":
    main()
