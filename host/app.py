"""The app as the host runs it: the player's own saves only, the host's shared tables, and
the host's signals (idle warning, stop) answered by saving first."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket

from host.client import RemoteHall, TableLink
from tui.app import AscendApp

IDLE_WARNING = signal.SIGUSR1


class HostedApp(AscendApp):
    """``AscendApp`` for one SSH session of user ``user``."""

    def __init__(self, user: str, hall: RemoteHall, bot_delay: float | None = None) -> None:
        super().__init__(bot_delay=bot_delay, hall=hall, confined=True)
        self.user = user
        self.title = f"ascend · {user}"

    def on_mount(self) -> None:
        # Textual calls AscendApp's own on_mount as well: only the signals are added here.
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGTERM, self.save_and_leave)
        loop.add_signal_handler(signal.SIGHUP, self.hung_up)
        loop.add_signal_handler(IDLE_WARNING, self.idle_warning)

    def save_and_leave(self) -> None:
        """The host is stopping, the player has gone, or the session has idled out: save
        the game in play (no question asked: nobody may be there to answer) and end."""
        self.save_game()
        self.exit()

    def hung_up(self) -> None:
        """The player's terminal has gone: save, and end at once (there is no screen
        left to put back)."""
        self.save_game()
        os._exit(0)

    def save_game(self) -> None:
        """Save the game in play, if any, asking nothing."""
        from saves.format import SaveError

        table = self._table()
        if table is not None:
            table.workers.cancel_group(table, "bots")
            with contextlib.suppress(SaveError):
                if not table.session.read_only:
                    table.session.save()
            table.session.close()

    def idle_warning(self) -> None:
        """The host will close this idle session soon."""
        seconds = os.environ.get("ASCEND_IDLE_WARNING", "60")
        self.notify(f"You have been idle for a while: this session closes in {seconds} s "
                    "unless you press a key (your game is saved first).",
                    title="Still there?", severity="warning", timeout=30)


def hosted_app(user: str, table_fd: int) -> HostedApp:
    """The app for ``user``, its hall reached through the socket ``table_fd``."""
    link = TableLink(socket.socket(fileno=table_fd))
    return HostedApp(user, RemoteHall(link, user))
