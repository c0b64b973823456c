"""Tactics in words: each action said once (``phrase``), ``describe`` its plain text, the
named pieces tagged, every choice in its decision's words, and each decision's question."""

from __future__ import annotations

import pytest
from tactics_helpers import (
    FOUR,
    act,
    cell,
    command_at,
    cultist,
    give,
    hold,
    put,
    set_row,
    table,
    unit_of,
)

import core.tactics as T
from core.contract import Action
from core.rng import Rng
from core.tactics.state import MYSTIC_PILE
from core.tactics.words import cell_name, phrase, question, unit_labels
from core.words import Word, plain


def words_of(s: T.State, a: Action) -> str:
    return plain(phrase(s, a))


def test_describe_is_the_phrase_and_a_view_says_it_alike() -> None:
    """Over a random game: describe is the phrase's plain text, and the seat to move's view
    phrases every legal action exactly as the full state does (the log and the menus read
    the view, replays and hints the state)."""
    s = T.new_game({"players": 2, "draft": True}, 4)
    rng = Rng.stream(4, "words")
    seen = 0
    while not s.over and seen < 400:
        seat = s.to_move
        assert seat is not None
        v = T.view(s, seat)
        for a in T.legal_actions(s):
            said = phrase(s, a)
            assert T.describe(s, a) == plain(said) and said == phrase(v, a)
            assert plain(said) and "\n" not in plain(said) and "?" not in plain(said)
        T.apply(s, rng.choice(T.legal_actions(s)))
        seen += 1
    assert seen == 400


def test_the_named_pieces_are_tagged_with_what_they_name() -> None:
    s = table()
    p = s.seats[0]
    apprentice = next(u for u in p.hand if s.cards[u].id == "apprentice")
    assert phrase(s, Action("play", apprentice)) == (
        Word("Play "), Word("Apprentice", "card", apprentice))
    assert phrase(s, Action("acquire", MYSTIC_PILE)) == (
        Word("Acquire "), Word("Mystic", "card", MYSTIC_PILE))
    ty = unit_of(s, "tyranyx")
    assert phrase(s, Action("command", ty)) == (Word("Command "), Word("Tyranyx", "unit", ty))
    portal = cell(s, 0, 2)
    assert phrase(s, Action("command", -1, portal)) == (
        Word("Command a new Cultist at "), Word("(0,2)", "cell", portal))
    put(s, cultist(s, 0, 1), cell(s, 1, 1))
    token = hold(s, 0, "might_draught")
    assert phrase(s, Action("treasure", token, cultist(s, 0, 1))) == (
        Word("Play "), Word("Draught of Might", "treasure", token), Word(" on "),
        Word("Cultist c2", "unit", cultist(s, 0, 1)))


def test_a_command_reads_step_by_step() -> None:
    s = table()
    ty = unit_of(s, "tyranyx")
    foe = put(s, cultist(s, 1, 0), cell(s, 2, 2))
    command_at(s, ty, cell(s, 1, 2))
    assert words_of(s, Action("move", -1, cell(s, 1, 1))) == "Move to (1,1)"
    assert words_of(s, Action("attack", foe)) == "Attack Cultist c5"  # side 2's first
    assert words_of(s, Action("attack", -1)) == "Attack every enemy in range (Area)"
    assert words_of(s, Action("done")) == "Done commanding"
    assert words_of(s, Action("deploy", -1, cell(s, 0, 2))) == "Deploy at (0,2)"
    assert words_of(s, Action("end")) == "End turn"


def test_each_choice_reads_in_the_words_of_its_decision() -> None:
    s = table()
    p = s.seats[0]
    acolyte = give(s, 0, "hollow_acolyte")  # banish from hand or discard
    act(s, "play", acolyte)
    d = s.pending[-1]
    assert d.kind == "banish"
    first = d.choices[0]
    assert words_of(s, Action("choose", first)) == f"Banish {s.cards[first].name}"
    assert words_of(s, Action("decline")) == "Decline (do nothing)"
    assert plain(question(s, d)) == "Hollow Acolyte: banish a card"
    act(s, "decline")

    put(s, unit_of(s, "tyranyx"), cell(s, 1, 2))
    near = put(s, cultist(s, 1, 0), cell(s, 3, 2))
    stalker = give(s, 0, "dusk_stalker")  # 2 damage within 2
    act(s, "play", stalker)
    assert words_of(s, Action("choose", near)) == "Deal 2 damage to Cultist c5"
    assert plain(question(s, s.pending[-1])) == (
        "Dusk Stalker: which enemy unit takes the damage?")
    act(s, "choose", near)

    kiri = set_row(s, ["kiri_meadow_witch"])[0]
    p.runes = 3
    act(s, "acquire", kiri)  # its Ambush sets the Faerie Ring down
    d = s.pending[-1]
    spot = d.choices[0]
    assert words_of(s, Action("choose", spot)) == f"Place the Faerie Ring at {cell_name(s, spot)}"
    assert plain(question(s, d)) == "Kiri, Meadow Witch: place the Faerie Ring on which hex?"


def test_equip_and_draft_name_both_cards() -> None:
    s = table()
    blade = give(s, 0, "nightsteel_blade")
    act(s, "play", blade)
    d = s.pending[-1]
    assert d.kind == "equip"
    champ = d.choices[0]
    assert words_of(s, Action("choose", champ)) == (
        f"Equip Nightsteel Blade to {s.cards[champ].name}")
    drafted = T.new_game({"players": 2, "draft": True}, 8)
    d = drafted.pending[-1]
    pick = d.choices[0]
    assert words_of(drafted, Action("choose", pick)) == f"Draft {drafted.cards[pick].name}"
    assert plain(question(drafted, d)) == "Champion Draft: pick a champion for your side"


def test_a_treasure_window_asks_to_play_or_pass() -> None:
    s = table()
    ty = unit_of(s, "tyranyx")
    foe = put(s, cultist(s, 1, 0), cell(s, 2, 2))
    hold(s, 1, "ward_charm")
    command_at(s, ty, cell(s, 1, 2))
    act(s, "attack", foe)
    d = s.pending[-1]
    assert d.kind == "react" and d.seat == 1
    assert words_of(s, Action("decline")) == "Pass (no Treasure)"
    # Who attacks whom with what, each with its owner.
    assert plain(question(s, d)) == ("Tyranyx (Player 1) attacks Cultist c5 (Player 2) with "
                                     "7 Strength: play a Treasure or pass")


def test_cultists_are_named_by_the_number_their_map_label_shows() -> None:
    s = table(FOUR, players=4, mode="2v2")
    labels = unit_labels(s)
    for seats in s.sides:
        for seat in seats:
            for u in s.cultists[seat]:
                assert T.describe(s, Action("command", u)) == f"Command Cultist {labels[u]}"
    assert {labels[u] for u in s.cultists[2]} == {"c5", "c6", "c7", "c8"}


@pytest.mark.parametrize(("mode", "players"), [("1v1", 2), ("2v2", 4), ("brawl", 4),
                                               ("brawl", 3)])
def test_no_two_units_share_a_label_and_none_changes(mode: str, players: int) -> None:
    """Both sides' Cultists used to read ``c1``: every label is now one of its own on the
    map, through a whole game of random moves (champions acquired on the way included)."""
    s = T.new_game({"players": players, "mode": mode}, 11)
    pick = Rng(4)
    seen: dict[int, str] = {}
    for _ in range(400):
        if s.to_move is None:
            break
        labels = unit_labels(s)
        assert len(set(labels.values())) == len(labels)
        for u, label in labels.items():
            assert seen.setdefault(u, label) == label, f"unit {u} relabelled"
            assert len(label) == 2
        legal = T.legal_actions(s)
        T.apply(s, pick.choice(legal))
    owners = {s.units[u].seat for u in seen}
    assert len(owners) == players  # every seat's units were labelled
    ours, theirs = s.cultists[s.sides[0][0]], s.cultists[s.sides[1][0]]
    assert unit_labels(s)[ours[0]] == "c1" and unit_labels(s)[theirs[0]] != "c1"
