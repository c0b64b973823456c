"""The plain-Python judge of a Tactics command plan: :func:`evaluate` scores a given plan by
the rules the CP-SAT model (:mod:`ai.tactics.command_model`) maximises, and
:func:`brute_force` finds the best value over every plan of a tiny problem (the tests compare
the solver to it). The model also reports each plan's value through :func:`evaluate`, so the
two can never drift apart unnoticed.
"""

from __future__ import annotations

from itertools import product

from ai.tactics.command_problem import ATTACK_COST, CommandProblem, early_of


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
