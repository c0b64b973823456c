"""Firepeak bots: legal over whole games, every decision answered sensibly, the game's RNG
untouched, greedy ahead of random, and hints that are the same for the same position."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "firepeak"))

from firepeak_helpers import put, rig, spell, table, uid  # noqa: E402

import core.firepeak as F  # noqa: E402
from ai.bots import RandomBot, make_bot  # noqa: E402
from ai.firepeak.greedy import FirepeakGreedyBot  # noqa: E402
from ai.firepeak.hints import spoken_to  # noqa: E402
from ai.firepeak.planner import FirepeakPlannerBot  # noqa: E402
from ai.hints import hint  # noqa: E402
from core.contract import Action  # noqa: E402
from core.firepeak import effects as fx  # noqa: E402
from core.firepeak.pattern import EMPTY  # noqa: E402
from core.firepeak.state import DUNGEON, GUARD, State  # noqa: E402
from core.firepeak.words import describe  # noqa: E402

SMART = ("greedy", "planner")


def play(s: State, names: list[str], seed: int, kinds: set[str] | None = None) -> None:
    bots = [make_bot(n, "firepeak", seed + i) for i, n in enumerate(names)]
    steps = 0
    while not s.over:
        seat = s.to_move
        assert seat is not None
        legal = F.legal_actions(s)
        before = s.rng.state
        action = bots[seat].choose(F.view(s, seat), legal)
        assert s.rng.state == before, "a bot moved the game's RNG"
        assert action in legal, (names[seat], action)
        if kinds is not None and s.pending is not None and names[seat] in SMART:
            kinds.add(s.pending.kind)
        F.apply(s, action)
        steps += 1
        assert steps < 20_000


def test_registry_dispatches_on_the_game() -> None:
    assert isinstance(make_bot("greedy", "firepeak", 1), FirepeakGreedyBot)
    assert isinstance(make_bot("planner", "firepeak", 1), FirepeakPlannerBot)
    assert isinstance(make_bot("random", "firepeak", 1), RandomBot)
    assert type(make_bot("greedy", "ascension", 1)).__module__ == "ai.ascension.greedy"
    assert type(make_bot("planner", "ascension", 1)).__module__ == "ai.ascension.planner"
    with pytest.raises(KeyError):
        make_bot("nobody", "firepeak")
    with pytest.raises(ValueError):
        FirepeakGreedyBot("ascension", 1)


@pytest.mark.parametrize(("players", "names", "variants"), [
    (2, ["greedy", "random"], {}),
    (3, ["random", "greedy", "greedy"], {"clan_powers": True}),
    (4, ["greedy", "random", "greedy", "random"], {"reshuffle_once": True}),
    (5, ["greedy"] * 5, {"clan_powers": True, "reshuffle_once": True}),
    (2, ["planner", "greedy"], {"clan_powers": True, "reshuffle_once": True}),
    (3, ["greedy", "planner", "random"], {}),
])
def test_full_games_are_legal(players: int, names: list[str], variants: dict[str, bool]
                              ) -> None:
    s = F.new_game({"players": players, "variants": variants}, 60 + players)
    kinds: set[str] = set()
    play(s, names, 11, kinds)
    assert F.outcome(s) is not None
    assert "place" in kinds and "discard_spell" in kinds


# --- every decision kind ------------------------------------------------------------------


def _cast(s: State, key: str, *components: str, seat: int = 0) -> None:
    """Give ``seat`` the spell and components and cast it, paying with those components."""
    sp = spell(s, key, seat)
    comps = [put(s, name, seat) for name in components]
    s.current = seat
    F.apply(s, Action("cast", sp))
    while s.pending is not None and s.pending.kind == "component":
        F.apply(s, Action("component", next(c for c in comps if c in s.pending.choices)))


def _discard_spell() -> State:
    return F.new_game({"players": 2}, 5)


def _place() -> State:
    s = table()
    troll = put(s, "Troll", 0, -2)
    F.apply(s, Action("recruit", -1))
    assert s.pending.source == troll
    return s


def _move_up() -> State:
    s = table()
    put(s, "Troll", 0, 0)
    put(s, "Goblin", 0, 6)  # both its Leader Positions (2, 3) are empty
    fx.run(s, [])
    return s


def _remove() -> State:
    s = table()
    put(s, "Orc", 0, 0)
    put(s, "Troll", 0, 2)  # Power 4 under Power 2: remove the Orc and the Troll moves up
    fx.run(s, [])
    return s


def _rescue_pick() -> State:
    s = table()
    put(s, "Ogre", 0, 0)
    put(s, "Goblin", 1)
    put(s, "Sun Phoenix", 1)
    rig(s, 6, 1)
    F.apply(s, Action("rescue", 0, 1))
    return s


def _rescue_one() -> State:
    """A won Rescue from a Dungeon of one: taking it or nothing."""
    s = table()
    put(s, "Ogre", 0, 0)
    put(s, "Goblin", 1)
    rig(s, 6, 1)
    F.apply(s, Action("rescue", 0, 1))
    return s


def _extra_spell() -> State:
    s = table(clan_powers=True)
    a, b = put(s, "Sunspear", 0), put(s, "Morning Lark", 0)
    F.apply(s, Action("research", min(a, b), max(a, b)))
    return s


def _component() -> State:
    s = table()
    put(s, "Ogre", 0, 0)
    put(s, "Goblin", 0)
    put(s, "Troll", 0)
    s.players[0].spellbook.append(spell(s, "giants_strength", 1))
    s.players[1].spellbook.pop()
    F.apply(s, Action("cast", s.players[0].spellbook[-1]))
    return s


def _aura() -> State:
    s = table()
    put(s, "Ogre", 0, 0)
    put(s, "Orc", 0, 2)
    _cast(s, "valor_aura", "Temple Guard")
    return s


def _enchant() -> State:
    s = table()
    put(s, "Orc", 0, 0)
    put(s, "Troll", 1, 0)
    put(s, "Ogre", 1, 2)
    _cast(s, "atrophy", "Temple Guard")
    return s


def _opponent() -> State:
    s = table(players=3)
    put(s, "Orc", 1, GUARD)
    put(s, "Troll", 2, GUARD)
    _cast(s, "unseat", "Goblin")
    return s


def _dungeon_pick() -> State:
    s = table()
    put(s, "Ogre", 1)
    put(s, "Sun Phoenix", 1)
    _cast(s, "scrying_pool", "Goblin")
    return s


def _salvage() -> State:
    s = table()
    put(s, "Troll", 0, DUNGEON + 1)
    _cast(s, "grave_call", "Pixie")
    return s


def _dispel() -> State:
    s = table()
    put(s, "Orc", 1, 0)
    put(s, "Ghoul", 1, 2)
    sp = spell(s, "giants_strength", 1)
    s.players[1].spellbook.remove(sp)
    s.ench[uid("Orc")] = (sp,)
    lore = spell(s, "circle_lore", 1)
    s.players[1].spellbook.remove(lore)
    s.players[1].circle = lore
    _cast(s, "unravel", "Goblin")
    return s


def _tremor() -> State:
    s = table()
    put(s, "Troll", 1, 0)
    put(s, "Orc", 1, 2)
    put(s, "Goblin", 1, 5)
    _cast(s, "tremor", "Ogre")
    return s


def _bind() -> State:
    s = table()
    put(s, "Troll", 1, 0)
    put(s, "Orc", 1, 2)
    put(s, "Goblin", 1, 5)
    _cast(s, "binding_hex", "Pixie", "Sproutling")
    return s


DECISIONS: dict[str, Callable[[], State]] = {
    "discard_spell": _discard_spell, "place": _place, "move_up": _move_up, "remove": _remove,
    "rescue_pick": _rescue_pick, "component": _component, "aura": _aura,
    "enchant": _enchant, "opponent": _opponent, "dungeon_pick": _dungeon_pick,
    "salvage": _salvage, "dispel": _dispel, "tremor": _tremor, "bind": _bind,
    "extra_spell": _extra_spell,
}


def test_every_decision_kind_is_covered() -> None:
    assert set(DECISIONS) == set(fx.DECISION_KINDS)


# What a sensible answer is, where there is one clear best (else: any legal answer).
EXPECT: dict[str, Callable[[State, Action], bool]] = {
    "place": lambda s, a: a.card in (0, 1),  # a Troll belongs in the pattern
    "remove": lambda s, a: a.card == 0,  # keep the Troll (Power 4), not the Orc
    "rescue_pick": lambda s, a: a.card == uid("Sun Phoenix"),
    "component": lambda s, a: a.card == uid("Goblin"),  # keep the Troll
    "aura": lambda s, a: a.card // 10 == 0 and a.card % 10 == 0,  # Valor over Ogre and Orc
    "enchant": lambda s, a: a.card // 10 == 1,  # Atrophy on the opponent
    "dungeon_pick": lambda s, a: a.card == uid("Sun Phoenix"),  # purge their best
    "salvage": lambda s, a: a.card == uid("Troll"),
    "dispel": lambda s, a: a.card == s.ench[uid("Orc")][0],  # the Orc then loses the Ghoul
    "bind": lambda s, a: a.card % 10 == 2,  # the Orc: the Goblin is lost with it
    "extra_spell": lambda s, a: a.card == fx.DRAW,  # a Spellbook has no limit
}


@pytest.mark.parametrize("kind", sorted(DECISIONS))
@pytest.mark.parametrize("name", SMART)
def test_each_decision_is_answered(kind: str, name: str) -> None:
    s = DECISIONS[kind]()
    assert s.pending is not None and s.pending.kind == kind, s.pending
    assert len(s.pending.choices) >= 2
    seat = s.to_move
    assert seat is not None
    legal = F.legal_actions(s)
    before = s.rng.state
    snap = F.snapshot(s)
    a = make_bot(name, "firepeak", 3).choose(F.view(s, seat), legal)
    assert s.rng.state == before and F.snapshot(s) == snap, "the bot changed the game"
    assert a in legal
    check = EXPECT.get(kind)
    assert check is None or check(s, a), (kind, name, a)
    F.apply(s, a)


@pytest.mark.parametrize("name", SMART)
def test_a_won_rescue_takes_the_creature_rather_than_nothing(name: str) -> None:
    s = _rescue_one()
    assert s.pending is not None and s.pending.choices == (uid("Goblin"), fx.NO_TAKE)
    a = make_bot(name, "firepeak", 3).choose(F.view(s, 0), F.legal_actions(s))
    assert a.card == uid("Goblin")


def test_hints_answer_the_optional_choices() -> None:
    for s, want in ((_rescue_one(), uid("Goblin")), (_extra_spell(), fx.DRAW)):
        legal = F.legal_actions(s)
        h = hint("firepeak", F.view(s, 0), legal)
        assert h.action.card == want and h.reason


def test_move_up_keeps_the_most() -> None:
    s = _move_up()
    a = make_bot("planner", "firepeak", 1).choose(F.view(s, 0), F.legal_actions(s))
    F.apply(s, a)
    assert s.pending is None and sum(u != EMPTY for u in s.players[0].pattern) == 2


# --- strength and hints --------------------------------------------------------------------


def test_greedy_beats_random() -> None:
    wins = 0
    for g in range(20):
        names = ["greedy", "random"] if g % 2 == 0 else ["random", "greedy"]
        s = F.new_game({"players": 2}, 500 + g)
        play(s, names, g)
        out = F.outcome(s)
        assert out is not None
        wins += out.winners == (names.index("greedy"),)
    assert wins >= 15, wins


def test_hints_are_deterministic_and_legal() -> None:
    s = F.new_game({"players": 3}, 9)
    bots = [make_bot("greedy", "firepeak", i) for i in range(3)]
    seen = 0
    step = 0
    while not s.over and seen < 10:
        seat = s.to_move
        assert seat is not None
        legal = F.legal_actions(s)
        if len(legal) > 1 and step % 5 == 0:
            first = hint("firepeak", F.view(s, seat), legal)
            again = hint("firepeak", F.view(s.copy(), seat), legal)
            assert first == again
            assert first.action in legal and first.plan[0] == first.action
            assert first.reason and "\n" not in first.reason
            # The reason opens with the action, said to the player ("under your Troll").
            assert first.reason.startswith(describe(spoken_to(F.view(s, seat)), first.action))
            seen += 1
        F.apply(s, bots[seat].choose(F.view(s, seat), legal))
        step += 1
    assert seen == 10
    with pytest.raises(ValueError):
        hint("firepeak", F.view(s, 0), [])


def test_selfplay_cli_plays_firepeak(capsys: pytest.CaptureFixture[str]) -> None:
    from ascend_cli import main

    assert main(["selfplay", "firepeak", "--bots", "greedy,random", "--games", "2",
                 "--players", "3"]) == 0
    assert "firepeak: 2 games, 3 players" in capsys.readouterr().out
