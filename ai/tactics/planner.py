"""TacticsPlannerBot: each turn's command phase solved as one CP-SAT model, then carried out.

A turn goes: play the hand (card draw first; a hero whose damage or defeat has no enemy in
reach yet waits until the units have moved), buy with Runes (a small CP-SAT knapsack over
the row and the piles, :mod:`ai.tactics.rune_knapsack`: champions bought now can still
deploy), then plan every command at once — the board read as a problem
(:mod:`ai.tactics.command_framing`) and solved by :mod:`ai.tactics.command_model`: which
units to command with the Power left, where each ends, whom each attacks (several attackers'
damage adds up), which monsters to buy with spare Power. The first plan of a turn looks one
side ahead: the best plan and a few next-best ones are played out on copies of the world,
the turn is ended, and the next side's best reply (the same model from its seat) is
subtracted from each; the best difference is carried out. Commands are given one by one, in
the order :mod:`ai.tactics.command_blocks` finds: units that vacate a cell (or a portal)
others need go first, attackers before plain movers. The expected board after each command
is remembered; when the real one differs (a Treasure saved a target, a Slay paid Power, a
decision moved a portal) the rest is planned again from where things stand. A command the
bot did not plan (a free command from a card) is planned on the spot with that unit forced.
Decisions are answered by :func:`ai.tactics.decisions.answer`.

The bot draws only from its own stream (``bot:tactics-planner``) to deal its world from
the view (``determinize``: it never peeks at hidden cards nor draws from the game's
generator); the models run with a fixed seed and one worker, so a fresh bot gives the same
answer to the same view (hints rely on it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ai.tactics.boss import BossPlayer
from ai.tactics.command_blocks import Block, make_blocks, play_out, signature
from ai.tactics.command_framing import STEADY, Style, build_problem
from ai.tactics.command_model import solve
from ai.tactics.command_problem import CommandPlan, CommandProblem
from ai.tactics.decisions import answer
from ai.tactics.main_phase import play_choice, rune_buys, team_step
from ai.tactics.reach import Piece
from ai.tactics.rune_knapsack import BuyItem, solve_buys
from ai.tactics.weights import S
from core.contract import Action
from core.rng import Rng
from core.tactics.state import HEAVY_PILE, MYSTIC_PILE, State
from core.tactics.view import TacticsView, determinize

MAX_PLANS = 12  # re-plans per turn (each after a surprise); a loop guard, never reached
# The look-ahead: how many next-best plans are weighed against the enemy's best reply.
ALTERNATIVES = 3  # next-best plans (each must differ in some command) also weighed
BIG_MODEL = 70  # options in a model above which fewer alternatives are weighed
REPLY = 0.7  # weight of the enemy's best reply against our own plan's value
REPLY_KEEP = 3
REPLY_DET = 0.3  # deterministic-time cap of a reply model (its value is all that is used)


@dataclass
class TurnPlan:
    """The last plan made: its problem, the solver's plan, the pieces behind the problem's
    movers, the commands to give and the monsters to buy (hints read it to explain)."""

    problem: CommandProblem | None = None
    plan: CommandPlan | None = None
    pieces: list[Piece] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    buys: list[int] = field(default_factory=list)  # monster uids to acquire afterwards


def _plan_key(plan: CommandPlan) -> tuple[object, ...]:
    """What makes two plans the same plan (the value may be judged differently)."""
    return (plan.choice, plan.early, plan.late, plan.buys)


class TacticsPlannerBot:
    """Plans each turn's commands as one CP-SAT model with a one-side look-ahead."""

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
        # Become the Boss: Schemes chosen as ordered pairs by play-outs, Villains by CP-SAT.
        self.boss = BossPlayer(pairs=True)

    def choose(self, view: TacticsView, legal: list[Action]) -> Action:
        """The action to take now."""
        return self.recommend(view, legal)[0]

    # --- the whole decision ------------------------------------------------------------------

    def recommend(self, view: TacticsView, legal: list[Action]
                  ) -> tuple[Action, tuple[Action, ...]]:
        """The action to take now and the rest of the plan it belongs to."""
        if len(legal) == 1:
            return legal[0], (legal[0],)
        s = determinize(view, self.rng)
        me = view.seat
        if s.villain is not None and s.villain.boss_seat == me:
            a = self.boss.act(s, me, legal)
            return a, (a,)
        if s.pending:
            a = answer(s, me, legal, self.rng)
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
        a = play_choice(s, me, legal, hold_targeted=self.plans == 0 or bool(self.blocks))
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
        a = play_choice(s, me, legal, hold_targeted=False)
        if a is not None:
            return a, (a,)
        end = team_step(s, me, legal, self.switched == s.turn_no)
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
        plan = solve(base)
        if self.reply and s.cmd is None and self.plans == 1:
            plan = self._look_ahead(s, me, base, plan, ps)
        blocks, forced = make_blocks(s, me, base, plan, ps)
        self.blocks = blocks
        self.steps = dict(forced)
        self.buys = [base.buys[k].card for k in plan.buys]
        self.expect = signature(s)
        self.last = TurnPlan(base, plan, ps, list(blocks), list(self.buys))

    def _look_ahead(self, s: State, me: int, base: CommandProblem, plan: CommandPlan,
                    ps: list[Piece]) -> CommandPlan:
        cands = [plan]
        seen = {_plan_key(plan)}
        excluded = [plan.choice]
        size = sum(len(m.opts) for m in base.movers)
        # Big positions take longer to solve: fewer alternatives (a deterministic budget, so
        # the same position always gets the same answer).
        alts = self.alternatives if size <= BIG_MODEL else max(1, self.alternatives // 2)
        for _ in range(alts):
            alt = solve(base, tuple(excluded))
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

    def _reply(self, s: State, me: int, prob: CommandProblem, plan: CommandPlan,
               ps: list[Piece]) -> float:
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
        reply = solve(rp, tie_break=False, det_limit=REPLY_DET)
        return reply.value + S * (sim.honor[sim.side_of[opp]] - s.honor[sim.side_of[opp]])

    def _rune_buy(self, s: State, legal: list[Action], runes: int) -> Action | None:
        opts = [(a, c, v) for a, c, v in rune_buys(s, legal) if v > 0 and c <= runes]
        if not opts:
            return None
        items = []
        for a, c, v in opts:
            count = 1
            if a.card in (MYSTIC_PILE, HEAVY_PILE):
                pile = s.mystics if a.card == MYSTIC_PILE else s.heavies
                count = min(len(pile), runes // max(1, c))
            items.append(BuyItem(a.card, a.option, c, round(S * v), count))
        # Most valuable first, so the first item bought is the heart of the plan.
        order = sorted(range(len(items)), key=lambda i: (-items[i].value, i))
        items = [items[i] for i in order]
        counts = solve_buys(tuple(items), runes)
        for it, k in zip(items, counts, strict=True):
            if k > 0:
                return Action("acquire", it.key, it.option)
        return None
