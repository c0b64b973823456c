"""A session's side of the table service: the hall the app's menu uses, and the session a
table screen plays through (``tui.session.PlaySession``).

The session knows only what its seat may see. Its ``state`` is a world that view allows
(the contract's ``determinize``), so the game's own table screen can grey what cannot be
done and word the log as it always does; the real state, and every check that counts, are
the service's. Requests are answered in order on one socket; a thread reads it, hands each
answer to the request waiting for it and each push (a move made elsewhere, a seat taken) to
the app's event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import socket
import threading
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from types import ModuleType
from typing import Any

from core.contract import Action, Event, IllegalAction, Outcome
from core.games import get_game
from core.rng import Rng
from host.protocol import Move, ProtocolError, Seen, parse_reply, read_frame, request_frame
from tui.hall import HallError, TableInfo

# The service answers at once (bots think after it has answered); a silent one has gone.
REPLY_TIMEOUT = 15.0
WATCHING = "you are watching this table: nothing is played here"


class TableLink:
    """The socket to the table service, shared by the hall and every table session."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.sock.setblocking(True)
        self._lock = threading.Lock()
        self._waiting: dict[int, Future[dict[str, Any]]] = {}
        self._next = 0
        self._sessions: dict[str, RemoteSession] = {}
        self.closed: str | None = None
        self._reader = threading.Thread(target=self._read, name="table-link", daemon=True)
        self._reader.start()

    def request(self, op: str, **fields: Any) -> dict[str, Any]:
        """Ask the service; its answer, or HallError with the reason it refused."""
        if self.closed is not None:
            raise HallError(f"the table service is gone ({self.closed})")
        future: Future[dict[str, Any]] = Future()
        with self._lock:
            self._next += 1
            rid = self._next
            self._waiting[rid] = future
            try:
                self.sock.sendall(request_frame({"op": op, "id": rid, **fields}))
            except OSError as exc:
                self._waiting.pop(rid, None)
                raise HallError(f"the table service cannot be reached ({exc})") from exc
        try:
            reply = future.result(timeout=REPLY_TIMEOUT)
        except TimeoutError as exc:
            raise HallError("the table service did not answer") from exc
        if "error" in reply:
            raise HallError(str(reply["error"]))
        return reply

    def close(self) -> None:
        """Hang up (the service keeps this user's seats for when they come back)."""
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()

    def attach(self, session: RemoteSession) -> None:
        """Send ``session`` the pushes of its table."""
        self._sessions[session.table_id] = session

    def detach(self, session: RemoteSession) -> None:
        if self._sessions.get(session.table_id) is session:
            del self._sessions[session.table_id]

    def _read(self) -> None:
        try:
            while True:
                message = parse_reply(*read_frame(self.sock))
                if "re" in message:
                    future = self._waiting.pop(int(message["re"]), None)
                    if future is not None:
                        future.set_result(message)
                elif "push" in message:
                    session = self._sessions.get(_table_of(message))
                    if session is not None:
                        session.pushed(message)
        except (EOFError, OSError, ProtocolError) as exc:
            self.closed = str(exc) or type(exc).__name__
        for future in list(self._waiting.values()):
            future.set_result({"error": f"the table service is gone ({self.closed})"})
        self._waiting.clear()


def _table_of(message: dict[str, Any]) -> str:
    table = message.get("table")
    return table.id if isinstance(table, TableInfo) else str(table)


class RemoteHall:
    """The host's tables, through the link (``tui.hall.Hall``)."""

    def __init__(self, link: TableLink, user: str) -> None:
        self.link = link
        self.user = user

    def tables(self) -> list[TableInfo]:
        return list(self.link.request("tables")["tables"])

    def open(self, game: str, options: dict[str, Any]) -> RemoteSession:
        return self._session(self.link.request("open", game=game, options=options))

    def join(self, table_id: str) -> RemoteSession:
        return self._session(self.link.request("join", table=table_id))

    def watch(self, table_id: str) -> RemoteSession:
        return self._session(self.link.request("watch", table=table_id))

    def _session(self, reply: dict[str, Any]) -> RemoteSession:
        session = RemoteSession(self.link, reply["table"], reply["seat"], reply["seen"])
        self.link.attach(session)
        return session


class RemoteSession:
    """A seat at a shared table, or a spectator's chair (``seat`` None)."""

    def __init__(self, link: TableLink, table: TableInfo, seat: int | None,
                 seen: Seen | None) -> None:
        self.link = link
        self.table_id = table.id
        self.game = table.game
        self.seat = seat
        self.seed = 0  # the table's seed would tell its shuffles: the service keeps it
        self.bots: dict[int, Any] = {}
        self.notes: list[str] = []
        self.read_only = seat is None
        self.actions: list[Action] = []
        self.options: dict[str, Any] = {}
        self.state: Any = None
        self._table = table
        self._seen: Seen | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        # The app's context (Textual finds its app there), for callbacks from the link.
        self._context: contextvars.Context | None = None
        self._on_move: Callable[[Any], None] | None = None
        self._on_lobby: Callable[[TableInfo], None] | None = None
        self._early: list[Move] = []
        if seen is not None:
            self._see(seen)

    # --- what it is ------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self._seen is not None

    def table(self) -> TableInfo:
        return self._table

    @property
    def module(self) -> ModuleType:
        return get_game(self.game)

    @property
    def seats(self) -> list[str]:
        return [s.kind for s in self._table.seats]

    @property
    def names(self) -> list[str]:
        names = self.options.get("names")
        return [str(n) for n in names] if names else [s.user or s.kind
                                                        for s in self._table.seats]

    @property
    def humans(self) -> list[int]:
        return [] if self.seat is None else [self.seat]

    @property
    def round(self) -> int:
        return int(self.module.turn_number(self.state))

    @property
    def over(self) -> bool:
        return self.state is not None and self.state.to_move is None

    @property
    def read_only_reason(self) -> str:
        return WATCHING

    def is_bot(self, seat: int | None) -> bool:
        seats = self.seats
        return seat is not None and 0 <= seat < len(seats) and seats[seat].startswith("bot:")

    def elsewhere(self, seat: int | None) -> bool:
        return seat is not None and seat != self.seat

    def view(self, seat: int | None) -> Any:
        """What this seat may see, whichever seat is asked for."""
        assert self._seen is not None
        return self._seen.view

    def outcome(self) -> Outcome | None:
        return self._seen.outcome if self._seen is not None else None

    def legal(self) -> list[Action]:
        return list(self._seen.legal) if self._seen is not None else []

    def describe(self, action: Action) -> str:
        try:
            return str(self.module.describe(self.state, action))
        except Exception:  # the world this seat knows may not hold every card named
            return action.kind

    # --- playing ---------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Send ``action`` to the table; IllegalAction with the table's reason if refused."""
        if self.read_only:
            raise IllegalAction(WATCHING)
        action = Action(*action)
        try:
            reply = self.link.request("act", table=self.table_id, step=len(self.actions),
                                      action=list(action))
        except HallError as exc:
            raise IllegalAction(str(exc)) from exc
        if "illegal" in reply:
            raise IllegalAction(str(reply["illegal"]))
        self.actions.append(action)
        self._see(reply["seen"])
        return list(reply["events"])

    def undo(self) -> str:
        """A shared table keeps every move: the others may already have seen it."""
        from core.undo import UndoRefused

        raise UndoRefused("moves at a shared table cannot be taken back (the other players "
                          "see each one as it is made)")

    def bot_choice(self) -> tuple[int, Any, list[Action]]:
        raise ValueError("the table's bots play at the table")

    def follow(self, on_move: Callable[[Any], None]) -> None:
        """Call ``on_move`` (on this event loop) with each move made elsewhere."""
        self._loop = asyncio.get_running_loop()
        self._context = contextvars.copy_context()
        self._on_move = on_move
        early, self._early = self._early, []
        for move in early:
            self._loop.call_soon(on_move, move)

    def on_lobby(self, changed: Callable[[TableInfo], None]) -> None:
        """Call ``changed`` (on this event loop) when someone sits down, leaves, or the
        game starts."""
        self._loop = asyncio.get_running_loop()
        self._context = contextvars.copy_context()
        self._on_lobby = changed

    def catch_up(self) -> int:
        """Take in the moves told while nobody followed this session; how many."""
        early, self._early = self._early, []
        for move in early:
            self.take(move)
        return len(early)

    def take(self, move: Any) -> None:
        """Take in a move made elsewhere (``host.protocol.Move``)."""
        if move.seen.step <= len(self.actions):
            return  # already known: this keyboard's own, or told twice
        self.actions.append(Action(*move.action))
        self._see(move.seen)

    def pushed(self, message: dict[str, Any]) -> None:
        """A push from the service (on the link's thread)."""
        if message["push"] == "move":
            move: Move = message["move"]
            if self._on_move is None or self._loop is None:
                self._early.append(move)
            else:
                self._loop.call_soon_threadsafe(self._on_move, move, context=self._context)
        elif message["push"] == "lobby":
            self._loop_call(self._lobby, message)

    def _loop_call(self, fn: Callable[[dict[str, Any]], None], message: dict[str, Any]) -> None:
        if self._loop is None:
            fn(message)
        else:
            self._loop.call_soon_threadsafe(fn, message, context=self._context)

    def _lobby(self, message: dict[str, Any]) -> None:
        self._table = message["table"]
        if message.get("gone"):
            self.notes.append(str(message.get("why", "you left this table")))
            self.read_only = True
            self.link.detach(self)
        seen = message.get("seen")
        if seen is not None and self._seen is None:
            self._see(seen)
        if self._on_lobby is not None:
            self._on_lobby(self._table)

    def _see(self, seen: Seen) -> None:
        self._seen = seen
        self.options = dict(seen.view.options) if seen.view is not None else self.options
        del self.actions[seen.step:]
        while len(self.actions) < seen.step:
            self.actions.append(Action("?"))  # moves made before this keyboard sat down
        self.state = self.module.determinize(seen.view, Rng.stream(seen.step, "remote"))

    # --- saving and leaving ----------------------------------------------------------------

    def save(self, folder: Path | None = None) -> Path:
        """The table saves itself after every action; this checks it has."""
        with contextlib.suppress(HallError):
            self.link.request("save", table=self.table_id)
        return Path(f"table {self.table_id}")

    def autosave(self) -> Path | None:
        return None

    def close(self) -> None:
        """Leave the table for now; the seat stays this player's."""
        self.link.detach(self)
        self._on_move = self._on_lobby = None
        with contextlib.suppress(HallError):
            self.link.request("leave", table=self.table_id)
        self.read_only = True

    def take_notes(self) -> list[str]:
        notes, self.notes = self.notes, []
        return notes
