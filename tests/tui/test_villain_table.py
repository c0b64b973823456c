"""The Villains at the Tactics table without an app: their labels and objective tokens read
without colour, the threat meter's numbers, a tie's plans as the engine lists them, and the
Villain turn cut into steps (``tui.games.tactics.replay``) over seeded random solo and co-op
games — every step shows a board that holds together, every Villain's walk ends where the
engine put it, every log line is told exactly once, and batches without the Villains acting
are not played out."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import core.tactics as T
from core.contract import Action, Event
from core.rng import Rng
from core.tactics import villain_turn
from core.tactics.view import TacticsView
from core.tactics.villain_ops import OBJECTIVE_KINDS
from core.tactics.villain_state import VILLAIN
from core.tactics.words import unit_labels
from tui.games.tactics import panels
from tui.games.tactics import villains as vl
from tui.games.tactics.hexmap import HexMap
from tui.games.tactics.picture import OBJECTIVE_NAMES
from tui.games.tactics.replay import Line, Show, build, villains_act

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tactics"))

from villain_helpers import cleared, hero, villain  # noqa: E402

SCENARIOS = ["crossroads_vigil", "drowned_chapel", "forge_of_chains", "thornwall",
             "hollow_throne"]


def labels_of(v: TacticsView) -> dict[int, str]:
    labels = unit_labels(v)
    return labels | vl.villain_labels(v, set(labels.values()))


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize(("mode", "players"), [("solo", 1), ("coop", 2), ("boss", 2)])
def test_villains_and_tokens_read_without_colour(scenario: str, mode: str,
                                                  players: int) -> None:
    s = T.new_game({"players": players, "mode": mode, "scenario": scenario}, 7)
    v = T.view(s, 0)
    labels = labels_of(v)
    assert len(set(labels.values())) == len(labels)  # no two units look alike
    for kind, u in vl.villain_units(v):
        assert labels[u][0] == vl.KIND_LETTER[kind]  # a Villain's label names its token
    hexmap = HexMap(panels.map_picture(v, labels))
    text = "\n".join(hexmap.text_lines())
    for kind, cell in zip(OBJECTIVE_KINDS, v.villain.token, strict=True):  # type: ignore[union-attr]
        letter = vl.KIND_LETTER[kind]
        assert letter in text
        assert OBJECTIVE_NAMES[kind] in hexmap.describe(cell)  # and in words
    for _, u in vl.villain_units(v):
        assert labels[u] in text  # every Villain stands on the map


def test_the_threat_meter_counts_what_a_player_can_know() -> None:
    s = T.new_game({"players": 1, "mode": "solo", "difficulty": "hard"}, 4)
    v = T.view(s, 0)
    vv = v.villain
    assert vv is not None and len(vv.discard) == 4
    left = [vv.schemes[i].threat for i in vv.unseen]
    line = vl.threat_line(v).plain
    assert line.startswith("Threat 4 ▮▮▯▯▯▯▯▯")
    assert f"bonus on {sum(t <= 4 for t in left)} of {len(left)}" in line
    assert f"next {min(t for t in left if t > 4)}" in line
    assert vl.deck_line(v).plain.startswith(f"Schemes {len(left)} · {len(left) // 2} Villain")


def test_a_tie_lists_the_plans_the_engine_lists() -> None:
    s = cleared(3, ties="ask")
    villain(s, "red", 5, 4, strength=6, speed=3)
    hero(s, 0, 8, 3, strength=2, defense=4)
    hero(s, 1, 8, 5, strength=2, defense=4)
    v = s.villain
    assert v is not None
    march = next(i for i, d in enumerate(v.schemes) if d.id == "crimson_march")
    v.deck.remove(march)
    v.deck.append(march)
    T.apply(s, Action("end"))
    d = s.pending[-1]
    assert d.kind == "villain_plan"
    assert vl.plans(T.view(s, 0), d) == villain_turn.plans_of(s, d)


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
