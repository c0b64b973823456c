"""The part of an Ascension turn every non-random bot plays the same way.

Cards are played out first, in an order that makes their effects count (constructs and draws
early, the Askara copy last), free construct abilities are used, and every decision an effect
asks for is answered from the shared values. Only the buy phase differs between bots:
subclasses say how they solve the ``BuyProblem`` (``solve_buy``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from ai.ascension.values import (
    SCALE,
    STARTERS,
    BuyPlan,
    BuyProblem,
    Ctx,
    build_buy_problem,
    plan_actions,
    rune_gain,
)
from core.ascension.cards import CardDef, Op
from core.ascension.view import AscensionView
from core.contract import Action

END = Action("end")


def _has(ops: tuple[Op, ...], name: str) -> bool:
    return any(op.name == name or _has(op.then, name) or any(_has(o, name) for o in op.options)
               for op in ops)


def _find_choose(ops: tuple[Op, ...], labels: tuple[str, ...]) -> Op | None:
    for op in ops:
        if op.name == "choose" and op.labels == labels:
            return op
        found = _find_choose(op.then, labels)
        if found is not None:
            return found
        for opt in op.options:
            found = _find_choose(opt, labels)
            if found is not None:
                return found
    return None


# The order of the free part of a turn depends only on the card, so it is worked out once per
# card definition (keyed by identity: the definitions live as long as the process).
BANISH_HAND_PRIO = -1  # "depends on the hand": a starter to banish makes it early
_PLAY_PRIO: dict[int, tuple[CardDef, int]] = {}
_ABILITY_PRIO: dict[tuple[int, int], tuple[CardDef, int | None]] = {}


def _play_priority(card: CardDef) -> int:
    hit = _PLAY_PRIO.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    ops = card.effect
    if card.kind == "construct":
        prio = 0
    elif _has(ops, "copy_hero"):
        prio = 9
    elif _has(ops, "banish_hand"):
        prio = BANISH_HAND_PRIO
    elif _has(ops, "discard_to_draw"):
        prio = 2
    elif _has(ops, "draw"):
        prio = 1
    elif _has(ops, "choose") or _has(ops, "if_hero_played"):
        # A mode choice sees the rest of the hand; a "hero already played" bonus (Runic
        # Lycanthrope, original) needs the other heroes played first.
        prio = 7
    elif _has(ops, "banish_hand_or_discard"):
        prio = 6
    elif _has(ops, "acquire_hero_free") or _has(ops, "defeat_free"):
        prio = 5
    else:
        prio = 4
    _PLAY_PRIO[id(card)] = (card, prio)
    return prio


def _ability_priority(card: CardDef, option: int) -> int | None:
    hit = _ABILITY_PRIO.get((id(card), option))
    if hit is not None and hit[0] is card:
        return hit[1]
    ab = card.abilities[option]
    prio: int | None
    if ab.pay_runes:
        prio = None  # a spending choice: the buy phase weighs it
    elif ab.banish_self:
        prio = 8
    elif _has(ab.effect, "draw"):
        prio = 1
    elif _has(ab.effect, "power_per_mechana_construct"):
        prio = 6
    else:
        prio = 4
    _ABILITY_PRIO[(id(card), option)] = (card, prio)
    return prio


def resources(ops: tuple[Op, ...]) -> tuple[int, int, int]:
    """(Runes, Power, Mechana Runes) that ``ops`` give for sure (choices count as nothing)."""
    runes = power = mech = 0
    for op in ops:
        if op.name == "runes":
            runes += op.n
        elif op.name == "power":
            power += op.n
        elif op.name == "mechana_runes":
            mech += op.n
    return runes, power, mech


class AscensionBot(ABC):
    """Shared play phase and decisions; ``solve_buy`` is the one thing subclasses choose."""

    name = "ascension-base"

    def __init__(self, game: str, seed: int = 0) -> None:
        if game != "ascension":
            raise ValueError(f"the {self.name} bot plays Ascension only, not {game!r}")
        self.game = game
        self.seed = seed

    # --- the interface ----------------------------------------------------------------------

    def choose(self, view: AscensionView, legal: list[Action]) -> Action:
        return self.recommend(view, legal)[0]

    def recommend(self, view: AscensionView, legal: list[Action]
                  ) -> tuple[Action, tuple[Action, ...]]:
        """The action to take now and, in the buy phase, the rest of the turn's plan."""
        if len(legal) == 1:
            return legal[0], (legal[0],)
        if view.pending is not None:
            a = self.answer(self.make_ctx(view), legal)
            return a, (a,)
        # The free part of the turn needs no values, so no Ctx is built for it.
        step = self.play_step(view, legal)
        if step is not None:
            return step, (step,)
        plan = self.buy_plan(self.make_ctx(view))
        if plan and plan[0] in legal:
            return plan[0], (*plan, END)
        return END, (END,)

    def make_ctx(self, view: AscensionView) -> Ctx:
        """The values this bot plays by for ``view``."""
        return Ctx(view)

    # --- buy phase --------------------------------------------------------------------------

    @abstractmethod
    def solve_buy(self, ctx: Ctx, problem: BuyProblem) -> BuyPlan:
        """The plan this bot would follow for ``problem``."""

    def problem(self, ctx: Ctx, runes: int | None = None, power: int | None = None,
                mech: int | None = None, exclude: frozenset[int] = frozenset()
                ) -> BuyProblem:
        """The buy phase as this bot sees it (resources and row overridable for what-ifs)."""
        return build_buy_problem(ctx, runes=runes, power=power, mech_runes=mech,
                                 exclude=exclude)

    def buy_plan(self, ctx: Ctx) -> list[Action]:
        """The whole rest of the turn's buying, in execution order."""
        problem = self.problem(ctx)
        return plan_actions(ctx.v, problem, self.solve_buy(ctx, problem))

    def buy_value(self, ctx: Ctx, runes: int, power: int, mech: int,
                  exclude: frozenset[int] = frozenset()) -> int:
        """Best buy-phase value with these resources (for what-if choices in the turn)."""
        return self.solve_buy(ctx, self.problem(ctx, runes, power, mech, exclude)).value

    @staticmethod
    def turn_resources(ctx: Ctx) -> tuple[int, int, int]:
        """(Runes, Power, Mechana Runes) of the turn once the rest of the hand is played."""
        v = ctx.v
        runes, power, mech = v.runes, v.power, v.mechana_runes
        for u in v.me.hand or ():
            r, p, m = resources(ctx.cards[u].effect)
            runes, power, mech = runes + r, power + p, mech + m
        return runes, power, mech

    # --- play phase -------------------------------------------------------------------------

    def play_priority(self, v: AscensionView, a: Action) -> int | None:
        """Order of the free part of the turn (lower first); None = not a free step."""
        if a.kind == "activate":
            return _ability_priority(v.cards[a.card], a.option)
        if a.kind != "play":
            return None
        prio = _play_priority(v.cards[a.card])
        if prio == BANISH_HAND_PRIO:
            cards = v.cards
            hand = v.me.hand or ()
            starters = any(cards[u].key in STARTERS for u in hand if u != a.card)
            return 3 if starters else 8
        return prio

    def play_step(self, v: AscensionView, legal: list[Action]) -> Action | None:
        best: tuple[int, int, int] | None = None
        pick: Action | None = None
        for a in legal:
            prio = self.play_priority(v, a)
            if prio is None:
                continue
            key = (prio, a.card, a.option)
            if best is None or key < best:
                best, pick = key, a
        return pick

    # --- decisions --------------------------------------------------------------------------

    def answer(self, ctx: Ctx, legal: list[Action]) -> Action:
        d = ctx.v.pending
        assert d is not None
        choices = [a for a in legal if a.kind == "choose"]
        decline = Action("decline") if Action("decline") in legal else None
        handler = getattr(self, f"_answer_{d.kind}", None)
        pick = handler(ctx, [a.card for a in choices]) if handler else None
        if pick is None:
            if decline is not None:
                return decline
            return min(choices)
        return Action("choose", pick)

    @staticmethod
    def _best(items: list[int], score: dict[int, float], floor: float | None = None
              ) -> int | None:
        """Highest score (ties to the lowest uid); None if no score beats ``floor``."""
        if not items:
            return None
        u = max(sorted(items), key=lambda x: score[x])
        if floor is not None and score[u] <= floor:
            return None
        return u

    def _answer_mode(self, ctx: Ctx, choices: list[int]) -> int | None:
        v = ctx.v
        d = v.pending
        assert d is not None
        card = ctx.cards[d.source]
        ops_pool = card.effect + tuple(op for ab in card.abilities for op in ab.effect)
        op = _find_choose(ops_pool, d.labels)
        if op is None:
            return min(choices)
        # Resources still to come from the hand this turn, so the choice sees the whole turn.
        base_r, base_p, base_m = self.turn_resources(ctx)
        score: dict[int, float] = {}
        for i in choices:
            opt = op.options[i]
            r, p, m = resources(opt)
            rest = tuple(o for o in opt if o.name not in ("runes", "power", "mechana_runes"))
            score[i] = self.buy_value(
                ctx, base_r + r, base_p + p, base_m + m) / SCALE + ctx.ops_value(rest)
        return self._best(choices, score)

    def _answer_banish_center(self, ctx: Ctx, choices: list[int]) -> int | None:
        v = ctx.v
        runes = v.runes + v.mechana_runes
        score: dict[int, float] = {}
        for u in choices:
            c = ctx.cards[u]
            mine = (c.power <= v.power) if c.kind == "monster" else (c.cost <= runes)
            # Never throw away what this turn can still take; otherwise deny the next player.
            score[u] = -1.0 if (mine and v.current == ctx.seat) else ctx.deny_value(u)
        return self._best(choices, score, floor=1.0)

    def _thin_pick(self, ctx: Ctx, choices: list[int], forced: bool) -> int | None:
        v = ctx.v
        hand = set(v.me.hand or ())
        score: dict[int, float] = {}
        for u in choices:
            worth = ctx.keep_value(u)
            if u in hand:
                # From the hand it also costs what the card would give this turn.
                worth += ctx.play_value(u) + 0.05
            score[u] = -worth
        if forced:
            return self._best(choices, score)
        if ctx.thin_value() <= 0:
            return None
        cands = [u for u in choices if ctx.cards[u].key in STARTERS]
        if not cands:
            return None
        pick = self._best(cands, score)
        if pick is not None and pick in hand and ctx.play_value(pick) >= ctx.thin_value():
            return None
        return pick

    def _answer_banish_hand_or_discard(self, ctx: Ctx, choices: list[int]) -> int | None:
        return self._thin_pick(ctx, choices, forced=False)

    def _answer_banish_discard(self, ctx: Ctx, choices: list[int]) -> int | None:
        return self._thin_pick(ctx, choices, forced=False)

    def _answer_banish_hand(self, ctx: Ctx, choices: list[int]) -> int | None:
        return self._thin_pick(ctx, choices, forced=True)

    def _answer_discard_to_draw(self, ctx: Ctx, choices: list[int]) -> int | None:
        """The weakest card in hand (the discard is required; a save from before it was
        may still offer to decline, taken when drawing would not beat the card)."""
        v = ctx.v
        me = v.me
        d = v.pending
        assert d is not None
        pick = self._best(choices, {u: -ctx.play_value(u) for u in choices})
        if d.optional and pick is not None and (
                me.deck_count + len(me.discard) == 0 or ctx.play_value(pick) >= d.n * ctx.avg):
            return None
        return pick

    def _monster_worth(self, ctx: Ctx, u: int) -> float:
        return ctx.defeat_value(u) + rune_gain(ctx.cards[u]) * ctx.rune_w

    def _answer_defeat_free(self, ctx: Ctx, choices: list[int]) -> int | None:
        return self._best(choices, {u: self._monster_worth(ctx, u) for u in choices}, 0.0)

    def _answer_acquire_hero_free(self, ctx: Ctx, choices: list[int]) -> int | None:
        return self._best(choices, {u: ctx.acquire_value(u, to_top=True) for u in choices}, 0.0)

    def _answer_copy_hero(self, ctx: Ctx, choices: list[int]) -> int | None:
        return self._best(choices, {u: ctx.ops_value(ctx.cards[u].effect, u) for u in choices})

    def _answer_destroy_construct(self, ctx: Ctx, choices: list[int]) -> int | None:
        # It goes to my discard pile, so its Honor stays mine: only its turns of use are lost.
        return self._best(choices, {u: -ctx.construct_turn_value(ctx.cards[u])
                                    for u in choices})

    def _answer_courier_play(self, ctx: Ctx, choices: list[int]) -> int | None:
        # A construct at work this very turn beats one waiting in the discard pile.
        return choices[0] if choices else None

    def _answer_courier_hand(self, ctx: Ctx, choices: list[int]) -> int | None:
        # In hand it can be played this turn; in the discard pile it waits a reshuffle.
        return choices[0] if choices else None

    def _answer_keep_construct(self, ctx: Ctx, choices: list[int]) -> int | None:
        return self._best(choices, {u: ctx.keep_value(u) for u in choices})

    def _answer_acquire_or_defeat(self, ctx: Ctx, choices: list[int]) -> int | None:
        score = {u: self._monster_worth(ctx, u) if ctx.cards[u].kind == "monster"
                 else ctx.acquire_value(u) for u in choices}
        return self._best(choices, score, 0.0)
