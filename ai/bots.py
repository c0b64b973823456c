"""Opponents behind one interface: ``choose(view, legal_actions) -> action``.

A bot sees only a seat's ``view`` and the legal actions, and draws randomness only from its
own named stream, so it never peeks at hidden cards nor disturbs the game's shuffles. Every
game has the random bot; the others come from the game's package (``ai.registry``).
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from ai import registry
from core.contract import Action
from core.rng import Rng

RANDOM = "random"


class Bot(Protocol):
    name: str

    def choose(self, view: Any, legal: list[Action]) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions: the baseline every other bot must beat."""

    name = RANDOM
    uses_view = False
    picks_from_list = True  # returns one of the very actions it was given, unchanged

    def __init__(self, game: str, seed: int = 0) -> None:
        self.rng = Rng.stream(seed, "bot:random")

    def choose(self, view: Any, legal: list[Action]) -> Action:
        return self.rng.choice(legal)


def _game_bots(game: str) -> dict[str, str]:
    try:
        return dict(getattr(registry.package(game), "BOTS", {}))
    except KeyError:
        return {}


def bot_names(game: str) -> list[str]:
    """The bots that play ``game``, strongest-but-cheap first, ``random`` last."""
    return [*_game_bots(game), RANDOM]


def seat_player_names(game: str) -> list[str]:
    """Every name a bot seat may be given for ``game``: its bots, then its levels
    (``ai.levels``: easy, normal, hard)."""
    from ai.levels import level_names

    return [*bot_names(game), *(n for n in level_names(game) if n not in bot_names(game))]


def make_bot(name: str, game: str, seed: int = 0) -> Bot:
    """A new bot by name (a bot's or a level's) for ``game``; a clear error for a name that
    does not play it."""
    if name == RANDOM:
        return RandomBot(game, seed)
    path = _game_bots(game).get(name)
    if path is None:
        from ai.levels import LevelBot, level

        spec = level(game, name)
        if spec is not None:
            return LevelBot(spec, game, seed)
        raise KeyError(f"unknown bot {name!r}; choose from "
                       f"{', '.join(seat_player_names(game))}")
    module, cls = path.split(":")
    bot: Bot = getattr(importlib.import_module(module), cls)(game, seed)
    return bot
