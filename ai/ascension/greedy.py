"""GreedyBot: a sensible priority player for Ascension.

It plays its whole hand, uses its free construct abilities, then spends Power on the best
monsters it can defeat and Runes on the best cards it can afford, one at a time, best first.
"""

from __future__ import annotations

from ai.ascension.policy import AscensionBot
from ai.ascension.values import BuyPlan, BuyProblem, Ctx, greedy_buy


class GreedyBot(AscensionBot):
    name = "greedy"

    def solve_buy(self, ctx: Ctx, problem: BuyProblem) -> BuyPlan:
        return greedy_buy(problem, ctx.rune_w)
