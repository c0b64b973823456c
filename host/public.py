"""The public table: what a spectator may see, and proving it shows no hidden card.

The game contract's ``view(state, seat)`` is per seat; a spectator is a seat at no table,
``SPECTATOR`` (-1): every game's view of it hides every hand. Whether a game keeps to that
is checked here without naming one: re-deal everything some seat cannot see (the
contract's ``determinize`` of that seat's view) and the public view must not change. A
game or mode whose public view fails the check is not offered to spectators at all.
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

from core.contract import SPECTATOR
from core.games import get_game
from core.rng import Rng

# A re-deal can, by chance, deal a hand as it was; a few of them per seat make a hand shown
# to spectators all but certain to be caught.
REDEALS = 2
PROBE_STEPS = 60
PROBE_SEED = 20_261_201


def public_view(module: ModuleType, state: Any) -> Any:
    """The table as a spectator may see it."""
    return module.view(state, SPECTATOR)


def shows_hidden(module: ModuleType, state: Any, seed: int = 0, redeals: int = REDEALS) -> bool:
    """True when the public view of ``state`` changes once what some seat cannot see is
    dealt again: it shows a card that seat may not see."""
    public = public_view(module, state)
    for seat in range(int(state.options["players"])):
        seen = module.view(state, seat)
        for k in range(redeals):
            world = module.determinize(seen, Rng.stream(seed, f"public:{seat}:{k}"))
            if public_view(module, world) != public:
                return True
    return False


def mode_key(options: dict[str, Any]) -> str:
    """The options that decide what a seat sees (everything but names, seats and bots)."""
    kept = {k: v for k, v in options.items() if k not in ("names", "seats")}
    return repr(sorted(kept.items(), key=lambda kv: kv[0]))


def watchable(game: str, options: dict[str, Any]) -> bool:
    """Whether tables of ``game`` with these options may be watched: a random game of them
    never shows a spectator a card some seat cannot see (found once per mode, then kept)."""
    key = (game, mode_key(options))
    if key not in _PROBED:
        _PROBED[key] = _probe(get_game(game), options)
    return _PROBED[key]


_PROBED: dict[tuple[str, str], bool] = {}


def _probe(module: ModuleType, options: dict[str, Any]) -> bool:
    state = module.new_game(dict(options), PROBE_SEED)
    pick = random.Random(PROBE_SEED)
    for step in range(PROBE_STEPS):
        if shows_hidden(module, state, seed=step, redeals=3):
            return False
        legal = module.legal_actions(state)
        if not legal:
            break
        module.apply(state, pick.choice(legal))
    return True
