"""A Tactics command phase as one CP-SAT model.

The model (``solve``) takes a :class:`CommandProblem` — the units a seat may command,
each with its moves (where it enters, where it ends) and the attacks open before and after
moving, the enemy units, the shrines and the monsters Power could buy — and picks:

* variables: ``x[m, o]`` mover ``m`` takes option ``o`` (at most one per mover; none = not
  commanded, it stays put); ``c[g]`` a card is commanded (figures of one card share one
  command and its cost); integer attack counts per open attack (``early`` ones from where
  the unit stands or deploys, before it moves; ``late`` ones from its destination), each
  allowed only with an option that opens it and at most the unit's attacks in all;
  ``kill[f]`` enemy ``f`` is defeated; ``dead[m]`` Strikeback defeats mover ``m``;
  ``ctrl[s]`` shrine ``s`` is held at the end of the turn (it scores now), ``hold[s]``
  it is held even counting only units no enemy could defeat alone next turn (it will
  likely score again), ``deny[s]`` no enemy side leads it against those safe units;
  ``buy[k]`` a monster is acquired; ``win`` the shrines held reach the victory Honor;
* constraints: Power (commands plus monsters); one unit per cell at the end (a mover that
  is not commanded stays on its cell); a unit deploying through a portal another mover
  stands on needs that mover to step off; two movers never swap cells; damage assigned to
  an enemy reaches its remaining Defense for ``kill`` (attacks of several units add up);
  Strikeback taken at least the mover's remaining Defense forces ``dead`` (a dead mover
  holds no shrine); ``ctrl`` needs strictly more of our units on and around the shrine than
  each enemy side has left there, ``hold`` the same with safe units, ``deny`` at least as
  many safe units;
* objective (maximised, integer points x100): defeated enemies' worth, shrines held and
  denied, one-off gains of the cells units end on (Treasures, Beacons, closeness to the
  shrines) minus the danger of ending there (an enemy able to defeat the unit next turn
  counts only while it survives this turn), minus Strikeback deaths, minus Power spent,
  plus monsters bought, plus a large bonus for reaching the victory Honor.

Ties are broken by a code: every option and attack has its own weight (1, 2, 3, ... in
model order, earlier cheaper) and the objective is value x span - code, so among plans of
equal value the lowest code wins; what could still tie (equal sums) is settled the same way
every time by the search itself, which runs with a fixed seed, one worker and a
deterministic time limit (:mod:`ai.cp_solver`). ``exclude`` adds "differ from this
plan in some command" cuts, for the planner's look-ahead over next-best plans. OR-Tools is
imported lazily, only when a model is built.

The problem and plan records live in :mod:`ai.tactics.command_problem`; the plain-Python
judge of a plan (the tests compare the solver to brute force over it) in
:mod:`ai.tactics.command_judge`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ai.cp_solver import fixed_solver
from ai.tactics.command_judge import evaluate
from ai.tactics.command_problem import ATTACK_COST, Atk, CommandPlan, CommandProblem

if TYPE_CHECKING:  # only for annotations: OR-Tools itself is imported when a model is built
    from typing import TypeAlias

    from ortools.sat.python import cp_model

    # What the model's sums are made of. OR-Tools' own ``LinearExprT`` also admits numpy
    # integers, which its operators do not accept back; the model never makes any.
    Expr: TypeAlias = cp_model.LinearExpr | int

DET_LIMIT = 1.0  # deterministic time: the same model always stops at the same point


def warm_up() -> None:
    """Import OR-Tools and solve a trivial model once (the import is the slow part)."""
    solve(CommandProblem(0, (), (), ()))


def _add_attack(v: cp_model.IntVar, a: Atk, all_att: list[cp_model.IntVar],
                back_terms: list[tuple[cp_model.IntVar, int]],
                hits: list[list[tuple[cp_model.IntVar, int]]],
                tie_terms: list[tuple[cp_model.IntVar, int]]) -> None:
    """Count an attack variable everywhere it matters: the mover's attacks, Strikeback it
    takes, the damage each foe it hits receives, and the tie-break (next weight)."""
    all_att.append(v)
    if a.back:
        back_terms.append((v, a.back))
    for f in a.hits:
        hits[f].append((v, a.strength))
    tie_terms.append((v, len(tie_terms) + 1))


def solve(p: CommandProblem, exclude: tuple[tuple[int, ...], ...] = (),
          tie_break: bool = True, det_limit: float = DET_LIMIT) -> CommandPlan:
    """The best plan for ``p`` (value first, then the lowest tie-break code). ``exclude``:
    option choices (``CommandPlan.choice``) the plan must differ from — the next-best
    alternatives for a look-ahead. Without ``tie_break`` only the value is meant (it is the
    same whichever optimal plan comes back), which solves faster."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    nf = len(p.foes)
    x: list[list[cp_model.IntVar]] = []
    y: list[Expr] = []
    ev: list[list[tuple[Atk, cp_model.IntVar, int]]] = []  # per mover: early (atk, var, entry)
    lv: list[list[list[tuple[Atk, cp_model.IntVar]]]] = []  # per mover, option: late
    tie_terms: list[tuple[cp_model.IntVar, int]] = []
    obj: list[tuple[Expr, int]] = []
    hits: list[list[tuple[cp_model.IntVar, int]]] = [[] for _ in range(nf)]
    cell_use: dict[int, list[Expr]] = {}
    lin = cp_model.LinearExpr.weighted_sum
    one = model.new_constant(1)
    groups: dict[int, list[int]] = {}
    dead: list[cp_model.IntVar | None] = []
    for i, m in enumerate(p.movers):
        xs = [model.new_bool_var(f"x{i}_{k}") for k in range(len(m.opts))]
        x.append(xs)
        yi = sum(xs) if xs else model.new_constant(0)
        model.add(yi <= 1)
        y.append(yi)
        groups.setdefault(m.group, []).append(i)
        for k, o in enumerate(m.opts):
            tie_terms.append((xs[k], len(tie_terms) + 1))
            if o.gain:
                obj.append((xs[k], o.gain))
            cell_use.setdefault(o.dest, []).append(xs[k])
        if m.start >= 0:
            idle = one - yi
            cell_use.setdefault(m.start, []).append(idle)
            if m.idle_gain:
                obj.append((idle, m.idle_gain))
        # Attacks.
        cap = m.attacks
        all_att: list[cp_model.IntVar] = []
        back_terms: list[tuple[cp_model.IntVar, int]] = []
        ev_i: list[tuple[Atk, cp_model.IntVar, int]] = []
        if cap > 0:
            for entry, atks in m.early:
                usable = [xs[k] for k, o in enumerate(m.opts) if o.entry == entry]
                if not usable:
                    continue
                for a in atks:
                    v = model.new_int_var(0, cap, f"e{i}_{entry}_{len(ev_i)}")
                    model.add(v <= cap * sum(usable))
                    ev_i.append((a, v, entry))
                    _add_attack(v, a, all_att, back_terms, hits, tie_terms)
        ev.append(ev_i)
        lv_i: list[list[tuple[Atk, cp_model.IntVar]]] = []
        for k, o in enumerate(m.opts):
            row: list[tuple[Atk, cp_model.IntVar]] = []
            if cap > 0:
                for j, a in enumerate(o.late):
                    v = model.new_int_var(0, cap, f"l{i}_{k}_{j}")
                    model.add(v <= cap * xs[k])
                    row.append((a, v))
                    _add_attack(v, a, all_att, back_terms, hits, tie_terms)
            lv_i.append(row)
        lv.append(lv_i)
        if all_att:
            model.add(sum(all_att) <= cap * yi)
            obj.append((sum(all_att), -ATTACK_COST))
        d: cp_model.IntVar | None = None
        if back_terms:
            d = model.new_bool_var(f"dead{i}")
            big = sum(b * cap for _, b in back_terms)
            model.add(lin([v for v, _ in back_terms], [b for _, b in back_terms])
                      <= m.life - 1 + big * d)
            obj.append((d, -m.loss))
        dead.append(d)
    for ch in exclude:
        same = [x[i][k] if k >= 0 else 1 - y[i] for i, k in enumerate(ch)]
        if same:
            model.add(sum(same) <= len(same) - 1)
    # Power: one payment per card commanded, plus monsters.
    spend: list[tuple[cp_model.IntVar, int]] = []
    for g, members in groups.items():
        cost = p.movers[members[0]].cost
        if cost <= 0:
            continue
        cg = model.new_bool_var(f"c{g}")
        for i in members:
            model.add(y[i] <= cg)
        spend.append((cg, cost))
        obj.append((cg, -p.power_cost * cost))
    bv = [model.new_bool_var(f"b{k}") for k in range(len(p.buys))]
    for k, b in enumerate(p.buys):
        obj.append((bv[k], b.value))
        tie_terms.append((bv[k], len(tie_terms) + 1))
    model.add(lin([v for v, _ in spend] + bv, [c for _, c in spend] + [b.cost for b in p.buys])
              <= p.power)
    # One unit per cell at the end.
    for exprs in cell_use.values():
        if len(exprs) > 1:
            model.add(sum(exprs) <= 1)
    starts = {m.start: i for i, m in enumerate(p.movers) if m.start >= 0}
    for i, m in enumerate(p.movers):
        for k, o in enumerate(m.opts):
            if o.entry >= 0 and o.entry in starts:
                j = starts[o.entry]
                leave = [x[j][kk] for kk, oo in enumerate(p.movers[j].opts) if oo.dest != o.entry]
                model.add(x[i][k] <= sum(leave) if leave else x[i][k] <= 0)
        if m.start < 0:
            continue
        for j, other in enumerate(p.movers):
            if j <= i or other.start < 0:
                continue
            there = [x[i][k] for k, o in enumerate(m.opts) if o.dest == other.start]
            back = [x[j][k] for k, o in enumerate(other.opts) if o.dest == m.start]
            if there and back:
                model.add(sum(there) + sum(back) <= 1)
    # Defeats.
    kill: list[cp_model.IntVar | None] = []
    for f, foe in enumerate(p.foes):
        if not hits[f]:
            kill.append(None)
            continue
        kv = model.new_bool_var(f"kill{f}")
        model.add(lin([v for v, _ in hits[f]], [s for _, s in hits[f]]) >= foe.need * kv)
        obj.append((kv, foe.value))
        kill.append(kv)

    def alive_any(foes: tuple[int, ...]) -> cp_model.IntVar | None:
        """A bool forced to 1 when some foe of ``foes`` survives; None when one always does."""
        if any(f < 0 or kill[f] is None for f in foes):
            return None
        r = model.new_bool_var("")
        for f in foes:
            kf = kill[f]
            assert kf is not None
            model.add(r >= 1 - kf)
        return r

    for i, m in enumerate(p.movers):
        for k, o in enumerate(m.opts):
            if not o.risk:
                continue
            al = alive_any(o.risk_foes)
            if al is None:
                obj.append((x[i][k], -o.risk))
            else:
                r = model.new_bool_var("")
                model.add(r >= x[i][k] + al - 1)
                obj.append((r, -o.risk))
        if m.start >= 0 and m.idle_risk:
            al = alive_any(m.idle_risk_foes)
            idle = one - y[i]
            if al is None:
                obj.append((idle, -m.idle_risk))
            else:
                r = model.new_bool_var("")
                model.add(r >= idle + al - 1)
                obj.append((r, -m.idle_risk))
    # Shrines.
    ctrl_honor: list[tuple[cp_model.IntVar, int]] = []
    for si, sh in enumerate(p.shrines):
        area = set(sh.area)
        own_terms: list[Expr] = []
        safe_terms: list[Expr] = []
        for i, m in enumerate(p.movers):
            d = dead[i]
            for k, o in enumerate(m.opts):
                if o.dest not in area:
                    continue
                if d is None:
                    term: Expr = x[i][k]
                else:
                    z = model.new_bool_var("")
                    model.add(z <= x[i][k])
                    model.add(z <= 1 - d)
                    term = z
                own_terms.append(term)
                if o.safe:
                    safe_terms.append(term)
            if m.start in area:
                own_terms.append(one - y[i])
                if m.idle_safe:
                    safe_terms.append(one - y[i])
        fixed_safe = sh.fixed_own if sh.fixed_safe < 0 else sh.fixed_safe
        own = sum(own_terms) + sh.fixed_own if own_terms else model.new_constant(sh.fixed_own)
        safe = sum(safe_terms) + fixed_safe if safe_terms else model.new_constant(fixed_safe)
        sides: dict[int, list[int]] = {}
        for f, foe in enumerate(p.foes):
            if foe.cell in area:
                sides.setdefault(foe.side, []).append(f)
        big = len(p.movers) + sh.fixed_own + 8
        enemy_exprs = []
        for fs in sides.values():
            alive = [kv for kv in (kill[f] for f in fs) if kv is not None]
            enemy_exprs.append(len(fs) - sum(alive))
        ctrl = model.new_bool_var(f"ctrl{si}")
        model.add(own >= ctrl)
        for left in enemy_exprs:
            model.add(own - left >= 1 - big * (1 - ctrl))
        obj.append((ctrl, sh.ctrl))
        ctrl_honor.append((ctrl, sh.honor))
        if sh.hold:
            hold = model.new_bool_var(f"hold{si}")
            model.add(safe >= hold)
            for left in enemy_exprs:
                model.add(safe - left >= 1 - big * (1 - hold))
            obj.append((hold, sh.hold))
        if sides and sh.deny:
            deny = model.new_bool_var(f"deny{si}")
            for left in enemy_exprs:
                model.add(left - safe <= big * (1 - deny))
            obj.append((deny, sh.deny))
    if p.win and p.honor + sum(sh.honor for sh in p.shrines) >= p.victory:
        win = model.new_bool_var("win")
        model.add(p.honor + lin([c for c, _ in ctrl_honor], [h for _, h in ctrl_honor])
                  >= p.victory * win)
        obj.append((win, p.win))
    value = sum(e * w for e, w in obj) if obj else model.new_constant(0)
    tie = lin([v for v, _ in tie_terms], [w for _, w in tie_terms]) if tie_terms else 0
    span = sum(w for _, w in tie_terms) * max(1, max((m.attacks for m in p.movers),
                                                      default=1)) + 1
    solver = fixed_solver(det_limit)
    if tie_break:
        model.maximize(value * span - tie)
    else:
        model.maximize(value)
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        # Nothing else is allowed (every alternative excluded): command nobody.
        n = len(p.movers)
        idle_value = evaluate(p, (-1,) * n, ((),) * n, ((),) * n)
        return CommandPlan((-1,) * n, ((),) * n, ((),) * n, (), (), idle_value or 0)
    choice: list[int] = []
    early: list[tuple[int, ...]] = []
    late: list[tuple[int, ...]] = []
    for i, m in enumerate(p.movers):
        k = next((k for k, v in enumerate(x[i]) if solver.boolean_value(v)), -1)
        choice.append(k)
        if k < 0:
            early.append(())
            late.append(())
            continue
        entry = m.opts[k].entry
        early.append(tuple(int(solver.value(v)) for _, v, e in ev[i] if e == entry))
        late.append(tuple(int(solver.value(v)) for _, v in lv[i][k]))
    buys = tuple(k for k, v in enumerate(bv) if solver.boolean_value(v))
    kills = tuple(f for f, kv in enumerate(kill) if kv is not None and solver.boolean_value(kv))
    total = evaluate(p, tuple(choice), tuple(early), tuple(late), buys)
    return CommandPlan(tuple(choice), tuple(early), tuple(late), buys, kills,
                       total if total is not None else 0)
