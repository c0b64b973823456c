"""Phrases (``core.words``) as Rich text: each named piece in the style its game gives it."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from core.words import Phrase, Word, counted

# A game's styler: the style of a word that names something ("" leaves it plain).
Styler = Callable[[Word], str]


def styled(words: Phrase, styler: Styler | None = None, base: str = "") -> Text:
    """The phrase as Rich text: plain pieces in ``base``, named ones as ``styler`` says."""
    out = Text(style=base)
    for w in words:
        style = styler(w) if styler is not None and w.kind else ""
        out.append(w.text, style=style or None)
    return out


def end_turn_question(hand: int, could: str) -> str | None:
    """What to ask before a turn ends with something left to do: cards in hand, and
    ``could`` (what the Runes or Power left would still buy, "" for nothing); None: ask
    nothing."""
    worries = []
    if hand:
        worries.append(f"still have {counted(hand, 'card')} in hand")
    if could:
        worries.append(f"could still {could}")
    if not worries:
        return None
    return f"You {' and '.join(worries)}. End your turn anyway?"
