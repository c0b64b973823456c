"""Warming the solver: the first CP-SAT solve of a process pays for importing OR-Tools
(~0.4 s); the app does it once in a background thread after its first frame, so the first
hint costs what every later one does."""

from __future__ import annotations

import time

from ai.cp_solver import fixed_solver

_warmed = False


def warm_solver() -> float:
    """Import OR-Tools and solve a two-variable model once; the seconds it took (0.0 when
    this process has done it already)."""
    global _warmed
    if _warmed:
        return 0.0
    start = time.perf_counter()
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    x = model.new_int_var(0, 3, "x")
    y = model.new_int_var(0, 3, "y")
    model.add(x + y <= 4)
    model.maximize(2 * x + y)
    fixed_solver(time_limit=1.0).solve(model)
    _warmed = True
    return time.perf_counter() - start


__all__ = ["warm_solver"]
