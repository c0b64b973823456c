"""Hand-made positions against the Villains: a solo game on the shipped Vigil at the
Crossroads with the battlefield cleared, then units stood where a rule test needs them."""

from __future__ import annotations

import dataclasses
from typing import Any

from tactics_helpers import cell, lift, put

import core.tactics as T
from core.contract import Event
from core.tactics import rules, villain_turn
from core.tactics.cards import Op
from core.tactics.sides import villain_unit
from core.tactics.state import State
from core.tactics.villain_state import KIND_INDEX, VILLAINS


def solo(seed: int = 3, **options: Any) -> State:
    """A solo game at its first hero turn (the Boss Briarback... whoever seed 3 draws)."""
    return T.new_game({"players": 1, **options}, seed)


def cleared(seed: int = 3, **options: Any) -> State:
    """A solo game with every unit taken off the battlefield."""
    s = solo(seed, **options)
    for u in list(s.occupant):
        if u >= 0:
            lift(s, u)
    return s


def villain(s: State, kind: str, col: int, row: int, **numbers: Any) -> int:
    """Stand ``kind``'s Villain on (col, row) with the printed ``numbers`` a test is about."""
    u = villain_unit(s, KIND_INDEX[kind])
    card = s.units[u].card
    cards = list(s.cards)
    cards[card] = dataclasses.replace(cards[card], **numbers)
    s.cards = tuple(cards)
    c = cell(s, col, row)
    s.units[u].cell = c
    s.occupant[c] = u
    s.occ_side[c] = VILLAINS
    return u


def hero(s: State, nth: int, col: int, row: int, **numbers: Any) -> int:
    """Stand the ``nth`` champion of seat 0's roster on (col, row), with ``numbers``."""
    card = s.seats[0].roster[nth]
    cards = list(s.cards)
    cards[card] = dataclasses.replace(cards[card], **numbers)
    s.cards = tuple(cards)
    u = s.card_units[card][0]
    return put(s, u, cell(s, col, row))


def token(s: State, kind: str, col: int, row: int) -> int:
    """Put ``kind``'s objective token on (col, row)."""
    v = s.villain
    assert v is not None
    c = cell(s, col, row)
    v.token[KIND_INDEX[kind]] = c
    return c


def run_ops(s: State, ops: list[Op]) -> list[Event]:
    """Run Villain operations as a Scheme would (in the heroes' turn, so that once they are
    done the game simply goes on)."""
    villain_turn.push_ops(s, tuple(ops))
    events: list[Event] = []
    rules._run(s, events)
    return events


def command(kind: str) -> Op:
    return Op("command", args=(("objectives", (kind,)),))


def op(name: str, n: int = 0, **args: Any) -> Op:
    return Op(name, n, tuple(sorted((k, tuple(v) if isinstance(v, list) else v)
                                    for k, v in args.items())))
