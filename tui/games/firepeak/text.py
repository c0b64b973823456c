"""Colours, names and labels for the Firepeak table, and the log's lines for what happened
(display only: no rules live here).

Actions and questions are put into words by the engine (``core.firepeak.words``); here they
are coloured (``line``: a creature in its clan's colour, a spell in the spell colour).
Creatures are shown by name, clan and Power, spells by name, type and what they cost. Clan
colours are exact xterm-256 entries, so the six clans stay apart on a 256-colour terminal.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.text import Text

from core.contract import Event
from core.firepeak import words
from core.firepeak.cards import CREATURES, N_CREATURES, N_SPELLS, SPELLS, WIZARDS, Component
from core.words import Phrase, Word, agree
from tui.words import styled

POWER = words.POWER
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



def loc_label(loc: int) -> str:
    """``Tier 2 · middle``, ``Guard``, ``Dungeon`` or ``Wizard`` for a location number."""
    return words.spot_name(loc)


def clan_label(clan: str) -> str:
    """The clan's printed name."""
    return words.clan_name(clan)


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
    return words.creature(uid).text


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
    return agree(name, third_person)


def spell_name(uid: int) -> str:
    """The spell's name."""
    return words.spell(uid).text


def styler(w: Word) -> str:
    """The style of a named piece of a phrase: a creature in its clan's colour, a spell in
    the spell colour, a player in bold; what the reader may not see in italics."""
    if w.kind in ("creature", "spell") and w.ref < 0:
        return "italic"
    if w.kind == "creature":
        return f"bold {clan_fg(CREATURES[w.ref].clan)}"
    if w.kind == "spell":
        return f"bold {SPELL_COLOR}"
    if w.kind == "seat":
        return "bold"
    return ""


def line(phrase: Phrase, base: str = "") -> Text:
    """A phrase of the engine's, coloured."""
    return styled(phrase, styler, base)


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


def spell_cost(uid: int) -> Text:
    """`` · costs 1 creature of The Doombringers``: what follows a spell's name in a list."""
    if not 0 <= uid < N_SPELLS:
        return Text()
    return Text(f" · costs {component_text(SPELLS[uid].component)}", style="dim")


def spell_about(uid: int) -> Text:
    """``Instant: Take one extra Capture this turn. …``: what the spell does, after its type
    unless its text starts by naming it (``Aura on …``, ``Enchant …``)."""
    if not 0 <= uid < N_SPELLS:
        return Text()
    d = SPELLS[uid]
    label = TYPE_LABEL.get(d.type, d.type)
    if d.text.lower().startswith(label.lower()[:5]):
        return Text(d.text)
    return Text.assemble((f"{label}: ", "italic"), d.text)


def spell_text(uid: int) -> Text:
    """What the spell does, in its own words (for a list whose line already names it)."""
    return Text(SPELLS[uid].text if 0 <= uid < N_SPELLS else "")


def wizard_text(index: int) -> Text:
    """``Sister Aurelia (+1 The Holy Order)`` in the clan colour."""
    w = WIZARDS[index]
    out = Text(w.name, style=f"bold {clan_fg(w.clan)}")
    out.append(f" (+1 {clan_label(w.clan)})", style="dim")
    return out


def poss(name: str) -> str:
    """``your`` for "You", else ``Name's`` (for the middle of a sentence)."""
    return words.possessive(name)


def capital(text: str) -> str:
    """``text`` with its first letter in upper case."""
    return text[:1].upper() + text[1:]


# --- the log: what happened ------------------------------------------------------------------

def event_line(e: Event, names: Sequence[str], private: Collection[int] = ()
               ) -> tuple[Text | str, str] | None:
    """One indented log line for a notable event, with its style (None: not worth one);
    ``names`` are the players' names by seat; ``private``: the seats whose secrets the log
    may name (the spell a Research draws)."""

    def name_of(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat}"

    def whose_loc(seat: int, loc: int) -> str:
        return f"{poss(name_of(seat))} {loc_label(loc)}"

    k = e.kind
    name = name_of(e.seat) if e.seat >= 0 else ""
    creature = creature_name(e.card) if 0 <= e.card < N_CREATURES else "it"
    spell = spell_name(e.card)

    def says(third_person: str) -> str:
        return verb(name, third_person)

    if k == "roll":
        what = f" for {creature}" if 0 <= e.card < N_CREATURES else ""
        return f"  {DIE} {says('rolls')} {e.value}{what}", "#ffd54f"
    if k == "totals":  # a Capture's or a Rescue's two totals, die and Power added up
        return f"  {says('totals')} {e.card} against {e.value}", "#ffd54f"
    if k == "brainwash_total":
        return f"  {says('totals')} {e.card} against Power {e.value} (must beat it)", "#ffd54f"
    if k == "captured":
        return (f"  {says('wins')} by {e.value}: {creature} goes to {poss(name)} Dungeon",
                "bold")
    if k == "capture_lost":
        return (f"  {says('loses')} by {e.value}: {creature} goes to the defender's "
                "Dungeon", "bold")
    if k in ("capture_tie", "rescue_tie"):
        return "  A tie: nothing happens", ""
    if k == "brainwash_failed":
        return "  The Brainwash fails: the roll must beat the Power", ""
    if k == "brainwash_won":
        return "  The Brainwash works", "bold"
    if k == "rescue_won":
        return "  The Rescue succeeds", "bold"
    if k == "rescue_lost":
        return (f"  The Rescue fails: {creature} goes to {poss(name_of(e.value))} "
                "Dungeon", "bold")
    if k == "extra_action":
        return f"  {says('gains')} {e.value} extra action{'s' if e.value > 1 else ''}", ""
    if k == "last_card":
        return "  The last creature is drawn: the game ends after this turn", "bold red"
    if k == "place":
        return f"  {creature} joins {whose_loc(e.seat, e.value)}", ""
    if k == "guard":
        return f"  {creature} becomes {poss(name)} Guard", ""
    if k == "to_dungeon":
        return f"  {says('puts')} the creature face down into {poss(name)} Dungeon", "dim"
    if k == "no_room":
        return "  There is no legal place for it: it stays in the Dungeon", ""
    if k == "rescue_declined":
        return f"  {says('takes')} no creature from {poss(name_of(e.value))} Dungeon", ""
    if k == "rescued":
        return (f"  {says('takes')} a creature from {poss(name_of(e.value))} "
                "Dungeon", "")
    if k == "move_up":
        return f"  {creature} moves up to {loc_label(e.value % 10)}", ""
    if k == "removed":
        return (f"  {creature} ({whose_loc(e.seat, e.value)}) is removed to the "
                "discard pile", "")
    if k == "spell_discarded":
        return f"  {spell} is discarded", "dim"
    if k == "component":
        return f"  {says('discards')} {creature} as the component", "dim"
    if k == "circle":
        return f"  {spell_name(e.card)} becomes {poss(name)} circle", ""
    if k == "aura":
        return f"  {spell_name(e.card)} rests on {whose_loc(e.seat, e.value)}", ""
    if k == "enchant":
        return (f"  {spell_name(e.card)} enchants {poss(name)} "
                f"{creature_name(e.value)}", "")
    if k == "fizzle":
        return f"  {spell_name(e.card)} finds nothing to act on", "dim"
    if k == "unseated":
        return f"  {creature} leaves {poss(name)} Guard for the Dungeon", ""
    if k == "filched":
        return f"  {says('takes')} a spell from {name_of(e.value)}", ""
    if k == "purged":
        return (f"  {creature} goes from {poss(name)} Dungeon to the discard pile", "")
    if k == "raided":
        return (f"  {says('moves')} a creature from {poss(name_of(e.value))} Dungeon "
                f"into {poss(name)} Dungeon", "")
    if k == "salvaged":
        return f"  {says('takes')} {creature} back from the discard pile", ""
    if k == "dispelled":
        return f"  {spell_name(e.card)} is unravelled", ""
    if k == "tremor":
        a, b = divmod(e.value, 10)
        return (f"  {capital(poss(name))} {loc_label(a)} and {loc_label(b)} "
                "trade places", "")
    if k == "bound":
        return (f"  {creature} goes from {poss(name_of(e.value))} pattern to "
                f"{poss(name)} Dungeon", "")
    if k == "draw_spell":
        if e.seat in private and 0 <= e.card < N_SPELLS:
            return f"  {says('draws')} {spell_name(e.card)}", SPELL_COLOR
        return f"  {says('draws')} a spell", "dim"
    if k == "research_reshuffle":
        return "  The spell discards become the new Research deck", "dim"
    if k == "recruit_reshuffle":
        return (f"  The creature discards become a new Recruitment deck ({e.value})",
                "bold")
    if k == "pattern_complete":
        return f"  {says('completes')} the pattern!", "bold #ffd54f"
    if k == "start_turn":
        return f"── {capital(poss(name))} turn ──", "bold"
    if k == "game_over":
        return "── Game over ──", "bold"
    return None
