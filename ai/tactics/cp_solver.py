"""How every Tactics CP-SAT model is solved: a fixed seed, one worker and a deterministic
time limit, so the same model always stops at the same point (a hint is reproducible); the
wall-clock limit is only a safety net. OR-Tools is imported when a solver is made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only for annotations: OR-Tools itself is imported when a solver is made
    from ortools.sat.python import cp_model

TIME_LIMIT = 3.0  # seconds; a safety net only: the deterministic limit binds first


def deterministic_solver(det_limit: float) -> cp_model.CpSolver:
    """A CP-SAT solver with a fixed seed and one worker that stops after ``det_limit`` units
    of deterministic time (or ``TIME_LIMIT`` seconds, whichever comes first)."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.random_seed = 0
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = TIME_LIMIT
    solver.parameters.max_deterministic_time = det_limit
    return solver
