"""The table service: the host's shared tables, their state, their bots and their players.

The service owns every shared game. A session sends it actions and receives views: each
seat is told only what that seat may see (the contract's ``view``), a spectator only the
public table (``host.public``). Every action is written to storage before anyone hears of
it, so a host that stops, however it stops, resumes every table where it was; a player who
drops keeps their seat and sits down again with "Join a table".

It runs in the host's event loop; a bot thinks in a worker thread, one table at a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import socket
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from core.contract import Action, IllegalAction
from core.games import get_game, info, title
from host import public
from host.protocol import (
    HEADER,
    MAX_REQUEST,
    Move,
    ProtocolError,
    Seen,
    parse_request,
    reply_frame,
)
from host.storage import TableStorage
from saves.format import SaveError, SaveFile
from saves.loader import make_save
from tui.hall import FINISHED, PLAYING, WAITING, SeatInfo, TableInfo
from tui.session import BOT_PREFIX, HUMAN, GameSession, bot_name

log = logging.getLogger("ascend.host.tables")

# A player's options are checked before any game is made of them.
MAX_SEATS = 8


class TableGame(GameSession):
    """A shared table's game: the service writes it after every action, so it never saves
    itself."""

    def autosave(self) -> None:
        return None


class Refused(Exception):
    """A request the service turns down; ``str()`` is the reason for the player."""


@dataclass(eq=False)
class Link:
    """One session's connection: the user the host says it is, and where it sits."""

    user: str
    writer: asyncio.StreamWriter
    seats: dict[str, int] = field(default_factory=dict)  # table id -> seat
    watching: set[str] = field(default_factory=set)

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message for the session (it reads as fast as it draws)."""
        if not self.writer.is_closing():
            self.writer.write(reply_frame(message))


@dataclass(eq=False)
class Table:
    """A shared table: its options and seed, who sits where, and once started its game."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    users: list[str]  # per seat: the user sitting there ("" for a free seat or a bot)
    created: str
    session: TableGame | None = None
    watchable: bool = True
    players: dict[int, Link] = field(default_factory=dict)
    watchers: set[Link] = field(default_factory=set)
    bots: asyncio.Task[None] | None = None

    @property
    def seats(self) -> list[str]:
        return [str(k) for k in self.options["seats"]]

    @property
    def status(self) -> str:
        if self.session is None:
            return WAITING
        return FINISHED if self.session.over else PLAYING

    def free_seat(self) -> int | None:
        """The first human seat nobody holds."""
        return next((i for i, kind in enumerate(self.seats)
                     if kind == HUMAN and not self.users[i]), None)

    def seat_of(self, user: str) -> int | None:
        return self.users.index(user) if user in self.users else None

    def info(self, user: str) -> TableInfo:
        """The table as the lists show it to ``user``."""
        return TableInfo(
            id=self.id, game=self.game, title=title(self.game), status=self.status,
            seats=tuple(SeatInfo(kind, self.users[i], i in self.players)
                        for i, kind in enumerate(self.seats)),
            turn=self.session.round if self.session is not None else 0,
            mine=self.seat_of(user), watchable=self.watchable, watchers=len(self.watchers))

    def seen(self, seat: int | None) -> Seen:
        """What ``seat`` (None: a spectator) may know of the game now."""
        session = self.session
        assert session is not None
        module, state = session.module, session.state
        if seat is None:
            view = public.public_view(module, state) if self.watchable else None
            return Seen(len(session.actions), view, [], session.outcome())
        legal = session.legal() if state.to_move == seat else []
        return Seen(len(session.actions), module.view(state, seat), legal, session.outcome())


def seat_labels(seats: list[str], users: list[str]) -> list[str]:
    """Player names: the user at each human seat, "Greedy bot" (then "Greedy bot 2") for
    bots."""
    names: list[str] = []
    for kind, user in zip(seats, users, strict=True):
        if bot_name(kind) is None:
            names.append(user or "Open seat")
            continue
        base = f"{(bot_name(kind) or 'bot').capitalize()} bot"
        name, n = base, 2
        while name in names or name in users:
            name, n = f"{base} {n}", n + 1
        names.append(name)
    return names


class TableService:
    """Every shared table of one host, kept in ``storage``."""

    def __init__(self, storage: TableStorage, bot_delay: float = 0.4) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.links: set[Link] = set()
        self.closing = False

    # --- starting and stopping ----------------------------------------------------------

    def resume(self) -> list[str]:
        """Read every table kept in storage; returns a line per table that could not be."""
        problems: list[str] = []
        for table_id, save in self.storage.all():
            if isinstance(save, SaveError):
                problems.append(f"table {table_id}: {save.reason}")
                continue
            try:
                self.tables[table_id] = self._restore(table_id, save)
            except (SaveError, KeyError, ValueError) as exc:
                problems.append(f"table {table_id}: {exc}")
        for table in self.tables.values():
            self._start_bots(table)
        return problems

    def _restore(self, table_id: str, save: SaveFile) -> Table:
        meta = save.meta
        players = int(save.options.get("players", 0))
        users = [str(meta.get(f"user_{i}", "")) for i in range(players)]
        table = Table(table_id, save.game, dict(save.options), save.seed, users,
                      str(meta.get("created", "")))
        if meta.get("table") != WAITING:
            session, _ = TableGame.from_save_file(save, f"table {table_id}")
            table.session = session
            table.options = dict(session.options)
        table.watchable = public.watchable(table.game, table.options)
        return table

    async def close(self) -> None:
        """Stop the bots; every table is already saved up to its last action."""
        self.closing = True
        for table in self.tables.values():
            if table.bots is not None:
                table.bots.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await table.bots
        for link in list(self.links):
            link.writer.close()

    # --- one session's connection -----------------------------------------------------

    async def serve(self, sock: socket.socket, user: str) -> None:
        """Answer one session (the host made ``sock`` for ``user``) until it goes."""
        reader, writer = await asyncio.open_unix_connection(sock=sock)
        link = Link(user, writer)
        self.links.add(link)
        try:
            while not self.closing:
                try:
                    header = await reader.readexactly(HEADER.size)
                except (asyncio.IncompleteReadError, ConnectionError):
                    break
                size, kind = HEADER.unpack(header)
                if size > MAX_REQUEST:
                    log.warning("user=%s sent a request of %d bytes: disconnected", user, size)
                    break
                body = await reader.readexactly(size)
                try:
                    request = parse_request(kind, body)
                except ProtocolError as exc:
                    log.warning("user=%s sent a bad request (%s): disconnected", user, exc)
                    break
                link.send(self.answer(link, request))
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            self._gone(link)
            writer.close()

    def answer(self, link: Link, request: dict[str, Any]) -> dict[str, Any]:
        """The reply to one request (a refusal carries its reason)."""
        rid = request.get("id")
        handler = self.HANDLERS.get(str(request["op"]))
        if handler is None:
            return {"re": rid, "error": f"unknown request {str(request['op'])[:40]!r}"}
        try:
            return {"re": rid, **handler(self, link, request)}
        except IllegalAction as exc:
            return {"re": rid, "illegal": str(exc)}
        except Refused as exc:
            return {"re": rid, "error": str(exc)}
        except SaveError as exc:
            log.error("table save failed: %s", exc)
            return {"re": rid, "error": f"the table could not be saved: {exc.reason}"}

    def _gone(self, link: Link) -> None:
        self.links.discard(link)
        for table_id in list(link.seats):
            self._leave(link, table_id)
        for table_id in list(link.watching):
            table = self.tables.get(table_id)
            if table is not None:
                table.watchers.discard(link)
        link.watching.clear()

    # --- requests -------------------------------------------------------------------------

    def _table(self, request: dict[str, Any]) -> Table:
        table = self.tables.get(str(request.get("table", "")))
        if table is None:
            raise Refused("there is no such table (it may have finished)")
        return table

    def op_tables(self, link: Link, request: dict[str, Any]) -> dict[str, Any]:
        return {"tables": [t.info(link.user) for t in self._listed()]}

    def _listed(self) -> list[Table]:
        return sorted(self.tables.values(), key=lambda t: int(t.id))

    def op_open(self, link: Link, request: dict[str, Any]) -> dict[str, Any]:
        game = str(request.get("game", ""))
        options = request.get("options")
        try:
            row = info(game)
        except KeyError as exc:
            raise Refused(str(exc.args[0])) from exc
        if not row.playable:
            raise Refused(f"{row.title} cannot be played yet")
        if not isinstance(options, dict) or not isinstance(options.get("seats"), list):
            raise Refused("a table needs its options and its seats")
        seats = [str(kind) for kind in options["seats"]][:MAX_SEATS]
        from ai.bots import seat_player_names

        for kind in seats:
            if kind != HUMAN and (not kind.startswith(BOT_PREFIX)
                                  or bot_name(kind) not in seat_player_names(game)):
                raise Refused(f"a seat is a human or one of {game}'s bots, not {kind[:30]!r}")
        if HUMAN not in seats:
            raise Refused("a shared table needs a human seat (yours)")
        # Never the player's choice: whoever knew the seed could replay the shuffles.
        seed = secrets.randbits(32)
        opts = {**options, "seats": seats, "players": len(seats)}
        users = [""] * len(seats)
        users[seats.index(HUMAN)] = link.user
        opts["names"] = seat_labels(seats, users)
        try:
            state = get_game(game).new_game(dict(opts), seed)
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            raise Refused(f"the game refuses these options: {exc}") from exc
        table_id = str(max((int(t) for t in self.tables), default=0) + 1)
        table = Table(table_id, game, dict(state.options), seed, users,
                      datetime.now(UTC).isoformat(timespec="seconds"))
        table.watchable = public.watchable(game, table.options)
        self.tables[table_id] = table
        log.info("table=%s opened by user=%s game=%s seats=%s", table_id, link.user, game,
                 ",".join(seats))
        return self._sit(table, link, seats.index(HUMAN))

    def op_join(self, link: Link, request: dict[str, Any]) -> dict[str, Any]:
        table = self._table(request)
        seat = table.seat_of(link.user)
        if seat is None:
            seat = table.free_seat() if table.status == WAITING else None
            if seat is None:
                raise Refused(f"table {table.id} has no free seat")
            table.users[seat] = link.user
        if table.status == FINISHED:
            raise Refused(f"the game at table {table.id} is over")
        return self._sit(table, link, seat)

    def _sit(self, table: Table, link: Link, seat: int) -> dict[str, Any]:
        old = table.players.get(seat)
        if old is not None and old is not link:
            old.seats.pop(table.id, None)
            old.send({"push": "lobby", "table": table.info(old.user), "gone": True,
                      "why": "you sat down at this table from another session"})
        table.players[seat] = link
        link.seats[table.id] = seat
        if table.session is None and table.free_seat() is None:
            self._start(table)
        else:
            self._save(table)
            self._tell_lobby(table)
        return {"table": table.info(link.user), "seat": seat,
                "seen": table.seen(seat) if table.session is not None else None}

    def op_watch(self, link: Link, request: dict[str, Any]) -> dict[str, Any]:
        table = self._table(request)
        if table.session is None:
            raise Refused(f"the game at table {table.id} has not started")
        if not table.watchable:
            raise Refused("this game cannot be watched yet: its public view would show "
                          "a hand")
        table.watchers.add(link)
        link.watching.add(table.id)
        return {"table": table.info(link.user), "seat": None, "seen": table.seen(None)}

    def op_act(self, link: Link, request: dict[str, Any]) -> dict[str, Any]:
        table = self._table(request)
        seat = link.seats.get(table.id)
        if seat is None or table.players.get(seat) is not link:
            raise IllegalAction("you are not sitting at this table")
        session = table.session
        if session is None:
            raise IllegalAction("the game has not started")
        if request.get("step") != len(session.actions):
            raise IllegalAction("the table has moved on: look again")
        if session.state.to_move != seat:
            raise IllegalAction("it is not your move")
        raw = request.get("action")
        if not (isinstance(raw, list) and 1 <= len(raw) <= 3
                and isinstance(raw[0], str) and all(isinstance(x, int) for x in raw[1:])):
            raise IllegalAction("that is not an action")
        events = self._apply(table, seat, Action(*raw), link)
        return {"events": events, "seen": table.seen(seat)}

    def op_leave(self, link: Link, request: dict[str, Any]) -> dict[str, Any]:
        table_id = str(request.get("table", ""))
        self._leave(link, table_id)
        table = self.tables.get(table_id)
        if table is not None:
            table.watchers.discard(link)
        link.watching.discard(table_id)
        return {}

    def op_save(self, link: Link, request: dict[str, Any]) -> dict[str, Any]:
        self._save(self._table(request))
        return {}

    HANDLERS = {"tables": op_tables, "open": op_open, "join": op_join, "watch": op_watch,
                "act": op_act, "leave": op_leave, "save": op_save}

    # --- the game -------------------------------------------------------------------------

    def _leave(self, link: Link, table_id: str) -> None:
        seat = link.seats.pop(table_id, None)
        table = self.tables.get(table_id)
        if table is None or seat is None or table.players.get(seat) is not link:
            return
        del table.players[seat]
        self._tell_lobby(table)

    def _start(self, table: Table) -> None:
        options = {**table.options, "names": seat_labels(table.seats, table.users)}
        table.session = TableGame.new(table.game, options, table.seed)
        table.options = dict(table.session.options)
        self._save(table)
        log.info("table=%s started: %s", table.id, ", ".join(table.session.names))
        self._tell_lobby(table)
        self._start_bots(table)

    def _tell_lobby(self, table: Table) -> None:
        for seat, link in list(table.players.items()):
            link.send({"push": "lobby", "table": table.info(link.user),
                       "seen": table.seen(seat) if table.session is not None else None})

    def _apply(self, table: Table, seat: int, action: Action, actor: Link | None) -> list[Any]:
        session = table.session
        assert session is not None
        try:
            said = session.describe(action)
        except Exception:  # a line for the log is never worth refusing the action
            said = action.kind
        events = session.apply(action)  # IllegalAction: nothing changed
        self._save(table)
        for other, link in list(table.players.items()):
            if link is not actor:
                link.send({"push": "move", "table": table.id,
                           "move": Move(seat, action, events, said, table.seen(other))})
        self._tell_watchers(table, Move(seat, action, events, said, Seen(0, None)))
        if session.over:
            log.info("table=%s finished after %d actions", table.id, len(session.actions))
        self._start_bots(table)
        return events

    def _tell_watchers(self, table: Table, move: Move) -> None:
        if not table.watchers:
            return
        session = table.session
        assert session is not None
        if public.shows_hidden(session.module, session.state, seed=len(session.actions)):
            # A game whose public view shows a hand is not watched: say so once, and stop.
            table.watchable = False
            log.error("table=%s: the public view of %s shows hidden cards; watching stopped",
                      table.id, table.game)
            for link in list(table.watchers):
                link.send({"push": "lobby", "table": table.info(link.user), "gone": True,
                           "why": "watching stopped: this game's public view would show "
                                  "a hand"})
                link.watching.discard(table.id)
            table.watchers.clear()
            return
        seen = table.seen(None)
        told = Move(move.seat, move.action, move.events, move.said, seen)
        for link in list(table.watchers):
            link.send({"push": "move", "table": table.id, "move": told})

    def _start_bots(self, table: Table) -> None:
        session = table.session
        if (session is None or self.closing or not session.is_bot(session.state.to_move)
                or (table.bots is not None and not table.bots.done())):
            return
        with contextlib.suppress(RuntimeError):  # no loop: the host starts them later
            table.bots = asyncio.get_running_loop().create_task(self._bots(table))

    async def _bots(self, table: Table) -> None:
        session = table.session
        assert session is not None
        while not self.closing and session.is_bot(session.state.to_move):
            seat, view, legal = session.bot_choice()
            step = len(session.actions)
            try:
                action = await asyncio.to_thread(session.bots[seat].choose, view, legal)
            except Exception as exc:  # a bot's bug must not stop the table
                log.error("table=%s bot at seat %d failed: %r", table.id, seat, exc)
                action = legal[-1]
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
            if self.closing or len(session.actions) != step:
                return
            try:
                self._apply(table, seat, Action(*action), None)
            except IllegalAction as exc:
                log.error("table=%s bot at seat %d chose an illegal action: %s", table.id,
                          seat, exc)
                self._apply(table, seat, legal[-1], None)

    def _save(self, table: Table) -> None:
        meta: dict[str, Any] = {"table": table.status, "created": table.created,
                                **{f"user_{i}": u for i, u in enumerate(table.users)}}
        session = table.session
        if session is None:
            module = get_game(table.game)
            options = {**table.options, "names": seat_labels(table.seats, table.users)}
            state = module.new_game(dict(options), table.seed)
            save = make_save(table.game, options, table.seed, [], [],
                             module.snapshot(state),
                             {"players": list(options["names"]), "turn": 1,
                              "seats": ", ".join(table.seats), "status": WAITING, **meta})
        else:
            save = make_save(table.game, session.options, session.seed, session.actions,
                             session.checksums, session.module.snapshot(session.state),
                             {**session.meta(), **meta})
        self.storage.put(table.id, save)
