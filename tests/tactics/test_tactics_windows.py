"""Treasures may be played at any time: before any harm lands — damage from a card, the
Turret's shot, Tainted ground at the start of a turn, an outright defeat, a Construct
destroyed — the players of the units hurt get a Treasure window, as they do for an attack.
One rule case per source, then a property over random games."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tactics_helpers import (
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
    table,
    unit_of,
    with_stats,
)

import core.tactics as T
from core.contract import Action, Event
from core.rng import Rng
from core.tactics import combat
from core.tactics.board import TAINTED
from core.tactics.harm import pending_harm
from core.tactics.state import State
from core.tactics.words import question
from core.words import plain

CORRIDOR = "P1 .  .  .  .  .  P2"


def window_seat(s: State) -> int | None:
    """The seat a Treasure window asks now, or None when none is open."""
    return s.pending[-1].seat if s.pending and s.pending[-1].kind == "react" else None


def test_card_damage_waits_for_the_hurt_player_s_treasure() -> None:
    s = table()
    put(s, unit_of(s, "tyranyx"), cell(s, 1, 2))
    c1 = put(s, cultist(s, 1, 0), cell(s, 3, 2))  # Defense 1
    ward = hold(s, 1, "ward_charm")  # +2 Defense
    hold(s, 0, "might_draught")  # the dealer's own Treasure changes nothing: not asked
    stalker = give(s, 0, "dusk_stalker")  # 2 damage within 2
    act(s, "play", stalker)
    choose(s, c1)
    assert window_seat(s) == 1 and s.units[c1].damage == 0
    assert plain(question(s, s.pending[-1])) == (
        "Dusk Stalker: 2 damage to Cultist c5 is coming: play a Treasure or pass")
    act(s, "treasure", ward, c1)  # Defense 3
    assert s.pending == [] and s.units[c1].damage == 2 and s.units[c1].cell >= 0


def test_card_damage_lands_after_a_pass() -> None:
    s = table()
    put(s, unit_of(s, "tyranyx"), cell(s, 1, 2))
    c1 = put(s, cultist(s, 1, 0), cell(s, 3, 2))
    hold(s, 1, "ward_charm")
    act(s, "play", give(s, 0, "dusk_stalker"))
    choose(s, c1)
    decline(s)
    assert s.pending == [] and s.units[c1].cell == -1


def test_the_turret_s_shot_opens_the_window() -> None:
    s = table(CORRIDOR)
    s.turret = (2, 0)
    foe = put(s, unit_of(s, "arha_templar"), 3, 1)  # Defense 4 against the Turret's 3
    bulwark = hold(s, 1, "bulwark_charm")  # +3 Defense
    act(s, "play", give(s, 0, "salvagemaster_mila"))
    decline(s)  # the Turret stays
    choose(s, foe)
    assert window_seat(s) == 1
    assert "the Turret shoots Arha Templar for 3 damage" in plain(question(s, s.pending[-1]))
    decline(s)
    assert s.units[foe].damage == 3 and s.units[foe].cell == 3  # it survives anyway
    s2 = table(CORRIDOR)
    s2.turret = (2, 0)
    foe2 = put(s2, cultist(s2, 1, 0), 3)
    bulwark = hold(s2, 1, "bulwark_charm")
    act(s2, "play", give(s2, 0, "salvagemaster_mila"))
    decline(s2)
    choose(s2, foe2)
    act(s2, "treasure", bulwark, foe2)  # Defense 4 > 3
    assert s2.units[foe2].cell == 3 and s2.units[foe2].damage == 3


def test_an_outright_defeat_spares_a_unit_a_treasure_lifts_above_its_limit() -> None:
    s = table()
    put(s, unit_of(s, "tyranyx"), cell(s, 1, 2))
    foe = put(s, unit_of(s, "arha_templar"), cell(s, 3, 2), 1)  # Defense 4
    ward = hold(s, 1, "ward_charm")
    act(s, "play", give(s, 0, "abyssal_sovereign"))  # defeat Defense <= 5 within 3
    choose(s, foe)
    assert window_seat(s) == 1
    assert plain(question(s, s.pending[-1])).endswith(
        "Arha Templar is to be defeated (Defense 5 or less): play a Treasure or pass")
    events = act(s, "treasure", ward, foe)  # Defense 6
    assert s.units[foe].cell >= 0
    assert Event("spared", 1, foe, 5) in events


def test_an_outright_defeat_without_an_answer_defeats() -> None:
    s = table()
    put(s, unit_of(s, "tyranyx"), cell(s, 1, 2))
    foe = put(s, unit_of(s, "arha_templar"), cell(s, 3, 2), 1)
    hold(s, 1, "might_draught")  # no Defense in it
    act(s, "play", give(s, 0, "abyssal_sovereign"))
    choose(s, foe)
    assert window_seat(s) == 1
    decline(s)
    assert s.units[foe].cell == -1


def test_a_construct_s_destruction_waits_and_a_treasure_saves_its_champion() -> None:
    s = table()
    with_stats(s, "arha_templar", defense=4)
    arha = unit_of(s, "arha_templar")
    card = s.units[arha].card
    put(s, arha, cell(s, 2, 2), 1)
    aegis = give(s, 1, "aegis_of_dawn", "discard")  # +4 Defense: 8
    s.seats[1].discard.remove(aegis)
    s.gear[card] = (aegis,)
    s.units[arha].damage = 6  # it would fall to its printed 4 (FAQ 5)
    bulwark = hold(s, 1, "bulwark_charm")
    act(s, "play", give(s, 0, "whisper_of_ruin"))
    choose(s, aegis)
    assert window_seat(s) == 1 and s.gear[card] == (aegis,)
    assert "Aegis of Dawn on Arha Templar is to be destroyed" in plain(
        question(s, s.pending[-1]))
    act(s, "treasure", bulwark, arha)  # 4 + 3 = 7 > 6
    assert s.units[arha].cell >= 0 and aegis in s.seats[1].discard and card not in s.gear


def test_a_construct_s_destruction_without_an_answer_defeats_its_champion() -> None:
    s = table()
    with_stats(s, "arha_templar", defense=4)
    arha = unit_of(s, "arha_templar")
    card = s.units[arha].card
    put(s, arha, cell(s, 2, 2), 1)
    aegis = give(s, 1, "aegis_of_dawn", "discard")
    s.seats[1].discard.remove(aegis)
    s.gear[card] = (aegis,)
    s.units[arha].damage = 6
    hold(s, 1, "ward_charm")  # +2 is not enough: the bot's judgement passes too
    act(s, "play", give(s, 0, "whisper_of_ruin"))
    choose(s, aegis)
    decline(s)
    assert s.units[arha].cell == -1 and aegis in s.seats[1].discard


def test_tainted_ground_at_the_start_of_a_turn_waits_for_a_treasure() -> None:
    s = table(CORRIDOR)
    s.terrain[3] = TAINTED
    c5 = put(s, cultist(s, 1, 0), 3)  # seat 1 will start its turn on it
    ward = hold(s, 1, "ward_charm")
    bulwark = hold(s, 1, "bulwark_charm")
    act(s, "end")
    assert window_seat(s) == 1 and s.units[c5].damage == 0
    assert "The Tainted ground deals 5 damage to Cultist c5" in plain(
        question(s, s.pending[-1]))
    act(s, "treasure", ward, c5)
    assert window_seat(s) == 1  # it may answer again: 3 Defense is not enough
    act(s, "treasure", bulwark, c5)  # 6 Defense
    assert s.pending == [] and s.units[c5].cell == 3 and s.units[c5].damage == 5


def test_a_two_vs_two_partner_may_answer_harm_to_a_teammate() -> None:
    s = table(FOUR, players=4, mode="2v2")
    put(s, unit_of(s, "tyranyx"), cell(s, 2, 2))  # seat 0's
    mate = put(s, cultist(s, 3, 0), cell(s, 4, 2))  # seat 3's, seat 1's partner
    ward = hold(s, 1, "ward_charm")
    hold(s, 3, "might_draught")
    act(s, "play", give(s, 0, "dusk_stalker"))
    choose(s, mate)
    assert window_seat(s) == 3  # the owner first
    decline(s)
    assert window_seat(s) == 1
    act(s, "treasure", ward, mate)
    assert window_seat(s) == 3  # a Treasure played: the owner may answer again
    decline(s)
    assert window_seat(s) is None and s.units[mate].cell >= 0


def test_nobody_with_a_treasure_means_no_window() -> None:
    s = table()
    put(s, unit_of(s, "tyranyx"), cell(s, 1, 2))
    c1 = put(s, cultist(s, 1, 0), cell(s, 3, 2))
    hold(s, 0, "ward_charm")
    act(s, "play", give(s, 0, "dusk_stalker"))
    choose(s, c1)
    assert s.pending == [] and s.units[c1].cell == -1


def test_entering_tainted_ground_on_one_s_own_move_opens_no_window() -> None:
    s = table(CORRIDOR)
    s.terrain[2] = TAINTED
    ty = unit_of(s, "tyranyx")
    hold(s, 0, "ward_charm")
    command_at(s, ty, 1)
    act(s, "move", -1, 2)
    assert pending_kind(s) is None and s.units[ty].damage == 5


def test_a_window_refuses_other_actions_and_says_why() -> None:
    s = table()
    put(s, unit_of(s, "tyranyx"), cell(s, 1, 2))
    c1 = put(s, cultist(s, 1, 0), cell(s, 3, 2))
    hold(s, 1, "ward_charm")
    act(s, "play", give(s, 0, "dusk_stalker"))
    choose(s, c1)
    assert T.why_illegal(s, Action("end")) == (
        "a Treasure window is open: play a Treasure or pass (decline)")
    h = pending_harm(s.work, s.attack)
    assert h is not None and (h.what, h.targets, h.n) == ("damage", (c1,), 2)


def test_the_attack_window_says_who_attacks_whom_with_what() -> None:
    s = table()
    foe = put(s, cultist(s, 1, 0), cell(s, 2, 2))
    hold(s, 1, "ward_charm")
    command_at(s, unit_of(s, "tyranyx"), cell(s, 1, 2))
    act(s, "attack", foe)
    assert pending_harm(s.work, s.attack) is None
    assert plain(question(s, s.pending[-1])) == (
        "Tyranyx (Player 1) attacks Cultist c5 (Player 2) with 7 Strength: "
        "play a Treasure or pass")
    decline(s)
    assert s.units[foe].cell == -1


# --- the property ----------------------------------------------------------------------------

HARM_EVENTS = ("damage", "strikeback", "defeated")
# A field of mild poison: units live to start turns on it (Ashen Ford's kills most).
POISON = """
P1 .  X  .  X  .  P2
  .  X  .  S  X  .  .
.  .  .  X  .  X  .
"""
SETUPS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 2, "scenario": "ashen_ford"},
    {"players": 4, "mode": "2v2"},
    {"players": 3, "mode": "brawl"},
    {"players": 2, "scenario": "poison"},
]


def _game(setup: dict[str, Any], seed: int) -> State:
    if setup.get("scenario") == "poison":
        return table(POISON, seed=seed, in_order=False, rules={"tainted_damage": 2},
                     turn_limit=24)
    return T.new_game({**setup, "turn_limit": 24}, seed)


def _could_answer(s: State, u: int) -> bool:
    """Whether a player who may help unit ``u`` holds a Treasure it could play on it."""
    owner = s.units[u].seat
    return any(s.seats[x].treasures and u in combat.treasure_targets(s, x)
               for x in combat.team(s, owner))


HARMFUL = ("dusk_stalker", "ender_of_echoes", "whisper_of_ruin", "abyssal_sovereign",
           "salvagemaster_mila")


def _rich(s: State, rng: Rng) -> None:
    """Deal Treasures and harmful cards more often than random play finds them, so that
    harm and windows happen in every game (each move keeps every card in one place)."""
    if s.bag and rng.below(5) == 0:
        s.seats[rng.below(s.n)].treasures.append(s.bag.pop())
    if s.phase == "play" and not s.pending and s.cmd is None and rng.below(3) == 0:
        s.seats[s.current].power += 2  # more units on the field, more to hurt
        card = HARMFUL[rng.below(len(HARMFUL))]
        free = [u for u in s.center_deck if s.cards[u].id == card]
        if free:
            s.center_deck.remove(free[0])
            s.seats[s.current].hand.append(free[0])
        if s.turret[0] < 0:
            s.turret = (s.map.shrines[0], s.current)
        champs = [u for u in s.occupant if u >= 0 and s.units[u].card >= 0]
        gear = [u for u in s.center_deck if s.cards[u].kind == "construct"]
        if champs and gear:  # something for Whisper of Ruin to destroy
            champ = s.units[champs[rng.below(len(champs))]].card
            s.center_deck.remove(gear[0])
            s.gear[champ] = (*s.gear.get(champ, ()), gear[0])


def _pick(s: State, rng: Rng) -> Action:
    """A random legal action, leaning away from ending the turn (so units fight)."""
    legal = T.legal_actions(s)
    poison = [a for a in legal if a.kind == "move" and s.terrain[a.option] == TAINTED]
    if poison and rng.below(2):
        return rng.choice(poison)  # to start a turn there
    busy = [a for a in legal if a.kind not in ("end", "switch", "done", "decline")]
    if busy and rng.below(8):
        return rng.choice(busy)
    return rng.choice(legal)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), setup=st.sampled_from(SETUPS))
def test_no_harm_lands_on_a_unit_whose_players_were_not_offered_a_window(
        seed: int, setup: dict[str, Any]) -> None:
    s = _game(setup, seed)
    rng = Rng.stream(seed, "test")
    asked: set[int] = set()  # seats asked in the window open now
    while not s.over:
        _rich(s, rng)
        before = s.copy()
        was_window = s.attack is not None
        if s.pending and s.pending[-1].kind == "react":
            asked.add(s.pending[-1].seat)
        a = _pick(s, rng)
        mover = s.cmd.unit if s.cmd is not None and a.kind in ("move", "choose") else -1
        events = T.apply(s, a)
        for e in events:
            if e.kind not in HARM_EVENTS or e.card == mover:
                continue
            u = e.card
            if was_window and s.attack is None:
                # The window closed and its harm landed: the unit's players were asked,
                # unless none of them could have played a Treasure on it.
                helpers = set(combat.team(before, before.units[u].seat))
                assert helpers & asked or not _could_answer(before, u), (a, e)
            else:
                # Harm declared and landed in one step: nobody could have answered it.
                assert not _could_answer(before, u), (a, e)
        if s.attack is None:
            asked = set()
    assert s.over


def test_the_property_s_games_meet_harm_and_its_windows() -> None:
    # The property above would hold vacuously if its games never dealt harm to a player who
    # could answer: these seeds show they do, through every kind of window.
    windows: set[str] = set()
    harmed = 0
    for seed in range(60):
        s = _game(SETUPS[seed % len(SETUPS)], seed)
        rng = Rng.stream(seed, "test")
        while not s.over:
            _rich(s, rng)
            harmed += sum(e.kind in HARM_EVENTS for e in T.apply(s, _pick(s, rng)))
            h = pending_harm(s.work, s.attack)
            if h is not None:
                windows.add(h.what)
        if windows >= {"damage", "turret", "defeat", "destroy", "tainted"}:
            break
    assert harmed > 300 and windows == {"damage", "turret", "defeat", "destroy", "tainted"}


@pytest.mark.parametrize("seed", [3, 14])
def test_bots_answer_windows_before_harm(seed: int) -> None:
    # The shared judgement plays a Defense Treasure that saves a unit from card damage.
    from ai.tactics.decisions import answer

    s = table()
    put(s, unit_of(s, "tyranyx"), cell(s, 1, 2))
    c1 = put(s, cultist(s, 1, 0), cell(s, 3, 2))
    ward = hold(s, 1, "ward_charm")
    hold(s, 1, "might_draught")
    act(s, "play", give(s, 0, "dusk_stalker"))
    choose(s, c1)
    a = answer(s, 1, T.legal_actions(s), Rng.stream(seed, "bot"))
    assert a == Action("treasure", ward, c1)
    act(s, *a)
    assert s.units[c1].cell >= 0
