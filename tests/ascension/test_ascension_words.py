"""Actions and questions in words: one phrase per action, the same from a state and a view."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from ascension_helpers import act, decline, pending, play, put, set_row, stack_center_deck

import core.ascension as asc
from core.ascension.menus import by_card, meant_action
from core.ascension.state import State
from core.ascension.words import (
    CARD,
    QUESTIONS,
    ability_question,
    action_phrase,
    describe,
    question_phrase,
)
from core.contract import Action
from core.rng import Rng
from core.words import Word, plain

Game = Callable[..., State]
ROW = ["arha_initiate", "samaels_trickster", "wolf_shaman", "mephit", "shadow_star",
       "landtalker"]


def name(s: State, uid: int) -> str:
    return s.cards[uid].name


def test_each_action_in_words_names_its_card(game: Game) -> None:
    s = game()
    row = set_row(s, ROW)
    hand = put(s, "mystic", "hand")
    staff = put(s, "yggdrasil_staff", "constructs")
    cases = [
        (Action("play", hand), "Play Mystic"),
        (Action("activate", staff, 0), "Use Yggdrasil Staff: +1 Power"),
        (Action("activate", staff, 1), "Use Yggdrasil Staff: Pay 4 Runes for 3 Honor"),
        (Action("acquire", row[0]), "Acquire Arha Initiate"),
        (Action("defeat", s.cultist), "Defeat Cultist"),
        (Action("end"), "End turn"),
        (Action("decline"), "Decline"),
        (Action("choose", row[2]), "Choose Wolf Shaman"),
    ]
    for action, words in cases:
        assert describe(s, action) == words
        assert plain(action_phrase(s, action)) == words
    assert action_phrase(s, Action("play", hand)) == (Word("Play "), Word("Mystic", CARD, hand))
    assert action_phrase(s, Action("activate", staff, 1))[1] == Word(
        "Yggdrasil Staff", CARD, staff)
    assert plain(ability_question(s, staff)) == "Use Yggdrasil Staff: which ability?"
    assert ability_question(s, staff)[1] == Word("Yggdrasil Staff", CARD, staff)


def defeat(s: State, key: str) -> None:
    """Defeat the row's ``key`` with Power to spare."""
    uid = next(u for u in s.center_row if u >= 0 and s.cards[u].key == key)
    s.turn.power = 10
    act(s, "defeat", uid)


def opponent_constructs(s: State) -> None:
    for key in ("shadow_star", "yggdrasil_staff"):
        put(s, key, "constructs", seat=1)


def seer(s: State) -> None:
    play(s, put(s, "seer_of_the_forked_path", "hand"))


def templar(s: State) -> None:
    play(s, put(s, "arha_templar", "hand"))


def druids(s: State) -> None:
    play(s, put(s, "druids_of_the_stone_circle", "hand"))


def askara(s: State) -> None:
    play(s, put(s, "mystic", "hand"))
    play(s, put(s, "twofold_askara", "hand"))


def librarian(s: State) -> None:
    put(s, "militia", "hand")
    play(s, put(s, "temple_librarian", "hand"))


def void_initiate(s: State) -> None:
    put(s, "militia", "hand")
    put(s, "mystic", "discard")
    play(s, put(s, "void_initiate", "hand"))


def arbiter(s: State) -> None:
    play(s, put(s, "arbiter_of_the_precipice", "hand"))


def mistake(s: State) -> None:
    put(s, "mystic", "discard")
    set_row(s, ["mistake_of_creation", *ROW[1:]])
    defeat(s, "mistake_of_creation")
    decline(s)  # the center-row banish first; the discard pile's comes next


def widow(s: State) -> None:
    opponent_constructs(s)
    set_row(s, ["corrosive_widow", *ROW[1:]])
    defeat(s, "corrosive_widow")


def sea_tyrant(s: State) -> None:
    opponent_constructs(s)
    set_row(s, ["sea_tyrant", *ROW[1:]])
    defeat(s, "sea_tyrant")


def avatar(s: State) -> None:
    set_row(s, [*ROW[:5], "avatar_of_the_fallen"])
    stack_center_deck(s, ["lifebound_initiate"])  # what its slot is refilled with
    defeat(s, "avatar_of_the_fallen")


def mechana_initiate(s: State) -> None:
    play(s, put(s, "mechana_initiate", "hand"))


def courier(s: State) -> None:
    put(s, "rocket_courier_x99", "constructs")
    s.turn.runes = 3
    act(s, "acquire", put(s, "burrower_mark_ii", "row", slot=0))


# How to reach each decision, its question, and the words of each legal answer in order
# ("{}" stands for the name of the card the answer chooses).
DECISIONS = [
    (seer, "banish_center", "Send a center-row card to the Void?",
     ["Send {} to the Void"] * 6 + ["Decline"]),
    (templar, "defeat_free", "Defeat a monster with 4 Power or less for free?",
     ["Defeat {} for free"] * 3 + ["Decline"]),
    (druids, "acquire_hero_free", "Acquire a hero for free, onto your deck?",
     ["Acquire {} for free, onto your deck"] * 4 + ["Decline"]),
    (askara, "copy_hero", "Copy which hero's effect?", ["Copy {}'s effect"]),
    (librarian, "discard_to_draw", "Discard a card to draw two", ["Discard {} to draw two"]),
    (void_initiate, "banish_hand_or_discard",
     "Send a card from your hand or discard pile to the Void?",
     ["Send {} from your hand to the Void", "Send {} from your discard pile to the Void",
      "Decline"]),
    (arbiter, "banish_hand", "Send a card from your hand to the Void",
     ["Send {} to the Void"] * 2),
    (mistake, "banish_discard", "Send a card from your discard pile to the Void?",
     ["Send {} to the Void", "Decline"]),
    (widow, "destroy_construct", "Choose one of your constructs to put in your discard pile",
     ["Put {} in your discard pile"] * 2),
    (sea_tyrant, "keep_construct", "Choose the one construct you keep", ["Keep {}"] * 2),
    (avatar, "acquire_or_defeat", "Acquire or defeat a center-row card for free?",
     ["Acquire {} for free", "Defeat {} for free", "Acquire {} for free",
      "Defeat {} for free", "Acquire {} for free", "Acquire {} for free", "Decline"]),
    (mechana_initiate, "mode", "Choose one", ["Choose +1 Rune", "Choose +1 Power"]),
    (courier, "courier_play", "Put the construct you acquired straight into play?",
     ["Put {} into play", "Decline"]),
]


def test_the_edition2_courier_asks_about_the_hand(game: Game) -> None:
    s = game(edition=2)
    courier(s)
    d = pending(s)
    assert d.kind == "courier_hand"
    assert plain(question_phrase(d)) == "Put the construct you acquired straight into your hand?"
    assert [describe(s, a) for a in asc.legal_actions(s)] == [
        "Put Burrower Mark II into your hand", "Decline"]


@pytest.mark.parametrize(("reach", "kind", "question", "answers"), DECISIONS,
                         ids=[d[1] for d in DECISIONS])
def test_each_decision_asks_its_question_and_names_each_answer(
        game: Game, reach: Callable[[State], None], kind: str, question: str,
        answers: list[str]) -> None:
    s = game()
    set_row(s, ROW)
    reach(s)
    d = pending(s)
    assert d.kind == kind
    assert plain(question_phrase(d)) == question
    legal = asc.legal_actions(s)
    said = [describe(s, a) for a in legal]
    assert said == [w.format(name(s, a.card)) for w, a in zip(answers, legal, strict=True)]
    v = asc.view(s, d.seat)
    assert [describe(v, a) for a in legal] == said
    for a in legal:
        if a.kind == "choose" and kind != "mode":
            assert Word(name(s, a.card), CARD, a.card) in action_phrase(s, a)


def test_every_kind_of_decision_has_a_question_and_is_tested() -> None:
    assert {d[1] for d in DECISIONS} | {"courier_hand"} == set(QUESTIONS)


def test_a_random_game_says_every_action_the_same_from_state_and_view() -> None:
    s = asc.new_game({"players": 3}, 5)
    rng = Rng.stream(5, "words")
    steps = 0
    while s.to_move is not None and steps < 400:
        v = asc.view(s, s.to_move)
        legal = asc.legal_actions(s)
        for a in legal:
            words = describe(s, a)
            assert words == describe(v, a) == plain(action_phrase(v, a))
            assert "?" not in words
        asc.apply(s, rng.choice(legal))
        steps += 1


def test_card_actions_are_the_legal_ones_grouped_by_card(game: Game) -> None:
    s = game()
    row = set_row(s, ROW)
    hand = put(s, "mystic", "hand")
    staff = put(s, "yggdrasil_staff", "constructs")
    s.turn.runes, s.turn.power = 4, 3
    legal = asc.legal_actions(s)
    groups = by_card(legal)
    assert groups[staff] == [Action("activate", staff, 0), Action("activate", staff, 1)]
    assert groups[hand] == [Action("play", hand)]
    assert groups[row[1]] == [Action("defeat", row[1])]
    assert row[5] not in groups  # Landtalker costs 6
    assert sorted(a for acts in groups.values() for a in acts) == sorted(
        a for a in legal if a.kind not in ("end", "choose", "decline"))


def test_the_meant_action_on_a_card_is_refused_with_the_reason(game: Game) -> None:
    s = game()
    row = set_row(s, ROW)
    hand = put(s, "mystic", "hand")
    staff = put(s, "yggdrasil_staff", "constructs")
    eye = put(s, "burrower_mark_ii", "constructs")
    act(s, "activate", staff, 0)
    v = asc.view(s, 0)
    assert meant_action(v, hand) == Action("play", hand)
    assert meant_action(v, staff) == Action("activate", staff, 1)  # the unused ability
    assert meant_action(v, row[0]) == Action("acquire", row[0])
    assert meant_action(v, row[1]) == Action("defeat", row[1])
    assert meant_action(v, s.mystics[-1]) == Action("acquire", s.mystics[-1])
    assert asc.why_illegal(s, meant_action(v, staff)) == "that needs 4 Runes; you have 0"
    assert asc.why_illegal(s, meant_action(v, row[1])) == (
        "Samael's Trickster needs 3 Power; you have 1")
    assert asc.why_illegal(s, meant_action(v, eye)) == (
        "Burrower Mark II works on its own; it has nothing to activate")
    assert not v.spent(staff) and not v.spent(eye)
    s.turn.runes = 4
    act(s, "activate", staff, 1)
    v = asc.view(s, 0)
    assert v.spent(staff) and not v.spent(eye)
    assert meant_action(v, staff) == Action("activate", staff, 0)
    assert asc.why_illegal(s, meant_action(v, staff)) == (
        "Yggdrasil Staff has already used that ability this turn")
