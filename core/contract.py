"""The one contract every game keeps: its module's functions, its state and its view.

Every game module under ``core`` keeps :class:`GameModule`; the TUI, bots, saves, replays
and tests use nothing else of a game's rules. ``core.games`` lists the games.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, Self

# The seat of someone at no table (a spectator): ``view(state, SPECTATOR)`` is the public
# table, what every seat may see, with no hand, deck order or other private card shown.
SPECTATOR = -1


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


# Build an Action or an Event from a full tuple of its fields without NamedTuple's
# Python-level ``__new__``: the engines' hot paths make one for nearly every step.
new_action: Callable[[tuple[str, int, int]], Action] = functools.partial(tuple.__new__, Action)
new_event: Callable[[tuple[str, int, int, int]], Event] = functools.partial(tuple.__new__, Event)


class ActionsByCard(dict[int, Action]):
    """Shared ``Action(kind, card, option)`` of one kind (and option) by card, each made on
    first use: Actions are immutable, so listing legal actions hands out the same objects
    step after step instead of building a tuple for each."""

    __slots__ = ("kind", "option")

    def __init__(self, kind: str, option: int = 0) -> None:
        super().__init__()
        self.kind = kind
        self.option = option

    def __missing__(self, card: int) -> Action:
        action = self[card] = new_action((self.kind, card, self.option))
        return action


class ActionsByCardOption(dict[int, ActionsByCard]):
    """Shared Actions of one kind by card, then by option: ``table[card][option]``."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, card: int) -> ActionsByCard:
        row = self[card] = _ActionsByOption(self.kind, card)
        return row


class _ActionsByOption(ActionsByCard):
    """One card's row of an ActionsByCardOption: ``row[option]``."""

    __slots__ = ("card",)

    def __init__(self, kind: str, card: int) -> None:
        super().__init__(kind)
        self.card = card

    def __missing__(self, option: int) -> Action:
        action = self[option] = new_action((self.kind, self.card, option))
        return action


class SharedEvents(dict[int, dict[int, Event]]):
    """Shared ``Event(kind, seat, card, value)`` of one kind by seat, then by card (when
    ``by`` is "card", the value 0) or by value (``by`` "value", the card -1), each made on
    first use: Events are immutable, so the events a game reports step after step (a card
    played, a draw of five) can be the same objects instead of a tuple built for each."""

    __slots__ = ("kind", "by")

    def __init__(self, kind: str, by: str) -> None:
        super().__init__()
        self.kind = kind
        self.by = by

    def __missing__(self, seat: int) -> dict[int, Event]:
        row = self[seat] = _EventsOfSeat(self.kind, seat, self.by == "card")
        return row


class _EventsOfSeat(dict[int, Event]):
    __slots__ = ("kind", "seat", "by_card")

    def __init__(self, kind: str, seat: int, by_card: bool) -> None:
        super().__init__()
        self.kind = kind
        self.seat = seat
        self.by_card = by_card

    def __missing__(self, key: int) -> Event:
        fields = (self.kind, self.seat, key, 0) if self.by_card else (
            self.kind, self.seat, -1, key)
        event = self[key] = new_event(fields)
        return event


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


def trusted_apply(module: Any) -> Callable[[Any, Action], list[Event]]:
    """The game's ``apply_legal`` where it has one, else its ``apply``.

    ``apply_legal(state, action)`` is an optional fast path for an action the caller has
    just taken from ``legal_actions(state)`` (self-play, search): it skips the check that
    ``apply`` makes for anything from a person, a save or a replay. Same state, same events.
    """
    fast: Callable[[Any, Action], list[Event]] = getattr(module, "apply_legal", module.apply)
    return fast


@dataclass(frozen=True)
class Outcome:
    """Final result: scores per seat, the winning seats (several on a full tie or for a
    team) and why. ``sides`` gives the side each seat plays for where seats share one (a
    2 vs 2 team); empty means every seat plays for itself."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    tiebreak: str = ""
    details: dict[str, Any] = field(default_factory=dict)
    sides: tuple[int, ...] = ()

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for."""
        return self.sides[seat] if self.sides else seat

    @property
    def shared(self) -> bool:
        """True when the win is shared between rivals (winners of more than one side)."""
        return len({self.side_of(w) for w in self.winners}) > 1


class GameState(Protocol):
    """What every game's state offers beside the module's functions."""

    to_move: int | None  # the seat whose decision it is; None once the game is over
    current: int  # the seat whose turn it is (another may be answering a question)
    options: dict[str, Any]  # the options the game was made with, defaults filled in

    def copy(self) -> Self:
        """An independent copy (search and "what if" trials play on it)."""
        ...


class GameView(Protocol):
    """What every game's view offers: the table as one seat may see it."""

    seat: int  # the seat this view is for
    to_move: int | None
    current: int  # the seat whose turn it is (another may be answering a question)
    pending: Any  # the decision being asked (None: none), whoever must answer it
    options: dict[str, Any]


class GameModule(Protocol):
    """The functions every game module under ``core`` keeps; screens, bots, saves and
    replays use nothing else of a game's rules (``core.games`` finds the module by name).

    A game whose actions carry a free quantity (Empires' aim of a flick: any angle and
    power in range is legal, and ``legal_actions`` lists only the useful ones) names those
    kinds in an optional ``FREE_OPTIONS`` frozenset."""

    NAME: str

    def new_game(self, options: dict[str, Any], seed: int) -> Any:
        """A new game; ValueError for options the game refuses."""
        ...

    def legal_actions(self, state: Any) -> list[Action]:
        """Every action the seat to move may take now (empty once over)."""
        ...

    def why_illegal(self, state: Any, action: Action) -> str | None:
        """Why ``action`` cannot be taken now, in words; None when it can."""
        ...

    def apply(self, state: Any, action: Action) -> list[Event]:
        """Take ``action`` (IllegalAction with the reason otherwise, state unchanged)."""
        ...

    def outcome(self, state: Any) -> Outcome | None:
        """The result once the game is over, else None."""
        ...

    def scores(self, state: Any) -> tuple[int, ...]:
        """Where the scores stand now, one per seat (Honor, Power, points: the game's own
        measure), during the game as at its end; the Continue list shows them."""
        ...

    def reveals(self, state: Any, action: Action, events: list[Event]) -> str | None:
        """What ``action``, just applied to ``state`` with ``events``, showed that was
        hidden (a card drawn, a card turned up), in words; None when it showed nothing, so
        it may be taken back. Draws from the game's random stream need no word here:
        ``core.undo`` counts them whatever this says."""
        ...

    def view(self, state: Any, seat: int) -> Any:
        """The table as ``seat`` may see it (a GameView); for ``SPECTATOR``, what every
        seat may see."""
        ...

    def determinize(self, view: Any, rng: Any) -> Any:
        """A full state consistent with ``view``, the hidden parts dealt with ``rng``."""
        ...

    def describe(self, state: Any, action: Action) -> str:
        """``action`` in words, in a state or view where it can be taken."""
        ...

    def turn_number(self, state: Any) -> int:
        """The round (or turn) being played, from 1; the last one once the game is over."""
        ...

    def checksum(self, state: Any) -> int:
        """A number that changes whenever anything in the state does."""
        ...

    def audit(self, state: Any) -> list[str]:
        """What is wrong with ``state``, in words (empty for a state the rules can reach):
        cards or tokens lost, seats or numbers out of range, broken invariants."""
        ...

    def snapshot(self, state: Any) -> dict[str, Any]:
        """The state as plain data for a save."""
        ...

    def restore(self, data: Any) -> Any:
        """The state a snapshot was taken of; ValueError for data that is not one."""
        ...


def plain_copy(value: Any) -> Any:
    """A copy of plain data (lists, tuples, dicts of ints and strings) that shares nothing
    with the original: a snapshot must not change as the game it was taken of goes on."""
    if isinstance(value, list | tuple):
        return [plain_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: plain_copy(v) for k, v in value.items()}
    return value


def snapshot_reader(restore: Callable[..., Any]) -> Callable[..., Any]:
    """Wraps a game's ``restore`` so that data which is not one of its snapshots is refused
    with ValueError, whatever the unpacking of it stumbled on (a missing key, a number where
    a list was due)."""

    @functools.wraps(restore)
    def checked_restore(data: Any, *args: Any, **kwargs: Any) -> Any:
        if not isinstance(data, dict):
            raise ValueError(f"a snapshot is a map, not {type(data).__name__}")
        try:
            return restore(data, *args, **kwargs)
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise ValueError(f"not a snapshot of this game ({type(exc).__name__}: "
                             f"{str(exc)[:80]})") from exc

    return checked_restore


def rounds_played(turns_taken: Sequence[int], over: bool) -> int:
    """The round being played given each seat's (or side's) turns taken: from 1, and the
    last one once the game is over."""
    if not turns_taken:
        return 1
    return max(turns_taken) if over else min(turns_taken) + 1


def seats_and_names(options: dict[str, Any], players: int) -> tuple[list[str], list[str]]:
    """Each seat's kind ("human", "bot:NAME") and name, with defaults, checked for count."""
    seats = [str(x) for x in options.get("seats", ["human"] + ["bot:greedy"] * (players - 1))]
    if len(seats) != players:
        raise ValueError(f"{players} players need {players} seats, got {len(seats)}")
    names = [str(x) for x in options.get("names", [f"Player {i + 1}" for i in range(players)])]
    if len(names) != players:
        raise ValueError(f"{players} players need {players} names, got {len(names)}")
    return seats, names
