"""The names of Ascension Tactics' things: cards, units, hexes, Treasures and Schemes, plain
(``card_name``) or as a tagged ``Word`` (``card_word``) that a table can point at.

Everything here reads a ``State`` or a ``TacticsView`` alike and names only what a view
shows. The phrases built from these names (actions, questions) are ``core.tactics.words``;
the names stand apart so the engine itself can label a choice it leaves on a decision.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

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
    a Cultist by the label the map gives it (``Cultist c3``; the Villains'
    ``Villain Cultist v3``)."""
    if not 0 <= u < len(s.units):
        return "?"
    card = s.units[u].card
    if card < 0 and s.units[u].seat == VILLAIN:
        return f"Villain Cultist {villain_cultist_label(s, u)}"
    if card < 0:
        return f"Cultist {cultist_label(s, u)}"
    name = s.cards[card].name
    figs = s.card_units[card]
    return f"{name} ({figs.index(u) + 1})" if len(figs) > 1 else name


def cell_name(s: State | TacticsView, c: int) -> str:
    """``(3,4)``: a hex by its offset column and row."""
    if not 0 <= c < len(s.map.hexes):
        return "?"
    col, row = to_offset(s.map.hexes[c])
    return f"({col},{row})"


def _numeral(n: int) -> str:
    """``1``..``9``, then ``A``..: one character, so a label stays two on the map."""
    return str(n) if n < 10 else chr(ord("A") + n - 10)


def villain_cultist_label(s: State | TacticsView, u: int) -> str:
    """``v3``: a Villain Cultist by its figure among the Villains' (``v1``..``v9``, then
    ``vA``..)."""
    v = s.villain
    n = v.cultists.index(u) + 1 if v is not None and u in v.cultists else 0
    return f"v{_numeral(n)}"


def cultist_label(s: State | TacticsView, u: int) -> str:
    """``c5``: a hero Cultist numbered through every side, the first side's first (in 1 vs
    1 the second side's four are ``c5``..``c8``; in 2 vs 2 partners follow each other), so
    no two Cultists on the map, nor in the log, read alike."""
    order = [x for seats in _seat_order(s) for x in s.cultists[seats]]
    return f"c{_numeral(order.index(u) + 1)}" if u in order else "c?"


def _seat_order(s: State | TacticsView) -> list[int]:
    """The seats side by side (partners together), every seat once."""
    order = [seat for seats in s.sides for seat in seats if 0 <= seat < len(s.cultists)]
    return order + [seat for seat in range(len(s.cultists)) if seat not in order]


def _label_options(name: str, figures: int) -> Iterator[tuple[str, ...]]:
    """The labels a card's figures may take, best first: two letters of the name (``Ty``,
    the first and the next word's initial ``Kt``, the first and a later letter), the first
    letter and a digit; a card of several figures numbers them (``P1``, ``P2``). Made one
    at a time: nearly every card takes its first."""
    letters = [ch for ch in name if ch.isalpha()] or ["?"]
    first = letters[0].upper()
    if figures > 1:
        for head in (first, *(ch.upper() for ch in letters[1:]),
                     *(chr(ord("A") + i) for i in range(26))):
            yield tuple(f"{head}{i + 1}" for i in range(figures))
        return
    yield (name[:2],)
    parts = [p for p in name.replace(",", " ").split() if p[:1].isalpha()]
    for option in (*(first + p[0] for p in parts[1:]), *(first + ch for ch in letters[1:]),
                   *(f"{first}{k}" for k in range(1, 10))):
        yield (option,)
    for i in range(26):
        for k in range(1, 10):
            yield (f"{chr(ord('A') + i)}{k}",)


def unit_labels(s: State | TacticsView) -> dict[int, str]:
    """A two-character map label for every unit with an owner, none alike on the map: two
    letters of the name (``Ty``), a digit per figure of a card of several (``P1``, ``P2``),
    and ``c1``.. for the heroes' Cultists as ``cultist_label`` numbers them."""
    return {u: label for u, label in figure_labels(s).items() if s.units[u].seat >= 0}


def figure_labels(s: State | TacticsView) -> dict[int, str]:
    """``unit_labels`` for every figure of the game, in a box or not. Every champion and
    Monster card is given its label up front, in the order of the card list, so a label
    never changes during a game: one acquired later cannot take a label another side's
    figure already shows (the Villains' labels keep clear of all of them)."""
    order = [u for seat in _seat_order(s) for u in s.cultists[seat]]
    out = {u: f"c{_numeral(i + 1)}" for i, u in enumerate(order)}
    cards = [(card, figs) for card, figs in s.card_units.items()
             if s.cards[card].kind != "villain"]  # the Villains go by their token's letter
    chosen = _card_labels(tuple((s.cards[card].name, len(figs)) for card, figs in cards),
                          frozenset(out.values()))
    for (_, figs), labels in zip(cards, chosen, strict=True):
        out.update(zip(figs, labels, strict=True))
    return out


@lru_cache(maxsize=16)
def _card_labels(cards: tuple[tuple[str, int], ...], taken: frozenset[str]
                 ) -> tuple[tuple[str, ...], ...]:
    """Each card's labels (by its name and figure count), none in ``taken`` nor alike; the
    same cards give the same labels, so a table redraws them without working them out."""
    used = set(taken)
    out = []
    for name, figures in cards:
        chosen = next((o for o in _label_options(name, figures) if not used.intersection(o)),
                      ("??",) * figures)  # more cards than two characters tell apart: not boxed
        used.update(chosen)
        out.append(chosen)
    return tuple(out)


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


__all__ = ["card_name", "card_word", "cell_name", "cell_word", "cultist_label", "figure_labels",
           "scheme_name", "treasure_word", "unit_labels", "unit_name", "unit_word",
           "villain_cultist_label"]
