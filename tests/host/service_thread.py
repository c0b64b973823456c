"""A table service in a thread of its own, as the host runs it, for tests to talk to."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from collections.abc import Callable
from pathlib import Path

from host.client import RemoteHall, TableLink
from host.storage import FileTables
from host.tables import TableService


class ServiceThread:
    """A ``TableService`` running in its own event loop, as in the host; ``connect`` gives
    a user's hall as a session of the app has it."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.service = self.call(lambda: TableService(FileTables(folder), bot_delay=0.0))
        self.resumed = self.call(self.service.resume)
        self.socks: list[socket.socket] = []

    def call(self, fn: Callable[[], object]) -> object:
        """Run ``fn`` in the service's loop and return what it returns."""
        async def run() -> object:
            return fn()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(30)

    def connect(self, user: str) -> RemoteHall:
        ours, theirs = socket.socketpair()
        self.socks.append(ours)
        asyncio.run_coroutine_threadsafe(self.service.serve(theirs, user), self.loop)
        return RemoteHall(TableLink(ours), user)

    def stop(self) -> None:
        for sock in self.socks:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
        asyncio.run_coroutine_threadsafe(self.service.close(), self.loop).result(30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()
