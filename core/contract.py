"""The one contract every game keeps, and the registry that finds a game by name.

Every game module under ``core`` exposes ``new_game``, ``legal_actions``, ``apply``,
``outcome``, ``view``, ``describe``, ``checksum`` and ``snapshot``; the TUI, bots, saves,
replays and tests use only these.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, NamedTuple, Protocol


class Action(NamedTuple):
    """A player's choice. A tuple of str/int so it packs to msgpack and compares by value."""

    kind: str
    card: int = -1
    option: int = 0


class Event(NamedTuple):
    """Something that happened, in plain data, for the log, replays and animations."""

    kind: str
    seat: int
    card: int = -1
    value: int = 0


class IllegalAction(ValueError):
    """Raised by ``apply`` for an action that is not legal now; the state is unchanged."""


def checked(state: Any, action: Any, why_illegal: Any) -> Action:
    """``action`` as an Action, or IllegalAction with the game's reason why it cannot be taken.

    The first step of every game's ``apply``, so a refused action never changes the state.
    """
    a = action if type(action) is Action else Action(*action)
    reason = why_illegal(state, a)
    if reason is not None:
        raise IllegalAction(reason)
    return a


@dataclass(frozen=True)
class Outcome:
    """Final result: scores per seat, the winning seats (several on a full tie) and why."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    tiebreak: str = ""
    details: dict[str, Any] = field(default_factory=dict)


class GameState(Protocol):
    to_move: int | None

    def copy(self) -> GameState: ...


class GameModule(Protocol):
    NAME: str

    def new_game(self, options: dict[str, Any], seed: int) -> Any: ...
    def legal_actions(self, state: Any) -> list[Action]: ...
    def apply(self, state: Any, action: Action) -> list[Event]: ...
    def outcome(self, state: Any) -> Outcome | None: ...
    def view(self, state: Any, seat: int) -> Any: ...
    def describe(self, state: Any, action: Action) -> str: ...
    def checksum(self, state: Any) -> int: ...


def seats_and_names(options: dict[str, Any], players: int) -> tuple[list[str], list[str]]:
    """Each seat's kind ("human", "bot:NAME") and name, with defaults, checked for count."""
    seats = [str(x) for x in options.get("seats", ["human"] + ["bot:greedy"] * (players - 1))]
    if len(seats) != players:
        raise ValueError(f"{players} players need {players} seats, got {len(seats)}")
    names = [str(x) for x in options.get("names", [f"Player {i + 1}" for i in range(players)])]
    if len(names) != players:
        raise ValueError(f"{players} players need {players} names, got {len(names)}")
    return seats, names


GAMES: dict[str, str] = {
    "ascension": "core.ascension",
    "firepeak": "core.firepeak",
    "tactics": "core.tactics",
}

COMING: dict[str, str] = {
    "inferno": "Ascension Tactics: Inferno",
    "empires": "Ascending Empires",
}


def get_game(name: str) -> ModuleType:
    """The module for game ``name``; a clear error for an unknown or not-yet-built game."""
    if name in GAMES:
        return importlib.import_module(GAMES[name])
    if name in COMING:
        raise KeyError(f"{COMING[name]} is not playable yet")
    raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(GAMES))}")
