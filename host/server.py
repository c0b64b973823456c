"""``ascend serve``: the SSH front door, one app process per session, the table service.

Public-key login only, against the allow-list (``host.users``); with ``open_registration``
a newcomer picks a free name and their key is remembered. Each session gets a fresh PTY
(the client's terminal type and size, resizes forwarded) and its own app process forked
from the zygote (``host.zygote``); bytes flow between the SSH channel and the PTY, with
the channel's flow control pausing the PTY. A session's app may crash: that ends that
session only. SIGTERM (or ``Host.stop``) closes the door, asks every app to save and
leave, and waits for them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import socket
import time

import asyncssh

from host import sessions
from host.config import HostConfig
from host.storage import FileTables
from host.tables import TableService
from host.users import UserError, UserStore, check_name
from host.zygote import Zygote

log = logging.getLogger("ascend.host")

ESCDELAY_MS = 350  # an escape sequence split over a slow link still reads as one key
IDLE_CHECK_SECONDS = 1.0


def colour_env(term: str, client_env: dict[str, str]) -> dict[str, str]:
    """COLORTERM for the app: what the client said (OpenSSH forwards it only when asked),
    else what the terminal type implies; none for a plain or 256-colour terminal."""
    said = client_env.get("COLORTERM", "").strip().lower()
    if said in ("truecolor", "24bit"):
        return {"COLORTERM": said}
    if any(word in term.lower() for word in ("truecolor", "24bit", "direct")):
        return {"COLORTERM": "truecolor"}
    return {}


class Host:
    """One running host: the SSH server, the zygote, the table service, the sessions."""

    def __init__(self, config: HostConfig) -> None:
        self.config = config
        self.users = UserStore(config.data)
        self.tables = TableService(FileTables(config.tables), bot_delay=config.bot_delay)
        self.zygote = Zygote(self._child_exited)
        self.sessions: set[sessions.TerminalSession] = set()
        self.server: asyncssh.SSHAcceptor | None = None
        self.stopping = False
        self._stopped = asyncio.Event()
        self._idle_task: asyncio.Task[None] | None = None
        self._exits: dict[int, asyncio.Future[int]] = {}
        self._early_exits: dict[int, int] = {}  # apps that ended before launch saw them

    # --- starting -------------------------------------------------------------------------

    async def start(self) -> None:
        """Make the data folder and host key, resume the tables, start the zygote and
        listen."""
        self.config.data.mkdir(parents=True, exist_ok=True)
        for problem in self.tables.resume():
            log.error("cannot resume %s", problem)
        log.info("resumed %d tables", len(self.tables.tables))
        await self.zygote.start()
        self.server = await asyncssh.create_server(
            lambda: sessions.LoginServer(self), self.config.host, self.config.port,
            server_host_keys=[self.host_key()], encoding=None, agent_forwarding=False,
            x11_forwarding=False, allow_scp=False, line_editor=False, keepalive_interval=30,
            login_timeout=60)
        self._idle_task = asyncio.get_running_loop().create_task(self._idle_loop())
        log.info("listening on %s:%d, data in %s", self.config.host, self.port,
                 self.config.data)

    def host_key(self) -> asyncssh.SSHKey:
        """The host key, made on first start and kept in the data folder."""
        path = self.config.host_key
        if path.exists():
            return asyncssh.read_private_key(path)
        key = asyncssh.generate_private_key("ssh-ed25519")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(key.export_private_key())
        log.info("made a new host key %s", key.get_fingerprint())
        return key

    @property
    def port(self) -> int:
        """The port listened on (the real one when 0 was asked)."""
        assert self.server is not None
        return int(self.server.sockets[0].getsockname()[1])

    # --- sessions -------------------------------------------------------------------------

    def full(self) -> bool:
        return len(self.sessions) >= self.config.max_sessions

    async def launch(self, session: sessions.TerminalSession, user: str) -> tuple[int, int]:
        """Start ``user``'s app on a fresh PTY; the PTY's host end and the app's pid."""
        home = self.users.home(user)
        master, slave = os.openpty()
        ours, theirs = socket.socketpair()
        try:
            sessions.set_size(master, *session.size)
            os.set_blocking(master, False)
            env = self.child_env(user, session.term, session.client_env, str(home))
            request = {"user": user, "env": env,
                       "crash_dir": str(self.config.logs / "crashes")}
            if not self.zygote.alive:
                log.error("the zygote had gone: starting a new one")
                await self.zygote.start()
            pid = await self.zygote.spawn(request, [slave, theirs.fileno()])
        except BaseException:
            os.close(master)
            ours.close()
            raise
        finally:
            os.close(slave)
            theirs.close()
        self._exits[pid] = asyncio.get_running_loop().create_future()
        if pid in self._early_exits:
            self._exits[pid].set_result(self._early_exits.pop(pid))
        session.service = asyncio.get_running_loop().create_task(
            self.tables.serve(ours, user))
        return master, pid

    def child_env(self, user: str, term: str, client_env: dict[str, str],
                  home: str) -> dict[str, str]:
        """The app's environment: chosen here, never taken from the client (it may send
        any variable it likes), except the colour depth it reports."""
        return {
            "TERM": term, **colour_env(term, client_env),
            "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
            "ESCDELAY": str(ESCDELAY_MS),
            "HOME": home, "USER": user, "LOGNAME": user,
            "PATH": os.defpath,
            "ASCEND_SAVE_DIR": str(self.config.user_saves(user)),
            "ASCEND_CONFIG_DIR": str(self.config.user_config(user)),
            "ASCEND_IDLE_WARNING": str(int(self.config.idle_warning)),
            "ASCEND_BOT_DELAY": str(self.config.bot_delay),
        }

    def _child_exited(self, pid: int, status: int) -> None:
        future = self._exits.get(pid)
        if future is None:
            self._early_exits[pid] = status
        elif not future.done():
            future.set_result(status)

    async def reap(self, pid: int, grace: float) -> int | None:
        """Wait for app ``pid`` to end (SIGKILL after ``grace`` seconds); its status (None
        when the zygote that would report it has gone)."""
        future = self._exits.get(pid)
        if future is None:
            return None
        loop = asyncio.get_running_loop()
        deadline, killed = loop.time() + grace, False
        try:
            while not future.done():
                if not pid_alive(pid):
                    return None  # its zygote died: init reaped it, nobody will say how
                if loop.time() >= deadline:
                    if killed:
                        return None
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)
                    deadline, killed = loop.time() + 5, True
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(future), 0.1)
            return future.result()
        finally:
            self._exits.pop(pid, None)

    async def _idle_loop(self) -> None:
        warn_at = self.config.idle_timeout - self.config.idle_warning
        while True:
            await asyncio.sleep(min(IDLE_CHECK_SECONDS, self.config.idle_warning / 2 or 1))
            now = time.monotonic()
            for session in list(self.sessions):
                idle = now - session.last_input
                if idle >= self.config.idle_timeout:
                    session.idle_out()
                elif idle >= warn_at:
                    session.warn_idle()

    # --- users ----------------------------------------------------------------------------

    def register(self, name: str, key: asyncssh.SSHKey) -> str:
        """A newcomer's chosen name, with their key; UserError if it cannot be theirs."""
        check_name(name)
        if self.users.known(name):
            raise UserError(f"{name!r} is taken")
        self.users.add(name, key.export_public_key("openssh").decode())
        log.info("registered user=%s key=%s", name, key.get_fingerprint())
        return name

    # --- stopping -------------------------------------------------------------------------

    async def stop(self) -> None:
        """Close the door, ask every app to save and leave, wait for them, stop."""
        if self.stopping:
            await self._stopped.wait()
            return
        self.stopping = True
        log.info("stopping: %d sessions open", len(self.sessions))
        if self.server is not None:
            self.server.close()
        if self._idle_task is not None:
            self._idle_task.cancel()
        for session in list(self.sessions):
            session.terminate()
        deadline = time.monotonic() + self.config.shutdown_grace
        while self.sessions and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        for session in list(self.sessions):
            session.kill()
        await self.tables.close()
        await self.zygote.stop()
        if self.server is not None:
            with contextlib.suppress(Exception):
                await self.server.wait_closed()
        log.info("stopped")
        self._stopped.set()

    async def serve_forever(self) -> None:
        """Run until SIGTERM or SIGINT, then stop cleanly."""
        await self.start()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, lambda: loop.create_task(self.stop()))
        await self._stopped.wait()


def pid_alive(pid: int) -> bool:
    """Whether process ``pid`` still exists (a zombie still does)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True

