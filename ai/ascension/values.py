"""Card values the Ascension bots share, and the buy-phase problem they all solve.

Every value is in *Honor-equivalents*: a card's printed Honor counts one for one, and the
Runes, Power and draws it will give in future hands are converted at a rate that depends on
how much of the game is left. Everything here reads only a seat's view, never the State.

The buy phase is phrased as a small knapsack (``BuyProblem``): items to acquire, monsters to
defeat and rune-paid construct abilities, each with an integer-scaled value, over the turn's
Runes, Mechana-only Runes, Reactor Monk discount and Power. The greedy bot fills it in
priority order; the planner solves it exactly with CP-SAT (``ai.ascension.buy_model``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from core.ascension.cards import CardDef, Op, Trigger
from core.ascension.effects import TRIGGER_SLOT, counts_as_mechana, row_defeat_done
from core.ascension.view import AscensionView
from core.contract import Action

SCALE = 1000  # values are integers in thousandths of an Honor-equivalent
HAND = 5
STARTERS = frozenset({"apprentice", "militia"})
# Tokens leave the pool faster as decks improve, so the rate seen so far understates the
# future one: the estimate never assumes fewer than FUTURE_RATE tokens per player-turn
# (about what the bots take in mid game).
FUTURE_RATE = 2.6


class Ctx:
    """What the values depend on, computed once per decision from one seat's view.

    The exchange rates are class attributes so that a bot can play by its own rates (a
    subclass) while the opponent model keeps the shared ones.
    """

    future_rate = FUTURE_RATE
    rune_w0, rune_slope = 0.55, -0.15
    power_w0, power_slope = 0.45, 0.15

    def __init__(self, v: AscensionView, seat: int | None = None) -> None:
        self.v = v
        self.seat = v.seat if seat is None else seat
        self.cards = v.cards
        n = len(v.players)
        tokens = sum(p.honor for p in v.players)
        turns = sum(p.turns for p in v.players)
        rate = max(self.future_rate, tokens / max(1, turns))
        pool0 = max(1, int(v.options.get("honor_pool", 1)))
        self.progress = min(1.0, max(0.0, 1.0 - v.honor_pool / pool0))
        # My turns still to come after this one: none once the last round has begun.
        self.rounds = 0.0 if v.ending else max(0.0, v.honor_pool / (rate * n) - 0.5)
        # Early Runes compound (they buy the cards that make more Runes); late, Power turns
        # into Honor more directly, so the exchange rates drift with the game's progress.
        self.rune_w = self.rune_w0 + self.rune_slope * self.progress
        self.power_w = self.power_w0 + self.power_slope * self.progress
        me = v.players[self.seat]
        cycle = list(me.unseen) + list(me.discard)
        if me.hand is not None:
            cycle += list(me.hand)
        if v.current == self.seat:
            cycle += list(v.played)
        self.cycle = cycle
        self.size = max(1, len(cycle))
        self.deck_count = me.deck_count
        self.my_constructs = list(me.constructs)
        self._opp_constructs = [
            list(p.constructs) for i, p in enumerate(v.players) if i != self.seat]
        self.lifebound_share = sum(
            1 for u in cycle if self.cards[u].faction == "lifebound") / self.size
        # Draw value needs the deck's average card, which itself counts draws: one
        # fixed-point step from a neutral guess is plenty for a heuristic.
        self.avg = 0.5
        self.avg = sum(self.play_value(u) for u in cycle) / self.size

    # --- what a card does when played --------------------------------------------------------

    def ops_value(self, ops: tuple[Op, ...], source: int = -1) -> float:
        """Immediate worth of running ``ops`` in a turn of mine, in Honor-equivalents."""
        total = 0.0
        for op in ops:
            total += self._op_value(op, source)
        return total

    def _op_value(self, op: Op, source: int) -> float:
        name = op.name
        if name == "runes":
            return op.n * self.rune_w
        if name == "power":
            return op.n * self.power_w
        if name == "mechana_runes":
            return op.n * self.rune_w * 0.6
        if name == "honor":
            return float(op.n)
        if name == "draw":
            return op.n * self.avg
        if name == "choose":
            return max(self.ops_value(o, source) for o in op.options)
        if name == "discard_to_draw":
            return max(0.0, (op.n - 1) * self.avg) + 0.1
        if name in ("banish_hand_or_discard", "banish_discard"):
            return self.thin_value()
        if name == "banish_hand":
            return self.thin_value() * 0.7
        if name == "banish_center":
            return 0.25
        if name == "defeat_free":
            return 0.45 * min(op.n, 6)
        if name == "acquire_hero_free":
            return 0.35 * min(op.n, 6)
        if name == "copy_hero":
            return 1.0
        if name in ("with_other_hero", "if_hero_played"):
            return 0.5 * self.ops_value(op.then, source)
        if name == "if_constructs":
            return (1.0 if len(self.my_constructs) >= op.n else 0.3) * self.ops_value(
                op.then, source)
        if name == "honor_per_construct_faction":
            return max(0.5, float(len({self.cards[c].faction for c in self.my_constructs})))
        if name == "construct_discount":
            return 0.3 * op.n
        if name == "extra_turn":
            return HAND * self.avg + 1.0
        if name == "power_per_mechana_construct":
            mech = sum(1 for c in self.my_constructs
                       if counts_as_mechana(self.cards, self.my_constructs, c))
            return self.power_w * max(1, mech)
        if name == "steal_random_card":
            return 0.5 * (len(self.v.players) - 1)
        if name == "acquire_or_defeat_free":
            return 3.0
        if name == "opponents_destroy_construct":
            return self._opp_destroy_value()
        if name == "opponents_keep_one_construct":
            return self._opp_keep_one_value()
        return 0.0

    def play_value(self, uid: int) -> float:
        """Worth of the card showing up in one of my hands."""
        card = self.cards[uid]
        if card.kind == "construct":
            # A construct drawn gives nothing that turn but works every turn after, and
            # leaves the cycle: roughly a good card's worth, capped so it does not dominate.
            return min(2.0, 1.5 * self.construct_turn_value(card))
        return self.ops_value(card.effect, uid)

    def construct_turn_value(self, card: CardDef) -> float:
        """What a construct in play adds to each of my turns."""
        total = 0.0
        # How likely a hand holds a hero of the faction an ability or trigger waits for.
        chance = min(1.0, HAND * self.lifebound_share)
        for ab in card.abilities:
            if ab.banish_self:
                continue
            worth = self.ops_value(ab.effect)
            if ab.pay_runes:
                worth = 0.5 * max(0.0, worth - ab.pay_runes * self.rune_w)
            if ab.needs_hero:
                worth *= chance
            total += worth
        for trig in card.triggers:
            if trig.on == "play_hero":
                total += (chance if trig.faction else 1.0) * self.ops_value(trig.effect)
            elif trig.on == "construct_enters":
                total += 0.15 * self.avg
            elif trig.on == "defeat_center_monster":
                total += 0.6 * self.ops_value(trig.effect)
            elif trig.on == "acquire_construct":
                total += 0.3
        if card.passive == "all_mechana":
            total += 0.2 * len(self.my_constructs)
        return total

    # --- acquiring, defeating, thinning -------------------------------------------------------

    def acquire_value(self, uid: int, to_top: bool = False) -> float:
        """Worth of adding card ``uid`` to my cards now (to the discard, or on my deck)."""
        card = self.cards[uid]
        delay = 0.0 if to_top else self.deck_count / HAND + self.size / (2 * HAND)
        live = max(0.0, self.rounds - delay)
        if card.kind == "construct":
            once = [ab for ab in card.abilities if ab.banish_self]
            if once:
                # A one-shot construct (Tablet): worth the better of using it or keeping it.
                use = max(self.ops_value(ab.effect) for ab in once) if live > 0 else 0.0
                return max(float(card.honor), use) - (self.avg if live > 0 else 0.0)
            turns = max(0.0, live - 0.5)
            return card.honor + turns * self.construct_turn_value(card) - (
                self.avg if live > 0 else 0.0)
        plays = live * HAND / (self.size + 1)
        if to_top and self.rounds > 0:
            plays += 1.0
        return card.honor + plays * (self.play_value(uid) - self.avg)

    def defeat_value(self, uid: int) -> float:
        """Worth of defeating monster ``uid``, without its Rune reward (see ``rune_gain``)."""
        card = self.cards[uid]
        ops = tuple(op for op in card.effect if op.name != "runes")
        value = self.ops_value(ops, uid)
        if any(op.name == "acquire_or_defeat_free" for op in ops):
            value += self._best_free_take(uid) - 3.0
        return value

    def _best_free_take(self, source: int) -> float:
        best = 0.0
        for u in self.v.center_row:
            if u < 0 or u == source:
                continue
            c = self.cards[u]
            worth = (self.defeat_value(u) + rune_gain(c) * self.rune_w if c.kind == "monster"
                     else self.acquire_value(u))
            best = max(best, worth)
        return best

    def thin_value(self) -> float:
        """Worth of sending my weakest starter to the Void (nothing once the game ends)."""
        if self.rounds <= 0:
            return 0.0
        if not any(self.cards[u].key in STARTERS for u in self.cycle):
            return 0.0
        worst = min(self.play_value(u) for u in self.cycle if self.cards[u].key in STARTERS)
        # Thinning pays off as the deck improves, so measure against a better-than-now deck.
        target = max(self.avg, 0.8)
        plays = self.rounds * HAND / max(HAND, self.size - 1)
        return min(2.5, plays * max(0.0, target - worst))

    def keep_value(self, uid: int) -> float:
        """Worth of keeping one of my own cards (low for starters: banish those first)."""
        card = self.cards[uid]
        if card.kind == "construct":
            return card.honor + max(0.0, self.rounds) * self.construct_turn_value(card)
        plays = self.rounds * HAND / self.size
        return card.honor + plays * self.play_value(uid) + 0.01 * self.play_value(uid)

    def _opp_destroy_value(self) -> float:
        # Each opponent puts the construct they value least (their pick) into their discard
        # pile: its Honor stays theirs, its use is lost until it is drawn and played again.
        total = 0.0
        for cons in self._opp_constructs:
            if cons:
                total += 0.6 * min(2.0 * self.construct_turn_value(self.cards[c])
                                   for c in cons)
        return total

    def _opp_keep_one_value(self) -> float:
        total = 0.0
        for cons in self._opp_constructs:
            if len(cons) > 1:
                worths = sorted(self.construct_turn_value(self.cards[c]) for c in cons)
                total += 0.8 * sum(worths[:-1])
        return total

    def deny_value(self, uid: int) -> float:
        """Roughly what the next player would gain from center-row card ``uid``."""
        card = self.cards[uid]
        if card.kind == "monster":
            return self.defeat_value(uid) + rune_gain(card) * self.rune_w
        return self.acquire_value(uid)


def rune_gain(card: CardDef) -> int:
    """Runes a monster's reward gives at once (spendable in the same turn)."""
    return sum(op.n for op in card.effect if op.name == "runes") if card.kind == "monster" else 0


def scaled(x: float) -> int:
    return int(round(x * SCALE))


# --- the buy phase as a knapsack -----------------------------------------------------------

@dataclass(frozen=True)
class BuyItem:
    """One thing the turn's resources can buy, up to ``max_count`` times.

    ``kind`` is "acquire", "defeat" or "activate"; ``uid`` is the card (for a pile, its top
    card now), ``option`` the ability index of an activation. ``mechana`` marks a Mechana
    construct (payable with Mechana-only Runes), ``construct`` any construct (discountable).
    """

    kind: str
    uid: int
    option: int
    max_count: int
    cost: int
    power: int
    rune_gain: int
    value: int
    construct: bool = False
    mechana: bool = False
    pile: str = ""
    cultist: bool = False
    tokens: int = 0  # Honor tokens it takes from the pool (what brings the game's end)
    honor: int = 0  # Honor it adds to my score: tokens plus printed Honor of a card bought

    @property
    def row(self) -> bool:
        """A center-row card: taking it leaves a refill in its slot for the next player."""
        return self.kind != "activate" and not self.pile and not self.cultist


@dataclass(frozen=True)
class Threat:
    """What the next player could take from the row in one sampled hand of theirs.

    The plan pays the largest of ``floor`` (row cards it cannot touch) and, per row item,
    ``per_item[i]`` if the item is left or ``refill`` (the expected new card) if taken.
    Values are already weighted and divided by the number of samples.
    """

    floor: int
    per_item: tuple[int, ...]
    refill: int


@dataclass(frozen=True)
class BuyProblem:
    runes: int
    mech_runes: int
    power: int
    discount: int
    items: tuple[BuyItem, ...]
    first_defeat_bonus: int = 0  # paid by a plan that defeats a center-row monster
    threats: tuple[Threat, ...] = ()
    # Bounds on the tokens a plan takes (max -1 = none): the planner's end-of-game variants
    # "empty the pool now" and "keep the game going" are the same model with these set.
    min_tokens: int = 0
    max_tokens: int = -1

    def signature(self) -> tuple:
        return (self.runes, self.mech_runes, self.power, self.discount, self.items,
                self.first_defeat_bonus, self.threats, self.min_tokens, self.max_tokens)


@dataclass(frozen=True)
class BuyPlan:
    counts: tuple[int, ...]
    discounted: int  # index of the item that gets the discount, or -1
    value: int
    feasible: bool = True  # False: the problem's token bounds cannot be met


def build_buy_problem(ctx: Ctx, runes: int | None = None, power: int | None = None,
                      mech_runes: int | None = None,
                      threats: ThreatFn | None = None,
                      exclude: frozenset[int] = frozenset()) -> BuyProblem:
    """The current buy phase of ``ctx``'s seat (resources and row overridable for what-ifs:
    ``exclude`` drops center-row cards, as if already taken)."""
    v = ctx.v
    cards = v.cards
    runes = v.runes if runes is None else runes
    power = v.power if power is None else power
    mech = v.mechana_runes if mech_runes is None else mech_runes
    # No plan can spend more than this, so it bounds the pile counts and prunes the row.
    gains_bound = runes + mech + sum(
        rune_gain(cards[u]) for u in v.center_row
        if u >= 0 and u not in exclude and cards[u].kind == "monster"
        and cards[u].power <= power) + rune_gain(cards[v.cultist]) * (
        power // cards[v.cultist].power)
    items: list[BuyItem] = []
    mine = v.players[ctx.seat].constructs
    for u in sorted(u for u in v.center_row if u >= 0 and u not in exclude):
        card = cards[u]
        if card.kind == "monster":
            if card.power <= power:
                items.append(BuyItem("defeat", u, 0, 1, 0, card.power, rune_gain(card),
                                     scaled(ctx.defeat_value(u)), tokens=card.reward_honor,
                                     honor=card.reward_honor))
            continue
        if card.cost - (v.discount if card.kind == "construct" else 0) > gains_bound:
            continue
        value = scaled(ctx.acquire_value(u))
        if value > 0:
            construct = card.kind == "construct"
            items.append(BuyItem("acquire", u, 0, 1, card.cost, 0, 0, value,
                                 construct=construct,
                                 mechana=construct and counts_as_mechana(cards, mine, u),
                                 honor=card.honor))
    for pile, whole in (("mystics", v.mystics), ("heavies", v.heavies)):
        # A pile's top taken for free (Druids, Cetra) leaves the card under it on offer.
        uids = [u for u in whole if u not in exclude]
        if not uids:
            continue
        top = uids[-1]
        cost = cards[top].cost
        value = scaled(ctx.acquire_value(top))
        count = min(len(uids), gains_bound // max(1, cost))
        if value > 0 and count > 0:
            items.append(BuyItem("acquire", top, 0, count, cost, 0, 0, value, pile=pile,
                                 honor=cards[top].honor))
    cult = cards[v.cultist]
    if cult.power <= power:
        items.append(BuyItem("defeat", v.cultist, 0, power // cult.power, 0, cult.power,
                             rune_gain(cult), scaled(ctx.defeat_value(v.cultist)),
                             cultist=True, tokens=cult.reward_honor, honor=cult.reward_honor))
    if v.current == ctx.seat:
        for c in sorted(v.players[ctx.seat].constructs):
            for i, ab in enumerate(cards[c].abilities):
                if ab.pay_runes and (c, i) not in v.used and ab.pay_runes <= gains_bound:
                    value = scaled(ctx.ops_value(ab.effect, c))
                    if value > 0:
                        tokens = sum(op.n for op in ab.effect if op.name == "honor")
                        items.append(BuyItem("activate", c, i, 1, ab.pay_runes, 0, 0, value,
                                             tokens=tokens, honor=tokens))
    bonus = 0
    for c in mine:
        for i, trig in enumerate(cards[c].triggers):
            if defeat_trigger_ready(v, c, i, trig):
                bonus += scaled(ctx.ops_value(trig.effect, c))
    built = tuple(items)
    return BuyProblem(runes, mech, power, v.discount, built, bonus,
                      threats(built) if threats is not None else ())


def defeat_trigger_ready(v: AscensionView, c: int, i: int, trig: Trigger) -> bool:
    """Whether trigger ``i`` of construct ``c`` (Voidthirster's) still pays on a center-row
    defeat this turn: unused, and not limited to a turn's first one that already came."""
    return (trig.on == "defeat_center_monster" and (c, TRIGGER_SLOT + i) not in v.used
            and not (trig.first and row_defeat_done(v.used)))


def row_defeat(problem: BuyProblem, counts: tuple[int, ...]) -> bool:
    """Whether a plan defeats a center-row monster (what sets off the defeat bonus)."""
    return any(k for it, k in zip(problem.items, counts, strict=True)
               if it.kind == "defeat" and not it.cultist)


def plan_cost(problem: BuyProblem, counts: tuple[int, ...], discounted: int) -> tuple[int, int]:
    """(Runes needed from ordinary Runes, total Runes needed) of a plan, after the discount."""
    plain = mech = 0
    for i, (item, k) in enumerate(zip(problem.items, counts, strict=True)):
        cost = item.cost * k
        if i == discounted:
            cost -= min(item.cost, problem.discount)
        if item.mechana:
            mech += cost
        else:
            plain += cost
    return plain + max(0, mech - problem.mech_runes), plain + mech


def plan_tokens(problem: BuyProblem, counts: tuple[int, ...]) -> int:
    return sum(it.tokens * k for it, k in zip(problem.items, counts, strict=True))


def plan_honor(problem: BuyProblem, counts: tuple[int, ...]) -> int:
    return sum(it.honor * k for it, k in zip(problem.items, counts, strict=True))


def plan_feasible(problem: BuyProblem, counts: tuple[int, ...], discounted: int) -> bool:
    power = sum(it.power * k for it, k in zip(problem.items, counts, strict=True))
    if power > problem.power:
        return False
    tokens = plan_tokens(problem, counts)
    if tokens < problem.min_tokens or 0 <= problem.max_tokens < tokens:
        return False
    gain = sum(it.rune_gain * k for it, k in zip(problem.items, counts, strict=True))
    plain, _ = plan_cost(problem, counts, discounted)
    return plain <= problem.runes + gain


def best_discount(problem: BuyProblem, counts: tuple[int, ...]) -> int:
    """The construct that should take the discount: the dearest chosen one (lowest index)."""
    best, best_cost = -1, -1
    for i, (item, k) in enumerate(zip(problem.items, counts, strict=True)):
        if item.construct and k and problem.discount and min(item.cost, problem.discount) > \
                best_cost:
            best, best_cost = i, min(item.cost, problem.discount)
    return best


def threat_cost(problem: BuyProblem, counts: tuple[int, ...]) -> int:
    """What the plan leaves the next player, summed over the sampled hands."""
    total = 0
    for th in problem.threats:
        worst = th.floor
        for item, k, t in zip(problem.items, counts, th.per_item, strict=True):
            if item.row:
                worst = max(worst, th.refill if k else t)
        total += worst
    return total


def plan_value(problem: BuyProblem, counts: tuple[int, ...]) -> int:
    """The objective every solver maximises (integer, so exact optimum checks are possible)."""
    value = sum(it.value * k for it, k in zip(problem.items, counts, strict=True))
    if problem.first_defeat_bonus and row_defeat(problem, counts):
        value += problem.first_defeat_bonus
    return value - threat_cost(problem, counts)


def greedy_buy(problem: BuyProblem, rune_w: float) -> BuyPlan:
    """Priority buying: best defeats for Power first, then best affordable buys for Runes.

    It grows a plan one item at a time, so it is meant for problems without a token floor.
    """
    items = problem.items
    counts = [0] * len(items)

    def fits() -> bool:
        t = tuple(counts)
        return plan_feasible(problem, t, best_discount(problem, t))

    defeat_rank = sorted(
        (i for i, it in enumerate(items) if it.kind == "defeat"),
        key=lambda i: (-(items[i].value + scaled(items[i].rune_gain * rune_w)), items[i].uid))
    buy_rank = sorted((i for i, it in enumerate(items) if it.kind != "defeat"),
                      key=lambda i: (-items[i].value, items[i].uid))
    for rank in (defeat_rank, buy_rank):
        progress = True
        while progress:
            progress = False
            for i in rank:
                if counts[i] < items[i].max_count:
                    counts[i] += 1
                    if fits():
                        progress = True
                        break
                    counts[i] -= 1
    t = tuple(counts)
    return BuyPlan(t, best_discount(problem, t), plan_value(problem, t))


ThreatFn = Callable[[tuple[BuyItem, ...]], tuple[Threat, ...]]


def plan_actions(v: AscensionView, problem: BuyProblem, plan: BuyPlan) -> list[Action]:
    """The plan as actions in an order that is always affordable.

    Defeats come first (their Rune rewards pay for buys), then the discounted construct (the
    discount goes to the next construct acquired), then center-row buys, then the piles (they
    never change, so buying them last lets a re-plan use what the refills reveal), then
    paid abilities.
    """
    acts: list[Action] = []
    piles = {"mystics": list(v.mystics), "heavies": list(v.heavies)}
    order = sorted(range(len(problem.items)), key=lambda i: (
        {"defeat": 0, "acquire": 1, "activate": 2}[problem.items[i].kind],
        i != plan.discounted, bool(problem.items[i].pile), problem.items[i].uid))
    for i in order:
        item = problem.items[i]
        for _ in range(plan.counts[i]):
            if item.kind == "defeat":
                acts.append(Action("defeat", item.uid))
            elif item.kind == "activate":
                acts.append(Action("activate", item.uid, item.option))
            elif item.pile:
                acts.append(Action("acquire", piles[item.pile].pop()))
            else:
                acts.append(Action("acquire", item.uid))
    return acts
