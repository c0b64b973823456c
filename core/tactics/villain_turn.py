"""The Villain turn: Schemes played one at a time, their operations, the commands they give,
the end of the turn and how a game against the Villains is won (DESIGN.md, "The Villain turn"
and "Scheme effects").

Everything runs from the state's work stack, like the cards' effects (``core.tactics.effects``
runs the loop): a Scheme's operations are pushed as ``v.<op>`` items (the Villain vocabulary
shares some names with the cards', so the prefix keeps them apart), the steps of the turn and
of a command as ``@v.<step>`` items. Where the rulebook says "you choose" (a tie), the item
waits for a decision (``villain_plan``, ``villain_target``, ``villain_cell``,
``villain_card``) asked of ``villain_state.chooser`` — the hero seat at the keyboard in solo
and co-op, the Boss player in Become the Boss — unless ``ties = auto``, which takes the first
choice (plans in ``villain.Plan`` order, else the lowest unit id, cell or card uid). Harm to
heroes waits for their Treasure window (``harm.declare``, ``combat.declare_attack``).

The turn starts with ``@v.begin``, which ``turn.begin_turn`` pushes when the heroes' turn ends.
In solo and co-op the turn runs inside ``apply`` (``@v.next`` plays the next Scheme until two
are played). In Become the Boss the Boss player plays each Scheme with a ``scheme`` action
and commands each Villain a Scheme names with the ordinary command actions.
"""

from __future__ import annotations

from collections.abc import Callable

from core.contract import Event
from core.tactics import combat, effects, harm, scheme_ops, turn, villain
from core.tactics.board import TAINTED
from core.tactics.honor import gain_honor
from core.tactics.names import cell_word, unit_word
from core.tactics.sides import villain_unit
from core.tactics.state import AREA, DOUBLE, OVER, PLAY, Command, Decision, State, Work
from core.tactics.villain_state import (
    BOSS_HAND,
    BY_DECK_OUT,
    BY_HONOR,
    BY_VILLAIN_HONOR,
    HEROES,
    SCHEMES_PER_TURN,
    VILLAIN,
    VILLAINS,
)
from core.tactics.villain_work import (
    as_work,
    ask,
    one_at_a_time,
    push_ops,
    step,
)
from core.words import Phrase, phrase, plain

# The decisions of the Villains' ties (their values: effects.DECISION_VALUES).
DECISIONS = ("villain_plan", "villain_target", "villain_cell", "villain_card")



# --- the turn ---------------------------------------------------------------------------------

def begin_villain_turn(s: State, events: list[Event]) -> None:
    """The Villains' turn starts: Tainted ground hurts them first where the scenario says so;
    then two Schemes (played by the engine, or by the Boss player)."""
    v = s.villain
    assert v is not None
    s.phase = PLAY
    s.side = VILLAINS
    if v.boss_seat >= 0:
        s.current = v.boss_seat
    v.played = 0
    events.append(Event("start_turn", s.current, -1, VILLAINS))
    if v.boss_seat < 0:
        s.work.append(step("next"))
    elif not v.hand:
        _villains_win(s, BY_DECK_OUT, events)
        return
    if s.scen.rules.get("villains_tainted") and s.scen.number("tainted_damage") > 0:
        hurt = tuple(s.occupant[c] for c, t in enumerate(s.terrain)
                     if t == TAINTED and s.occ_side[c] == VILLAINS)
        if hurt:
            harm.declare(s, harm.Harm("tainted", hurt, s.scen.number("tainted_damage"), -1,
                                      -1, -1), events)


def _begin(s: State, item: Work, ev: list[Event]) -> None:
    begin_villain_turn(s, ev)


def play_scheme(s: State, idx: int, events: list[Event]) -> None:
    """Scheme ``idx`` is played (from the deck's top, or the Boss player's hand): its effect,
    then its bonus if the discard pile holds its Threat Level, then what comes next."""
    v = s.villain
    assert v is not None
    v.in_play.append(idx)
    v.played += 1
    events.append(Event("scheme", s.current, idx, v.played))
    s.work.append(step("next" if v.boss_seat < 0 else "after"))
    s.work.append(step("bonus", idx))
    push_ops(s, v.schemes[idx].effect)


def _next(s: State, item: Work, ev: list[Event]) -> None:
    v = s.villain
    assert v is not None
    if check_victory(s, ev):
        return
    if v.played >= SCHEMES_PER_TURN:
        end_villain_turn(s, ev)
        return
    if not v.deck:
        _villains_win(s, BY_DECK_OUT, ev)
        return
    play_scheme(s, v.deck.pop(), ev)


def _after(s: State, item: Work, ev: list[Event]) -> None:
    """Become the Boss: after a Scheme, the turn ends once two are played; a Boss player
    with nothing left to play has run out of Schemes."""
    v = s.villain
    assert v is not None
    if check_victory(s, ev):
        return
    if v.played >= SCHEMES_PER_TURN:
        end_villain_turn(s, ev)
    elif not v.hand:
        _villains_win(s, BY_DECK_OUT, ev)


def _bonus(s: State, item: Work, ev: list[Event]) -> None:
    """The bonus runs when the discard pile (not counting this turn's Schemes) holds at
    least the Scheme's Threat Level."""
    v = s.villain
    assert v is not None
    scheme = v.schemes[item[0].n]
    if len(v.discard) >= scheme.threat:
        ev.append(Event("threat", s.current, item[0].n, len(v.discard)))
        push_ops(s, scheme.bonus)


def end_villain_turn(s: State, events: list[Event]) -> None:
    """Both Schemes to the discard pile (the Boss player draws back to three), then the end
    of a side's turn as for anyone: shrines scored, bonuses gone, victory checked."""
    v = s.villain
    assert v is not None
    v.discard += v.in_play
    v.in_play = []
    v.played = 0
    while v.boss_seat >= 0 and len(v.hand) < BOSS_HAND and v.deck:
        v.hand.append(v.deck.pop())
    turn.end_turn(s, events)
    check_victory(s, events)


def _villains_win(s: State, by: str, events: list[Event]) -> None:
    v = s.villain
    assert v is not None
    v.ended_by = by
    turn.finish(s, (VILLAINS,), events)


def check_victory(s: State, events: list[Event]) -> bool:
    """The first side to its goal wins at once (the heroes' ``victory_honor``, the
    Villains' ``villain_honor``); if both got there at the same moment, the side whose turn
    it is. True when the game is over."""
    v = s.villain
    if v is None:
        return False
    if s.phase == OVER:
        return True
    heroes = s.honor[HEROES] >= s.scen.victory_honor
    villains = s.honor[VILLAINS] >= s.scen.villain_honor
    if villains and (not heroes or s.side == VILLAINS):
        _villains_win(s, BY_VILLAIN_HONOR, events)
    elif heroes:
        v.ended_by = BY_HONOR
        turn.finish(s, (HEROES,), events)
    return s.phase == OVER


# --- commands ---------------------------------------------------------------------------------

def _command(s: State, item: Work, ev: list[Event]) -> None:
    """Command the Villains named, in order (a defeated one is skipped)."""
    v = s.villain
    assert v is not None
    for kind in one_at_a_time(s, item):
        u = villain_unit(s, kind)
        if s.units[u].cell < 0:
            ev.append(Event("villain_skipped", s.current, u, kind))
            return
        ev.append(Event("command", VILLAIN, u, kind))
        if v.boss_seat >= 0:
            # The Boss player commands it by the normal rules: move, attack, done.
            s.cmd = Command(u, True, False, 0, (), len(s.work), True)
            return
        _plan(s, step("plan", unit=u), ev)


def _plan(s: State, item: Work, ev: list[Event]) -> None:
    """Carry out the procedure's plan for the Villain in ``item`` (a tie asked first)."""
    u = item[3]
    if s.units[u].cell < 0:
        return
    toward = item[0].get("toward", False)
    plans = villain.move_plans(s, u) if toward else villain.allowed_commands(s, u)
    pick = ask(s, item, "villain_plan", list(range(len(plans))), plan_labels(s, plans))
    if pick is not None:
        _carry_out(s, u, plans[pick], ev)


def plans_of(s: State, d: Decision) -> list[villain.Plan]:
    """The plans a pending ``villain_plan`` decision lists, in the order of its choices."""
    op = s.work[-1][0] if s.work else None
    if op is not None and op.get("toward", False):
        return villain.move_plans(s, d.unit)
    return villain.allowed_commands(s, d.unit)


def plan_labels(s: State, plans: list[villain.Plan]) -> tuple[str, ...]:
    """Each plan in words, kept on the decision so any view can show the choices."""
    return tuple(plain(plan_phrase(s, p)) for p in plans)


def plan_phrase(s: State, p: villain.Plan) -> Phrase:
    """A Villain's plan: ``Attack Arha Templar, then move toward its token``, ``Move to
    (3,4), then attack Kor``, ``Stay and score the shrine``."""
    if p.score_now:
        return phrase("Stay and score the shrine holding its token now")
    if p.attack_first:
        return phrase("Attack ", unit_word(s, p.target), ", then move toward its token")
    move = phrase("Move to ", cell_word(s, p.destination))
    if p.target >= 0:
        return phrase(move, ", then attack ", unit_word(s, p.target))
    return move


def _carry_out(s: State, u: int, p: villain.Plan, ev: list[Event]) -> None:
    steps: list[Work] = []
    if p.score_now:
        steps.append(step("score", unit=u))
    elif p.attack_first:
        steps += [step("attack", p.target, u), step("plan", unit=u, toward=True)]
    else:
        steps.append(step("move", p.destination, u))
        if p.target >= 0:
            steps.append(step("attack", p.target, u))
    s.work.extend(reversed(steps))


def _move(s: State, item: Work, ev: list[Event]) -> None:
    u, goal = item[3], item[0].n
    if s.units[u].cell >= 0 and goal != s.units[u].cell and goal in turn.destinations(s, u):
        turn.move(s, u, goal, ev)


def _attack(s: State, item: Work, ev: list[Event]) -> None:
    """An attack on the plan's target, if both still stand and it is in range; with Double a
    second one follows while the target stands."""
    u, t = item[3], item[0].n
    if s.units[u].cell < 0 or s.units[t].cell < 0 or t not in combat.targets_of(s, u):
        return
    again = combat.keywords(s, u) & DOUBLE and not item[0].get("second", False)
    if again:
        s.work.append(step("attack", t, u, second=True))
    combat.declare_attack(s, u, -1 if combat.keywords(s, u) & AREA else t, ev)


def _score(s: State, item: Work, ev: list[Event]) -> None:
    """Stay and score the shrine holding the Villain's token at once."""
    cell = villain.token_cell(s, item[3])
    ev.append(Event("score_now", VILLAIN, item[3], cell))
    gain_honor(s, VILLAINS, s.map.shrine_honor[cell], ev)


_HANDLERS: dict[str, Callable[[State, Work, list[Event]], None]] = {
    "v.command": _command,
    "@v.begin": _begin, "@v.next": _next, "@v.after": _after, "@v.bonus": _bonus, "@v.plan": _plan,
    "@v.move": _move, "@v.attack": _attack, "@v.score": _score,
}
effects.register(_HANDLERS)


# --- answers ----------------------------------------------------------------------------------

def answer(s: State, d: Decision, choice: int, events: list[Event]) -> None:
    """A tie was broken: the waiting item runs with the choice made."""
    item = s.work.pop()
    if d.kind == "villain_plan":
        s.work.append(item)
        plans = plans_of(s, d)
        s.work.pop()
        _carry_out(s, item[3], plans[choice], events)
    else:
        scheme_ops.answer(s, d, item, choice, events)


__all__ = ["DECISIONS", "answer", "as_work", "begin_villain_turn", "check_victory",
           "end_villain_turn", "plan_phrase", "play_scheme", "plans_of", "push_ops"]
