"""Words and short labels for the Ascension Tactics table (display only, no rules).

Actions and the questions of pending decisions are put into words once, in
``core.tactics.words``; this module colours those phrases (``styler``) and keeps what only
the table says: the lines of the log for what happened, the numbers of cards and units
(from the view's ``stats``, which the engine computes), and side names and colours.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from core.tactics.state import AREA, DOUBLE, HEAVY_PILE, MYSTIC_PILE, RANGED, STRIKEBACK
from core.tactics.view import TacticsView
from core.tactics.villain_state import VILLAIN, VILLAINS
from core.tactics.words import card_name, cell_name, question, unit_name
from core.words import Word, agree, plain
from tui import theme
from tui.games.tactics import villains as vl
from tui.games.tactics.picture import SIDE_COLORS, SIDE_NAMES, side_mark
from tui.screens.table import possessive
from tui.words import Styler

KEYWORD_WORDS = ((RANGED, "Ranged"), (AREA, "Area"), (DOUBLE, "Double"),
                 (STRIKEBACK, "Strikeback"))

KIND_WORDS = {"hero": "Hero", "construct": "Construct", "champion": "Champion",
              "monster": "Monster", "pile": "Hero", "starter": "Starter", "cultist": "Cultist"}

GEAR_COLOR = "#ffb347"


def styler(v: TacticsView) -> Styler:
    """How the table colours the named pieces of a phrase: a card in its faction's colour,
    a unit in its side's, a Treasure in gold, a hex in bold."""

    def style(word: Word) -> str:
        if word.kind == "card":
            card = _card_def(v, word.ref)
            faction = card.faction if card is not None else ""
            return f"bold {theme.FACTION_COLOR.get(faction, '')}".strip()
        if word.kind == "unit" and 0 <= word.ref < len(v.units):
            seat = v.units[word.ref].seat
            if seat == VILLAIN:
                return f"bold {side_color(VILLAINS)}"
            return f"bold {side_color(v.side_of[seat])}" if seat >= 0 else "bold"
        if word.kind == "treasure":
            return f"bold {theme.HONOR_COLOR}"
        return "bold" if word.kind == "cell" else ""

    return style


def _card_def(v: TacticsView, uid: int) -> Any:
    """The card ``uid`` names; for a pile, the card on top of it (None when it is empty)."""
    if 0 <= uid < len(v.cards):
        return v.cards[uid]
    pile = {MYSTIC_PILE: v.mystics, HEAVY_PILE: v.heavies}.get(uid, ())
    return v.cards[pile[-1]] if pile else None


def side_names(v: TacticsView) -> list[str]:
    """Each side named by its players (``You & Player 3`` for a 2 vs 2 team); the Villains,
    whom no seat plays in solo and co-op, are ``Villains``."""
    return [" & ".join(v.seats[seat].name for seat in seats) or "Villains"
            for seats in v.sides]


def seat_teams(options: Mapping[str, Any]) -> list[list[int]]:
    """The teams of a 2 vs 2 game (seats from 0): partners sit across the table, so the
    first and third seats play against the second and fourth; none in other modes."""
    if options.get("mode") != "2v2":
        return []
    players = int(options.get("players", 4))
    return [[seat for seat in range(players) if seat % 2 == side] for side in (0, 1)]


def side_color(side: int) -> str:
    """The colour the map draws ``side`` in."""
    return SIDE_COLORS[side % len(SIDE_COLORS)]


def side_label(side: int) -> str:
    """``● Blue``: the shape that marks a side's units on the map and the colour they are
    drawn in, named, so both read without colour."""
    return f"{side_mark(side)} {SIDE_NAMES[side % len(SIDE_NAMES)]}"


def keyword_text(bits: int) -> str:
    """``Ranged, Double``: the keywords of a unit's keyword bits."""
    return ", ".join(word for bit, word in KEYWORD_WORDS if bits & bit)


def unit_stats(v: TacticsView, u: int) -> Text:
    """``Str 4 Def 5 Spd 3 ▲3``: Strength, Defense, Speed and command cost, as the engine
    has them now (constructs, buffs and the hex it stands on included)."""
    st = v.stats[u]
    out = Text()
    out.append(f"Str {st.strength}", style="bold #ff8a65")
    out.append(f" Def {st.defense}", style="bold #7fd4ff")
    out.append(f" Spd {st.speed}", style="bold #c0c0c0")
    if v.units[u].seat != VILLAIN:  # nobody pays to command a Villain
        out.append(f" {theme.POWER}{st.command}", style=theme.POWER_COLOR)
    return out


def unit_state(v: TacticsView, u: int) -> str:
    """``at (3,4)`` or ``off the field``, then ``exhausted`` and damage if so."""
    unit = v.units[u]
    where = f"at {cell_name(v, unit.cell)}" if unit.cell >= 0 else "off the field"
    words = [where]
    if unit.exhausted:
        words.append("exhausted")
    if unit.damage:
        words.append(f"{unit.damage} damage")
    return ", ".join(words)


def state_mark(v: TacticsView, u: int) -> tuple[str, str]:
    """The one-character state of a unit and its style: ``○`` off the field, ``z``
    exhausted, ``✓`` on the field and ready (not ``●``: that is Blue's mark on the map)."""
    unit = v.units[u]
    if unit.cell < 0:
        return "○", "dim"
    if unit.exhausted:
        return "z", "dim"
    return "✓", "bold #6fdc7a"


def gear_names(v: TacticsView, card: int) -> str:
    """``Thornmail, Wildgrowth Totem``: the constructs on a champion card ("" for none)."""
    gear = dict(v.gear).get(card, ()) if card >= 0 else ()
    return ", ".join(v.cards[c].name for c in gear)


def unit_detail(v: TacticsView, u: int, names: Sequence[str]) -> Text:
    """Everything about a unit for the detail panel: owner, stats, keywords, constructs."""
    unit = v.units[u]
    out = Text()
    out.append(unit_name(v, u), style="bold")
    owner = (names[unit.seat] if 0 <= unit.seat < len(names)
             else vl.villain_owner(v, u) if unit.seat == VILLAIN else "?")
    out.append(f" ({owner})\n", style="dim")
    out.append_text(unit_stats(v, u))
    words = keyword_text(v.stats[u].keywords)
    if words:
        out.append(f" · {words}", style="italic")
    out.append(f"\n{unit_state(v, u)}", style="dim")
    gear = gear_names(v, unit.card)
    if gear:
        out.append(f"\n+ {gear}", style=GEAR_COLOR)
    return out


def card_cost(card: Any) -> Text:
    """``3◆`` (Runes), ``4▲`` (a Monster's Power), or a starting champion's body and
    command cost (``7/7 5▲``)."""
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
    return out.append_text(card_numbers(card))


def card_numbers(card: Any) -> Text:
    """`` 3◆ Hero``: what follows a card's name in a line: its cost, then its kind."""
    out = Text()
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
            out.append(" · equipped: " + ", ".join(parts), style=GEAR_COLOR)
    if card.text:
        out.append("\n")
        out.append(card.text)
    return out


def event_line(s: TacticsView, e: Any, names: Sequence[str], sides: Sequence[str],
               goal: int, later: Sequence[Any] = ()) -> tuple[str, str] | None:
    """One indented log line for a notable engine event, with its style (None: no line).
    ``later``: the events after ``e`` in its batch, whose Honor the state already counts."""
    k = e.kind
    who = names[e.seat] if 0 <= e.seat < len(names) else ""
    said = vl.event_line(s, e, names)
    if said is not None:
        return said
    if k == "start_turn":
        side = e.value
        return f"── {side_label(side)}: {sides[side]} ──", f"bold {side_color(side)}"
    if k == "honor":
        side = e.seat  # an Honor event names the side that scores
        total = s.honor[side] if 0 <= side < len(s.honor) else 0
        total -= sum(x.value for x in later if x.kind == "honor" and x.seat == side)
        if s.villain is not None and side == VILLAINS:
            goal = s.scen.villain_honor
        return (f"  {sides[side]} +{e.value} Honor ({total}/{goal})",
                f"bold {theme.HONOR_COLOR}")
    if k == "defeated":
        return f"  {unit_name(s, e.card)} is defeated", "bold #ff6b6b"
    if k == "damage":
        return f"  {unit_name(s, e.card)} takes {e.value} damage", "#ff8a65"
    if k == "spared":
        return (f"  {unit_name(s, e.card)} is now too strong to be defeated (Defense over "
                f"{e.value})"), "bold #7fd4ff"
    if k == "strikeback":
        return f"  {unit_name(s, e.card)} is struck back for {e.value}", "#ff8a65"
    if k == "pick_up":
        return f"  {unit_name(s, e.card)} picks up a Treasure", theme.HONOR_COLOR
    if k == "gain_treasure":
        return f"  {agree(who, 'draws')} a Treasure from the bag", theme.HONOR_COLOR
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


def handover_reason(v: TacticsView, seat: int, name: str) -> str:
    """Why the keyboard goes to ``seat`` (named ``name``), for the hand-over screen."""
    d = v.pending
    if d is not None and (seat != v.current or d.kind == "portal"):
        verb = "may" if d.kind == "react" else "must"  # a Treasure window may be passed
        return f"{name} {verb} answer: {plain(question(v, d))}"
    if seat == v.current:
        side = v.side_of[seat]
        return f"It is {possessive(name)} turn ({side_label(side)})."
    return ""


def hand_text(v: TacticsView, cards: Sequence[int] | None, count: int, acting: set[int]) -> Text:
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
    "card_cost", "card_detail", "card_line", "card_numbers", "event_line", "gear_names",
    "handover_reason",
    "hand_text", "keyword_text", "seat_teams", "side_color", "side_label", "side_names",
    "state_mark",
    "styler", "unit_detail", "unit_state", "unit_stats",
]
