"""Every answer of the rulebook's F.A.Q. (1-22), one test each, in the engine's terms."""

from __future__ import annotations

import pytest
from tactics_helpers import (
    act,
    attack,
    cell,
    choose,
    command_at,
    cultist,
    decline,
    give,
    hold,
    lift,
    pending_kind,
    put,
    set_row,
    table,
    unit_of,
    with_stats,
)

import core.tactics as T
from core.contract import Action, IllegalAction
from core.tactics import combat, turn
from core.tactics.board import FOREST, PLAIN, SHRINE
from core.tactics.cards import Op
from core.tactics.effects import turret_targets
from core.tactics.state import HEAVY_PILE, MYSTIC_PILE

CORRIDOR = "P1 .  .  .  .  .  P2"


def test_faq01_the_row_refills_before_anything_else_even_the_ambush() -> None:
    s = table()
    horror = set_row(s, ["rift_horror"])[0]  # Ambush: banish a card from the center row
    refill = s.center_deck[-1]
    s.seats[0].runes = 6
    act(s, "acquire", horror)
    d = s.pending[-1]
    assert d.kind == "banish" and refill in d.choices and horror not in d.choices
    choose(s, refill)
    assert refill in s.banished and -1 not in s.row


def test_faq02_a_champion_defeated_on_its_own_turn_readies_at_its_end() -> None:
    s = table()
    ic = unit_of(s, "icarus_steelfoot")  # D3
    warden = put(s, unit_of(s, "thornback_warden"), cell(s, 2, 2), 1)  # Strikeback 3
    command_at(s, ic, cell(s, 1, 2))
    attack(s, warden)
    assert s.units[ic].cell == -1 and s.units[ic].exhausted
    act(s, "end")
    assert not s.units[ic].exhausted
    # Defeated on the opponent's turn instead: still exhausted on your next turn.
    s2 = table()
    put(s2, unit_of(s2, "thornback_warden"), cell(s2, 2, 2), 1)
    act(s2, "end")
    ic2 = put(s2, unit_of(s2, "icarus_steelfoot"), cell(s2, 1, 2))
    warden2 = unit_of(s2, "thornback_warden")
    command_at(s2, warden2)
    attack(s2, ic2)
    act(s2, "done")
    act(s2, "end")
    assert s2.units[ic2].exhausted and Action("command", ic2) not in T.legal_actions(s2)


def test_faq03_a_free_command_cannot_pick_an_exhausted_champion() -> None:
    s = table()
    s.seats[0].power = 0
    lumen = give(s, 0, "oracle_lumen", "roster")  # command 1
    lu = s.card_units[lumen][0]
    put(s, lu, cell(s, 1, 2))
    s.units[lu].exhausted = True
    bloom = give(s, 0, "bloomcaller")  # +1 Power, free command up to 3
    act(s, "play", bloom)
    d = s.pending[-1]
    assert d.kind == "free_command" and lu not in d.choices
    ic = unit_of(s, "icarus_steelfoot")  # command 3
    assert ic in d.choices
    choose(s, ic)
    assert s.cmd is not None and s.cmd.unit == ic and s.seats[0].power == 1  # nothing paid
    act(s, "deploy", -1, cell(s, 0, 2))
    act(s, "done")
    with pytest.raises(IllegalAction, match="exhausted") as refused:
        T.apply(s, Action("command", lu))
    # The refusal says the rule, not where the FAQ keeps it.
    assert "FAQ" not in str(refused.value) and "until it readies" in str(refused.value)


def test_faq04_a_treasure_picked_up_is_usable_at_once_but_speed_comes_too_late() -> None:
    s = table(CORRIDOR)
    s.board_treasure = [-1] * len(s.board_treasure)
    s.bag = list(range(24))
    giant = next(t for t in s.bag if s.tdefs[t].id == "giant_draught")
    sandals = next(t for t in s.bag if s.tdefs[t].id == "winged_sandals")
    s.bag.remove(giant)
    s.bag.remove(sandals)
    s.board_treasure[3] = giant
    s.board_treasure[2] = sandals
    ty = unit_of(s, "tyranyx")
    foe = put(s, unit_of(s, "water_djinn"), 4, 1)
    s.units[foe].b_def = 4  # D9: Tyranyx's 7 is not enough alone
    command_at(s, ty, 1)
    act(s, "move", -1, 3)
    assert s.seats[0].treasures == [giant]
    act(s, "treasure", giant, ty)
    attack(s, foe)
    assert s.units[foe].cell == -1  # 10 damage
    s2 = table(CORRIDOR)
    s2.board_treasure = [-1] * len(s2.board_treasure)
    s2.bag = list(range(24))
    sand = next(t for t in s2.bag if s2.tdefs[t].id == "winged_sandals")
    s2.bag.remove(sand)
    s2.board_treasure[2] = sand
    ty2 = unit_of(s2, "tyranyx")
    command_at(s2, ty2, 1)
    act(s2, "move", -1, 2)
    act(s2, "treasure", sand, ty2)
    assert combat.speed(s2, ty2) == 5
    assert not any(a.kind == "move" for a in T.legal_actions(s2))


def test_faq05_losing_a_defense_construct_can_defeat_at_once() -> None:
    s = table()
    arha = unit_of(s, "arha_templar")
    card = s.units[arha].card
    put(s, arha, cell(s, 2, 2), 1)
    aegis = give(s, 1, "aegis_of_dawn", "discard")  # +4 Defense: 8
    s.seats[1].discard.remove(aegis)
    s.gear[card] = (aegis,)
    ty = unit_of(s, "tyranyx")
    command_at(s, ty, cell(s, 1, 2))
    attack(s, arha)
    assert s.units[arha].damage == 7 and s.units[arha].cell >= 0
    act(s, "done")
    whisper = give(s, 0, "whisper_of_ruin")  # destroy a construct costing up to 4
    act(s, "play", whisper)
    assert s.pending[-1].kind == "destroy_construct" and aegis in s.pending[-1].choices
    choose(s, aegis)
    assert s.units[arha].cell == -1 and aegis in s.seats[1].discard


def test_faq06_command_cost_never_goes_below_zero() -> None:
    s = table()
    fc = unit_of(s, "faerie_commander")  # command 1
    card = s.units[fc].card
    eye = give(s, 1, "all_seeing_eye", "discard")
    s.seats[1].discard.remove(eye)
    s.gear[card] = (eye,)
    eye2 = give(s, 1, "all_seeing_eye", "discard", nth=1)
    s.seats[1].discard.remove(eye2)
    s.gear[card] = (eye, eye2)
    assert combat.command_cost(s, fc) == 0
    act(s, "end")
    s.seats[1].power = 0
    put(s, fc, cell(s, 5, 2))
    act(s, "command", fc)
    assert s.seats[1].power == 0 and s.units[fc].exhausted
    act(s, "done")
    assert Action("command", fc) not in T.legal_actions(s)


def test_faq07_empty_piles_and_the_cultist_limit() -> None:
    s = table()
    p = s.seats[0]
    p.runes = 100
    s.box += s.mystics
    s.mystics = []
    assert Action("acquire", MYSTIC_PILE) not in T.legal_actions(s)
    with pytest.raises(IllegalAction, match="empty") as refused:
        T.apply(s, Action("acquire", MYSTIC_PILE))
    assert "FAQ" not in str(refused.value)
    assert Action("acquire", HEAVY_PILE) in T.legal_actions(s)
    for i in range(4):
        put(s, cultist(s, 0, i), cell(s, 1 + i, 0))
    p.power = 10
    assert not any(a.kind == "command" and a.card == -1 for a in T.legal_actions(s))
    reason = T.why_illegal(s, Action("command", -1, cell(s, 0, 2)))
    assert reason is not None and "no more than four" in reason and "FAQ" not in reason


def test_faq08_buffs_last_the_turn_constructs_stay() -> None:
    s = table()
    ty = unit_of(s, "tyranyx")
    card = s.units[ty].card
    seed = give(s, 0, "seedwarden")  # +2 Power, +1 Strength to a unit
    blade = give(s, 0, "nightsteel_blade")  # +2 Strength
    act(s, "play", seed)
    choose(s, ty)
    act(s, "play", blade)
    choose(s, card)
    assert combat.strength(s, ty) == 10
    act(s, "end")
    assert combat.strength(s, ty) == 9


def test_faq09_slay_fires_even_when_the_attacker_falls_too() -> None:
    s = table()
    with_stats(s, "faerie_commander", strength=2, defense=2, slay=(Op("power", n=1),))
    fc = unit_of(s, "faerie_commander")
    put(s, fc, cell(s, 3, 2), 1)
    cu = put(s, cultist(s, 0), cell(s, 2, 2))
    act(s, "end")
    command_at(s, fc)
    s.units[cu].b_kw = combat.STRIKEBACK
    s.units[cu].b_str = 1  # strikes back for 3
    power = s.seats[1].power
    attack(s, cu)
    assert s.units[fc].cell == -1 and s.units[cu].cell == -1
    assert s.seats[1].power == power + 1


def test_faq10_discards_and_banished_cards_are_public() -> None:
    s = table()
    give(s, 1, "wolf_caller", "discard")
    s.banished.append(s.center_deck.pop(0))
    v = T.view(s, 0)
    assert v.seats[1].discard == tuple(s.seats[1].discard)
    assert v.banished == tuple(s.banished)
    assert v.seats[1].hand is None and v.seats[1].treasures is None


def test_faq11_an_impossible_part_is_skipped_and_the_rest_resolves() -> None:
    s = table()
    p = s.seats[0]
    acolyte = give(s, 0, "hollow_acolyte")
    for u in list(p.hand):
        if u != acolyte:
            p.hand.remove(u)
            p.deck.append(u)
    act(s, "play", acolyte)  # nothing to banish: no question
    assert s.pending == [] and acolyte in p.played
    shaper = give(s, 0, "thicket_shaper")  # +1 Power, then a Forest under a unit: none stands
    power = p.power
    act(s, "play", shaper)
    assert s.pending == [] and p.power == power + 1


def test_faq12_acquiring_never_counts_for_allegiance() -> None:
    s = table()
    p = s.seats[0]
    tinker = give(s, 0, "gearhand_tinker")  # Mechana Allegiance: +1 Power
    sentry = set_row(s, ["clockwork_sentry"])[0]  # a Mechana champion (Ambush: draw 1)
    act(s, "play", tinker)
    p.runes = 4
    power = p.power
    act(s, "acquire", sentry)
    assert p.power == power and p.waiting


def test_faq13_simultaneous_triggers_are_ordered_by_the_active_player() -> None:
    s = table()
    ty = unit_of(s, "tyranyx")  # Slay: +2 Strength to itself
    card = s.units[ty].card
    scanner = give(s, 0, "bounty_scanner", "discard")  # Slay: gain a Treasure
    s.seats[0].discard.remove(scanner)
    s.gear[card] = (scanner,)
    foe = put(s, cultist(s, 1), cell(s, 2, 2))
    command_at(s, ty, cell(s, 1, 2))
    attack(s, foe)
    d = s.pending[-1]
    assert d.kind == "order" and set(d.choices) == {card, scanner}
    choose(s, scanner)
    assert len(s.seats[0].treasures) == 1 and s.units[ty].b_str == 2


def test_faq14_kor_cannot_move_a_portal_onto_a_terrain_tile() -> None:
    s = table()
    kor = unit_of(s, "kor_the_ferromancer")
    foe = put(s, cultist(s, 1), cell(s, 2, 1))
    s.terrain[cell(s, 2, 3)] = FOREST
    command_at(s, kor, cell(s, 2, 2))
    attack(s, foe)
    assert pending_kind(s) == "move_portal"
    choose(s, cell(s, 0, 2))
    d = s.pending[-1]
    assert d.kind == "portal_to"
    assert cell(s, 2, 3) not in d.choices and cell(s, 3, 2) not in d.choices  # Forest, Shrine
    assert all(s.terrain[c] == PLAIN for c in d.choices)
    assert s.terrain[cell(s, 3, 2)] == SHRINE
    goal = cell(s, 1, 0)
    choose(s, goal)
    assert s.portal_side[goal] == 0 and s.portal_side[cell(s, 0, 2)] == -1
    assert s.terrain[cell(s, 0, 2)] == PLAIN


def test_faq15_a_treasure_picks_one_askara_figure_a_construct_helps_both() -> None:
    s = table()
    a, b = unit_of(s, "psyche_askara", 0), unit_of(s, "psyche_askara", 1)
    put(s, a, cell(s, 1, 1))
    put(s, b, cell(s, 1, 3))
    t = hold(s, 0, "giant_draught")
    legal = T.legal_actions(s)
    assert Action("treasure", t, a) in legal and Action("treasure", t, b) in legal
    act(s, "treasure", t, a)
    assert combat.strength(s, a) == 5 and combat.strength(s, b) == 2
    blade = give(s, 0, "nightsteel_blade")
    act(s, "play", blade)
    choose(s, s.units[a].card)
    assert combat.strength(s, a) == 7 and combat.strength(s, b) == 4


def test_faq16_askara_figures_are_commanded_one_after_the_other() -> None:
    s = table()
    a, b = unit_of(s, "psyche_askara", 0), unit_of(s, "psyche_askara", 1)
    put(s, a, cell(s, 1, 1))
    put(s, b, cell(s, 1, 3))
    s.seats[0].power = 3
    act(s, "command", a)
    assert s.seats[0].power == 0  # one card, one cost
    assert s.cmd is not None and s.cmd.unit == a and s.cmd.queue == (b,)
    act(s, "move", -1, cell(s, 2, 1))
    act(s, "done")
    assert s.cmd is not None and s.cmd.unit == b and not s.cmd.moved
    act(s, "move", -1, cell(s, 2, 3))
    assert s.units[a].cell == cell(s, 2, 1)  # the first figure cannot move again
    act(s, "done")
    assert s.cmd is None and s.units[a].exhausted and s.units[b].exhausted
    assert Action("command", b) not in T.legal_actions(s)


def test_faq17_slay_stacks_keywords_do_not() -> None:
    s = table()
    ty = unit_of(s, "tyranyx")
    card = s.units[ty].card
    cloak = give(s, 0, "shadowstep_cloak", "discard")  # Slay: +1 Power
    s.seats[0].discard.remove(cloak)
    s.gear[card] = (cloak,)
    foe = put(s, cultist(s, 1), cell(s, 2, 2))
    command_at(s, ty, cell(s, 1, 2))
    power = s.seats[0].power
    attack(s, foe)
    choose(s, cloak)  # two Slays: order them (FAQ 13); both happen
    assert s.seats[0].power == power + 1 and s.units[ty].b_str == 2
    # Strikeback granted twice still strikes back once.
    s2 = table()
    warden = unit_of(s2, "thornback_warden")  # innate Strikeback, S3
    wc = s2.units[warden].card
    mirror = give(s2, 1, "mirror_ward", "discard")  # grants Strikeback (+1 Defense)
    s2.seats[1].discard.remove(mirror)
    s2.gear[wc] = (mirror,)
    put(s2, warden, cell(s2, 2, 2), 1)
    s2.units[warden].b_kw = combat.STRIKEBACK
    kor = unit_of(s2, "kor_the_ferromancer")  # S4 D6
    command_at(s2, kor, cell(s2, 1, 2))
    attack(s2, warden)
    assert s2.units[kor].damage == 3


def test_faq18_one_unit_per_hex_allies_crossed_enemies_never() -> None:
    s = table(CORRIDOR)
    ally = put(s, unit_of(s, "icarus_steelfoot"), 0)  # on the portal
    ty = unit_of(s, "tyranyx")
    s.seats[0].power = 10
    with pytest.raises(IllegalAction, match="portal"):
        T.apply(s, Action("command", ty))
    T.apply(s, Action("command", ally))
    dests = {a.option for a in T.legal_actions(s) if a.kind == "move"}
    speed = combat.speed(s, ally)
    assert 2 <= speed <= 5  # the corridor is long enough; the enemy portal (6) stays shut
    assert dests == set(range(1, speed + 1))
    act(s, "done")
    put(s, ty, 2)
    put(s, unit_of(s, "arha_templar"), 4, 1)
    s2 = s.copy()
    s2.units[ally].exhausted = False
    T.apply(s2, Action("command", ally))
    assert {a.option for a in T.legal_actions(s2) if a.kind == "move"} == {1, 3}


def test_faq19_center_row_champions_matching_villains_are_replaced() -> None:
    s = table()
    uids = set_row(s, ["rift_horror", "wolf_caller", "brass_juggernaut"])
    events: list = []
    turn.remove_villain_matches(s, {"rift_horror", "brass_juggernaut"}, events)
    assert uids[0] in s.box and uids[2] in s.box and uids[1] in s.row
    assert not any(s.cards[u].id in ("rift_horror", "brass_juggernaut") for u in s.row)
    assert -1 not in s.row


def test_faq20_units_never_block_the_turret_and_it_hits_its_own_hex() -> None:
    s = table(CORRIDOR)
    s.turret = (2, 0)
    on_hex = put(s, cultist(s, 1, 0), 2)
    behind = put(s, cultist(s, 1, 1), 4)
    middle = put(s, cultist(s, 1, 2), 3)  # an enemy between the Turret and `behind`
    assert _turret_targets(s) == [on_hex, middle, behind]
    lift(s, middle)
    s.terrain[3] = FOREST  # a Forest does block it
    assert _turret_targets(s) == [on_hex]
    mila = give(s, 0, "salvagemaster_mila")
    act(s, "play", mila)
    assert s.pending[-1].kind == "move_token"
    decline(s)  # leave the Turret where it is
    assert s.pending[-1].kind == "turret_attack"
    choose(s, on_hex)
    assert s.units[on_hex].cell == -1


def _turret_targets(s: T.State) -> list[int]:
    return turret_targets(s, 0)


def test_faq21_isla_copying_kiri_or_mila_places_no_token() -> None:
    for copied in ("kiri_meadow_witch", "salvagemaster_mila"):
        s = table()
        target = set_row(s, [copied])[0]
        isla = give(s, 0, "isla_the_serene")
        act(s, "play", isla)
        d = s.pending[-1]
        assert d.kind == "copy_center" and target in d.choices
        choose(s, target)  # its play effect only moves a token that was never placed
        assert s.pending == [] and s.ring == (-1, -1) and s.turret == (-1, -1)
    # The Ambush itself (acquiring the card) does place it.
    s = table()
    kiri = set_row(s, ["kiri_meadow_witch"])[0]
    s.seats[0].runes = 3
    act(s, "acquire", kiri)
    choose(s, s.pending[-1].choices[0])
    assert s.ring[0] >= 0 and s.ring[1] == 0


def test_faq22_isla_stays_enlightened_after_copying() -> None:
    s = table()
    p = s.seats[0]
    set_row(s, ["dusk_stalker"])  # Void: +1 Power, 2 damage
    stalker = give(s, 0, "dusk_stalker")  # Void Allegiance waits for another Void card
    scribe = give(s, 0, "temple_scribe")  # Enlightened Allegiance waits: draw 1
    act(s, "play", stalker)
    act(s, "play", scribe)
    power, hand = p.power, len(p.hand)
    isla = give(s, 0, "isla_the_serene")
    hand += 1
    act(s, "play", isla)
    choose(s, s.row[0])
    assert p.power == power + 1  # the copied effect only, not the Void Allegiance
    assert len(p.hand) == hand - 1 + 1  # Isla left the hand; the scribe's draw fired
    assert [s.cards[u].faction for u, _ in p.waiting] == ["void"]
