"""Figures the benchmarks share: percentiles and the planner-latency lines."""

from __future__ import annotations

import statistics


def pct(xs: list[float], p: float) -> float:
    """The ``p`` quantile of ``xs`` (nearest rank; 0.0 for no samples)."""
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def timing_ms(xs: list[float]) -> dict[str, float]:
    """Count, median, p95 and max of durations in seconds, as milliseconds."""
    return {"n": len(xs), "median": 1000 * statistics.median(xs) if xs else 0.0,
            "p95": 1000 * pct(xs, 0.95), "max": 1000 * max(xs, default=0.0)}


def latency_lines(decision: dict[str, float], turn: dict[str, float],
                  target_p95_ms: float) -> list[str]:
    """The planner's time per decision and per turn, and whether the turn p95 meets its target."""
    d, t = decision, turn
    return [
        f"planner decision: n={d['n']} median {d['median']:.1f} ms  p95 {d['p95']:.1f} ms"
        f"  max {d['max']:.1f} ms",
        f"planner turn:     n={t['n']} median {t['median']:.1f} ms  p95 {t['p95']:.1f} ms"
        f"  max {t['max']:.1f} ms   target p95 <= {target_p95_ms:.0f} ms: "
        f"{'met' if t['p95'] <= target_p95_ms else 'NOT met'}",
    ]
