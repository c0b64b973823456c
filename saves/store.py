"""Where saves live on disk, and writing them so a crash never costs the previous good save.

Beside each save ``name.ascend`` the folder may hold ``.name.ascend.lock`` (the window that
has the game open: see ``saves.lock``) and, for a moment during a write, a temporary
``.name.ascend.XXXX.tmp`` that becomes the save by a rename; one left behind by a crash is
removed once it is older than any write could take.
"""

from __future__ import annotations

import builtins
import contextlib
import os
import re
import secrets
import stat
import tempfile
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs

from saves.format import (
    MAX_FILE_SIZE,
    SaveError,
    SaveFile,
    decode,
    encode,
    saved_time,
)

SUFFIX = ".ascend"
ENV_SAVE_DIR = "ASCEND_SAVE_DIR"
# A write takes milliseconds; a temporary file this old was left by a crash.
STALE_TEMP_SECONDS = 60.0
_TEMP = re.compile(r"\..+\.ascend\.[A-Za-z0-9_]+\.tmp\Z")


def save_dir() -> Path:
    """The save folder: ``$ASCEND_SAVE_DIR`` if set, else the user data dir; created here."""
    override = os.environ.get(ENV_SAVE_DIR)
    directory = (
        Path(override).expanduser() if override else platformdirs.user_data_path("ascend") / "saves"
    )
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        reason = f"cannot create the save folder ({_os_reason(exc)})"
        raise SaveError(str(directory), reason) from exc
    return directory


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` all at once: after a crash it holds old or new, never half.

    Raises ``OSError``; on any failure the temporary file is gone and ``path`` is untouched.
    """
    path = Path(path)
    # Same folder, so os.replace is a rename within one filesystem (atomic); the name does
    # not end in .ascend, so a leftover from a power cut never shows up as a save.
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with open(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    _fsync_dir(path.parent)


def _fsync_dir(directory: Path) -> None:
    # Makes the rename itself durable; some systems (Windows) cannot open a folder, and the
    # data is already safe in the file, so failing here is not worth an error.
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _os_reason(exc: OSError) -> str:
    return exc.strerror or str(exc) or type(exc).__name__


def _read(path: Path) -> bytes:
    """The file's bytes, up to one past the size limit (enough for decode to say "too
    large" without reading a huge file). Anything but a regular file is refused before a
    byte is read: opening a FIFO for reading would wait for a writer forever."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with open(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile
        return f.read(MAX_FILE_SIZE + 1)


class NotRegularFile(OSError):
    """A path that names a folder, a pipe, a device: not a file a save can be."""

    def __init__(self) -> None:
        super().__init__("not a regular file")


def _timestamp() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S")


@dataclass(frozen=True)
class SaveSummary:
    """What the Continue list shows of a save, kept instead of the whole decoded file."""

    game: str
    app_version: str
    meta: dict[str, Any]
    # The game's options as saved: the list reads from them what the meta does not say
    # (who plays with whom in a 2 vs 2).
    options: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, save: SaveFile) -> SaveSummary:
        return cls(save.game, save.app_version, dict(save.meta), dict(save.options))

    @property
    def saved_at(self) -> datetime:
        """When the save was made (aware)."""
        return saved_time(self)


@dataclass
class SaveEntry:
    """One file in the save folder: ``summary`` if it reads cleanly, else ``error`` says
    why."""

    path: Path
    summary: SaveSummary | None = None
    error: str | None = None
    modified: float = 0.0


class SaveStore:
    """The save folder: new names, checked writes, loads, a listing for the menu, deletes.

    It keeps game saves (``*.ascend``); a subclass keeps another kind of file in the same
    folder with the same care (the campaign store) by naming its suffix and how a file of its
    kind is encoded, decoded, summarised and named.
    """

    suffix = SUFFIX
    noun = "save"

    def encode(self, item: Any) -> bytes:
        """The file bytes for ``item`` (ValueError: it cannot be written)."""
        return encode(item)

    def decode(self, data: bytes, where: str) -> Any:
        """The item ``data`` holds (SaveError: it is not one)."""
        return decode(data, where)

    def summarize(self, item: Any) -> SaveSummary:
        """What the list keeps of ``item``."""
        return SaveSummary.of(item)

    def name_of(self, item: Any) -> str:
        """The word a new file name for ``item`` starts with."""
        return str(item.game)

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = Path(directory) if directory is not None else save_dir()
        # (size, mtime_ns) of files this store wrote or read cleanly: an unchanged one needs
        # no second decode before the next autosave replaces it.
        self._known_good: dict[Path, tuple[int, int]] = {}

    def new_path(self, game: str) -> Path:
        """A file name no file has yet, e.g. ``ascension-20261129-135501-ab12.ascend``."""
        stem = re.sub(r"[^a-z0-9_]+", "-", game.lower()).strip("-") or "game"
        while True:
            path = self.directory / f"{stem}-{_timestamp()}-{secrets.token_hex(2)}{self.suffix}"
            if not os.path.lexists(path):
                return path

    def write(self, path: Path, save: Any) -> None:
        """Save atomically; refuse to replace a file that is not a save we can read."""
        path = Path(path)
        where = str(path)
        try:
            data = self.encode(save)
        except ValueError as exc:
            raise SaveError(where, str(exc)) from exc
        # Never write what this version could not load again (e.g. a string over the limit).
        try:
            self.decode(data, where)
        except SaveError as exc:
            raise SaveError(where, f"cannot save: it would not load back ({exc.reason})") from exc
        self._check_replaceable(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, data)
        except OSError as exc:
            raise SaveError(where, f"cannot write the save ({_os_reason(exc)})") from exc
        self._remember(path)

    def _remember(self, path: Path) -> None:
        try:
            st = path.stat()
        except OSError:
            self._known_good.pop(path, None)
            return
        self._known_good[path] = (st.st_size, st.st_mtime_ns)

    def _check_replaceable(self, path: Path) -> None:
        # A file we cannot read may be a save from a newer ascend or one the player can still
        # rescue; overwriting it would destroy it for good.
        where = str(path)
        try:
            st = path.stat()
        except FileNotFoundError:
            return
        except OSError:
            st = None
        if st is not None and self._known_good.get(path) == (st.st_size, st.st_mtime_ns):
            return
        try:
            existing = _read(path)
        except FileNotFoundError:
            return
        except OSError as exc:
            raise SaveError(
                where, f"refusing to overwrite a file that cannot be read ({_os_reason(exc)})"
            ) from exc
        try:
            self.decode(existing, where)
        except SaveError as exc:
            raise SaveError(
                where,
                f"refusing to overwrite a file that is not a readable save ({exc.reason})",
            ) from exc

    def load(self, path: Path) -> Any:
        """Read and check the save at ``path``; every failure is a ``SaveError``."""
        path = Path(path)
        try:
            data = _read(path)
        except OSError as exc:
            raise SaveError(str(path), f"cannot read the file ({_os_reason(exc)})") from exc
        save = self.decode(data, str(path))
        self._remember(path)
        return save

    def delete(self, path: Path) -> None:
        """Remove a save (a finished game); a file already gone is fine."""
        path = Path(path)
        if path.suffix != self.suffix:
            raise SaveError(str(path), f"refusing to delete a file that is not a {self.suffix} "
                                       f"{self.noun}")
        try:
            path.unlink(missing_ok=True)
        except OSError as exc:
            raise SaveError(str(path), f"cannot delete the file ({_os_reason(exc)})") from exc

    def clean_stale_temps(self, now: float | None = None) -> int:
        """Remove temporary files a crashed write left behind (only ours, only old ones);
        returns how many went."""
        now = time.time() if now is None else now
        removed = 0
        try:
            names = os.listdir(self.directory)
        except OSError:
            return 0
        for name in names:
            if not _TEMP.match(name):
                continue
            path = self.directory / name
            try:
                st = path.lstat()
                if stat.S_ISREG(st.st_mode) and now - st.st_mtime > STALE_TEMP_SECONDS:
                    path.unlink()
                    removed += 1
            except OSError:
                continue  # gone already, or not ours to remove
        return removed

    def copy(self, path: Path) -> Path:
        """A copy of the save at ``path`` under a new name (checked like a load first)."""
        save = self.load(path)
        target = self.new_path(self.name_of(save))
        self.write(target, save)
        return target

    def list(self) -> builtins.list[SaveEntry]:
        """Every ``*.ascend`` file, newest first; unreadable ones carry their reason. Each
        file is read and checked in full, one at a time, and only its summary is kept."""
        self.clean_stale_temps()
        try:
            candidates = sorted(self.directory.glob(f"*{self.suffix}"))
        except OSError:
            return []
        entries: builtins.list[SaveEntry] = []
        for path in candidates:
            try:
                if not path.is_file():
                    continue
                modified = path.stat().st_mtime
            except OSError:
                # Deleted or made unreachable between the glob and now: not a save any more.
                continue
            try:
                summary = self.summarize(self.load(path))
            except SaveError as exc:
                entries.append(SaveEntry(path, error=exc.reason, modified=modified))
            else:
                entries.append(SaveEntry(path, summary=summary, modified=modified))
        entries.sort(key=_newest_key, reverse=True)
        return entries


def _newest_key(entry: SaveEntry) -> tuple[float, float, str]:
    # A save's own time survives copying between machines; the file time is only for
    # files we cannot read.
    when = entry.summary.saved_at.timestamp() if entry.summary is not None else entry.modified
    return (when, entry.modified, entry.path.name)
