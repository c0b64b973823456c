"""One game, one window: a lock file beside a save while a window has the game open.

``.name.ascend.lock`` is made with O_EXCL (so exactly one process can create it) and holds
who made it: process id, host, user and when. A second window that finds it is told who
holds the game and may look at it read-only or continue a copy, so two windows never
overwrite each other's moves. A lock left by a process that died (same host, no such
process) is stale and taken over; a lock from another host is never guessed dead.
"""

from __future__ import annotations

import contextlib
import getpass
import json
import os
import socket
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from saves.format import SaveError


def lock_path(save: Path) -> Path:
    """Where the lock of ``save`` lives."""
    return save.with_name(f".{save.name}.lock")


@dataclass(frozen=True)
class Holder:
    """Who holds a lock."""

    pid: int
    host: str
    user: str
    since: str

    @classmethod
    def me(cls) -> Holder:
        return cls(os.getpid(), socket.gethostname(), _user(),
                   datetime.now(UTC).isoformat(timespec="seconds"))

    def describe(self) -> str:
        """``process 1234 of ana on lab-3, since 2026-12-01 14:02``."""
        try:
            when = datetime.fromisoformat(self.since).astimezone().strftime("%Y-%m-%d %H:%M")
        except (ValueError, OverflowError):
            when = "an unknown time"
        return f"process {self.pid} of {self.user or 'someone'} on {self.host}, since {when}"

    def alive(self) -> bool:
        """False only when we can tell the process is gone (same host, no such pid)."""
        if self.host != socket.gethostname() or self.pid <= 0:
            return True
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return False
        except OSError:
            return True  # it exists but belongs to someone else
        return True


class SaveLocked(SaveError):
    """The save is open in another window; ``holder`` says which (None: unreadable)."""

    def __init__(self, path: str, holder: Holder | None) -> None:
        who = holder.describe() if holder is not None else "a window we cannot identify"
        super().__init__(path, f"this game is open in another window ({who})")
        self.holder = holder


class SaveLock:
    """The lock this process holds on one save; ``release`` gives it back."""

    def __init__(self, save: Path, holder: Holder) -> None:
        self.save = Path(save)
        self.holder = holder
        self.released = False

    @classmethod
    def take(cls, save: Path) -> SaveLock:
        """Lock ``save`` for this process; ``SaveLocked`` if a live window holds it."""
        save = Path(save)
        path = lock_path(save)
        me = Holder.me()
        for _ in range(2):  # a second try after clearing a stale lock
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                holder = read_holder(path)
                if holder is not None and not holder.alive():
                    # Read again just before removing, so a lock another window took
                    # over in the meantime is left alone.
                    if read_holder(path) == holder:
                        with contextlib.suppress(FileNotFoundError):
                            path.unlink()
                    continue
                raise SaveLocked(str(save), holder) from None
            except OSError as exc:
                raise SaveError(str(save), f"cannot lock the save ({exc.strerror or exc})"
                                ) from exc
            with open(fd, "w", encoding="utf-8") as f:
                json.dump(me.__dict__, f)
            return cls(save, me)
        raise SaveLocked(str(save), read_holder(path))

    def release(self) -> None:
        """Remove the lock if it is still ours (never another window's)."""
        if self.released:
            return
        self.released = True
        path = lock_path(self.save)
        if read_holder(path) == self.holder:
            with contextlib.suppress(OSError):
                path.unlink()


def read_holder(path: Path) -> Holder | None:
    """Who holds the lock at ``path``; None if it cannot be read or is not ours."""
    try:
        with path.open(encoding="utf-8") as f:
            data: Any = json.loads(f.read(4096))
        return Holder(int(data["pid"]), str(data["host"]), str(data["user"]),
                      str(data["since"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return ""
