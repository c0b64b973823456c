"""What a table reads from the view: the units' numbers, the menus grouped from the legal
actions, and the battlefield facts of ``core.tactics.field`` (shrine holders, reach and
targets, what choosing a hex does, the line of sight)."""

from __future__ import annotations

from tactics_helpers import (
    act,
    cell,
    command_at,
    cultist,
    give,
    put,
    table,
    unit_of,
    with_stats,
)

import core.tactics as T
from core.contract import Action
from core.rng import Rng
from core.tactics import combat, menus
from core.tactics.board import FOREST, in_sight
from core.tactics.field import (
    action_at,
    action_cell,
    area_targets,
    command_marks,
    shrine_sides,
    sight_path,
)
from core.tactics.state import HEAVY_PILE, MYSTIC_PILE


def test_the_view_carries_every_owned_unit_s_numbers_and_the_battlefield() -> None:
    s = table()
    ty = put(s, unit_of(s, "tyranyx"), cell(s, 1, 1))
    s.ring = (cell(s, 1, 1), 0)  # +3 Strength and Defense on its hex
    blade = give(s, 0, "nightsteel_blade")
    act(s, "play", blade)
    act(s, "choose", s.units[ty].card)
    v = T.view(s, 1)
    for u, unit in enumerate(s.units):
        assert v.units[u] == tuple(unit.data()) and v.units[u].cell == unit.cell
        if unit.seat < 0:
            assert u not in v.stats
            continue
        st = v.stats[u]
        assert (st.strength, st.defense, st.speed, st.keywords, st.command) == (
            combat.strength(s, u), combat.defense(s, u), combat.speed(s, u),
            combat.keywords(s, u), combat.command_cost(s, u))
    assert v.occupant == tuple(s.occupant) and v.occ_side == tuple(s.occ_side)


def enabled(items: list[menus.Item]) -> list[Action]:
    return [i.action for i in items if i.legal]


def test_menus_list_exactly_what_legal_actions_offer() -> None:
    """Over random games: every line a menu enables is legal, and every legal action of
    the menu's kind is on it (identical cards in hand are one line); a pending choice lists
    its legal answers and nothing else."""
    for seed in range(3):
        s = T.new_game({"players": 2, "draft": seed == 1}, seed)
        rng = Rng.stream(seed, "menus")
        for _ in range(300):
            if s.over:
                break
            seat = s.to_move
            assert seat is not None
            v = T.view(s, seat)
            legal = T.legal_actions(s)
            if v.pending is not None:
                assert sorted(enabled(menus.decision_items(v, legal))) == sorted(legal)
            else:
                lists = [menus.command_items(v, legal), menus.play_items(v, legal),
                         menus.acquire_items(v, legal), menus.treasure_items(v, legal)]
                offered = [a for items in lists for a in enabled(items)]
                assert all(a in legal for a in offered)
                for a in legal:
                    if a.kind == "play":
                        assert any(v.cards[b.card].id == v.cards[a.card].id
                                   for b in offered if b.kind == "play")
                    elif a.kind in ("acquire", "command", "treasure"):
                        assert (a in offered) == (v.cmd is None or a.kind == "treasure")
                for item in (i for items in lists for i in items if i.legal):
                    assert item.cell == action_cell(v, item.action)
            T.apply(s, rng.choice(legal))


def test_the_command_menu_lists_every_unit_and_says_which_can_go() -> None:
    s = table()
    p = s.seats[0]
    p.power = 3
    v = T.view(s, 0)
    legal = T.legal_actions(s)
    items = menus.command_items(v, legal)
    units = [i.action.card for i in items if i.action.card >= 0]
    assert units == [u for c in p.roster for u in s.card_units[c]]
    assert all(i.legal == (i.action in legal) for i in items)
    assert not all(i.legal for i in items)  # three Power is not enough for everyone
    calls = [i for i in items if i.action.card == -1]
    assert calls and all(i.legal and i.cell == i.action.option for i in calls)
    p.power = 0
    v = T.view(s, 0)
    calls = [i for i in menus.command_items(v, T.legal_actions(s)) if i.action.card == -1]
    assert len(calls) == 1 and not calls[0].legal  # one greyed line says why


def test_the_acquire_menu_ends_with_the_piles_and_the_play_menu_groups_copies() -> None:
    s = table()
    s.seats[0].runes = 0
    v = T.view(s, 0)
    legal = T.legal_actions(s)
    items = menus.acquire_items(v, legal)
    assert [i.action.card for i in items[-2:]] == [MYSTIC_PILE, HEAVY_PILE]
    assert [i.action.card for i in items[:-2]] == [u for u in s.row if u >= 0]
    assert not any(i.legal for i in items)
    hand = s.seats[0].hand
    plays = menus.play_items(v, legal)
    assert sum(i.copies for i in plays) == len(hand)
    assert len({v.cards[i.action.card].id for i in plays}) == len(plays)


def test_choosing_a_hex_moves_attacks_or_answers() -> None:
    s = table()
    ty = unit_of(s, "tyranyx")
    foe = put(s, cultist(s, 1, 0), cell(s, 2, 2))
    command_at(s, ty, cell(s, 1, 2))
    v = T.view(s, 0)
    legal = T.legal_actions(s)
    reach, targets = command_marks(v, legal)
    assert reach == {a.option for a in legal if a.kind == "move"}
    assert targets == {cell(s, 2, 2)}
    step = sorted(reach)[0]
    assert action_at(v, legal, step) == Action("move", -1, step)
    assert action_at(v, legal, cell(s, 2, 2)) == Action("attack", foe)
    assert action_at(v, legal, cell(s, 1, 2)) is None  # the commanded unit itself
    act(s, "done")

    stalker = give(s, 0, "dusk_stalker")  # 2 damage to an enemy within 2
    act(s, "play", stalker)
    v = T.view(s, 0)
    legal = T.legal_actions(s)
    assert command_marks(v, legal) == (set(), set())
    assert action_at(v, legal, cell(s, 2, 2)) == Action("choose", foe)
    assert action_at(v, legal, cell(s, 5, 0)) is None


def test_an_area_attacker_hits_every_enemy_in_range_from_one_hex() -> None:
    s = table()
    djinn = unit_of(s, "water_djinn")
    with_stats(s, "water_djinn", speed=0)
    put(s, djinn, cell(s, 3, 2), 0)
    a = put(s, cultist(s, 1, 0), cell(s, 2, 2))
    b = put(s, cultist(s, 1, 1), cell(s, 4, 2))
    s.seats[0].power = 10
    act(s, "command", djinn)
    v = T.view(s, 0)
    legal = T.legal_actions(s)
    assert Action("attack", -1) in legal
    assert sorted(area_targets(v, djinn)) == sorted([a, b])
    assert command_marks(v, legal)[1] == {cell(s, 2, 2), cell(s, 4, 2)}
    assert action_at(v, legal, cell(s, 4, 2)) == Action("attack", -1)


def test_shrine_holders_and_lines_of_sight_are_the_rules() -> None:
    s = table()
    shrine = cell(s, 3, 2)
    assert shrine_sides(T.view(s, 0))[shrine] == -1
    ty = put(s, unit_of(s, "tyranyx"), cell(s, 2, 2))
    assert shrine_sides(T.view(s, 0))[shrine] == 0
    assert all(side == -1 for c, side in enumerate(shrine_sides(T.view(s, 0))) if c != shrine)
    v = T.view(s, 0)
    side = s.side_of[0]
    for target in range(len(s.map.hexes)):
        path = sight_path(v, ty, target)
        seen = in_sight(s.map, s.terrain, s.occ_side, side, s.units[ty].cell, target)
        assert (path is not None) == seen
        if path is not None:
            assert path[0] == s.units[ty].cell and path[-1] == target
    beyond = cell(s, 4, 2)
    assert sight_path(T.view(s, 0), ty, beyond) == [cell(s, 2, 2), shrine, beyond]
    s.terrain[shrine] = FOREST  # the only hex between them: a Forest there cuts the line
    assert sight_path(T.view(s, 0), ty, beyond) is None
