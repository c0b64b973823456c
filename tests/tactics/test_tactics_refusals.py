"""Illegal actions are refused with a reason and change nothing; every listed action is taken."""

from __future__ import annotations

import pytest
from tactics_helpers import real, table, unit_of

import core.tactics as T
from core.contract import Action, IllegalAction


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing() -> None:
    s = table()
    before = T.checksum(s)
    for a, why in ((Action("play", 9999), "not in your hand"),
                   (Action("move", -1, 3), "no unit is being commanded"),
                   (Action("choose", 1), "no choice"),
                   (Action("switch"), "2 vs 2"),
                   (Action("fly"), "unknown action"),
                   (Action("command", unit_of(s, "arha_templar")), "not one of your units"),
                   (Action("end", 3), "takes no card")):
        with pytest.raises(IllegalAction, match=why):
            T.apply(s, a)
        assert T.checksum(s) == before


def test_every_listed_action_is_accepted() -> None:
    s = real({"players": 2}, 8)
    for a in T.legal_actions(s):
        assert T.why_illegal(s, a) is None
        T.apply(s.copy(), a)
