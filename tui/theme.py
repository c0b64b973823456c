"""Colours and short text forms shared by the tables (display only, no rules); a game's own
card text lives with its table (``tui/games/<game>/text.py``).

``THEME_VARIABLES`` are the stylesheets' colours, offered to every screen's CSS as
``$name``; a game adds its own through its ``GameUI`` row.
"""

from __future__ import annotations

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

# Where ascend's own colours come from in a theme other than the default: the theme's
# generated variables (``App.get_css_variables``).
FROM_THEME: dict[str, str] = {
    "ascend-background": "background",
    "ascend-bar": "panel",
    "ascend-band": "surface",
    "ascend-rule": "border-blurred",
    "ascend-focus": "surface-lighten-1",
    "ascend-gold": "accent",
    "ascend-dialog": "surface",
    "ascend-label": "foreground-darken-1",
}


def themed_variables(variables: dict[str, str]) -> dict[str, str]:
    """ascend's colours taken from a theme's variables (those it has)."""
    return {ours: variables[theirs] for ours, theirs in FROM_THEME.items()
            if theirs in variables}


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


def plural(n: int, noun: str) -> str:
    """``1 Rune``, ``3 Runes``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
