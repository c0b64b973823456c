"""The balance benches' campaign battles and the Villain-goal read-off (bench.campaign_games,
bench.villain_goals): a chapter is played with what a campaign player carries into it, and a
swept game read off at a goal ends where the real game at that goal would."""

from __future__ import annotations

from typing import Any

import pytest

import core.tactics as T
from bench.campaign_games import chapter_options
from bench.villain_goals import heroes_win_at
from core.tactics import campaign_flow as flow
from core.tactics.villain_state import BY_DECK_OUT, BY_HONOR, HEROES, VILLAINS


def test_a_chapter_carries_every_earlier_reward_and_picks_from_the_pool() -> None:
    chapters = flow.definition().chapters
    last = chapter_options(chapters[-1].id, 7)
    earlier = [ch.reward for ch in chapters[:-1] if ch.reward is not None]
    assert last["scenario"] == chapters[-1].scenario
    assert last["difficulty"] == chapters[-1].difficulty
    assert last["treasures"] == sum(r.kind == "treasure" for r in earlier)
    assert last["first_power"] == sum(r.kind == "power" for r in earlier)
    assert last["removed_schemes"] == sorted(r.scheme for r in earlier if r.kind == "scheme")
    (roster,) = last["heroes"]
    joined = [r.champion for r in earlier if r.kind == "champion"]
    assert roster[-len(joined):] == joined
    picked = roster[:flow.definition().picks]
    assert set(picked) <= set(flow.definition().pool) and len(set(picked)) == len(picked)
    # The second chapter carries only the first chapter's reward.
    second = chapter_options(chapters[1].id, 7)
    assert (second["treasures"], second["first_power"], second["removed_schemes"]) == (
        int(chapters[0].reward is not None and chapters[0].reward.kind == "treasure"), 0, [])


def test_the_picks_depend_on_the_seed_only() -> None:
    first = flow.definition().chapters[1].id
    assert chapter_options(first, 11) == chapter_options(first, 11)
    assert len({tuple(chapter_options(first, s)["heroes"][0]) for s in range(12)}) > 1


def test_a_chapter_game_starts_with_its_options() -> None:
    opts = chapter_options(flow.definition().chapters[2].id, 3)
    s = T.new_game(dict(opts, seats=["bot:random"]), 3)
    assert s.villain is not None and s.scen.id == opts["scenario"]


def _game(trail: list[tuple[int, int]], by: str = BY_HONOR, goal: int = 25) -> dict[str, Any]:
    return {"trail": trail, "heroes_goal": goal, "ceiling": 90, "by": by}


def test_the_read_off_ends_where_the_first_goal_is_reached() -> None:
    g = _game([(VILLAINS, 20), (HEROES, 10), (VILLAINS, 40), (HEROES, 25)])
    assert heroes_win_at(g, 40) == (False, False)  # the Villains got to 40 first
    assert heroes_win_at(g, 41) == (True, False)
    assert heroes_win_at(g, 41, heroes_goal=10) == (True, False)
    assert heroes_win_at(g, 20, heroes_goal=10) == (False, False)


def test_a_deck_out_counts_only_where_no_goal_was_reached() -> None:
    g = _game([(VILLAINS, 30), (HEROES, 12)], by=BY_DECK_OUT)
    assert heroes_win_at(g, 31) == (False, True)
    assert heroes_win_at(g, 30) == (False, False)


def test_goals_outside_the_sweep_are_refused() -> None:
    g = _game([(HEROES, 25)])
    with pytest.raises(ValueError, match="ceiling"):
        heroes_win_at(g, 91)
    with pytest.raises(ValueError, match="above the one played"):
        heroes_win_at(g, 50, heroes_goal=26)
