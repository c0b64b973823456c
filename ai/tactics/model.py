"""A Tactics command phase as one CP-SAT model, and the Rune buys as a small knapsack.

The command model (``solve``) takes a :class:`CommandProblem` — the units a seat may command,
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
deterministic time limit. ``exclude`` adds "differ from this plan in some command" cuts,
for the planner's look-ahead over next-best plans. OR-Tools is imported lazily, only here.

:func:`evaluate` scores a given plan by the same rules in plain Python (the tests compare
the solver to brute force over it).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only for annotations: OR-Tools itself is imported when a model is built
    from ortools.sat.python import cp_model

TIME_LIMIT = 3.0  # seconds; a safety net only: the deterministic limit binds first
DET_LIMIT = 1.0  # deterministic time: the same model always stops at the same point
ATTACK_COST = 2  # points x100 per attack: no attack without a purpose
INT_SAFE = 1 << 62


@dataclass(frozen=True)
class Atk:
    """One open attack: the foes it hits (one, or all in range for an Area attack), the
    attacker's Strength there and the Strikeback it would take."""

    hits: tuple[int, ...]
    strength: int
    back: int


@dataclass(frozen=True)
class Opt:
    """Enter at ``entry`` (a portal, or -1 when already on the field), end on ``dest``."""

    entry: int
    dest: int
    gain: int  # static worth of ending on dest (x100)
    risk: int  # penalty (x100) if any foe in ``risk_foes`` survives (all -1: always)
    risk_foes: tuple[int, ...]
    late: tuple[Atk, ...]
    safe: bool = True  # no enemy could defeat it there next turn on its own


@dataclass(frozen=True)
class Mover:
    unit: int
    group: int
    cost: int
    start: int  # cell, or -1 off the battlefield
    life: int  # damage it can still take
    loss: int  # worth (x100) of losing it to Strikeback
    attacks: int
    early: tuple[tuple[int, tuple[Atk, ...]], ...]  # (entry, attacks before moving)
    opts: tuple[Opt, ...]
    idle_gain: int = 0  # for staying put uncommanded (on the field only)
    idle_risk: int = 0
    idle_risk_foes: tuple[int, ...] = ()
    idle_safe: bool = True


@dataclass(frozen=True)
class Foe:
    unit: int
    cell: int
    side: int
    need: int  # damage that defeats it
    value: int  # x100


@dataclass(frozen=True)
class ShrineSpec:
    cell: int
    area: tuple[int, ...]
    honor: int
    ctrl: int  # x100
    deny: int  # x100: no enemy side leads it, counting only our safe units
    fixed_own: int  # our units there that are not movers
    hold: int = 0  # x100: we lead it with safe units alone (likely to score again)
    fixed_safe: int = -1  # of those, the safe ones (-1: all)


@dataclass(frozen=True)
class Buy:
    card: int
    cost: int
    value: int  # x100


@dataclass(frozen=True)
class CommandProblem:
    power: int
    movers: tuple[Mover, ...]
    foes: tuple[Foe, ...]
    shrines: tuple[ShrineSpec, ...]
    buys: tuple[Buy, ...] = ()
    honor: int = 0
    victory: int = 0
    win: int = 0  # x100
    power_cost: int = 5  # x100 per Power spent on commands


@dataclass(frozen=True)
class CommandPlan:
    choice: tuple[int, ...]  # per mover: option index, or -1 (not commanded)
    early: tuple[tuple[int, ...], ...]  # per mover: count per early attack of its entry
    late: tuple[tuple[int, ...], ...]  # per mover: count per late attack of its option
    buys: tuple[int, ...]  # indexes into problem.buys
    kills: tuple[int, ...]  # foe indexes
    value: int


def early_of(m: Mover, entry: int) -> tuple[Atk, ...]:
    for e, atks in m.early:
        if e == entry:
            return atks
    return ()


# --- the plain-Python judge ------------------------------------------------------------------

def evaluate(p: CommandProblem, choice: tuple[int, ...], early: tuple[tuple[int, ...], ...],
             late: tuple[tuple[int, ...], ...], buys: tuple[int, ...] = ()) -> int | None:
    """The value of a plan by the model's rules, or None when it breaks one."""
    nf = len(p.foes)
    dmg = [0] * nf
    killable = [False] * nf
    for m in p.movers:
        for _, atks in m.early:
            for a in atks:
                for f in a.hits:
                    killable[f] = True
        for o in m.opts:
            for a in o.late:
                for f in a.hits:
                    killable[f] = True
    spent_groups: set[int] = set()
    value = 0
    dead = [False] * len(p.movers)
    attacks_total = 0
    for i, m in enumerate(p.movers):
        k = choice[i]
        if k < 0:
            if any(early[i]) or any(late[i]):
                return None
            continue
        o = m.opts[k]
        ea = early_of(m, o.entry)
        if len(early[i]) != len(ea) or len(late[i]) != len(o.late):
            return None
        n_att = sum(early[i]) + sum(late[i])
        if n_att > m.attacks or min((*early[i], *late[i]), default=0) < 0:
            return None
        attacks_total += n_att
        back = 0
        for a, cnt in [*zip(ea, early[i], strict=True), *zip(o.late, late[i], strict=True)]:
            for f in a.hits:
                dmg[f] += a.strength * cnt
            back += a.back * cnt
        dead[i] = back >= m.life and back > 0
        if m.cost:
            spent_groups.add(m.group)
    cost = sum(next(m.cost for m in p.movers if m.group == g) for g in spent_groups)
    cost += sum(p.buys[b].cost for b in buys)
    if cost > p.power or len(set(buys)) != len(buys):
        return None
    # One unit per cell; portals held by movers; no swaps.
    taken: dict[int, int] = {}
    for i, m in enumerate(p.movers):
        k = choice[i]
        cell = m.start if k < 0 else m.opts[k].dest
        if cell < 0:
            continue
        if cell in taken:
            return None
        taken[cell] = i
    starts = {m.start: i for i, m in enumerate(p.movers) if m.start >= 0}
    for i, m in enumerate(p.movers):
        k = choice[i]
        if k < 0:
            continue
        o = m.opts[k]
        if o.entry >= 0 and o.entry in starts:
            j = starts[o.entry]
            if choice[j] < 0 or p.movers[j].opts[choice[j]].dest == o.entry:
                return None
        if m.start >= 0 and o.dest in starts:
            j = starts[o.dest]
            if choice[j] >= 0 and p.movers[j].opts[choice[j]].dest == m.start and j != i:
                return None
    kills = [killable[f] and dmg[f] >= p.foes[f].need for f in range(nf)]
    value += sum(p.foes[f].value for f in range(nf) if kills[f])
    value -= sum(m.loss for i, m in enumerate(p.movers) if dead[i])
    value -= ATTACK_COST * attacks_total
    value -= p.power_cost * (cost - sum(p.buys[b].cost for b in buys))
    value += sum(p.buys[b].value for b in buys)

    def survives(foes: tuple[int, ...]) -> bool:
        return any(f < 0 or not kills[f] for f in foes)

    for i, m in enumerate(p.movers):
        k = choice[i]
        if k < 0:
            if m.start >= 0:
                value += m.idle_gain
                if m.idle_risk and survives(m.idle_risk_foes):
                    value -= m.idle_risk
            continue
        o = m.opts[k]
        value += o.gain
        if o.risk and survives(o.risk_foes):
            value -= o.risk
    scored = 0
    for sh in p.shrines:
        own = sh.fixed_own
        safe = sh.fixed_own if sh.fixed_safe < 0 else sh.fixed_safe
        for i, m in enumerate(p.movers):
            k = choice[i]
            cell = m.start if k < 0 else m.opts[k].dest
            if cell in sh.area and not dead[i]:
                own += 1
                safe += m.idle_safe if k < 0 else m.opts[k].safe
        counts: dict[int, int] = {}
        present = False
        for f, foe in enumerate(p.foes):
            if foe.cell in sh.area:
                present = True
                counts.setdefault(foe.side, 0)
                if not kills[f]:
                    counts[foe.side] += 1
        if own >= 1 and all(own > e for e in counts.values()):
            value += sh.ctrl
            scored += sh.honor
        if safe >= 1 and all(safe > e for e in counts.values()):
            value += sh.hold
        if present and all(safe >= e for e in counts.values()):
            value += sh.deny
    if p.win and p.honor + scored >= p.victory:
        value += p.win
    return value


def brute_force(p: CommandProblem) -> int:
    """The best value over every plan (tiny problems only: the tests' referee)."""
    best: int | None = None
    per_mover: list[list[tuple[int, tuple[int, ...], tuple[int, ...]]]] = []
    for m in p.movers:
        ways: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = [(-1, (), ())]
        for k, o in enumerate(m.opts):
            ea = early_of(m, o.entry)
            rng = range(m.attacks + 1)
            for e in product(rng, repeat=len(ea)):
                for la in product(rng, repeat=len(o.late)):
                    if sum(e) + sum(la) <= m.attacks:
                        ways.append((k, e, la))
        per_mover.append(ways)
    buy_sets = [tuple(i for i in range(len(p.buys)) if mask >> i & 1)
                for mask in range(1 << len(p.buys))]
    for combo in product(*per_mover):
        choice = tuple(w[0] for w in combo)
        early = tuple(w[1] for w in combo)
        late = tuple(w[2] for w in combo)
        for bs in buy_sets:
            v = evaluate(p, choice, early, late, bs)
            if v is not None and (best is None or v > best):
                best = v
    assert best is not None
    return best


# --- the CP-SAT model ------------------------------------------------------------------------

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
    y: list[cp_model.LinearExprT] = []
    ev: list[list[tuple[Atk, cp_model.IntVar, int]]] = []  # per mover: early (atk, var, entry)
    lv: list[list[list[tuple[Atk, cp_model.IntVar]]]] = []  # per mover, option: late
    tie_terms: list[tuple[cp_model.IntVar, int]] = []
    obj: list[tuple[cp_model.LinearExprT, int]] = []
    hits: list[list[tuple[cp_model.IntVar, int]]] = [[] for _ in range(nf)]
    cell_use: dict[int, list[cp_model.LinearExprT]] = {}
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
        for j, n in enumerate(p.movers):
            if j <= i or n.start < 0:
                continue
            there = [x[i][k] for k, o in enumerate(m.opts) if o.dest == n.start]
            back = [x[j][k] for k, o in enumerate(n.opts) if o.dest == m.start]
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
        own_terms: list[cp_model.LinearExprT] = []
        safe_terms: list[cp_model.LinearExprT] = []
        for i, m in enumerate(p.movers):
            d = dead[i]
            for k, o in enumerate(m.opts):
                if o.dest not in area:
                    continue
                if d is None:
                    term: cp_model.LinearExprT = x[i][k]
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
            enemy_exprs.append(len(fs) - sum(kill[f] for f in fs if kill[f] is not None))
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
    solver = cp_model.CpSolver()
    solver.parameters.random_seed = 0
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = TIME_LIMIT
    solver.parameters.max_deterministic_time = det_limit
    if tie_break:
        model.maximize(value * span - tie)
    else:
        model.maximize(value)
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        # Nothing else is allowed (every alternative excluded): command nobody.
        n = len(p.movers)
        idle = evaluate(p, (-1,) * n, ((),) * n, ((),) * n)
        return CommandPlan((-1,) * n, ((),) * n, ((),) * n, (), (), idle or 0)
    choice = []
    early = []
    late = []
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


# --- Rune buys -------------------------------------------------------------------------------

@dataclass(frozen=True)
class BuyItem:
    key: int  # the acquire action's card (a row uid, or a pile id)
    option: int
    cost: int
    value: int  # x100
    count: int  # how many may be bought (piles: several)


def solve_buys(items: tuple[BuyItem, ...], runes: int) -> tuple[int, ...]:
    """How many of each item to buy: the most value within ``runes``, ties to the lowest
    lexicographic code (item 0 most significant). A small knapsack, so one solve."""
    if not items:
        return ()
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    n = [model.new_int_var(0, it.count, f"n{i}") for i, it in enumerate(items)]
    lin = cp_model.LinearExpr.weighted_sum
    model.add(lin(n, [it.cost for it in items]) <= runes)
    weights = [0] * len(items)
    w = 1
    for i in range(len(items) - 1, -1, -1):
        weights[i] = w
        w *= items[i].count + 1
    value = lin(n, [it.value for it in items])
    solver = cp_model.CpSolver()
    solver.parameters.random_seed = 0
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = TIME_LIMIT
    solver.parameters.max_deterministic_time = 0.5
    bound = sum(abs(it.value) * it.count for it in items) + 1
    if bound * w < INT_SAFE:
        model.maximize(value * w - lin(n, weights))
        status = solver.solve(model)
    else:
        model.maximize(value)
        status = solver.solve(model)
        if status == cp_model.OPTIMAL:
            model.add(value == int(solver.objective_value))
            model.clear_objective()
            model.minimize(lin(n, weights))
            status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return tuple(0 for _ in items)
    return tuple(int(solver.value(v)) for v in n)
