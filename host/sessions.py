"""One SSH connection: its login, and its terminal session running the app on a PTY (its
size, its bytes both ways, how it says the app has gone)."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import logging
import os
import signal
import struct
import termios
import time
from typing import Any, Protocol

import asyncssh

from host.config import HostConfig
from host.users import UserError, UserStore

log = logging.getLogger("ascend.host")

DEFAULT_TERM = "xterm-256color"
MAX_NAME_INPUT = 64
PTY_READ = 64 * 1024


class SessionHost(Protocol):
    """What a login and a session ask of the host that runs them (``host.server.Host``):
    told here, so the sessions need nothing of the server that makes them."""

    config: HostConfig
    users: UserStore
    sessions: set[TerminalSession]
    stopping: bool

    def full(self) -> bool: ...

    async def launch(self, session: TerminalSession, user: str) -> tuple[int, int]: ...

    async def reap(self, pid: int, grace: float) -> int | None: ...

    def register(self, name: str, key: asyncssh.SSHKey) -> str: ...


def set_size(fd: int, width: int, height: int) -> None:
    """Tell the PTY its size (the app's process group gets SIGWINCH)."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", max(1, height),
                                                    max(1, width), 0, 0))


def pty_gone(exc: OSError) -> bool:
    """EIO is how Linux says every process has closed the PTY's other end."""
    return exc.errno in (errno.EIO, errno.EBADF)


def describe_peer(conn: Any) -> str:
    peer = conn.get_extra_info("peername") if conn is not None else None
    return f"{peer[0]}:{peer[1]}" if peer else "?"


class LoginServer(asyncssh.SSHServer):
    """Public keys only: a key on the allow-list for the name given, or (open
    registration) any key for a name nobody has yet, who then picks their name."""

    def __init__(self, host: SessionHost) -> None:
        self.host = host
        self.conn: asyncssh.SSHServerConnection | None = None
        self.user: str | None = None
        self.newcomer: asyncssh.SSHKey | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn

    def connection_lost(self, exc: Exception | None) -> None:
        if exc is not None and self.user is None:
            log.info("connection from %s closed before login (%s)", self._peer(), exc)

    def _peer(self) -> str:
        return describe_peer(self.conn)

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        users = self.host.users
        if users.accepts(username, key):
            self.user, self.newcomer = username, None
            return True
        if self.host.config.open_registration and users.owner(key) is None \
                and not users.known(username):
            self.user, self.newcomer = None, key
            return True
        log.warning("refused key %s for user=%s from %s", key.get_fingerprint(),
                    username[:40], self._peer())
        return False

    def session_requested(self) -> TerminalSession:
        return TerminalSession(self.host, self)


class TerminalSession(asyncssh.SSHServerSession[bytes]):
    """The app on a PTY for one SSH session."""

    def __init__(self, host: SessionHost, login: LoginServer) -> None:
        self.host = host
        self.login = login
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term = DEFAULT_TERM
        self.size = (80, 24)
        self.has_pty = False
        self.client_env: dict[str, str] = {}
        self.master: int | None = None
        self.pid: int | None = None
        self.service: asyncio.Task[None] | None = None
        self.last_input = time.monotonic()
        self.warned = False
        self.started = time.monotonic()
        self._name_input = b""
        self._naming: asyncio.Future[str] | None = None
        self._pending = b""
        self._done = asyncio.Event()
        self._paused = False
        self.user: str | None = None

    # --- asyncssh's callbacks -----------------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Any) -> bool:
        self.has_pty = True
        self.term = (term_type or DEFAULT_TERM)[:64]
        if term_size[0] and term_size[1]:
            self.size = (term_size[0], term_size[1])
        return True

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        self.size = (width, height)
        if self.master is not None:
            with contextlib.suppress(OSError):
                set_size(self.master, width, height)

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        log.info("refused a command for user=%s: only the app runs here", self._who())
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        assert self.chan is not None
        self.client_env = {str(k): str(v) for k, v in self.chan.get_environment().items()}
        asyncio.get_running_loop().create_task(self._run())

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = time.monotonic()
        self.warned = False
        if self._naming is not None:
            self._type_name(data)
            return
        self._pending += data
        self._flush_input()

    def eof_received(self) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._close_pty()
        if self.pid is not None:
            # The PTY's hang-up tells the app (SIGHUP: it saves and leaves); in case it
            # does not, it is asked once more.
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGHUP)
        self._done.set()

    def pause_writing(self) -> None:
        self._paused = True
        if self.master is not None:
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(self.master)

    def resume_writing(self) -> None:
        self._paused = False
        if self.master is not None:
            asyncio.get_running_loop().add_reader(self.master, self._pty_readable)

    # --- the session --------------------------------------------------------------------------

    def _who(self) -> str:
        return self.user or self.login.user or "(newcomer)"

    async def _run(self) -> None:
        assert self.chan is not None
        status = 1
        try:
            if not self.has_pty:
                self._say("ascend needs a terminal: connect with ssh -t\r\n")
                return
            if self.host.stopping:
                self._say("The host is stopping. Try again in a minute.\r\n")
                return
            if self.host.full():
                log.warning("refused user=%s: the host is full (%d sessions)", self._who(),
                            len(self.host.sessions))
                self._say(f"The host is full ({self.host.config.max_sessions} players). "
                          "Try again later.\r\n")
                return
            self.host.sessions.add(self)
            user = self.login.user if self.login.newcomer is None else await self._pick_name()
            if user is None:
                return
            self.user = user
            self.master, self.pid = await self.host.launch(self, user)
            log.info("login user=%s from=%s pid=%d term=%s size=%dx%d", user,
                     self.login._peer(), self.pid, self.term, *self.size)
            asyncio.get_running_loop().add_reader(self.master, self._pty_readable)
            self._flush_input()
            await self._done.wait()
            result = await self.host.reap(self.pid, self.host.config.shutdown_grace)
            status = 0 if result == 0 else 1
            log.info("logout user=%s pid=%d status=%s after %.1fs", user, self.pid, result,
                     time.monotonic() - self.started)
        except Exception as exc:  # one session's failure never takes the host down
            log.exception("error in the session of user=%s: %r", self._who(), exc)
            self._say("\r\nSorry: the host could not start your session.\r\n")
        finally:
            self.host.sessions.discard(self)
            self._close_pty()
            if self.service is not None:
                self.service.cancel()
            with contextlib.suppress(Exception):
                self.chan.exit(status)

    def _say(self, text: str) -> None:
        if self.chan is not None and not self.chan.is_closing():
            self.chan.write(text.encode())

    async def _pick_name(self) -> str | None:
        """Open registration: ask the newcomer for a name until a free one is given."""
        key = self.login.newcomer
        assert key is not None
        self._say("Welcome to this ascend host. Pick a user name (lower-case letters, "
                  "digits, - or _): ")
        while True:
            naming: asyncio.Future[str] = asyncio.get_running_loop().create_future()
            self._naming = naming
            done = asyncio.ensure_future(self._done.wait())
            either: list[asyncio.Future[Any]] = [naming, done]
            await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
            done.cancel()
            if not naming.done():
                self._naming = None
                return None
            try:
                return self.host.register(naming.result(), key)
            except UserError as exc:
                self._say(f"\r\n{exc}. Another name: ")

    def _type_name(self, data: bytes) -> None:
        assert self._naming is not None
        for byte in data:
            if byte in (13, 10):
                name, self._name_input = self._name_input.decode(errors="replace"), b""
                future, self._naming = self._naming, None
                if not future.done():
                    future.set_result(name.strip())
                return
            if byte in (8, 127):
                if self._name_input:
                    self._name_input = self._name_input[:-1]
                    self._say("\b \b")
            elif 32 <= byte < 127 and len(self._name_input) < MAX_NAME_INPUT:
                self._name_input += bytes([byte])
                self._say(chr(byte))

    def _flush_input(self) -> None:
        if self.master is None or not self._pending:
            return
        try:
            written = os.write(self.master, self._pending)
        except BlockingIOError:
            written = 0
        except OSError:
            self._pending = b""
            return
        self._pending = self._pending[written:]
        if self._pending:
            asyncio.get_running_loop().call_later(0.01, self._flush_input)

    def _pty_readable(self) -> None:
        if self.master is None:
            return
        try:
            data = os.read(self.master, PTY_READ)
        except BlockingIOError:
            return
        except OSError as exc:
            if not pty_gone(exc):
                log.warning("user=%s: reading the terminal failed: %s", self._who(), exc)
            data = b""
        if not data:
            self._close_pty()
            self._done.set()
            return
        if self.chan is not None and not self.chan.is_closing():
            self.chan.write(data)

    def _close_pty(self) -> None:
        if self.master is None:
            return
        with contextlib.suppress(ValueError, OSError):
            asyncio.get_running_loop().remove_reader(self.master)
        with contextlib.suppress(OSError):
            os.close(self.master)
        self.master = None

    # --- the host's requests -----------------------------------------------------------------

    def warn_idle(self) -> None:
        """Tell the app its player will be disconnected soon (once per idle spell)."""
        if self.warned or self.pid is None:
            return
        self.warned = True
        log.info("idle warning user=%s", self._who())
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGUSR1)

    def idle_out(self) -> None:
        """Close a session idle too long: the app saves and leaves."""
        if self.pid is None or self._done.is_set():
            return
        log.info("idle timeout user=%s", self._who())
        self.terminate()
        self.last_input = time.monotonic()  # ask once; the reaper kills after the grace

    def terminate(self) -> None:
        """Ask the app to save and leave (the session ends when it has)."""
        if self.pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGTERM)
        elif self._naming is not None or self.master is None:
            self._done.set()
            if self.chan is not None:
                self.chan.close()

    def kill(self) -> None:
        """The app did not leave in time."""
        if self.pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
