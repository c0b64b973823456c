"""The heroes' bots and hints in every mode against the Villains: whole games where every
question the game asks (the co-op portal choice, the shared turn, the ties the Villains'
procedure leaves to the heroes: which plan, which target, which hex, which card) is answered
by the bot at that seat and by the hint, both legal; and the planner's judgement of a
Villain's worth (its Honor, its income)."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tactics"))

from villain_helpers import cleared, token, villain  # noqa: E402

import core.tactics as T  # noqa: E402
from ai.bots import make_bot  # noqa: E402
from ai.hints import hint  # noqa: E402
from ai.tactics.weights import VILLAIN_DOWN  # noqa: E402
from ai.tactics.worth import kill_value  # noqa: E402
from core.tactics.audit import problems  # noqa: E402

HINT_EVERY = 9  # a hint on every question, and on every ninth plain step


def _play(mode: str, bots: list[str], seed: int, scenario: str | None = None,
          draft: bool = False) -> Counter[str]:
    opts = {"players": len(bots), "mode": mode, "ties": "ask", "draft": draft,
            "seats": [f"bot:{b}" for b in bots]}
    if scenario:
        opts["scenario"] = scenario
    s = T.new_game(opts, seed)
    agents = [make_bot(b, "tactics", seed * 31 + i) for i, b in enumerate(bots)]
    asked: Counter[str] = Counter()
    steps = 0
    while not s.over:
        seat = s.to_move
        assert seat is not None
        legal = T.legal_actions(s)
        question = s.pending[-1].kind if s.pending else ""
        if question:
            asked[question] += 1
            if question.startswith("villain") and s.villain is not None:
                # The Villains' ties go to a hero seat (the Boss player's in Become the Boss).
                assert seat == (s.villain.boss_seat if s.villain.boss_seat >= 0
                                else s.current)
        if (question and question != "draft") or steps % HINT_EVERY == 0:
            h = hint("tactics", T.view(s, seat), legal)
            assert h.action in legal, (question, h)
        a = agents[seat].choose(T.view(s, seat), legal)
        assert a in legal, (question, a)
        T.apply(s, a)
        steps += 1
        assert steps < 20_000
    assert problems(s) == []
    out = T.outcome(s)
    assert out is not None and out.details["by"]
    return asked


@pytest.mark.parametrize(("mode", "bots", "seed", "scenario", "draft"), [
    ("solo", ["planner"], 3, None, False),
    ("solo", ["greedy"], 4, "drowned_chapel", True),
    ("solo", ["random"], 5, "thornwall", False),
    ("coop", ["planner", "planner"], 2, None, False),
    ("coop", ["greedy", "random"], 6, "hollow_throne", True),
    ("boss", ["planner", "planner"], 2, None, False),
    ("boss", ["planner", "greedy", "random"], 3, "forge_of_chains", False),
])
def test_bots_and_hints_answer_every_question(mode: str, bots: list[str], seed: int,
                                               scenario: str | None, draft: bool) -> None:
    asked = _play(mode, bots, seed, scenario, draft)
    if mode == "coop" or len(bots) == 3:
        assert asked["portal"] == 2  # each hero chose a portal at set-up
    if mode != "boss":
        # The heroes were asked to break the Villains' ties in the game.
        assert sum(n for k, n in asked.items() if k.startswith("villain")) > 0


def test_a_villain_is_worth_its_honor_and_its_income() -> None:
    s = cleared(ties="auto")
    v = s.villain
    assert v is not None
    boss = villain(s, "boss", 6, 2)
    red = villain(s, "red", 6, 4)
    # Felling a Villain pays its card's Honor and stops its objective's shrine paying the
    # Villains until a Scheme returns it: worth more than the Honor alone, the Boss most.
    for u in (boss, red):
        card = s.units[u].card
        honor = v.vdef(card).face(v.mode).honor
        shrine = s.map.shrine_honor[v.token[v.kind_of(card)]]
        assert kill_value(s, u) >= honor + VILLAIN_DOWN * max(1, shrine)
    assert kill_value(s, boss) > kill_value(s, red)
    # Its token moved off the shrines: the income part shrinks to one Honor a turn.
    before = kill_value(s, red)
    token(s, "red", 1, 1)
    assert kill_value(s, red) < before
