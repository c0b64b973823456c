"""The buy phase of an Ascension turn as one CP-SAT model.

Integer counts per item (a center card 0/1, a pile or the Cultist 0..k) maximise the scaled
value subject to Power, ordinary Runes (plus the Rune rewards of the monsters defeated), the
Mechana-only Runes that only Mechana constructs may use, and a Reactor Monk discount on one
construct. The optimum is made unique by a lexicographic tie-break on the counts, so a
position always gives the same plan; with a fixed seed and one worker the search is
reproducible too. OR-Tools is imported here only, and this module is imported lazily, so
starting the app does not pay for it.
"""

from __future__ import annotations

from ai.ascension.values import BuyItem, BuyPlan, BuyProblem, best_discount, plan_value
from ai.cp_solver import INT_SAFE, TIME_LIMIT, best_then_lowest, fixed_solver

# The wall-clock safety net is the shared one (seconds): at 0.1 s a machine loaded far beyond
# its cores stopped solves with no answer (UNKNOWN) and the planner played without a plan
# (it then lost most games to greedy); the deterministic cap below binds long before.
DET_LIMIT = 0.5  # deterministic-time cap, so an unlucky machine load cannot change answers


def _radix(problem: BuyProblem) -> tuple[list[int], int]:
    """Weights that make the count vector one integer (item 0 most significant)."""
    weights = [0] * len(problem.items)
    w = 1
    for i in range(len(problem.items) - 1, -1, -1):
        weights[i] = w
        w *= problem.items[i].max_count + 1
    return weights, w


def warm_up() -> None:
    """Import OR-Tools and solve a one-item model, so the first real decision is fast.

    The import costs a few hundred milliseconds once per process; the app can pay it in a
    background worker at start instead of on the first hint.
    """
    solve(BuyProblem(1, 0, 0, 0, (BuyItem("acquire", 0, 0, 1, 1, 0, 0, 1),)))


def tie_code(problem: BuyProblem, counts: tuple[int, ...]) -> int:
    """The tie-break rank of a plan: among equal values the lowest code wins."""
    weights, _ = _radix(problem)
    return sum(w * k for w, k in zip(weights, counts, strict=True))


def solve(problem: BuyProblem) -> BuyPlan:
    """The best plan: maximum value, then the lowest ``tie_code``."""
    items = problem.items
    if not items:
        return BuyPlan((), -1, plan_value(problem, ()), feasible=problem.min_tokens <= 0)
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    n = [model.new_int_var(0, it.max_count, f"n{i}") for i, it in enumerate(items)]
    lin = cp_model.LinearExpr.weighted_sum

    def total(attr: str, keep: bool | None = None) -> cp_model.LinearExpr:
        # A linear expression even when empty, so constraints never collapse to a bool.
        pairs = [(x, getattr(it, attr)) for it, x in zip(items, n, strict=True)
                 if keep is None or it.mechana == keep]
        return lin([x for x, _ in pairs], [c for _, c in pairs])

    gain = total("rune_gain")
    tokens = total("tokens")
    model.add(tokens >= problem.min_tokens)
    if problem.max_tokens >= 0:
        model.add(tokens <= problem.max_tokens)
    model.add(total("power") <= problem.power)
    plain = total("cost", keep=False)
    mech = total("cost", keep=True)
    if problem.discount:
        # The discount goes to one construct of the plan; which one is a free choice.
        disc = {i: model.new_bool_var(f"d{i}") for i, it in enumerate(items) if it.construct}
        if disc:
            model.add(sum(disc.values()) <= 1)
            for i, d in disc.items():
                model.add(d <= n[i])
                save = min(items[i].cost, problem.discount)
                if items[i].mechana:
                    mech -= save * d
                else:
                    plain -= save * d
    model.add(plain <= problem.runes + gain)
    model.add(plain + mech <= problem.runes + problem.mech_runes + gain)
    value = total("value")
    # The first-defeat bonus (Voidthirster) needs a center-row monster, never the Cultist.
    defeats = [x for it, x in zip(items, n, strict=True) if it.kind == "defeat" and not it.cultist]
    if problem.first_defeat_bonus and defeats:
        any_defeat = model.new_bool_var("any_defeat")
        model.add(any_defeat <= sum(defeats))
        value += problem.first_defeat_bonus * any_defeat
    threat_span = 0
    for j, th in enumerate(problem.threats):
        # z is at least what the next player could take in this sampled hand: the untouched
        # part of the row, and each row slot as it is left (the card, or its refill).
        top = max([th.floor, th.refill, *th.per_item])
        z = model.new_int_var(0, max(0, top), f"z{j}")
        model.add(z >= th.floor)
        for i, (it, t) in enumerate(zip(items, th.per_item, strict=True)):
            if it.row:
                model.add(z >= t + (th.refill - t) * n[i])
        value -= z
        threat_span += max(0, top)
    weights, span = _radix(problem)
    code = lin(n, weights)
    bound = sum(abs(it.value) * it.max_count for it in items) + abs(
        problem.first_defeat_bonus) + threat_span
    solver = fixed_solver(DET_LIMIT, TIME_LIMIT)
    status = best_then_lowest(model, solver, value, code, span, (bound + 1) * span < INT_SAFE)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        nothing = tuple(0 for _ in items)
        return BuyPlan(nothing, -1, plan_value(problem, nothing), feasible=False)
    counts = tuple(int(solver.value(x)) for x in n)
    return BuyPlan(counts, best_discount(problem, counts), plan_value(problem, counts))
