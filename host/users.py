"""Who may log in: the allow-list of user names and their public keys, in the data folder.

``DIR/users.txt`` holds one key per line, ``NAME ssh-ed25519 AAAA… [comment]`` (a user may
have several lines). ``ascend serve --add-user NAME KEYFILE`` adds lines; a host started
with ``--open`` adds the key of a newcomer who picks a free name. A user's own files live
in ``DIR/users/NAME``; a name is a short lower-case word, so it is always a safe folder
name.
"""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import asyncssh

NAME = re.compile(r"[a-z][a-z0-9_-]{0,23}\Z")
RESERVED = frozenset({"root", "admin", "host", "ascend", "tables", "logs", "run"})


class UserError(ValueError):
    """A name or key that cannot be used; ``str()`` says why."""


def check_name(name: str) -> str:
    """``name`` if it may name a user; UserError otherwise."""
    if not NAME.match(name or ""):
        raise UserError("a name is 1 to 24 lower-case letters, digits, - or _, starting "
                        "with a letter")
    if name in RESERVED:
        raise UserError(f"{name!r} is reserved")
    return name


class UserStore:
    """The allow-list file and each user's folder."""

    def __init__(self, data: Path) -> None:
        self.data = Path(data)
        self.path = self.data / "users.txt"
        self._lock = threading.Lock()

    def keys(self) -> dict[str, list[asyncssh.SSHKey]]:
        """Every user's public keys (lines that do not parse are skipped)."""
        out: dict[str, list[asyncssh.SSHKey]] = {}
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return out
        for line in text.splitlines():
            name, _, key = line.strip().partition(" ")
            if not name or name.startswith("#") or not NAME.match(name):
                continue
            try:
                parsed = asyncssh.import_public_key(key.strip())
            except (asyncssh.KeyImportError, ValueError):
                continue
            out.setdefault(name, []).append(parsed)
        return out

    def known(self, name: str) -> bool:
        return name in self.keys()

    def accepts(self, name: str, key: asyncssh.SSHKey) -> bool:
        """Whether ``key`` is one of ``name``'s."""
        wanted = key.export_public_key("openssh").split()[:2]
        return any(k.export_public_key("openssh").split()[:2] == wanted
                   for k in self.keys().get(name, []))

    def owner(self, key: asyncssh.SSHKey) -> str | None:
        """The user whose key this is, if any."""
        wanted = key.export_public_key("openssh").split()[:2]
        for name, keys in self.keys().items():
            if any(k.export_public_key("openssh").split()[:2] == wanted for k in keys):
                return name
        return None

    def add(self, name: str, key_text: str) -> str:
        """Allow ``key_text`` (an OpenSSH public key line) for ``name``; returns the line
        written. UserError for a bad name or key."""
        check_name(name)
        try:
            key = asyncssh.import_public_key(key_text.strip())
        except (asyncssh.KeyImportError, ValueError) as exc:
            raise UserError(f"not an OpenSSH public key ({exc})") from exc
        line = f"{name} {key.export_public_key('openssh').decode().strip()}\n"
        with self._lock:
            self.data.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            with os.fdopen(fd, "a", encoding="utf-8") as f:
                f.write(line)
        self.home(name)
        return line

    def home(self, name: str) -> Path:
        """``DIR/users/NAME`` (made if needed): the user's saves and campaigns."""
        folder = self.data / "users" / check_name(name)
        (folder / "saves").mkdir(parents=True, exist_ok=True)
        return folder
