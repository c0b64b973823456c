"""The planner's own judgement: its horizon, its determinism, and the hint-following player."""

from __future__ import annotations

import pytest
from ai_helpers import clear_hand, set_row

import core.ascension as A
from ai.ascension.planner import PlannerBot, PlannerCtx
from ai.ascension.values import Ctx
from ai.bots import make_bot
from bench.ai_strength import HintFollower, play_one, wilson
from core.contract import Action


def test_the_planner_looks_further_ahead_than_the_shared_values() -> None:
    s = A.new_game({"players": 2}, 11)
    v = A.view(s, 0)
    mine = PlannerBot("ascension").make_ctx(v)
    assert isinstance(mine, PlannerCtx)
    # Early on the planner expects more turns to come, so deck-building counts for more...
    assert mine.rounds > Ctx(v).rounds > 0
    u = next(u for u in s.mystics)
    # (its own formula, before the learned worth is blended in: see test_ai_card_worth)
    assert Ctx.acquire_value(mine, u) > Ctx(v).acquire_value(u)
    # ...but once the last round has begun neither expects another turn.
    s.ending = True
    v = A.view(s, 0)
    assert PlannerBot("ascension").make_ctx(v).rounds == Ctx(v).rounds == 0


def test_late_in_the_game_the_planner_counts_a_power_nearly_an_honor() -> None:
    s = A.new_game({"players": 2}, 13)
    v = A.view(s, 0)
    # At the start the planner weighs Power as the shared values do...
    assert PlannerBot("ascension").make_ctx(v).power_w == Ctx(v).power_w
    heavy = s.heavies[-1]
    mystic = s.mystics[-1]
    s.honor_pool = 4  # ...but with the pool nearly empty, Power buys Honor almost 1 for 1
    v = A.view(s, 0)
    mine, shared = PlannerBot("ascension").make_ctx(v), Ctx(v)
    assert shared.power_w < mine.power_w <= 1.0
    assert mine.power_w > 0.9
    # so a Heavy Infantry's play is worth more to it than a Mystic's, by more than before.
    assert (mine.play_value(heavy) - mine.play_value(mystic)
            > shared.play_value(heavy) - shared.play_value(mystic) > 0)


def test_the_opponent_model_keeps_the_shared_values() -> None:
    s = A.new_game({"players": 2}, 12)
    bot = PlannerBot("ascension")
    v = A.view(s, 0)
    assert type(bot.make_ctx(v)) is PlannerCtx
    # The next player's picks are judged as the shared values judge them (a plain Ctx).
    assert bot._threat_fn(bot.make_ctx(v)) is not None


def _moves(seed: int) -> list[Action]:
    s = A.new_game({"players": 2}, seed)
    bots = [make_bot("planner", "ascension", 5), make_bot("greedy", "ascension", 6)]
    moves = []
    while not s.over:
        seat = s.to_move
        assert seat is not None
        legal = A.legal_actions(s)
        before = s.rng.state
        a = bots[seat].choose(A.view(s, seat), legal)
        assert s.rng.state == before, "a bot moved the game's RNG"
        assert a in legal
        moves.append(a)
        A.apply(s, a)
    return moves


def test_the_planner_is_deterministic_for_a_seed() -> None:
    assert _moves(31) == _moves(31)


def test_the_planner_takes_the_defeat_that_wins_the_game() -> None:
    # Seat 1 moves last in the round with 5 Power, 2 Honor behind, 3 tokens left: the
    # Wind Tyrant's 3 empties the pool and wins at once; two Cultists would only draw level.
    s = A.new_game({"players": 2, "honor_pool": 3}, 5)
    clear_hand(s, 1)
    (tyrant,) = set_row(s, ["wind_tyrant"])
    s.current = 1
    s.turns_taken = [12, 12]
    s.players[0].honor = 2
    s.turn.power = 5
    plan = PlannerBot("ascension").buy_plan(PlannerBot("ascension").make_ctx(A.view(s, 1)))
    assert plan[0] == Action("defeat", tyrant)
    assert Action("defeat", s.cultist) not in plan


def test_a_hint_follower_plays_whole_legal_games() -> None:
    result, seat, _ = play_one(("ascension", "hints", "greedy", 2, 41, 1))
    assert seat == 1 and result in (-1, 0, 1)
    s = A.new_game({"players": 2}, 2)
    legal = A.legal_actions(s)
    assert HintFollower().choose(A.view(s, 0), legal) in legal


@pytest.mark.parametrize("game", ["firepeak", "tactics"])
def test_the_strength_bench_plays_a_hint_follower_in_the_other_games(game: str) -> None:
    result, seat, _ = play_one((game, "hints", "greedy", 2, 43, 1))
    assert seat == 1 and result in (-1, 0, 1)


def test_wilson_interval() -> None:
    low, high = wilson(356, 600)  # 59.3 %
    assert round(low, 3) == 0.554 and round(high, 3) == 0.632
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(10, 10)
    assert abs(high - 1.0) < 1e-12 and low > 0.7
