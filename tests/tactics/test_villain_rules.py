"""The rules of the games against the Villains (solo, co-op, Become the Boss), one test per
rule: set-up, the Villain turn, the Scheme operations, the Villains' special rules, victory."""

from __future__ import annotations

from tactics_helpers import cell
from villain_helpers import cleared, command, hero, op, run_ops, solo, token, villain

import core.tactics as T
from core.contract import Action
from core.tactics.board import SHRINE
from core.tactics.scenarios import scenario
from core.tactics.sides import villain_unit
from core.tactics.state import OVER
from core.tactics.villain_state import HEROES, KIND_INDEX, VILLAIN, VILLAINS
from core.tactics.villains import villain_by_id

END = Action("end", -1, 0)


def _end_heroes_turn(s: T.State) -> None:
    """End the heroes' turn and pass every window and tie until the heroes move again."""
    T.apply(s, END)
    while not s.over and s.side == VILLAINS:
        T.apply(s, T.legal_actions(s)[-1] if s.pending and s.pending[-1].optional
                else T.legal_actions(s)[0])


def test_solo_set_up_suggested_roster_a_boss_and_three_villains_on_their_starts() -> None:
    s = solo()
    v = s.villain
    assert v is not None
    assert [s.cards[c].id for c in s.seats[0].roster] == list(s.scen.hero_rosters["solo"][0])
    assert v.vdef(v.holder[0]).boss and not any(v.vdef(c).boss for c in v.holder[1:])
    for k, kind in enumerate(("boss", "red", "blue", "green")):
        u = villain_unit(s, k)
        assert s.units[u].seat == VILLAIN and s.units[u].cell == s.scen.villain_starts[kind]
        assert v.token[k] == s.scen.objectives[kind]
    heroes = {s.cards[c].id for c in s.seats[0].roster}
    assert not heroes & v.names()


def test_faces_by_mode_solo_face_in_solo_coop_face_in_coop_and_boss() -> None:
    for mode, players, face in (("solo", 1, "solo"), ("coop", 2, "coop"), ("boss", 2, "coop")):
        s = T.new_game({"players": players, "mode": mode}, 2)
        v = s.villain
        assert v is not None
        boss = v.vdef(v.holder[0])
        u = villain_unit(s, 0)
        assert T.view(s, 0).stats[u].strength == getattr(boss, face).strength


def test_a_fixed_villain_roster_is_used_and_its_namesakes_are_never_drafted() -> None:
    s = T.new_game({"players": 1, "scenario": "drowned_chapel", "draft": True}, 4)
    fixed = set(villain_by_id()) & set(s.scen.villains)
    assert not {s.cards[c].id for c in s.draft_row + s.draft_deck} & fixed
    while s.phase == "draft":
        T.apply(s, T.legal_actions(s)[0])
    v = s.villain
    assert v is not None
    assert [v.vdef(c).id for c in v.holder][0] == s.scen.villains[0]
    assert {v.vdef(c).id for c in v.holder} == set(s.scen.villains)


def test_solo_draft_takes_four_picks_and_coop_three_each_alternating() -> None:
    s = T.new_game({"players": 1, "draft": True}, 1)
    assert s.draft_order == [0, 0, 0, 0]
    s = T.new_game({"players": 2, "mode": "coop", "draft": True}, 1)
    assert s.draft_order == [0, 1, 0, 1, 0, 1]
    while s.phase == "draft":
        T.apply(s, T.legal_actions(s)[0])
    assert [len(p.roster) for p in s.seats] == [3, 3]
    v = s.villain
    assert v is not None
    assert not {s.cards[c].id for p in s.seats for c in p.roster} & v.names()


def test_each_coop_hero_chooses_a_portal_and_deploys_only_there() -> None:
    s = T.new_game({"players": 2, "mode": "coop"}, 1)
    d = s.pending[-1]
    assert (d.kind, d.seat) == ("portal", 0) and len(d.choices) >= 2
    first = d.choices[0]
    T.apply(s, Action("choose", first, 0))
    d = s.pending[-1]
    assert (d.kind, d.seat) == ("portal", 1) and first not in d.choices
    T.apply(s, Action("choose", d.choices[0], 0))
    assert not s.pending and s.side == HEROES
    assert s.portal_seats[first] == 1 and s.portal_seats[d.choices[0]] == 2


def test_difficulty_puts_schemes_in_the_discard_at_set_up() -> None:
    for difficulty, n in (("standard", 0), ("hard", 4), ("nightmare", 8)):
        v = solo(difficulty=difficulty).villain
        assert v is not None and len(v.discard) == n and len(v.deck) == 32 - n


def test_faq19_no_center_row_champion_shares_a_villain_name() -> None:
    for seed in range(20):
        s = solo(seed)
        v = s.villain
        assert v is not None
        assert not {s.cards[c].id for c in s.row if c >= 0} & v.names()


def test_the_villain_turn_plays_two_schemes_then_discards_both() -> None:
    s = solo(ties="auto")
    v = s.villain
    assert v is not None
    top = v.deck[-2:]
    _end_heroes_turn(s)
    assert s.over or sorted(v.discard[-2:]) == sorted(top)
    assert s.over or (len(v.deck) == 30 and s.side == HEROES and not v.in_play)


def test_threat_level_counts_the_discard_before_this_turns_schemes() -> None:
    s = solo(ties="auto")
    v = s.villain
    assert v is not None
    idx = next(i for i, d in enumerate(v.schemes) if d.id == "crimson_march")  # threat 6
    v.deck.remove(idx)
    v.deck.append(idx)
    while len(v.discard) < 5:
        v.discard.append(v.deck.pop(0))
    events = T.apply(s, END)
    assert not any(e.kind == "threat" and e.card == idx for e in events)  # 5 < 6
    s2 = solo(ties="auto")
    v2 = s2.villain
    assert v2 is not None
    v2.deck.remove(idx)
    v2.deck.append(idx)
    while len(v2.discard) < 6:
        v2.discard.append(v2.deck.pop(0))
    events = T.apply(s2, END)
    assert any(e.kind == "threat" and e.card == idx for e in events)


def test_an_empty_scheme_deck_when_one_must_be_played_makes_the_villains_win() -> None:
    s = solo()
    v = s.villain
    assert v is not None
    v.discard += v.deck
    v.deck = []
    T.apply(s, END)
    out = T.outcome(s)
    assert s.phase == OVER and out is not None
    assert out.winners == () and out.details["by"] == "deck out" and out.details["villains_won"]


def test_the_villains_score_their_shrines_at_the_end_of_their_turn() -> None:
    s = cleared(ties="auto")
    v = s.villain
    assert v is not None
    shrine = cell(s, 4, 1)
    assert s.terrain[shrine] == SHRINE
    villain(s, "blue", 4, 1)
    token(s, "blue", 4, 7)
    # Two Schemes that command only green (far away) and red (off the battlefield).
    green = villain(s, "green", 9, 7)
    top = [i for i, d in enumerate(v.schemes) if d.id in ("verdant_march", "crimson_march")]
    v.deck = [i for i in v.deck if i not in top] + top  # red is off the battlefield
    before = s.honor[VILLAINS]
    events = T.apply(s, END)
    scored = sum(e.value for e in events if e.kind == "honor" and e.seat == VILLAINS)
    assert s.units[green].cell >= 0
    assert scored >= s.map.shrine_honor[shrine] and s.honor[VILLAINS] == before + scored


def test_the_villains_win_on_reaching_their_honor() -> None:
    s = solo()
    s.honor_supply -= s.scen.villain_honor - 1
    s.honor[VILLAINS] = s.scen.villain_honor - 1
    run_ops(s, [op("honor", 1)])
    out = T.outcome(s)
    assert out is not None and out.details["by"] == "Villain Honor" and out.winners == ()


def test_defeating_a_villain_gives_its_face_honor_and_it_is_never_exhausted() -> None:
    s = cleared()
    red = villain(s, "red", 6, 2, defense=3, strength=0)
    arha = hero(s, 0, 5, 2, strength=5)
    v = s.villain
    assert v is not None
    worth = v.vdef(s.units[red].card).solo.honor
    s.seats[0].power = 10
    T.apply(s, Action("command", arha, 0))
    T.apply(s, Action("attack", red, 0))
    while s.pending:
        T.apply(s, T.legal_actions(s)[-1])
    assert s.units[red].cell < 0 and not s.units[red].exhausted
    assert s.honor[HEROES] == worth


def test_a_villain_cultist_appears_on_its_token_or_next_to_it_and_is_worth_one_honor() -> None:
    s = cleared(ties="auto")
    v = s.villain
    assert v is not None
    run_ops(s, [op("cultist", objectives=["red"])])
    first = next(u for u in v.cultists if s.units[u].cell >= 0)
    assert s.units[first].cell == v.token[KIND_INDEX["red"]]
    run_ops(s, [op("cultist", objectives=["red"])])
    second = [u for u in v.cultists if s.units[u].cell >= 0 and u != first]
    assert len(second) == 1
    assert s.map.distance(s.units[second[0]].cell, v.token[KIND_INDEX["red"]]) == 1
    assert len(v.cultists) == 16 - 4  # the figures the lone hero does not use


def test_villains_leave_treasure_where_it_lies() -> None:
    s = cleared()
    red = villain(s, "red", 6, 2, speed=3)
    target = cell(s, 5, 1)
    token(s, "red", 5, 1)
    s.board_treasure[target], s.bag[-1] = s.bag[-1], s.board_treasure[target]
    if s.board_treasure[target] < 0:
        s.board_treasure[target] = s.bag.pop()
    run_ops(s, [command("red")])
    assert s.units[red].cell == target and s.board_treasure[target] >= 0


def test_scheme_damage_waits_for_the_heroes_treasure_window() -> None:
    s = cleared()
    villain(s, "red", 6, 2)
    arha = hero(s, 0, 5, 2)
    s.seats[0].treasures.append(s.bag.pop())
    run_ops(s, [op("damage", 2, target="nearest:red")])
    d = s.pending[-1]
    assert (d.kind, d.seat) == ("react", 0) and s.units[arha].damage == 0
    T.apply(s, Action("decline", -1, 0))
    assert s.units[arha].damage == 2


def test_a_villain_attack_opens_the_treasure_window_for_the_hero_attacked() -> None:
    s = cleared()
    villain(s, "red", 6, 2, strength=1)
    arha = hero(s, 0, 5, 2, defense=9)
    s.seats[0].treasures.append(s.bag.pop())
    run_ops(s, [command("red")])
    assert s.pending[-1].kind == "react" and s.attack is not None
    assert s.attack.targets == (arha,)


def test_a_villain_construct_is_banished_when_the_villain_falls() -> None:
    s = cleared(ties="auto")
    red = villain(s, "red", 6, 2, defense=3, strength=0)
    run_ops(s, [op("acquire", objectives=["red"])])
    gear = s.gear.get(s.units[red].card, ())
    assert len(gear) == 1
    arha = hero(s, 0, 5, 2, strength=9)
    s.seats[0].power = 10
    T.apply(s, Action("command", arha, 0))
    T.apply(s, Action("attack", red, 0))
    while s.pending:
        T.apply(s, T.legal_actions(s)[-1])
    assert s.units[red].cell < 0 and gear[0] in s.banished


def test_tainted_ground_does_not_hurt_the_villains() -> None:
    s = cleared()
    red = villain(s, "red", 7, 1, speed=3)
    s.terrain[cell(s, 6, 1)] = "tainted"
    run_ops(s, [command("red")])
    assert s.units[red].cell >= 0 and s.units[red].damage == 0


def test_the_boss_player_holds_three_schemes_plays_two_and_draws_back() -> None:
    s = T.new_game({"players": 2, "mode": "boss"}, 1)
    v = s.villain
    assert v is not None and len(v.hand) == 3 and v.boss_seat == 1
    assert T.view(s, 0).villain is not None and T.view(s, 0).villain.hand is None
    assert T.view(s, 1).villain.hand == tuple(v.hand)
    T.apply(s, END)
    played = 0
    while not s.over and s.side == VILLAINS:
        acts = T.legal_actions(s)
        if acts[0].kind == "scheme":
            played += 1
        T.apply(s, acts[0] if acts[0].kind != "move" else acts[-1])
    assert s.over or (played == 2 and len(v.hand) == 3 and len(v.discard) == 2)


def test_the_boss_player_commands_villains_freely_with_move_attack_done() -> None:
    s = T.new_game({"players": 2, "mode": "boss"}, 1)
    v = s.villain
    assert v is not None
    idx = next(i for i, d in enumerate(v.schemes) if d.id == "crimson_march")
    v.deck.append(v.hand.pop())
    if idx in v.deck:
        v.deck.remove(idx)
    else:
        v.discard.remove(idx)
        v.deck.append(v.hand.pop())
    v.hand.append(idx)
    T.apply(s, END)
    T.apply(s, Action("scheme", idx, 0))
    assert s.cmd is not None and s.cmd.unit == villain_unit(s, KIND_INDEX["red"])
    kinds = {a.kind for a in T.legal_actions(s)}
    assert "move" in kinds and "done" in kinds and s.to_move == 1


def test_campaign_options_first_power_treasures_removed_scheme_and_fixed_heroes() -> None:
    s = T.new_game({"players": 1, "first_power": 1, "treasures": 1,
                    "removed_schemes": ["crimson_march"],
                    "heroes": [["tyranyx", "icarus_steelfoot", "arha_templar"]]}, 1)
    v = s.villain
    assert v is not None
    assert [s.cards[c].id for c in s.seats[0].roster] == ["tyranyx", "icarus_steelfoot",
                                                          "arha_templar"]
    assert len(s.seats[0].treasures) == 1
    assert s.seats[0].power == 1 + s.gates[1].power
    assert [v.schemes[i].id for i in v.removed] == ["crimson_march"]


def test_a_chapter_surge_rule_replaces_the_scenarios() -> None:
    from core.tactics.villains import campaign

    chapter = next(c for c in campaign().chapters if c.surge is not None)
    s = T.new_game({"players": 1, "scenario": chapter.scenario, "chapter": chapter.id}, 1)
    v = s.villain
    assert v is not None and v.surge == chapter.surge


def test_each_mode_plays_to_its_own_goals_and_coop_villains_win_at_theirs() -> None:
    vigil = scenario("crossroads_vigil")
    coop_goal = vigil.goals["coop"][1]
    assert coop_goal < vigil.villain_honor  # two heroes score faster than one (BALANCE.md)
    s = T.new_game({"players": 1, "mode": "solo", "scenario": "crossroads_vigil"}, 1)
    assert (s.scen.victory_honor, s.scen.villain_honor) == (vigil.victory_honor,
                                                            vigil.villain_honor)
    s = T.new_game({"players": 2, "mode": "coop", "scenario": "crossroads_vigil"}, 1)
    assert (s.scen.victory_honor, s.scen.villain_honor) == vigil.goals["coop"]
    while s.pending:  # each hero chooses a portal
        T.apply(s, Action("choose", s.pending[-1].choices[0], 0))
    s.honor_supply -= coop_goal - 1
    s.honor[VILLAINS] = coop_goal - 1
    run_ops(s, [op("honor", 1)])
    out = T.outcome(s)
    assert out is not None and out.details["by"] == "Villain Honor" and out.winners == ()
