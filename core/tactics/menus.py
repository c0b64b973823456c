"""The legal actions grouped for a table's menus: one list per thing a player may start
(command a unit, play a card, acquire one, play a Treasure) and one for the pending choice.

A menu lists exactly what ``legal_actions`` offers, as lines a player can take, and may
also list, greyed, what the player would look for there but cannot take now (a unit too
dear to command, a card too dear to buy) so the table can say why (``why_illegal``).
"""

from __future__ import annotations

from typing import NamedTuple

from core.contract import Action
from core.tactics.field import action_cell
from core.tactics.rules import (
    ACQUIRE,
    CHOOSE,
    COMMAND,
    DECLINE,
    PLAY,
    TREASURE,
)
from core.tactics.state import HEAVY_PILE, MYSTIC_PILE
from core.tactics.view import TacticsView


class Item(NamedTuple):
    """One line of a menu: its action, whether it can be taken now (a line that cannot is
    shown greyed with the reason), the hex it is about (-1: none) and how many identical
    cards it stands for."""

    action: Action
    legal: bool
    cell: int = -1
    copies: int = 1


def _item(v: TacticsView, a: Action, legal: list[Action], copies: int = 1) -> Item:
    return Item(a, a in legal, action_cell(v, a), copies)


def seat_units(v: TacticsView, seat: int) -> list[int]:
    """``seat``'s units as its roster lists them: each champion's figures in roster order,
    then its Cultists on the battlefield."""
    units = [u for card in v.seats[seat].roster for u in v.card_units[card]]
    return units + [u for u in v.cultists[seat] if v.units[u].cell >= 0]


def own_portals(v: TacticsView, seat: int) -> list[int]:
    """The portals ``seat`` may deploy onto, free or not."""
    return [c for c, mask in enumerate(v.portal_seats) if mask >> seat & 1]


def command_items(v: TacticsView, legal: list[Action]) -> list[Item]:
    """Every unit of the viewing seat, then a new Cultist at each portal it may be called
    to (one greyed line when none may be)."""
    out = [_item(v, Action(COMMAND, u), legal) for u in seat_units(v, v.seat)]
    calls = [a for a in legal if a.kind == COMMAND and a.card == -1]
    out += [_item(v, a, legal) for a in calls]
    if not calls:
        portals = own_portals(v, v.seat)
        out.append(Item(Action(COMMAND, -1, portals[0] if portals else -1), False))
    return out


def play_items(v: TacticsView, legal: list[Action]) -> list[Item]:
    """The viewing seat's hand, one line per kind of card (identical cards play alike)."""
    groups: dict[str, list[int]] = {}
    for uid in v.me.hand or ():
        groups.setdefault(v.cards[uid].id, []).append(uid)
    return [_item(v, Action(PLAY, uids[0]), legal, len(uids)) for uids in groups.values()]


def acquire_items(v: TacticsView, legal: list[Action]) -> list[Item]:
    """Each card of the center row (and, where allowed, onto the deck), then the Mystic and
    Heavy Infantry piles."""
    out: list[Item] = []
    for uid in v.row:
        if uid < 0:
            continue
        out.append(_item(v, Action(ACQUIRE, uid), legal))
        top = Action(ACQUIRE, uid, 1)
        if top in legal:
            out.append(_item(v, top, legal))
    out += [_item(v, Action(ACQUIRE, pile), legal) for pile in (MYSTIC_PILE, HEAVY_PILE)]
    return out


def treasure_items(v: TacticsView, legal: list[Action]) -> list[Item]:
    """Each Treasure that may be played now, on each unit it may go on."""
    return [_item(v, a, legal) for a in legal if a.kind == TREASURE]


def decision_items(v: TacticsView, legal: list[Action]) -> list[Item]:
    """Every answer of the pending decision: its choices (then declining, when allowed), or
    in a Treasure window each Treasure that may be played, then passing."""
    d = v.pending
    if d is None:
        return []
    if d.kind == "react":
        return [_item(v, a, legal) for a in legal if a.kind in (TREASURE, DECLINE)]
    answers = [Action(CHOOSE, c) for c in d.choices]
    if d.optional:
        answers.append(Action(DECLINE))
    return [_item(v, a, legal) for a in answers if a in legal]


__all__ = ["Item", "acquire_items", "command_items", "decision_items", "own_portals",
           "play_items", "seat_units", "treasure_items"]
