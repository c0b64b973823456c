"""Helpers for the app tests (a module of its own: several folders have a conftest.py)."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot


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
