"""FirepeakPlannerBot: searches the turn's two actions for Ascension at Firepeak.

At a turn action it deals ``WORLDS`` worlds consistent with its view (``determinize`` with its
own stream) and scores every pruned candidate action (:func:`ai.firepeak.candidates.candidates`)
by its expected evaluation: dice results are enumerated exactly (scripted dice, with their
probabilities), a Recruit is judged over ``DRAWS`` different kinds of draw per world. With two
actions to go, the best ``TOP_FIRST`` first actions are searched a level deeper: after each
result of the first, the best of the ``TOP_SECOND`` most promising second actions (or none)
is taken, each again scored by its expected evaluation, so the second choice never peeks at
its own dice or draw. The evaluation weighs pattern Power, creatures, how fillable the open
Positions stay for the creatures still to come (placing now against keeping Positions open
for likely draws), the completion race, Dungeon, Guard and Spellbook, against the leading
opponent's. Research is free and taken by rule (a pair that cannot go into the pattern).

Decisions: a placement is tried in every world and the best average kept; an illegal pattern
is resolved by :func:`ai.firepeak.pattern.resolve` to keep the most Power; a spell's target is tried
on copies of the worlds.
"""

from __future__ import annotations

import core.firepeak as F
from ai.firepeak.candidates import candidates, research_pair
from ai.firepeak.decisions import TARGET_KINDS, best_answer, settle
from ai.firepeak.evaluation import begin, evaluate, joint_delta, joint_paused
from ai.firepeak.worlds import deal_world, expected, outcomes, sample_draws
from core.contract import Action
from core.firepeak.state import State
from core.firepeak.view import FirepeakView
from core.rng import Rng

END = Action("end", -1, 0)
WORLDS = 1  # worlds for a turn action: draws and dice are enumerated within each
DECISION_WORLDS = 2  # worlds for a decision (a rescue or a spell's target)
DRAWS = 4
TOP_FIRST = 4
TOP_SECOND = 4
# With four or five players every evaluation scores more tables and the turn budget
# (p95 300 ms) is spent sooner, so the deeper search looks at fewer first and second actions.
CROWD = 4
TOP_CROWDED = 3
SEARCHED_DECISIONS = frozenset({"place", "rescue_pick", *TARGET_KINDS})


class FirepeakPlannerBot:
    name = "planner"

    def __init__(self, game: str = "firepeak", seed: int = 0, worlds: int = WORLDS,
                 decision_worlds: int = DECISION_WORLDS, joint: bool = True) -> None:
        if game != "firepeak":
            raise ValueError(f"the Firepeak {self.name} bot plays Firepeak only, not {game!r}")
        self.game = game
        self.rng = Rng.stream(seed, "bot:firepeak-planner")
        self.worlds = worlds
        self.decision_worlds = decision_worlds
        self.joint = joint
        self.last_values: dict[Action, float] = {}

    def choose(self, view: FirepeakView, legal: list[Action]) -> Action:
        return self.recommend(view, legal)[0]

    def recommend(self, view: FirepeakView, legal: list[Action]
                  ) -> tuple[Action, tuple[Action, ...]]:
        """The action to take now and the rest of the turn's plan (the expected follow-up)."""
        self.last_values = {}
        if len(legal) == 1:
            return legal[0], (legal[0],)
        me = view.seat
        n = self.decision_worlds if view.pending is not None else self.worlds
        worlds = [deal_world(view, self.rng) for _ in range(n)]
        begin(worlds[0], me if self.joint else -1)
        if worlds[0].pending is not None:
            a = self.answer(worlds, me, legal)
            return a, (a,)
        research = research_pair(worlds[0], me, legal)
        if research is not None:
            return research, (research,)
        return self.plan_turn(worlds, me, legal)

    # --- decisions ---------------------------------------------------------------------------

    def answer(self, worlds: list[State], me: int, legal: list[Action]) -> Action:
        d = worlds[0].pending
        assert d is not None
        if d.kind not in SEARCHED_DECISIONS or len(legal) > 40:
            a = Action(d.kind, best_answer(worlds[0], d), 0)
            return a if a in legal else legal[0]
        best, best_v = legal[0], None
        for a in legal:
            v = 0.0
            for w in worlds:
                t = w.copy()
                F.apply(t, a)
                settle(t)
                v += evaluate(t, me)
            self.last_values[a] = v / len(worlds)
            if best_v is None or v > best_v + 1e-9:
                best, best_v = a, v
        return best

    # --- the turn ----------------------------------------------------------------------------

    def plan_turn(self, worlds: list[State], me: int, legal: list[Action]
                  ) -> tuple[Action, tuple[Action, ...]]:
        s0 = worlds[0]
        cands = candidates(s0, legal, me)
        draws = [sample_draws(w, self.rng, DRAWS) for w in worlds]
        values: dict[Action, float] = {}
        for a in cands:
            values[a] = sum(expected(w, a, me, dr, deep=True)
                            for w, dr in zip(worlds, draws, strict=True)) / len(worlds)
        end_v = sum(self._end_value(w, me) for w in worlds) / len(worlds)
        values[END] = end_v
        t0 = s0.turn
        left = t0.actions_left + len(t0.bonus)
        plans: dict[Action, tuple[Action, ...]] = {a: (a,) for a in values}
        if left >= 2 and cands:
            order = sorted(cands, key=lambda a: -values[a])
            rank = {a: i for i, a in enumerate(order)}
            top = TOP_FIRST if s0.n < CROWD else TOP_CROWDED
            for a1 in order[:top]:
                v, follow = self._two_step(worlds, draws, me, a1, rank)
                values[a1] = v
                plans[a1] = (a1, follow) if follow is not None else (a1,)
        self.last_values = dict(values)
        best = max(values, key=values.__getitem__)  # the first of equals: deterministic
        if best not in legal:
            best = END if END in legal else legal[0]
        return best, plans.get(best, (best,))

    def _end_value(self, w: State, me: int) -> float:
        t = w.copy()
        F.apply(t, END)
        settle(t)
        return evaluate(t, me)

    def _two_step(self, worlds: list[State], draws: list[list[int]], me: int, a1: Action,
                  rank: dict[Action, int]) -> tuple[float, Action | None]:
        total = 0.0
        votes: dict[Action, float] = {}
        for w, dr in zip(worlds, draws, strict=True):
            for p, t in outcomes(w, a1, dr, deep=True):
                # The second action is searched without the joint completion model (it
                # would be consulted hundreds of times); the table the first action leaves
                # is still judged with it, so every first action is valued alike.
                delta = joint_delta(t, me)
                with joint_paused():
                    v, a2 = self._best_second(t, me, dr, rank)
                total += p * (v + delta)
                if a2 is not None:
                    votes[a2] = votes.get(a2, 0.0) + p
        follow = max(votes, key=lambda a: votes[a]) if votes else None
        return total / len(worlds), follow

    def _best_second(self, t: State, me: int, draws: list[int], rank: dict[Action, int]
                     ) -> tuple[float, Action | None]:
        stay = evaluate(t, me)
        if t.over or t.current != me or t.pending is not None:
            return stay, None
        legal = F.legal_actions(t)
        cands = candidates(t, legal, me, limit_moves=0)
        cands.sort(key=lambda a: rank.get(a, len(rank)))
        dr = [u for u in draws if u in t.recruit] or None
        best_v, best_a = stay, None
        for a2 in cands[:TOP_SECOND if t.n < CROWD else TOP_CROWDED]:
            v = expected(t, a2, me, dr)
            if v > best_v:
                best_v, best_a = v, a2
        return best_v, best_a
