"""PlannerBot: plays out its hand like the greedy bot, then buys by an exact CP-SAT plan.

At the buy phase one CP-SAT model (``ai.ascension.buy_model``) picks the best set of acquisitions,
defeats and paid abilities for the turn's Runes and Power. Beyond the greedy bot's values
the planner also weighs:

- what the plan leaves in the center row for the next player: that player's hidden hand is
  sampled a few times from the view (``determinize`` with the bot's own stream), and the
  model pays for the best row card each sampled hand could afford next turn (or the
  expected refill of a slot the plan empties);
- the end of the game: when the plan can empty the Honor pool, it compares the final scores
  (seats still to play this round get a sampled last turn) and either ends a won game with
  the most Honor or keeps a lost one going;
- the race: tokens are worth a little more when ahead (they hasten the end), less behind;
- free takes (Arha Templar, Druids, Avatar of the Fallen): each candidate is judged with
  the best buy plan that remains without it.
- its own horizon (``PlannerCtx``): it expects the game to last as long as measured games
  do, so cards that pay back over many hands weigh more than in the shared values, and a
  Power gains on a Rune as the game goes on; the next player is still judged by the shared
  values.
- what self-play says a card is worth (``card_worth``): half of each card's worth to the
  planner comes from a table learned from greedy games, the other half from its own values.

The plan is executed step by step and solved again when the position changes (a refilled
slot, cards drawn by a reward); answers are cached because they are a pure function of the
problem.
"""

from __future__ import annotations

from dataclasses import replace

from ai.ascension.card_worth import PLAYERS, learned_worth
from ai.ascension.policy import AscensionBot, resources
from ai.ascension.values import (
    SCALE,
    BuyItem,
    BuyPlan,
    BuyProblem,
    Ctx,
    Threat,
    ThreatFn,
    build_buy_problem,
    defeat_trigger_ready,
    plan_actions,
    plan_honor,
    plan_tokens,
    row_defeat,
    rune_gain,
    scaled,
)
from core.ascension.view import AscensionView, determinize
from core.contract import Action
from core.rng import Rng

CACHE_SIZE = 256
THREAT_SAMPLES = 6
# Share of the next player's best row pick that the plan counts against itself: less than
# one because the max of one pick overstates what a single card changes in a race.
DENY_WEIGHT = 0.6
LAST_TURN_GAIN = 5.0  # Honor a seat without sampled hand is assumed to add in one turn
# Extra worth of a token per 10 Honor of lead (capped at +-1): small, it only tips choices.
LEAD_TOKEN_WEIGHT = 0.3
PLANNER_FUTURE_RATE = 2.0  # tokens a seat takes per turn, at least, in the planner's horizon
# How much a Power gains in worth from the first turn to the last (the shared values: 0.15).
PLANNER_POWER_SLOPE = 0.5
# Share of a card's worth taken from the table learned by self-play (``card_worth``), the
# rest from the hand-written values: half and half beat either alone (see PlannerCtx).
LEARNED_SHARE = 0.5


class PlannerCtx(Ctx):
    """The values the planner plays by (the opponent model keeps the shared ``Ctx``).

    A longer horizon than the shared values: two-player games measured run about 15 turns a
    seat, about 2 tokens a seat-turn, so the shared floor of 2.6 made the early game look
    shorter than it is and undervalued the cards that pay back over many hands.

    Power worth nearly an Honor by the end: late in the game a Power buys Honor almost one
    for one (a monster's reward, two Power for a Cultist's token) while a Rune buys a card
    with few hands left to play it, so the planner lets Power gain on Runes faster than the
    shared values do. Against greedy on seeds never tuned on (970001-972000, 2 players, seats
    alternated): 1,233 of 2,000 games, 61.7 % (95 % 59.5-63.8 %), where the shared slope
    won 1,194, 59.7 % (57.5-61.8 %).
    """

    future_rate = PLANNER_FUTURE_RATE
    power_slope = PLANNER_POWER_SLOPE

    def acquire_value(self, uid: int, to_top: bool = False) -> float:
        """Half the hand-written worth, half what self-play says owning the card is worth.

        The learned table knows what the formula misses (an early engine construct such as
        Voidthirster or Muramasa decides many games); the formula knows this deck and this
        turn. In the last round only Honor counts, and the formula says so exactly. Against
        greedy on seeds never tuned on (990001-992000, 993001-995000, 996001-998000, 2
        players, seats alternated): 3,940 of 6,000 games, 65.7 % (95 % 64.5-66.9 %); on the
        first and last sets the formula alone won 2,516 of 4,000, 62.9 % (61.4-64.4 %).
        """
        own = super().acquire_value(uid, to_top)
        v = self.v
        if v.ending or self.rounds <= 0 or len(v.players) != PLAYERS:
            return own
        worth = learned_worth(v.edition, self.cards[uid].key, self.progress)
        if worth is None:
            return own
        return LEARNED_SHARE * worth + (1.0 - LEARNED_SHARE) * own


class PlannerBot(AscensionBot):
    name = "planner"

    def __init__(self, game: str, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.rng = Rng.stream(seed, "bot:planner")
        # Plans are a pure function of the problem, so caching them changes no answer; it
        # only spares a solve when the same what-if comes up again in a turn.
        self._plans: dict[tuple, BuyPlan] = {}
        self._hands_key: tuple = ()
        self._hands: list[tuple[int, int]] = []

    def make_ctx(self, view: AscensionView) -> Ctx:
        return PlannerCtx(view)

    # --- solving ----------------------------------------------------------------------------

    def solve_buy(self, ctx: Ctx, problem: BuyProblem) -> BuyPlan:
        key = problem.signature()
        plan = self._plans.get(key)
        if plan is None:
            from ai.ascension import buy_model

            plan = buy_model.solve(problem)
            if len(self._plans) >= CACHE_SIZE:
                self._plans.clear()
            self._plans[key] = plan
        return plan

    def problem(self, ctx: Ctx, runes: int | None = None, power: int | None = None,
                mech: int | None = None, exclude: frozenset[int] = frozenset()
                ) -> BuyProblem:
        problem = build_buy_problem(ctx, runes=runes, power=power, mech_runes=mech,
                                    threats=self._threat_fn(ctx), exclude=exclude)
        return self._race(ctx, problem)

    def _race(self, ctx: Ctx, problem: BuyProblem) -> BuyProblem:
        """Tokens bring the end closer: worth a little more when ahead, less when behind."""
        v = ctx.v
        if not LEAD_TOKEN_WEIGHT or v.ending or v.current != ctx.seat:
            return problem
        me = v.players[ctx.seat]
        # Heroes played this turn are off the owner's card count until the turn ends.
        mine = me.honor + me.card_honor + sum(v.cards[u].honor for u in v.played)
        rival = max(p.honor + p.card_honor for j, p in enumerate(v.players) if j != ctx.seat)
        lead = max(-1.0, min(1.0, (mine - rival) / 10.0))
        items = tuple(replace(it, value=it.value + scaled(LEAD_TOKEN_WEIGHT * lead * it.tokens))
                      if it.tokens else it for it in problem.items)
        return replace(problem, items=items)

    # --- free takes, judged with the rest of the turn ---------------------------------------

    def _free_take(self, ctx: Ctx, choices: list[int], to_top: bool) -> int | None:
        """The free card or monster that leaves the best turn: its own worth plus the best
        buy plan without it (a monster's Rune reward joins the turn's Runes); None if
        taking nothing is better."""
        runes, power, mech = self.turn_resources(ctx)
        score: dict[int, float] = {}
        for u in choices:
            card = ctx.cards[u]
            if card.kind == "monster":
                own = ctx.defeat_value(u)
                extra = rune_gain(card)
            else:
                own = ctx.acquire_value(u, to_top=to_top)
                extra = 0
            rest = self.buy_value(ctx, runes + extra, power, mech, frozenset({u}))
            score[u] = own + rest / SCALE
        floor = self.buy_value(ctx, runes, power, mech) / SCALE
        return self._best(choices, score, floor)

    def _answer_defeat_free(self, ctx: Ctx, choices: list[int]) -> int | None:
        return self._free_take(ctx, choices, to_top=False)

    def _answer_acquire_hero_free(self, ctx: Ctx, choices: list[int]) -> int | None:
        return self._free_take(ctx, choices, to_top=True)

    def _answer_acquire_or_defeat(self, ctx: Ctx, choices: list[int]) -> int | None:
        return self._free_take(ctx, choices, to_top=False)

    # --- the end of the game -----------------------------------------------------------------

    def buy_plan(self, ctx: Ctx) -> list[Action]:
        problem = self.problem(ctx)
        problem, plan = self._endgame(ctx, problem, self.solve_buy(ctx, problem))
        return plan_actions(ctx.v, problem, plan)

    def _endgame(self, ctx: Ctx, problem: BuyProblem, plan: BuyPlan
                 ) -> tuple[BuyProblem, BuyPlan]:
        """Empty the pool now if that wins; never empty it into a loss if it can be avoided.

        Emptying the pool ends the game when this round does, so a plan that can is judged
        by the final scores (the seats still to play this round get an estimated last turn)
        rather than by the cards' future worth.
        """
        v = ctx.v
        pool = v.honor_pool
        if v.ending or v.extra_turn or v.current != ctx.seat or pool <= 0:
            return problem, plan
        bonus = self._defeat_bonus_tokens(v)
        if sum(it.tokens * it.max_count for it in problem.items) + bonus < pool:
            return problem, plan
        me = v.players[ctx.seat]
        mine = me.honor + me.card_honor + sum(v.cards[u].honor for u in v.played)
        later = range(v.current + 1, len(v.players))
        rival = max(p.honor + p.card_honor + (self._last_turn_gain(v, j) if j in later else 0)
                    for j, p in enumerate(v.players) if j != ctx.seat)
        final = self.make_ctx(v)
        final.rounds = 0.0  # nothing after this round: only Honor counts
        end = replace(build_buy_problem(final), min_tokens=pool)
        end_plan = self.solve_buy(final, end)
        end_bonus = bonus if row_defeat(end, end_plan.counts) else 0
        if end_plan.feasible and mine + plan_honor(end, end_plan.counts) + end_bonus > rival:
            return end, end_plan
        defeats = row_defeat(problem, plan.counts)
        if plan_tokens(problem, plan.counts) + (bonus if defeats else 0) >= pool:
            keep = replace(problem, max_tokens=pool - 1 - bonus)
            keep_plan = self.solve_buy(ctx, keep)
            if keep_plan.feasible:
                return keep, keep_plan
        return problem, plan

    @staticmethod
    def _defeat_bonus_tokens(v: AscensionView) -> int:
        """Tokens my constructs' defeat triggers still give this turn (Voidthirster)."""
        total = 0
        for c in v.players[v.current].constructs:
            for i, trig in enumerate(v.cards[c].triggers):
                if defeat_trigger_ready(v, c, i, trig):
                    total += sum(op.n for op in trig.effect if op.name == "honor")
        return total

    def _last_turn_gain(self, v: AscensionView, seat: int) -> float:
        """Honor a seat is expected to add in one more turn (its sampled hands, if next)."""
        if seat == self._next_seat(v):
            hands = self._opponent_hands(v, seat)
            return 1.0 + sum(0.8 * p + 0.5 * r for r, p in hands) / len(hands)
        return LAST_TURN_GAIN

    # --- what the next player could take -----------------------------------------------------

    def _next_seat(self, v: AscensionView) -> int | None:
        """Who moves after this turn, if that is somebody else and the game goes on."""
        n = len(v.players)
        if v.extra_turn or (v.ending and v.current == n - 1):
            return None
        return (v.current + 1) % n

    def _opponent_hands(self, v: AscensionView, opp: int) -> list[tuple[int, int]]:
        """(Runes, Power) of the next player's hidden hand in a few sampled deals, per turn."""
        key = (v.current, opp, tuple(p.turns for p in v.players), v.extra_turn)
        if key == self._hands_key:
            return self._hands
        pv = v.players[opp]
        cycle = list(pv.unseen) + list(pv.discard)
        per_r = per_p = 0.0
        if cycle:
            for u in cycle:
                r, p, _ = resources(v.cards[u].effect)
                per_r, per_p = per_r + r, per_p + p
            per_r, per_p = per_r / len(cycle), per_p / len(cycle)
        base_r = base_p = 0
        for c in pv.constructs:
            for ab in v.cards[c].abilities:
                if not ab.pay_runes and not ab.banish_self:
                    r, p, m = resources(ab.effect)
                    base_r, base_p = base_r + r + m, base_p + p
        hands = []
        for _ in range(THREAT_SAMPLES):
            s = determinize(v, self.rng)
            runes, power = float(base_r), float(base_p)
            for u in s.players[opp].hand:
                card = v.cards[u]
                r, p, _ = resources(card.effect)
                drawn = sum(op.n for op in card.effect if op.name == "draw")
                runes += r + drawn * per_r
                power += p + drawn * per_p
            hands.append((int(runes + 0.5), int(power + 0.5)))
        self._hands_key, self._hands = key, hands
        return hands

    def _threat_fn(self, ctx: Ctx) -> ThreatFn | None:
        v = ctx.v
        opp = self._next_seat(v)
        if opp is None or opp == ctx.seat or v.current != ctx.seat:
            return None
        hands = self._opponent_hands(v, opp)
        octx = Ctx(v, seat=opp)
        cards = v.cards
        worth: dict[str, float] = {}

        def deny(u: int) -> float:
            key = cards[u].key
            if key not in worth:
                worth[key] = octx.deny_value(u)
            return worth[key]

        weight = DENY_WEIGHT / len(hands)
        row = [u for u in v.center_row if u >= 0]
        unseen = list(v.center_unseen)

        def fn(items: tuple[BuyItem, ...]) -> tuple[Threat, ...]:
            planned = {it.uid for it in items if it.row}
            out = []
            for runes, power in hands:
                # A row card only threatens by how much it beats what is always on offer.
                base = 0.0
                if v.mystics and cards[v.mystics[-1]].cost <= runes:
                    base = max(base, deny(v.mystics[-1]))
                if v.heavies and cards[v.heavies[-1]].cost <= runes:
                    base = max(base, deny(v.heavies[-1]))
                if cards[v.cultist].power <= power:
                    base = max(base, deny(v.cultist))

                def gain(u: int, runes: int = runes, power: int = power,
                         base: float = base) -> float:
                    c = cards[u]
                    ok = c.power <= power if c.kind == "monster" else c.cost <= runes
                    return max(0.0, deny(u) - base) if ok else 0.0

                floor = max((gain(u) for u in row if u not in planned), default=0.0)
                refill = sum(gain(u) for u in unseen) / len(unseen) if unseen else 0.0
                out.append(Threat(
                    scaled(floor * weight),
                    tuple(scaled(gain(it.uid) * weight) if it.row else 0 for it in items),
                    scaled(refill * weight)))
            return tuple(out)

        return fn
