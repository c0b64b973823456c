"""A scripted player at an SSH terminal, for the host's tests and load bench: it logs in
with a key, keeps the screen as a terminal would (pyte), types, resizes and waits for text.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any

import asyncssh

# Keys as a terminal sends them.
KEYS = {"enter": b"\r", "escape": b"\x1b", "up": b"\x1b[A", "down": b"\x1b[B",
        "right": b"\x1b[C", "left": b"\x1b[D", "tab": b"\t", "backspace": b"\x7f"}


class Player:
    """One SSH session seen through a terminal emulator."""

    def __init__(self, conn: asyncssh.SSHClientConnection, process: Any, size: tuple[int, int]
                 ) -> None:
        import pyte

        self.conn = conn
        self.process = process
        self.screen = pyte.Screen(*size)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()
        self.received = 0
        self.last_output = time.monotonic()
        self.closed = False
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def connect(cls, port: int, user: str, key: asyncssh.SSHKey | None,
                      term: str = "xterm-256color", size: tuple[int, int] = (80, 24),
                      env: dict[str, str] | None = None, host: str = "127.0.0.1") -> Player:
        """Log in as ``user`` with ``key`` and open a terminal session."""
        conn = await asyncssh.connect(host, port, username=user,
                                      client_keys=[key] if key is not None else [],
                                      known_hosts=None, agent_path=None, password=None,
                                      kbdint_auth=False)
        process = await conn.create_process(term_type=term, term_size=size, encoding=None,
                                            env=env or {})
        return cls(conn, process, size)

    async def _read(self) -> None:
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    break
                self.received += len(data)
                self.stream.feed(data)
                self.last_output = time.monotonic()
                self.changed.set()
        except (asyncssh.Error, OSError, asyncssh.TerminalSizeChanged):
            pass
        finally:
            self.closed = True
            self.changed.set()

    def text(self) -> str:
        """The screen as lines of text."""
        return "\n".join(self.screen.display)

    async def wait_for(self, wanted: str | Callable[[str], bool], timeout: float = 10.0
                       ) -> float:
        """Wait until the screen shows ``wanted`` (text, or a test of the screen); the
        seconds it took. TimeoutError with the screen otherwise."""
        test = wanted if callable(wanted) else (lambda screen: wanted in screen)
        start = time.monotonic()
        deadline = start + timeout
        while True:
            if test(self.text()):
                return time.monotonic() - start
            if self.closed:
                raise TimeoutError(f"the session ended waiting for {wanted!r}:\n{self.text()}")
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {wanted!r} after {timeout}s; the screen:\n"
                                   f"{self.text()}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), min(left, 0.5))

    async def settle(self, quiet: float = 0.3, timeout: float = 10.0) -> None:
        """Wait until the screen has not changed for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if time.monotonic() - self.last_output >= quiet:
                return
            await asyncio.sleep(quiet / 3)

    def press(self, *keys: str) -> None:
        """Type keys: names from ``KEYS`` or plain text."""
        for key in keys:
            self.process.stdin.write(KEYS.get(key, key.encode()))

    def resize(self, width: int, height: int) -> None:
        """Resize the terminal, as a window being dragged does."""
        self.screen.resize(height, width)
        self.process.change_terminal_size(width, height)

    async def close(self) -> None:
        """Hang up (as closing the terminal window does)."""
        self.conn.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.conn.wait_closed(), 5)
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._reader
