"""Colours and short text forms shared by the tables (display only, no rules).

``THEME_VARIABLES`` are the stylesheets' colours, offered to every screen's CSS as
``$name``; a game adds its own through its ``GameUI`` row.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

THEME_VARIABLES: dict[str, str] = {
    "ascend-background": "#101218",  # the screen, and the log beside the board
    "ascend-bar": "#1c2030",  # status and prompt lines
    "ascend-band": "#151824",  # rows of opponents and offers
    "ascend-rule": "#3a4058",  # borders, rules and scrollbars
    "ascend-focus": "#23283a",  # a focused line or panel
    "ascend-gold": "#ffd54f",  # titles and frames (the colour of Honor)
    "ascend-dialog": "#1a1d28",  # dialog and box backgrounds
    "ascend-label": "#9aa3c0",  # zone labels
    "ascend-shade": "#000000",  # what dims the table behind a dialog
}

RUNE = "◆"
POWER = "▲"
HONOR = "★"

# Foreground colours for names and faction tags; CSS classes carry the card backgrounds.
FACTION_COLOR: dict[str, str] = {
    "enlightened": "#6cb4ff",
    "lifebound": "#6fdc7a",
    "mechana": "#ffb347",
    "void": "#ff6b9a",
    "monster": "#b8b8b8",
    "": "#e0e0e0",
}
RUNE_COLOR = "#7fd4ff"
POWER_COLOR = "#ff8a65"
HONOR_COLOR = "#ffd54f"

KIND_LABEL = {"hero": "Hero", "construct": "Construct", "monster": "Monster"}


def plural(n: int, noun: str) -> str:
    """``1 Rune``, ``3 Runes``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def tone(card: Any) -> str:
    """The colour family of a card: its faction, ``monster`` or ``""`` for neutral cards."""
    if card.kind == "monster":
        return "monster"
    return card.faction or ""


def faction_label(card: Any) -> str:
    """``Lifebound``, ``Monster`` or ``Neutral``."""
    if card.kind == "monster":
        return "Monster"
    return card.faction.capitalize() if card.faction else "Neutral"


def stats(card: Any, honor: bool = True) -> Text:
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


def name_text(card: Any, bold: bool = True) -> Text:
    """The card's name in its faction colour."""
    style = FACTION_COLOR.get(tone(card), "")
    return Text(card.name, style=f"bold {style}" if bold else style)


def detail(card: Any) -> Text:
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
