"""Fixtures for the Ascension engine tests; the helper functions live in ascension_helpers."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from ascension_helpers import check, clear_hand, new

from core.ascension.state import State


@pytest.fixture
def game() -> Iterator[Callable[..., State]]:
    """Make games with seat 0's hand moved under its deck; every one is checked at teardown."""
    made: list[State] = []

    def make(players: int = 2, edition: int = 1, seed: int = 7, **options: object) -> State:
        s = new(players, seed, edition=edition, **options)
        clear_hand(s, 0)
        made.append(s)
        return s

    yield make
    for s in made:
        check(s)
