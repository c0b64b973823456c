"""What the player chose once and the app remembers between runs: the theme, the bots'
pacing and the last New game set-up. No Textual here.

The file is ``settings.json`` in the player's config folder: ``$ASCEND_CONFIG_DIR`` when
set (the SSH host gives each of its users their own, beside their saves), else the
platform's user config folder. A file that is missing, unreadable or not ours is taken as
"nothing chosen yet" (and left alone until the player changes a setting); writes are atomic,
so a crash never leaves half a file.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import platformdirs

ENV_CONFIG_DIR = "ASCEND_CONFIG_DIR"
FILE_NAME = "settings.json"
MAX_FILE_SIZE = 64 * 1024  # a settings file is a few hundred bytes; more is not ours

# Seconds a bot waits after each action, by the name Settings shows.
PACING: dict[str, float] = {"off": 0.0, "quick": 0.15, "watchable": 0.6}
DEFAULT_PACING = "quick"
DEFAULT_THEME = "textual-dark"


def config_dir() -> Path:
    """The folder the settings file lives in (not created here)."""
    override = os.environ.get(ENV_CONFIG_DIR)
    if override:
        return Path(override).expanduser()
    return platformdirs.user_config_path("ascend")


@dataclass
class Preferences:
    """The remembered choices. ``pacing`` is a key of :data:`PACING`, or "" when never
    chosen (then ``$ASCEND_BOT_DELAY`` or the default applies); ``setup``: the last New
    game's choices, as the set-up screen wrote them."""

    theme: str = DEFAULT_THEME
    pacing: str = ""
    setup: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def load(cls, directory: Path | None = None) -> Preferences:
        """The preferences on disk, or the defaults where the file has none (or cannot be
        read: a broken file costs the player their choices, never the app)."""
        path = (directory or config_dir()) / FILE_NAME
        try:
            if path.stat().st_size > MAX_FILE_SIZE:
                return cls()
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, UnicodeDecodeError):
            return cls()
        if not isinstance(raw, dict):
            return cls()
        prefs = cls()
        if isinstance(raw.get("theme"), str) and raw["theme"]:
            prefs.theme = raw["theme"]
        if raw.get("pacing") in PACING:
            prefs.pacing = raw["pacing"]
        if isinstance(raw.get("setup"), dict):
            prefs.setup = raw["setup"]
        return prefs

    def save(self, directory: Path | None = None) -> None:
        """Write the preferences (atomically); OSError when the folder cannot take them."""
        folder = directory or config_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / FILE_NAME
        temp = folder / f".{FILE_NAME}.{os.getpid()}.tmp"
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        try:
            temp.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
            os.replace(temp, path)
        finally:
            with contextlib.suppress(OSError):
                temp.unlink()

    def bot_delay(self, fallback: float) -> float:
        """Seconds per bot action: the pacing chosen in Settings, else ``fallback``."""
        return PACING.get(self.pacing, fallback)


@runtime_checkable
class KeepsPreferences(Protocol):
    """An app that keeps the player's preferences (ascend's own; a test's bare app does not):
    what Settings and New game ask of it, without importing the app that imports them."""

    prefs: Preferences

    def set_pacing(self, name: str) -> None: ...

    def remember(self) -> None: ...


def pacing_name(delay: float) -> str:
    """The pacing a delay is closest to (for showing an ``$ASCEND_BOT_DELAY`` in Settings)."""
    return min(PACING, key=lambda name: abs(PACING[name] - delay))


__all__ = ["DEFAULT_PACING", "DEFAULT_THEME", "ENV_CONFIG_DIR", "PACING", "KeepsPreferences",
           "Preferences", "config_dir", "pacing_name"]
