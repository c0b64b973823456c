"""Fixtures for the whole test tree: the counter game, registered as a real game is.

This folder is on ``sys.path`` while the tests run (pytest puts a conftest's folder there),
so ``import counter_game`` finds the test game's package.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import counter_game
import pytest
from counter_game import rules

import core.games


@pytest.fixture(autouse=True)
def private_settings(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
                     ) -> None:
    """No test reads or writes the player's own settings (the last New game, the theme):
    each test starts from none, in a folder of its own."""
    monkeypatch.setenv("ASCEND_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))


@pytest.fixture
def counter_registered() -> Iterator[ModuleType]:
    """The counter game with its row in each layer's registry (``core.games``,
    ``ai.registry``, ``tui.games``) for the length of the test; yields its rules module."""
    # Imported here, so a test of the rules alone loads neither the bots nor Textual.
    import ai.registry
    import tui.games

    undo = [
        core.games.register(counter_game.INFO),
        ai.registry.GAMES.register(counter_game.NAME, counter_game.AI_PACKAGE),
        tui.games.GAMES.register(counter_game.NAME, counter_game.TUI_PACKAGE),
    ]
    yield rules
    for put_back in reversed(undo):
        put_back()
