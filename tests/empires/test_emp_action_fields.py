"""One choice is one action: a field an action's kind does not use must keep its default,
and a free aim is legal at any value in range but refused out of it."""

from __future__ import annotations

from empires_rules_helpers import game

from core.contract import Action
from core.empires import FREE_OPTIONS, apply, legal_actions, why_illegal


def test_an_unused_option_or_card_is_refused_with_the_reason() -> None:
    s = game(players=2)
    assert why_illegal(s, Action("choose", 0)) is None
    assert why_illegal(s, Action("choose", 0, -1)) == "choose takes no option (0)"
    apply(s, Action("choose", 0))
    assert why_illegal(s, Action("end", 3)) == "end names no card or piece (-1)"
    assert why_illegal(s, Action("boost", -1, 1)) == "boost takes no option (0)"


def test_any_aim_in_range_is_legal_and_one_out_of_range_is_not() -> None:
    s = game(players=2)
    apply(s, Action("choose", 0))
    flick = next(a for a in legal_actions(s) if a.kind == "flick")
    assert "flick" in FREE_OPTIONS
    assert why_illegal(s, flick._replace(option=flick.option + 1)) is None
    assert why_illegal(s, flick._replace(option=-1)) is not None
