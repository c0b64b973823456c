"""Cards in play: acquiring from the center row and the piles, the row refilled, banishing,
Allegiance and Constructs."""

from __future__ import annotations

import pytest
from tactics_helpers import act, choose, give, pending_kind, set_row, table, unit_of

import core.tactics as T
from core.contract import Action, IllegalAction
from core.tactics import combat
from core.tactics.state import HEAVY_PILE, MYSTIC_PILE


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
