"""Shared tables, as the app sees them: what a hall of tables offers the menu.

The app plays shared tables only when it is given a hall (the SSH host gives one to every
session it starts); nothing here knows how the hall reaches its tables. A table gathers
its players first: it starts when every human seat is taken, and each player's session
then sends its actions to the table and hears of every other move (``PlaySession.follow``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from tui.session import PlaySession

WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"


class HallError(Exception):
    """The hall refused (no such table, no free seat, options the game refuses) or could
    not be reached; ``str()`` is one line for the player."""


@dataclass(frozen=True)
class SeatInfo:
    """One seat of a table: its kind (``human`` or ``bot:NAME``), the player sitting there
    (a user name; "" for a free human seat or a bot) and whether they are connected."""

    kind: str
    user: str = ""
    connected: bool = False


@dataclass(frozen=True)
class TableInfo:
    """A table as the lists show it."""

    id: str
    game: str
    title: str
    status: str  # WAITING, PLAYING or FINISHED
    seats: tuple[SeatInfo, ...]
    turn: int = 0
    mine: int | None = None  # the seat the asking user holds here, if any
    watchable: bool = True
    watchers: int = 0

    @property
    def free(self) -> int:
        """Human seats nobody has taken yet."""
        return sum(1 for s in self.seats if s.kind == "human" and not s.user)


class HallSession(PlaySession, Protocol):
    """A session at a shared table: a ``PlaySession`` that may still be gathering players."""

    table_id: str

    @property
    def started(self) -> bool: ...

    def table(self) -> TableInfo: ...

    def on_lobby(self, changed: Callable[[TableInfo], None]) -> None: ...


class Hall(Protocol):
    """The tables of the host the app runs on."""

    user: str

    def tables(self) -> list[TableInfo]: ...

    def open(self, game: str, options: dict[str, Any]) -> HallSession:
        """Open a table and sit at its first human seat. Its seed is the host's secret (a
        player who knew it could replay the shuffles)."""
        ...

    def join(self, table_id: str) -> HallSession: ...

    def watch(self, table_id: str) -> HallSession: ...
