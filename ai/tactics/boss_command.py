"""The Boss player's command of one Villain (Become the Boss: no procedure, the Boss moves and
attacks as it likes) as a small CP-SAT search over the Villain's frame
(:mod:`ai.tactics.villain_frame`: the cells it can end on, who is in range from each, its
Strength there).

* variables: ``end[c]`` the cell it ends on (exactly one); ``early[t]`` it attacks hero unit
  ``t`` from where it stands, then moves; ``late[c, t]`` it moves to ``c``, then attacks
  ``t``; or no attack (exactly one of these);
* constraints: a late attack is made from the cell it ends on;
* objective (maximised, ``S`` points to one evaluation point): what the cell it ends on is
  worth to the Villains (shrines held and denied at the end of their turn, when they score,
  per Honor; nearness to its objective token; minus the risk of being defeated there next
  turn, which gives the heroes its Honor), plus each attack's worth (the hero units it
  defeats — Double counted twice, Area hitting everyone in range — and the shrines their fall
  frees, minus the Villain's own loss when Strikeback would defeat it). Ties go to the
  lowest code (cells, then targets, in order), so the answer is the same every time.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.cp_solver import best_then_lowest, fixed_solver, lean_model
from ai.tactics.danger import Threat, threats
from ai.tactics.position import live_shrines
from ai.tactics.villain_frame import VillainFrame, frame
from ai.tactics.weights import CTRL, DENY, RISK, RISK_MANY, S
from ai.tactics.worth import kill_value
from core.contract import Action
from core.tactics import combat
from core.tactics.board import shrine_controller
from core.tactics.state import AREA, DOUBLE, State
from core.tactics.villain_state import VILLAINS

OBJECTIVE = 0.15  # per hex closer to its objective token
VILLAIN_LOSS = 1.5  # a Villain defeated sits out, besides the Honor the heroes gain


@dataclass(frozen=True)
class BossCommand:
    """A chosen command: where it ends, whom it attacks (-1 none; -1 too for an Area attack
    is told by ``area``), before or after moving, and the model's value of it."""

    unit: int
    end: int
    target: int
    early: bool
    area: bool
    double: bool
    value: float

    def steps(self, here: int) -> list[Action]:
        """The command's actions, in order (``done`` last)."""
        attack = [Action("attack", -1 if self.area else self.target, 0)] * (
            2 if self.double else 1) if self.target >= 0 else []
        move = [Action("move", -1, self.end)] if self.end != here else []
        body = attack + move if self.early else move + attack
        return [*body, Action("done", -1, 0)]


def villain_loss(s: State, u: int) -> float:
    """What losing Villain ``u`` costs the Villains (the heroes gain its Honor)."""
    return combat.villain_honor(s, u) + VILLAIN_LOSS


def shrine_value(s: State, occ: list[int]) -> float:
    """The Villains' hold on the live shrines over the board ``occ`` (sides per cell)."""
    v = 0.0
    for c in live_shrines(s):
        who = shrine_controller(s.map, c, occ)
        h = s.map.shrine_honor[c]
        v += CTRL * h * (who == VILLAINS) - DENY * h * (who not in (-1, VILLAINS))
    return v


def _cell_values(s: State, f: VillainFrame, th: Threat) -> list[float]:
    occ = list(s.occ_side)
    occ[f.here] = -1
    base = shrine_value(s, list(s.occ_side))
    life = combat.defense(s, f.unit) - s.units[f.unit].damage
    loss = villain_loss(s, f.unit)
    out = []
    for c, d in zip(f.cells, f.dist, strict=True):
        occ[c] = VILLAINS
        v = shrine_value(s, occ) - base - OBJECTIVE * (d - f.dist[f.here_index])
        occ[c] = -1
        if th.lethal(c, life):
            v -= RISK * loss
        elif th.total(c) >= life:
            v -= RISK_MANY * loss
        out.append(v)
    return out


def _attack_value(s: State, f: VillainFrame, i: int, t: int, area: bool) -> float:
    """Attacking ``t`` from ``cells[i]`` (every unit in range there with Area)."""
    hit = f.reach[i] if area else (t,)
    fallen = [x for x in hit if f.hits[i] >= f.remaining[x]]
    v = sum(kill_value(s, x) for x in fallen)
    if fallen:
        occ = list(s.occ_side)
        before = shrine_value(s, occ)
        for x in fallen:
            occ[s.units[x].cell] = -1
        v += shrine_value(s, occ) - before
    cell = f.cells[i]
    back = sum(combat.strength(s, x) for x in hit
               if combat.can_strike_back(s, x, f.unit)
               and s.map.distance(cell, s.units[x].cell) <= 1)
    if back >= combat.defense(s, f.unit) - s.units[f.unit].damage:
        v -= villain_loss(s, f.unit)
    return v


def choose(s: State, u: int, th: Threat | None = None) -> BossCommand:
    """The best command for Villain ``u`` (on the battlefield) by the Boss's judgement."""
    from ortools.sat.python import cp_model

    f = frame(s, u)
    th = threats(s, VILLAINS) if th is None else th
    kw = combat.keywords(s, u)
    area, double = bool(kw & AREA), bool(kw & DOUBLE)
    n, h = len(f.cells), f.here_index
    m = lean_model()
    wsum = cp_model.LinearExpr.weighted_sum
    end = [m.new_bool_var(f"end{c}") for c in f.cells]
    m.add_exactly_one(end)
    # The attack options: (early?, cell index, target) -> literal.
    opts: list[tuple[bool, int, int]] = [(True, h, t) for t in f.reach[h]]
    opts += [(False, i, t) for i in range(n) for t in f.reach[i]]
    lits = [m.new_bool_var(f"a{k}") for k in range(len(opts))]
    none = m.new_bool_var("none")
    m.add_exactly_one([*lits, none])
    for lit, (early, i, _) in zip(lits, opts, strict=True):
        if not early:
            m.add_implication(lit, end[i])
    cell_v = _cell_values(s, f, th)
    atk_v = [_attack_value(s, f, i, t, area) for _, i, t in opts]
    value = wsum([*end, *lits], [round(S * x) for x in cell_v + atk_v])
    code = wsum([*end, *lits], [*range(1, n + 1), *((n + 1) * (k + 1) for k in range(len(opts)))])
    span = (n + 1) * (len(opts) + 2)
    solver = fixed_solver()
    solver.parameters.cp_model_presolve = False
    status = best_then_lowest(m, solver, value, code, span, fits=True)
    assert status == cp_model.OPTIMAL, "staying put without attacking is always possible"
    c = next(cell for cell, x in zip(f.cells, end, strict=True) if solver.boolean_value(x))
    k = next((k for k, x in enumerate(lits) if solver.boolean_value(x)), -1)
    early, target = (opts[k][0], opts[k][2]) if k >= 0 else (False, -1)
    worth = cell_v[f.cells.index(c)] + (atk_v[k] if k >= 0 else 0.0)
    return BossCommand(u, c, target, early, area, double, worth)


__all__ = ["BossCommand", "choose", "shrine_value", "villain_loss"]
