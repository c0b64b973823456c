"""EmpiresGreedyBot: the best immediate value for Ascending Empires.

Each decision is judged one step deep on a world dealt from its view (``turns``): the
action of the turn by playing it out greedily, a manoeuvre, deploy, build or answer by the
table it leaves, a flick by the straight aim at each goal flown over four nudges of its own,
and each attack by striking it on a copy.
"""

from __future__ import annotations

from dataclasses import replace

from ai.empires.turns import END, Pick, Style, decide
from core.contract import Action
from core.empires.state import State
from core.empires.view import EmpiresView, determinize
from core.rng import Rng

# Turns in a row this bot may find the table as it was a turn before (no VP, piece,
# technology, discovery or mission anywhere) before it plays restless (``Style.restless``).
PATIENCE = 3
# Choices one turn's action may take before the bot ends it: the rules allow any number
# of manoeuvres, and a land and a launch undo each other, so a turn could go on for ever.
TURN_LIMIT = 40


def stillness(s: State) -> tuple[object, ...]:
    """What changes on a table that is getting somewhere."""
    return (s.vp_pool, tuple(p.vp for p in s.players), tuple(sum(p.tech.values())
            for p in s.players), sum(len(loc.pieces) + loc.robots + loc.faceup
                                     for loc in s.locations), str(s.mission_cubes))


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
        self.last: tuple[object, ...] = ()
        self.idle = 0  # turns in a row the table was found as it was
        self.urge = False  # this turn's one restless choice is still to be made
        self.steps = 0  # choices made in this turn's action

    def choose(self, view: EmpiresView, legal: list[Action]) -> Action:
        return self.recommend(view, legal).action

    def recommend(self, view: EmpiresView, legal: list[Action]) -> Pick:
        if view.phase == "choose" and not view.pending:
            now = stillness(view.table)
            self.idle = self.idle + 1 if now == self.last else 0
            self.last = now
            self.urge = self.idle >= PATIENCE
            self.steps = 0
        if view.phase == "act" and not view.pending:
            self.steps += 1
            if self.steps > TURN_LIMIT and END in legal:
                return Pick(END, 0.0)
        if len(legal) == 1:
            return Pick(legal[0], 0.0)
        style = replace(self.style, restless=True) if self.urge else self.style
        pick = decide(determinize(view, self.rng), view.seat, legal, self.rng, style)
        if self.urge and view.phase in ("act", "attack") and pick.action != END and (
                not view.pending):
            # Restless once a turn: a bot restless at every step would take every manoeuvre
            # in turn (land, launch, land...) and never end its turn.
            self.urge = False
        return pick
