"""Combat: range and line of sight, damage, Area and Double attacks, Strikeback, Slay and
defeat."""

from __future__ import annotations

import pytest
from tactics_helpers import (
    CORRIDOR,
    act,
    attack,
    cell,
    command_at,
    cultist,
    give,
    put,
    table,
    targets,
    unit_of,
    with_stats,
)

import core.tactics as T
from core.contract import Action, IllegalAction
from core.tactics import combat
from core.tactics.board import FOREST
from core.tactics.cards import Op


def test_ranged_line_of_sight_forests_and_enemies_block_allies_do_not() -> None:
    s = table(CORRIDOR)
    ic = unit_of(s, "icarus_steelfoot")
    foe = put(s, unit_of(s, "arha_templar"), 4, 1)
    command_at(s, ic, 1)
    assert targets(s) == {foe}  # three hexes away, in sight
    s.terrain[2] = FOREST
    assert targets(s) == set()
    s.terrain[2] = "plain"
    put(s, unit_of(s, "tyranyx"), 3)  # an ally in between
    assert targets(s) == {foe}
    s2 = table(CORRIDOR)
    foe2 = put(s2, unit_of(s2, "arha_templar"), 4, 1)
    near = put(s2, unit_of(s2, "water_djinn"), 3, 1)
    command_at(s2, unit_of(s2, "icarus_steelfoot"), 1)
    assert targets(s2) == {near} and foe2 not in targets(s2)


def test_without_ranged_only_adjacent_enemies_can_be_attacked() -> None:
    s = table(CORRIDOR)
    put(s, unit_of(s, "arha_templar"), 3, 1)
    command_at(s, unit_of(s, "tyranyx"), 1)
    assert targets(s) == set()
    act(s, "move", -1, 2)
    assert targets(s) == {unit_of(s, "arha_templar")}


def test_damage_accumulates_over_the_turn_and_heals_at_its_end() -> None:
    s = table()
    with_stats(s, "arha_templar", defense=4)
    with_stats(s, "psyche_askara", strength=2)
    arha = put(s, unit_of(s, "arha_templar"), cell(s, 3, 2), 1)
    k1, k2 = unit_of(s, "psyche_askara", 0), unit_of(s, "psyche_askara", 1)
    put(s, k2, cell(s, 3, 1))
    command_at(s, k1, cell(s, 2, 2))
    attack(s, arha)
    assert s.units[arha].damage == 2 and s.units[arha].cell >= 0
    act(s, "done")  # now the second figure
    attack(s, arha)
    assert s.units[arha].cell == -1  # 2 + 2 reached Defense 4


def test_area_attack_hits_every_enemy_in_range_at_once() -> None:
    s = table()
    with_stats(s, "water_djinn", strength=3)  # and Area Attack
    dj = unit_of(s, "water_djinn")
    put(s, dj, cell(s, 3, 2), 1)
    a = put(s, unit_of(s, "psyche_askara", 0), cell(s, 2, 2), 0)
    b = put(s, unit_of(s, "psyche_askara", 1), cell(s, 4, 2))
    c = put(s, unit_of(s, "icarus_steelfoot"), cell(s, 5, 2))  # two away: out of range
    act(s, "end")
    command_at(s, dj)
    assert [x for x in T.legal_actions(s) if x.kind == "attack"] == [Action("attack", -1)]
    with pytest.raises(IllegalAction, match="Area"):
        T.apply(s, Action("attack", a))
    attack(s, -1)
    assert s.units[a].cell == -1 and s.units[b].cell == -1 and s.units[c].damage == 0


def test_area_attack_meets_every_strikeback_at_once() -> None:
    s = table()
    with_stats(s, "water_djinn", defense=5)
    dj = put(s, unit_of(s, "water_djinn"), cell(s, 3, 2), 1)
    w1 = put(s, cultist(s, 0, 0), cell(s, 2, 2))
    w2 = put(s, cultist(s, 0, 1), cell(s, 4, 2))
    for w in (w1, w2):
        s.units[w].b_kw = combat.STRIKEBACK
        s.units[w].b_str = 1  # 3 each
    act(s, "end")
    command_at(s, dj)
    s.units[w1].b_kw = s.units[w2].b_kw = combat.STRIKEBACK  # buffs were cleared: set again
    s.units[w1].b_str = s.units[w2].b_str = 1
    attack(s, -1)
    assert s.units[w1].cell == s.units[w2].cell == -1
    assert s.units[dj].cell == -1  # 3 + 3 back at once >= Defense 5


def test_strikeback_is_simultaneous_even_when_the_defender_falls() -> None:
    s = table()
    with_stats(s, "thornback_warden", strength=3, defense=5)  # and Strikeback
    with_stats(s, "tyranyx", strength=7, defense=7)
    warden = put(s, unit_of(s, "thornback_warden"), cell(s, 3, 2), 1)
    ty = unit_of(s, "tyranyx")
    command_at(s, ty, cell(s, 2, 2))
    attack(s, warden)
    assert s.units[warden].cell == -1
    assert s.units[ty].damage == 3


def test_a_ranged_attack_meets_strikeback_only_from_a_ranged_defender() -> None:
    s = table(CORRIDOR)
    warden = put(s, unit_of(s, "thornback_warden"), 3, 1)  # Strikeback, not Ranged
    ic = unit_of(s, "icarus_steelfoot")
    command_at(s, ic, 1)
    attack(s, warden)
    assert s.units[ic].damage == 0
    s2 = table(CORRIDOR)
    with_stats(s2, "grove_huntress", strength=2, defense=3)  # and Ranged
    with_stats(s2, "icarus_steelfoot", strength=3, defense=3)
    hunt = put(s2, unit_of(s2, "grove_huntress"), 3, 1)
    s2.units[hunt].b_kw = combat.STRIKEBACK  # as from a Treasure
    ic2 = unit_of(s2, "icarus_steelfoot")
    command_at(s2, ic2, 1)
    attack(s2, hunt)
    assert s2.units[hunt].cell == -1 and s2.units[ic2].damage == 2
    s3 = table(CORRIDOR)
    with_stats(s3, "thornback_warden", strength=3)
    with_stats(s3, "icarus_steelfoot", defense=3)
    warden3 = put(s3, unit_of(s3, "thornback_warden"), 2, 1)
    ic3 = unit_of(s3, "icarus_steelfoot")
    command_at(s3, ic3, 1)
    attack(s3, warden3)  # a Ranged unit shooting an adjacent enemy is within reach
    assert s3.units[ic3].cell == -1  # 3 back against Defense 3


def test_double_attack_with_a_move_between() -> None:
    s = table(CORRIDOR)
    reaver = unit_of(s, "shade_reaver")  # Double, S3 D3
    put(s, reaver, 1, 0)
    a = put(s, cultist(s, 1, 0), 2)
    b = put(s, cultist(s, 1, 1), 5)
    command_at(s, reaver)
    attack(s, a)
    act(s, "move", -1, 4)
    attack(s, b)
    assert s.units[a].cell == s.units[b].cell == -1
    assert not targets(s) and s.cmd is not None and s.cmd.attacks == 2


def test_a_single_attack_unit_attacks_once() -> None:
    s = table(CORRIDOR)
    ty = unit_of(s, "tyranyx")
    foe = put(s, unit_of(s, "water_djinn"), 2, 1)  # D5 survives nothing... S7 kills it
    put(s, cultist(s, 1), 0 + 3)
    command_at(s, ty, 1)
    attack(s, foe)
    act(s, "move", -1, 2)
    with pytest.raises(IllegalAction, match="no attack left"):
        T.apply(s, Action("attack", cultist(s, 1)))


def test_slay_fires_for_attack_defeats_only() -> None:
    s = table()
    with_stats(s, "faerie_commander", defense=2, slay=(Op("power", n=1),))
    fc = unit_of(s, "faerie_commander")
    put(s, fc, cell(s, 3, 2), 1)
    cu = put(s, cultist(s, 0), cell(s, 2, 2))
    s.units[cu].b_kw = combat.STRIKEBACK
    act(s, "end")
    command_at(s, fc)
    power = s.seats[1].power
    attack(s, cu)
    assert s.seats[1].power == power + 1
    # A defeat by Strikeback is no attack: no Slay for the defender's side.
    s2 = table()
    with_stats(s2, "faerie_commander", defense=2, slay=(Op("power", n=1),))
    fc2 = put(s2, unit_of(s2, "faerie_commander"), cell(s2, 3, 2), 1)
    s2.units[fc2].b_kw = combat.STRIKEBACK
    cu2 = cultist(s2, 0)
    command_at(s2, cu2, cell(s2, 2, 2))
    s2.units[cu2].b_str = 0  # deals 2; the commander (D2) falls, striking back for 2
    before = s2.seats[1].power
    attack(s2, fc2)
    assert s2.units[fc2].cell == -1 and s2.units[cu2].cell == -1
    assert s2.seats[1].power == before


def test_defeat_destroys_constructs_to_the_owners_discard_and_exhausts() -> None:
    s = table()
    arha_card = s.units[unit_of(s, "arha_templar")].card
    arha = put(s, unit_of(s, "arha_templar"), cell(s, 3, 2), 1)
    blade = give(s, 1, "nightsteel_blade", "discard")
    s.seats[1].discard.remove(blade)
    s.gear[arha_card] = (blade,)
    ty = unit_of(s, "tyranyx")
    command_at(s, ty, cell(s, 2, 2))
    attack(s, arha)
    assert s.units[arha].cell == -1 and s.units[arha].exhausted
    assert blade in s.seats[1].discard and arha_card not in s.gear
