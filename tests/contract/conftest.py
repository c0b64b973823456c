"""The contract suite's fixture: each game of the list in turn, the test game registered."""

from __future__ import annotations

from types import ModuleType

import pytest
from contract_helpers import CONTRACT_GAMES, Game


@pytest.fixture(params=CONTRACT_GAMES)
def game(request: pytest.FixtureRequest, counter_registered: ModuleType) -> Game:
    """A game of the list (and the test game), looked up through ``core.games`` as the app,
    the saves and the replays look games up."""
    return Game.named(request.param)
