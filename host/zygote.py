"""The zygote: one process that has imported the app once and forks a copy per session.

Importing Textual, the rules and every game's table takes most of a second; a fork of a
process that already has them starts a session's app in tens of milliseconds. The host
starts the zygote at start-up (``python -m host.zygote FD``) and talks to it over a
SOCK_SEQPACKET socket: a spawn request is one JSON message carrying, as passed file
descriptors, the session's PTY end and its socket to the table service; the answer is the
child's pid, and when a child ends the zygote (its parent) reaps it and says so.

The zygote never starts a thread or an event loop, so forking it is safe.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import select
import signal
import socket
import subprocess
import sys
from collections.abc import Callable
from typing import Any

MAX_MESSAGE = 64 * 1024
POLL_SECONDS = 0.1


# --- the zygote process -------------------------------------------------------------------


def preload() -> None:
    """Import what every session's app needs, so a fork needs no import."""
    import textual.app  # noqa: F401

    import host.app  # noqa: F401
    import tui.app  # noqa: F401
    from core.games import game_names, get_game
    from tui.games import ui

    for name in game_names():
        get_game(name)
        with contextlib.suppress(KeyError, ImportError):
            table = ui(name).table.split(":")[0]
            __import__(table)


def serve(control: socket.socket) -> None:
    """Answer spawn requests until the host closes the socket."""
    from host import child

    children: set[int] = set()
    while True:
        for pid, status in _reaped(children):
            _send(control, {"exit": pid, "status": status})
        ready, _, _ = select.select([control], [], [], POLL_SECONDS)
        if not ready:
            continue
        try:
            data, fds, _, _ = socket.recv_fds(control, MAX_MESSAGE, 4)
        except OSError:
            break
        if not data:
            break
        request = json.loads(data)
        pid = os.fork()
        if pid == 0:
            control.close()
            child.run(request, fds)  # never returns
        children.add(pid)
        for fd in fds:
            os.close(fd)
        _send(control, {"id": request["id"], "pid": pid})
    # The host has gone: its sessions' terminals closed with it, so their apps are saving
    # and leaving; wait for them briefly.
    for pid in list(children):
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)


def _reaped(children: set[int]) -> list[tuple[int, int]]:
    out = []
    for pid in list(children):
        try:
            done, status = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            children.discard(pid)
            continue
        if done:
            children.discard(pid)
            out.append((pid, os.waitstatus_to_exitcode(status)))
    return out


def _send(control: socket.socket, message: dict[str, Any]) -> None:
    with contextlib.suppress(OSError):
        control.send(json.dumps(message).encode())


def main(argv: list[str]) -> None:
    """``python -m host.zygote FD``: FD is the socket to the host."""
    control = socket.socket(fileno=int(argv[1]))
    # The host's terminal signals are the host's business.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    preload()
    _send(control, {"ready": os.getpid()})
    serve(control)


# --- the host's side ------------------------------------------------------------------------


class ZygoteGone(Exception):
    """The zygote cannot be reached (it died, or never started)."""


class Zygote:
    """The host's handle on its zygote process."""

    def __init__(self, on_exit: Callable[[int, int], None]) -> None:
        self.on_exit = on_exit
        self.process: subprocess.Popen[bytes] | None = None
        self.control: socket.socket | None = None
        self._ready: asyncio.Future[int] | None = None
        self._waiting: dict[int, asyncio.Future[int]] = {}
        self._next = 0

    async def start(self) -> None:
        """Start the zygote and wait until it has imported everything."""
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        # The zygote imports this very tree, wherever the host was started from.
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        env["PYTHONPATH"] = os.pathsep.join([root, *filter(None, [env.get("PYTHONPATH")])])
        self.process = subprocess.Popen(
            [sys.executable, "-m", "host.zygote", str(theirs.fileno())],
            pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL, env=env)
        theirs.close()
        ours.setblocking(False)
        self.control = ours
        self._ready = loop.create_future()
        loop.add_reader(ours.fileno(), self._readable)
        try:
            await asyncio.wait_for(self._ready, 60)
        except TimeoutError as exc:
            raise ZygoteGone("the zygote did not start") from exc

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    async def spawn(self, request: dict[str, Any], fds: list[int]) -> int:
        """Fork a session's app; its pid."""
        if not self.alive or self.control is None:
            raise ZygoteGone("the zygote is not running")
        self._next += 1
        rid = self._next
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._waiting[rid] = future
        try:
            socket.send_fds(self.control, [json.dumps({**request, "id": rid}).encode()], fds)
        except OSError as exc:
            self._waiting.pop(rid, None)
            raise ZygoteGone(f"the zygote cannot be reached ({exc})") from exc
        return await asyncio.wait_for(future, 30)

    def _readable(self) -> None:
        assert self.control is not None
        while True:
            try:
                data = self.control.recv(MAX_MESSAGE)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self._lost()
                return
            message = json.loads(data)
            if "ready" in message and self._ready is not None and not self._ready.done():
                self._ready.set_result(int(message["ready"]))
            elif "exit" in message:
                self.on_exit(int(message["exit"]), int(message["status"]))
            elif "id" in message:
                future = self._waiting.pop(int(message["id"]), None)
                if future is not None and not future.done():
                    future.set_result(int(message["pid"]))

    def _lost(self) -> None:
        if self.control is not None:
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(self.control.fileno())
            self.control.close()
            self.control = None
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(ZygoteGone("the zygote has gone"))
        self._waiting.clear()
        if self._ready is not None and not self._ready.done():
            self._ready.set_exception(ZygoteGone("the zygote died while starting"))

    async def stop(self) -> None:
        """Close the socket (the zygote then leaves) and wait for it."""
        if self.control is not None:
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(self.control.fileno())
            self.control.close()
            self.control = None
        if self.process is not None:
            try:
                await asyncio.wait_for(asyncio.to_thread(self.process.wait), 15)
            except TimeoutError:
                self.process.kill()
                await asyncio.to_thread(self.process.wait)


if __name__ == "__main__":
    main(sys.argv)
