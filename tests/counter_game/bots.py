"""The counter game's bots and hint (its row in ``ai.registry`` names this module).

The game is solved: a seat that leaves the counter a multiple of ADD_LIMIT + 1 short of the
target wins, because whatever the other adds, it can restore that gap. The greedy bot and
the hint play exactly that.
"""

from __future__ import annotations

from typing import Any

from ai.hint import Hint
from core.contract import Action
from core.rng import Rng
from counter_game import rules

# name -> "module:Class", strongest first; every class takes (game, seed).
BOTS = {"greedy": "counter_game.bots:GreedyBot"}


def winning_add(view: Any) -> int | None:
    """The add that leaves the other seat a lost position; None when every add loses."""
    gap = (view.target - view.total) % (rules.ADD_LIMIT + 1)
    return gap or None


class GreedyBot:
    """Plays the winning add whenever there is one, a random add otherwise."""

    name = "greedy"

    def __init__(self, game: str, seed: int = 0) -> None:
        self.rng = Rng.stream(seed, "bot:greedy")

    def choose(self, view: Any, legal: list[Action]) -> Action:
        """The winning add, or any legal one while no add wins."""
        n = winning_add(view)
        if n is not None and Action("add", n) in legal:
            return Action("add", n)
        return self.rng.choice(legal)


def hint(view: Any, legal: list[Action]) -> Hint:
    """The winning add and why it wins; the smallest add when none does (ValueError when
    there is nothing to decide)."""
    if not legal:
        raise ValueError("there is no decision to hint")
    n = winning_add(view)
    step = rules.ADD_LIMIT + 1
    if n is None or Action("add", n) not in legal:
        action = legal[0]
        reason = (f"no add wins by force: {view.target - view.total} to go is a multiple of "
                  f"{step}; add {action.card} and wait for a slip")
    else:
        action = Action("add", n)
        left = view.target - view.total - n
        reason = (f"add {n} to reach the target and win" if left == 0 else
                  f"add {n}: {left} to go is a multiple of {step}, so whatever they add, "
                  f"you can make it one again")
    return Hint(action, reason, (action,))
