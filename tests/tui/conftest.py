"""Shared fixtures for the app tests: a private save folder and bots that do not pause."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot


@pytest.fixture
def save_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Saves go to a temporary folder; bots move without the human-friendly pause."""
    monkeypatch.setenv("ASCEND_SAVE_DIR", str(tmp_path))
    monkeypatch.setenv("ASCEND_BOT_DELAY", "0")
    return tmp_path


async def wait_until(pilot: Pilot[None], done: Callable[[], bool], what: str) -> None:
    """Let the app run (workers, messages) until ``done()``; fail naming ``what`` if it
    never comes."""
    for _ in range(400):
        if done():
            return
        await pilot.pause(0.01)
        await pilot.app.workers.wait_for_complete()
    notes = [n.message for n in pilot.app._notifications]
    raise AssertionError(f"never happened: {what} (notices: {notes})")
