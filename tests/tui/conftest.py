"""Shared fixtures for the app tests: a private save folder and bots that do not pause."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def save_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Saves (and settings) go to a temporary folder; bots move without the human-friendly
    pause."""
    monkeypatch.setenv("ASCEND_SAVE_DIR", str(tmp_path))
    monkeypatch.setenv("ASCEND_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ASCEND_BOT_DELAY", "0")
    return tmp_path

