"""Phrases: the words of an action once, plain for replays and tagged for the app."""

from __future__ import annotations

from core.words import Word, a_or_an, agree, capitalized, counted, joined, lowered, phrase, plain
from tui.words import styled


def test_a_phrase_joins_strings_words_and_phrases_in_order() -> None:
    card = Word("Mystic", "card", 7)
    p = phrase("Acquire ", card, (Word(" for "), Word("3 Runes")), "")
    assert p == (Word("Acquire "), card, Word(" for "), Word("3 Runes"))
    assert plain(p) == "Acquire Mystic for 3 Runes"


def test_case_changes_touch_the_first_letter_only_and_never_a_name() -> None:
    assert plain(capitalized(phrase("defeat ", Word("Cultist", "card", 1)))) == "Defeat Cultist"
    assert plain(lowered(phrase("Defeat it"))) == "defeat it"
    named = phrase(Word("Arha Templar", "unit", 3), " moves")
    assert lowered(named) == named
    assert lowered(()) == () and capitalized(()) == ()


def test_joined_lists_with_commas_and_a_final_and() -> None:
    items = [phrase("a"), phrase(Word("b", "card", 2)), (), phrase("c")]
    assert plain(joined(items)) == "a, b and c"
    assert plain(joined(items[:1])) == "a" and joined([]) == ()


def test_styled_colours_only_the_named_pieces() -> None:
    p = phrase("Acquire ", Word("Mystic", "card", 7))
    text = styled(p, lambda w: "bold blue" if w.kind == "card" else "red", base="dim")
    assert text.plain == "Acquire Mystic"
    assert [(span.start, span.end, str(span.style)) for span in text.spans] == [
        (8, 14, "bold blue")]


def test_the_player_at_the_keyboard_is_spoken_to_and_counts_read_as_english() -> None:
    assert agree("You", "gains") == "You gain" and agree("Bot", "gains") == "Bot gains"
    assert agree("You", "loses") == "You lose" and agree("You", "has") == "You have"
    assert agree("You", "shuffles") == "You shuffle" and agree("You", "carries") == "You carry"
    assert counted(1, "card") == "1 card" and counted(5, "card") == "5 cards"
    assert a_or_an("Acolyte") == "an Acolyte" and a_or_an("Troll") == "a Troll"
