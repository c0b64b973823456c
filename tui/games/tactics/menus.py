"""The lines of the Tactics pick lists: what ``c``, ``p``, ``a`` and ``t`` offer, and the
answers of a pending choice.

Which lines a list has, and which of them can be taken, is ``core.tactics.menus`` (read off
the legal actions). Each line is the action's own phrase (``core.tactics.words``) in the
table's colours, followed by numbers (cost, strength, how many); a line that cannot be
taken carries the engine's reason (``why_illegal``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from rich.text import Text

from core.contract import Action
from core.tactics import menus
from core.tactics.field import route_path, unit_side
from core.tactics.menus import Item
from core.tactics.rules import CHOOSE, DECLINE, SCHEME, TREASURE
from core.tactics.state import HEAVY_PILE, MYSTIC_PILE
from core.tactics.view import TacticsView
from core.tactics.villain import Plan
from core.tactics.words import cell_name, phrase, value_kind
from tui import theme
from tui.games.tactics import text as tt
from tui.games.tactics import villains as vl
from tui.words import styled

# Why an action cannot be taken now (the engine's words), or None when it can.
Why = Callable[[Action], str | None]
# What the map says of a hex (``HexMap.describe``).
HexWords = Callable[[int], str]


class Entry(NamedTuple):
    """One line of a pick list: the action (None when it cannot be taken now), its label,
    a detail text, the map cell it is about (or -1), why it is greyed, the hexes a route
    it picks walks through (drawn on the map while the line is highlighted) and the hex of
    the unit it hits (-1: none; a Villain's target, the hero unit a Scheme hurts)."""

    action: Action | None
    label: Text
    detail: Text | str = ""
    cell: int = -1
    reason: str = ""
    path: tuple[int, ...] = ()
    hit: int = -1


def entry_marks(v: TacticsView, seat: int, entries: Sequence[Entry]
                ) -> tuple[set[int], set[int]]:
    """The hexes a list's lines are about, as the map tints them while it is open: where a
    unit would go (+) and what would be hit (×: an enemy of ``seat`` on a line's hex, or
    the hex a line says it hits)."""
    side = v.side_of[seat]
    reach: set[int] = set()
    targets: set[int] = set()
    for e in entries:
        if e.action is None:
            continue
        if e.hit >= 0:
            targets.add(e.hit)
        if e.cell < 0 or e.cell == e.hit:
            continue
        u = v.occupant[e.cell]
        enemy = u >= 0 and unit_side(v, u) != side
        (targets if enemy else reach).add(e.cell)
    return reach, targets


class PickLists:
    """The pick lists of one position, seen from ``v`` with the legal actions ``legal``."""

    def __init__(self, v: TacticsView, legal: list[Action], why: Why,
                 names: Sequence[str], hex_words: HexWords) -> None:
        self.v = v
        self.legal = legal
        self.why = why
        self.names = names
        self.hex_words = hex_words
        self.style = tt.styler(v)

    # --- the lists ---------------------------------------------------------------------------

    def command(self) -> list[Entry]:
        """c: every unit of yours (its state and Power cost), and a new Cultist per portal."""
        v = self.v
        out = []
        for item in menus.command_items(v, self.legal):
            a = item.action
            if a.card == -1:
                out.append(self._entry(item, self._words(a), tt.card_detail(v.cultist_def)))
                continue
            mark, mark_style = tt.state_mark(v, a.card)
            label = Text(f"{mark} ", style=mark_style).append_text(self._words(a))
            label.append(f" {theme.POWER}{v.stats[a.card].command}", style=theme.POWER_COLOR)
            out.append(self._entry(item, label, tt.unit_detail(v, a.card, self.names)))
        return out

    def play(self) -> list[Entry]:
        """p: one line per kind of card in hand."""
        out = []
        for item in menus.play_items(self.v, self.legal):
            card = self.v.cards[item.action.card]
            label = self._words(item.action).append_text(tt.card_numbers(card))
            if item.copies > 1:
                label.append(f"  ×{item.copies}", style="bold")
            out.append(self._entry(item, label, tt.card_detail(card)))
        return out

    def acquire(self) -> list[Entry]:
        """a: the center row (onto the deck too, when allowed), then the two piles."""
        v = self.v
        out = []
        for item in menus.acquire_items(v, self.legal):
            uid = item.action.card
            label = self._words(item.action)
            detail: Text | str = ""
            pile = {MYSTIC_PILE: v.mystics, HEAVY_PILE: v.heavies}.get(uid)
            top = pile[-1] if pile else uid
            if top >= 0:
                label.append_text(tt.card_numbers(v.cards[top]))
                detail = tt.card_detail(v.cards[top])
            if pile:
                label.append(f"  ({len(pile)} left)", style="dim")
            out.append(self._entry(item, label, detail))
        return out

    def treasure(self) -> list[Entry]:
        """t: each Treasure you may play, on each unit it may go on."""
        return [self._treasure(item) for item in menus.treasure_items(self.v, self.legal)]

    def decision(self) -> list[Entry]:
        """The answers of the pending choice, each with what it is about."""
        v = self.v
        d = v.pending
        out = []
        plans = vl.plans(v, d) if d is not None and d.kind == "villain_plan" else []
        for item in menus.decision_items(v, self.legal):
            a = item.action
            if a.kind == TREASURE:
                out.append(self._treasure(item))
            elif a.kind == DECLINE:
                out.append(self._entry(item, self._words(a, "italic")))
            elif d is not None and d.kind == "villain_plan" and a.kind == CHOOSE:
                out.append(self._plan(item, plans[a.card] if a.card < len(plans) else None))
            elif d is not None and a.kind == CHOOSE:
                out.append(self._choice(item, value_kind(d.kind)))
        return out

    def schemes(self) -> list[Entry]:
        """p for the Boss player: each Scheme in hand, its Threat Level met or not."""
        vv = self.v.villain
        out = []
        for idx in (vv.hand or ()) if vv is not None else ():
            assert vv is not None
            a = Action(SCHEME, idx)
            sd = vv.schemes[idx]
            label = self._words(a)
            label.append(f"  Threat {sd.threat} ", style="dim")
            label.append("✓ bonus" if vl.met(vv, sd) else "✗", style="dim")
            out.append(self._entry(Item(a, a in self.legal), label, vl.scheme_detail(vv, idx)))
        return out

    # --- lines -------------------------------------------------------------------------------

    def _choice(self, item: Item, kind: str) -> Entry:
        """An answer naming a unit (its owner and numbers), a hex (what is there), a card
        (its cost and kind) or an option."""
        v, a = self.v, item.action
        label = self._words(a)
        if kind == "unit":
            owner = v.units[a.card].seat
            label.append(f" ({self.names[owner] if owner >= 0 else 'Villains'}) ", style="dim")
            label.append_text(tt.unit_stats(v, a.card))
            entry = self._entry(item, label, tt.unit_detail(v, a.card, self.names))
            # The hero unit a Villain's Scheme hurts is marked as hit, though it is a friend.
            hurt = v.pending is not None and v.pending.kind == "villain_target"
            return entry._replace(hit=entry.cell) if hurt else entry
        if kind == "cell":
            label.append(f"  {self.hex_words(a.card)}", style="dim")
            return self._entry(item, label)
        if kind == "option":
            return self._entry(item, label)
        if kind == "route":
            path = route_path(v, a)
            steps = " → ".join(cell_name(v, c) for c in path)
            return self._entry(item, label, f"walks {steps}")._replace(path=path)
        card = v.cards[a.card]
        return self._entry(item, label.append_text(tt.card_numbers(card)), tt.card_detail(card))

    def _plan(self, item: Item, plan: Plan | None) -> Entry:
        """A Villain's plan: the cursor on where it ends (or on its target, attacked
        first), its walk drawn, its target marked as hit."""
        v, a = self.v, item.action
        entry = self._entry(item, self._words(a))
        d = v.pending
        if plan is None or d is None:
            return entry
        u = d.unit
        here = v.units[u].cell
        goal = plan.destination if plan.destination >= 0 else here
        hit = v.units[plan.target].cell if plan.target >= 0 else -1
        path = vl.walk(v, u, goal) if goal != here else ()
        steps = " → ".join(cell_name(v, c) for c in path)
        detail = Text.assemble(tt.unit_detail(v, u, self.names),
                               (f"\nwalks {steps}" if steps else "\nstays where it is", "dim"))
        cell = hit if plan.attack_first or goal == here and hit >= 0 else goal
        return entry._replace(detail=detail, cell=cell, path=path, hit=hit)

    def _treasure(self, item: Item) -> Entry:
        tdef = self.v.tdefs[item.action.card]
        return self._entry(item, self._words(item.action), tdef.text)

    def _words(self, a: Action, base: str = "") -> Text:
        """The action's phrase in the table's colours."""
        return styled(phrase(self.v, a), self.style, base)

    def _entry(self, item: Item, label: Text, detail: Text | str = "") -> Entry:
        if item.legal:
            return Entry(item.action, label, detail, item.cell)
        reason = self.why(item.action) or "not now"
        return Entry(None, label, detail, item.cell, reason)


__all__ = ["Entry", "HexWords", "PickLists", "Why", "entry_marks"]
