"""Fixtures for the host: a table service in a thread of its own, with clients."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from service_thread import ServiceThread


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[Callable[[], ServiceThread]]:
    """Start table services on one folder (a second one is a host restarted)."""
    started: list[ServiceThread] = []

    def start() -> ServiceThread:
        service = ServiceThread(tmp_path / "tables")
        started.append(service)
        return service

    yield start
    for service in started:
        if not service.loop.is_closed():
            service.stop()
