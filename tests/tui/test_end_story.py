"""The end screen's story: each score over the turns (replayed from the record) and where
the points came from, and the text chart that draws it."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.contract import Action
from core.games import get_game
from core.rng import Rng
from tui.chart import BLOCKS, bars, fit, score_chart
from tui.games import ui
from tui.games.ascension.results import MONSTERS, printed_honor
from tui.games.firepeak.results import power_split
from tui.history import replay_story, session_story
from tui.session import GameSession

GAMES = [("ascension", 3), ("firepeak", 3), ("tactics", 2), ("tactics", 4)]


def played(game: str, players: int, seed: int) -> tuple[dict[str, Any], list[Action], Any]:
    """Options, actions and final state of a random game played to its end."""
    mod = get_game(game)
    state = mod.new_game({"players": players, "seats": ["bot:random"] * players,
                          "names": [f"P{i + 1}" for i in range(players)]}, seed)
    options = dict(state.options)
    rng = Rng.stream(seed, "story")
    actions = []
    while state.to_move is not None:
        action = rng.choice(mod.legal_actions(state))
        actions.append(action)
        mod.apply(state, action)
    return options, actions, state


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_story_ends_on_the_final_scores(game: str, players: int) -> None:
    mod = get_game(game)
    options, actions, state = played(game, players, 11)
    story = replay_story(game, options, 11, actions, ui(game).results.source)
    assert [row[-1] for row in story.series] == list(mod.scores(state))
    assert all(row[0] == 0 for row in story.series)
    # A point per turn taken: the seat's row grows by one for each turn it ended.
    ended = [sum(1 for seat, _ in story.turns if seat == s) for s in range(players)]
    assert [len(row) - 1 >= n for row, n in zip(story.series, ended, strict=True)] == \
        [True] * players


def test_ascension_honor_splits_into_its_sources() -> None:
    options, actions, state = played("ascension", 3, 7)
    results = ui("ascension").results
    story = replay_story("ascension", options, 7, actions, results.source)
    outcome = get_game("ascension").outcome(state)
    assert outcome is not None
    for seat in range(3):
        monsters = story.sources[seat].get(MONSTERS, 0)
        heroes, constructs = printed_honor(story.state, seat)
        tokens = state.players[seat].honor
        assert 0 < monsters <= tokens
        assert tokens + heroes + constructs == outcome.scores[seat]
    cells = [[str(c) for c in col._cells] for col in results.table(
        ["A", "B", "C"], outcome, story).columns]
    assert [col.header for col in results.table(["A", "B", "C"], outcome, story).columns] \
        == ["Player", "Honor", "monsters", "effects", "heroes", "constructs", "turns"]
    for row in zip(*cells, strict=True):
        assert int(row[1]) == sum(int(x) for x in row[2:6])


def test_tactics_honor_splits_by_side_and_source() -> None:
    options, actions, state = played("tactics", 2, 3)
    story = replay_story("tactics", options, 3, actions, ui("tactics").results.source)
    assert [sum(story.sources[side].values()) for side in range(2)] == list(state.honor)
    assert story.sources[0].get("Shrines", 0) + story.sources[1].get("Shrines", 0) > 0


def test_firepeak_power_is_printed_plus_bonuses() -> None:
    _, _, state = played("firepeak", 3, 4)
    scores = get_game("firepeak").scores(state)
    for seat in range(3):
        printed, bonus = power_split(state, seat)
        assert printed + bonus == scores[seat]


def test_a_record_that_no_longer_replays_tells_no_story(save_dir: Any) -> None:
    session = GameSession.new("ascension", {"players": 2, "seats": ["bot:random"] * 2}, 5)
    for _ in range(30):
        session.bot_move()
    assert session_story(session) is not None
    session.actions[3] = Action("nonsense", 99, 0)
    assert session_story(session) is None


@given(st.lists(st.integers(0, 200), min_size=1, max_size=300), st.integers(1, 80))
@settings(max_examples=200, deadline=None)
def test_fit_keeps_the_last_value_and_the_width(values: list[int], width: int) -> None:
    out = fit(values, width)
    assert min(width, len(values)) <= len(out) <= width
    assert out[-1] == values[-1]
    assert set(out) <= set(values)
    if len(values) <= width:  # every turn shown, each as wide as the others
        k = width // len(values)
        assert out == [v for v in values for _ in range(k)]


@given(st.lists(st.integers(0, 100), min_size=1, max_size=60), st.integers(1, 3))
@settings(max_examples=200, deadline=None)
def test_bars_grow_with_the_value(values: list[int], height: int) -> None:
    rows = bars(values, 0, max(values), height)
    assert len(rows) == height and all(len(r) == len(values) for r in rows)

    def filled(col: int) -> int:
        return sum(BLOCKS.index(r[col]) for r in rows)

    for a in range(len(values)):
        for b in range(len(values)):
            if values[a] < values[b]:
                assert filled(a) <= filled(b)
        assert (filled(a) == 0) == (values[a] == 0)
    top = values.index(max(values))
    assert rows[0][top] == "█" or max(values) == 0


def test_the_chart_is_one_line_a_player_of_the_width_given() -> None:
    chart = score_chart(["You", "Greedy bot"], [[0, 3, 9, 20], [0, 5, 5, 12]], 40)
    lines = chart.plain.split("\n")
    assert [len(line) for line in lines] == [40, 40]
    assert lines[0].startswith("You") and lines[0].endswith(" 20")
    assert lines[1].startswith("Greedy bot") and lines[1].endswith(" 12")
    tall = score_chart(["You"], [[0, 10]], 20, height=2).plain.split("\n")
    assert len(tall) == 2 and tall[0].strip().endswith("█")
