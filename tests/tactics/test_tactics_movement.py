"""Moving on the battlefield: terrain, blockers, portals, Tainted hexes, Beacons, Inactive
Portals and Treasures picked up on the way."""

from __future__ import annotations

import pytest
from tactics_helpers import (
    CORRIDOR,
    act,
    clear_board_treasures,
    command_at,
    moves,
    put,
    table,
    unit_of,
)

import core.tactics as T
from core.contract import Action, IllegalAction
from core.tactics.board import BEACON, FOREST, INACTIVE_PORTAL, PORTAL, TAINTED


def test_forest_costs_two_and_speed_limits_the_move() -> None:
    s = table(CORRIDOR)
    s.terrain[2] = FOREST
    command_at(s, unit_of(s, "tyranyx"), 1)  # speed 3
    assert moves(s) == {0, 2, 3}  # 2 is a Forest (2 points), 3 costs 3, 4 would cost 4


def test_enemies_block_allies_can_be_crossed_but_not_ended_on() -> None:
    s = table(CORRIDOR)
    put(s, unit_of(s, "icarus_steelfoot"), 2)  # an ally
    command_at(s, unit_of(s, "tyranyx"), 1)
    assert moves(s) == {0, 3, 4}
    s2 = table(CORRIDOR)
    put(s2, unit_of(s2, "arha_templar"), 3)  # an enemy
    command_at(s2, unit_of(s2, "tyranyx"), 1)
    assert moves(s2) == {0, 2}


def test_an_enemy_portal_cannot_be_entered() -> None:
    s = table(CORRIDOR)
    command_at(s, unit_of(s, "tyranyx"), 4)
    assert 6 not in moves(s) and 5 in moves(s)


def test_move_once_per_command_and_illegal_destination_is_refused() -> None:
    s = table(CORRIDOR)
    command_at(s, unit_of(s, "tyranyx"), 1)
    with pytest.raises(IllegalAction, match="cannot end a move there"):
        T.apply(s, Action("move", -1, 5))
    act(s, "move", -1, 3)
    assert s.units[unit_of(s, "tyranyx")].cell == 3
    with pytest.raises(IllegalAction, match="already used its move"):
        T.apply(s, Action("move", -1, 2))


def test_tainted_hexes_hurt_on_entry_and_at_the_start_of_the_turn() -> None:
    s = table(CORRIDOR)
    s.terrain[2] = TAINTED
    ty = unit_of(s, "tyranyx")  # Defense 7
    command_at(s, ty, 1)
    act(s, "move", -1, 2)
    assert s.units[ty].damage == 5 and s.units[ty].cell == 2
    act(s, "done")
    act(s, "end")
    assert s.units[ty].damage == 0  # healed at the end of every turn
    act(s, "end")  # seat 0 starts a turn standing on it
    assert s.units[ty].damage == 5


def test_a_unit_can_fall_on_a_tainted_hex_mid_move() -> None:
    s = table(CORRIDOR)
    s.terrain[2] = TAINTED
    scout = unit_of(s, "psyche_askara")  # Defense 2
    command_at(s, scout, 1)
    act(s, "move", -1, 3)
    assert s.units[scout].cell == -1 and s.occupant[1] == -1 and s.occupant[3] == -1
    assert s.cmd is not None and s.cmd.unit != scout  # the second figure's turn (FAQ 16)


def test_beacons_are_taken_in_passing_and_inactive_portals_woken() -> None:
    s = table(CORRIDOR, rules={"beacon_honor": 1})
    s.terrain[2] = BEACON
    s.terrain[3] = INACTIVE_PORTAL
    command_at(s, unit_of(s, "tyranyx"), 1)
    act(s, "move", -1, 4)
    assert s.beacon[2] == 0
    assert s.terrain[3] == PORTAL and s.portal_side[3] == 0
    act(s, "done")
    act(s, "end")
    assert s.honor[0] == 1  # the scenario pays 1 per Beacon held


def test_a_treasure_is_picked_up_at_the_end_of_a_move_and_on_deploy() -> None:
    s = table(CORRIDOR)
    clear_board_treasures(s)
    t1 = s.bag.pop()
    t2 = s.bag.pop()
    s.board_treasure[2] = t1
    s.board_treasure[3] = t2
    ty = unit_of(s, "tyranyx")
    command_at(s, ty, 1)
    act(s, "move", -1, 3)  # passes 2, ends on 3
    assert s.seats[0].treasures == [t2] and s.board_treasure[2] == t1
