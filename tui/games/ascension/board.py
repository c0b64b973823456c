"""The lines around the cards of the Ascension table, each drawn from the view alone: the
status bar, the opponents, the zone labels and the prompt of the player to move."""

from __future__ import annotations

from collections import Counter

from rich.text import Text

from core.ascension.view import AscensionView
from core.ascension.words import card_word, question_phrase
from core.words import phrase
from tui.games.ascension.text import card_colour, said
from tui.screens.table import possessive
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


def status_line(v: AscensionView, round_: int, width: int) -> Text:
    """Round, whose turn, the turn's Runes and Power, the Honor pool and the end warning."""
    out = Text()
    out.append(f" Round {round_} ", style="bold reverse")
    out.append(f" {possessive(v.players[v.current].name)} turn ", style="bold")
    out.append(f"{RUNE} {plural(v.runes, 'Rune')}", style=RUNE_COLOR)
    out.append("  ")
    out.append(f"{POWER} {v.power} Power", style=POWER_COLOR)
    if v.mechana_runes:
        out.append(f"  +{v.mechana_runes}{RUNE} Mechana", style=FACTION_COLOR["mechana"])
    if v.discount:
        out.append(f"  -{v.discount} next construct", style=FACTION_COLOR["mechana"])
    out.append(f"  {HONOR} pool {v.honor_pool}", style=HONOR_COLOR)
    if v.ending:
        out.append("  LAST ROUND", style="bold red")
    if v.extra_turn:
        out.append("  +turn", style="bold")
    out.truncate(width, overflow="ellipsis")
    return out


def opponent_lines(v: AscensionView, seat: int, width: int) -> Text:
    """One line per other player: cards in each zone, Honor, constructs in play."""
    lines = []
    for i, p in enumerate(v.players):
        if i == seat:
            continue
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append("▶ " if i == v.current else "  ", style="bold")
        line.append(p.name, style="bold")
        line.append(f"  hand {p.hand_count} · deck {p.deck_count} · discard {len(p.discard)}")
        line.append(f"  {HONOR}{p.honor}", style=HONOR_COLOR)
        line.append(f"+{p.card_honor}", style="dim " + HONOR_COLOR)
        if p.constructs:
            line.append("  ")
            for j, uid in enumerate(p.constructs):
                if j:
                    line.append(", ")
                line.append(v.cards[uid].name, style=card_colour(v.cards[uid]))
        line.truncate(width, overflow="ellipsis")
        lines.append(line)
    return Text("\n").join(lines)


def center_label(v: AscensionView, width: int) -> Text:
    """'Center row · N in deck · Void N' on the left, the piles' counts on the right."""
    label = Text.assemble(
        ("Center row", "bold"), f" · {v.center_deck_count} in deck · Void {len(v.void)}")
    piles = Text.assemble(("Piles", "bold"),
                          f" · {len(v.mystics)} Mystic · {len(v.heavies)} Heavy Infantry")
    label.append(" " * max(2, width - len(label) - len(piles)))
    label.append_text(piles)
    return label


def hand_label(v: AscensionView, seat: int, hidden: bool) -> Text:
    """Whose hand (or that it is hidden), their deck and discard, and their Honor."""
    me = v.players[seat]
    out = Text()
    who = f"{possessive(me.name)} hand"
    if hidden:
        out.append(f"{who}: hidden", style="bold")
    else:
        out.append(f"{who} ({me.hand_count})", style="bold")
    out.append(f"  ·  deck {me.deck_count} · discard {len(me.discard)}  ·  ")
    out.append(f"{HONOR} {plural(me.honor, 'token')} + {me.card_honor} on cards",
               style=HONOR_COLOR)
    return out


def played_text(v: AscensionView) -> Text:
    """'played Mystic, 3×Apprentice': the heroes played this turn."""
    if not v.played:
        return Text("")
    counts = Counter(v.cards[u].name for u in v.played)
    return Text("played " + ", ".join(f"{n}×{c}" if c > 1 else n for n, c in counts.items()))


def move_prompt(v: AscensionView, name: str) -> Text:
    """The pending question, or whose move it is with what was played and the keys."""
    d = v.pending
    if d is not None:
        source = phrase(" (", card_word(v, d.source), ")") if d.source >= 0 else ()
        return said(v, phrase("Choice", source, ": ", question_phrase(d),
                              " — enter to choose"), base="bold yellow")
    text = Text(f"{possessive(name)} move", style="bold green", no_wrap=True,
                overflow="ellipsis")
    if v.played:
        text.append(" · ")
        text.append_text(played_text(v))
    else:
        text.append(" · enter acts on the focused card · a plays all · e ends the turn")
    return text
