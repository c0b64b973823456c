"""The Villain turn cut into steps (``tui.games.tactics.replay``), checked over seeded random
solo and co-op games through the engine alone (no app): every step shows a board that holds
together, every Villain's walk ends where the engine put it, every log line is told exactly
once, and batches without the Villains acting are not played out."""

from __future__ import annotations

import pytest

import core.tactics as T
from core.contract import Event
from core.rng import Rng
from core.tactics.view import TacticsView
from core.tactics.villain_state import VILLAIN
from tui.games.tactics.replay import Line, Show, build, villains_act


def lines_of(events: list[Event]) -> list[Line | None]:
    """A line per event but the draws (so some events have none)."""
    return [None if e.kind == "draw" else (f"{i} {e.kind}", "") for i, e in enumerate(events)]


def holds_together(v: TacticsView) -> None:
    for u, row in enumerate(v.units):
        if row.cell >= 0:
            assert v.occupant[row.cell] == u, f"unit {u} is not where its cell says"
    for c, u in enumerate(v.occupant):
        if u >= 0:
            assert v.units[u].cell == c


def check(show: Show, before: TacticsView, events: list[Event], after: TacticsView) -> None:
    lines = lines_of(events)
    told = [line for f in show.frames for line in f.lines] + list(show.tail)
    assert told == [line for line in lines if line is not None]  # each once, in order
    for f in show.frames:
        holds_together(f.view)
        assert f.weight > 0
        assert all(0 <= c < len(before.map.hexes) for c in f.route)
    for e in events:
        if e.kind == "move" and e.seat == VILLAIN and after.units[e.card].cell == e.value:
            assert any(f.view.units[e.card].cell == e.value and f.route and
                       f.route[-1] == e.value for f in show.frames), "the walk ends at the goal"
    if any(e.kind == "scheme" for e in events):
        assert any(f.view.villain is not None and f.view.villain.in_play
                   for f in show.frames), "a Scheme is shown in play"


@pytest.mark.parametrize(("mode", "players", "seed"),
                         [("solo", 1, 1), ("solo", 1, 2), ("coop", 2, 3)])
def test_villain_turns_cut_into_steps(mode: str, players: int, seed: int) -> None:
    names = [f"P{i}" for i in range(players)]
    s = T.new_game({"players": players, "seats": ["human"] * players, "names": names,
                    "mode": mode, "ties": "auto"}, seed)
    rng = Rng.stream(seed, "replay-test")
    played = shows = 0
    while s.to_move is not None and played < 400:
        legal = T.legal_actions(s)
        # Mostly commands and moves, so heroes meet the Villains; an end now and then.
        busy = [a for a in legal if a.kind in ("command", "deploy", "move", "attack", "done",
                                              "choose", "decline")]
        action = rng.choice(busy) if busy and rng.below(4) else rng.choice(legal)
        seat = s.to_move
        before = T.view(s, seat)
        events = T.apply(s, action)
        after = T.view(s, seat)
        played += 1
        show = build(before, events, lines_of(events), after)
        assert bool(show.frames) == villains_act(before, events)
        if show.frames:
            shows += 1
            check(show, before, events, after)
    assert shows >= 3


def test_no_show_against_other_players() -> None:
    s = T.new_game({"players": 2, "seats": ["human", "human"], "names": ["A", "B"]}, 1)
    before = T.view(s, 0)
    events = T.apply(s, T.legal_actions(s)[-1])
    assert not villains_act(before, events)
