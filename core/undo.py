"""Taking back a move, as digital card games allow: a player may take back their own moves of
the turn, one at a time, until the last one that showed something that was hidden.

A move may be taken back only when nothing it did could have taught anyone anything: no
card drawn, no new card turned up, no die rolled, no deck shuffled, no hidden token looked
at. Two things say so. Each game's ``reveals(state, action, events)`` hook names what a
move showed (the events tell it: a draw, a card turned up). And whatever the game's hook
says, a move that drew from the game's random stream (``state.rng``) showed something: a
shuffle or a roll cannot be taken back, or replaying it would only roll again.

Taking a move back is replaying the record without it, so the game is exactly where it was
and a save keeps only the moves that stand.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from core.contract import Action, Event

# Events after which the turn is over (or another begins): the move that caused them stays.
TURN_PASSED = frozenset({"end_turn", "start_turn", "extra_turn", "game_over"})
RANDOM = "the game drew at random (a shuffle or a roll)"


class UndoRefused(ValueError):
    """Why the last move cannot be taken back, in words for the player."""


@dataclass(frozen=True)
class TakeBack:
    """The state before the last move, and that move in words."""

    state: Any
    said: str


def rng_position(state: Any) -> int | None:
    """Where the game's random stream stands (None for a game without one)."""
    rng = getattr(state, "rng", None)
    position = getattr(rng, "state", None)
    return position if isinstance(position, int) else None


def what_showed(mod: ModuleType, before: Any, after: Any, action: Action,
                events: list[Event]) -> str | None:
    """What the move from ``before`` to ``after`` showed or settled for good, in words
    (None: nothing, it may be taken back)."""
    if any(e.kind in TURN_PASSED for e in events):
        return "the turn has passed"
    reason: str | None = mod.reveals(after, action, events)
    if reason:
        return reason
    if rng_position(before) != rng_position(after):
        return RANDOM
    return None


def replayed(mod: ModuleType, options: dict[str, Any], seed: int,
             actions: list[Action]) -> Any:
    """The state after ``actions`` from the start of the game."""
    state = mod.new_game(options, seed)
    for action in actions:
        mod.apply(state, Action(*action))
    return state


def take_back(mod: ModuleType, options: dict[str, Any], seed: int, actions: list[Action],
              seat: int, names: list[str]) -> TakeBack:
    """The game as it was before the last of ``actions``, if ``seat`` (the one to move now)
    may take that move back; else ``UndoRefused`` saying why. Nothing is changed."""
    if not actions:
        raise UndoRefused("there is no move to take back")
    before = replayed(mod, options, seed, actions[:-1])
    by = before.to_move
    last = Action(*actions[-1])
    said = mod.describe(before, last)
    if by != seat:
        who = names[by] if by is not None and 0 <= by < len(names) else "another player"
        raise UndoRefused(f"the last move (“{said}”) was {who}'s, not yours")
    after = before.copy()
    events = mod.apply(after, last)
    if after.to_move is None:
        raise UndoRefused("the game is over")
    shown = what_showed(mod, before, after, last, events)
    if shown is not None:
        raise UndoRefused(f"“{said}” stands: {shown}")
    return TakeBack(before, said)


def first_shown(events: list[Event], words: dict[str, str]) -> str | None:
    """The words for the first of ``events`` that ``words`` names (a game's ``reveals``
    lists the events that show what was hidden)."""
    for e in events:
        if e.kind in words:
            return words[e.kind]
    return None
