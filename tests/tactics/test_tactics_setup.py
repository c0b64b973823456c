"""Setting up a competitive game of Tactics, and the Champion Draft."""

from __future__ import annotations

import pytest
from tactics_helpers import FOUR, act, choose, real, table

import core.tactics as T

# --- set-up ----------------------------------------------------------------------------------

def test_setup_deals_hands_row_piles_treasures_and_rosters() -> None:
    s = real({"players": 2}, 3)
    assert all(len(p.hand) == 5 and len(p.deck) == 5 for p in s.seats)
    assert len(s.row) == 6 and all(u >= 0 for u in s.row)
    assert len(s.mystics) == 15 and len(s.heavies) == 15
    spots = s.map.treasure_cells()
    assert [c for c, t in enumerate(s.board_treasure) if t >= 0] == list(spots)
    assert len(s.bag) == 24 - len(spots)
    for seat in range(2):
        ids = tuple(s.cards[u].id for u in s.seats[seat].roster)
        assert ids == s.scen.rosters[s.slot_of[seat]]
    first = s.slot_of.index(1)
    assert s.current == first and s.seats[first].power == 2
    assert sorted(s.slot_of) == [1, 2]


def test_the_second_gateway_gets_its_first_turn_bonus() -> None:
    s = table()
    act(s, "end")
    assert s.current == 1
    assert s.seats[1].power == 4  # 2 every turn + 2 on the first
    act(s, "end")
    act(s, "end")
    assert s.seats[1].power == 2


def test_bad_options_are_refused() -> None:
    for bad in ({"players": 5}, {"players": 2, "mode": "2v2"}, {"players": 3, "mode": "1v1"},
                {"players": 2, "scenario": "nowhere"}, {"players": 2, "mode": "solo"},
                {"players": 3, "scenario": "battle_of_three_shrines"}):
        with pytest.raises(ValueError):
            T.new_game(bad, 1)


# --- the Champion Draft ----------------------------------------------------------------------

def test_two_player_draft_goes_in_reverse_turn_order() -> None:
    s = table(draft=True)
    order = []
    while s.pending and s.pending[-1].kind == "draft":
        d = s.pending[-1]
        order.append(d.seat)
        assert len(d.choices) == 6
        choose(s, d.choices[0])
    assert order == [1, 0] * 4
    assert [len(p.roster) for p in s.seats] == [4, 4]
    assert len(s.box) == 24 - 8 and s.phase == "play" and s.current == 0


def test_three_and_four_player_drafts_take_three_each() -> None:
    for players in (3, 4):
        s = table(FOUR, players=players, mode="brawl", draft=True)
        order = []
        while s.pending and s.pending[-1].kind == "draft":
            order.append(s.pending[-1].seat)
            choose(s, s.pending[-1].choices[-1])
        assert order == list(range(players - 1, -1, -1)) * 3
        assert all(len(p.roster) == 3 for p in s.seats)


def test_team_draft_alternates_team_two_first_then_captains_assign() -> None:
    s = table(FOUR, players=4, mode="2v2", draft=True)
    order = []
    while s.pending[-1].kind == "draft":
        order.append(s.pending[-1].seat)
        choose(s, s.pending[-1].choices[0])
    assert order == [1, 0] * 6  # seat 1 captains team 2 (slots 2 and 4)
    assigns = []
    while s.pending and s.pending[-1].kind == "assign":
        d = s.pending[-1]
        assert len(d.choices) in (6, 5, 4)
        assigns.append(d.seat)
        choose(s, d.choices[0])
    assert assigns == [1, 1, 1, 0, 0, 0]
    assert all(len(p.roster) == 3 for p in s.seats)
    assert s.phase == "play" and s.current == 0
