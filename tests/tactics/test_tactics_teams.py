"""2 vs 2 and brawl: shared turns, Honor and Treasures, team Gateways, the turn order."""

from __future__ import annotations

import pytest
from tactics_helpers import FOUR, act, cell, hold, put, table, unit_of

import core.tactics as T
from core.contract import Action, IllegalAction


def test_two_vs_two_shares_the_turn_honor_and_treasures() -> None:
    s = table(FOUR, players=4, mode="2v2")
    assert s.sides == ((0, 2), (1, 3))
    assert Action("switch") in T.legal_actions(s)
    mate = put(s, unit_of(s, "grove_huntress"), cell(s, 2, 2))  # seat 2's
    t = hold(s, 0, "might_draught")
    assert Action("treasure", t, mate) in T.legal_actions(s)
    act(s, "switch")
    assert s.current == 2 and s.seats[2].power == 2  # slot 3 is Team 1's: no first-turn bonus
    act(s, "end")
    assert s.honor == [2, 0] and s.current == 1


def test_two_vs_two_uses_the_team_faces_of_the_gateways() -> None:
    # The team moving first gets no bonus on either card; both Team 2 players get theirs.
    s = table(FOUR, players=4, mode="2v2")
    assert [s.gates[slot].team for slot in (1, 2, 3, 4)] == [1, 2, 1, 2]
    assert all(s.gates[slot].first_turn == () for slot in (1, 3))
    assert [s.seats[seat].power for seat in (0, 2)] == [2, 2]
    act(s, "switch")
    assert s.seats[2].runes == 0  # the player face of slot 3 would add a Rune
    act(s, "end")
    assert [s.seats[seat].power for seat in (1, 3)] == [4, 4]
    assert s.seats[3].treasures == []  # ... and slot 4's a Treasure
    assert all("Team 2" in s.gates[slot].name for slot in (2, 4))
    act(s, "switch")
    act(s, "end")
    act(s, "switch")
    act(s, "end")
    assert [s.seats[seat].power for seat in (1, 3)] == [2, 2]


def test_brawl_treasures_only_help_your_own_units() -> None:
    s = table(FOUR, players=3, mode="brawl")
    t = hold(s, 0, "might_draught")
    other = put(s, unit_of(s, "arha_templar"), cell(s, 2, 2), 1)
    assert not any(a.kind == "treasure" for a in T.legal_actions(s))
    with pytest.raises(IllegalAction):
        T.apply(s, Action("treasure", t, other))
    assert s.portal_side.count(-1) == len(s.portal_side) - 3  # slot 4's portal is unused


def test_turns_follow_the_gateway_slots() -> None:
    s = table(FOUR, players=4, mode="brawl")
    seen = []
    for _ in range(5):
        seen.append(s.current)
        act(s, "end")
    assert seen == [0, 1, 2, 3, 0]
