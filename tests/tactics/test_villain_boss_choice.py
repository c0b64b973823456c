"""Choosing the Boss of a game against the Villains: on a scenario whose Villain roster is
drawn at random, the ``boss`` option names who leads it (``random`` by default, as the
rulebook deals); a fixed roster, an unknown id or a Villain that is not a Boss is refused
with the reason; the chosen Boss's namesake never joins the heroes."""

from __future__ import annotations

import pytest

import core.tactics as T
from core.games import info
from core.tactics.snapshot import restore, snapshot
from core.tactics.villain_options import boss_ids
from core.tactics.villains import villain_by_id

VIGIL = "crossroads_vigil"


def _boss_of(s: T.State) -> str:
    v = s.villain
    assert v is not None
    return v.vdef(v.holder[0]).id


def _others(s: T.State) -> set[str]:
    v = s.villain
    assert v is not None
    return {v.vdef(c).id for c in v.holder[1:]}


@pytest.mark.parametrize(("mode", "players"), [("solo", 1), ("coop", 2), ("boss", 2)])
def test_each_boss_chosen_leads_the_roster_in_every_mode(mode: str, players: int) -> None:
    for seed, boss in enumerate(boss_ids()):
        s = T.new_game({"players": players, "mode": mode, "boss": boss}, seed)
        assert s.scen.id == VIGIL and s.options["boss"] == boss
        assert _boss_of(s) == boss
        assert not any(villain_by_id()[x].boss for x in _others(s))


def test_random_is_the_default_and_draws_each_boss_over_seeds() -> None:
    drawn = {_boss_of(T.new_game({"players": 1}, seed)) for seed in range(80)}
    assert drawn == set(boss_ids())
    assert T.new_game({"players": 1}, 5).options["boss"] == "random"


def test_choosing_the_drawn_boss_deals_the_same_game_and_others_meet_the_same_villains() -> None:
    for seed in range(6):
        drawn = T.new_game({"players": 1}, seed)
        same = T.new_game({"players": 1, "boss": _boss_of(drawn)}, seed)
        assert same.villain is not None and drawn.villain is not None
        assert same.villain.holder == drawn.villain.holder
        assert same.villain.deck == drawn.villain.deck
        other = next(b for b in boss_ids() if b != _boss_of(drawn))
        swapped = T.new_game({"players": 1, "boss": other}, seed)
        assert _boss_of(swapped) == other and _others(swapped) == _others(drawn)


@pytest.mark.parametrize(("options", "reason"), [
    ({"boss": "nobody"}, "unknown Boss 'nobody'; known: random, "),
    ({"boss": "oracle_lumen"}, "Oracle Lumen is a Villain but not a Boss"),
    ({"boss": "void_titan", "scenario": "drowned_chapel"},
     "The Drowned Chapel has a fixed Villain roster led by Starlit Archon"),
    ({"boss": "voidmaw_stalker", "heroes": [["voidmaw_stalker", "arha_templar"]]},
     "Voidmaw Stalker is in a hero roster, so cannot be the Boss"),
])
def test_a_boss_that_cannot_lead_is_refused_with_the_reason(options: dict[str, object],
                                                            reason: str) -> None:
    with pytest.raises(ValueError, match=reason.replace("(", r"\(")):
        T.new_game({"players": 1, **options}, 1)


def test_random_is_accepted_on_a_fixed_roster() -> None:
    s = T.new_game({"players": 1, "scenario": "drowned_chapel", "boss": "random"}, 1)
    assert _boss_of(s) == s.scen.villains[0]


def test_a_chosen_boss_namesake_is_never_drafted() -> None:
    for seed in range(8):
        s = T.new_game({"players": 2, "mode": "coop", "draft": True,
                        "boss": "voidmaw_stalker"}, seed)
        offered = {s.cards[c].id for c in s.draft_row + s.draft_deck}
        assert "voidmaw_stalker" not in offered and offered
        while s.phase == "draft":
            T.apply(s, T.legal_actions(s)[0])
        assert _boss_of(s) == "voidmaw_stalker"
        heroes = {s.cards[c].id for p in s.seats for c in p.roster}
        assert "voidmaw_stalker" not in heroes


def test_the_setting_is_offered_only_where_the_boss_is_drawn() -> None:
    setting = info("tactics").setting("boss")
    assert setting.applies_to({"players": 1, "mode": "solo"})
    assert setting.applies_to({"players": 2, "mode": "coop", "scenario": VIGIL})
    assert not setting.applies_to({"players": 1, "mode": "solo", "scenario": "thornwall"})
    assert not setting.applies_to({"players": 2, "mode": "1v1"})
    values = [v for v, _ in setting.choices({"players": 1})]
    assert values == ["random", *boss_ids()] and len(boss_ids()) >= 6
    assert setting.default_for({"players": 1}) == "random" and setting.flag == "--boss"


def test_a_snapshot_keeps_the_chosen_boss() -> None:
    s = T.new_game({"players": 1, "boss": "tyranyx"}, 9)
    back = restore(snapshot(s))
    assert back.options["boss"] == "tyranyx" and _boss_of(back) == "tyranyx"
    assert back.villain is not None and s.villain is not None
    assert back.villain.holder == s.villain.holder
