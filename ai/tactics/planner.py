"""TacticsPlannerBot: each turn's command phase solved as one CP-SAT model, then carried out.

A turn goes: play the hand (card draw first; a hero whose damage or defeat has no enemy in
reach yet waits until the units have moved), buy with Runes (a small CP-SAT knapsack over
the row and the piles: champions bought now can still deploy), then plan every command at
once with :mod:`ai.tactics.model` — which units to command with the Power left, where each
ends, whom each attacks (several attackers' damage adds up), which monsters to buy with
spare Power. The first plan of a turn looks one side ahead: the best plan and a few
next-best ones are played out on copies of the world, the turn is ended, and the next
side's best reply (the same model from its seat) is subtracted from each; the best
difference is carried out. Commands are given one by one: units that vacate a cell (or a
portal) others need go first, attackers before plain movers. The expected board after each
command is remembered; when the real one differs (a Treasure saved a target, a Slay paid
Power, a decision moved a portal) the rest is planned again from where things stand. A
command the bot did not plan (a free command from a card) is planned on the spot with that
unit forced. Decisions are answered by :func:`ai.tactics.evaluation.answer`.

The bot draws only from its own stream (``bot:tactics-planner``) to deal its world from
the view; the models run with a fixed seed and one worker, so a fresh bot gives the same
answer to the same view (hints rely on it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ai.tactics import evaluation as ev
from ai.tactics import model as tm
from core.contract import Action
from core.rng import Rng
from core.tactics import combat
from core.tactics.state import State, side_order
from core.tactics.view import TacticsView

DONE = Action("done", -1, 0)
S = 100  # model points per evaluation point
PRESENCE = 0.8  # a unit brought onto the battlefield (it can act from there next turn)
MONSTER = 0.5  # a monster bought with Power the units could have used (commands come first)
MAX_PLANS = 12  # re-plans per turn (each after a surprise); a loop guard, never reached


@dataclass
class Block:
    """One command: the action that starts it and the steps of each figure it moves."""

    start: Action
    steps: dict[int, list[Action]]  # unit -> its steps (deploy, attacks, move, done)
    expect: tuple[int, ...]  # the board signature expected once it is over


@dataclass
class TurnPlan:
    problem: tm.CommandProblem | None = None
    plan: tm.CommandPlan | None = None
    pieces: list[ev.Piece] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    buys: list[int] = field(default_factory=list)  # monster uids to acquire afterwards


def signature(s: State, cells: list[int] | None = None, power: int | None = None
              ) -> tuple[int, ...]:
    """What the plan relies on: every unit's cell and the Power left."""
    c = cells if cells is not None else [u.cell for u in s.units]
    return (*c, s.seats[s.current].power if power is None else power)


@dataclass(frozen=True)
class Style:
    """Multipliers on the shared weights of :mod:`ai.tactics.evaluation` for one planner."""

    kill: float = 1.0
    risk: float = 1.0
    ctrl: float = 1.0
    deny: float = 1.0
    hold: float = 1.0
    pot: float = 1.0
    presence: float = PRESENCE
    monster: float = MONSTER
    loss: float = 1.0


STEADY = Style()
# The look-ahead: how many next-best plans are weighed against the enemy's best reply.
ALTERNATIVES = 3  # next-best plans (each must differ in some command) also weighed
BIG_MODEL = 70  # options in a model above which fewer alternatives are weighed
REPLY = 0.7  # weight of the enemy's best reply against our own plan's value
REPLY_KEEP = 3
REPLY_DET = 0.3  # deterministic-time cap of a reply model (its value is all that is used)


def _plan_key(plan: tm.CommandPlan) -> tuple[object, ...]:
    return (plan.choice, plan.early, plan.late, plan.buys)


def play_out(sim: State, me: int, blocks: list[Block], buys: list[int]) -> None:
    """Carry out ``blocks`` on ``sim`` (every seat's decisions answered by the shared
    judgement), buy ``buys``, and end the turn."""
    import core.tactics as T

    guard = 0

    def settle() -> None:
        nonlocal guard
        while sim.pending and not sim.over and guard < 400:
            guard += 1
            d = sim.pending[-1]
            T.apply(sim, ev.answer(sim, d.seat, T.legal_actions(sim)))

    steps: dict[int, list[Action]] = {}
    for b in blocks:
        settle()
        if sim.over or sim.cmd is not None:
            break
        if b.start not in T.legal_actions(sim):
            continue
        steps.update({u: list(v) for u, v in b.steps.items()})
        T.apply(sim, b.start)
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
            T.apply(sim, a if a in legal else (DONE if DONE in legal else legal[0]))
    settle()
    if sim.over or sim.cmd is not None:
        return
    for uid in buys:
        a = Action("acquire", uid, 0)
        if a in T.legal_actions(sim):
            T.apply(sim, a)
            settle()
    if not sim.over and sim.cmd is None and not sim.pending:
        T.apply(sim, Action("end", -1, 0))
        settle()


def build_problem(s: State, seat: int, keep: int = 6, style: Style = STEADY,
                  power: int | None = None
                  ) -> tuple[tm.CommandProblem, list[ev.Piece], list[int]]:
    """The command phase of ``seat`` now as a model problem (and the pieces and foe units
    behind its indexes). ``power``: plan with this much instead of what the seat holds."""
    side = s.side_of[seat]
    power = s.seats[seat].power if power is None else power
    th = ev.threats(s, side)
    ps = ev.pieces(s, seat, power, keep, th)
    foe_units = ev.enemies(s, side)
    fidx = {t: i for i, t in enumerate(foe_units)}
    weight = [ev.foe_weight(s, x) for x in range(len(s.honor))]
    foes = tuple(tm.Foe(t, s.units[t].cell, s.side_of[s.units[t].seat], ev.hp(s, t),
                        round(S * style.kill * ev.kill_value(s, t)
                              * weight[s.side_of[s.units[t].seat]]))
                 for t in foe_units)
    movers = []
    mover_units = {p.unit for p in ps}
    for p in ps:
        kv = ev.kill_value(s, p.unit)
        spd = combat.speed(s, p.unit)
        life_full = combat.defense(s, p.unit)

        def risk_of(cell: int, kv: float = kv, life_full: int = life_full
                    ) -> tuple[int, tuple[int, ...]]:
            lethal = th.lethal(cell, life_full)
            if lethal:
                return (round(S * style.risk * ev.RISK * kv),
                        tuple(fidx.get(t, -1) for t in lethal))
            if th.total(cell) >= life_full:
                return round(S * style.risk * ev.RISK_MANY * kv), (-1,)
            return 0, ()

        early = tuple((e, tuple(tm.Atk(tuple(fidx[t] for t in st.hits), st.strength, st.back)
                                for st in sts)) for e, sts in p.early)
        opts = []
        for mv in p.moves:
            gain = style.pot * ev.potential(s, side, mv.dest, spd) + ev.cell_bonus(
                s, side, mv.dest)
            if p.start < 0:
                gain += style.presence
            risk, rf = risk_of(mv.dest)
            late = tuple(tm.Atk(tuple(fidx[t] for t in st.hits), st.strength, st.back)
                         for st in mv.late)
            opts.append(tm.Opt(mv.entry, mv.dest, round(S * gain), risk, rf, late,
                               not th.lethal(mv.dest, life_full)))
        idle_gain, idle_risk, idle_rf = 0, 0, ()
        if p.start >= 0:
            idle_gain = round(S * style.pot * ev.potential(s, side, p.start, spd))
            idle_risk, idle_rf = risk_of(p.start)
        life = ev.hp(s, p.unit) if p.start >= 0 else life_full
        movers.append(tm.Mover(p.unit, p.group, p.cost, p.start, life,
                               round(S * style.loss * ev.loss_value(s, p.unit)), p.attacks,
                               early,
                               tuple(opts), idle_gain, idle_risk, idle_rf,
                               p.start < 0 or not th.lethal(p.start, life_full)))
    shrines = []
    for c in ev.live_shrines(s):
        area = ev.shrine_area(s, c)
        fixed = [s.occupant[a] for a in area
                 if s.occ_side[a] == side and s.occupant[a] not in mover_units]
        safe = sum(1 for u in fixed if not th.lethal(s.units[u].cell, combat.defense(s, u)))
        h = s.map.shrine_honor[c]
        # Denying a shrine is worth most against the strongest side standing around it.
        rivals = {s.occ_side[a] for a in area} - {-1, side}
        dw = max((weight[r] for r in rivals), default=1.0)
        shrines.append(tm.ShrineSpec(c, area, h, round(S * style.ctrl * ev.CTRL * h),
                                     round(S * style.deny * ev.DENY * h * dw), len(fixed),
                                     round(S * style.hold * ev.HOLD * h), safe))
    legal_buys = []
    for u in s.row:
        if u >= 0 and s.cards[u].kind == "monster" and s.cards[u].power_cost <= power:
            v = style.monster * ev.card_value(s, u)
            if v > 0:
                legal_buys.append(tm.Buy(u, s.cards[u].power_cost, round(S * v)))
    prob = tm.CommandProblem(power, tuple(movers), foes, tuple(shrines), tuple(legal_buys),
                             s.honor[side], winning_honor(s, side), round(S * ev.WIN),
                             round(S * ev.POWER_SPENT))
    return prob, ps, foe_units


def winning_honor(s: State, side: int) -> int:
    """The Honor that wins the game at the end of ``side``'s turn. Where the scenario evens
    out turns only the round's last side can win at once (close enough: it wins when it has
    the goal and the most Honor, which the model does not check)."""
    if s.scen.rules.get("equal_turns") and side != side_order(s)[-1]:
        return 1 << 30
    return s.scen.victory_honor


def _attack_actions(atks: tuple[tm.Atk, ...], counts: tuple[int, ...], area: bool,
                    foes: tuple[tm.Foe, ...]) -> list[Action]:
    out = []
    for a, k in zip(atks, counts, strict=True):
        for _ in range(k):
            out.append(Action("attack", -1 if area else foes[a.hits[0]].unit, 0))
    return out


def make_blocks(s: State, seat: int, prob: tm.CommandProblem, plan: tm.CommandPlan,
                ps: list[ev.Piece]) -> tuple[list[Block], dict[int, list[Action]]]:
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
        acts += _attack_actions(tm.early_of(m, o.entry), plan.early[i], ps[i].area, prob.foes)
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
            for atks, counts in ((tm.early_of(m, o.entry), plan.early[i]),
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


class TacticsPlannerBot:
    name = "planner"

    def __init__(self, game: str = "tactics", seed: int = 0, keep: int = 6,
                 style: Style = STEADY, reply: bool = True, alternatives: int = ALTERNATIVES
                 ) -> None:
        if game != "tactics":
            raise ValueError(f"the Tactics {self.name} bot plays Tactics only, not {game!r}")
        self.game = game
        self.rng = Rng.stream(seed, "bot:tactics-planner")
        self.keep = keep
        self.style = style
        self.reply = reply
        self.alternatives = alternatives
        self.turn_key: tuple[int, int] = (-1, -1)
        self.blocks: list[Block] = []
        self.steps: dict[int, list[Action]] = {}
        self.expect: tuple[int, ...] | None = None
        self.buys: list[int] = []
        self.plans = 0
        self.switched = -1
        self.last: TurnPlan | None = None

    def choose(self, view: TacticsView, legal: list[Action]) -> Action:
        return self.recommend(view, legal)[0]

    # --- the whole decision ------------------------------------------------------------------

    def recommend(self, view: TacticsView, legal: list[Action]
                  ) -> tuple[Action, tuple[Action, ...]]:
        """The action to take now and the rest of the plan it belongs to."""
        if len(legal) == 1:
            return legal[0], (legal[0],)
        s = ev.world(view, self.rng)
        me = view.seat
        if s.pending:
            a = ev.answer(s, me, legal, self.rng)
            return a, (a,)
        key = (s.turn_no, s.current)
        if key != self.turn_key:
            self.turn_key = key
            self.blocks, self.steps, self.expect, self.buys = [], {}, None, []
            self.plans = 0
        if s.cmd is not None:
            return self._command_step(s, me, legal)
        return self._main(s, me, legal)

    def _command_step(self, s: State, me: int, legal: list[Action]
                      ) -> tuple[Action, tuple[Action, ...]]:
        cmd = s.cmd
        assert cmd is not None
        u = cmd.unit
        if u not in self.steps:
            self._plan(s, me)
        queue = self.steps.get(u, [])
        while queue:
            a = queue[0]
            if a in legal:
                queue.pop(0)
                return a, (a, *queue)
            queue.pop(0)  # no longer possible (a target already fell): skip it
        done = Action("done", -1, 0)
        return (done, (done,)) if done in legal else (legal[0], (legal[0],))

    def _main(self, s: State, me: int, legal: list[Action]) -> tuple[Action, tuple[Action, ...]]:
        p = s.seats[me]
        a = ev.play_choice(s, me, legal, hold_targeted=self.plans == 0 or bool(self.blocks))
        if a is not None:
            return a, (a,)
        a = self._rune_buy(s, legal, p.runes)
        if a is not None:
            return a, (a,)
        if (self.expect is None or signature(s) != self.expect) and self.plans < MAX_PLANS:
            self._plan(s, me)
        while self.blocks:
            b = self.blocks[0]
            if b.start in legal:
                self.blocks.pop(0)
                self.steps.update(b.steps)
                self.expect = b.expect
                rest = [b.start] + [x for st in b.steps.values() for x in st]
                rest += [x.start for x in self.blocks]
                return b.start, tuple(rest)
            self.blocks.pop(0)
        while self.buys:
            uid = self.buys.pop(0)
            a = Action("acquire", uid, 0)
            if a in legal:
                return a, (a,)
        a = ev.play_choice(s, me, legal, hold_targeted=False)
        if a is not None:
            return a, (a,)
        end = ev.team_step(s, me, legal, self.switched == s.turn_no)
        if end.kind == "switch":
            self.switched = s.turn_no
        return end, (end,)

    # --- planning ----------------------------------------------------------------------------

    def _plan(self, s: State, me: int) -> None:
        """Plan the commands. The first plan of a turn looks one side ahead: the model's
        best plan and its next-best alternatives (each must differ in some command) are
        each played out on a copy of the world and the turn ended there; the next side's
        best reply (the same model, from its seat, with the Power its hand likely gives) is
        subtracted from each plan's own value, and the best difference is carried out.
        A re-plan after a surprise, or a command already under way, plans without it."""
        self.plans += 1
        base, ps, _ = build_problem(s, me, self.keep, self.style)
        plan = tm.solve(base)
        if self.reply and s.cmd is None and self.plans == 1:
            plan = self._look_ahead(s, me, base, plan, ps)
        blocks, forced = make_blocks(s, me, base, plan, ps)
        self.blocks = blocks
        self.steps = dict(forced)
        self.buys = [base.buys[k].card for k in plan.buys]
        self.expect = signature(s)
        self.last = TurnPlan(base, plan, ps, list(blocks), list(self.buys))

    def _look_ahead(self, s: State, me: int, base: tm.CommandProblem, plan: tm.CommandPlan,
                    ps: list[ev.Piece]) -> tm.CommandPlan:
        cands = [plan]
        seen = {_plan_key(plan)}
        excluded = [plan.choice]
        size = sum(len(m.opts) for m in base.movers)
        # Big positions take longer to solve: fewer alternatives (a deterministic budget, so
        # the same position always gets the same answer).
        alts = self.alternatives if size <= BIG_MODEL else max(1, self.alternatives // 2)
        for _ in range(alts):
            alt = tm.solve(base, tuple(excluded))
            excluded.append(alt.choice)
            if _plan_key(alt) not in seen:
                seen.add(_plan_key(alt))
                cands.append(alt)
        if len(cands) == 1:
            return plan
        best: tuple[float, int] | None = None
        for i, pl in enumerate(cands):
            score = pl.value - REPLY * self._reply(s, me, base, pl, ps)
            if best is None or score > best[0]:
                best = (score, i)
        assert best is not None
        return cands[best[1]]

    def _reply(self, s: State, me: int, prob: tm.CommandProblem, plan: tm.CommandPlan,
               ps: list[ev.Piece]) -> float:
        """The value (model points) of the next side's best command plan after ``plan`` is
        carried out and the turn ended, on a copy of the world; a win for us is minus the
        victory bonus, a loss plus it."""
        sim = s.copy()
        blocks, _ = make_blocks(sim, me, prob, plan, ps)
        my_side = s.side_of[me]
        play_out(sim, me, blocks, [prob.buys[k].card for k in plan.buys])
        if sim.over:
            return -prob.win if my_side in sim.winners else prob.win
        opp = sim.current
        if sim.side_of[opp] == my_side:
            return 0.0
        power = sim.seats[opp].power + sum(
            o.n for u in sim.seats[opp].hand for o in sim.cards[u].effect if o.op == "power")
        rp, _, _ = build_problem(sim, opp, REPLY_KEEP, STEADY, power)
        reply = tm.solve(rp, tie_break=False, det_limit=REPLY_DET)
        return reply.value + S * (sim.honor[sim.side_of[opp]] - s.honor[sim.side_of[opp]])

    def _rune_buy(self, s: State, legal: list[Action], runes: int) -> Action | None:
        opts = [(a, c, v) for a, c, v in ev.rune_buys(s, legal) if v > 0 and c <= runes]
        if not opts:
            return None
        items = []
        for a, c, v in opts:
            count = 1
            if a.card in (ev.MYSTIC_PILE, ev.HEAVY_PILE):
                pile = s.mystics if a.card == ev.MYSTIC_PILE else s.heavies
                count = min(len(pile), runes // max(1, c))
            items.append(tm.BuyItem(a.card, a.option, c, round(S * v), count))
        # Most valuable first, so the first item bought is the heart of the plan.
        order = sorted(range(len(items)), key=lambda i: (-items[i].value, i))
        items = [items[i] for i in order]
        counts = tm.solve_buys(tuple(items), runes)
        for it, k in zip(items, counts, strict=True):
            if k > 0:
                return Action("acquire", it.key, it.option)
        return None
