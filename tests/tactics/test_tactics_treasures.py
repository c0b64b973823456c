"""Treasures: played on your own units at any time, and the window an attack opens."""

from __future__ import annotations

import pytest
from tactics_helpers import act, cell, command_at, decline, hold, pending_kind, put, table, unit_of

import core.tactics as T
from core.contract import Action, IllegalAction
from core.tactics import combat


def test_treasure_played_any_time_on_your_unit_on_the_battlefield() -> None:
    s = table()
    t = hold(s, 0, "giant_draught")
    ty = put(s, unit_of(s, "tyranyx"), cell(s, 1, 2))
    off = unit_of(s, "kor_the_ferromancer")
    assert Action("treasure", t, ty) in T.legal_actions(s)
    with pytest.raises(IllegalAction, match="battlefield"):
        T.apply(s, Action("treasure", t, off))
    act(s, "treasure", t, ty)
    assert combat.strength(s, ty) == 10 and t in s.used
    act(s, "end")
    assert combat.strength(s, ty) == 7  # until the end of the turn


def test_reaction_window_alternates_defender_then_attacker_until_both_pass() -> None:
    s = table()
    arha = put(s, unit_of(s, "arha_templar"), cell(s, 3, 2), 1)  # D4
    ward = hold(s, 1, "ward_charm")  # +2 Defense
    bulwark = hold(s, 1, "bulwark_charm")  # +3 Defense
    might = hold(s, 0, "might_draught")  # +2 Strength
    kor = unit_of(s, "kor_the_ferromancer")  # S4
    command_at(s, kor, cell(s, 2, 2))
    act(s, "attack", arha)
    d = s.pending[-1]
    assert (d.kind, d.seat) == ("react", 1)
    assert Action("treasure", ward, arha) in T.legal_actions(s)
    act(s, "treasure", ward, arha)  # D6
    assert s.pending[-1].seat == 0
    act(s, "treasure", might, kor)  # S6
    assert s.pending[-1].seat == 1
    act(s, "treasure", bulwark, arha)  # D9
    assert s.pending == [] or s.pending[-1].seat != 0  # seat 0 holds no more Treasures
    assert s.units[arha].damage == 6 and s.units[arha].cell >= 0


def test_the_window_skips_seats_without_treasures() -> None:
    s = table()
    arha = put(s, unit_of(s, "arha_templar"), cell(s, 3, 2), 1)
    command_at(s, unit_of(s, "tyranyx"), cell(s, 2, 2))
    act(s, "attack", arha)
    assert s.pending == [] and s.units[arha].cell == -1


def test_a_pass_then_a_treasure_reopens_the_window() -> None:
    s = table()
    arha = put(s, unit_of(s, "arha_templar"), cell(s, 3, 2), 1)
    hold(s, 1, "ward_charm")
    might = hold(s, 0, "might_draught")
    command_at(s, unit_of(s, "kor_the_ferromancer"), cell(s, 2, 2))
    act(s, "attack", arha)
    decline(s)  # defender passes
    assert s.pending[-1].seat == 0
    act(s, "treasure", might, unit_of(s, "kor_the_ferromancer"))
    assert s.pending[-1].seat == 1  # the defender may answer
    decline(s)
    # Seat 0 has nothing left, so the window closes: Kor (6) defeats Arha (4), and Kor's Slay
    # (move a portal) asks next.
    assert s.units[arha].cell == -1
    assert pending_kind(s) == "move_portal"
