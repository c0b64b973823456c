"""Choosing a flick: for a goal (a location's orbit, a ram on a rival ship or warship, or
simply staying on the map), search angle × power over the physics and score each aim by its
chance of success under the table's steadiness.

The nudges are drawn from the bot's own generator with the game's own spread
(``core.empires.aim.spread`` and ``nudge``), never from the game's; one set of nudges is
shared by every aim tried in a search, so two aims are compared on the same luck. The search
starts from the straight aim (``offers.straight``), samples around it and refines by the
cross-entropy method: keep the best few, re-centre and narrow, sample again. Only the
physics runs (``physics.simulate`` on the table's discs), never the rules, so a search costs
a few hundred simulations and leaves the state untouched.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import isqrt

from core.empires.aim import Aim, nudge, spread
from core.empires.fixedtrig import TURN
from core.empires.flight import board
from core.empires.geometry import starmap
from core.empires.offers import straight
from core.empires.physics import Disc, simulate
from core.empires.placing import location_discs
from core.empires.rules import AIM_SCALE
from core.empires.sliding import MAX_POWER
from core.empires.solo_state import HEART_ID, heart_discs
from core.empires.state import State
from core.empires.technology import advanced_name
from core.rng import Rng

ORBIT, RAM, STAY = "orbit", "ram", "stay"
LOST = "lost"


@dataclass(frozen=True)
class Goal:
    """What a flick is for: ``orbit`` of location ``target``, a ``ram`` on disc ``target``,
    or to ``stay`` on the map (target -1)."""

    kind: str
    target: int = -1


@dataclass(frozen=True)
class Landing:
    """Where one flick ended: in the orbit of location ``where`` (-1: of none), a ram on disc
    ``where``, or lost (off the map, or on a mine)."""

    kind: str  # ORBIT, RAM or LOST
    where: int = -1
    x: int = 0  # where the ship came to rest (ORBIT)
    y: int = 0


@dataclass(frozen=True)
class Shot:
    """An aim and how it fares over the sampled nudges."""

    aim: Aim
    goal: Goal
    chance: float  # of reaching the goal
    lost: float  # of losing the ship
    landings: tuple[Landing, ...]

    @property
    def option(self) -> int:
        """The flick action's option: angle * AIM_SCALE + power."""
        return self.aim.angle * AIM_SCALE + self.aim.power


@dataclass(frozen=True)
class Budget:
    """How hard a search looks: nudges per aim, aims per round, rounds, elites kept."""

    nudges: int = 8
    aims: int = 6
    rounds: int = 2
    elites: int = 3


QUICK = Budget(nudges=4, aims=1, rounds=1, elites=1)  # the straight aim only
FULL = Budget()


class Table:
    """The discs a flick meets, fixed for one decision, and the physics run over them."""

    def __init__(self, s: State) -> None:
        self.discs: list[Disc] = board(s)
        self.map = starmap()
        self.steadiness = str(s.options.get("steadiness", "normal"))
        self.heart = bool(heart_discs(s.solo))

    def fly(self, ship: int, angle: int, power: int) -> Landing:
        result = simulate(self.discs, ship, angle, power, half_width=self.map.half_width,
                          orbit=self.map.orbit, can_ram=advanced_name(ship) != "juggernaut")
        for h in result.hits:
            if h.disc == ship and h.kind == RAM:
                return Landing(RAM, h.other)
        # A ship that strikes the Heart of the Builders (solo scenario 6) is destroyed: lost
        # to the search like one off the map, and the Heart is no orbit to reach.
        if ship in result.removed or self.heart and any(
                h.disc == ship and h.kind == "bounce" and h.other == HEART_ID
                for h in result.hits):
            return Landing(LOST)
        where = [i for i in result.orbits.get(ship, ()) if i != HEART_ID or not self.heart]
        rest = result.disc(ship)
        return Landing(ORBIT, where[0] if where else -1, rest.x, rest.y)

    def nudges(self, rng: Rng, count: int) -> list[tuple[int, int]]:
        """``count`` nudges of (angle, power) with the table's spread, from ``rng``; the one
        nudge (0, 0) when flicks are exact."""
        da, dp = spread(self.steadiness)
        if da == 0 and dp == 0:
            return [(0, 0)]
        return [(nudge(da, rng), nudge(dp, rng)) for _ in range(count)]


def reached(goal: Goal, landing: Landing) -> bool:
    if goal.kind == ORBIT:
        return landing.kind == ORBIT and landing.where == goal.target
    if goal.kind == RAM:
        return landing.kind == RAM and landing.where == goal.target
    return landing.kind != LOST


def trial(table: Table, ship: int, aim: Aim, goal: Goal,
          nudges: Sequence[tuple[int, int]]) -> Shot:
    """``aim`` flown once per nudge: its chance of reaching ``goal`` and of being lost."""
    landings = []
    for da, dp in nudges:
        power = min(MAX_POWER, max(1, aim.power + dp))
        landings.append(table.fly(ship, (aim.angle + da) % TURN, power))
    n = len(landings)
    hits = sum(1 for x in landings if reached(goal, x))
    lost = sum(1 for x in landings if x.kind == LOST)
    return Shot(aim, goal, hits / n, lost / n, tuple(landings))


def straight_aim(s: State, ship: Disc, goal: Goal) -> Aim:
    """The first guess: straight at the goal, hard enough to just get there."""
    if goal.kind == ORBIT:
        loc = location_discs()[goal.target]
        option = straight(loc.x - ship.x, loc.y - ship.y, starmap().orbit)
    elif goal.kind == RAM:
        other = next(d for d in s.discs if d.id == goal.target)
        option = straight(other.x - ship.x, other.y - ship.y, -other.r)
    else:
        option = straight(-ship.x, -ship.y, isqrt(ship.x * ship.x + ship.y * ship.y) - 1)
    return Aim(option // AIM_SCALE, option % AIM_SCALE)


def _score(shot: Shot) -> tuple[float, int, int]:
    # Success first, then fewer losses; a complete tie-break on the aim itself.
    return (shot.chance - 0.5 * shot.lost, -shot.aim.power, -shot.aim.angle)


def search(s: State, ship: int, goal: Goal, rng: Rng, budget: Budget = FULL,
           table: Table | None = None) -> Shot:
    """The best aim found for flicking ``ship`` towards ``goal``: sampling around the
    straight aim, refined by cross-entropy rounds, each aim scored over the same nudges
    drawn from ``rng`` (the bot's own generator)."""
    table = table or Table(s)
    disc = next(d for d in s.discs if d.id == ship)
    first = straight_aim(s, disc, goal)
    nudges = table.nudges(rng, budget.nudges)
    best = trial(table, ship, first, goal, nudges)
    centre_a, centre_p = float(first.angle), float(first.power)
    width_a, width_p = 150.0, max(15.0, first.power * 0.08)
    for _ in range(budget.rounds if budget.aims > 1 else 0):
        shots = [best] + [trial(table, ship, _sample(rng, centre_a, width_a, centre_p, width_p),
                                goal, nudges) for _ in range(budget.aims)]
        shots.sort(key=_score, reverse=True)
        best = shots[0]
        if best.chance >= 1.0 and best.lost == 0.0:
            break
        elites = shots[:budget.elites]
        centre_a = _circular_mean([x.aim.angle for x in elites], best.aim.angle)
        centre_p = sum(x.aim.power for x in elites) / len(elites)
        width_a = max(10.0, _spread([_unwrap(x.aim.angle, centre_a) for x in elites]) * 1.5)
        width_p = max(3.0, _spread([float(x.aim.power) for x in elites]) * 1.5)
    return best


def _sample(rng: Rng, a: float, wa: float, p: float, wp: float) -> Aim:
    ia, ip = max(1, int(wa)), max(1, int(wp))
    angle = (int(a) + rng.below(2 * ia + 1) - ia) % TURN
    power = min(MAX_POWER, max(1, int(p) + rng.below(2 * ip + 1) - ip))
    return Aim(angle, power)


def _unwrap(angle: int, around: float) -> float:
    d = (angle - around + TURN / 2) % TURN - TURN / 2
    return around + d


def _circular_mean(angles: list[int], around: int) -> float:
    return sum(_unwrap(a, around) for a in angles) / len(angles) % TURN


def _spread(values: list[float]) -> float:
    mean = sum(values) / len(values)
    return (sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5
