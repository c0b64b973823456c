"""Card effects around commands: free commands, choices, damage and defeat, the Faerie Ring,
Enchanted hexes, and the cards that change where a card or a unit goes."""

from __future__ import annotations

from tactics_helpers import (
    CORRIDOR,
    act,
    attack,
    cell,
    choose,
    command_at,
    cultist,
    give,
    moves,
    pending_kind,
    put,
    set_row,
    table,
    unit_of,
    with_stats,
)

import core.tactics as T
from core.contract import Action
from core.tactics import combat
from core.tactics.board import FOREST
from core.tactics.cards import CardDef, Op

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
