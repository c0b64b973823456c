"""What an Empires move shows (so undo stops there) and where the scores stand."""

from __future__ import annotations

import random

from empires_play import options_for, pick

from core.empires import apply, legal_actions, new_game, outcome, reveals, scores


def test_turning_a_location_up_is_shown_and_a_plain_choice_is_not() -> None:
    s = new_game(options_for(4), 4)
    draw = random.Random("reveals-4")
    shown = quiet = 0
    while s.to_move is not None and shown < 3 and quiet < 200_000:
        a = pick(draw, legal_actions(s))
        events = apply(s, a)
        said = reveals(s, a, events)
        kinds = {e.kind for e in events}
        if kinds & {"discover", "robots_discover"}:
            assert said is not None and "face up" in said
            shown += 1
        else:
            assert said is None
            quiet += 1
    assert shown == 3


def test_scores_are_the_tokens_taken_then_the_final_scores() -> None:
    s = new_game(options_for(7), 7)
    draw = random.Random("scores-7")
    while s.to_move is not None:
        assert scores(s) == tuple(p.vp for p in s.players)
        apply(s, pick(draw, legal_actions(s)))
    result = outcome(s)
    assert result is not None and scores(s) == result.scores
