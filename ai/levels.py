"""Bot levels: the names a player picks in New game ("Bot: Easy", "Bot: Normal", "Bot: Hard").

A level is one of the game's bots with its search budget, and a share of its decisions
played at random instead ("slips", how a level is made weaker than the bot under it). A
game's package (``ai.registry``) may list its own ``LEVELS``, weakest first; a game that
lists none gets the default: its first bot with slips, its first bot, its second bot. The
levels are ordered by strength, measured by ``bench/bot_levels.py``.

Levels are not the Villains' difficulty in Ascension Tactics (Standard / Hard / Nightmare):
that setting changes the game; a level only changes who plays a seat. The app always says
"Bot: Hard", never "Hard" alone.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ai import registry
from core.contract import Action
from core.rng import Rng

# The share of decisions an Easy bot plays at random: enough that a new player wins often,
# few enough that it still plays the game (it buys, it fights, it ends its turns).
EASY_SLIPS = 0.4


@dataclass(frozen=True)
class Level:
    """One level: ``key`` is its name in saves and on the command line (``easy``), ``label``
    what the screen shows after "Bot: "; ``bot`` the bot that plays it, made with ``budget``
    (keyword arguments of the bot's class: its search budget); ``slips`` the share of
    decisions played at random instead."""

    key: str
    label: str
    bot: str
    slips: float = 0.0
    budget: Mapping[str, Any] = field(default_factory=dict)
    note: str = ""


def default_levels(bots: list[str]) -> tuple[Level, ...]:
    """The levels of a game that lists none, from its bots (strongest-but-cheap first)."""
    first = bots[0]
    if first == "random":  # no bot of its own yet: the one level there is
        return (Level("normal", "Normal", first, note="random moves"),)
    out = [Level("easy", "Easy", first, EASY_SLIPS, note=f"{first}, with slips"),
           Level("normal", "Normal", first, note=first)]
    if len(bots) > 1 and bots[1] != "random":
        out.append(Level("hard", "Hard", bots[1], note=bots[1]))
    return tuple(out)


def levels(game: str) -> tuple[Level, ...]:
    """The levels of ``game``, weakest first."""
    from ai.bots import _game_bots

    try:
        own = getattr(registry.package(game), "LEVELS", None)
    except KeyError:
        own = None
    if own:
        return tuple(own)
    return default_levels([*_game_bots(game), "random"])


def level(game: str, key: str) -> Level | None:
    """The level ``key`` of ``game`` (None when it has no such level)."""
    return next((lv for lv in levels(game) if lv.key == key), None)


def level_names(game: str) -> list[str]:
    """The keys of ``game``'s levels, weakest first."""
    return [lv.key for lv in levels(game)]


def default_level(game: str) -> Level:
    """The level a new bot seat starts at: Normal where the game has it, else the first."""
    return level(game, "normal") or levels(game)[0]


def level_of_bot(game: str, bot: str) -> Level | None:
    """The level a plain bot name plays as (``greedy`` -> Normal), for a remembered set-up
    that named a bot: the level with that bot and no slips."""
    return next((lv for lv in levels(game) if lv.bot == bot and not lv.slips), None)


class LevelBot:
    """A level's bot: its decisions, except a ``slips`` share played at random.

    The slips draw from the bot's own stream when it keeps one (so a save that restores
    ``rng`` restores them too), else from a stream of the level's own; they never touch the
    game's.
    """

    def __init__(self, spec: Level, game: str, seed: int = 0) -> None:
        module, cls = _bot_path(spec.bot, game).split(":")
        self.level = spec
        self.name = spec.key
        self.inner: Any = getattr(importlib.import_module(module), cls)(game, seed,
                                                                        **dict(spec.budget))
        self.uses_view = getattr(self.inner, "uses_view", True)
        self.picks_from_list = getattr(self.inner, "picks_from_list", False) and not spec.slips
        self._own_rng = None if isinstance(getattr(self.inner, "rng", None), Rng) else \
            Rng.stream(seed, f"bot:level:{spec.key}")

    @property
    def rng(self) -> Rng:
        """The stream the slips (and the bot, if it has one) draw from."""
        return self._own_rng if self._own_rng is not None else self.inner.rng

    @rng.setter
    def rng(self, value: Rng) -> None:
        if self._own_rng is not None:
            self._own_rng = value
        else:
            self.inner.rng = value

    def choose(self, view: Any, legal: list[Action]) -> Action:
        if self.level.slips and len(legal) > 1 \
                and self.rng.below(1_000_000) < self.level.slips * 1_000_000:
            return self.rng.choice(legal)
        action: Action = self.inner.choose(view, legal)
        return action


def _bot_path(name: str, game: str) -> str:
    from ai.bots import RANDOM, _game_bots

    if name == RANDOM:
        return "ai.bots:RandomBot"
    path = _game_bots(game).get(name)
    if path is None:
        raise KeyError(f"the level's bot {name!r} does not play {game}")
    return path


__all__ = ["EASY_SLIPS", "Level", "LevelBot", "default_level", "default_levels", "level",
           "level_names", "level_of_bot", "levels"]
