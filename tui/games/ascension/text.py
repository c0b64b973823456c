"""How Ascension's cards and phrases read on screen: faction colours, a card's numbers and
everything printed on it, and the engine's phrases with their cards coloured (display only).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from core.ascension.cards import CardDef
from core.ascension.view import AscensionView
from core.ascension.words import CARD
from core.words import Phrase, Word
from tui.theme import (
    FACTION_COLOR,
    HONOR,
    HONOR_COLOR,
    POWER,
    POWER_COLOR,
    RUNE,
    RUNE_COLOR,
    plural,
)
from tui.words import Styler, styled

KIND_LABEL = {"hero": "Hero", "construct": "Construct", "monster": "Monster"}


def tone(card: CardDef) -> str:
    """The colour family of a card: its faction, ``monster`` or ``""`` for neutral cards."""
    if card.kind == "monster":
        return "monster"
    return card.faction or ""


def faction_label(card: CardDef) -> str:
    """``Lifebound``, ``Monster`` or ``Neutral``."""
    if card.kind == "monster":
        return "Monster"
    return card.faction.capitalize() if card.faction else "Neutral"


def card_colour(card: CardDef) -> str:
    """The foreground colour of a card's name."""
    return FACTION_COLOR.get(tone(card), "")


def stats(card: CardDef, honor: bool = True) -> Text:
    """The numbers of a card in a few cells: cost or Power, and Honor (unless ``honor``=False)."""
    out = Text()
    if card.kind == "monster":
        out.append(f"{card.power}{POWER}", style=f"bold {POWER_COLOR}")
        reward = card.reward_honor
        if reward and honor:
            out.append(f" {reward}{HONOR}", style=HONOR_COLOR)
    else:
        out.append(f"{card.cost}{RUNE}", style=f"bold {RUNE_COLOR}")
        if card.honor and honor:
            out.append(f" {card.honor}{HONOR}", style=HONOR_COLOR)
    return out


def name_text(card: CardDef, bold: bool = True) -> Text:
    """The card's name in its faction colour."""
    style = card_colour(card)
    return Text(card.name, style=f"bold {style}" if bold else style)


def detail(card: CardDef) -> Text:
    """Everything printed on a card, for the detail panel: name, type line, numbers, text."""
    out = name_text(card)
    out.append("\n")
    kind = KIND_LABEL.get(card.kind, card.kind)
    out.append(kind if card.kind == "monster" else f"{kind} · {faction_label(card)}",
               style="italic")
    out.append("\n")
    if card.kind == "monster":
        out.append(f"Power {card.power}", style=POWER_COLOR)
        if card.reward_honor:
            out.append(f" · reward {card.reward_honor} Honor", style=HONOR_COLOR)
    else:
        out.append(f"Cost {plural(card.cost, 'Rune')}", style=RUNE_COLOR)
        out.append(f" · {card.honor} Honor", style=HONOR_COLOR)
    out.append("\n")
    out.append(card.text)
    for i, ability in enumerate(card.abilities):
        out.append(f"\n  [{i + 1}] {ability.label}", style="dim")
    return out


def card_styler(cards: Sequence[CardDef], bold: bool = False) -> Styler:
    """The styler of Ascension's phrases: a named card in its faction colour."""

    def style(word: Word) -> str:
        if word.kind != CARD or not 0 <= word.ref < len(cards):
            return ""
        colour = card_colour(cards[word.ref])
        return f"bold {colour}" if bold else colour

    return style


def said(v: AscensionView, words: Phrase, *, bold: bool = False, base: str = "") -> Text:
    """A phrase of the engine as Rich text, its cards coloured (and bold, if ``bold``)."""
    return styled(words, card_styler(v.cards, bold), base)
