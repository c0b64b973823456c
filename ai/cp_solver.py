"""How every CP-SAT model of the bots and hints is solved, whatever the game.

A fixed seed and one worker, so the same model always gives the same answer (a hint is
reproducible and a bot never depends on the machine's load), with a deterministic time
limit where a model could run long and a wall-clock limit only as a safety net. OR-Tools is
imported when a solver is made, never when this module is.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only for annotations: OR-Tools itself is imported when a solver is made
    from ortools.sat.python import cp_model

SEED = 0
TIME_LIMIT = 3.0  # seconds; a safety net only: the deterministic limit binds first
# An objective that folds a tie-break code under the value must stay well inside CP-SAT's
# 64-bit integers.
INT_SAFE = 1 << 62


def lean_model() -> cp_model.CpModel:
    """An empty CP-SAT model, made without the pre-PEP 8 method aliases OR-Tools' own
    constructor installs one by one on every new model (about a millisecond each time, more
    than building and solving a small model): for models built many times a second."""
    return _lean_class()()


@cache
def _lean_class() -> type[cp_model.CpModel]:
    from ortools.sat.python import cp_model

    class LeanModel(cp_model.CpModel):
        def _add_pre_pep8_methods(self) -> None:
            return None

    return LeanModel


def fixed_solver(det_limit: float | None = None,
                 time_limit: float = TIME_LIMIT) -> cp_model.CpSolver:
    """A CP-SAT solver with a fixed seed and one worker, stopping after ``det_limit`` units of
    deterministic time if given (or ``time_limit`` seconds, whichever comes first)."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.random_seed = SEED
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = time_limit
    if det_limit is not None:
        solver.parameters.max_deterministic_time = det_limit
    return solver


def best_then_lowest(model: cp_model.CpModel, solver: cp_model.CpSolver,
                     value: cp_model.LinearExpr, code: cp_model.LinearExpr, span: int,
                     fits: bool) -> int:
    """Solve for the greatest ``value`` and, among equal values, the lowest ``code`` (which
    lies in 0..span-1), so the answer is unique. ``fits``: ``value * span`` stays below
    :data:`INT_SAFE`, so both go in one objective; otherwise two solves. Returns the
    status."""
    from ortools.sat.python import cp_model

    if fits:
        model.maximize(value * span - code)
        return int(solver.solve(model))
    model.maximize(value)
    status = solver.solve(model)
    if status == cp_model.OPTIMAL:
        model.add(value == int(solver.objective_value))
        model.clear_objective()
        model.minimize(code)
        status = solver.solve(model)
    return int(status)
