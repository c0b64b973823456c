"""Bot levels: every game has them in order, a level plays as its bot (with its slips), and
its stream is its own and survives a save."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

import core.ascension as A
from ai.bots import bot_names, make_bot, seat_player_names
from ai.levels import EASY_SLIPS, LevelBot, default_level, level_of_bot, levels
from ai.selfplay import play_game
from core.games import game_names
from tui.session import GameSession


@pytest.mark.parametrize("game", ["ascension", "firepeak", "tactics"])
def test_every_game_offers_easy_normal_hard_over_its_own_bots(game: str) -> None:
    ladder = levels(game)
    assert [lv.key for lv in ladder] == ["easy", "normal", "hard"]
    assert [lv.label for lv in ladder] == ["Easy", "Normal", "Hard"]
    assert all(lv.bot in bot_names(game) for lv in ladder)
    # Hard is today's strongest bot as it is; Easy the Normal bot with slips.
    assert ladder[2].bot == "planner" and not ladder[2].slips and not ladder[2].budget
    assert ladder[0].bot == ladder[1].bot and ladder[0].slips == EASY_SLIPS > 0
    assert default_level(game).key == "normal"
    assert level_of_bot(game, "greedy") == ladder[1]
    assert level_of_bot(game, "planner") == ladder[2]


def test_every_registered_game_has_levels_even_without_its_own_list(
        counter_registered: ModuleType) -> None:
    for game in game_names():
        assert levels(game), game
    # The counter game lists none: the default ladder over its one bot.
    assert [(lv.key, lv.bot, bool(lv.slips)) for lv in levels("counter")] == [
        ("easy", "greedy", True), ("normal", "greedy", False)]
    # A game that lists none over greedy and planner bots: the default ladder over them.
    assert [(lv.key, lv.bot) for lv in levels("empires")] == [
        ("easy", "greedy"), ("normal", "greedy"), ("hard", "planner")]


def test_a_level_name_makes_its_bot_and_a_bot_name_still_works() -> None:
    assert seat_player_names("ascension") == ["greedy", "planner", "random", "easy",
                                              "normal", "hard"]
    hard = make_bot("hard", "ascension", 5)
    assert isinstance(hard, LevelBot) and hard.name == "hard"
    assert type(hard.inner).__name__ == "PlannerBot"
    assert make_bot("greedy", "ascension", 5).name == "greedy"
    with pytest.raises(KeyError, match="greedy, planner, random, easy, normal, hard"):
        make_bot("expert", "ascension")


def test_normal_plays_exactly_as_its_bot_and_easy_slips_about_its_share() -> None:
    s = A.new_game({"players": 2}, 11)
    normal, greedy = make_bot("normal", "ascension", 3), make_bot("greedy", "ascension", 3)
    easy, plain = make_bot("easy", "ascension", 3), make_bot("greedy", "ascension", 3)
    decisions = differ = 0
    while not s.over:
        seat = s.to_move
        assert seat is not None
        view, legal = A.view(s, seat), A.legal_actions(s)
        before = s.rng.state
        action = normal.choose(view, legal)
        assert action == greedy.choose(view, legal)
        mine = easy.choose(view, legal)
        assert mine in legal and s.rng.state == before  # the game's stream is untouched
        if len(legal) > 1:
            decisions += 1
            differ += mine != plain.choose(view, legal)
        A.apply(s, action)
    # A slip picks any legal action (sometimes the greedy one), so fewer differ than slip.
    assert decisions > 100
    assert EASY_SLIPS / 2 < differ / decisions <= EASY_SLIPS + 0.05


def test_levels_are_reproducible_in_selfplay() -> None:
    first = play_game("ascension", {}, 77, ["easy", "normal"])
    again = play_game("ascension", {}, 77, ["easy", "normal"])
    assert (first.winners, first.scores, first.steps) == (again.winners, again.scores,
                                                          again.steps)


def test_a_continued_game_keeps_each_level_bot_where_its_stream_was(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ASCEND_SAVE_DIR", str(tmp_path))
    options = {"players": 2, "seats": ["bot:easy", "bot:normal"], "names": ["A", "B"]}
    session = GameSession.new("ascension", options, 21)
    for _ in range(40):
        session.bot_move()
    path = session.save()
    easy = session.bots[0]
    assert isinstance(easy, LevelBot)
    later, _ = GameSession.from_save(path, read_only=True)  # the first still has it open
    again = later.bots[0]
    assert isinstance(again, LevelBot) and again.name == "easy"
    assert again.rng.state == easy.rng.state
    for _ in range(60):  # and from here both play the very same moves
        if session.over:
            break
        a, _ = session.bot_move()
        b, _ = later.bot_move()
        assert a == b
    later.close()
    session.close()
