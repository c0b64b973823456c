"""The Empires planner shares its ships out between targets at the end of a turn (one CP-SAT
assignment, ``ai.empires.strike_model``): a ship in reach of two targets goes where it makes
a second target fall, not to a target that falls without it."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "empires"))

from empires_rules_helpers import game, play, ship_at  # noqa: E402

from ai.empires.greedy import EmpiresGreedyBot  # noqa: E402
from ai.empires.planner import EmpiresPlannerBot  # noqa: E402
from ai.empires.strike_model import Strikes, plan  # noqa: E402
from ai.empires.turns import END, Style, attack_step  # noqa: E402
from core.empires import apply, legal_actions  # noqa: E402
from core.empires.state import State  # noqa: E402


def test_a_ship_in_reach_of_two_targets_goes_where_it_makes_the_second_fall() -> None:
    # P needs 2 and three ships reach it; Q needs 2 and only ship 1 and ship 4 reach it.
    problem = Strikes(reach={1: (10, 20), 2: (10,), 3: (10,), 4: (20,)},
                      power={(1, 10): 1, (1, 20): 1, (2, 10): 1, (3, 10): 1, (4, 20): 1},
                      need={10: 2, 20: 2}, worth={10: 1.0, 20: 1.0})
    assert plan(problem) == {1: 20, 2: 10, 3: 10, 4: 20}


def test_a_target_that_cannot_fall_is_sent_nothing() -> None:
    problem = Strikes(reach={1: (10, 20), 2: (10,)}, power={(1, 10): 1, (1, 20): 1,
                                                            (2, 10): 1},
                      need={10: 2, 20: 3}, worth={10: 1.0, 20: 5.0})
    assert plan(problem) == {1: 10, 2: 10}
    assert plan(Strikes({1: (20,)}, {(1, 20): 1}, {20: 2}, {20: 1.0})) == {}


def test_the_worthier_target_wins_a_ship_both_want_and_the_answer_never_varies() -> None:
    problem = Strikes(reach={1: (10, 20), 2: (10,), 3: (20,)},
                      power={(1, 10): 1, (1, 20): 1, (2, 10): 1, (3, 20): 1},
                      need={10: 2, 20: 2}, worth={10: 1.0, 20: 2.5})
    assert plan(problem) == {1: 20, 3: 20}
    assert all(plan(problem) == {1: 20, 3: 20} for _ in range(5))


def _two_blue_ships() -> tuple[State, int, int]:
    """Blue ships at (0, 0) and (14000, 0); red ship 100 between them, in short range of
    both; red 103 by the first only, red 101 and 102 by the second only (the one the bots
    judge the better target there)."""
    s = game()
    near, far = ship_at(s, 1, 0, 0), ship_at(s, 1, 14000, 0)
    ship_at(s, 0, 7000, 0, ship=100)
    ship_at(s, 0, 18000, 3000, ship=101)
    ship_at(s, 0, 18000, -3000, ship=102)
    ship_at(s, 0, -4000, 0, ship=103)
    play(s, ("choose", 3), ("end",))  # Interact with nothing: straight to the attacks
    return s, near, far


def _strike(s: State, style: Style) -> None:
    while s.phase == "attack" and s.to_move == 0:
        pick = attack_step(s, 0, legal_actions(s), style).action
        apply(s, pick)
        if pick == END:
            break


def test_the_planner_takes_both_ships_where_one_target_at_a_time_takes_one() -> None:
    s, near, far = _two_blue_ships()
    _strike(s, EmpiresPlannerBot.style)
    assert near in s.players[1].ships and far in s.players[1].ships
    assert s.players[0].vp == 2
    # One target at a time, ship 100 (the first in reach of the better target) goes there,
    # and ship 103 alone cannot beat the other's defence.
    s, near, far = _two_blue_ships()
    _strike(s, EmpiresGreedyBot.style)
    assert far in s.players[1].ships and near not in s.players[1].ships
    assert s.players[0].vp == 1
