"""What the Tactics table says when the keyboard passes for a Treasure window: who attacks
whom with what, the same sentence the window's list shows as its title."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tactics"))

from tactics_helpers import act, cell, command_at, cultist, hold, put, table, unit_of  # noqa: E402

import core.tactics as T  # noqa: E402
from core.tactics.words import question  # noqa: E402
from core.words import plain  # noqa: E402
from tui.games.tactics import text as tt  # noqa: E402


def test_the_hand_over_for_an_attack_says_who_attacks_whom_with_what() -> None:
    s = table()
    foe = put(s, cultist(s, 1, 0), cell(s, 2, 2))
    hold(s, 1, "ward_charm")
    command_at(s, unit_of(s, "tyranyx"), cell(s, 1, 2))
    act(s, "attack", foe)
    v = T.view(s, 1)
    assert v.pending is not None and v.pending.kind == "react"
    said = ("Tyranyx (Player 1) attacks Cultist c5 (Player 2) with 7 Strength: "
            "play a Treasure or pass")
    assert plain(question(v, v.pending)) == said  # the seat asked sees it in its view too
    assert tt.handover_reason(v, 1, "Player 2") == f"Player 2 may answer: {said}"
