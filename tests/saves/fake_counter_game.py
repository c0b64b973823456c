"""A tiny but complete game for the save tests, keeping the same contract as core games.

Two seats take turns adding 1..ADD_LIMIT to a counter; whoever brings it to the target wins.
``ADD_LIMIT`` and ``CHECKSUM_SALT`` are module settings so a test can play "a rules fix
since the save was made" by changing one of them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from core.contract import Action, Event, IllegalAction, Outcome

NAME = "counter"
ADD_LIMIT = 3
CHECKSUM_SALT = 0


@dataclass
class CounterState:
    target: int
    first: int
    total: int = 0
    to_move: int | None = 0
    history: list[int] = field(default_factory=list)

    def copy(self) -> CounterState:
        return CounterState(self.target, self.first, self.total, self.to_move, list(self.history))

    @property
    def options(self) -> dict[str, Any]:
        return {"players": 2, "target": self.target}


def new_game(options: dict[str, Any], seed: int) -> CounterState:
    first = seed % 2
    return CounterState(target=int(options.get("target", 21)), first=first, to_move=first)


def legal_actions(state: CounterState) -> list[Action]:
    if state.to_move is None:
        return []
    top = min(ADD_LIMIT, state.target - state.total)
    return [Action("add", n) for n in range(1, top + 1)]


def apply(state: CounterState, action: Action) -> list[Event]:
    if action not in legal_actions(state):
        raise IllegalAction(f"{describe(state, action)} is not legal now")
    seat = state.to_move
    assert seat is not None
    state.total += action.card
    state.history.append(action.card)
    events = [Event("add", seat, value=action.card)]
    if state.total >= state.target:
        state.to_move = None
        events.append(Event("win", seat))
    else:
        state.to_move = 1 - seat
    return events


def outcome(state: CounterState) -> Outcome | None:
    if state.to_move is not None:
        return None
    # Seats alternate from the first mover, and the last one to add reached the target.
    winner = (state.first + len(state.history) - 1) % 2
    scores = tuple(1 if seat == winner else 0 for seat in range(2))
    return Outcome(scores=scores, winners=(winner,))


def view(state: CounterState, seat: int) -> CounterState:
    # Nothing in this game is hidden.
    return state.copy()


def describe(state: CounterState, action: Action) -> str:
    return f"add {action.card}"


def checksum(state: CounterState) -> int:
    fields = (CHECKSUM_SALT, state.target, state.first, state.total, state.to_move, state.history)
    text = repr(fields)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def snapshot(state: CounterState) -> dict[str, Any]:
    return {
        "target": state.target,
        "first": state.first,
        "total": state.total,
        "to_move": state.to_move,
        "history": list(state.history),
    }


def restore(data: Any) -> CounterState:
    if not isinstance(data, dict) or set(data) != {
        "target",
        "first",
        "total",
        "to_move",
        "history",
    }:
        raise ValueError("not a counter snapshot")
    return CounterState(
        target=data["target"],
        first=data["first"],
        total=data["total"],
        to_move=data["to_move"],
        history=list(data["history"]),
    )


def audit(state: CounterState) -> list[str]:
    found = []
    if state.to_move not in (0, 1, None):
        found.append(f"seat {state.to_move} of 2 is to move")
    if sum(state.history) != state.total or not 0 <= state.total <= state.target:
        found.append(f"the counter stands at {state.total}")
    return found


def turn_number(state: CounterState) -> int:
    return len(state.history) // 2 + 1
