"""Mission cards: four dealt face up at set-up on random sides, completed through Interact
(2 cubes for the first comer, 1 after), refused with the reason when the goal is not met,
scored at the end, public in every view; a broken deck fails naming file, entry and field."""

from __future__ import annotations

from pathlib import Path

import pytest
from empires_rules_helpers import at, game, pieces, play, reveal, ship_to

from core.content import ContentError
from core.contract import Action
from core.empires import legal_actions, new_game, view, why_illegal
from core.empires.missions import DEALT, GOALS, load, mission_vp, missions, progress
from core.empires.scoring import final_scores
from core.empires.state import State


def _show(s: State, *ids: str) -> None:
    """Lay out the given mission sides instead of the dealt ones (no cubes yet)."""
    s.missions = list(ids)
    s.mission_cubes = [[0] * s.n for _ in ids]


def _pass(s: State) -> None:
    play(s, ("choose", 3), ("end",), ("end",))


def test_four_distinct_cards_are_dealt_each_on_one_side_from_the_games_generator() -> None:
    for players in (2, 3, 4):
        for seed in range(6):
            s = new_game({"players": players}, seed)
            cards = [m.split(":")[0] for m in s.missions]
            assert len(s.missions) == DEALT and len(set(cards)) == DEALT
            assert all(m in missions() for m in s.missions)
            assert s.mission_cubes == [[0] * players] * DEALT
    deals = {tuple(new_game({"players": 2}, seed).missions) for seed in range(12)}
    assert len(deals) > 6  # the deal is shuffled
    assert new_game({"players": 2}, 5).missions == new_game({"players": 2}, 5).missions
    sides = {m.split(":")[1] for seed in range(12) for m in new_game({"players": 2}, seed).missions}
    assert sides == {"a", "b"}


def test_every_goal_keyword_of_the_deck_is_counted_by_the_rules() -> None:
    assert {m.goal for m in missions().values()} <= set(GOALS)
    assert len(missions()) % 2 == 0 and len(missions()) >= 2 * DEALT


def test_a_mission_not_met_is_refused_with_what_is_missing() -> None:
    s = game()
    _show(s, "metropolis:a", "frontier:a", "armada:a", "mastery:a")
    play(s, ("choose", 3))
    reason = why_illegal(s, Action("mission", 0))
    assert reason is not None and "Twin Capitals is not met" in reason and "0 of 2" in reason
    assert Action("mission", 0) not in legal_actions(s)
    assert why_illegal(s, Action("mission", 7)) == "there is no mission 7 (there are 4)"


def test_missions_belong_to_the_interact_action() -> None:
    s = game()
    _show(s, "orbitals:b", "frontier:a", "armada:a", "mastery:a")
    assert why_illegal(s, Action("mission", 0)) == (
        "choose an action first (Move, Deploy, Build or Interact)")
    play(s, ("choose", 1))
    assert why_illegal(s, Action("mission", 0)) == "mission belongs to the Interact action"


def test_the_first_to_complete_a_mission_puts_two_cubes_the_next_one() -> None:
    s = game(players=2)
    _show(s, "orbitals:b", "frontier:a", "armada:a", "mastery:a")  # Power Reserve: 4 energy
    s.players[0].energy_ready = s.players[1].energy_ready = 4
    s.players[0].locks["city"] -= 3
    s.players[1].locks["city"] -= 3
    s.players[0].troops_locked -= 3
    s.players[0].troops += 3
    s.players[1].troops_locked -= 3
    s.players[1].troops += 3
    play(s, ("choose", 3))
    assert Action("mission", 0) in legal_actions(s)
    play(s, ("mission", 0))
    assert s.mission_cubes[0] == [2, 0]
    assert s.uses == 0  # one Interact: no more without a boost
    play(s, ("end",), ("end",))
    play(s, ("choose", 3), ("mission", 0), ("end",), ("end",))
    assert s.mission_cubes[0] == [2, 1]
    play(s, ("choose", 3))
    assert why_illegal(s, Action("mission", 0)) == "you have already completed Power Reserve"


def test_a_boosted_interact_completes_two_missions() -> None:
    s = game()
    _show(s, "orbitals:b", "antiquarian:a", "armada:a", "mastery:a")
    p = s.players[0]
    p.energy_ready, p.locks["city"], p.troops_locked, p.troops = 5, 0, 0, 8
    # Relic Hunter: hold 3 relics (taken from face-down locations, so every token is
    # still accounted for)
    holders = [loc for loc in s.locations if not loc.faceup and loc.token][:3]
    for loc in holders:
        p.relics.append(loc.token)
        loc.token = ""
    play(s, ("choose", 3), ("mission", 1), ("boost",), ("mission", 0))
    assert s.mission_cubes[0][0] == 2 and s.mission_cubes[1][0] == 2


def test_planet_goals_count_what_the_seat_occupies() -> None:
    s = game()
    _show(s, "frontier:a", "spectrum:b", "settlers:b", "antiquarian:b")
    for hole, colour in (("1.near_x", "purple"), ("2.near_x", "purple"), ("3.middle", "purple")):
        reveal(s, hole, "planet", colour)
        pieces(s, 0, hole, "troop")
    assert progress(s, 0, 0) == (3, 3)  # quadrants 1, 2 and 3
    assert progress(s, 0, 1) == (3, 3)  # three purple planets
    assert progress(s, 0, 2) == (3, 4)  # away from home (quadrant 0): 3 of 4
    assert progress(s, 1, 0) == (0, 3)
    reveal(s, "2.middle", "relic")
    pieces(s, 0, "2.middle", "outpost")
    assert progress(s, 0, 3) == (1, 2)
    assert progress(s, 0, 2) == (4, 4)


def test_ship_and_tech_goals() -> None:
    s = game()
    _show(s, "pathfinder:a", "armada:a", "mastery:b", "academy:b")
    arts = [loc.hole for loc in s.locations if loc.kind == "artifact"][:2]
    for hole in arts:
        reveal(s, hole)
        ship_to(s, 0, hole)
    assert progress(s, 0, 0) == (2, 2)
    assert progress(s, 0, 1) == (4, 5)  # the two starting ships and the two put out
    s.players[0].tech.update(orange=2, pink=2, green=1)
    assert progress(s, 0, 2) == (5, 5)
    assert progress(s, 0, 3) == (3, 3)


def test_missions_score_first_comer_and_other_vp_at_the_end() -> None:
    s = game(players=3)
    _show(s, "frontier:a", "metropolis:b", "armada:a", "mastery:a")
    s.mission_cubes = [[2, 1, 0], [0, 2, 1], [0, 0, 0], [1, 0, 2]]
    # Far Frontier 4/2, Crowded World 3/1, Armada 3/1, Deep Science 5/3
    assert [mission_vp(s, k) for k in range(3)] == [4 + 3, 2 + 3, 1 + 5]
    assert [parts["missions"] for parts in final_scores(s)] == [7, 5, 6]


def test_missions_are_public_in_every_view() -> None:
    s = game()
    s.mission_cubes[1][2] = 2
    for seat in (-1, 0, 3):
        v = view(s, seat)
        assert v.table.missions == s.missions and v.table.mission_cubes == s.mission_cubes


def test_a_full_planet_mission() -> None:
    s = game()
    _show(s, "metropolis:b", "frontier:a", "armada:a", "mastery:a")
    i = reveal(s, "0.middle", "planet", "green")
    pieces(s, 0, "0.middle", "troop", "outpost")
    assert progress(s, 0, 0) == (0, 1)
    play(s, ("choose", 1), ("deploy_troop", i), ("end",), ("end",))
    assert progress(s, 0, 0) == (1, 1)
    assert at(s, "0.middle") == i


BAD = {
    "unknown goal": ('goal = "quadrants"', 'goal = "nonsense"',
                     'missions.toml: [[mission]] "one", field "a.goal": must be one of'),
    "others too big": ("others = 1", "others = 9",
                       'missions.toml: [[mission]] "one", field "a.others": must be less'),
    "a third side": ('b = { name = "B0"', 'c = { name = "B0"',
                     'missions.toml: [[mission]] "one", field "c": unknown field'),
    "a name twice": ('name = "B0"', 'name = "A0"',
                     'missions.toml: [[mission]] "one", field "b.name": the name'),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_broken_deck_names_file_entry_and_field(tmp_path: Path, case: str) -> None:
    old, new, message = BAD[case]
    lines = []
    for k, name in enumerate(("one", "two", "three", "four")):
        lines.append(f'[[mission]]\nid = "{name}"\n'
                     f'a = {{ name = "A{k}", goal = "quadrants", count = 1, first = 2, '
                     f'others = 1, text = "x" }}\n'
                     f'b = {{ name = "B{k}", goal = "ships", count = 1, first = 2, '
                     f'others = 1, text = "x" }}\n')
    good = "\n".join(lines)
    path = tmp_path / "missions.toml"
    path.write_text(good)
    assert len(load(path)) == 8
    path.write_text(good.replace(old, new, 1))
    with pytest.raises(ContentError) as err:
        load(path)
    assert str(err.value).startswith(message), str(err.value)
