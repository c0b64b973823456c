"""CP-SAT reference models for Firepeak patterns (``method="cpsat"`` of ai.firepeak.pattern).

Every query is one small model over *where each creature ends up*: a Boolean ``x[c, q]`` for
each creature ``c`` and each position ``q`` it may occupy (plus, when the query allows it,
a Boolean for "removed"), exactly one of them true. On top of that sit the three placement
rules of the rulebook, with each creature's Power depending on where it stands (the
creature's own Power plus the position's bonus):

* at most one creature per position;
* Leader rule: a creature below tier 1 needs an occupied Leader position;
* Power rule: its Power is below the summed Power of its occupied Leader positions
  (an empty position counts 0, so one Leader or two is the same linear constraint);
* Clan rule: no two creatures of opposed Clans on adjacent positions.

Creatures are described by plain data (:class:`Spec`), so this module knows nothing of the
game engine. OR-Tools is imported inside the functions: importing this module is cheap.
Solves use a fixed seed and one worker; enumerations return sorted lists and the
optimisation has a complete lexicographic tie-break, so every answer is deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ai.cp_solver import fixed_solver
from core.firepeak.pattern import ADJACENT, LEADERS, OPPOSING, SIZE, WIZARD

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

TIME_LIMIT = 10.0  # seconds: a safety net only, these models solve in milliseconds
GONE = -1  # the "removed" destination in an assignment

_LEAD = tuple(tuple(q for q in LEADERS[p] if q != WIZARD) for p in range(SIZE))


@dataclass(frozen=True, slots=True)
class Spec:
    """One creature of a query: its Clan, the Power it carries to any position (before the
    position's bonus), the positions it may end at, and whether it may be removed."""

    clan: str
    power: int
    options: tuple[int, ...]
    removable: bool = False


def _paths(p: int) -> list[tuple[int, ...]]:
    """Every way up from ``p`` through Leader positions (at least one step)."""
    out: list[tuple[int, ...]] = []
    for q in _LEAD[p]:
        out.append((p, q))
        out.extend((p, *rest) for rest in _paths(q))
    return out


class _Model:
    """The shared variables and placement rules of every query."""

    def __init__(self, specs: Sequence[Spec], bonus: Sequence[int]) -> None:
        from ortools.sat.python import cp_model

        self.cp = cp_model
        self.model = cp_model.CpModel()
        self.specs = tuple(specs)
        self.bonus = tuple(bonus)
        m = self.model
        self.x: list[dict[int, cp_model.IntVar]] = []
        self.gone: list[cp_model.IntVar | None] = []
        for c, s in enumerate(self.specs):
            xs = {q: m.new_bool_var(f"x{c}_{q}") for q in s.options}
            g = m.new_bool_var(f"gone{c}") if s.removable else None
            self.x.append(xs)
            self.gone.append(g)
            m.add_exactly_one([*xs.values(), *([g] if g is not None else [])])
        self.at: list[list[tuple[int, cp_model.IntVar]]] = [[] for _ in range(SIZE)]
        for c, xs in enumerate(self.x):
            for q, v in xs.items():
                self.at[q].append((c, v))
        for q in range(SIZE):
            if len(self.at[q]) > 1:
                m.add_at_most_one([v for _, v in self.at[q]])
        self._rules()

    def power(self, c: int, q: int) -> int:
        return self.specs[c].power + self.bonus[q]

    def _rules(self) -> None:
        m, cp = self.model, self.cp
        for c, xs in enumerate(self.x):
            for q, v in xs.items():
                lead = _LEAD[q]
                if not lead:
                    continue  # tier 1: the Wizard leads, any Power goes
                occ = [w for p in lead for d, w in self.at[p] if d != c]
                if not occ:
                    m.add(v == 0)
                    continue
                m.add_bool_or(occ).only_enforce_if(v)
                terms = [(w, self.power(d, p)) for p in lead for d, w in self.at[p] if d != c]
                total = cp.LinearExpr.weighted_sum([w for w, _ in terms], [k for _, k in terms])
                m.add(total >= self.power(c, q) + 1).only_enforce_if(v)
        for c, sc in enumerate(self.specs):
            foe = OPPOSING.get(sc.clan)
            for d in range(c + 1, len(self.specs)):
                if self.specs[d].clan != foe:
                    continue
                for q, v in self.x[c].items():
                    for r in ADJACENT[q]:
                        w = self.x[d].get(r)
                        if w is not None:
                            m.add_bool_or([~v, ~w])

    def solver(self) -> cp_model.CpSolver:
        return fixed_solver(time_limit=TIME_LIMIT)

    def read(self, value: Callable[[Any], int]) -> tuple[int, ...]:
        """The destination of every creature (``GONE`` if removed) in a solution."""
        out = []
        for xs in self.x:
            dest = [q for q, v in xs.items() if value(v)]
            out.append(dest[0] if dest else GONE)
        return tuple(out)

    def enumerate(self) -> list[tuple[int, ...]]:
        """Every feasible assignment, sorted. The model has no free auxiliary variables, so
        each assignment is found exactly once."""
        from ortools.sat.python import cp_model

        found: list[tuple[int, ...]] = []
        outer = self

        class Collect(cp_model.CpSolverSolutionCallback):
            def on_solution_callback(self) -> None:
                found.append(outer.read(self.boolean_value))

        solver = self.solver()
        solver.parameters.enumerate_all_solutions = True
        status = solver.solve(self.model, Collect())
        if status not in (self.cp.OPTIMAL, self.cp.INFEASIBLE):
            raise RuntimeError(f"CP-SAT enumeration ended with {solver.status_name(status)}")
        return sorted(set(found))


def _fixed(clans: Sequence[str | None], powers: Sequence[int]) -> list[Spec]:
    """Specs pinning every creature to its position."""
    return [Spec(clan, powers[q], (q,)) for q, clan in enumerate(clans) if clan is not None]


def is_legal(clans: Sequence[str | None], powers: Sequence[int],
             bonus: Sequence[int]) -> bool:
    """Feasibility of the pattern with every creature pinned where it stands."""
    specs = _fixed(clans, powers)
    mod = _Model(specs, bonus)
    solver = mod.solver()
    status = solver.solve(mod.model)
    return status in (mod.cp.OPTIMAL, mod.cp.FEASIBLE)


def placements(clans: Sequence[str | None], powers: Sequence[int], bonus: Sequence[int],
               clan: str, power: int, candidates: Sequence[int]) -> list[int]:
    """Every candidate position where a new creature makes the whole pattern legal: one
    model, one Boolean per candidate, all solutions enumerated."""
    if not candidates:
        return []
    specs = _fixed(clans, powers)
    specs.append(Spec(clan, power, tuple(candidates)))
    return sorted(a[-1] for a in _Model(specs, bonus).enumerate())


def moves(clans: Sequence[str | None], powers: Sequence[int],
          bonus: Sequence[int]) -> list[tuple[int, int]]:
    """Every (from, to) Move of one creature to an empty position leaving the pattern legal."""
    empty = tuple(q for q in range(SIZE) if clans[q] is None)
    specs, where = [], []
    for q, c in enumerate(clans):
        if c is not None:
            specs.append(Spec(c, powers[q], (q, *empty)))
            where.append(q)
    if not specs or not empty:
        return []
    mod = _Model(specs, bonus)
    mod.model.add(sum(mod.x[i][q] for i, q in enumerate(where)) == len(where) - 1)
    out = []
    for a in mod.enumerate():
        moved = [(q, d) for q, d in zip(where, a, strict=True) if d != q]
        out.append(moved[0])
    return sorted(out)


def swaps(clans: Sequence[str | None], powers: Sequence[int],
          bonus: Sequence[int]) -> list[tuple[int, int]]:
    """Every (a, b), a < b, of adjacent creatures whose exchange leaves the pattern legal."""
    where = [q for q in range(SIZE) if clans[q] is not None]
    occupied = set(where)
    specs = []
    for q in where:
        clan = clans[q]
        assert clan is not None
        specs.append(Spec(clan, powers[q],
                          (q, *(r for r in ADJACENT[q] if r in occupied))))
    if not any(len(s.options) > 1 for s in specs):
        return []
    mod = _Model(specs, bonus)
    index = {q: i for i, q in enumerate(where)}
    for i, q in enumerate(where):
        for r, v in mod.x[i].items():
            if r > q:
                mod.model.add(v == mod.x[index[r]][q])
    mod.model.add(sum(mod.x[i][q] for i, q in enumerate(where)) == len(where) - 2)
    out = []
    for a in mod.enumerate():
        moved = sorted(q for q, d in zip(where, a, strict=True) if d != q)
        out.append((moved[0], moved[1]))
    return sorted(out)


def resolve(creatures: Sequence[tuple[str, int, int]], bonus: Sequence[int],
            reachable: Callable[[tuple[int, ...]], bool]) -> tuple[tuple[int, ...], int]:
    """The best final placement of the creatures of an illegal pattern.

    ``creatures`` are ``(clan, power, position)`` in tie-break order. Each ends where it
    is, at a position it can reach by moving up through Leader positions, or removed; the
    final pattern is legal. A creature only moves up from a position whose Leaders have all
    gone, so while the creature first at such a Leader position stays, no creature passes
    that way. The objective is lexicographic: most total Power, then most creatures, then
    the smallest vector of destinations (removed = ``SIZE``), folded into one integer with
    radix weights.

    This is a relaxation of the rulebook procedure, which also constrains the order of the
    steps (a Leaderless creature moves before anything is removed, the procedure stops at
    the first legal pattern). So the optimum is checked with ``reachable``; an unreachable
    one is cut off with a no-good and the model solved again. Returns the destinations
    (``GONE`` for removed) and the number of solves.
    """
    specs = [Spec(clan, power, (q, *sorted({p[-1] for p in _paths(q)})), removable=True)
             for clan, power, q in creatures]
    mod = _Model(specs, bonus)
    m = mod.model
    index = {q: i for i, (_, _, q) in enumerate(creatures)}
    for i, (_, _, q) in enumerate(creatures):
        routes: dict[int, list[tuple[int, ...]]] = {}
        for path in _paths(q):
            routes.setdefault(path[-1], []).append(path)
        for r, paths in sorted(routes.items()):
            if len(paths) == 1:
                ways = [(mod.x[i][r], paths[0])]
            else:
                ways = [(m.new_bool_var(f"via{i}_{'_'.join(map(str, p))}"), p) for p in paths]
                m.add(sum(z for z, _ in ways) == mod.x[i][r])
            for z, path in ways:
                for step in path[:-1]:
                    for lead in _LEAD[step]:
                        if lead in index:
                            m.add_bool_or([~z, ~mod.x[index[lead]][lead]])
    n = len(creatures)
    radix = 10 ** n
    terms: list[tuple[Any, int]] = []
    for i in range(n):
        w = 10 ** (n - 1 - i)
        for q, v in mod.x[i].items():
            terms.append((v, 10 * radix * mod.power(i, q) + radix - w * q))
        g = mod.gone[i]
        assert g is not None
        terms.append((g, -w * SIZE))
    m.maximize(mod.cp.LinearExpr.weighted_sum([v for v, _ in terms], [k for _, k in terms]))
    solves = 0
    while True:
        solver = mod.solver()
        status = solver.solve(m)
        solves += 1
        if status != mod.cp.OPTIMAL:
            raise RuntimeError(f"CP-SAT resolution ended with {solver.status_name(status)}")
        dest = mod.read(solver.boolean_value)
        if reachable(dest):
            return dest, solves
        chosen = [mod.x[i][d] if d != GONE else mod.gone[i] for i, d in enumerate(dest)]
        m.add_bool_or([~v for v in chosen if v is not None])
