"""The card worth learned from self-play, and how the planner blends it into its values."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest

import core.ascension as A
from ai.ascension.card_worth import PHASES, learned_worth, table
from ai.ascension.planner import LEARNED_SHARE, PlannerBot, PlannerCtx
from ai.ascension.values import Ctx
from bench.card_worth import TABLE, fit, play, write


@pytest.mark.parametrize("edition", [1, 2])
def test_the_table_knows_every_card_of_the_edition(edition: int) -> None:
    s = A.new_game({"players": 2, "edition": edition}, 1)
    known = table(edition)
    for card in s.cards:
        if card.kind != "monster":  # monsters are defeated, never owned
            assert len(known[card.key]) == PHASES, card.key


@pytest.mark.parametrize("edition", [1, 2])
def test_the_fit_values_an_honor_token_near_one_honor(edition: int) -> None:
    honor = tomllib.loads(TABLE.read_text())[f"edition{edition}"]["honor"]
    assert len(honor) == PHASES
    assert all(0.6 < h < 1.2 for h in honor)


def test_the_worth_is_read_between_the_phases_midpoints() -> None:
    row = table(1)["voidthirster"]
    assert learned_worth(1, "voidthirster", 0.0) == row[0]
    assert learned_worth(1, "voidthirster", 1 / 6) == row[0]
    assert learned_worth(1, "voidthirster", 0.5) == pytest.approx(row[1])
    assert learned_worth(1, "voidthirster", 1.0) == row[2]
    assert learned_worth(1, "voidthirster", 1 / 3) == pytest.approx((row[0] + row[1]) / 2)
    assert learned_worth(1, "no_such_card", 0.5) is None
    assert table(99) == {}


def _mid_game(players: int = 2) -> A.State:
    s = A.new_game({"players": players}, 21)
    s.honor_pool = s.honor_pool // 2
    return s


def test_mid_game_the_planner_takes_half_its_worth_from_the_table() -> None:
    s = _mid_game()
    v = A.view(s, 0)
    ctx = PlannerBot("ascension").make_ctx(v)
    uid = next(u for u in s.center_row if s.cards[u].kind != "monster")
    formula = Ctx.acquire_value(ctx, uid)
    learned = learned_worth(1, s.cards[uid].key, ctx.progress)
    assert learned is not None
    assert LEARNED_SHARE == 0.5
    assert ctx.acquire_value(uid) == pytest.approx(0.5 * learned + 0.5 * formula)


def test_in_the_last_round_and_beyond_two_players_only_the_formula_counts() -> None:
    s = _mid_game()
    s.ending = True
    ctx = PlannerCtx(A.view(s, 0))
    uid = s.mystics[-1]
    assert ctx.acquire_value(uid) == Ctx.acquire_value(ctx, uid)
    s3 = _mid_game(players=3)
    ctx3 = PlannerCtx(A.view(s3, 0))
    assert ctx3.acquire_value(s3.mystics[-1]) == Ctx.acquire_value(ctx3, s3.mystics[-1])


def test_the_fit_recovers_known_worths() -> None:
    # Margins made up from the counts: an alpha is worth 2, a beta -1, a token 1.
    games = []
    for a in range(4):
        for b in range(4):
            for h in range(3):
                for share in (0.1, 0.5, 0.9):
                    seats = [({"alpha": a, "beta": 1}, h), ({"alpha": 1, "beta": b}, 0)]
                    margin = 2 * (a - 1) - (1 - b) + h
                    games.append(([(share, 1, seats)], margin))
    worth, honor, counts = fit(games, ridge=1e-6)
    for phase in range(PHASES):
        assert worth["alpha"][phase] == pytest.approx(2.0, abs=0.01)
        assert worth["beta"][phase] == pytest.approx(-1.0, abs=0.01)
        assert honor[phase] == pytest.approx(1.0, abs=0.01)
    assert counts == [48, 48, 48]


def test_a_self_play_row_counts_every_card_of_both_seats() -> None:
    rows, margin = play((1, 7))
    s = A.new_game({"players": 2}, 7)
    starters = dict(Counter(s.cards[u].key for u in s.players[1].deck + s.players[1].hand))
    # After the first turn the second seat still holds exactly its starting cards.
    share, nxt, seats = rows[0]
    assert nxt == 1 and seats[1] == (starters, 0)
    assert sum(seats[0][0].values()) >= sum(starters.values())
    shares = [r[0] for r in rows]
    assert shares == sorted(shares) and 0.0 <= shares[0] <= shares[-1] <= 1.0
    assert [r[1] for r in rows[:4]] == [1, 0, 1, 0]
    assert isinstance(margin, int)


def test_writing_one_edition_keeps_the_other(tmp_path: Path) -> None:
    path = tmp_path / "worth.toml"
    write(path, 1, 10, 5, 20.0, {"mystic": [0.5, 0.25, 0.0]}, [0.8, 0.9, 1.0])
    write(path, 2, 12, 6, 20.0, {"mystic": [1.0, 0.5, 0.25]}, [0.7, 0.9, 1.0])
    data = tomllib.loads(path.read_text())
    assert data["edition1"]["worth"]["mystic"] == [0.5, 0.25, 0.0]
    assert data["edition2"]["worth"]["mystic"] == [1.0, 0.5, 0.25]
    assert data["edition2"]["games"] == 12
