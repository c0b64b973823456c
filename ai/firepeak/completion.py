"""Can the open Positions of a Firepeak pattern still be filled together? A CP-SAT model.

The table score of :mod:`ai.firepeak.table_score` judges each open Position on its own: is
there a creature still to come that fits it? That misses what the planner most needs to weigh when
it places a creature now rather than keeping a spot open: the open Positions compete for the
same few creatures, and a Position's Leader that is itself still open has to be filled by a
creature strong enough for the Position below it. This model answers the joint question:

* a Boolean ``y[q, k]`` for each open Position ``q`` and each *kind* ``k`` (Clan, printed
  Power) of creature still to come that could stand there; at most one kind per Position;
* no more creatures of a kind than are still to come (Recruitment deck and own Dungeon);
* the Leader rule and the Power rule against the Leaders, whether they are in the pattern
  now or filled by the plan, with every Position's bonus (Wizard Clan, auras, circle);
* the Clan rule between neighbours, planned or present.

It maximises, first, how many open Positions the plan fills, then how common the kinds it
relies on are (a plan built on the last Troll in the deck is a fragile one). The answer is
the optimum's value, which is unique, so no tie-break between equal plans is needed. Solved
with a fixed seed and one worker; OR-Tools is imported on first use.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ai.cp_solver import fixed_solver
from core.firepeak.pattern import ADJACENT, CLANS, LEADERS, OPPOSING, SIZE, WIZARD

TIME_LIMIT = 5.0  # a safety net: these models solve in a few milliseconds
BIG = 64  # exceeds any Power a pattern can hold, to switch the Power rule off when unused
COMMON = 4  # a kind with this many copies still to come counts as "common"
FILL_WEIGHT = SIZE * COMMON + 1  # one more Position filled beats any gain in commonness

_LEAD = tuple(tuple(q for q in LEADERS[p] if q != WIZARD) for p in range(SIZE))
_FOE = tuple(CLANS.index(OPPOSING[c]) for c in CLANS)


@dataclass(frozen=True, slots=True)
class Completion:
    """How far the open Positions can be filled together by the creatures still to come."""

    open: int  # open Positions
    fillable: int  # the most of them one plan fills
    commonness: int  # how common the plan's kinds are (sum of min(copies, COMMON))

    @property
    def stuck(self) -> int:
        """Open Positions no plan can fill alongside the others."""
        return self.open - self.fillable


def completion(clans: Sequence[int], powers: Sequence[int], counts: Sequence[Sequence[int]],
               bonus: Sequence[Sequence[int]]) -> Completion:
    """The joint completion of one pattern.

    ``clans[q]`` is the Clan index of the creature at ``q`` or -1 when open, ``powers[q]``
    its effective Power; ``counts[clan][power]`` the creatures still to come by printed
    Power (0–4); ``bonus[clan][q]`` what a new creature of that Clan gains at ``q``.
    """
    key = (tuple(clans), tuple(powers), tuple(tuple(r) for r in counts),
           tuple(tuple(r) for r in bonus))
    return _solve(*key)


@lru_cache(maxsize=4096)
def _solve(clans: tuple[int, ...], powers: tuple[int, ...], counts: tuple[tuple[int, ...], ...],
           bonus: tuple[tuple[int, ...], ...]) -> Completion:
    open_ = [q for q in range(SIZE) if clans[q] < 0]
    if not open_:
        return Completion(0, 0, 0)
    kinds = [(c, p) for c in range(len(CLANS)) for p in range(1, 5) if counts[c][p] > 0]
    options = {q: [k for k, (c, p) in enumerate(kinds) if _may_stand(q, c, p, clans, powers,
                                                                      bonus)]
               for q in open_}
    if not any(options.values()):
        return Completion(len(open_), 0, 0)

    from ortools.sat.python import cp_model

    m = _model_class()()
    y = {(q, k): m.new_bool_var(f"y{q}_{k}") for q in open_ for k in options[q]}
    filled = {q: sum(y[q, k] for k in options[q]) for q in open_}
    for q in open_:
        if options[q]:
            m.add_at_most_one([y[q, k] for k in options[q]])
    for k, (c, p) in enumerate(kinds):
        users = [y[q, k] for q in open_ if (q, k) in y]
        if len(users) > counts[c][p]:
            m.add(sum(users) <= counts[c][p])

    def power(q: int) -> cp_model.LinearExprT:
        if clans[q] >= 0:
            return powers[q]
        return sum(y[q, k] * _eff(kinds[k], bonus, q) for k in options[q])

    for q in open_:
        lead = _LEAD[q]
        if not lead or not options[q]:
            continue  # the Wizard's Minions take any Power
        present = [p for p in lead if clans[p] >= 0]
        if not present:
            # Leader rule: some Leader must be filled by the plan too.
            m.add(filled[q] <= sum(filled[p] for p in lead))
        total = sum(power(p) for p in lead)
        m.add(power(q) + 1 <= total + BIG * (1 - filled[q]))
    for q in open_:
        for r in ADJACENT[q]:
            if clans[r] >= 0 or r < q:
                continue
            for k in options[q]:
                foe = _FOE[kinds[k][0]]
                for k2 in options[r]:
                    if kinds[k2][0] == foe:
                        m.add_bool_or([~y[q, k], ~y[r, k2]])
    common = {k: min(counts[c][p], COMMON) for k, (c, p) in enumerate(kinds)}
    m.maximize(sum(v * (FILL_WEIGHT + common[k]) for (_, k), v in y.items()))

    solver = fixed_solver(time_limit=TIME_LIMIT)
    # Presolve costs more than it saves on a model this small (measured: p95 7.9 -> 4.2 ms).
    solver.parameters.cp_model_presolve = False
    status = solver.solve(m)
    if status != cp_model.OPTIMAL:
        raise RuntimeError(f"completion model ended with {solver.status_name(status)}")
    best = round(solver.objective_value)
    return Completion(len(open_), best // FILL_WEIGHT, best % FILL_WEIGHT)


@lru_cache(maxsize=1)
def _model_class() -> type:
    """``CpModel`` without its camelCase aliases: building them on every new model costs
    about as much as solving this one (0.8 ms of ~2 ms, profiled), and nothing here uses them."""
    from ortools.sat.python import cp_model

    class QuietModel(cp_model.CpModel):
        def _add_pre_pep8_methods(self) -> None:
            pass

    return QuietModel


def _may_stand(q: int, c: int, p: int, clans: Sequence[int], powers: Sequence[int],
               bonus: Sequence[Sequence[int]]) -> bool:
    """Whether kind (c, p) could stand at open ``q`` given the creatures present now: no
    opposed neighbour, and not too strong for its Leaders when they are all present (an open
    Leader may yet add Power). A creature below can only gain from a new Leader, so Minions
    set no limit."""
    for r in ADJACENT[q]:
        if clans[r] >= 0 and clans[r] == _FOE[c]:
            return False
    eff = _eff((c, p), bonus, q)
    lead = _LEAD[q]
    return not (lead and all(clans[r] >= 0 for r in lead)
                and eff >= sum(powers[r] for r in lead))


def _eff(kind: tuple[int, int], bonus: Sequence[Sequence[int]], q: int) -> int:
    return max(0, kind[1] + bonus[kind[0]][q])
