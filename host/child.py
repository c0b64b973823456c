"""A session's app, in the process the zygote forked for it.

The child makes the PTY it was given its controlling terminal and its standard streams,
takes the environment the host chose (terminal type, colours, ESCDELAY, its own save
folder; never COLUMNS or LINES: the size comes from the PTY, and follows resizes), and
runs the app. Whatever happens it ends with ``os._exit``: a fork must never return into
the zygote's loop. A crash is written to the host's log folder, not the player's screen.
"""

from __future__ import annotations

import fcntl
import io
import os
import signal
import sys
import termios
import traceback
from datetime import UTC, datetime
from typing import Any, NoReturn


def run(request: dict[str, Any], fds: list[int]) -> NoReturn:
    """Run the app for one session; never returns."""
    code = 1
    try:
        pty, tables = fds[0], fds[1]
        _take_terminal(pty)
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGPIPE,
                    signal.SIGCHLD, signal.SIGUSR1):
            signal.signal(sig, signal.SIG_DFL)
        os.environ.clear()
        os.environ.update({str(k): str(v) for k, v in request["env"].items()})
        _fresh_streams()
        _textual_settings()
        from host.app import hosted_app

        hosted_app(request["user"], tables).run()
        code = 0
    except BaseException:  # noqa: BLE001 - a fork must end here, whatever went wrong
        _crashed(request)
    os._exit(code)


def _take_terminal(pty: int) -> None:
    """Make ``pty`` this new session's controlling terminal and stdin/stdout/stderr."""
    os.setsid()
    fcntl.ioctl(pty, termios.TIOCSCTTY, 0)
    for fd in (0, 1, 2):
        os.dup2(pty, fd)
    if pty > 2:
        os.close(pty)


def _fresh_streams() -> None:
    """Text streams over the new fds 0-2, in UTF-8 whatever the zygote had."""
    sys.stdin = sys.__stdin__ = io.TextIOWrapper(  # type: ignore[misc]
        io.FileIO(0, "r", closefd=False), encoding="utf-8", errors="replace")
    sys.stdout = sys.__stdout__ = io.TextIOWrapper(  # type: ignore[misc]
        io.FileIO(1, "w", closefd=False), encoding="utf-8", errors="replace",
        write_through=True)
    sys.stderr = sys.__stderr__ = io.TextIOWrapper(  # type: ignore[misc]
        io.FileIO(2, "w", closefd=False), encoding="utf-8", errors="replace",
        write_through=True)


def _textual_settings() -> None:
    """Textual read its settings from the zygote's environment at import: read the
    session's instead."""
    from textual import constants

    try:
        delay = max(1, int(os.environ.get("ESCDELAY", "100")))
    except ValueError:
        delay = 100
    constants.ESCAPE_DELAY = delay / 1000.0  # type: ignore[misc]
    constants.COLOR_SYSTEM = os.environ.get("TEXTUAL_COLOR_SYSTEM", "auto")  # type: ignore[misc]


def _crashed(request: dict[str, Any]) -> None:
    folder = request.get("crash_dir")
    if not folder:
        return
    try:
        os.makedirs(folder, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        path = os.path.join(folder, f"{stamp}-{request.get('user', 'unknown')}-{os.getpid()}.txt")
        with open(path, "w", encoding="utf-8") as f:
            f.write(traceback.format_exc())
    except OSError:
        pass
