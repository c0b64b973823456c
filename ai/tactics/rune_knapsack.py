"""The Tactics planner's Rune buys as a small CP-SAT knapsack: how many of each card (or pile)
to acquire for the most value within the Runes, ties settled the same way every time.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.cp_solver import INT_SAFE, best_then_lowest, fixed_solver

KNAPSACK_DET_LIMIT = 0.5  # deterministic time: half the command model's (it is far smaller)


@dataclass(frozen=True)
class BuyItem:
    """One thing the Runes could buy, with its cost, value and how many are on offer."""

    key: int  # the acquire action's card (a row uid, or a pile id)
    option: int
    cost: int
    value: int  # x100
    count: int  # how many may be bought (piles: several)


def solve_buys(items: tuple[BuyItem, ...], runes: int) -> tuple[int, ...]:
    """How many of each item to buy: the most value within ``runes``, ties to the lowest
    lexicographic code (item 0 most significant). A small knapsack, so one solve."""
    if not items:
        return ()
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    n = [model.new_int_var(0, it.count, f"n{i}") for i, it in enumerate(items)]
    lin = cp_model.LinearExpr.weighted_sum
    model.add(lin(n, [it.cost for it in items]) <= runes)
    weights = [0] * len(items)
    w = 1
    for i in range(len(items) - 1, -1, -1):
        weights[i] = w
        w *= items[i].count + 1
    value = lin(n, [it.value for it in items])
    solver = fixed_solver(KNAPSACK_DET_LIMIT)
    bound = sum(abs(it.value) * it.count for it in items) + 1
    status = best_then_lowest(model, solver, value, lin(n, weights), w, bound * w < INT_SAFE)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return tuple(0 for _ in items)
    return tuple(int(solver.value(v)) for v in n)
