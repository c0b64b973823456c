"""Words and short labels for the Ascension Tactics table (display only, no rules).

The numbers shown for a unit (Strength, Defense, Speed, command cost, keywords) come from
the engine's own stat functions in ``core.tactics.combat``; nothing here decides what is
legal. The table keeps its layout code; this module keeps the phrasing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from core.tactics import combat
from core.tactics.effects import DECISION_VALUES
from core.tactics.state import AREA, DOUBLE, RANGED, STRIKEBACK
from core.tactics.view import card_name, cell_name, unit_name
from tui import theme
from tui.games.tactics.hexmap import SIDE_COLORS, SIDE_NAMES

KEYWORD_WORDS = ((RANGED, "Ranged"), (AREA, "Area"), (DOUBLE, "Double"),
                 (STRIKEBACK, "Strikeback"))

# What each pending decision asks, in the imperative (the source card is added in front).
DECISION_TITLES: dict[str, str] = {
    "draft": "Champion Draft: pick a champion for your side",
    "assign": "Team roster: keep one of your team's champions for yourself",
    "mode": "choose one",
    "banish": "banish a card",
    "buff": "which of your units gets the bonus?",
    "damage": "which enemy unit takes the damage?",
    "defeat": "which enemy unit is defeated?",
    "free_command": "command one of your units for free",
    "ready": "ready one of your exhausted champions",
    "acquire_free": "take a card from the center row for free",
    "copy_center": "copy the effect of which Hero in the center row?",
    "place_token": "place it on which hex?",
    "move_token": "move it to which hex?",
    "turret_attack": "which enemy unit does the Turret shoot?",
    "forest_under": "grow a Forest under which unit?",
    "move_portal": "move which of your portals?",
    "portal_to": "move the portal to which hex?",
    "destroy_construct": "destroy which enemy Construct?",
    "order": "which effect happens first?",
    "equip": "equip the Construct to which champion?",
    "react": "an attack was declared: play a Treasure or pass",
}

KIND_WORDS = {"hero": "Hero", "construct": "Construct", "champion": "Champion",
              "monster": "Monster", "pile": "Hero", "starter": "Starter", "cultist": "Cultist"}


def value_kind(decision_kind: str) -> str:
    """What a decision's choices are: ``card``, ``unit``, ``cell``, ``option`` or ``treasure``."""
    return DECISION_VALUES.get(decision_kind, "card")


def decision_title(s: Any, d: Any) -> str:
    """``Kor, the Ferromancer: move which of your portals?``."""
    title = DECISION_TITLES.get(d.kind, "make a choice")
    source = card_name(s, d.source) if d.source >= 0 else ""
    text = f"{source}: {title}" if source else title
    return text[:1].upper() + text[1:]


def side_names(v: Any) -> list[str]:
    """Each side named by its players (``You & Player 3`` for a 2 vs 2 team)."""
    return [" & ".join(v.seats[seat].name for seat in seats) for seats in v.sides]


def side_color(side: int) -> str:
    return SIDE_COLORS[side % len(SIDE_COLORS)]


def side_label(side: int) -> str:
    """``Blue``: the colour the map draws a side in, named so it reads without colour."""
    return SIDE_NAMES[side % len(SIDE_NAMES)]


def unit_labels(s: Any) -> dict[int, str]:
    """A two-character map label for every unit with an owner: two letters of the name
    (``Ty``), unique within its seat, a digit for a card's second figure (``P2``), and
    ``c1``..``c8`` for Cultists, numbered through the side — 2 vs 2 partners share a colour,
    so the second partner's four are ``c5``..``c8``. A label never changes during a game
    (a champion acquired later takes a label no earlier one of its seat has)."""
    out: dict[int, str] = {}
    for seat in range(len(s.seats)):
        used: set[str] = set()
        for card in s.seats[seat].roster:
            figs = s.card_units[card]
            name = s.cards[card].name
            words = [w for w in name.replace(",", " ").split() if w[:1].isalpha()]
            for i, u in enumerate(figs):
                if len(figs) > 1:
                    options = [f"{name[0]}{i + 1}"]
                else:
                    options = [name[:2], name[0] + (words[1][0] if len(words) > 1 else name[-1]),
                               *(f"{name[0]}{k}" for k in range(1, 10))]
                label = next((o for o in options if o not in used), name[:2])
                used.add(label)
                out[u] = label
    for seats in s.sides:
        cultists = [u for seat in seats for u in s.cultists[seat]]
        for i, u in enumerate(cultists):
            out[u] = f"c{i + 1}"
    return out


def keyword_text(bits: int) -> str:
    return ", ".join(word for bit, word in KEYWORD_WORDS if bits & bit)


def unit_stats(s: Any, u: int) -> Text:
    """``Str 4 Def 5 Spd 3 ▲3``: Strength, Defense, Speed and command cost, as the engine
    has them now (constructs, buffs and the hex it stands on included)."""
    out = Text()
    out.append(f"Str {combat.strength(s, u)}", style="bold #ff8a65")
    out.append(f" Def {combat.defense(s, u)}", style="bold #7fd4ff")
    out.append(f" Spd {combat.speed(s, u)}", style="bold #c0c0c0")
    out.append(f" {theme.POWER}{combat.command_cost(s, u)}", style=theme.POWER_COLOR)
    return out


def unit_state(s: Any, u: int) -> str:
    """``at (3,4)`` or ``off the field``, then ``exhausted`` and damage if so."""
    unit = s.units[u]
    where = f"at {cell_name(s, unit.cell)}" if unit.cell >= 0 else "off the field"
    words = [where]
    if unit.exhausted:
        words.append("exhausted")
    if unit.damage:
        words.append(f"{unit.damage} damage")
    return ", ".join(words)


def state_mark(s: Any, u: int) -> tuple[str, str]:
    """The one-character state of a unit and its style: ``○`` off the field, ``z``
    exhausted, ``●`` on the field and ready."""
    unit = s.units[u]
    if unit.cell < 0:
        return "○", "dim"
    if unit.exhausted:
        return "z", "dim"
    return "●", "bold #6fdc7a"


def unit_detail(s: Any, u: int, names: Sequence[str]) -> Text:
    """Everything about a unit for the detail panel: owner, stats, keywords, constructs."""
    unit = s.units[u]
    out = Text()
    out.append(unit_name(s, u), style="bold")
    owner = names[unit.seat] if 0 <= unit.seat < len(names) else "?"
    out.append(f" ({owner})\n", style="dim")
    out.append_text(unit_stats(s, u))
    words = keyword_text(combat.keywords(s, u))
    if words:
        out.append(f" · {words}", style="italic")
    out.append(f"\n{unit_state(s, u)}", style="dim")
    gear = s.gear.get(unit.card, ()) if unit.card >= 0 else ()
    if gear:
        out.append("\n+ " + ", ".join(s.cards[c].name for c in gear), style="#ffb347")
    return out


def card_cost(card: Any) -> Text:
    if card.kind == "champion" and not card.cost:
        # A starting champion is never bought: what matters is its body and its command cost.
        out = Text(f"{card.strength}/{card.defense} ", style="bold")
        out.append(f"{card.command}{theme.POWER}", style=f"bold {theme.POWER_COLOR}")
        return out
    if card.kind == "monster":
        return Text(f"{card.power_cost}{theme.POWER}", style=f"bold {theme.POWER_COLOR}")
    return Text(f"{card.cost}{theme.RUNE}", style=f"bold {theme.RUNE_COLOR}")


def card_line(card: Any) -> Text:
    """``Steelweaver 3◆ Hero``: name in its faction's colour, cost, kind."""
    out = Text(card.name, style=f"bold {theme.FACTION_COLOR.get(card.faction, '')}")
    if card.kind != "starter":  # starters are never bought: a price would only mislead
        out.append(" ")
        out.append_text(card_cost(card))
    out.append(f" {KIND_WORDS.get(card.kind, card.kind)}", style="dim")
    return out


def card_detail(card: Any) -> Text:
    """A card in full for a dialog's detail line: type, faction, numbers and text."""
    out = Text()
    kind = KIND_WORDS.get(card.kind, card.kind)
    faction = card.faction.capitalize() if card.faction else "Neutral"
    out.append(f"{kind} · {faction}", style="italic")
    if card.kind in ("champion", "monster", "cultist"):
        out.append(f" · Str {card.strength} Def {card.defense} Spd {card.speed} "
                   f"{theme.POWER}{card.command}")
        if card.keywords:
            out.append(" · " + ", ".join(sorted(k.capitalize() for k in card.keywords)))
    bonus = getattr(card, "bonus", None)
    if card.kind == "construct" and bonus is not None:
        parts = [f"{v:+d} {k}" for k, v in (("Strength", bonus.strength),
                                               ("Defense", bonus.defense),
                                               ("Speed", bonus.speed),
                                               ("command", bonus.command)) if v]
        parts += sorted(k.capitalize() for k in bonus.keywords)
        if parts:
            out.append(" · equipped: " + ", ".join(parts), style="#ffb347")
    if card.text:
        out.append("\n")
        out.append(card.text)
    return out


def cell_words(s: Any, c: int) -> str:
    """``(3,4)``: the offset column and row the log uses for a hex."""
    return cell_name(s, c)


def event_line(s: Any, e: Any, names: Sequence[str], sides: Sequence[str],
               goal: int, later: Sequence[Any] = ()) -> tuple[str, str] | None:
    """One indented log line for a notable engine event, with its style (None: no line).
    ``later``: the events after ``e`` in its batch, whose Honor the state already counts."""
    k = e.kind
    who = names[e.seat] if 0 <= e.seat < len(names) else ""
    if k == "start_turn":
        side = e.value
        return f"── {side_label(side)}: {sides[side]} ──", f"bold {side_color(side)}"
    if k == "honor":
        side = e.seat  # an Honor event names the side that scores
        total = s.honor[side] if 0 <= side < len(s.honor) else 0
        total -= sum(x.value for x in later if x.kind == "honor" and x.seat == side)
        return (f"  {sides[side]} +{e.value} Honor ({total}/{goal})",
                f"bold {theme.HONOR_COLOR}")
    if k == "defeated":
        return f"  {unit_name(s, e.card)} is defeated", "bold #ff6b6b"
    if k == "damage":
        return f"  {unit_name(s, e.card)} takes {e.value} damage", "#ff8a65"
    if k == "strikeback":
        return f"  {unit_name(s, e.card)} is struck back for {e.value}", "#ff8a65"
    if k == "pick_up":
        return f"  {unit_name(s, e.card)} picks up a Treasure", theme.HONOR_COLOR
    if k == "gain_treasure":
        return f"  {who} draws a Treasure from the bag", theme.HONOR_COLOR
    if k == "beacon":
        return f"  {unit_name(s, e.card)} claims the Beacon at {cell_name(s, e.value)}", ""
    if k == "portal":
        return f"  {unit_name(s, e.card)} wakes the portal at {cell_name(s, e.value)}", ""
    if k == "portal_moved":
        return f"  A portal moves to {cell_name(s, e.value)}", ""
    if k == "destroyed":
        return f"  {card_name(s, e.card)} on {card_name(s, e.value)} is destroyed", ""
    if k == "equip":
        return f"  {card_name(s, e.card)} goes onto {card_name(s, e.value)}", "dim"
    if k == "forest":
        return f"  A Forest grows at {cell_name(s, e.value)}", "dim"
    if k == "reveal":
        return f"  New in the center row: {card_name(s, e.card)}", "dim"
    if k == "command_next":
        return f"  next: {unit_name(s, e.card)}", "dim"
    if k == "game_over":
        return "── Game over ──", "bold"
    return None


def hand_text(v: Any, cards: Sequence[int] | None, count: int, acting: set[int]) -> Text:
    """``Hand (5): Apprentice ×3, Militia ×2`` with playable cards bright."""
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append(f"Hand ({count}) ", style="bold #9aa3c0")
    if cards is None:
        out.append("hidden", style="dim")
        return out
    if not cards:
        out.append("empty", style="dim")
        return out
    counts: dict[str, list[int]] = {}
    for uid in cards:
        counts.setdefault(v.cards[uid].name, []).append(uid)
    for i, (name, uids) in enumerate(counts.items()):
        if i:
            out.append(" · ", style="dim")
        card = v.cards[uids[0]]
        style = theme.FACTION_COLOR.get(card.faction, "") if card.faction else ""
        live = any(u in acting for u in uids)
        out.append(name, style=f"bold {style}" if live else f"dim {style}")
        if len(uids) > 1:
            out.append(f" ×{len(uids)}", style="dim")
    return out


__all__ = [
    "DECISION_TITLES", "card_detail", "card_line", "cell_words", "decision_title",
    "event_line", "hand_text", "keyword_text", "side_color", "side_label", "side_names",
    "state_mark", "unit_detail", "unit_labels", "unit_state", "unit_stats", "value_kind",
]
