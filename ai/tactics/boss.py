"""The Boss player's seat in Become the Boss, for the Tactics bots: which Schemes to play
and in what order, how to command the Villains they name, and how to break the Villains'
ties that are the Boss's to break.

Schemes are judged by playing them out on copies of the world to the end of the Villain
turn (the Villains command by :mod:`ai.tactics.boss_command`, the heroes answer their
Treasure windows as the bots would) and weighing what changed for the Villains: Honor
(theirs up, the heroes' down), hero units defeated, Villains lost, Villains left where a
hero can defeat them next turn, how far the Villains stand from their tokens, and which
shrines they hold or contest when the heroes' turn begins. With ``pairs`` (the planner)
the first Scheme of a turn is chosen as the head of the best ordered pair of the hand;
without (the greedy bot) each Scheme is weighed on its own. A tie the Boss is asked to break
(where a Cultist goes, whom damage hits, which Construct) is weighed the same way, one play
out per choice. The bot's own stream is never needed: the play-outs are deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ai.tactics.boss_command import OBJECTIVE, VILLAIN_LOSS, BossCommand, choose, shrine_value
from ai.tactics.danger import threats
from ai.tactics.decisions import answer
from ai.tactics.weights import RISK, WIN
from ai.tactics.worth import kill_value
from core.contract import Action
from core.tactics import combat, rules
from core.tactics.state import State
from core.tactics.villain import token_cell
from core.tactics.villain_state import HEROES, VILLAIN, VILLAINS

HOLD_NEXT = 0.5  # shrines held (or contested) as the heroes' turn begins, per Honor
PLAYOUT_CAP = 400  # actions in one play-out; a guard, never reached by a Villain turn
BOSS_DECISIONS = ("villain_target", "villain_cell", "villain_card")


@dataclass(frozen=True)
class Outlook:
    """What a play-out to the end of the Villain turn brought the Villains, in numbers the
    hint can say: Honor gained by each side, hero units defeated, Villains lost."""

    value: float
    honor: int
    hero_honor: int
    defeated: tuple[int, ...]
    lost: tuple[int, ...]
    won: bool
    lost_game: bool


@dataclass
class BossPlayer:
    """The Boss seat's judgement, kept between a bot's calls (the commands under way)."""

    pairs: bool = True
    steps: dict[tuple[int, int, int], list[Action]] = field(default_factory=dict)
    last_command: BossCommand | None = None
    last_outlook: Outlook | None = None
    last_order: tuple[int, ...] = ()

    def act(self, s: State, me: int, legal: list[Action]) -> Action:
        """The Boss player's action now (``s`` the full state, ``me`` the Boss seat)."""
        if s.pending:
            d = s.pending[-1]
            if d.kind in BOSS_DECISIONS and len(legal) > 1:
                return self.weigh_choices(s, me, legal)
            return answer(s, me, legal)
        if legal[0].kind == "scheme":
            return self.scheme(s, me, legal)
        if s.cmd is not None:
            return self.command_step(s, legal)
        return legal[0]

    # --- Schemes -----------------------------------------------------------------------------

    def orders(self, s: State) -> list[tuple[int, ...]]:
        """The Scheme orders weighed now: ordered pairs of the hand at the first Scheme of a
        turn with ``pairs``, else each Scheme alone."""
        v = s.villain
        assert v is not None
        hand = sorted(v.hand)
        if self.pairs and v.played == 0 and len(hand) > 1:
            return [(a, b) for a in hand for b in hand if a != b]
        return [(a,) for a in hand]

    def scheme(self, s: State, me: int, legal: list[Action]) -> Action:
        """The Scheme to play: the head of the best order by its play-out. Among orders
        worth the same, the one whose first Scheme alone does most: what it brings is
        banked before the heroes' Treasure windows can change the second."""
        alone: dict[int, float] = {}
        best: tuple[float, float, tuple[int, ...], Outlook] | None = None
        for order in self.orders(s):
            out = outlook(s, playout(s, me, list(order)), me)
            if best is not None and out.value < best[0] - 1e-9:
                continue
            head = order[0]
            if len(order) > 1 and head not in alone:
                alone[head] = outlook(s, playout(s, me, [head], stop=True), me).value
            first = alone.get(head, out.value)
            if best is None or out.value > best[0] + 1e-9 or (
                    out.value > best[0] - 1e-9 and first > best[1] + 1e-9):
                best = (out.value, first, order, out)
        assert best is not None
        self.last_order, self.last_outlook = best[2], best[3]
        a = Action("scheme", best[2][0], 0)
        return a if a in legal else legal[0]

    # --- commands ----------------------------------------------------------------------------

    def command_step(self, s: State, legal: list[Action]) -> Action:
        """The next step of the Villain under command (chosen when its command begins)."""
        cmd = s.cmd
        assert cmd is not None
        v = s.villain
        assert v is not None
        key = (s.turn_no, v.played, cmd.unit)
        queue = self.steps.get(key)
        if queue is None:
            chosen = choose(s, cmd.unit)
            self.last_command = chosen
            queue = chosen.steps(s.units[cmd.unit].cell)
            self.steps = {key: queue}
        while queue:
            a = queue.pop(0)
            if a in legal:
                return a
        done = Action("done", -1, 0)
        return done if done in legal else legal[0]

    # --- the Boss's ties ---------------------------------------------------------------------

    def weigh_choices(self, s: State, me: int, legal: list[Action]) -> Action:
        """Each choice played out to the end of the turn; the best for the Villains."""
        best: tuple[float, Action] | None = None
        for a in legal:
            sim = s.copy()
            rules.apply(sim, a)
            value = outlook(s, playout(sim, me, []), me).value
            if best is None or value > best[0] + 1e-9:
                best = (value, a)
        assert best is not None
        return best[1]


def playout(s: State, me: int, order: list[int], stop: bool = False) -> State:
    """A copy of ``s`` played on to the end of the Villain turn: Schemes in ``order`` (then
    the lowest in hand), Villains commanded by :func:`ai.tactics.boss_command.choose`, the
    Boss's ties to the first choice, the heroes' windows as the bots answer them. With
    ``stop``, only until the Schemes of ``order`` are played out."""
    sim = s.copy()
    order = list(order)
    queue: dict[tuple[int, int], list[Action]] = {}
    for _ in range(PLAYOUT_CAP):
        if sim.over or sim.side != VILLAINS:
            break
        if stop and not order and not sim.pending and sim.cmd is None and any(
                a.kind == "scheme" for a in rules.legal_actions(sim)):
            break
        seat = sim.to_move
        assert seat is not None
        legal = rules.legal_actions(sim)
        if sim.pending:
            a = answer(sim, seat, legal) if seat != me else legal[0]
        elif legal[0].kind == "scheme":
            pick = Action("scheme", order.pop(0), 0) if order else legal[0]
            a = pick if pick in legal else legal[0]
        elif sim.cmd is not None:
            v = sim.villain
            assert v is not None
            u = sim.cmd.unit
            steps = queue.get((v.played, u))
            if steps is None:
                steps = choose(sim, u).steps(sim.units[u].cell)
                queue[(v.played, u)] = steps
            a = Action("done", -1, 0)
            while steps:
                step = steps.pop(0)
                if step in legal:
                    a = step
                    break
            if a not in legal:
                a = legal[-1]
        else:
            a = legal[0]
        rules.apply(sim, a)
    return sim


def outlook(before: State, after: State, me: int) -> Outlook:
    """How good ``after`` (the end of a play-out from ``before``) is for the Villains."""
    won = after.over and me in after.winners
    lost_game = after.over and not won
    honor = after.honor[VILLAINS] - before.honor[VILLAINS]
    hero_honor = after.honor[HEROES] - before.honor[HEROES]
    defeated = tuple(u for u, unit in enumerate(before.units)
                     if unit.cell >= 0 and unit.seat != VILLAIN and after.units[u].cell < 0)
    lost = tuple(u for u, unit in enumerate(before.units)
                 if unit.cell >= 0 and unit.seat == VILLAIN and after.units[u].cell < 0)
    value = float(honor - hero_honor)
    value += sum(kill_value(before, t) for t in defeated) - VILLAIN_LOSS * len(lost)
    if won:
        value += WIN
    elif lost_game:
        value -= WIN
    else:
        v = after.villain
        assert v is not None
        th = threats(after, VILLAINS)
        for card in v.holder:
            u = after.card_units[card][0]
            c = after.units[u].cell
            if c < 0:
                continue
            value -= OBJECTIVE * after.map.distance(c, token_cell(after, u))
            if th.lethal(c, combat.defense(after, u)):
                value -= RISK * (VILLAIN_LOSS + combat.villain_honor(after, u))
        value += HOLD_NEXT * shrine_value(after, list(after.occ_side))
    return Outlook(value, honor, hero_honor, defeated, lost, won, lost_game)


__all__ = ["BOSS_DECISIONS", "BossPlayer", "Outlook", "outlook", "playout"]
