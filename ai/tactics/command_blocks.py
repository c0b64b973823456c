"""A Tactics command plan as the actions that carry it out: commands in an order that works
(units that vacate a cell or a portal others need go first, attackers before plain movers),
each with the steps of every figure it moves and the board expected once it is over; and
:func:`play_out`, which carries a plan out on a copy of the world and ends the turn (the
planner's look-ahead).
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.tactics.command_problem import Atk, CommandPlan, CommandProblem, Foe, early_of
from ai.tactics.decisions import answer
from ai.tactics.reach import Piece
from core.contract import Action, trusted_apply
from core.tactics.state import State

DONE = Action("done", -1, 0)


@dataclass
class Block:
    """One command: the action that starts it and the steps of each figure it moves."""

    start: Action
    steps: dict[int, list[Action]]  # unit -> its steps (deploy, attacks, move, done)
    expect: tuple[int, ...]  # the board signature expected once it is over



def signature(s: State, cells: list[int] | None = None, power: int | None = None
              ) -> tuple[int, ...]:
    """What the plan relies on: every unit's cell and the Power left."""
    c = cells if cells is not None else [u.cell for u in s.units]
    return (*c, s.seats[s.current].power if power is None else power)


def play_out(sim: State, me: int, blocks: list[Block], buys: list[int]) -> None:
    """Carry out ``blocks`` on ``sim`` (every seat's decisions answered by the shared
    judgement), buy ``buys``, and end the turn."""
    import core.tactics as T

    # Each action below is one just found in legal_actions(sim), so the engine's re-check of
    # it is skipped (the same state either way); answers from the bots still go through it.
    fast = trusted_apply(T)
    guard = 0

    def settle() -> None:
        nonlocal guard
        while sim.pending and not sim.over and guard < 400:
            guard += 1
            d = sim.pending[-1]
            T.apply(sim, answer(sim, d.seat, T.legal_actions(sim)))

    steps: dict[int, list[Action]] = {}
    for b in blocks:
        settle()
        if sim.over or sim.cmd is not None:
            break
        if b.start not in T.legal_actions(sim):
            continue
        steps.update({u: list(v) for u, v in b.steps.items()})
        fast(sim, b.start)
        while guard < 400 and not sim.over:
            guard += 1
            settle()
            cmd = sim.cmd
            if cmd is None or sim.over:
                break
            legal = T.legal_actions(sim)
            queue = steps.get(cmd.unit, [])
            a = DONE
            while queue:
                x = queue.pop(0)
                if x in legal:
                    a = x
                    break
            fast(sim, a if a in legal else (DONE if DONE in legal else legal[0]))
    settle()
    if sim.over or sim.cmd is not None:
        return
    for uid in buys:
        a = Action("acquire", uid, 0)
        if a in T.legal_actions(sim):
            fast(sim, a)
            settle()
    if not sim.over and sim.cmd is None and not sim.pending:
        T.apply(sim, Action("end", -1, 0))
        settle()


def _attack_actions(atks: tuple[Atk, ...], counts: tuple[int, ...], area: bool,
                    foes: tuple[Foe, ...]) -> list[Action]:
    out = []
    for a, k in zip(atks, counts, strict=True):
        for _ in range(k):
            out.append(Action("attack", -1 if area else foes[a.hits[0]].unit, 0))
    return out


def make_blocks(s: State, seat: int, prob: CommandProblem, plan: CommandPlan,
                ps: list[Piece]) -> tuple[list[Block], dict[int, list[Action]]]:
    """Commands in an order that works (blockers first, attackers early), each with its
    steps and the board expected after it; plus the steps of already-forced units."""
    by_group: dict[int, list[int]] = {}
    for i, m in enumerate(prob.movers):
        if plan.choice[i] >= 0:
            by_group.setdefault(m.group, []).append(i)
    steps: dict[int, list[Action]] = {}
    for i, m in enumerate(prob.movers):
        k = plan.choice[i]
        if k < 0:
            continue
        o = m.opts[k]
        acts: list[Action] = []
        if m.start < 0 and not ps[i].new:
            acts.append(Action("deploy", -1, o.entry))
        acts += _attack_actions(early_of(m, o.entry), plan.early[i], ps[i].area, prob.foes)
        here = m.start if m.start >= 0 else o.entry
        if o.dest != here:
            acts.append(Action("move", -1, o.dest))
        acts += _attack_actions(o.late, plan.late[i], ps[i].area, prob.foes)
        acts.append(Action("done", -1, 0))
        steps[m.unit] = acts
    forced = {i for i, m in enumerate(prob.movers) if ps[i].forced}
    forced_steps = {prob.movers[i].unit: steps.get(prob.movers[i].unit, [DONE]) for i in forced}
    # Order the groups: a group must wait for the groups whose units leave the cells (or
    # portals) it needs.
    groups = [g for g in by_group if not any(i in forced for i in by_group[g])]
    start_of = {m.start: i for i, m in enumerate(prob.movers) if m.start >= 0}
    needs: dict[int, set[int]] = {g: set() for g in groups}
    for g in groups:
        for i in by_group[g]:
            o = prob.movers[i].opts[plan.choice[i]]
            for cell in (o.dest, o.entry):
                j = start_of.get(cell)
                if j is not None and j != i and prob.movers[j].group != g \
                        and prob.movers[j].group in needs:
                    needs[g].add(prob.movers[j].group)
        # Deploys through one portal: the one that stays on it goes last.
        for i in by_group[g]:
            o = prob.movers[i].opts[plan.choice[i]]
            if o.entry >= 0 and o.dest == o.entry:
                for h in groups:
                    if h != g and any(prob.movers[j].opts[plan.choice[j]].entry == o.entry
                                      and prob.movers[j].opts[plan.choice[j]].dest != o.entry
                                      for j in by_group[h]):
                        needs[g].add(h)

    def prio(g: int) -> tuple[int, int]:
        attacks = sum(sum(plan.early[i]) + sum(plan.late[i]) for i in by_group[g])
        return (0 if attacks else 1, min(prob.movers[i].unit for i in by_group[g]))

    order: list[int] = []
    left = set(groups)
    while left:
        ready = [g for g in left if not (needs[g] & left)]
        if not ready:
            ready = list(left)  # a cycle the model let through: the executor will cope
        g = min(ready, key=prio)
        order.append(g)
        left.discard(g)
    # Predict the board after each block.
    cells = [u.cell for u in s.units]
    power = s.seats[seat].power
    dmg = [0] * len(prob.foes)
    reserve = [u for u in s.cultists[seat] if s.units[u].cell < 0]
    blocks: list[Block] = []
    for g in order:
        members = by_group[g]
        # Figures of a card: the one that frees a cell the other needs goes first.
        members.sort(key=lambda i: (0 if any(
            prob.movers[j].opts[plan.choice[j]].dest == prob.movers[i].start
            for j in members if j != i) else 1, prob.movers[i].unit))
        first = prob.movers[members[0]]
        fo = first.opts[plan.choice[members[0]]]
        if ps[members[0]].new:
            start = Action("command", -1, fo.entry)
            real = reserve.pop(0)  # the engine deploys the first Cultist in reserve
            unit_steps = {real: steps[first.unit]}
            cells_unit = real
        else:
            start = Action("command", first.unit, 0)
            unit_steps = {prob.movers[i].unit: steps[prob.movers[i].unit] for i in members}
            cells_unit = -1
        power -= first.cost
        for i in members:
            m = prob.movers[i]
            o = m.opts[plan.choice[i]]
            u = cells_unit if cells_unit >= 0 else m.unit
            if m.start >= 0:
                cells[u] = -1
            back = 0
            for atks, counts in ((early_of(m, o.entry), plan.early[i]),
                                 (o.late, plan.late[i])):
                for a, k in zip(atks, counts, strict=True):
                    back += a.back * k
                    for f in a.hits:
                        dmg[f] += a.strength * k
            cells[u] = -1 if back and back >= m.life else o.dest
        for f, foe in enumerate(prob.foes):
            if dmg[f] >= foe.need:
                cells[foe.unit] = -1
        blocks.append(Block(start, unit_steps, signature(s, list(cells), power)))
    return blocks, forced_steps
