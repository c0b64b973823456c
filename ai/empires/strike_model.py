"""Which target each free starship strikes at the end of a turn, as one CP-SAT model.

A target falls only to strength beyond its defence, and each ship strikes one target, so
sending every ship in reach at the best target can waste strength another target needed:
choosing the strikes is an assignment problem. Variables: ``x[s, t]`` (ship ``s`` strikes
``t``) and ``y[t]`` (``t`` falls). Each ship strikes at most one target; a target falls only
if the strength sent (with what is already committed) exceeds its defence; the objective is
the summed worth of the targets that fall, then the lowest code over the ``x`` in a fixed
order, so the answer is unique. The data comes in as plain numbers (``Strikes``): the model
reads no game state and imports OR-Tools only when it solves.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.cp_solver import INT_SAFE, best_then_lowest, fixed_solver, lean_model

SCALE = 100  # worths are gains in value; two decimals are kept
DET_LIMIT = 0.5  # deterministic seconds: these models are a few dozen booleans


@dataclass(frozen=True)
class Strikes:
    """One end-of-turn strike problem.

    ``reach[s]``: the targets ship ``s`` may strike; ``power[s, t]``: what it adds there;
    ``need[t]``: the strength still wanted for ``t`` to fall (its defence plus one, less
    what is committed or always added); ``worth[t]``: the gain if it falls (targets not worth
    striking are left out)."""

    reach: dict[int, tuple[int, ...]]
    power: dict[tuple[int, int], int]
    need: dict[int, int]
    worth: dict[int, float]


def plan(problem: Strikes) -> dict[int, int]:
    """The strike of each ship that should strike (ship -> target); ships left out strike
    nothing useful. Empty when no target can be made to fall."""
    pairs = [(s, t) for s in sorted(problem.reach) for t in problem.reach[s]
             if t in problem.worth]
    targets = sorted({t for _, t in pairs})
    if not pairs:
        return {}
    model = lean_model()
    x = {p: model.new_bool_var(f"x{p[0]}_{p[1]}") for p in pairs}
    y = {t: model.new_bool_var(f"y{t}") for t in targets}
    for s in sorted(problem.reach):
        mine = [x[p] for p in pairs if p[0] == s]
        if len(mine) > 1:
            model.add_at_most_one(mine)
    for t in targets:
        sent = [(problem.power[p], x[p]) for p in pairs if p[1] == t]
        model.add(sum(k * v for k, v in sent) >= problem.need[t]).only_enforce_if(y[t])
        model.add(sum(v for _, v in sent) >= 1).only_enforce_if(y[t])
        # A ship sent where nothing falls is a ship wasted: only falling targets are struck.
        for _, v in sent:
            model.add_implication(v, y[t])
    from ortools.sat.python import cp_model

    weights = [round(problem.worth[t] * SCALE) for t in targets]
    value = cp_model.LinearExpr.weighted_sum([y[t] for t in targets], weights)
    code = cp_model.LinearExpr.weighted_sum([x[p] for p in pairs],
                                            [1 << k for k in range(len(pairs))])
    span = 1 << len(pairs)
    top = sum(abs(k) for k in weights) + 1
    solver = fixed_solver(DET_LIMIT)
    status = best_then_lowest(model, solver, value, code, span, top * span < INT_SAFE)

    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return {}
    return {s: t for (s, t), v in x.items() if solver.value(v)}
