"""What one Villain command is decided over, read off the board once: the cells the Villain
can end on (and what reaching each costs), the hero units in range from each, its Strength
on each, the heroes' Defense, and where its objective token lies.

The geometry and arithmetic come from the rules engine's own definitions
(``core.tactics.villain``: ``reachable``, ``in_range``, ``strength_on``), so the CP-SAT
model of the procedure (:mod:`ai.tactics.villain_model`) and the Boss bot's search
(:mod:`ai.tactics.boss`) decide over exactly the positions the engine would allow.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.tactics import combat
from core.tactics.board import SHRINE
from core.tactics.state import DOUBLE, State
from core.tactics.villain import in_range, reachable, strength_on, token_cell


@dataclass(frozen=True)
class VillainFrame:
    """One Villain's options this command. ``cells`` ascending, ``here`` among them;
    per cell (same order): ``cost`` movement points, ``dist`` hex distance to the token's
    cell, ``hits`` Strength there times its attacks, ``reach`` hero units in range there
    (ascending). ``targets`` every hero unit in range of some cell, ascending, with its
    ``defense`` now and ``remaining`` Defense (minus the damage taken this turn)."""

    unit: int
    here: int
    goal: int  # the token's cell; -1 for a Villain Cultist (no token: every ``dist`` 0)
    cells: tuple[int, ...]
    cost: tuple[int, ...]
    dist: tuple[int, ...]
    hits: tuple[int, ...]
    reach: tuple[tuple[int, ...], ...]
    targets: tuple[int, ...]
    defense: dict[int, int]
    remaining: dict[int, int]
    score_allowed: bool  # rule 2 may apply: not the Boss's game and the token on a shrine

    @property
    def here_index(self) -> int:
        return self.cells.index(self.here)

    def defeats(self, i: int, t: int) -> bool:
        """Whether from ``cells[i]`` the Villain can defeat hero unit ``t``."""
        return t in self.reach[i] and self.hits[i] >= self.remaining[t]


def frame(s: State, u: int) -> VillainFrame:
    """The frame of Villain ``u``'s command (it must stand on the battlefield)."""
    here = s.units[u].cell
    assert here >= 0, "a Villain off the battlefield is not commanded"
    v = s.villain
    assert v is not None
    # A Villain Cultist holds no token (the Boss player may still command one): no goal.
    goal = token_cell(s, u) if v.kind_of(s.units[u].card) >= 0 else -1
    times = 2 if combat.keywords(s, u) & DOUBLE else 1
    moves = reachable(s, u)
    cells = tuple(sorted(moves))
    reach = tuple(tuple(sorted(in_range(s, u, c))) for c in cells)
    targets = tuple(sorted({t for r in reach for t in r}))
    return VillainFrame(
        unit=u, here=here, goal=goal, cells=cells,
        cost=tuple(moves[c] for c in cells),
        dist=tuple(s.map.distance(c, goal) if goal >= 0 else 0 for c in cells),
        hits=tuple(strength_on(s, u, c) * times for c in cells),
        reach=reach, targets=targets,
        defense={t: combat.defense(s, t) for t in targets},
        remaining={t: combat.defense(s, t) - s.units[t].damage for t in targets},
        score_allowed=(v.boss_seat < 0 and goal >= 0 and s.terrain[goal] == SHRINE
                       and s.map.distance(here, goal) <= 1),
    )


__all__ = ["VillainFrame", "frame"]
