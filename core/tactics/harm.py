"""Harm that is not an attack: damage from a card, the Turret's shot, Tainted ground at the
start of a turn, an outright defeat, a Construct destroyed. Treasures may be played at any
time, so each one waits for a Treasure window before it lands, exactly as an attack does.

``declare`` puts the harm on the work stack as an ``@harm`` operation and opens the window
(``combat.open_window``: the players of the units hurt are asked, in turn, until all pass);
when the window closes the effect engine runs ``land``, which judges the harm on the board
as it is then: a unit a Treasure lifted above an outright defeat's limit is spared, damage
is compared with the Defense it has now. While the window is open the harm it waits for is
``pending_harm`` — the table and the bots read it there.

Entering a Tainted hex during one's own move opens no window: the mover chose the way and
may play a Treasure before moving.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from core.contract import Event
from core.tactics import combat
from core.tactics.cards import Op
from core.tactics.state import Attack, State, Work

HARM = "@harm"
# What a harm does: damage (a card's), turret (the Turret's shot), tainted (ground at the
# start of a turn), defeat (outright, Defense up to ``n``), destroy (Construct ``card``).
KINDS = ("damage", "turret", "tainted", "defeat", "destroy")


class Harm(NamedTuple):
    """Harm waiting for its Treasure window: ``what`` (one of ``KINDS``), the units it hits,
    ``n`` (damage dealt, or the highest Defense an outright defeat takes), ``card`` (the
    Construct to destroy, else -1), ``source`` (the card dealing it, -1: none) and ``seat``
    (the player dealing it, -1: nobody)."""

    what: str
    targets: tuple[int, ...]
    n: int
    card: int
    source: int
    seat: int


def _op(h: Harm) -> Op:
    return Op(HARM, n=h.n, args=(("card", h.card), ("targets", h.targets), ("what", h.what)))


def of_work(item: Work) -> Harm:
    """The harm an ``@harm`` work item carries."""
    op, src, seat, _ = item
    targets = op.get("targets", ())
    card = op.get("card", -1)
    assert isinstance(targets, tuple) and isinstance(card, int)
    return Harm(str(op.get("what")), tuple(int(t) for t in targets), op.n, card, src, seat)


def pending_harm(work: Sequence[Work], attack: Attack | None) -> Harm | None:
    """The harm a Treasure window is open for (a state's or a view's work stack and window
    record), or None when no window is open or it is an attack's."""
    if attack is None or attack.attacker >= 0 or not work or work[-1][0].op != HARM:
        return None
    return of_work(work[-1])


def declare(s: State, h: Harm, events: list[Event]) -> None:
    """Queue ``h`` to land next and open its Treasure window (closed at once when nobody
    hurt holds a Treasure to play)."""
    s.work.append((_op(h), h.source, h.seat, -1))
    combat.open_window(s, h.targets, h.source, events)


def land(s: State, item: Work, events: list[Event]) -> None:
    """The window closed: the harm of ``item`` lands on the board as it is now."""
    h = of_work(item)
    if h.what == "destroy":
        _destroy(s, h.card, events)
        combat.check_defeats(s, events)  # FAQ 5: lost Defense can defeat at once
        return
    if h.what == "defeat":
        t = h.targets[0]
        if s.units[t].cell < 0:
            return
        if combat.defense(s, t) > h.n:
            events.append(Event("spared", s.units[t].seat, t, h.n))
            return
        combat.remove_units(s, [t], events)
        combat.check_defeats(s, events)
        return
    combat.deal_damage(s, h.targets, h.n, events)


def _destroy(s: State, construct: int, events: list[Event]) -> None:
    for champ, gear in list(s.gear.items()):
        if construct in gear:
            rest = tuple(c for c in gear if c != construct)
            if rest:
                s.gear[champ] = rest
            else:
                del s.gear[champ]
            owner = s.units[s.card_units[champ][0]].seat
            if owner < 0:  # a Villain's Construct is banished (DESIGN.md, special rules)
                s.banished.append(construct)
                events.append(Event("banish", owner, construct, champ))
                return
            s.seats[owner].discard.append(construct)
            events.append(Event("destroyed", owner, construct, champ))
            return


def carrier(s: State, construct: int) -> tuple[int, ...]:
    """The figures of the champion carrying ``construct`` (every figure of its card)."""
    for champ, gear in s.gear.items():
        if construct in gear:
            return s.card_units[champ]
    return ()


__all__ = ["HARM", "KINDS", "Harm", "carrier", "declare", "land", "of_work", "pending_harm"]
