"""How a table offers Firepeak's turn actions, read from a view (menus never need the state).

A kind of action (Capture, Move …) is narrowed down in steps: the actions ``legal_actions``
offers are grouped by a step's ``key`` (the attacker, then the defender), one entry per
group, each saying what it stands for and pointing at it on the table. ``candidates`` lists
every action of a kind that names real things on the table, legal or not, so a menu can
show the others greyed with the engine's reason, and ``why_none`` says why no action of a
kind can be taken now. The words are ``words``'; the rules are ``rules``' and ``board``'s.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from typing import NamedTuple

from core.contract import Action
from core.firepeak import board
from core.firepeak.cards import CLAN_OF
from core.firepeak.pattern import ADJACENT, EMPTY, SIZE, WIZARD
from core.firepeak.rules import paid_by
from core.firepeak.state import GUARD
from core.firepeak.view import FirepeakView
from core.firepeak.words import KIND_NAMES, in_play, phrase, spot_of
from core.words import Phrase, a_or_an

Spot = tuple[int, int]  # (seat, location) on the table

# Why a kind of action has not even a candidate to ask the engine about.
NOTHING_TO_TRY = {
    "recruit": "there is nothing to recruit",
    "capture": "you need a creature of yours and an opponent's creature to fight",
    "brainwash": "your Dungeon is empty",
    "rescue": "you control no creature to send on a Rescue",
    "move": "no creature in your pattern has an empty place to go",
    "swap": "you need two adjacent creatures in your pattern",
    "imprison": "you control no creature",
    "cast": "your Spellbook is empty",
    "research": "Research needs two creatures of one clan in your Dungeon",
}


class Step(NamedTuple):
    """One step of a menu: actions with the same ``key`` make one entry, which says
    ``entry`` and points at ``mark`` (both from any action of the group)."""

    key: Callable[[Action], Hashable]
    entry: Callable[[FirepeakView, Action], Phrase]
    mark: Callable[[FirepeakView, Action], Spot | None]


def target(v: FirepeakView, a: Action) -> Spot | None:
    """What ``a`` chiefly points at on the table: the first place its phrase names."""
    return next((spot_of(w.ref) for w in phrase(v, a) if w.kind == "spot"), None)


def _card(a: Action) -> Hashable:
    return a.card


def _option(a: Action) -> Hashable:
    return a.option


def _pair(a: Action) -> Hashable:
    return a.card, a.option


def _chooser(v: FirepeakView, a: Action) -> Phrase:
    """The mover's creature that the action sends (the first step of a Capture …)."""
    return in_play(v, v.current, a.card)


def _mine(v: FirepeakView, a: Action) -> Spot | None:
    return v.current, a.card


def _destination(v: FirepeakView, a: Action) -> Spot | None:
    return v.current, a.option


def _victims_guard(v: FirepeakView, a: Action) -> Spot | None:
    return (a.option, GUARD) if v.players[a.option].guard != EMPTY else None


def _nothing(v: FirepeakView, a: Action) -> Spot | None:
    return None


STEPS: dict[str, tuple[Step, ...]] = {
    "recruit": (Step(_card, phrase, target),),
    "capture": (Step(_card, _chooser, _mine), Step(_option, phrase, target)),
    "brainwash": (Step(_card, phrase, _nothing),),
    "rescue": (Step(_card, _chooser, _mine), Step(_option, phrase, _victims_guard)),
    "move": (Step(_card, _chooser, _mine), Step(_option, phrase, _destination)),
    "swap": (Step(_pair, phrase, target),),
    "imprison": (Step(_card, phrase, target),),
    "research": (Step(_pair, phrase, _nothing),),
}


def grouped(actions: list[Action], step: Step) -> list[list[Action]]:
    """``actions`` grouped by the step's key, in the engine's order."""
    groups: dict[Hashable, list[Action]] = {}
    for a in actions:
        groups.setdefault(step.key(a), []).append(a)
    return list(groups.values())


# --- what could be tried, and why not --------------------------------------------------------

def candidates(v: FirepeakView, kind: str) -> list[Action]:
    """Every ``kind`` action of the player whose turn it is that names real things on the
    table, legal or not (``v`` is that player's view)."""
    seat = v.current
    me = v.players[seat]
    mine = [loc for loc in (*range(SIZE), GUARD) if me.at(loc) != EMPTY]
    theirs = [(o, loc) for o, p in enumerate(v.players) if o != seat
              for loc in (*range(SIZE), GUARD) if p.at(loc) != EMPTY]
    dungeon = sorted(me.dungeon or ())
    if kind == "recruit":
        return [Action("recruit", loc) for loc in (WIZARD, *mine) if loc != GUARD]
    if kind == "capture":
        return [Action("capture", m, o * 10 + loc) for m in mine for o, loc in theirs]
    if kind == "brainwash":
        return [Action("brainwash", u) for u in me.dungeon or ()]
    if kind == "rescue":
        return [Action("rescue", m, o) for m in mine for o in range(len(v.players))
                if o != seat]
    if kind == "move":
        spots = [q for q in range(SIZE) if me.pattern[q] == EMPTY]
        if me.guard == EMPTY:
            spots.append(GUARD)
        return [Action("move", p, q) for p in range(SIZE) if me.pattern[p] != EMPTY
                for q in spots]
    if kind == "swap":
        return [Action("swap", p, q) for p in range(SIZE) for q in ADJACENT[p]
                if q > p and me.pattern[p] != EMPTY and me.pattern[q] != EMPTY]
    if kind == "imprison":
        return [Action("imprison", loc) for loc in mine]
    if kind == "cast":
        return [Action("cast", sp) for sp in sorted(set(me.spellbook or ()))]
    if kind == "research":
        return [Action("research", x, y) for i, x in enumerate(dungeon) for y in dungeon[i + 1:]
                if CLAN_OF[x] == CLAN_OF[y]]
    return []


def payer(v: FirepeakView, a: Action) -> str | None:
    """What would pay for turn action ``a`` now (see ``rules.action_source``), None if
    nothing the turn has left can."""
    night_wing_free = bool(v.options["variants"]["clan_powers"]) and not v.night_wing_used
    return paid_by(a, v.actions_left, v.bonus, night_wing_free, v.players[v.current].pattern)


def payable(v: FirepeakView, kind: str) -> bool:
    """Whether something the turn has left could pay for one of the ``kind`` candidates."""
    return any(payer(v, a) is not None for a in candidates(v, kind))


def why_none(v: FirepeakView, kind: str, why_illegal: Callable[[Action], str | None]) -> str:
    """Why no ``kind`` action can be taken now: nothing to try it on, no action left to pay
    for it, or the engine's most common reason (``why_illegal``) among the candidates."""
    tried = candidates(v, kind)
    name = KIND_NAMES.get(kind, kind)
    if not tried:
        return NOTHING_TO_TRY.get(kind, f"no {name} is possible")
    if kind != "research" and not payable(v, kind):
        return f"you have no action left this turn for {a_or_an(name)}"
    reasons = [r for a in tried if (r := why_illegal(a))]
    if not reasons:
        return f"no {name} is possible now"
    return Counter(reasons).most_common(1)[0][0]


def defence_bonus(v: FirepeakView, seat: int, loc: int) -> int:
    """What the creature at ``loc`` of ``seat`` adds to its total when it defends against a
    Capture, for where it stands and what it is (``board.defence_bonus``)."""
    uid = v.players[seat].at(loc)
    if uid == EMPTY:
        return 0
    return board.defence_bonus(loc, CLAN_OF[uid], bool(v.options["variants"]["clan_powers"]))
