"""Hints: the planner's pick with a one-line reason, the same for the same position."""

from __future__ import annotations

import pytest
from ai_helpers import clear_hand, put, set_row

import core.ascension as A
from ai.bots import make_bot
from ai.hint import Hint
from ai.hints import hint
from core.ascension.words import describe
from core.contract import Action


def positions(seed: int, count: int) -> list[A.State]:
    """Positions along a greedy-vs-planner game, every few steps."""
    s = A.new_game({"players": 2}, seed)
    bots = [make_bot("greedy", "ascension", 1), make_bot("planner", "ascension", 2)]
    out = []
    step = 0
    while not s.over and len(out) < count:
        if step % 7 == 0:
            out.append(s.copy())
        seat = s.to_move
        assert seat is not None
        A.apply(s, bots[seat].choose(A.view(s, seat), A.legal_actions(s)))
        step += 1
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_hint_is_deterministic_and_legal(seed: int) -> None:
    for s in positions(seed, 25):
        seat = s.to_move
        assert seat is not None
        legal = A.legal_actions(s)
        first = hint("ascension", A.view(s, seat), legal)
        again = hint("ascension", A.view(s, seat), legal)
        copied = s.copy()
        other = hint("ascension", A.view(copied, seat), A.legal_actions(copied))
        assert isinstance(first, Hint)
        assert first == again == other
        assert first.action in legal
        assert first.plan[0] == first.action
        assert "\n" not in first.reason
        assert first.reason.startswith(describe(s, first.action))


def test_hint_names_the_plan() -> None:
    s = A.new_game({"players": 2}, 11)
    clear_hand(s, 0)
    set_row(s, ["wind_tyrant", "earth_tyrant", "avatar_of_the_fallen", "xeron_duke_of_lies",
                "sea_tyrant", "earth_tyrant"])
    s.turn.power = 5
    h = hint("ascension", A.view(s, 0), A.legal_actions(s))
    assert h.action == Action("defeat", s.center_row[0])
    assert h.reason.startswith("Defeat Wind Tyrant: 3 Honor + 3 Runes, then acquire ")
    assert h.plan[-1].kind == "end"


def test_a_decision_hint_says_the_answer_as_the_menu_does() -> None:
    s = A.new_game({"players": 2}, 11)
    clear_hand(s, 0)
    put(s, "mystic", "hand")
    apprentice = put(s, "apprentice", "discard")
    A.apply(s, Action("play", put(s, "void_initiate", "hand")))
    h = hint("ascension", A.view(s, 0), A.legal_actions(s))
    assert h.action == Action("choose", apprentice)
    assert h.reason == "Send Apprentice from your discard pile to the Void: thins your deck"
    assert h.reason.startswith(describe(s, h.action))


@pytest.mark.parametrize(("edition", "reason"), [
    (1, "Put Burrower Mark II into play: it works from this turn on"),
    (2, "Put Burrower Mark II into your hand: you can play it this turn")])
def test_a_courier_hint_takes_the_offer(edition: int, reason: str) -> None:
    s = A.new_game({"players": 2, "edition": edition}, 11)
    clear_hand(s, 0)
    put(s, "rocket_courier_x99", "constructs")
    (burrower,) = set_row(s, ["burrower_mark_ii"])
    s.turn.runes = 3
    A.apply(s, Action("acquire", burrower))
    h = hint("ascension", A.view(s, 0), A.legal_actions(s))
    assert h.action == Action("choose", burrower) and h.reason == reason


def test_unknown_game_has_no_hints() -> None:
    s = A.new_game({"players": 2}, 1)
    with pytest.raises(KeyError):
        hint("inferno", A.view(s, 0), A.legal_actions(s))
