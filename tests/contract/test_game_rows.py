"""Adding a game is one package per layer and one row per registry: every playable game in
``core.games`` has its row in ``ai.registry`` and ``tui.games``, and each row leads to what
the layer needs (the test game, registered by the fixture, included)."""

from __future__ import annotations

import importlib
import inspect
from types import ModuleType

import pytest
from contract_helpers import CONTRACT_GAMES

import ai.registry
import tui.games
from ai.bots import RANDOM, bot_names, make_bot
from core.contract import GameModule
from core.games import game_names, get_game, info
from tui.screens.end import Results
from tui.screens.table import TableScreen

# What a rules module must offer: every function of the contract, and its NAME.
CONTRACT_FUNCTIONS = sorted(name for name, member in vars(GameModule).items()
                            if callable(member) and not name.startswith("_"))


def test_the_contract_functions_are_found() -> None:
    assert {"new_game", "legal_actions", "why_illegal", "apply", "outcome", "view",
            "determinize", "describe", "turn_number", "checksum", "snapshot",
            "restore"} <= set(CONTRACT_FUNCTIONS)


def test_the_three_lists_name_the_same_games(counter_registered: ModuleType) -> None:
    assert "counter" in game_names()
    assert set(game_names()) == set(ai.registry.GAMES) == set(tui.games.GAMES)


@pytest.mark.parametrize("name", CONTRACT_GAMES)
def test_a_game_row_names_rules_that_keep_the_contract(name: str,
                                                        counter_registered: ModuleType
                                                        ) -> None:
    module = get_game(name)
    assert name == module.NAME
    missing = [f for f in CONTRACT_FUNCTIONS if not callable(getattr(module, f, None))]
    assert missing == []
    low, high = info(name).players
    assert 1 <= low <= high


@pytest.mark.parametrize("name", CONTRACT_GAMES)
def test_a_game_ai_row_gives_bots_that_play_it_and_a_hint(name: str,
                                                          counter_registered: ModuleType
                                                          ) -> None:
    package = ai.registry.package(name)
    assert package.BOTS and callable(package.hint)
    assert bot_names(name) == [*package.BOTS, RANDOM]
    for bot in bot_names(name):
        made = make_bot(bot, name, seed=1)
        assert made.name == bot and callable(made.choose)


@pytest.mark.parametrize("name", CONTRACT_GAMES)
def test_a_game_tui_row_gives_a_whole_table_screen(name: str,
                                                   counter_registered: ModuleType) -> None:
    row = tui.games.ui(name)
    module, cls = row.table.split(":")
    table = getattr(importlib.import_module(module), cls)
    assert issubclass(table, TableScreen)
    assert not inspect.isabstract(table), f"{row.table} leaves a hook of TableScreen out"
    assert isinstance(row.results, Results) and row.turn_word
