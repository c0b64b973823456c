"""Rule cases of the competitive Tactics engine, one behaviour per test."""

from __future__ import annotations

import pytest
from tactics_helpers import (
    FOUR,
    act,
    attack,
    cell,
    choose,
    clear_board_treasures,
    command_at,
    cultist,
    decline,
    give,
    hold,
    lift,
    pending_kind,
    put,
    real,
    set_row,
    table,
    unit_of,
    with_stats,
)

import core.tactics as T
from core.contract import Action, IllegalAction
from core.tactics import combat
from core.tactics.board import BEACON, FOREST, INACTIVE_PORTAL, PORTAL, TAINTED
from core.tactics.cards import CardDef, Op
from core.tactics.state import HEAVY_PILE, MYSTIC_PILE

CORRIDOR = "P1 .  .  .  .  .  P2"


def moves(s: T.State) -> set[int]:
    return {a.option for a in T.legal_actions(s) if a.kind == "move"}


def targets(s: T.State) -> set[int]:
    return {a.card for a in T.legal_actions(s) if a.kind == "attack"}


# --- set-up ----------------------------------------------------------------------------------

def test_setup_deals_hands_row_piles_treasures_and_rosters() -> None:
    s = real({"players": 2}, 3)
    assert all(len(p.hand) == 5 and len(p.deck) == 5 for p in s.seats)
    assert len(s.row) == 6 and all(u >= 0 for u in s.row)
    assert len(s.mystics) == 15 and len(s.heavies) == 15
    spots = s.map.treasure_cells()
    assert [c for c, t in enumerate(s.board_treasure) if t >= 0] == list(spots)
    assert len(s.bag) == 24 - len(spots)
    for seat in range(2):
        ids = tuple(s.cards[u].id for u in s.seats[seat].roster)
        assert ids == s.scen.rosters[s.slot_of[seat]]
    first = s.slot_of.index(1)
    assert s.current == first and s.seats[first].power == 2
    assert sorted(s.slot_of) == [1, 2]


def test_the_second_gateway_gets_its_first_turn_bonus() -> None:
    s = table()
    act(s, "end")
    assert s.current == 1
    assert s.seats[1].power == 4  # 2 every turn + 2 on the first
    act(s, "end")
    act(s, "end")
    assert s.seats[1].power == 2


def test_bad_options_are_refused() -> None:
    for bad in ({"players": 5}, {"players": 2, "mode": "2v2"}, {"players": 3, "mode": "1v1"},
                {"players": 2, "scenario": "nowhere"}, {"players": 2, "mode": "solo"},
                {"players": 3, "scenario": "battle_of_three_shrines"}):
        with pytest.raises(ValueError):
            T.new_game(bad, 1)


# --- movement --------------------------------------------------------------------------------

def test_forest_costs_two_and_speed_limits_the_move() -> None:
    s = table(CORRIDOR)
    s.terrain[2] = FOREST
    command_at(s, unit_of(s, "tyranyx"), 1)  # speed 3
    assert moves(s) == {0, 2, 3}  # 2 is a Forest (2 points), 3 costs 3, 4 would cost 4


def test_enemies_block_allies_can_be_crossed_but_not_ended_on() -> None:
    s = table(CORRIDOR)
    put(s, unit_of(s, "icarus_steelfoot"), 2)  # an ally
    command_at(s, unit_of(s, "tyranyx"), 1)
    assert moves(s) == {0, 3, 4}
    s2 = table(CORRIDOR)
    put(s2, unit_of(s2, "arha_templar"), 3)  # an enemy
    command_at(s2, unit_of(s2, "tyranyx"), 1)
    assert moves(s2) == {0, 2}


def test_an_enemy_portal_cannot_be_entered() -> None:
    s = table(CORRIDOR)
    command_at(s, unit_of(s, "tyranyx"), 4)
    assert 6 not in moves(s) and 5 in moves(s)


def test_move_once_per_command_and_illegal_destination_is_refused() -> None:
    s = table(CORRIDOR)
    command_at(s, unit_of(s, "tyranyx"), 1)
    with pytest.raises(IllegalAction, match="cannot end a move there"):
        T.apply(s, Action("move", -1, 5))
    act(s, "move", -1, 3)
    assert s.units[unit_of(s, "tyranyx")].cell == 3
    with pytest.raises(IllegalAction, match="already used its move"):
        T.apply(s, Action("move", -1, 2))


def test_tainted_hexes_hurt_on_entry_and_at_the_start_of_the_turn() -> None:
    s = table(CORRIDOR)
    s.terrain[2] = TAINTED
    ty = unit_of(s, "tyranyx")  # Defense 7
    command_at(s, ty, 1)
    act(s, "move", -1, 2)
    assert s.units[ty].damage == 5 and s.units[ty].cell == 2
    act(s, "done")
    act(s, "end")
    assert s.units[ty].damage == 0  # healed at the end of every turn
    act(s, "end")  # seat 0 starts a turn standing on it
    assert s.units[ty].damage == 5


def test_a_unit_can_fall_on_a_tainted_hex_mid_move() -> None:
    s = table(CORRIDOR)
    s.terrain[2] = TAINTED
    scout = unit_of(s, "psyche_askara")  # Defense 2
    command_at(s, scout, 1)
    act(s, "move", -1, 3)
    assert s.units[scout].cell == -1 and s.occupant[1] == -1 and s.occupant[3] == -1
    assert s.cmd is not None and s.cmd.unit != scout  # the second figure's turn (FAQ 16)


def test_beacons_are_taken_in_passing_and_inactive_portals_woken() -> None:
    s = table(CORRIDOR, rules={"beacon_honor": 1})
    s.terrain[2] = BEACON
    s.terrain[3] = INACTIVE_PORTAL
    command_at(s, unit_of(s, "tyranyx"), 1)
    act(s, "move", -1, 4)
    assert s.beacon[2] == 0
    assert s.terrain[3] == PORTAL and s.portal_side[3] == 0
    act(s, "done")
    act(s, "end")
    assert s.honor[0] == 1  # the scenario pays 1 per Beacon held


def test_a_treasure_is_picked_up_at_the_end_of_a_move_and_on_deploy() -> None:
    s = table(CORRIDOR)
    clear_board_treasures(s)
    t1 = s.bag.pop()
    t2 = s.bag.pop()
    s.board_treasure[2] = t1
    s.board_treasure[3] = t2
    ty = unit_of(s, "tyranyx")
    command_at(s, ty, 1)
    act(s, "move", -1, 3)  # passes 2, ends on 3
    assert s.seats[0].treasures == [t2] and s.board_treasure[2] == t1


# --- deploying and commanding ----------------------------------------------------------------

def test_deploying_needs_a_free_portal_and_commanding_exhausts() -> None:
    s = table()
    p1 = cell(s, 0, 2)
    ty = unit_of(s, "tyranyx")
    s.seats[0].power = 20
    act(s, "command", ty)
    assert {a.kind for a in T.legal_actions(s)} <= {"deploy", "treasure"}
    act(s, "deploy", -1, p1)
    act(s, "done")
    assert s.units[ty].exhausted
    assert Action("command", ty) not in T.legal_actions(s)
    # Another off-board champion cannot be commanded while the only portal is taken.
    assert Action("command", unit_of(s, "kor_the_ferromancer")) not in T.legal_actions(s)
    with pytest.raises(IllegalAction, match="portal"):
        T.apply(s, Action("command", unit_of(s, "kor_the_ferromancer")))


def test_power_pays_commands_and_runes_never_do() -> None:
    s = table()
    with_stats(s, "kor_the_ferromancer", command=4)
    with_stats(s, "tyranyx", command=5)
    s.seats[0].power = 4
    s.seats[0].runes = 10
    kor = unit_of(s, "kor_the_ferromancer")
    ty = unit_of(s, "tyranyx")
    legal = T.legal_actions(s)
    assert Action("command", kor) in legal and Action("command", ty) not in legal
    act(s, "command", kor)
    assert s.seats[0].power == 0 and s.seats[0].runes == 10


def test_nothing_but_treasures_while_a_command_runs() -> None:
    s = table()
    hold(s, 0, "might_draught")
    ty = unit_of(s, "tyranyx")
    command_at(s, ty, cell(s, 1, 2))
    kinds = {a.kind for a in T.legal_actions(s)}
    assert kinds == {"move", "done", "treasure"}
    with pytest.raises(IllegalAction, match="finish commanding"):
        T.apply(s, Action("play", s.seats[0].hand[0]))
    with pytest.raises(IllegalAction, match="finish commanding"):
        T.apply(s, Action("end"))


# --- Cultists --------------------------------------------------------------------------------

def test_at_most_four_cultists_each_commanded_once_per_turn() -> None:
    s = table()
    p1 = cell(s, 0, 2)
    s.seats[0].power = 20
    for i in range(4):
        act(s, "command", -1, p1)
        act(s, "move", -1, sorted(moves(s))[i])
        act(s, "done")
    assert sum(1 for u in s.cultists[0] if s.units[u].cell >= 0) == 4
    assert not any(a.kind == "command" and a.card == -1 for a in T.legal_actions(s))
    with pytest.raises(IllegalAction, match="all four"):
        T.apply(s, Action("command", -1, p1))
    assert not any(a.kind == "command" and a.card in s.cultists[0] for a in T.legal_actions(s))
    act(s, "end")
    act(s, "end")
    assert all(Action("command", u) in T.legal_actions(s) for u in s.cultists[0])


def test_a_defeated_cultist_returns_to_the_reserve_and_carries_no_constructs() -> None:
    s = table()
    cu = cultist(s, 1)
    put(s, cu, cell(s, 2, 2))
    ty = unit_of(s, "tyranyx")
    command_at(s, ty, cell(s, 1, 2))
    attack(s, cu)
    assert s.units[cu].cell == -1 and not s.units[cu].exhausted
    uid = give(s, 0, "nightsteel_blade")
    act(s, "done")
    act(s, "play", uid)
    assert pending_kind(s) == "equip"
    assert all(s.cards[c].kind == "champion" for c in s.pending[-1].choices)


# --- combat ----------------------------------------------------------------------------------

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


# --- Treasures -------------------------------------------------------------------------------

def test_treasure_played_any_time_on_your_unit_on_the_battlefield() -> None:
    s = table()
    t = hold(s, 0, "giant_draught")
    ty = put(s, unit_of(s, "tyranyx"), cell(s, 1, 2))
    off = unit_of(s, "kor_the_ferromancer")
    assert Action("treasure", t, ty) in T.legal_actions(s)
    with pytest.raises(IllegalAction, match="battlefield"):
        T.apply(s, Action("treasure", t, off))
    act(s, "treasure", t, ty)
    assert combat.strength(s, ty) == 10 and t in s.used
    act(s, "end")
    assert combat.strength(s, ty) == 7  # until the end of the turn


def test_reaction_window_alternates_defender_then_attacker_until_both_pass() -> None:
    s = table()
    arha = put(s, unit_of(s, "arha_templar"), cell(s, 3, 2), 1)  # D4
    ward = hold(s, 1, "ward_charm")  # +2 Defense
    bulwark = hold(s, 1, "bulwark_charm")  # +3 Defense
    might = hold(s, 0, "might_draught")  # +2 Strength
    kor = unit_of(s, "kor_the_ferromancer")  # S4
    command_at(s, kor, cell(s, 2, 2))
    act(s, "attack", arha)
    d = s.pending[-1]
    assert (d.kind, d.seat) == ("react", 1)
    assert Action("treasure", ward, arha) in T.legal_actions(s)
    act(s, "treasure", ward, arha)  # D6
    assert s.pending[-1].seat == 0
    act(s, "treasure", might, kor)  # S6
    assert s.pending[-1].seat == 1
    act(s, "treasure", bulwark, arha)  # D9
    assert s.pending == [] or s.pending[-1].seat != 0  # seat 0 holds no more Treasures
    assert s.units[arha].damage == 6 and s.units[arha].cell >= 0


def test_the_window_skips_seats_without_treasures() -> None:
    s = table()
    arha = put(s, unit_of(s, "arha_templar"), cell(s, 3, 2), 1)
    command_at(s, unit_of(s, "tyranyx"), cell(s, 2, 2))
    act(s, "attack", arha)
    assert s.pending == [] and s.units[arha].cell == -1


def test_a_pass_then_a_treasure_reopens_the_window() -> None:
    s = table()
    arha = put(s, unit_of(s, "arha_templar"), cell(s, 3, 2), 1)
    hold(s, 1, "ward_charm")
    might = hold(s, 0, "might_draught")
    command_at(s, unit_of(s, "kor_the_ferromancer"), cell(s, 2, 2))
    act(s, "attack", arha)
    decline(s)  # defender passes
    assert s.pending[-1].seat == 0
    act(s, "treasure", might, unit_of(s, "kor_the_ferromancer"))
    assert s.pending[-1].seat == 1  # the defender may answer
    decline(s)
    # Seat 0 has nothing left, so the window closes: Kor (6) defeats Arha (4), and Kor's Slay
    # (move a portal) asks next.
    assert s.units[arha].cell == -1
    assert pending_kind(s) == "move_portal"


# --- shrines, end of turn, victory -----------------------------------------------------------

def test_shrines_score_for_the_side_that_just_moved_and_ties_contest() -> None:
    s = table()
    shrine = cell(s, 3, 2)
    put(s, unit_of(s, "tyranyx"), cell(s, 2, 2))
    act(s, "end")
    assert s.honor == [2, 0] and s.honor_supply == 118
    put(s, unit_of(s, "arha_templar"), cell(s, 4, 2), 1)  # now contested
    act(s, "end")
    assert s.honor == [2, 0]
    act(s, "end")
    assert s.honor == [2, 0]
    put(s, unit_of(s, "water_djinn"), shrine, 1)
    act(s, "end")  # seat 1 controls it 2:1 at the end of its own turn
    assert s.honor == [2, 2]


def test_end_of_turn_discards_draws_readies_heals_and_clears_buffs() -> None:
    s = table()
    p = s.seats[0]
    ty = unit_of(s, "tyranyx")
    command_at(s, ty, cell(s, 1, 2))
    s.units[ty].damage = 3
    s.units[ty].b_str = 2
    act(s, "done")
    played = p.hand[0]
    act(s, "play", played)
    act(s, "end")
    assert played in p.discard and len(p.hand) == 5 and p.played == []
    assert not s.units[ty].exhausted and s.units[ty].damage == 0 and s.units[ty].b_str == 0
    assert p.power == 0 and p.runes == 0


def test_the_side_reaching_victory_honor_wins_at_the_end_of_its_turn() -> None:
    s = table(victory=4)
    put(s, unit_of(s, "tyranyx"), cell(s, 2, 2))
    act(s, "end")
    assert not s.over
    act(s, "end")
    act(s, "end")
    assert s.over and s.winners == (0,)
    out = T.outcome(s)
    assert out is not None and out.winners == (0,) and out.scores == (4, 0)
    assert T.legal_actions(s) == []
    with pytest.raises(IllegalAction, match="over"):
        T.apply(s, Action("end"))


def test_with_equal_turns_a_goal_reached_waits_for_the_end_of_the_round() -> None:
    s = table(victory=4, rules={"equal_turns": True})
    put(s, unit_of(s, "tyranyx"), cell(s, 2, 2))
    act(s, "end")
    act(s, "end")
    act(s, "end")  # 4 Honor for the first side, but the second has not had its turn
    assert s.honor == [4, 0] and not s.over and s.to_move == 1
    act(s, "end")
    assert s.over and s.winners == (0,)
    out = T.outcome(s)
    assert out is not None and out.winners == (0,) and out.scores == (4, 0)


def test_with_equal_turns_the_last_turn_can_tie_and_a_tie_is_shared() -> None:
    s = table(victory=2, rules={"equal_turns": True})
    ty = put(s, unit_of(s, "tyranyx"), cell(s, 2, 2))
    act(s, "end")
    assert s.honor == [2, 0] and not s.over
    lift(s, ty)  # the second side takes the shrine on its turn
    put(s, unit_of(s, "arha_templar"), cell(s, 4, 2), 1)
    act(s, "end")
    assert s.honor == [2, 2] and s.over and s.winners == (0, 1)
    out = T.outcome(s)
    assert out is not None and out.winners == (0, 1)


def test_turn_limit_ends_the_game_with_the_leader_winning() -> None:
    s = table(turn_limit=2)
    put(s, unit_of(s, "tyranyx"), cell(s, 2, 2))
    act(s, "end")
    act(s, "end")
    assert s.over and T.outcome(s).winners == (0,)  # type: ignore[union-attr]


def test_honor_never_exceeds_the_supply() -> None:
    s = table()
    s.honor_supply, s.honor = 1, [119, 0]
    put(s, unit_of(s, "tyranyx"), cell(s, 2, 2))
    act(s, "end")
    assert s.honor == [120, 0] and s.honor_supply == 0


# --- cards -----------------------------------------------------------------------------------

def test_acquiring_heroes_champions_monsters_and_piles() -> None:
    s = table()
    p = s.seats[0]
    hero, champ, monster = set_row(s, ["wolf_caller", "briarback_boar", "dire_stag"])
    p.runes, p.power = 20, 10
    act(s, "acquire", hero)
    assert hero in p.discard and p.runes == 18
    act(s, "acquire", champ)
    assert champ in p.roster and s.units[s.card_units[champ][0]].seat == 0
    assert p.power == 11  # the boar's Ambush: +1 Power
    act(s, "acquire", monster)  # Ambush: +1 Treasure
    assert monster in p.roster and p.power == 8 and len(p.treasures) == 1
    act(s, "acquire", MYSTIC_PILE)
    act(s, "acquire", HEAVY_PILE)
    assert len(s.mystics) == 14 and len(s.heavies) == 14 and p.runes == 10
    # The newly acquired champion can be commanded this very turn.
    assert Action("command", s.card_units[champ][0]) in T.legal_actions(s)


def test_acquire_refuses_what_cannot_be_paid() -> None:
    s = table()
    s.seats[0].runes = 0
    with pytest.raises(IllegalAction, match="Runes"):
        T.apply(s, Action("acquire", MYSTIC_PILE))
    hero = s.row[0]
    with pytest.raises(IllegalAction):
        T.apply(s, Action("acquire", hero, 1))


def test_the_row_refills_before_an_ambush_resolves() -> None:
    s = table()
    kiri = set_row(s, ["kiri_meadow_witch"])[0]
    nxt = s.center_deck[-1]
    s.seats[0].runes = 3
    act(s, "acquire", kiri)
    assert pending_kind(s) == "place_token"  # the Ambush asks...
    assert s.row[0] == nxt and -1 not in s.row  # ...with the row already full


def test_an_empty_center_deck_is_rebuilt_from_banished_cards() -> None:
    s = table()
    s.banished += s.center_deck
    s.center_deck = []
    s.seats[0].runes = 20
    target = next(u for u in s.row if s.cards[u].kind == "hero")
    act(s, "acquire", target)
    assert -1 not in s.row and s.banished == [] and len(s.center_deck) > 0


def test_banish_sends_center_cards_to_the_banished_pile_and_starters_to_the_box() -> None:
    s = table()
    p = s.seats[0]
    acolyte = give(s, 0, "hollow_acolyte")  # banish from hand or discard
    apprentice = next(u for u in p.hand if s.cards[u].id in ("apprentice", "militia"))
    act(s, "play", acolyte)
    assert pending_kind(s) == "banish"
    choose(s, apprentice)
    assert apprentice in s.box
    drinker = give(s, 0, "rift_drinker")  # banish from the center row
    act(s, "play", drinker)
    row_card = s.row[2]
    choose(s, row_card)
    assert row_card in s.banished and s.row[2] != row_card and -1 not in s.row


def test_allegiance_fires_with_another_card_of_the_faction_before_or_after() -> None:
    s = table()
    p = s.seats[0]
    tinker = give(s, 0, "gearhand_tinker")  # +1 Rune; Mechana Allegiance: +1 Power
    engineer = give(s, 0, "cog_engineer")  # Mechana
    act(s, "play", tinker)
    assert (p.runes, p.power) == (1, 2)
    act(s, "play", engineer)  # the waiting Allegiance fires now
    assert (p.runes, p.power) == (2, 4)
    s2 = table()
    e2 = give(s2, 0, "cog_engineer")
    t2 = give(s2, 0, "gearhand_tinker")
    act(s2, "play", e2)
    act(s2, "play", t2)
    assert s2.seats[0].power == 2 + 1 + 1


def test_a_construct_is_equipped_to_any_own_champion_even_off_board() -> None:
    s = table()
    eye = give(s, 0, "nightsteel_blade")  # +2 Strength
    ty = unit_of(s, "tyranyx")
    act(s, "play", eye)
    choose(s, s.units[ty].card)
    assert s.gear[s.units[ty].card] == (eye,) and combat.strength(s, ty) == 9


def test_two_player_draft_goes_in_reverse_turn_order() -> None:
    s = table(draft=True)
    order = []
    while s.pending and s.pending[-1].kind == "draft":
        d = s.pending[-1]
        order.append(d.seat)
        assert len(d.choices) == 6
        choose(s, d.choices[0])
    assert order == [1, 0] * 4
    assert [len(p.roster) for p in s.seats] == [4, 4]
    assert len(s.box) == 24 - 8 and s.phase == "play" and s.current == 0


def test_three_and_four_player_drafts_take_three_each() -> None:
    for players in (3, 4):
        s = table(FOUR, players=players, mode="brawl", draft=True)
        order = []
        while s.pending and s.pending[-1].kind == "draft":
            order.append(s.pending[-1].seat)
            choose(s, s.pending[-1].choices[-1])
        assert order == list(range(players - 1, -1, -1)) * 3
        assert all(len(p.roster) == 3 for p in s.seats)


def test_team_draft_alternates_team_two_first_then_captains_assign() -> None:
    s = table(FOUR, players=4, mode="2v2", draft=True)
    order = []
    while s.pending[-1].kind == "draft":
        order.append(s.pending[-1].seat)
        choose(s, s.pending[-1].choices[0])
    assert order == [1, 0] * 6  # seat 1 captains team 2 (slots 2 and 4)
    assigns = []
    while s.pending and s.pending[-1].kind == "assign":
        d = s.pending[-1]
        assert len(d.choices) in (6, 5, 4)
        assigns.append(d.seat)
        choose(s, d.choices[0])
    assert assigns == [1, 1, 1, 0, 0, 0]
    assert all(len(p.roster) == 3 for p in s.seats)
    assert s.phase == "play" and s.current == 0


# --- effects and commands ---------------------------------------------------------------------

RALLY = CardDef(id="test_rally", name="Rally", kind="hero", faction="void", cost=1, copies=1,
                text="Free command, then draw.",
                effect=(Op("free_command", args=(("max_cost", 9),)), Op("draw", n=1)))
WARLORD = CardDef(id="test_warlord", name="Warlord", kind="champion", faction="void", cost=1,
                  copies=1, text="Slay: free command.", strength=9, defense=9, command=1,
                  slay=(Op("free_command", args=(("max_cost", 9),)), Op("power", n=1)))


def test_effects_after_a_free_command_wait_until_the_command_is_over() -> None:
    s = table(extra=(RALLY,))
    p = s.seats[0]
    rally = give(s, 0, "test_rally")
    hand = len(p.hand)
    act(s, "play", rally)
    choose(s, unit_of(s, "tyranyx"))
    assert len(p.hand) == hand - 1  # the draw waits behind the command
    act(s, "deploy", -1, cell(s, 0, 2))
    act(s, "move", -1, cell(s, 2, 2))
    assert len(p.hand) == hand - 1
    act(s, "done")
    assert len(p.hand) == hand and s.cmd is None


def test_a_free_command_granted_during_a_command_comes_after_it() -> None:
    s = table(extra=(WARLORD,))
    lord = give(s, 0, "test_warlord", "roster")
    wu = s.card_units[lord][0]
    foe = put(s, cultist(s, 1), cell(s, 2, 2))
    command_at(s, wu, cell(s, 1, 2))
    power = s.seats[0].power
    attack(s, foe)
    # The rest of the Slay (+1 Power) runs now; the free command waits for this one to end.
    assert s.seats[0].power == power + 1 and s.pending == [] and s.cmd is not None
    act(s, "done")
    assert pending_kind(s) == "free_command"
    choose(s, unit_of(s, "icarus_steelfoot"))
    assert s.cmd is not None and s.cmd.unit == unit_of(s, "icarus_steelfoot")


def test_choose_offers_each_option_with_a_label() -> None:
    s = table()
    walker = give(s, 0, "veil_walker")  # +2 Power, or banish from hand then draw 1
    act(s, "play", walker)
    d = s.pending[-1]
    assert d.kind == "mode" and d.choices == (0, 1) and len(d.labels) == 2
    assert T.describe(s, Action("choose", 0)) == "Choose +2 Power"
    power = s.seats[0].power
    choose(s, 0)
    assert s.seats[0].power == power + 2


def test_damage_and_defeat_effects_reach_enemies_near_your_units() -> None:
    s = table()
    put(s, unit_of(s, "tyranyx"), cell(s, 1, 2))
    near = put(s, cultist(s, 1, 0), cell(s, 3, 2))  # two hexes away
    put(s, cultist(s, 1, 1), cell(s, 6, 0))  # far
    stalker = give(s, 0, "dusk_stalker")  # 2 damage within 2
    act(s, "play", stalker)
    assert s.pending[-1].choices == (near,)
    choose(s, near)
    assert s.units[near].cell == -1
    ender = give(s, 0, "ender_of_echoes")  # defeat Defense <= 3 within 3
    arha = put(s, unit_of(s, "arha_templar"), cell(s, 2, 1), 1)  # Defense 4
    act(s, "play", ender)
    assert arha not in (s.pending[-1].choices if s.pending else ())


def test_the_faerie_ring_helps_the_last_placer_s_units_on_its_hex() -> None:
    s = table()
    with_stats(s, "tyranyx", strength=7, defense=7)
    with_stats(s, "arha_templar", strength=4)
    ty = put(s, unit_of(s, "tyranyx"), cell(s, 1, 1))
    foe = put(s, unit_of(s, "arha_templar"), cell(s, 5, 1), 1)
    s.ring = (cell(s, 1, 1), 0)
    assert (combat.strength(s, ty), combat.defense(s, ty)) == (10, 10)
    s.ring = (cell(s, 5, 1), 0)  # the owner's units only
    assert combat.strength(s, foe) == 4 and combat.strength(s, ty) == 7
    kiri = give(s, 1, "kiri_meadow_witch")
    act(s, "end")
    act(s, "play", kiri)  # seat 1 moves the Ring and so owns it now
    assert s.pending[-1].kind == "move_token" and cell(s, 5, 1) not in s.pending[-1].choices
    choose(s, cell(s, 6, 1))
    assert s.ring == (cell(s, 6, 1), 1)


def test_enchanted_hexes_follow_the_scenario_rule() -> None:
    s = table(CORRIDOR, rules={"enchanted": "barrier"})
    s.terrain[2] = "enchanted"
    command_at(s, unit_of(s, "tyranyx"), 1)
    assert moves(s) == {0}
    s2 = table(CORRIDOR, rules={"enchanted": "strength", "enchanted_bonus": 2})
    s2.terrain[2] = "enchanted"
    ty = put(s2, unit_of(s2, "tyranyx"), 2)
    assert combat.strength(s2, ty) == 9
    command_at(s2, ty)
    assert moves(s2) == {0, 1, 3, 4, 5}


def test_steelweaver_lets_a_construct_go_on_top_of_the_deck() -> None:
    s = table()
    p = s.seats[0]
    weaver = give(s, 0, "steelweaver")
    legs = set_row(s, ["clockwork_legs", "wolf_caller"])
    act(s, "play", weaver)
    assert Action("acquire", legs[0], 1) in T.legal_actions(s)
    assert Action("acquire", legs[1], 1) not in T.legal_actions(s)  # a hero: never
    act(s, "acquire", legs[0], 1)
    assert p.deck[-1] == legs[0]
    act(s, "end")
    assert legs[0] in p.hand


def test_acquire_free_ready_and_forest_under() -> None:
    s = table()
    p = s.seats[0]
    quarter = give(s, 0, "arsenal_quartermaster")  # a Construct costing <= 4 to your hand
    blade, hero = set_row(s, ["nightsteel_blade", "wolf_caller"])
    act(s, "play", quarter)
    assert blade in s.pending[-1].choices and hero not in s.pending[-1].choices
    choose(s, blade)
    assert blade in p.hand and -1 not in s.row
    ty = unit_of(s, "tyranyx")
    command_at(s, ty, cell(s, 1, 2))
    act(s, "done")
    healer = give(s, 0, "temple_healer")  # +1 Rune, ready a champion
    act(s, "play", healer)
    choose(s, ty)
    assert not s.units[ty].exhausted
    foe = put(s, cultist(s, 1), cell(s, 4, 0))
    shaper = give(s, 0, "thicket_shaper")  # a Forest under any unit on a plain hex
    act(s, "play", shaper)
    assert set(s.pending[-1].choices) == {ty, foe}
    choose(s, foe)
    assert s.terrain[cell(s, 4, 0)] == FOREST


# --- 2 vs 2 and brawl ------------------------------------------------------------------------

def test_two_vs_two_shares_the_turn_honor_and_treasures() -> None:
    s = table(FOUR, players=4, mode="2v2")
    assert s.sides == ((0, 2), (1, 3))
    assert Action("switch") in T.legal_actions(s)
    mate = put(s, unit_of(s, "grove_huntress"), cell(s, 2, 2))  # seat 2's
    t = hold(s, 0, "might_draught")
    assert Action("treasure", t, mate) in T.legal_actions(s)
    act(s, "switch")
    assert s.current == 2 and s.seats[2].power == 2  # slot 3 is Team 1's: no first-turn bonus
    act(s, "end")
    assert s.honor == [2, 0] and s.current == 1


def test_two_vs_two_uses_the_team_faces_of_the_gateways() -> None:
    # The team moving first gets no bonus on either card; both Team 2 players get theirs.
    s = table(FOUR, players=4, mode="2v2")
    assert [s.gates[slot].team for slot in (1, 2, 3, 4)] == [1, 2, 1, 2]
    assert all(s.gates[slot].first_turn == () for slot in (1, 3))
    assert [s.seats[seat].power for seat in (0, 2)] == [2, 2]
    act(s, "switch")
    assert s.seats[2].runes == 0  # the player face of slot 3 would add a Rune
    act(s, "end")
    assert [s.seats[seat].power for seat in (1, 3)] == [4, 4]
    assert s.seats[3].treasures == []  # ... and slot 4's a Treasure
    assert all("Team 2" in s.gates[slot].name for slot in (2, 4))
    act(s, "switch")
    act(s, "end")
    act(s, "switch")
    act(s, "end")
    assert [s.seats[seat].power for seat in (1, 3)] == [2, 2]


def test_brawl_treasures_only_help_your_own_units() -> None:
    s = table(FOUR, players=3, mode="brawl")
    t = hold(s, 0, "might_draught")
    other = put(s, unit_of(s, "arha_templar"), cell(s, 2, 2), 1)
    assert not any(a.kind == "treasure" for a in T.legal_actions(s))
    with pytest.raises(IllegalAction):
        T.apply(s, Action("treasure", t, other))
    assert s.portal_side.count(-1) == len(s.portal_side) - 3  # slot 4's portal is unused


def test_turns_follow_the_gateway_slots() -> None:
    s = table(FOUR, players=4, mode="brawl")
    seen = []
    for _ in range(5):
        seen.append(s.current)
        act(s, "end")
    assert seen == [0, 1, 2, 3, 0]


# --- refusals --------------------------------------------------------------------------------

def test_illegal_actions_are_refused_with_a_reason_and_change_nothing() -> None:
    s = table()
    before = T.checksum(s)
    for a, why in ((Action("play", 9999), "not in your hand"),
                   (Action("move", -1, 3), "no unit is being commanded"),
                   (Action("choose", 1), "no choice"),
                   (Action("switch"), "2 vs 2"),
                   (Action("fly"), "unknown action"),
                   (Action("command", unit_of(s, "arha_templar")), "not one of your units"),
                   (Action("end", 3), "takes no card")):
        with pytest.raises(IllegalAction, match=why):
            T.apply(s, a)
        assert T.checksum(s) == before


def test_every_listed_action_is_accepted() -> None:
    s = real({"players": 2}, 8)
    for a in T.legal_actions(s):
        assert T.why_illegal(s, a) is None
        T.apply(s.copy(), a)


# --- views -----------------------------------------------------------------------------------

def test_view_hides_hands_decks_and_unplayed_treasures() -> None:
    s = table()
    hold(s, 1, "ward_charm")
    v = T.view(s, 0)
    assert v.seats[0].hand == tuple(s.seats[0].hand)
    assert v.seats[1].hand is None and v.seats[1].hand_count == 5
    assert v.seats[1].treasures is None and v.seats[1].treasure_count == 1
    assert v.center_unseen == tuple(sorted(s.center_deck))
    assert set(v.face_down) == {c for c, t in enumerate(s.board_treasure) if t >= 0}
    assert not hasattr(v, "board_treasure") and not hasattr(v, "bag")


def test_two_vs_two_partners_see_each_others_hands_and_treasures() -> None:
    s = table(FOUR, players=4, mode="2v2")
    hold(s, 2, "ward_charm")
    v = T.view(s, 0)
    assert v.seats[2].hand == tuple(s.seats[2].hand)
    assert v.seats[2].treasures == tuple(s.seats[2].treasures)
    assert v.seats[1].hand is None and v.seats[3].treasures is None


def test_describe_gives_one_short_line() -> None:
    s = table()
    lines = [T.describe(s, a) for a in T.legal_actions(s)]
    assert all(line and "\n" not in line for line in lines)
    assert "End turn" in lines
