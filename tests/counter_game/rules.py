"""The counter game's rules, keeping the whole game contract (``core.contract.GameModule``).

Two seats take turns adding 1..ADD_LIMIT to a counter; whoever brings it to the target wins.
Nothing is hidden and nothing is random after the deal (the seed says who starts), so the
view is the whole table and determinizing a view only rebuilds the state.
``ADD_LIMIT`` and ``CHECKSUM_SALT`` are module settings so a test can play "a rules fix
since the save was made" by changing one of them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from core.contract import (
    Action,
    Event,
    Outcome,
    checked,
    plain_copy,
    rounds_played,
    seats_and_names,
)
from core.words import Phrase, phrase, plain

NAME = "counter"
PLAYERS = 2
DEFAULT_TARGET = 21
ADD_LIMIT = 3
CHECKSUM_SALT = 0
SNAPSHOT_KEYS = frozenset({"options", "target", "first", "total", "to_move", "current",
                           "history"})


@dataclass
class CounterState:
    """The counter, whose turn it is, and every add so far (in order, from ``first``)."""

    options: dict[str, Any]
    target: int
    first: int
    total: int = 0
    to_move: int | None = 0
    current: int = 0
    history: list[int] = field(default_factory=list)

    def copy(self) -> CounterState:
        """An independent copy (the options are never changed, so they are shared)."""
        return CounterState(self.options, self.target, self.first, self.total, self.to_move,
                            self.current, list(self.history))


@dataclass(frozen=True)
class CounterView:
    """The table as one seat sees it: all of it, as nothing is hidden."""

    seat: int
    to_move: int | None
    current: int
    pending: None  # the game never asks a question inside a move
    options: dict[str, Any]
    target: int
    first: int
    total: int
    history: tuple[int, ...]


def new_game(options: dict[str, Any], seed: int) -> CounterState:
    """A new game: ``options`` = target (default 21), seats, names; the seed picks who starts."""
    target = int(options.get("target", DEFAULT_TARGET))
    if target < 1:
        raise ValueError(f"the target must be at least 1, not {target}")
    players = int(options.get("players", PLAYERS))
    if players != PLAYERS:
        raise ValueError(f"the counter game is for {PLAYERS} players, not {players}")
    seats, names = seats_and_names(options, PLAYERS)
    filled = {"players": PLAYERS, "target": target, "seats": seats, "names": names}
    first = seed % 2
    return CounterState(filled, target=target, first=first, to_move=first, current=first)


def legal_actions(state: CounterState) -> list[Action]:
    """Add 1 up to ADD_LIMIT, never past the target; nothing once the game is over."""
    if state.to_move is None:
        return []
    top = min(ADD_LIMIT, state.target - state.total)
    return [Action("add", n) for n in range(1, top + 1)]


def why_illegal(state: CounterState, action: Action) -> str | None:
    """Why ``action`` cannot be taken now; None when it can."""
    if state.to_move is None:
        return "the game is over"
    if action.kind != "add":
        return f"the only move is to add 1 to {ADD_LIMIT}, there is no {action.kind!r}"
    if action.option != 0:
        return "an add takes no option"
    n = action.card
    if not 1 <= n <= ADD_LIMIT:
        return f"you may add 1 to {ADD_LIMIT}, not {n}"
    if state.total + n > state.target:
        return f"adding {n} would pass the target of {state.target}"
    return None


def apply(state: CounterState, action: Action) -> list[Event]:
    """Add to the counter; reaching the target ends the game."""
    a = checked(state, action, why_illegal)
    seat = state.to_move
    assert seat is not None  # why_illegal refuses every action once the game is over
    state.total += a.card
    state.history.append(a.card)
    events = [Event("add", seat, value=a.card), Event("end_turn", seat)]
    if state.total >= state.target:
        state.to_move = None
        events.append(Event("game_over", seat))
    else:
        state.to_move = state.current = 1 - seat
    return events


def outcome(state: CounterState) -> Outcome | None:
    """The seat that reached the target wins; None while the game goes on."""
    if state.to_move is not None:
        return None
    # Seats alternate from the first mover, and the last one to add reached the target.
    winner = (state.first + len(state.history) - 1) % 2
    scores = tuple(1 if seat == winner else 0 for seat in range(PLAYERS))
    return Outcome(scores=scores, winners=(winner,), details={"total": state.total})


def reveals(state: CounterState, action: Action, events: list[Event]) -> str | None:
    """Nothing is hidden in the counter game, so no add shows anything."""
    return None


def view(state: CounterState, seat: int) -> CounterView:
    """The table as ``seat`` sees it: everything."""
    return CounterView(seat=seat, to_move=state.to_move, current=state.current, pending=None,
                       options=plain_copy(state.options), target=state.target,
                       first=state.first,
                       total=state.total, history=tuple(state.history))


def determinize(v: CounterView, rng: Any) -> CounterState:
    """The state ``v`` shows; nothing is hidden, so ``rng`` is not drawn from."""
    return CounterState(plain_copy(v.options), target=v.target, first=v.first, total=v.total,
                        to_move=v.to_move, current=v.current, history=list(v.history))


def action_phrase(state: CounterState | CounterView, action: Action) -> Phrase:
    """``add 3 (to 12)``: the add and where it takes the counter."""
    return phrase(f"add {action.card} (to {state.total + action.card})")


def describe(state: CounterState | CounterView, action: Action) -> str:
    """The action in words."""
    return plain(action_phrase(state, action))


def audit(state: CounterState) -> list[str]:
    """What is wrong with ``state`` (empty for a position the rules can reach)."""
    found = []
    if state.to_move not in (0, 1, None) or state.current not in (0, 1):
        found.append(f"seat {state.to_move} of 2 is to move")
    if sum(state.history) != state.total or not 0 <= state.total <= state.target:
        found.append(f"the counter stands at {state.total}")
    return found


def turn_number(state: CounterState) -> int:
    """The round being played (each seat adds once in it), from 1."""
    made = len(state.history)
    # The first mover has made the odd-numbered adds, the other seat the even ones.
    return rounds_played(((made + 1) // 2, made // 2), state.to_move is None)


def checksum(state: CounterState) -> int:
    """A hash of everything in the state (and of CHECKSUM_SALT, the "rules version")."""
    fields = (CHECKSUM_SALT, sorted(state.options.items()), state.target, state.first,
              state.total, state.to_move, state.current, state.history)
    text = repr(fields)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def snapshot(state: CounterState) -> dict[str, Any]:
    """The state as plain data, sharing nothing with it."""
    return {
        "options": plain_copy(state.options),
        "target": state.target,
        "first": state.first,
        "total": state.total,
        "to_move": state.to_move,
        "current": state.current,
        "history": list(state.history),
    }


def restore(data: Any) -> CounterState:
    """The state ``snapshot`` was taken of; ValueError for anything else."""
    if not isinstance(data, dict) or set(data) != SNAPSHOT_KEYS:
        raise ValueError("not a counter snapshot")
    history = data["history"]
    if not isinstance(data["options"], dict) or not isinstance(history, list) or \
            data["total"] != sum(history):
        raise ValueError("not a counter snapshot")
    return CounterState(
        options=dict(data["options"]),
        target=data["target"],
        first=data["first"],
        total=data["total"],
        to_move=data["to_move"],
        current=data["current"],
        history=list(history),
    )
