"""The names of Ascension Tactics' things: cards, units, hexes, Treasures and Schemes, plain
(``card_name``) or as a tagged ``Word`` (``card_word``) that a table can point at.

Everything here reads a ``State`` or a ``TacticsView`` alike and names only what a view
shows. The phrases built from these names (actions, questions) are ``core.tactics.words``;
the names stand apart so the engine itself can label a choice it leaves on a decision.
"""

from __future__ import annotations

from core.hexgrid import to_offset
from core.tactics.state import HEAVY_PILE, MYSTIC_PILE, State
from core.tactics.view_types import TacticsView
from core.tactics.villain_state import VILLAIN
from core.words import Word

# --- names -----------------------------------------------------------------------------------

def card_name(s: State | TacticsView, uid: int) -> str:
    """A card's name; the two piles by theirs (``Mystic``, ``Heavy Infantry``)."""
    if uid == MYSTIC_PILE:
        return "Mystic"
    if uid == HEAVY_PILE:
        return "Heavy Infantry"
    return s.cards[uid].name if 0 <= uid < len(s.cards) else "?"


def unit_name(s: State | TacticsView, u: int) -> str:
    """A figure's name: its card's (``Psyche Askara (2)`` for a card's second figure), and
    a Cultist by the number its side's map labels give it (``Cultist c3``; the Villains'
    ``Villain Cultist v3``)."""
    if not 0 <= u < len(s.units):
        return "?"
    card = s.units[u].card
    if card < 0 and s.units[u].seat == VILLAIN:
        return f"Villain Cultist {villain_cultist_label(s, u)}"
    if card < 0:
        return f"Cultist c{_cultist_number(s, u)}"
    name = s.cards[card].name
    figs = s.card_units[card]
    return f"{name} ({figs.index(u) + 1})" if len(figs) > 1 else name


def cell_name(s: State | TacticsView, c: int) -> str:
    """``(3,4)``: a hex by its offset column and row."""
    if not 0 <= c < len(s.map.hexes):
        return "?"
    col, row = to_offset(s.map.hexes[c])
    return f"({col},{row})"


def villain_cultist_label(s: State | TacticsView, u: int) -> str:
    """``v3``: a Villain Cultist by its figure among the Villains' (``v1``..``v9``, then
    ``vA``.. so a label stays two characters on the map)."""
    v = s.villain
    n = v.cultists.index(u) + 1 if v is not None and u in v.cultists else 0
    return f"v{n}" if n < 10 else f"v{chr(ord('A') + n - 10)}"


def _cultist_number(s: State | TacticsView, u: int) -> int:
    """Cultists are numbered through the side: 2 vs 2 partners share a colour on the map,
    so the second partner's four are 5 to 8."""
    seat = s.units[u].seat
    for seats in s.sides:
        if seat in seats:
            team = [x for member in seats for x in s.cultists[member]]
            return team.index(u) + 1
    return s.cultists[seat].index(u) + 1 if 0 <= seat < len(s.cultists) else 0


def unit_labels(s: State | TacticsView) -> dict[int, str]:
    """A two-character map label for every unit with an owner: two letters of the name
    (``Ty``), unique within its seat, a digit for a card's second figure (``P2``), and
    ``c1``..``c8`` for Cultists as ``unit_name`` numbers them. A label never changes during
    a game (a champion acquired later takes a label no earlier one of its seat has)."""
    out: dict[int, str] = {}
    for seat in range(len(s.seats)):
        used: set[str] = set()
        for card in s.seats[seat].roster:
            figs = s.card_units[card]
            name = s.cards[card].name
            parts = [p for p in name.replace(",", " ").split() if p[:1].isalpha()]
            for i, u in enumerate(figs):
                if len(figs) > 1:
                    options = [f"{name[0]}{i + 1}"]
                else:
                    options = [name[:2], name[0] + (parts[1][0] if len(parts) > 1 else name[-1]),
                               *(f"{name[0]}{k}" for k in range(1, 10))]
                label = next((o for o in options if o not in used), name[:2])
                used.add(label)
                out[u] = label
    for seat in range(len(s.seats)):
        for u in s.cultists[seat]:
            out[u] = f"c{_cultist_number(s, u)}"
    return out


# --- tagged words ------------------------------------------------------------------------------

def card_word(s: State | TacticsView, uid: int) -> Word:
    """A card's name, tagged with its uid."""
    return Word(card_name(s, uid), "card", uid)


def unit_word(s: State | TacticsView, u: int) -> Word:
    """A unit's name, tagged with its id."""
    return Word(unit_name(s, u), "unit", u)


def cell_word(s: State | TacticsView, c: int) -> Word:
    """A hex's name, tagged with its cell."""
    return Word(cell_name(s, c), "cell", c)


def treasure_word(s: State | TacticsView, t: int) -> Word:
    """A Treasure's name, tagged with its token."""
    name = s.tdefs[t].name if 0 <= t < len(s.tdefs) else "?"
    return Word(name, "treasure", t)


def scheme_name(s: State | TacticsView, idx: int) -> str:
    """A Scheme's name (``?`` for an index the game does not have)."""
    v = s.villain
    if v is None or not 0 <= idx < len(v.schemes):
        return "?"
    return v.schemes[idx].name


__all__ = ["card_name", "card_word", "cell_name", "cell_word", "scheme_name", "treasure_word",
           "unit_labels", "unit_name", "unit_word", "villain_cultist_label"]
