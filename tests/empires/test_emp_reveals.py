"""What an Empires move shows (so undo stops there) and where the scores stand."""

from __future__ import annotations

import random
from dataclasses import replace

from empires_play import options_for, pick

from core.empires import apply, checksum, legal_actions, new_game, outcome, reveals, scores


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


def _containers(value: object, path: str) -> list[tuple[str, object]]:
    """Every list, dict and dataclass reachable from ``value``, with where it was found."""
    from dataclasses import fields, is_dataclass

    out: list[tuple[str, object]] = []
    if is_dataclass(value) and not isinstance(value, type):
        out.append((path, value))
        for f in fields(value):
            out += _containers(getattr(value, f.name), f"{path}.{f.name}")
    elif isinstance(value, list | dict):
        out.append((path, value))
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for k, v in items:
            out += _containers(v, f"{path}[{k}]")
    return out


def test_a_copy_is_equal_and_shares_nothing_that_changes() -> None:
    s = new_game(options_for(5), 5)
    draw = random.Random("copy-5")
    for _ in range(400):
        apply(s, pick(draw, legal_actions(s)))
    twin = s.copy()
    # The generator compares by its state (it has no equality of its own).
    assert replace(twin, rng=s.rng) == s
    assert twin.rng.state == s.rng.state and twin.rng is not s.rng
    theirs = {id(obj) for _, obj in _containers(s, "s")}
    shared = [where for where, obj in _containers(twin, "s") if id(obj) in theirs]
    assert shared == []
    before = checksum(s)
    apply(twin, pick(draw, legal_actions(twin)))
    assert checksum(twin) != before and checksum(s) == before
