"""The fixed panels of the Firepeak table, each drawn from the engine's view: the status
bar, the action keys, the viewer's Dungeon and Spellbook, the panel describing the spot under
the pointer, and what the pattern widgets draw for each seat.

Every figure shown (effective Power, counts, the turn's actions) is read from the view;
nothing here decides a rule.
"""

from __future__ import annotations

from collections import Counter

from rich.text import Text

from core.firepeak.cards import CLAN_OF
from core.firepeak.pattern import EMPTY, LEADERS, SIZE, WIZARD
from core.firepeak.view import FirepeakView
from core.firepeak.words import KIND_NAMES
from tui.games.firepeak import text as ft
from tui.games.firepeak.pattern import PatternData

# (action kind, key) in the order of the action panel: two columns of five.
ACTION_KEYS: tuple[tuple[str, str], ...] = (
    ("recruit", "r"), ("capture", "c"), ("brainwash", "b"), ("rescue", "x"),
    ("research", "t"), ("move", "m"), ("swap", "w"), ("imprison", "i"), ("cast", "k"),
    ("end", "e"),
)
KEY_OF = {kind: key for kind, key in ACTION_KEYS}
ON_KEY = "bold #ffd54f"
OFF = "#585858"
TURN_COLOR = "#7fd4ff"
DECK_COLOR = "#ffd54f"
TABLE_LABEL = "bold #9aa3c0"


def possessive(name: str) -> str:
    """``Your`` for "You", else ``Name's`` (for the start of a line)."""
    return ft.capital(ft.poss(name))


def pattern_data(v: FirepeakView, seat: int) -> PatternData:
    """What the pattern widgets draw for ``seat``."""
    p = v.players[seat]
    return PatternData(
        title=f"{possessive(p.name)} pattern", wizard=p.wizard, slots=p.pattern,
        powers=p.powers, guard=p.guard, guard_power=p.guard_power, auras=p.auras,
        ench=dict(v.ench), dungeon_count=p.dungeon_count, dungeon_open=p.dungeon is not None,
        spell_count=p.spellbook_count, circle=p.circle, total=p.power,
        current=seat == v.current and not v.setup, name=p.name)


def status_text(v: FirepeakView, round_number: int, width: int) -> Text:
    """The top bar: the round and whose turn, actions left, the decks, the variants."""
    out = Text(no_wrap=True, overflow="ellipsis")
    if v.setup:
        out.append(" Setup ", style="bold reverse")
        out.append(" each player keeps 5 of 7 spells", style="bold")
    else:
        out.append(f" Turn {round_number} ", style="bold reverse")
        out.append(f" {possessive(v.players[v.current].name)} turn ", style="bold")
        left = f"{v.actions_left} action{'s' if v.actions_left != 1 else ''} left"
        out.append(left, style=TURN_COLOR)
        if v.bonus:
            extras = Counter(v.bonus)
            out.append(" +" + ", +".join(f"{n} {k}" for k, n in extras.items()),
                       style=TURN_COLOR)
    out.append(f"  Recruit deck {v.recruit_count}", style=DECK_COLOR)
    out.append(f"  Research {v.research_count}", style=ft.SPELL_COLOR)
    if v.deck_out:
        out.append("  LAST TURN", style="bold red")
    variants = v.options.get("variants", {})
    if variants.get("clan_powers"):
        out.append("  Clan Powers", style="dim")
    if variants.get("reshuffle_once") and not v.reshuffled:
        out.append("  Reshuffle", style="dim")
    out.truncate(width, overflow="ellipsis")
    return out


def actions_text(kinds: set[str]) -> Text:
    """The action keys in two columns, the ones of ``kinds`` (legal now) lit."""
    lines: list[Text] = []
    for row in range(5):
        line = Text(no_wrap=True)
        for col in range(2):
            kind, key = ACTION_KEYS[col * 5 + row]
            on = kind in kinds
            line.append(f" {key} ", style=ON_KEY if on else OFF)
            line.append(f"{KIND_NAMES[kind]:<13}", style="" if on else OFF)
        lines.append(line)
    return Text("\n").join(lines)


def _owned(v: FirepeakView, seat: int, viewer: int | None, what: str) -> str:
    """``Dungeon`` for the viewer's own, ``Greedy bot's Dungeon`` for another seat's."""
    return what if seat == viewer else f"{ft.poss(v.players[seat].name)} {what}"


def dungeon_text(v: FirepeakView, seat: int | None, viewer: int | None = -1) -> Text:
    """``seat``'s Dungeon (hidden while nobody is at the keyboard): its creatures where
    ``viewer`` (default: ``seat`` itself) may see them, else how many it holds."""
    out = Text(no_wrap=False)
    if seat is None:
        out.append("Dungeon: hidden", style="dim")
        return out
    me = v.players[seat]
    label = _owned(v, seat, seat if viewer == -1 else viewer, "Dungeon")
    out.append(f"{label} ({me.dungeon_count}) ", style=TABLE_LABEL)
    if me.dungeon is None:
        out.append("face down" if me.dungeon_count else "empty", style="dim")
        return out
    for i, uid in enumerate(sorted(me.dungeon, key=lambda u: (CLAN_OF[u], u))):
        if i:
            out.append(", ", style="dim")
        out.append_text(ft.creature_chip(uid))
    if not me.dungeon:
        out.append("empty", style="dim")
    return out


def book_text(v: FirepeakView, seat: int | None, viewer: int | None = -1) -> Text:
    """``seat``'s Spellbook (hidden while nobody is at the keyboard), its spells named
    where ``viewer`` (default: ``seat`` itself) may see them, its circle in play named."""
    out = Text(no_wrap=False)
    if seat is None:
        out.append("Spellbook: hidden", style="dim")
        return out
    me = v.players[seat]
    label = _owned(v, seat, seat if viewer == -1 else viewer, "Spellbook")
    out.append(f"{label} ({me.spellbook_count}) ", style=TABLE_LABEL)
    if me.spellbook is None:
        out.append("hidden" if me.spellbook_count else "empty", style="dim")
    else:
        out.append(", ".join(ft.spell_name(sp) for sp in me.spellbook), style=ft.SPELL_COLOR)
        if not me.spellbook:
            out.append("empty", style="dim")
    if seat != viewer and viewer != -1 and me.circle != EMPTY:
        out.append(f" · circle {ft.spell_name(me.circle)}", style=ft.SPELL_COLOR)
    return out


def detail_text(v: FirepeakView, seat: int, loc: int) -> Text:
    """The spot ``loc`` of ``seat`` under the pointer: its creature, Power, spells, Leaders."""
    p = v.players[seat]
    out = Text()
    out.append(f"{possessive(p.name)} {ft.loc_label(loc)}\n", style="bold")
    uid = p.at(loc)
    if uid == EMPTY:
        out.append("empty\n", style="dim")
    else:
        out.append_text(ft.creature_text(uid, p.power_at(loc), printed=True))
        out.append("\n")
        for sp in v.spells_on(uid):
            out.append(f"{ft.ENCH_MARK} {ft.spell_name(sp)}\n", style=ft.SPELL_COLOR)
    if loc < SIZE:
        aura = p.auras[loc]
        if aura != EMPTY:
            out.append(f"{ft.AURA_MARK} {ft.spell_name(aura)}\n", style=ft.SPELL_COLOR)
        leaders = [q for q in LEADERS[loc] if q != WIZARD]
        out.append("Leader: " + (" & ".join(ft.loc_label(q) for q in leaders)
                                 if leaders else "the Wizard"), style="dim")
    return out
