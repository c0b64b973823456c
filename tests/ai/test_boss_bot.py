"""The bots in the Boss seat of Become the Boss (ai.tactics.boss, boss_command) and the Boss
player's hint (ai.tactics.boss_hints): Schemes that let a Villain defeat a champion are
played, a commanded Villain defeats what it can and keeps out of Strikeback's way, whole
games stay legal with the game's RNG untouched, and the hint names a legal action with its
reason."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tactics"))

from tactics_helpers import lift  # noqa: E402
from villain_helpers import hero, villain  # noqa: E402

import core.tactics as T  # noqa: E402
from ai.bots import make_bot  # noqa: E402
from ai.hints import hint  # noqa: E402
from ai.tactics.boss import BossPlayer  # noqa: E402
from ai.tactics.boss_command import choose  # noqa: E402
from core.contract import Action  # noqa: E402
from core.tactics.state import State  # noqa: E402
from core.tactics.villains import scheme_defs  # noqa: E402
from core.tactics.words import unit_name  # noqa: E402

BOSS = 1  # two players: seat 0 plays the heroes, seat 1 the Boss


def scheme(sid: str) -> int:
    return next(i for i, d in enumerate(scheme_defs()) if d.id == sid)


def boss_turn(hand: list[str], seed: int = 3) -> State:
    """A two-player Become the Boss game at the Boss player's first Scheme, the battlefield
    cleared, the hand set to the Schemes ``hand`` names (the rest back in the deck) and the
    discard pile empty, so no Scheme's bonus runs."""
    s = T.new_game({"players": 2, "mode": "boss"}, seed)
    while not any(a.kind == "scheme" for a in T.legal_actions(s)):
        T.apply(s, Action("end", -1, 0))
    v = s.villain
    assert v is not None and v.boss_seat == BOSS and s.current == BOSS
    for u in list(s.occupant):
        if u >= 0:
            lift(s, u)
    wanted = [scheme(x) for x in hand]
    pool = v.hand + v.deck + v.discard
    v.deck = [x for x in pool if x not in wanted]
    v.hand, v.discard = wanted, []
    return s


def test_the_boss_plays_the_scheme_that_lets_a_villain_defeat_a_champion() -> None:
    # Only red stands on the battlefield, next to a champion it defeats; Azure and Verdant
    # March would command Villains that are not there.
    s = boss_turn(["azure_march", "verdant_march", "war_drums"])
    villain(s, "red", 6, 2, strength=5, speed=3)
    arha = hero(s, 0, 5, 2, defense=4)
    legal = T.legal_actions(s)
    assert BossPlayer(pairs=False).act(s, BOSS, legal) == Action("scheme", scheme("war_drums"))
    planner = BossPlayer(pairs=True)
    # Every order with War Drums defeats Arha; the one that does it with its first Scheme
    # is preferred.
    assert planner.act(s, BOSS, legal) == Action("scheme", scheme("war_drums"))
    assert planner.last_outlook is not None and arha in planner.last_outlook.defeated


@pytest.mark.parametrize("name", ["greedy", "planner"])
def test_a_bot_boss_carries_out_its_turn_and_the_champion_falls(name: str) -> None:
    s = boss_turn(["azure_march", "verdant_march", "war_drums"])
    villain(s, "red", 6, 2, strength=5, speed=3)
    arha = hero(s, 0, 5, 2, defense=4)
    bot = make_bot(name, "tactics", 5)
    while s.current == BOSS and not s.over:
        legal = T.legal_actions(s)
        a = bot.choose(T.view(s, BOSS), legal)
        assert a in legal
        T.apply(s, a)
    assert s.units[arha].cell < 0


def test_a_commanded_villain_defeats_the_champion_it_can_rather_than_one_it_cannot() -> None:
    s = boss_turn(["crimson_march", "azure_march", "verdant_march"])
    red = villain(s, "red", 6, 2, strength=4, speed=3)
    tough = hero(s, 0, 5, 2, defense=9)
    weak = hero(s, 1, 8, 2, defense=3)
    c = choose(s, red)
    assert c.target == weak and c.target != tough
    assert c.steps(s.units[red].cell)[-1] == Action("done", -1, 0)


def test_a_commanded_villain_does_not_attack_into_a_strikeback_that_defeats_it() -> None:
    s = boss_turn(["crimson_march", "azure_march", "verdant_march"])
    red = villain(s, "red", 6, 2, strength=1, defense=2, speed=0)
    guard = hero(s, 0, 5, 2, defense=9, strength=5, keywords=frozenset({"strikeback"}))
    assert choose(s, red).target != guard


@pytest.mark.parametrize("boss", ["greedy", "planner"])
def test_whole_boss_games_are_legal_and_leave_the_games_rng_alone(boss: str) -> None:
    s = T.new_game({"players": 2, "mode": "boss"}, 11)
    bots = [make_bot("greedy", "tactics", 1), make_bot(boss, "tactics", 2)]
    steps = 0
    while not s.over:
        seat = s.to_move
        assert seat is not None
        legal = T.legal_actions(s)
        before = s.rng.state
        a = bots[seat].choose(T.view(s, seat), legal)
        assert s.rng.state == before and a in legal
        T.apply(s, a)
        steps += 1
        assert steps < 20_000
    out = T.outcome(s)
    assert out is not None


def test_the_boss_hint_names_a_legal_scheme_and_the_defeat_it_brings() -> None:
    s = boss_turn(["azure_march", "verdant_march", "war_drums"])
    villain(s, "red", 6, 2, strength=5, speed=3)
    arha = hero(s, 0, 5, 2, defense=4)
    legal = T.legal_actions(s)
    h = hint("tactics", T.view(s, BOSS), legal)
    assert h.action in legal and h.action.kind == "scheme"
    assert h.reason.startswith("Play the Scheme War Drums")
    assert f"defeat {unit_name(s, arha)}" in h.reason
    assert hint("tactics", T.view(s, BOSS), legal) == h  # the same position, the same hint


def test_the_boss_hint_for_a_command_says_whom_the_villain_defeats() -> None:
    s = boss_turn(["crimson_march", "azure_march", "verdant_march"])
    red = villain(s, "red", 8, 2, strength=5, speed=3)
    arha = hero(s, 0, 5, 2, defense=4)
    T.apply(s, Action("scheme", scheme("crimson_march")))
    assert s.cmd is not None and s.cmd.unit == red
    legal = T.legal_actions(s)
    h = hint("tactics", T.view(s, BOSS), legal)
    assert h.action in legal and h.action.kind == "move"
    assert f"defeat {unit_name(s, arha)} (5 >= 4)" in h.reason
    assert h.plan[:2] == (h.action, Action("attack", arha, 0))
