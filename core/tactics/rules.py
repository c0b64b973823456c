"""Legal actions, why an action is refused, applying actions, and the outcome.

Actions (``Action(kind, card, option)``):

==========  ===========================================  ===============================
kind        card                                         option
==========  ===========================================  ===============================
play        card uid in hand                             -
acquire     center-row uid, or -2 Mystic / -3 Heavy      1: a Construct on top of the deck
command     unit id, or -1 for a new Cultist             the portal cell for a new Cultist
treasure    treasure token held                          the unit it is played on
switch      - (2 vs 2: the partner acts next)            -
end         - (ends the side's turn)                     -
deploy      -                                            the portal cell
move        -                                            the destination cell
attack      target unit id, or -1 for an Area attack     -
done        - (this figure's command is over)            -
choose      the value chosen (see effects.DECISION_VALUES)  -
decline     - (skip an optional choice, pass a window)   -
scheme      a Scheme index in the Boss player's hand     -
==========  ===========================================  ===============================

Against the Villains (``core.tactics.villain_turn``): in solo and co-op the Villain turn runs
inside ``apply`` and stops only at a decision (a Treasure window, a tie); in Become the Boss
the Boss player plays ``scheme`` twice a turn and commands the Villains a Scheme names with
``move`` / ``attack`` / ``done``.
"""

from __future__ import annotations

from core.contract import (
    Action,
    ActionsByCard,
    ActionsByCardOption,
    Event,
    Outcome,
    checked,
)
from core.tactics import combat, draft, turn, villain_setup, villain_turn
from core.tactics import effects as fx
from core.tactics.sides import seat_side
from core.tactics.sides import villain_turn as villains_move
from core.tactics.state import AREA, DOUBLE, HEAVY_PILE, MYSTIC_PILE, OVER, State
from core.tactics.villain_state import (
    BY_HONOR,
    BY_TURN_LIMIT,
    BY_VILLAIN_HONOR,
    HEROES,
    SCHEMES_PER_TURN,
    VILLAINS,
)

_tuple_new = tuple.__new__  # builds an Action without NamedTuple.__new__'s Python-level call

PLAY, ACQUIRE, COMMAND, TREASURE, SWITCH, END = (
    "play", "acquire", "command", "treasure", "switch", "end")
DEPLOY, MOVE, ATTACK, DONE, CHOOSE, DECLINE, SCHEME = (
    "deploy", "move", "attack", "done", "choose", "decline", "scheme")
KINDS = (PLAY, ACQUIRE, COMMAND, TREASURE, SWITCH, END, DEPLOY, MOVE, ATTACK, DONE, CHOOSE,
         DECLINE, SCHEME)

# Shared Actions (see ActionsByCard), handed out by every list of legal actions.
_PLAY, _ACQUIRE, _COMMAND, _ATTACK, _CHOOSE = (
    ActionsByCard(k) for k in (PLAY, ACQUIRE, COMMAND, ATTACK, CHOOSE))
_ACQUIRE_TO_TOP = ActionsByCard(ACQUIRE, 1)
# By cell, under card -1: a deploy, a move, a reserve Cultist's command.
_DEPLOY, _MOVE, _COMMAND_CULTIST = (
    ActionsByCardOption(k)[-1] for k in (DEPLOY, MOVE, COMMAND))
_TREASURE = ActionsByCardOption(TREASURE)
# Bound once: ``map`` over a hand or a list of cells then calls C code only.
_play_of, _command_of, _choose_of, _move_to, _deploy_to, _attack_on, _cultist_to = (
    _PLAY.__getitem__, _COMMAND.__getitem__, _CHOOSE.__getitem__, _MOVE.__getitem__,
    _DEPLOY.__getitem__, _ATTACK.__getitem__, _COMMAND_CULTIST.__getitem__)
_DONE_ACTION, _DECLINE_ACTION, _SWITCH_ACTION, _END_ACTION = (
    Action(k, -1, 0) for k in (DONE, DECLINE, SWITCH, END))


# --- what is legal ---------------------------------------------------------------------------

def treasure_actions(s: State, seat: int) -> list[Action]:
    """One action per kind of Treasure held (identical tokens are one choice) and unit."""
    held = s.seats[seat].treasures
    if not held:
        return []
    units = combat.treasure_targets(s, seat)
    if not units:
        return []
    seen: set[str] = set()
    acts: list[Action] = []
    for t in held:
        tid = s.tdefs[t].id
        if tid in seen:
            continue
        seen.add(tid)
        acts += map(_TREASURE[t].__getitem__, units)
    return acts


def attacks_allowed(s: State, u: int) -> int:
    return 2 if combat.keywords(s, u) & DOUBLE else 1


def command_actions(s: State) -> list[Action]:
    """What the commanded unit may do next (treasures aside)."""
    cmd = s.cmd
    assert cmd is not None
    u = cmd.unit
    unit = s.units[u]
    if unit.cell < 0:
        portals = turn.free_portals(s, unit.seat)
        acts = list(map(_deploy_to, portals))
        if not cmd.primary or not acts:
            acts.append(_DONE_ACTION)
        return acts
    acts = []
    if not cmd.moved:
        acts += map(_move_to, sorted(turn.destinations(s, u)))
    # The unit's keywords once for the three questions that read them (this runs for every
    # step of a command).
    kw = combat.keywords(s, u)
    if cmd.attacks < (2 if kw & DOUBLE else 1):
        targets = combat.targets_from(s.map, s.terrain, s.occ_side, s.occupant,
                                      seat_side(s, unit.seat), unit.cell, kw)
        if targets:
            if kw & AREA:
                acts.append(_ATTACK[-1])
            else:
                acts += map(_attack_on, targets)
    acts.append(_DONE_ACTION)
    return acts


def legal_actions(s: State) -> list[Action]:
    """Every action the seat to move may take now."""
    if s.phase == OVER:
        return []
    if s.pending:
        d = s.pending[-1]
        if d.kind == "react":
            return [*treasure_actions(s, d.seat), _DECLINE_ACTION]
        acts = list(map(_choose_of, d.choices))
        if d.optional:
            acts.append(_DECLINE_ACTION)
        return acts
    seat = s.current
    if s.cmd is not None:
        acts = command_actions(s)
        if s.seats[seat].treasures:  # seldom: spared the call
            acts += treasure_actions(s, seat)
        return acts
    if villains_move(s):
        return scheme_actions(s)
    p = s.seats[seat]
    cards = s.cards
    acts = list(map(_play_of, p.hand))
    runes, power = p.runes, p.power
    for u in s.row:
        if u < 0:
            continue
        card = cards[u]
        if card.kind == "monster":
            if card.power_cost <= power:
                acts.append(_ACQUIRE[u])
        elif card.cost <= runes:
            acts.append(_ACQUIRE[u])
            if p.to_top and card.kind == "construct":
                acts.append(_ACQUIRE_TO_TOP[u])
    if s.mystics and cards[s.mystics[-1]].cost <= runes:
        acts.append(_ACQUIRE[MYSTIC_PILE])
    if s.heavies and cards[s.heavies[-1]].cost <= runes:
        acts.append(_ACQUIRE[HEAVY_PILE])
    acts += map(_command_of, turn.commandable(s, seat, power, False))
    if s.cultist_def.command <= power and turn.reserve_cultist(s, seat) >= 0:
        portals = turn.free_portals(s, seat)
        acts += map(_cultist_to, portals)
    if p.treasures:
        acts += treasure_actions(s, seat)
    if len(s.sides[s.side]) > 1:
        acts.append(_SWITCH_ACTION)
    acts.append(_END_ACTION)
    return acts


def scheme_actions(s: State) -> list[Action]:
    """The Boss player's Schemes it may play now (two a turn, from its hand)."""
    v = s.villain
    assert v is not None
    if v.played >= SCHEMES_PER_TURN:
        return []
    return [_tuple_new(Action, (SCHEME, i, 0)) for i in sorted(set(v.hand))]


# --- why not ---------------------------------------------------------------------------------

def _treasure_problem(s: State, seat: int, a: Action) -> str | None:
    if a.card not in s.seats[seat].treasures:
        return "you do not hold that Treasure"
    if a.option not in combat.treasure_targets(s, seat):
        return "a Treasure goes on one of your units on the battlefield"
    return None


def why_illegal(s: State, a: Action) -> str | None:
    """The reason ``a`` cannot be taken now, or None if it can."""
    if s.phase == OVER:
        return "the game is over"
    kind = a.kind
    if kind not in KINDS:
        return f"unknown action {kind!r}"
    if s.pending:
        d = s.pending[-1]
        if d.kind == "react":
            if kind == DECLINE:
                return None if a == (DECLINE, -1, 0) else "'decline' takes no card or option"
            if kind == TREASURE:
                return _treasure_problem(s, d.seat, a)
            return "a Treasure window is open: play a Treasure or pass (decline)"
        if kind == CHOOSE:
            if a.option != 0:
                return "'choose' takes no option"
            return None if a.card in d.choices else f"{a.card} is not one of the choices"
        if kind == DECLINE:
            if a != (DECLINE, -1, 0):
                return "'decline' takes no card or option"
            return None if d.optional else "this choice cannot be declined"
        return "finish the current choice first"
    if kind in (CHOOSE, DECLINE):
        return "there is no choice to make"
    seat = s.current
    if kind == TREASURE:
        return _treasure_problem(s, seat, a)
    if s.cmd is not None:
        if kind not in (DEPLOY, MOVE, ATTACK, DONE):
            return "finish commanding the current unit first (Treasures are allowed)"
        return None if a in command_actions(s) else _command_problem(s, a)
    if kind in (DEPLOY, MOVE, ATTACK, DONE):
        return "no unit is being commanded"
    if villains_move(s) or kind == SCHEME:
        if not villains_move(s):
            return "only the Boss player plays Schemes, on the Villains' turn"
        if kind != SCHEME:
            return "on the Villains' turn the Boss player plays Schemes"
        if a.option != 0:
            return "'scheme' takes no option"
        return None if a in scheme_actions(s) else "that Scheme is not in your hand"
    p = s.seats[seat]
    if kind in (SWITCH, END):
        if a.card != -1 or a.option != 0:
            return f"'{kind}' takes no card or option"
        if kind == SWITCH and len(s.sides[s.side]) < 2:
            return "only a 2 vs 2 team can switch"
        return None
    if kind == PLAY:
        if a.option != 0:
            return "'play' takes no option"
        return None if a.card in p.hand else "that card is not in your hand"
    if kind == ACQUIRE:
        return _acquire_problem(s, seat, a)
    return _command_start_problem(s, seat, a)


def _acquire_problem(s: State, seat: int, a: Action) -> str | None:
    p = s.seats[seat]
    if a.card in (MYSTIC_PILE, HEAVY_PILE):
        pile = s.mystics if a.card == MYSTIC_PILE else s.heavies
        if a.option != 0:
            return "'acquire' of a pile takes no option"
        if not pile:
            return "that pile is empty: none are left to acquire"
        cost = s.cards[pile[-1]].cost
        return None if cost <= p.runes else f"it costs {cost} Runes; you have {p.runes}"
    if a.card < 0 or a.card not in s.row:
        return "that card is not in the center row"
    card = s.cards[a.card]
    if a.option not in (0, 1) or (a.option == 1 and not (p.to_top and card.kind == "construct")):
        return "only a Construct, after an effect allows it, may go on top of your deck"
    if card.kind == "monster":
        if card.power_cost > p.power:
            return f"{card.name} costs {card.power_cost} Power; you have {p.power}"
        return None
    if card.cost > p.runes:
        return f"{card.name} costs {card.cost} Runes; you have {p.runes}"
    return None


def _command_start_problem(s: State, seat: int, a: Action) -> str | None:
    p = s.seats[seat]
    if a.card == -1:
        cost = s.cultist_def.command
        if turn.reserve_cultist(s, seat) < 0:
            return ("all four of your Cultists are on the battlefield: no more than four "
                    "may be deployed at a time")
        if cost > p.power:
            return f"a Cultist costs {cost} Power; you have {p.power}"
        if a.option not in turn.free_portals(s, seat):
            return "a new Cultist is deployed onto one of your unoccupied portals"
        return None
    if a.option != 0:
        return "'command' of a unit takes no option"
    if not 0 <= a.card < len(s.units) or s.units[a.card].seat != seat:
        return "that is not one of your units"
    unit = s.units[a.card]
    if unit.card < 0 and unit.cell < 0:
        return "a new Cultist is commanded with card -1 and a portal"
    if unit.exhausted:
        return ("that unit is exhausted: it was commanded (or defeated) and cannot be "
                "commanded again until it readies at the end of your turn")
    cost = combat.command_cost(s, a.card)
    if cost > p.power:
        return f"commanding it costs {cost} Power; you have {p.power}"
    if unit.cell < 0 and not turn.free_portals(s, seat):
        return "none of your portals is free to deploy onto"
    return None


def _command_problem(s: State, a: Action) -> str:
    cmd = s.cmd
    assert cmd is not None
    unit = s.units[cmd.unit]
    if a.kind == DEPLOY:
        return ("the unit is already on the battlefield" if unit.cell >= 0
                else "deploy onto one of your unoccupied portals")
    if unit.cell < 0 and a.kind != DONE:
        return "deploy the unit first"
    if a.kind == MOVE:
        return ("this command already used its move" if cmd.moved
                else "the unit cannot end a move there")
    if a.kind == ATTACK:
        if cmd.attacks >= attacks_allowed(s, cmd.unit):
            return "this command has no attack left"
        if combat.keywords(s, cmd.unit) & AREA:
            return "an Area attack hits every enemy in range: attack with card -1"
        return "that enemy is not in range (or not in sight)"
    if a.kind == DONE:
        return "deploy the unit first" if a == (DONE, -1, 0) else "'done' takes no card or option"
    return "that is not possible now"


# --- doing it --------------------------------------------------------------------------------

def apply(s: State, a: Action) -> list[Event]:
    """Check and carry out ``a``; refuse an illegal one with the reason, changing nothing."""
    return apply_legal(s, checked(s, a, why_illegal))


def apply_legal(s: State, a: Action) -> list[Event]:
    """Carry out ``a``, just taken from ``legal_actions(s)``, without checking it again.

    For self-play and search only: anything from a person, a save or a replay goes through
    ``apply``, which refuses an illegal action.
    """
    events: list[Event] = []
    s.steps += 1
    if s.pending:
        d = s.pending.pop()
        if d.kind == "react":
            if a.kind == TREASURE:
                combat.play_treasure(s, d.seat, a.card, a.option, events)
                combat.answer_react(s, d, True, events)
            else:
                combat.answer_react(s, d, False, events)
        elif d.kind == "draft":
            draft.answer_draft(s, d.seat, a.card, events)
        elif d.kind == "assign":
            draft.answer_assign(s, d.seat, a.card, events)
        elif d.kind == "route":
            turn.answer_route(s, d, a.card, events)
        elif d.kind == "portal":
            villain_setup.answer_portal(s, d, a.card, events)
        elif d.kind in villain_turn.DECISIONS:
            villain_turn.answer(s, d, a.card, events)
        else:
            fx.answer(s, d, a.card if a.kind == CHOOSE else None, events)
        _run(s, events)
        return events
    seat = s.current
    kind = a.kind
    if kind == PLAY:
        turn.play(s, seat, a.card, events)
    elif kind == ACQUIRE:
        turn.acquire(s, seat, a.card, a.option == 1, events)
    elif kind == COMMAND:
        if a.card == -1:
            turn.command_new_cultist(s, seat, a.option, events)
        else:
            turn.start_command(s, seat, a.card, True, events)
    elif kind == TREASURE:
        combat.play_treasure(s, seat, a.card, a.option, events)
        combat.check_defeats(s, events)
    elif kind == SWITCH:
        team = s.sides[s.side]
        s.current = team[(team.index(seat) + 1) % len(team)]
        events.append(Event("switch", s.current))
    elif kind == END:
        turn.end_turn(s, events)
    elif kind == DEPLOY:
        assert s.cmd is not None
        turn.deploy(s, s.cmd.unit, a.option, events)
    elif kind == MOVE:
        assert s.cmd is not None
        turn.move(s, s.cmd.unit, a.option, events)
    elif kind == ATTACK:
        assert s.cmd is not None
        combat.declare_attack(s, s.cmd.unit, a.card, events)
    elif kind == DONE:
        turn.finish_command(s, events)
    elif kind == SCHEME:
        v = s.villain
        assert v is not None
        v.hand.remove(a.card)
        villain_turn.play_scheme(s, a.card, events)
    _run(s, events)
    return events


def _run(s: State, events: list[Event]) -> None:
    """Run the queued work; against the Villains, a side that reached its goal wins at once."""
    fx.run(s, events)
    if s.villain is not None:
        villain_turn.check_victory(s, events)


# --- the end ---------------------------------------------------------------------------------

def scores(s: State) -> tuple[int, ...]:
    """Each seat's score: its side's Honor."""
    return tuple(s.honor[s.side_of[seat]] for seat in range(s.n))


def outcome(s: State) -> Outcome | None:
    if s.phase != OVER:
        return None
    if s.villain is not None:
        return villain_outcome(s)
    winners = tuple(seat for seat in range(s.n) if s.side_of[seat] in s.winners)
    reached = any(h >= s.scen.victory_honor for h in s.honor)
    tiebreak = "" if reached or len(s.winners) == 1 else "turn limit: tied on Honor"
    return Outcome(
        scores=scores(s),
        winners=winners,
        tiebreak=tiebreak,
        details={"honor": list(s.honor), "turns": s.turn_no,
                 "by": "victory Honor" if reached else "turn limit"},
        sides=tuple(s.side_of),
    )


def villain_outcome(s: State) -> Outcome:
    """Against the Villains: the heroes' seats win together, or the Villains win — the Boss
    player's seat in Become the Boss, nobody at the table in solo and co-op. ``details``:
    both sides' Honor (heroes first), the turns, and ``by`` (``victory Honor``, ``Villain
    Honor``, ``deck out``, ``turn limit``); ``villains_won`` says which side won."""
    v = s.villain
    assert v is not None
    winners = tuple(seat for seat in range(s.n) if s.side_of[seat] in s.winners)
    by = v.ended_by
    if not by:  # the end of a turn found a goal reached (or the turn limit ended the game)
        if s.winners == (HEROES,) and s.honor[HEROES] >= s.scen.victory_honor:
            by = BY_HONOR
        elif s.winners == (VILLAINS,) and s.honor[VILLAINS] >= s.scen.villain_honor:
            by = BY_VILLAIN_HONOR
        else:
            by = BY_TURN_LIMIT
    tiebreak = "turn limit: tied on Honor" if by == BY_TURN_LIMIT and len(s.winners) > 1 else ""
    return Outcome(
        scores=scores(s), winners=winners, tiebreak=tiebreak,
        details={"honor": list(s.honor), "turns": s.turn_no, "by": by,
                 "villains_won": VILLAINS in s.winners, "heroes_won": by == BY_HONOR},
        sides=tuple(s.side_of),
    )
