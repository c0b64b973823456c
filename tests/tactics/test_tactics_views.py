"""What a seat sees: hidden hands, decks and Treasures, partners' shared hands, and describe."""

from __future__ import annotations

from tactics_helpers import FOUR, hold, table

import core.tactics as T


def test_view_hides_hands_decks_and_unplayed_treasures() -> None:
    s = table()
    hold(s, 1, "ward_charm")
    v = T.view(s, 0)
    assert v.seats[0].hand == tuple(s.seats[0].hand)
    assert v.seats[1].hand is None and v.seats[1].hand_count == 5
    assert v.seats[1].treasures is None and v.seats[1].treasure_count == 1
    assert v.center_unseen == tuple(sorted(s.center_deck))
    assert set(v.face_down) == {c for c, t in enumerate(s.board_treasure) if t >= 0}
    assert not hasattr(v, "board_treasure") and not hasattr(v, "bag")


def test_two_vs_two_partners_see_each_others_hands_and_treasures() -> None:
    s = table(FOUR, players=4, mode="2v2")
    hold(s, 2, "ward_charm")
    v = T.view(s, 0)
    assert v.seats[2].hand == tuple(s.seats[2].hand)
    assert v.seats[2].treasures == tuple(s.seats[2].treasures)
    assert v.seats[1].hand is None and v.seats[3].treasures is None


def test_describe_gives_one_short_line() -> None:
    s = table()
    lines = [T.describe(s, a) for a in T.legal_actions(s)]
    assert all(line and "\n" not in line for line in lines)
    assert "End turn" in lines
