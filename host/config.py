"""The host's settings and where it keeps things in its data folder."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DEFAULT_PORT = 2222


@dataclass(frozen=True)
class HostConfig:
    """``ascend serve``'s settings (``port`` 0: any free port, for tests)."""

    data: Path
    host: str = "0.0.0.0"
    port: int = DEFAULT_PORT
    open_registration: bool = False
    max_sessions: int = 64
    idle_timeout: float = 30 * 60.0
    idle_warning: float = 60.0
    bot_delay: float = 0.4
    shutdown_grace: float = 10.0

    @property
    def host_key(self) -> Path:
        return self.data / "host_key"

    @property
    def tables(self) -> Path:
        return self.data / "tables"

    @property
    def logs(self) -> Path:
        return self.data / "logs"

    def user_saves(self, name: str) -> Path:
        return self.data / "users" / name / "saves"

    def user_config(self, name: str) -> Path:
        """Where the user's app keeps its settings (theme, pacing, last New game)."""
        return self.data / "users" / name / "config"
