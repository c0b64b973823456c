"""One Villain command as a CP-SAT model: the rulebook's procedure (DESIGN.md, "One Villain
command") written as constraints and a lexicographic objective, whose optimal solutions are
exactly the plans the procedure allows — ties included.

Over a :class:`~ai.tactics.villain_frame.VillainFrame` (the cells it can end on, who is in
range from each, its Strength there):

* variables: ``at[c]`` the cell it attacks from or ends on (exactly one); ``hit[t]`` the
  hero unit it attacks, or ``none`` (exactly one); ``kill`` the attack defeats its target;
  ``first`` it attacks from where it stands before moving; ``score`` it stays and scores
  the shrine holding its token;
* constraints: a target must be in range of the chosen cell; ``kill`` needs the Strength on
  the chosen cell (times its attacks) to reach the target's remaining Defense; ``first``
  is a defeat from its own cell, and a defeat that can be made from its own cell must be made
  first (the rulebook: attack, then move); a defeat made after moving is made from one of
  the hexes closest to the token among those it can defeat that target from; ``score`` only
  when rule 2 applies (on or next to its token's shrine, not in Become the Boss), staying
  and attacking nobody; a Villain that neither defeats nor scores attacks one of the
  highest-Defense hero units in range of where it ends, if any;
* objective (maximised, levels folded into one integer): a defeat first, then the
  defeated target's Defense; else scoring at once; else, when it moves, the least hex
  distance to the token and then the fewest movement points (the most direct way).

The per-target closest hex and per-cell highest-Defense unit are bounds the frame gives the
constraints, because the procedure states them relative to one target (one cell): every
target of top Defense keeps its own closest hexes, which no single objective level could say.

``solve_command`` solves for the optimum and then enumerates every optimal solution (each a
:class:`~core.tactics.villain.Plan`); ``choose_command`` solves once with the engine's stable
tie-break folded under the objective (``ties = auto`` takes the first plan in ``Plan`` order).
Fixed seed, one worker (:mod:`ai.cp_solver`); OR-Tools is imported when a model is built.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from ai.cp_solver import best_then_lowest, fixed_solver, lean_model
from ai.tactics.villain_frame import VillainFrame, frame
from core.tactics.state import State
from core.tactics.villain import Plan

if TYPE_CHECKING:  # only for annotations: OR-Tools itself is imported when a model is built
    from ortools.sat.python import cp_model


@dataclass
class _Built:
    model: cp_model.CpModel
    at: list[cp_model.IntVar]
    hit: list[cp_model.IntVar]  # one per frame target, in the frame's order
    first: cp_model.IntVar
    score: cp_model.IntVar
    value: cp_model.LinearExpr
    code: cp_model.LinearExpr
    span: int


def _build(f: VillainFrame) -> _Built:
    from ortools.sat.python import cp_model

    m = lean_model()
    wsum = cp_model.LinearExpr.weighted_sum
    n = len(f.cells)
    h = f.here_index
    at = [m.new_bool_var(f"at{c}") for c in f.cells]
    hit = [m.new_bool_var(f"hit{t}") for t in f.targets]
    none = m.new_bool_var("none")
    kill, first, score = (m.new_bool_var(x) for x in ("kill", "first", "score"))
    m.add_exactly_one(at)
    m.add_exactly_one([*hit, none])

    # A target is in range of the cell chosen.
    for j, t in enumerate(f.targets):
        m.add_bool_or([at[i] for i in range(n) if t in f.reach[i]]).only_enforce_if(hit[j])
    # A defeat: Strength there (times its attacks) reaches the target's remaining Defense.
    m.add_implication(kill, none.Not())
    strength = wsum(at, f.hits)
    need = wsum(hit, [f.remaining[t] for t in f.targets])
    m.add(strength >= need).only_enforce_if(kill)
    # Attack first = a defeat from its own cell; one possible from there must be made first.
    m.add_implication(first, kill)
    m.add_implication(first, at[h])
    dist = wsum(at, f.dist)
    for j, t in enumerate(f.targets):
        if f.defeats(h, t):
            m.add_implication(hit[j], first).only_enforce_if(kill)
            continue
        # Otherwise from a hex closest to the token among those it defeats ``t`` from.
        near = min((f.dist[i] for i in range(n) if f.defeats(i, t)), default=None)
        if near is not None:
            m.add(dist <= near).only_enforce_if([kill, hit[j]])
    # Rule 2: stay and score the token's shrine, attacking nobody.
    if not f.score_allowed:
        m.add(score == 0)
    m.add_implication(score, kill.Not())
    m.add_implication(score, at[h])
    m.add_implication(score, none)
    # Rule 3: after the move, one of the highest-Defense hero units in range, if any.
    for i in range(n):
        if not f.reach[i]:
            continue
        top = max(f.defense[t] for t in f.reach[i])
        best = [hit[f.targets.index(t)] for t in f.reach[i] if f.defense[t] == top]
        m.add_bool_or(best).only_enforce_if([at[i], kill.Not(), score.Not()])

    # The levels: defeat > its target's Defense > scoring now > (distance, points) moving.
    top_def = max(f.defense.values(), default=0)
    killed = m.new_int_var(0, top_def, "killed_defense")
    m.add(killed <= wsum(hit, [f.defense[t] for t in f.targets]))
    m.add(killed <= top_def * kill)
    step = max(f.cost) + 1
    far = max(f.dist) * step + max(f.cost)
    moving = m.new_int_var(0, far, "moving")
    m.add(moving >= wsum([*at, kill, score],
                         [*(d * step + c for d, c in zip(f.dist, f.cost, strict=True)),
                          -(far + 1), -(far + 1)]))
    value = 2 * (top_def + 1) * kill + 2 * killed + score - moving

    # The stable order of ``Plan``: target, then destination (-1 after an attack made
    # first), then attack_first, then score_now.
    # code = ((target rank) * (n + 1) + destination rank) * 4 + 2 * first + score
    code = wsum([*hit, *at, first, score],
                [*((j + 1) * (n + 1) * 4 for j in range(len(f.targets))),
                 *((i + 1) * 4 for i in range(n)), 2 - (h + 1) * 4, 1])
    span = (len(f.targets) + 1) * (n + 1) * 4
    return _Built(m, at, hit, first, score, value, code, span)


def _plan(f: VillainFrame, b: _Built, read: cp_model.CpSolverSolutionCallback
          | cp_model.CpSolver) -> Plan:
    cell = next(c for c, x in zip(f.cells, b.at, strict=True) if read.boolean_value(x))
    target = next((t for t, x in zip(f.targets, b.hit, strict=True)
                   if read.boolean_value(x)), -1)
    if read.boolean_value(b.score):
        return Plan(-1, f.here, score_now=True)
    if read.boolean_value(b.first):
        return Plan(target, -1, attack_first=True)
    return Plan(target, cell)


def _solver() -> cp_model.CpSolver:
    """The shared fixed-seed, one-worker solver, without the presolve, LP relaxation and
    symmetry search that only pay on large models: these have a few dozen Booleans, and
    the set-up of those steps took most of each solve."""
    solver = fixed_solver()
    solver.parameters.cp_model_presolve = False
    solver.parameters.linearization_level = 0
    solver.parameters.symmetry_level = 0
    return solver


@cache
def _collector() -> Callable[[VillainFrame, _Built, set[Plan]],
                             cp_model.CpSolverSolutionCallback]:
    from ortools.sat.python import cp_model

    class Collect(cp_model.CpSolverSolutionCallback):
        """Every solution's plan, into ``found``."""

        def __init__(self, f: VillainFrame, b: _Built, found: set[Plan]) -> None:
            super().__init__()
            self.f, self.b, self.found = f, b, found

        def on_solution_callback(self) -> None:
            self.found.add(_plan(self.f, self.b, self))

    return Collect


def solve_frame(f: VillainFrame) -> list[Plan]:
    """Every plan the procedure allows over frame ``f``, sorted."""
    from ortools.sat.python import cp_model

    b = _build(f)
    solver = _solver()
    b.model.maximize(b.value)
    status = solver.solve(b.model)
    assert status == cp_model.OPTIMAL, "a Villain can always stay where it is"
    b.model.add(b.value == round(solver.objective_value))
    b.model.clear_objective()
    every = _solver()
    every.parameters.enumerate_all_solutions = True
    found: set[Plan] = set()
    every.solve(b.model, _collector()(f, b, found))
    return sorted(found)


def choose_frame(f: VillainFrame) -> Plan:
    """The first allowed plan in ``Plan`` order (what ``ties = auto`` carries out)."""
    from ortools.sat.python import cp_model

    b = _build(f)
    solver = _solver()
    status = best_then_lowest(b.model, solver, b.value, b.code, b.span, fits=True)
    assert status == cp_model.OPTIMAL, "a Villain can always stay where it is"
    return _plan(f, b, solver)


def solve_command(s: State, u: int) -> list[Plan]:
    """Every plan the rulebook's procedure allows Villain ``u`` (on the battlefield),
    sorted — the same list as ``core.tactics.villain.allowed_commands``."""
    return solve_frame(frame(s, u))


def choose_command(s: State, u: int) -> Plan:
    """The plan the engine carries out under ``ties = auto``: the first allowed one."""
    return choose_frame(frame(s, u))


__all__ = ["choose_command", "choose_frame", "solve_command", "solve_frame"]
