"""Deploying and commanding units, paying for commands, and the Cultists."""

from __future__ import annotations

import pytest
from tactics_helpers import (
    act,
    attack,
    cell,
    command_at,
    cultist,
    give,
    hold,
    moves,
    pending_kind,
    put,
    table,
    unit_of,
    with_stats,
)

import core.tactics as T
from core.contract import Action, IllegalAction

# --- deploying and commanding ----------------------------------------------------------------

def test_deploying_needs_a_free_portal_and_commanding_exhausts() -> None:
    s = table()
    p1 = cell(s, 0, 2)
    ty = unit_of(s, "tyranyx")
    s.seats[0].power = 20
    act(s, "command", ty)
    assert {a.kind for a in T.legal_actions(s)} <= {"deploy", "treasure"}
    act(s, "deploy", -1, p1)
    act(s, "done")
    assert s.units[ty].exhausted
    assert Action("command", ty) not in T.legal_actions(s)
    # Another off-board champion cannot be commanded while the only portal is taken.
    assert Action("command", unit_of(s, "kor_the_ferromancer")) not in T.legal_actions(s)
    with pytest.raises(IllegalAction, match="portal"):
        T.apply(s, Action("command", unit_of(s, "kor_the_ferromancer")))


def test_power_pays_commands_and_runes_never_do() -> None:
    s = table()
    with_stats(s, "kor_the_ferromancer", command=4)
    with_stats(s, "tyranyx", command=5)
    s.seats[0].power = 4
    s.seats[0].runes = 10
    kor = unit_of(s, "kor_the_ferromancer")
    ty = unit_of(s, "tyranyx")
    legal = T.legal_actions(s)
    assert Action("command", kor) in legal and Action("command", ty) not in legal
    act(s, "command", kor)
    assert s.seats[0].power == 0 and s.seats[0].runes == 10


def test_nothing_but_treasures_while_a_command_runs() -> None:
    s = table()
    hold(s, 0, "might_draught")
    ty = unit_of(s, "tyranyx")
    command_at(s, ty, cell(s, 1, 2))
    kinds = {a.kind for a in T.legal_actions(s)}
    assert kinds == {"move", "done", "treasure"}
    with pytest.raises(IllegalAction, match="finish commanding"):
        T.apply(s, Action("play", s.seats[0].hand[0]))
    with pytest.raises(IllegalAction, match="finish commanding"):
        T.apply(s, Action("end"))


# --- Cultists --------------------------------------------------------------------------------

def test_at_most_four_cultists_each_commanded_once_per_turn() -> None:
    s = table()
    p1 = cell(s, 0, 2)
    s.seats[0].power = 20
    for i in range(4):
        act(s, "command", -1, p1)
        act(s, "move", -1, sorted(moves(s))[i])
        act(s, "done")
    assert sum(1 for u in s.cultists[0] if s.units[u].cell >= 0) == 4
    assert not any(a.kind == "command" and a.card == -1 for a in T.legal_actions(s))
    with pytest.raises(IllegalAction, match="all four"):
        T.apply(s, Action("command", -1, p1))
    assert not any(a.kind == "command" and a.card in s.cultists[0] for a in T.legal_actions(s))
    act(s, "end")
    act(s, "end")
    assert all(Action("command", u) in T.legal_actions(s) for u in s.cultists[0])


def test_a_defeated_cultist_returns_to_the_reserve_and_carries_no_constructs() -> None:
    s = table()
    cu = cultist(s, 1)
    put(s, cu, cell(s, 2, 2))
    ty = unit_of(s, "tyranyx")
    command_at(s, ty, cell(s, 1, 2))
    attack(s, cu)
    assert s.units[cu].cell == -1 and not s.units[cu].exhausted
    uid = give(s, 0, "nightsteel_blade")
    act(s, "done")
    act(s, "play", uid)
    assert pending_kind(s) == "equip"
    assert all(s.cards[c].kind == "champion" for c in s.pending[-1].choices)
