"""EmpiresGreedyBot: the best immediate value for Ascending Empires.

Each decision is judged one step deep on a world dealt from its view (``turns``): the
action of the turn by playing it out greedily, a manoeuvre, deploy, build or answer by the
table it leaves, a flick by the straight aim at each goal flown over four nudges of its own,
and each attack by striking it on a copy.
"""

from __future__ import annotations

from ai.empires.turns import Pick, Style, decide
from core.contract import Action
from core.empires.view import EmpiresView, determinize
from core.rng import Rng


class EmpiresGreedyBot:
    name = "greedy"
    style = Style()
    stream = "bot:empires-greedy"

    def __init__(self, game: str = "empires", seed: int = 0) -> None:
        if game != "empires":
            raise ValueError(f"the Empires {self.name} bot plays Ascending Empires only, "
                             f"not {game!r}")
        self.game = game
        self.rng = Rng.stream(seed, self.stream)

    def choose(self, view: EmpiresView, legal: list[Action]) -> Action:
        return self.recommend(view, legal).action

    def recommend(self, view: EmpiresView, legal: list[Action]) -> Pick:
        if len(legal) == 1:
            return Pick(legal[0], 0.0)
        world = determinize(view, self.rng)
        return decide(world, view.seat, legal, self.rng, self.style)
