"""Ascension Tactics bots: whole games legal in every mode with the game's RNG untouched,
every decision kind answered, the command model against brute force, deterministic hints,
greedy ahead of random and the planner ahead of greedy (fixed seeds)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tactics"))

from tactics_helpers import (  # noqa: E402
    FOUR,
    act,
    cell,
    choose,
    command_at,
    cultist,
    decline,
    give,
    hold,
    pending_kind,
    put,
    set_row,
    table,
    unit_of,
    with_stats,
)
from villain_helpers import cleared, command, hero, op, run_ops, villain  # noqa: E402

import core.tactics as T  # noqa: E402
from ai.bots import RandomBot, make_bot  # noqa: E402
from ai.hints import hint  # noqa: E402
from ai.tactics.command_framing import build_problem  # noqa: E402
from ai.tactics.command_judge import brute_force, evaluate  # noqa: E402
from ai.tactics.command_model import solve  # noqa: E402
from ai.tactics.command_problem import (  # noqa: E402
    ATTACK_COST,
    Atk,
    Buy,
    CommandProblem,
    Foe,
    Mover,
    Opt,
    ShrineSpec,
)
from ai.tactics.greedy import TacticsGreedyBot  # noqa: E402
from ai.tactics.planner import TacticsPlannerBot  # noqa: E402
from core.contract import Action  # noqa: E402
from core.rng import Rng  # noqa: E402
from core.tactics import combat, routes  # noqa: E402
from core.tactics.audit import problems  # noqa: E402
from core.tactics.board import BEACON, TAINTED  # noqa: E402
from core.tactics.state import State  # noqa: E402

SMART = ("greedy", "planner")


def play(s: State, names: list[str], seed: int, kinds: set[str] | None = None
         ) -> list[Action]:
    """Play ``s`` to its end with the named bots; every action legal, the game's RNG never
    moved by a bot's choice. Returns the actions taken."""
    bots = [make_bot(n, "tactics", seed + i) for i, n in enumerate(names)]
    actions: list[Action] = []
    while not s.over:
        seat = s.to_move
        assert seat is not None
        legal = T.legal_actions(s)
        before = s.rng.state
        action = bots[seat].choose(T.view(s, seat), legal)
        assert s.rng.state == before, "a bot moved the game's RNG"
        assert action in legal, (names[seat], action)
        if kinds is not None and s.pending and names[seat] in SMART:
            kinds.add(s.pending[-1].kind)
        T.apply(s, action)
        actions.append(action)
        assert len(actions) < 20_000
    assert problems(s) == []
    return actions


def test_registry_gives_the_tactics_bots() -> None:
    assert isinstance(make_bot("greedy", "tactics", 1), TacticsGreedyBot)
    assert isinstance(make_bot("planner", "tactics", 1), TacticsPlannerBot)
    assert isinstance(make_bot("random", "tactics", 1), RandomBot)
    with pytest.raises(ValueError):
        TacticsGreedyBot("ascension", 1)
    with pytest.raises(ValueError):
        TacticsPlannerBot("firepeak", 1)


@pytest.mark.parametrize(("options", "names"), [
    ({"players": 2}, ["planner", "greedy"]),
    ({"players": 2, "draft": True, "scenario": "ashen_ford"}, ["greedy", "planner"]),
    ({"players": 4, "mode": "2v2", "draft": True}, ["planner", "greedy", "random", "planner"]),
    ({"players": 3, "mode": "brawl"}, ["greedy", "planner", "random"]),
    ({"players": 4, "mode": "brawl", "draft": True}, ["planner", "greedy", "planner", "greedy"]),
])
def test_whole_games_are_legal_and_replay_without_the_bots(options: dict[str, object],
                                                           names: list[str]) -> None:
    seed = 40 + len(names)
    s = T.new_game(dict(options), seed)
    kinds: set[str] = set()
    actions = play(s, names, 7, kinds)
    assert T.outcome(s) is not None
    assert "react" in kinds or "draft" in kinds
    # The same actions without any bot give the same game: bots drew nothing from it.
    r = T.new_game(dict(options), seed)
    for a in actions:
        T.apply(r, a)
    assert T.checksum(r) == T.checksum(s)


def test_a_two_vs_two_captain_hands_the_turn_to_a_partner_who_then_plays() -> None:
    s = T.new_game({"players": 4, "mode": "2v2"}, 3)
    bots = [make_bot("greedy", "tactics", i) for i in range(4)]
    played: set[int] = set()
    while s.turn_no < 6:
        seat = s.to_move
        assert seat is not None
        a = bots[seat].choose(T.view(s, seat), T.legal_actions(s))
        if a.kind in ("play", "command") and not s.pending:
            played.add(seat)
        T.apply(s, a)
    assert played == {0, 1, 2, 3}


# --- every decision kind ---------------------------------------------------------------------

def _hand_only(s: State, seat: int, card_id: str) -> int:
    """Put ``card_id`` in an otherwise empty hand of ``seat``."""
    p = s.seats[seat]
    p.deck[:0] = p.hand
    p.hand.clear()
    return give(s, seat, card_id)


def _play(s: State, card_id: str) -> State:
    act(s, "play", _hand_only(s, 0, card_id))
    return s


def _draft() -> State:
    return T.new_game({"players": 2, "draft": True}, 1)


def _assign() -> State:
    s = T.new_game({"players": 4, "mode": "2v2", "draft": True}, 2)
    while pending_kind(s) == "draft":
        choose(s, s.pending[-1].choices[0])
    return s


def _mode() -> State:
    return _play(table(), "veil_walker")


def _banish() -> State:
    s = table()
    p = s.seats[0]
    p.discard += [p.deck.pop(), p.deck.pop()]  # something to banish
    return _play(s, "hollow_acolyte")


def _buff() -> State:
    return _play(table(), "seedwarden")


def _damage() -> State:
    s = table()
    put(s, unit_of(s, "tyranyx"), cell(s, 2, 2), 0)
    put(s, cultist(s, 1), cell(s, 4, 2))
    put(s, unit_of(s, "arha_templar"), cell(s, 3, 1), 1)
    return _play(s, "dusk_stalker")


def _defeat() -> State:
    s = table()
    put(s, unit_of(s, "tyranyx"), cell(s, 2, 2), 0)
    put(s, cultist(s, 1), cell(s, 4, 2))
    return _play(s, "ender_of_echoes")


def _free_command() -> State:
    return _play(table(), "night_raider")


def _ready() -> State:
    s = table()
    combat.exhaust_card(s, unit_of(s, "tyranyx"))
    return _play(s, "temple_healer")


def _acquire_free() -> State:
    s = table()
    set_row(s, ["temple_scribe", "wolf_caller"])
    return _play(s, "wildheart_shaman")


def _copy_center() -> State:
    s = table()
    set_row(s, ["wolf_caller", "temple_scribe"])
    return _play(s, "isla_the_serene")


def _place_token() -> State:
    s = table()
    kiri = set_row(s, ["kiri_meadow_witch"])[0]
    s.seats[0].runes = 3
    act(s, "acquire", kiri)
    return s


def _move_token() -> State:
    s = _place_token()
    choose(s, s.pending[-1].choices[0])
    kiri = next(u for u in s.seats[0].discard if s.cards[u].id == "kiri_meadow_witch")
    s.seats[0].discard.remove(kiri)
    p = s.seats[0]
    p.deck[:0] = p.hand
    p.hand = [kiri]
    act(s, "play", kiri)
    return s


def _turret_attack() -> State:
    s = table()
    s.turret = (cell(s, 3, 1), 0)
    put(s, cultist(s, 1), cell(s, 4, 1))
    _play(s, "salvagemaster_mila")
    assert pending_kind(s) == "move_token"
    decline(s)
    return s


def _forest_under() -> State:
    s = table()
    put(s, unit_of(s, "arha_templar"), cell(s, 4, 1), 1)
    return _play(s, "thicket_shaper")


def _move_portal() -> State:
    s = table()
    kor = unit_of(s, "kor_the_ferromancer")
    foe = put(s, cultist(s, 1), cell(s, 2, 1))
    command_at(s, kor, cell(s, 2, 2))
    act(s, "attack", foe)
    while pending_kind(s) == "react":
        decline(s)
    return s


def _portal_to() -> State:
    s = _move_portal()
    choose(s, s.pending[-1].choices[0])
    return s


def _destroy_construct() -> State:
    s = table()
    arha = unit_of(s, "arha_templar")
    put(s, arha, cell(s, 4, 2), 1)
    aegis = give(s, 1, "aegis_of_dawn", "discard")
    s.seats[1].discard.remove(aegis)
    s.gear[s.units[arha].card] = (aegis,)
    return _play(s, "whisper_of_ruin")


def _order() -> State:
    s = table()
    ty = unit_of(s, "tyranyx")
    scanner = give(s, 0, "bounty_scanner", "discard")
    s.seats[0].discard.remove(scanner)
    s.gear[s.units[ty].card] = (scanner,)
    foe = put(s, cultist(s, 1), cell(s, 2, 2))
    command_at(s, ty, cell(s, 1, 2))
    act(s, "attack", foe)
    while pending_kind(s) == "react":
        decline(s)
    return s


def _equip() -> State:
    return _play(table(), "nightsteel_blade")


def _react() -> State:
    s = table()
    with_stats(s, "arha_templar", defense=4)
    with_stats(s, "tyranyx", strength=7)
    arha = put(s, unit_of(s, "arha_templar"), cell(s, 2, 1), 1)
    hold(s, 1, "ward_charm")
    ty = unit_of(s, "tyranyx")
    command_at(s, ty, cell(s, 2, 2))
    act(s, "attack", arha)
    return s


def _route() -> State:
    # A Beacon on one of two equally short ways: which way goes is the mover's choice.
    s = table(rules={"beacon_honor": 1})
    s.terrain[cell(s, 2, 1)] = BEACON
    command_at(s, unit_of(s, "tyranyx"), cell(s, 1, 2))
    act(s, "move", -1, cell(s, 3, 1))
    return s


def _portal() -> State:
    return T.new_game({"players": 2, "mode": "coop"}, 1)


def _villain_plan() -> State:
    s = cleared(ties="ask")
    villain(s, "red", 6, 2, strength=5, speed=3)
    hero(s, 0, 5, 2, defense=4)
    hero(s, 1, 7, 3, defense=4)
    run_ops(s, [command("red")])
    return s


def _villain_target() -> State:
    s = cleared(ties="ask")
    villain(s, "red", 6, 2)
    hero(s, 0, 4, 2)
    hero(s, 1, 8, 2)
    run_ops(s, [op("damage", 2, target="nearest:red")])
    return s


def _villain_cell() -> State:
    s = cleared(ties="ask")
    hero(s, 0, 4, 1)  # on the red token: the Cultist goes next to it
    run_ops(s, [op("cultist", objectives=["red"])])
    return s


def _villain_card() -> State:
    s = cleared(ties="ask")
    villain(s, "red", 6, 2)
    costs: dict[int, list[str]] = {}
    for c in s.center_deck:
        if s.cards[c].kind == "construct":
            costs.setdefault(s.cards[c].cost, []).append(s.cards[c].id)
    pair = next(ids for _, ids in sorted(costs.items(), reverse=True) if len(set(ids)) > 1)
    set_row(s, sorted(set(pair))[:2])
    run_ops(s, [op("acquire", objectives=["red"])])
    return s


DECISIONS: dict[str, Callable[[], State]] = {
    "draft": _draft, "assign": _assign, "mode": _mode, "banish": _banish, "buff": _buff,
    "damage": _damage, "defeat": _defeat, "free_command": _free_command, "ready": _ready,
    "acquire_free": _acquire_free, "copy_center": _copy_center, "place_token": _place_token,
    "move_token": _move_token, "turret_attack": _turret_attack, "forest_under": _forest_under,
    "move_portal": _move_portal, "portal_to": _portal_to,
    "destroy_construct": _destroy_construct, "order": _order, "equip": _equip,
    "react": _react, "route": _route, "portal": _portal, "villain_plan": _villain_plan,
    "villain_target": _villain_target, "villain_cell": _villain_cell,
    "villain_card": _villain_card,
}


def test_every_decision_kind_of_the_engine_is_covered() -> None:
    from core.tactics.effects import DECISION_VALUES

    assert set(DECISIONS) == set(DECISION_VALUES)


@pytest.mark.parametrize("kind", sorted(DECISIONS))
@pytest.mark.parametrize("name", SMART)
def test_bots_answer_every_decision_kind(kind: str, name: str) -> None:
    s = DECISIONS[kind]()
    assert pending_kind(s) == kind
    seat = s.pending[-1].seat
    bot = make_bot(name, "tactics", 5)
    legal = T.legal_actions(s)
    a = bot.choose(T.view(s, seat), legal)
    assert a in legal
    T.apply(s, a)
    # Whatever the answer started (a free command, a second choice), the bots finish it.
    steps = 0
    while (s.pending or s.cmd is not None) and steps < 60:
        seat = s.to_move
        assert seat is not None
        legal = T.legal_actions(s)
        a = bot.choose(T.view(s, seat), legal)
        assert a in legal
        T.apply(s, a)
        steps += 1
    assert problems(s) == []


def test_decision_answers_are_sensible() -> None:
    s = _damage()  # 2 damage: the Cultist falls, Arha would not
    bot = make_bot("greedy", "tactics", 1)
    a = bot.choose(T.view(s, 0), T.legal_actions(s))
    assert a == Action("choose", cultist(s, 1), 0)
    s = _react()  # Ward Charm (+2 Defense) saves Arha (Defense 4) from Tyranyx (Strength 7)?
    a = make_bot("planner", "tactics", 1).choose(T.view(s, 1), T.legal_actions(s))
    assert a == Action("decline", -1, 0)  # 7 >= 6: no, so the Treasure is kept
    s = table()
    with_stats(s, "arha_templar", defense=4)
    with_stats(s, "psyche_askara", strength=2)
    arha = put(s, unit_of(s, "arha_templar"), cell(s, 2, 1), 1)
    ward = hold(s, 1, "ward_charm")
    command_at(s, unit_of(s, "psyche_askara"), cell(s, 2, 2))
    s.units[unit_of(s, "psyche_askara")].b_str = 2  # Strength 4 against Defense 4
    act(s, "attack", arha)
    a = make_bot("planner", "tactics", 1).choose(T.view(s, 1), T.legal_actions(s))
    assert a == Action("treasure", ward, arha)  # 4 < 4 + 2: the charm saves Arha
    s = _route()  # the way by the Beacon takes it
    for name in SMART:
        a = make_bot(name, "tactics", 1).choose(T.view(s, 0), T.legal_actions(s))
        listed = routes.asked(s, s.pending[-1])
        assert listed[a.card].beacons == 1
    # A Cultist (Defense 1) takes the Beacon only by walking into its fall: it goes round.
    s = table(rules={"tainted_damage": 3, "beacon_honor": 1})
    s.terrain[cell(s, 2, 1)] = BEACON
    s.terrain[cell(s, 1, 1)] = TAINTED
    put(s, cultist(s, 1), cell(s, 2, 2))  # an enemy in the way
    put(s, cultist(s, 0), cell(s, 3, 2))
    command_at(s, cultist(s, 0), None)
    act(s, "move", -1, cell(s, 1, 2))
    listed = routes.asked(s, s.pending[-1])
    assert any(r.falls for r in listed) and not all(r.falls for r in listed)
    for name in SMART:
        a = make_bot(name, "tactics", 1).choose(T.view(s, 0), T.legal_actions(s))
        assert not listed[a.card].falls


# --- the command model -----------------------------------------------------------------------

def _random_problem(rng: Rng) -> CommandProblem:
    """A tiny random command problem: two movers over a few cells, up to three foes."""
    cells = list(range(8))
    nf = 1 + rng.below(3)
    foes = tuple(Foe(100 + f, 4 + f, 1 + rng.below(2), 1 + rng.below(5),
                     50 + 50 * rng.below(4)) for f in range(nf))

    def atks() -> tuple[Atk, ...]:
        out = []
        for f in range(nf):
            if rng.below(2):
                out.append(Atk((f,), 1 + rng.below(4), rng.below(3) * rng.below(3)))
        return tuple(out)

    movers = []
    for i in range(2):
        start = i if rng.below(4) else -1
        entry = -1 if start >= 0 else 7
        opts = []
        for d in sorted({rng.choice(cells[:4]), rng.choice(cells[:4]),
                         start if start >= 0 else 7}):
            rf = tuple(sorted({rng.below(nf)})) if rng.below(3) == 0 else ()
            opts.append(Opt(entry, d, rng.below(60), 40 if rf else 0, rf, atks(),
                            bool(rng.below(2))))
        movers.append(Mover(i, i + 10, 1 + rng.below(3), start, 1 + rng.below(4),
                            80, 1 + rng.below(2), ((entry, atks()),), tuple(opts),
                            rng.below(30) if start >= 0 else 0, 0, (), True))
    shrine = ShrineSpec(0, (0, 1, 4, 5), 2, 200, 100, rng.below(2), 80, 0)
    buys = (Buy(900, 2, 60),) if rng.below(2) else ()
    return CommandProblem(2 + rng.below(4), tuple(movers), foes, (shrine,), buys, 20, 22,
                          5000, 5)


def test_command_model_matches_brute_force_on_tiny_random_problems() -> None:
    rng = Rng.stream(11, "test:tactics-model")
    for _ in range(25):
        p = _random_problem(rng)
        plan = solve(p)
        assert evaluate(p, plan.choice, plan.early, plan.late, plan.buys) == plan.value
        assert plan.value == brute_force(p)


def test_command_model_adds_attacks_up_and_pays_strikeback() -> None:
    foe = Foe(50, 3, 1, 5, 300)  # needs 5 damage
    stab = Opt(-1, 2, 0, 0, (), (Atk((0,), 3, 0),))
    a = Mover(1, 1, 1, 1, 4, 100, 1, ((-1, ()),), (stab,))
    b = Mover(2, 2, 1, 6, 2, 100, 1, ((-1, ()),),
              (Opt(-1, 4, 0, 0, (), (Atk((0,), 2, 2),)),))
    p = CommandProblem(2, (a, b), (foe,), ())
    plan = solve(p)
    assert plan.kills == (0,) and plan.choice == (0, 0)  # 3 + 2 >= 5 together
    assert plan.value == 300 - 100 - 2 * ATTACK_COST - 10  # b falls to Strikeback (2 >= 2)
    assert plan.value == brute_force(p)
    assert solve(CommandProblem(1, (a, b), (foe,), ())).kills == ()  # Power for one


def test_command_model_on_a_real_tiny_position_matches_brute_force() -> None:
    s = table()
    p = s.seats[0]
    p.deck[:0] = p.hand
    p.hand.clear()
    s.row = [u if s.cards[u].kind != "monster" else -1 for u in s.row]
    put(s, unit_of(s, "tyranyx"), cell(s, 2, 1), 0)
    put(s, cultist(s, 0), cell(s, 2, 3))
    put(s, unit_of(s, "arha_templar"), cell(s, 4, 2), 1)
    put(s, cultist(s, 1), cell(s, 3, 3))
    for card in list(s.seats[0].roster):  # only the two units on the field may act
        if s.card_units[card][0] != unit_of(s, "tyranyx"):
            combat.exhaust_card(s, s.card_units[card][0])
    for u in s.cultists[0][1:]:
        s.units[u].exhausted = True  # (never deployed: keeps the reserve out of the model)
    p.power = 7
    prob, pieces, _ = build_problem(s, 0, keep=1)
    prob = CommandProblem(prob.power, tuple(m for m in prob.movers if m.start >= 0),
                          prob.foes, prob.shrines, (), prob.honor, prob.victory, prob.win,
                          prob.power_cost)
    assert len(prob.movers) == 2 and len(prob.foes) == 2
    plan = solve(prob)
    assert plan.value == brute_force(prob)
    assert plan.kills  # Tyranyx (7) defeats someone next to it


def _brawl_strike(honor: list[int]) -> int:
    """In a three-player brawl, Tyranyx stands (and, at Speed 0, stays) beside one Cultist of
    each rival; with 1 Power, enough for its command only, whose Cultist does it attack?"""
    s = table(FOUR, players=3, mode="brawl")
    s.honor = honor
    with_stats(s, "tyranyx", speed=0, command=1)
    p = s.seats[0]
    p.deck[:0] = p.hand
    p.hand.clear()
    s.row = [u if s.cards[u].kind != "monster" else -1 for u in s.row]
    ty = unit_of(s, "tyranyx")
    put(s, ty, cell(s, 1, 0), 0)
    foes = {1: put(s, cultist(s, 1), cell(s, 2, 0)), 2: put(s, cultist(s, 2), cell(s, 1, 1))}
    for card in s.seats[0].roster:
        if s.card_units[card][0] != ty:
            combat.exhaust_card(s, s.card_units[card][0])
    p.power = 1
    bot = TacticsPlannerBot(seed=3)
    for _ in range(10):
        a = bot.choose(T.view(s, 0), T.legal_actions(s))
        if a.kind == "attack":
            return next(side for side, u in foes.items() if u == a.card)
        T.apply(s, a)
    raise AssertionError("the planner made no attack")


def test_in_a_brawl_the_planner_strikes_the_leader() -> None:
    # Everything else equal, the rival ahead on Honor is the one to hold back.
    assert _brawl_strike([0, 12, 2]) == 1
    assert _brawl_strike([0, 2, 12]) == 2


def test_foe_weight_follows_the_lead_only_with_more_than_two_sides() -> None:
    from ai.tactics.worth import foe_weight

    duel = table()
    duel.honor = [0, 20]
    assert foe_weight(duel, 1) == 1.0
    s = table(FOUR, players=3, mode="brawl")
    s.honor = [6, 6, 6]
    assert foe_weight(s, 1) == foe_weight(s, 2) == 1.0
    s.honor = [4, 14, 0]
    assert foe_weight(s, 1) > 1.0 > foe_weight(s, 2)


# --- hints -----------------------------------------------------------------------------------

def test_hints_are_deterministic_legal_and_one_line() -> None:
    s = T.new_game({"players": 2, "draft": True}, 5)
    bots = [make_bot("greedy", "tactics", i) for i in range(2)]
    seen = 0
    prev = None
    while not s.over and s.turn_no < 6:
        seat = s.to_move
        assert seat is not None
        legal = T.legal_actions(s)
        view = T.view(s, seat)
        if len(legal) > 1 and s.steps % 3 == 0:
            h = hint("tactics", view, legal)
            if prev is not None:
                hint("tactics", *prev)  # another position in between changes nothing
            again = hint("tactics", view, legal)
            assert h == again and h.action in legal and h.plan[0] == h.action
            assert h.reason and "\n" not in h.reason
            prev = (view, legal)
            seen += 1
        T.apply(s, bots[seat].choose(view, legal))
    assert seen >= 10


def test_a_command_hint_names_the_defeat_with_its_numbers() -> None:
    s = table()
    with_stats(s, "arha_templar", defense=4)
    with_stats(s, "tyranyx", strength=7)
    p = s.seats[0]
    p.deck[:0] = p.hand
    p.hand.clear()
    put(s, unit_of(s, "tyranyx"), cell(s, 2, 2), 0)
    put(s, unit_of(s, "arha_templar"), cell(s, 3, 1), 1)
    p.power = 5
    legal = T.legal_actions(s)
    h = hint("tactics", T.view(s, 0), legal)
    # Tyranyx alone (7 >= 4), or cheaper units together (2 + 2 >= 4): either way the numbers.
    assert h.action.kind == "command" and h.reason.startswith("Command ")
    assert "defeat Arha Templar" in h.reason and ">= 4)" in h.reason


def test_hints_name_the_route_when_it_matters() -> None:
    from ai.tactics.hints import route_words

    s = _route()  # the route choice itself: the bots' way, said as the choice says it
    h = hint("tactics", T.view(s, 0), T.legal_actions(s))
    assert h.reason == ("Go by the Beacon at (2,1) (taken): the way that takes most without "
                        "walking into harm")
    s = table(rules={"beacon_honor": 1})  # a move whose ways differ names its way
    s.terrain[cell(s, 2, 1)] = BEACON
    command_at(s, unit_of(s, "tyranyx"), cell(s, 1, 2))
    view = T.view(s, 0)
    assert route_words(view, Action("move", -1, cell(s, 3, 1))) == (
        "by the Beacon at (2,1) (taken)")
    assert route_words(view, Action("move", -1, cell(s, 0, 2))) == ""  # one way only


# --- strength --------------------------------------------------------------------------------

def _match(a: str, b: str, options: dict[str, object], seeds: range) -> float:
    """``a``'s wins (a tie counts as a share) over paired games, seats swapped per seed."""
    total = 0.0
    for seed in seeds:
        for names in ([a, b], [b, a]):
            s = T.new_game(dict(options), seed)
            play(s, names, seed)
            winners = [names[x] for x in range(2) if s.side_of[x] in s.winners]
            total += winners.count(a) / len(winners)
    return total


def test_greedy_beats_random() -> None:
    assert _match("greedy", "random", {"players": 2}, range(1, 4)) == 6


def test_planner_beats_greedy() -> None:
    # 12 of these 16 games today; 11 still leaves the planner well ahead.
    assert _match("planner", "greedy", {"players": 2, "draft": True}, range(1, 9)) >= 11
