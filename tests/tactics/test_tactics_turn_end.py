"""The end of a turn: shrines scored, hands drawn, units readied and healed; victory, equal
turns, the turn limit and the Honor supply."""

from __future__ import annotations

import pytest
from tactics_helpers import act, cell, command_at, lift, put, table, unit_of

import core.tactics as T
from core.contract import Action, IllegalAction


def test_shrines_score_for_the_side_that_just_moved_and_ties_contest() -> None:
    s = table()
    shrine = cell(s, 3, 2)
    put(s, unit_of(s, "tyranyx"), cell(s, 2, 2))
    act(s, "end")
    assert s.honor == [2, 0] and s.honor_supply == 118
    put(s, unit_of(s, "arha_templar"), cell(s, 4, 2), 1)  # now contested
    act(s, "end")
    assert s.honor == [2, 0]
    act(s, "end")
    assert s.honor == [2, 0]
    put(s, unit_of(s, "water_djinn"), shrine, 1)
    act(s, "end")  # seat 1 controls it 2:1 at the end of its own turn
    assert s.honor == [2, 2]


def test_end_of_turn_discards_draws_readies_heals_and_clears_buffs() -> None:
    s = table()
    p = s.seats[0]
    ty = unit_of(s, "tyranyx")
    command_at(s, ty, cell(s, 1, 2))
    s.units[ty].damage = 3
    s.units[ty].b_str = 2
    act(s, "done")
    played = p.hand[0]
    act(s, "play", played)
    act(s, "end")
    assert played in p.discard and len(p.hand) == 5 and p.played == []
    assert not s.units[ty].exhausted and s.units[ty].damage == 0 and s.units[ty].b_str == 0
    assert p.power == 0 and p.runes == 0


def test_the_side_reaching_victory_honor_wins_at_the_end_of_its_turn() -> None:
    s = table(victory=4)
    put(s, unit_of(s, "tyranyx"), cell(s, 2, 2))
    act(s, "end")
    assert not s.over
    act(s, "end")
    act(s, "end")
    assert s.over and s.winners == (0,)
    out = T.outcome(s)
    assert out is not None and out.winners == (0,) and out.scores == (4, 0)
    assert T.legal_actions(s) == []
    with pytest.raises(IllegalAction, match="over"):
        T.apply(s, Action("end"))


def test_with_equal_turns_a_goal_reached_waits_for_the_end_of_the_round() -> None:
    s = table(victory=4, rules={"equal_turns": True})
    put(s, unit_of(s, "tyranyx"), cell(s, 2, 2))
    act(s, "end")
    act(s, "end")
    act(s, "end")  # 4 Honor for the first side, but the second has not had its turn
    assert s.honor == [4, 0] and not s.over and s.to_move == 1
    act(s, "end")
    assert s.over and s.winners == (0,)
    out = T.outcome(s)
    assert out is not None and out.winners == (0,) and out.scores == (4, 0)


def test_with_equal_turns_the_last_turn_can_tie_and_a_tie_is_shared() -> None:
    s = table(victory=2, rules={"equal_turns": True})
    ty = put(s, unit_of(s, "tyranyx"), cell(s, 2, 2))
    act(s, "end")
    assert s.honor == [2, 0] and not s.over
    lift(s, ty)  # the second side takes the shrine on its turn
    put(s, unit_of(s, "arha_templar"), cell(s, 4, 2), 1)
    act(s, "end")
    assert s.honor == [2, 2] and s.over and s.winners == (0, 1)
    out = T.outcome(s)
    assert out is not None and out.winners == (0, 1)


def test_turn_limit_ends_the_game_with_the_leader_winning() -> None:
    s = table(turn_limit=2)
    put(s, unit_of(s, "tyranyx"), cell(s, 2, 2))
    act(s, "end")
    act(s, "end")
    assert s.over and T.outcome(s).winners == (0,)  # type: ignore[union-attr]


def test_honor_never_exceeds_the_supply() -> None:
    s = table()
    s.honor_supply, s.honor = 1, [119, 0]
    put(s, unit_of(s, "tyranyx"), cell(s, 2, 2))
    act(s, "end")
    assert s.honor == [120, 0] and s.honor_supply == 0
