"""What the contract suite plays with: every game in the list, set-ups drawn from a game's
own row, and random walks that keep their record.

Nothing here names a game's rules: a game is its row in ``core.games`` and the module that
row names, so the same tests hold every game to the contract, the test game included.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import counter_game
import msgpack
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from core.contract import Action
from core.games import GameInfo, game_names, get_game, info, set_option
from core.rng import Rng

# Every playable game, and the test game (registered for each test by a fixture).
CONTRACT_GAMES = [*game_names(), counter_game.NAME]

# A random game that has not ended after this many actions never will (the longest random
# games, Ascension with a 400-token Honor pool, take about 3,500).
MAX_ACTIONS = 20_000

# Seeds as the app makes them (32 bits).
SEEDS = st.integers(0, 2**32 - 1)

# The registration fixture lasts the whole test, which is what every example needs.
CONTRACT = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                          HealthCheck.too_slow])


@dataclass(frozen=True, repr=False)
class Game:
    """A game under test: its row and its rules module."""

    name: str
    row: GameInfo
    module: ModuleType

    def __repr__(self) -> str:
        return f"Game({self.name!r})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # How hypothesis prints a failing example: the game's name, not its whole row.
        printer.text(repr(self))

    @classmethod
    def named(cls, name: str) -> Game:
        return cls(name, info(name), get_game(name))


@st.composite
def setups(draw: st.DrawFn, row: GameInfo) -> dict[str, Any]:
    """Options as the New game screen makes them: a player count in the game's range and a
    value for each of its settings among those open given the ones before."""
    low, high = row.players
    options: dict[str, Any] = {"players": draw(st.integers(low, high))}
    for spec in row.settings:
        if not spec.applies_to(options):
            continue  # hidden on the screen, left out of the options
        # "" stands for "nothing fits" (the set-up screen leaves such a setting out).
        values = [value for value, _ in spec.choices(options) if value != ""]
        if values:
            set_option(options, spec.path, draw(st.sampled_from(values)))
    return options


def packed(data: Any) -> Any:
    """``data`` after a trip through msgpack, as a save file carries it."""
    return msgpack.unpackb(msgpack.packb(data), strict_map_key=False)


@dataclass
class Walk:
    """A game played by uniformly random legal actions, with its record: the actions, the
    checksum after each, and every action kind the game has offered so far."""

    game: Game
    options: dict[str, Any]
    seed: int
    state: Any = field(init=False)
    rng: Rng = field(init=False)
    actions: list[Action] = field(default_factory=list)
    checksums: list[int] = field(default_factory=list)
    kinds: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.state = self.game.module.new_game(self.options, self.seed)
        self.rng = Rng.stream(self.seed, "contract")

    @property
    def over(self) -> bool:
        return self.state.to_move is None

    def legal(self) -> list[Action]:
        """The legal actions now (their kinds are remembered)."""
        legal = self.game.module.legal_actions(self.state)
        self.kinds.update(a.kind for a in legal)
        return legal

    def step(self) -> Action:
        """Play one random legal action and record it."""
        action = self.rng.choice(self.legal())
        self.game.module.apply(self.state, action)
        self.actions.append(action)
        self.checksums.append(self.game.module.checksum(self.state))
        return action

    def walk(self, steps: int) -> Walk:
        """Play up to ``steps`` actions (fewer if the game ends)."""
        for _ in range(steps):
            if self.over:
                break
            self.step()
        return self

    def finish(self) -> Walk:
        """Play to the end; fail a game that does not end within MAX_ACTIONS."""
        while not self.over:
            assert len(self.actions) < MAX_ACTIONS, "a random game does not end"
            self.step()
        return self


def play_on(module: ModuleType, state: Any, rng: Rng, steps: int) -> int:
    """Play up to ``steps`` random legal actions on ``state``; how many were played."""
    played = 0
    while played < steps and state.to_move is not None:
        module.apply(state, rng.choice(module.legal_actions(state)))
        played += 1
    return played
