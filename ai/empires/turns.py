"""The choices of a turn, judged the same way by every Empires bot: an answer or a
manoeuvre by the table it leaves (``evaluation``), a flick by where its searched aims land
(``flicks``), the action of the turn by playing the turn out on a copy, attacks by striking
them on a copy. ``Style`` holds what makes one bot stronger than another: its weights, how
hard it searches a flick, and how many goals it searches."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from math import isqrt

from ai.empires.evaluation import GREEDY, Weights, drift_worth, evaluate, location_worth
from ai.empires.flicks import ORBIT, QUICK, RAM, Budget, Goal, Landing, Shot, Table, search
from ai.empires.solo_value import ROBOT, ship_pull
from ai.empires.strike_turns import strike_turns
from ai.empires.strikes import planned_strike
from core.contract import Action
from core.empires import apply, legal_actions, why_illegal
from core.empires.maneuvers import flick_reason
from core.empires.occupancy import orbit_of
from core.empires.placing import location_discs
from core.empires.state import State
from core.empires.technology import advanced_name
from core.empires.turn import ACTIONS
from core.rng import Rng

END = Action("end")
STEP_LIMIT = 12  # actions a turn's play-out takes at most before it is judged
GAIN = 0.05  # the least gain worth an action (ties and noise go to ending)
# The least gain worth a flick: its chances are estimated from a few sampled nudges, and the
# best of many noisy estimates looks better than it is (ships would wander to and fro).
FLICK_GAIN = 0.2


@dataclass(frozen=True)
class Style:
    weights: Weights = GREEDY
    budget: Budget = QUICK
    goals: int = 6  # goals searched per ship, the most promising first
    boost: bool = False  # whether boosting is weighed
    strikes: bool = False  # whether a turn's play-out goes on through its attacks
    # Whether the best thing other than ending is done even at a loss: a bot whose table has
    # not moved for turns takes it (see ``greedy.PATIENCE``), or two bots that each judge
    # every move a loss would end their turns for ever and the game never end.
    restless: bool = False
    plan_strikes: bool = False  # whether strikes at two targets or more are planned whole


@dataclass(frozen=True)
class Pick:
    """A choice and why: its gain in value, and for a flick the shot searched."""

    action: Action
    gain: float
    shot: Shot | None = None


def one_ply(s: State, seat: int, actions: Iterable[Action], w: Weights,
            finish: bool = False) -> list[tuple[float, Action]]:
    """Each action's value after taking it on a copy (and ``end`` after it, if ``finish``).
    An action the dealt world refuses is left out: the hidden discs dealt there may differ
    from the real ones (where the robots may go, for one)."""
    out = []
    for a in actions:
        if why_illegal(s, a) is not None:
            continue
        c = s.copy()
        apply(c, a)
        if finish and c.to_move == seat and c.phase == "attack" and not c.pending:
            apply(c, END)
        out.append((evaluate(c, seat, w), a))
    return out


def company(s: State, seat: int, ship: int) -> dict[int, int]:
    """How many of ``seat``'s ships other than ``ship`` orbit each location."""
    out: dict[int, int] = {}
    for d in s.discs:
        if d.kind == "ship" and d.owner == seat and d.id != ship:
            i = orbit_of(d)
            if i >= 0:
                out[i] = out.get(i, 0) + 1
    return out


def landing_worth(s: State, seat: int, landing: Landing, w: Weights,
                  others: dict[int, int] | None = None, ship: int = -1) -> float:
    if landing.kind == ORBIT:
        if landing.where >= 0:
            return w.ship + location_worth(s, landing.where, seat, w, (others or {}).get(
                landing.where, 0)) + ship_pull(s, ship, landing.where)
        return w.ship + drift_worth(s, landing.x, landing.y, seat, w)
    if landing.kind == RAM:
        target = next((d for d in s.discs if d.id == landing.where), None)
        if target is not None and target.kind == "robot":
            return w.ship_home + ROBOT  # a robot rammed goes back to the supply (solo)
        if target is None or target.kind != "ship":
            return w.ship_home  # a warship stands; the ship goes home
        there = orbit_of(target)
        theirs = w.ship + (location_worth(s, there, target.owner, w) if there >= 0 else 0)
        return w.ship_home + theirs
    return w.ship_home


def goals_for(s: State, seat: int, ship: int, w: Weights) -> list[tuple[float, Goal]]:
    """Every goal for ``ship`` with the worth of reaching it, best first."""
    d = next(x for x in s.discs if x.id == ship)
    here = orbit_of(d)
    others = company(s, seat, ship)
    out = []
    for i in range(len(s.locations)):
        if i != here:
            worth = location_worth(s, i, seat, w, others.get(i, 0)) + ship_pull(s, ship, i)
            if worth > 0:
                out.append((w.ship + worth, Goal(ORBIT, i)))
    if advanced_name(ship) != "juggernaut":
        for x in s.discs:
            if x.kind == "ship" and x.owner != seat and x.owner >= 0 or x.kind == "robot":
                out.append((landing_worth(s, seat, Landing(RAM, x.id), w), Goal(RAM, x.id)))
    def promise(g: tuple[float, Goal]) -> tuple[float, str, int]:
        # The nearer of two equal goals first: it is the likelier to be reached.
        x, y = _goal_spot(s, g[1])
        far = isqrt((x - d.x) ** 2 + (y - d.y) ** 2) / FAR
        return (-(g[0] - far), g[1].kind, g[1].target)

    out.sort(key=promise)
    return out


FAR = 60000  # a goal this far off (600 mm) counts 1 VP less when choosing which to search


def _goal_spot(s: State, goal: Goal) -> tuple[int, int]:
    if goal.kind == ORBIT:
        loc = location_discs()[goal.target]
        return loc.x, loc.y
    other = next(x for x in s.discs if x.id == goal.target)
    return other.x, other.y


def best_flick(s: State, seat: int, rng: Rng, style: Style) -> Pick | None:
    """The flick with the best expected gain over where each ship is now."""
    w = style.weights
    table = Table(s)
    best: Pick | None = None
    for d in s.discs:
        if d.kind != "ship" or d.owner != seat or flick_reason(s, d.id) is not None:
            continue
        here = orbit_of(d)
        others = company(s, seat, d.id)
        now = w.ship + (location_worth(s, here, seat, w, others.get(here, 0))
                        + ship_pull(s, d.id, here) if here >= 0
                        else drift_worth(s, d.x, d.y, seat, w))
        goals = [g for worth, g in goals_for(s, seat, d.id, w)
                 if worth > now + FLICK_GAIN or style.restless]
        for goal in goals[:style.goals]:
            shot = search(s, d.id, goal, rng, style.budget, table)
            gain = sum(landing_worth(s, seat, x, w, others, d.id) for x in shot.landings) / len(
                shot.landings) - now
            if best is None or gain > best.gain:
                best = Pick(Action("flick", d.id, shot.option), gain, shot)
    return best


def act_step(s: State, seat: int, legal: list[Action], rng: Rng, style: Style) -> Pick:
    """The best thing to do now while taking an action (or ``end``)."""
    w = style.weights
    base = evaluate(s, seat, w)
    others = [a for a in legal if a.kind not in ("flick", "end", "boost", "reposition")]
    others += strike_turns(s, seat, legal)
    if style.restless:
        # Only a choice that changes the table is a way out of a still game (putting the
        # Phaseship down where it stands is not, and was taken turn after turn).
        now = table_of(s)
        others = [a for a in others if _changes(s, a, now)]
    best = Pick(END, 0.0)
    for value, a in one_ply(s, seat, others, w):
        if a.kind == "discover":
            value = max(value, _after_discovery(s, seat, a, w))
        if value - base > best.gain + GAIN or style.restless and best.action == END:
            best = Pick(a, value - base)
    if any(a.kind == "flick" for a in legal):
        flick = best_flick(s, seat, rng, style)
        if flick is not None and (flick.gain > best.gain + FLICK_GAIN or style.restless
                                  and best.action == END):
            best = flick
    if best.action == END and style.boost and Action("boost") in legal:
        c = s.copy()
        apply(c, Action("boost"))
        again = act_step(c, seat, legal_actions(c), rng,
                         Style(w, style.budget, style.goals, strikes=style.strikes))
        if again.gain > w.energy + GAIN:
            return Pick(Action("boost"), again.gain - w.energy)
    return best


def _changes(s: State, a: Action, now: tuple[object, ...]) -> bool:
    if why_illegal(s, a) is not None:
        return False
    c = s.copy()
    apply(c, a)
    return table_of(c) != now


def _after_discovery(s: State, seat: int, discover: Action, w: Weights) -> float:
    """The best value a discovery leads to with the manoeuvre it opens (a landing on the
    planet turned, most often): judged alone, a discovery that turns up nothing worth
    having would never be made, and the ship would orbit its unturned disc for ever."""
    c = s.copy()
    apply(c, discover)
    if c.to_move != seat or c.pending:
        return evaluate(c, seat, w)
    nexts = [a for a in legal_actions(c) if a.kind not in _NOT_MANOEUVRES]
    return max([v for v, _ in one_ply(c, seat, nexts, w)], default=evaluate(c, seat, w))


_NOT_MANOEUVRES = ("flick", "end", "boost", "reposition", "discover")


def play_out(s: State, seat: int, rng: Rng, style: Style, strikes: bool = False) -> State:
    """The rest of the acting phase of ``seat``'s turn played on ``s`` by ``act_step``
    (and, if ``strikes``, its attacks by ``attack_step``)."""
    for _ in range(STEP_LIMIT):
        if s.to_move != seat or s.phase != "act":
            break
        legal = legal_actions(s)
        if s.pending:
            scored = one_ply(s, seat, legal, style.weights)
            pick = max(scored, key=lambda x: x[0])[1] if scored else legal[0]
        else:
            pick = act_step(s, seat, legal, rng, style).action
            # Restless for one choice only, as the bot itself is (``greedy``).
            style = replace(style, restless=False) if style.restless else style
        apply(s, pick)
        if pick == END:
            break
    while strikes and s.to_move == seat and s.phase == "attack" and not s.pending:
        pick = attack_step(s, seat, legal_actions(s), style).action
        apply(s, pick)
        if pick == END:
            break
    return s


def choose_action(s: State, seat: int, rng: Rng, style: Style) -> Pick:
    """The action of the turn whose play-out leaves the best table (the play-outs aim their
    flicks straight: the full search is kept for the flick actually made)."""
    base = evaluate(s, seat, style.weights)
    ahead = Style(style.weights, QUICK, style.goals, style.boost, style.strikes,
                  restless=style.restless)
    best: Pick | None = None
    still: Pick | None = None  # restless: the best of the actions that change nothing
    before = table_of(s) if style.restless else None
    # Under New Era each of the four actions is weighed, as it always was; the Classic rules
    # offer only actions with something to do, and only those can be taken.
    choices = ([Action("choose", k) for k in range(len(ACTIONS))] if s.classic is None
               else [a for a in legal_actions(s) if a.kind == "choose"])
    for choice in choices:
        c = s.copy()
        apply(c, choice)
        value = evaluate(play_out(c, seat, rng, ahead, style.strikes), seat, style.weights)
        if before is not None and table_of(c) == before:
            # An action with nothing to do costs nothing, so it looks best when every move
            # is judged a loss; a restless bot wants a way out of a still game.
            if still is None or value - base > still.gain:
                still = Pick(choice, value - base)
        elif best is None or value - base > best.gain:
            best = Pick(choice, value - base)
    best = best or still
    assert best is not None
    return best


def table_of(s: State) -> tuple[object, ...]:
    """Everything on the table and the dashboards that an action can change."""
    return (tuple(s.discs), s.vp_pool,
            tuple((tuple(loc.pieces), loc.robots, loc.faceup, loc.terraform)
                  for loc in s.locations),
            tuple((p.vp, p.troops, tuple(p.ships), tuple(p.advanced), p.energy_ready,
                   tuple(p.relics), tuple(p.tech.values())) for p in s.players))


def attack_step(s: State, seat: int, legal: list[Action], style: Style) -> Pick:
    """The attack (or relic bonus) that most improves the strike, or ``end``."""
    w = style.weights
    options = [a for a in legal if a.kind in ("attack", "bonus")]
    if not options:
        return Pick(END, 0.0)
    base = one_ply(s, seat, [END], w)[0][0]
    best = Pick(END, 0.0)
    # A target falls only to strength beyond its defence, so the attacks on one target are
    # judged together: every free ship that can reach it sent at once.
    by_target: dict[int, list[Action]] = {}
    for a in options:
        if a.kind == "attack":
            by_target.setdefault(a.option, []).append(a)
    worth: dict[int, float] = {}
    for target, group in sorted(by_target.items()):
        c = s.copy()
        for a in group:
            if not any(x[0] == a.card for x in c.attacks):
                apply(c, a)
        apply(c, END)
        gain = evaluate(c, seat, w) - base
        if gain > GAIN / 5:
            worth[target] = gain
        if gain > best.gain + GAIN / 5 or style.restless and best.action == END:
            best = Pick(group[0], gain)
    if style.plan_strikes and len(worth) > 1 and s.classic is None:
        # Two targets worth striking: the ships are shared out between them as one problem.
        planned = planned_strike(s, [a for a in options if a.kind == "attack"], worth,
                                 lambda c: evaluate(c, seat, w))
        if planned is not None and planned[1] - base > best.gain + GAIN / 5:
            best = Pick(planned[0], planned[1] - base)
    for value, a in one_ply(s, seat, [a for a in options if a.kind == "bonus"], w, finish=True):
        if value - base > best.gain + GAIN / 5:
            best = Pick(a, value - base)
    return best


def decide(s: State, seat: int, legal: list[Action], rng: Rng, style: Style = Style()) -> Pick:
    """The bot's choice among ``legal`` on the table ``s`` (a world dealt from its view)."""
    if len(legal) == 1:
        return Pick(legal[0], 0.0)
    if s.pending or s.phase in ("effects", "after_attack"):
        scored = one_ply(s, seat, legal, style.weights)
        if not scored:
            return Pick(legal[0], 0.0)
        value, a = max(scored, key=lambda x: x[0])
        return Pick(a, value - evaluate(s, seat, style.weights))
    if s.phase == "choose":
        return choose_action(s, seat, rng, style)
    if s.phase == "attack":
        return attack_step(s, seat, legal, style)
    return act_step(s, seat, legal, rng, style)

