"""Colours, names and labels for the Firepeak table (display only: no rules live here).

Positions are named the way a player points at them ("Tier 2 · middle"), creatures by
name, clan and Power, spells by name, type and what they cost. Clan colours are exact
xterm-256 entries, so the six clans stay apart on a 256-colour terminal.
"""

from __future__ import annotations

from rich.text import Text

from core.firepeak.cards import (
    CLAN_NAMES,
    CREATURES,
    N_CREATURES,
    N_SPELLS,
    SPELLS,
    WIZARDS,
    Component,
)
from core.firepeak.pattern import TIER_SIZES
from core.firepeak.state import DUNGEON, GUARD

WIZARD_LOC = -1
POWER = "▲"
AURA_MARK = "◈"
ENCH_MARK = "✦"
DIE = "⚄"

# Clan -> (background, foreground on that background, foreground on the dark table).
CLAN_STYLE: dict[str, tuple[str, str, str]] = {
    "doombringers": ("#af0000", "#ffffff", "#ff5f5f"),
    "holy_order": ("#d7d7af", "#000000", "#ffffd7"),
    "twilight_spawn": ("#5f00af", "#ffffff", "#af87ff"),
    "dawn_keepers": ("#d78700", "#000000", "#ffaf00"),
    "night_wing": ("#005faf", "#ffffff", "#5fafff"),
    "gaias_children": ("#008700", "#ffffff", "#5fd75f"),
}
EMPTY_STYLE = "#6c6c6c on #1c1c1c"
SPELL_COLOR = "#d7afff"
TYPE_LABEL = {"instant": "Instant", "aura": "Aura", "enchantment": "Enchantment",
              "circle": "Circle"}

_SIDES = {2: ("left", "right"), 3: ("left", "middle", "right"),
          4: ("far left", "left", "right", "far right")}
POSITION_NAMES: tuple[str, ...] = tuple(
    f"Tier {t + 1} · {side}" for t, n in enumerate(TIER_SIZES) for side in _SIDES[n])


def loc_label(loc: int) -> str:
    """``Tier 2 · middle``, ``Guard``, ``Dungeon`` or ``Wizard`` for a location number."""
    if loc == GUARD:
        return "Guard"
    if loc == DUNGEON:
        return "Dungeon"
    if loc == WIZARD_LOC:
        return "Wizard"
    return POSITION_NAMES[loc] if 0 <= loc < len(POSITION_NAMES) else f"location {loc}"


def clan_label(clan: str) -> str:
    """The clan's printed name."""
    return CLAN_NAMES.get(clan, clan)


def clan_fg(clan: str) -> str:
    """A foreground colour for the clan on the dark table."""
    return CLAN_STYLE[clan][2] if clan in CLAN_STYLE else "#e0e0e0"


def clan_cell(clan: str) -> str:
    """The Rich style of a card cell of the clan (its colour as the background)."""
    if clan not in CLAN_STYLE:
        return EMPTY_STYLE
    bg, fg, _ = CLAN_STYLE[clan]
    return f"{fg} on {bg}"


def creature_name(uid: int) -> str:
    """The creature's name, or ``a hidden creature``."""
    return CREATURES[uid].name if 0 <= uid < N_CREATURES else "a hidden creature"


def creature_text(uid: int, power: int | None = None, clan: bool = True,
                  printed: bool = False) -> Text:
    """``Troll 4▲  The Doombringers`` in the clan colour; ``power`` (effective) replaces the
    printed Power, which ``printed`` adds when they differ."""
    if not 0 <= uid < N_CREATURES:
        return Text("a hidden creature", style="italic")
    c = CREATURES[uid]
    out = Text(c.name, style=f"bold {clan_fg(c.clan)}")
    shown = c.power if power is None else power
    out.append(f" {shown}{POWER}")
    if printed and power is not None and power != c.power:
        out.append(f" (printed {c.power})", style="dim")
    if clan:
        out.append(f"  {clan_label(c.clan)}", style="dim")
    return out


def creature_chip(uid: int) -> Text:
    """``Troll 4`` in the clan colour: a compact token for lists of Dungeon creatures."""
    if not 0 <= uid < N_CREATURES:
        return Text("?", style="dim")
    c = CREATURES[uid]
    return Text(f"{c.name} {c.power}", style=clan_fg(c.clan))


CLAN_TAG = {"doombringers": "DB", "holy_order": "HO", "twilight_spawn": "TS",
            "dawn_keepers": "DK", "night_wing": "NW", "gaias_children": "GC"}
MARK_STYLE = "bold #000000 on #ffd54f"


def verb(name: str, third_person: str) -> str:
    """``Bot rolls`` / ``You roll``: the subject and its verb, agreeing."""
    if name != "You":
        return f"{name} {third_person}"
    v = third_person
    if v.endswith("ies"):
        v = v[:-3] + "y"
    elif v.endswith(("shes", "ches", "sses", "xes")):
        v = v[:-2]
    elif v.endswith("s"):
        v = v[:-1]
    return f"You {v}"


def spell_name(uid: int) -> str:
    """The spell's name."""
    return SPELLS[uid].name if 0 <= uid < N_SPELLS else "a spell"


def component_text(comp: Component) -> str:
    """What a spell costs from the caster's Dungeon, in words."""
    if comp.clan == "wizard":
        kind = "of your Wizard's clan"
    elif comp.clan:
        kind = f"of {clan_label(comp.clan)}"
    else:
        kind = ""
    power = ""
    if comp.min_power and comp.max_power < 99:
        power = f"Power {comp.min_power}-{comp.max_power}"
    elif comp.min_power:
        power = f"Power {comp.min_power}+"
    elif comp.max_power < 99:
        power = f"Power {comp.max_power} or less"
    noun = "creature" if comp.count == 1 else "creatures"
    parts = [f"{comp.count} {noun}"]
    if comp.same_clan:
        parts.append("of one clan")
    if kind:
        parts.append(kind)
    if power:
        parts.append(f"({power})")
    return " ".join(parts)


def spell_line(uid: int) -> Text:
    """``Battle Fury · Instant · costs 1 creature of The Doombringers``."""
    if not 0 <= uid < N_SPELLS:
        return Text("a hidden spell", style="italic")
    d = SPELLS[uid]
    out = Text(d.name, style=f"bold {SPELL_COLOR}")
    out.append(f" · {TYPE_LABEL.get(d.type, d.type)}", style="italic")
    out.append(f" · costs {component_text(d.component)}", style="dim")
    return out


def spell_text(uid: int) -> Text:
    """What the spell does, in its own words (for a list whose line already names it)."""
    return Text(SPELLS[uid].text if 0 <= uid < N_SPELLS else "")


def wizard_text(index: int) -> Text:
    """``Sister Aurelia (+1 The Holy Order)`` in the clan colour."""
    w = WIZARDS[index]
    out = Text(w.name, style=f"bold {clan_fg(w.clan)}")
    out.append(f" (+1 {clan_label(w.clan)})", style="dim")
    return out
