"""The planner's CP-SAT buy model against exhaustive enumeration on small positions."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from ai_helpers import answer_plainly, check_cards, clear_hand, put, set_row

import core.ascension as A
from ai.ascension import buy_model
from ai.ascension.greedy import GreedyBot
from ai.ascension.planner import PlannerBot
from ai.ascension.values import BuyProblem, Ctx, greedy_buy
from core.contract import Action

CENTER_KEYS = sorted({d.key for d in A.new_game({"players": 2}, 0).cards
                      if d.role == "center"})


def random_position(seed: int) -> A.State:
    rng = random.Random(seed)
    s = A.new_game({"players": 2}, seed)
    clear_hand(s, 0)
    set_row(s, rng.sample(CENTER_KEYS, 6))
    if rng.random() < 0.4:
        put(s, "yggdrasil_staff", "constructs", 0)
    if rng.random() < 0.3:
        put(s, "voidthirster", "constructs", 0)
    for key in rng.sample(["shadow_star", "muramasa", "snapdragon"], rng.randint(0, 2)):
        put(s, key, "constructs", 1)
    t = s.turn
    t.runes = rng.randint(0, 8)
    t.power = rng.randint(0, 7)
    t.mechana_runes = rng.choice([0, 0, 1, 2])
    t.discount = rng.choice([0, 0, 1, 2])
    s.turns_taken = [rng.randint(0, 8)] * 2
    s.honor_pool = rng.randint(5, 60)
    return s


def brute_force(p: BuyProblem) -> tuple[int, tuple[int, ...]] | None:
    """Best objective and the lexicographically smallest count vector that reaches it.

    Written from the rules, not from the model: defeats spend Power and their Rune rewards
    add to the Runes; Mechana-only Runes pay only for Mechana constructs; the discount takes
    up to its amount off one chosen construct; the next player's threat is the largest row
    card (or expected refill of a taken slot) in each sampled hand; the tokens taken (Honor
    from the pool) must lie within the problem's bounds. None if no plan meets them.
    """
    items = p.items
    best: tuple[int, tuple[int, ...]] | None = None

    def feasible(counts: list[int]) -> bool:
        power = sum(it.power * k for it, k in zip(items, counts, strict=True))
        if power > p.power:
            return False
        tokens = sum(it.tokens * k for it, k in zip(items, counts, strict=True))
        if tokens < p.min_tokens or (p.max_tokens >= 0 and tokens > p.max_tokens):
            return False
        runes = p.runes + sum(it.rune_gain * k for it, k in zip(items, counts, strict=True))
        options = [-1] + [i for i, it in enumerate(items) if it.construct and counts[i]]
        for d in options:
            plain = mech = 0
            for i, (it, k) in enumerate(zip(items, counts, strict=True)):
                cost = it.cost * k - (min(it.cost, p.discount) if i == d else 0)
                if it.mechana:
                    mech += cost
                else:
                    plain += cost
            if plain <= runes and plain + max(0, mech - p.mech_runes) <= runes:
                return True
        return False

    def objective(counts: list[int]) -> int:
        value = sum(it.value * k for it, k in zip(items, counts, strict=True))
        # Voidthirster's bonus: a center-row monster, never the Cultist.
        if any(k for it, k in zip(items, counts, strict=True)
               if it.kind == "defeat" and not it.cultist):
            value += p.first_defeat_bonus
        for th in p.threats:
            worst = th.floor
            for it, k, t in zip(items, counts, th.per_item, strict=True):
                if it.kind != "activate" and not it.pile and not it.cultist:
                    worst = max(worst, th.refill if k else t)
            value -= worst
        return value

    counts = [0] * len(items)

    def walk(i: int) -> None:
        nonlocal best
        if i == len(items):
            if feasible(counts):
                key = (objective(counts), tuple(counts))
                if best is None or key[0] > best[0] or (key[0] == best[0] and key[1] < best[1]):
                    best = key
            return
        for k in range(items[i].max_count + 1):
            counts[i] = k
            if k and not feasible_prefix(i):
                break
            walk(i + 1)
        counts[i] = 0

    def feasible_prefix(i: int) -> bool:
        # Items after i are still 0, so an infeasible prefix cannot become feasible by
        # adding acquisitions; only more defeats could add Runes, so prune on Power only.
        power = sum(it.power * k for it, k in zip(items, counts, strict=True))
        return power <= p.power

    walk(0)
    return best


@pytest.mark.parametrize("seed", range(30))
def test_cp_sat_matches_brute_force(seed: int) -> None:
    s = random_position(seed)
    v = A.view(s, 0)
    bot = PlannerBot("ascension", seed)
    ctx = Ctx(v)
    problem = bot.problem(ctx)
    plan = buy_model.solve(problem)
    best = brute_force(problem)
    assert best is not None
    assert (plan.value, plan.counts) == best
    # The greedy bot fills the same knapsack by priority: never better than the optimum.
    assert greedy_buy(problem, ctx.rune_w).value <= best[0]
    # The end-of-game variants bound the tokens taken; some bounds cannot be met.
    rng = random.Random(seed)
    for bounded in (replace(problem, min_tokens=rng.randint(1, 6)),
                    replace(problem, max_tokens=rng.randint(0, 2))):
        plan = buy_model.solve(bounded)
        best = brute_force(bounded)
        assert plan.feasible == (best is not None)
        if best is not None:
            assert (plan.value, plan.counts) == best


@pytest.mark.parametrize("seed", range(30))
def test_plan_is_playable_in_the_engine(seed: int) -> None:
    s = random_position(seed)
    bot = PlannerBot("ascension", seed)
    ctx = Ctx(A.view(s, 0))
    problem = bot.problem(ctx)
    plan = buy_model.solve(problem)
    acts = bot.buy_plan(ctx)
    assert len(acts) == sum(plan.counts)
    for a in acts:
        assert a in A.legal_actions(s), A.why_illegal(s, a)
        A.apply(s, a)
        answer_plainly(s)
    assert s.turn.runes >= 0 and s.turn.power >= 0
    check_cards(s)


def test_same_problem_same_plan() -> None:
    s = random_position(5)
    ctx = Ctx(A.view(s, 0))
    problem = PlannerBot("ascension", 1).problem(ctx)
    assert buy_model.solve(problem) == buy_model.solve(problem)


def test_defeat_rewards_pay_for_buys() -> None:
    # Wind Tyrant's 3 Runes are spendable the same turn: with 5 Power and 0 Runes the only
    # way to buy anything is to defeat it first.
    s = A.new_game({"players": 2}, 11)
    clear_hand(s, 0)
    set_row(s, ["wind_tyrant", "earth_tyrant", "avatar_of_the_fallen", "xeron_duke_of_lies",
                "sea_tyrant", "wind_tyrant"])
    s.turn.power = 5
    bot = PlannerBot("ascension", 0)
    acts = bot.buy_plan(Ctx(A.view(s, 0)))
    assert acts[0].kind == "defeat" and s.cards[acts[0].card].key == "wind_tyrant"
    assert any(a.kind == "acquire" for a in acts[1:])


def endgame_position(behind: int, pool: int) -> A.State:
    """Seat 0 to buy with 2 Power and nothing else, ``behind`` Honor behind, ``pool`` left."""
    s = A.new_game({"players": 2}, 21)
    clear_hand(s, 0)
    set_row(s, ["earth_tyrant", "earth_tyrant", "avatar_of_the_fallen", "xeron_duke_of_lies",
                "sea_tyrant", "sea_tyrant"])
    s.turn.power = 2
    s.players[1].honor = behind
    s.honor_pool = pool
    s.turns_taken = [12, 12]
    return s


def test_planner_does_not_end_a_lost_game() -> None:
    # Defeating the Cultist empties the pool; the opponent, already ahead, then gets the
    # last turn of the round: the planner keeps the game going instead.
    s = endgame_position(behind=10, pool=1)
    v = A.view(s, 0)
    assert any(a.kind == "defeat" for a in GreedyBot("ascension").buy_plan(Ctx(v)))
    assert not any(a.kind == "defeat" for a in PlannerBot("ascension").buy_plan(Ctx(v)))


def test_planner_ends_a_won_game() -> None:
    # Seat 1 is last in the round: emptying the pool ends the game at once, and wins.
    s = endgame_position(behind=0, pool=1)
    s.current = 1
    s.players[0].honor = 0
    s.turn.power = 2
    v = A.view(s, 1)
    assert PlannerBot("ascension").buy_plan(Ctx(v))[0] == Action("defeat", s.cultist)
