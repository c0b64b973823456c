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

In solo and co-op the turn runs inside ``apply`` (``@v.next`` plays the next Scheme until two
are played). In Become the Boss the Boss player plays each Scheme with a ``scheme`` action
and commands each Villain a Scheme names with the ordinary command actions.
"""

from __future__ import annotations

from collections.abc import Callable

from core.contract import Event
from core.tactics import combat, effects, harm, turn, villain
from core.tactics.board import FOREST, PLAIN, SHRINE, TAINTED
from core.tactics.cards import Op
from core.tactics.honor import gain_honor
from core.tactics.state import AREA, DOUBLE, OVER, PLAY, Command, Decision, State, Work, kw_bits
from core.tactics.villain_ops import OBJECTIVE_KINDS, SELF
from core.tactics.villain_state import (
    BOSS_HAND,
    BY_DECK_OUT,
    BY_HONOR,
    BY_VILLAIN_HONOR,
    HEROES,
    KIND_INDEX,
    SCHEMES_PER_TURN,
    VILLAIN,
    VILLAINS,
    chooser,
    villain_unit,
)
from core.words import plain

PREFIX = "v."
# The decisions of the Villains' ties (their values: effects.DECISION_VALUES).
DECISIONS = ("villain_plan", "villain_target", "villain_cell", "villain_card")


def as_work(ops: tuple[Op, ...]) -> tuple[Op, ...]:
    """Villain operations as work items' ops (``command`` -> ``v.command``)."""
    return tuple(Op(PREFIX + o.op, o.n, o.args, o.options) for o in ops)


def push_ops(s: State, ops: tuple[Op, ...], unit: int = -1) -> None:
    """Schedule Villain operations ``ops`` to run next, in order (``unit``: the Villain a
    Slay belongs to, for the kind ``self``)."""
    s.work.extend((op, -1, VILLAIN, unit) for op in reversed(as_work(ops)))


def _step(name: str, n: int = 0, unit: int = -1, **args: object) -> Work:
    return (Op("@v." + name, n, tuple(sorted(args.items()))), -1, VILLAIN, unit)


def _ask(s: State, item: Work, kind: str, choices: list[int],
         labels: tuple[str, ...] = ()) -> int | None:
    """The one choice, the first under ``ties = auto`` (not for the Boss player), or None
    after putting ``item`` back to wait for the decision ``kind``."""
    v = s.villain
    assert v is not None
    if len(choices) == 1 or (v.ties == "auto" and v.boss_seat < 0):
        return choices[0]
    s.work.append(item)
    s.pending.append(Decision(kind, chooser(s), tuple(choices), False, -1, item[3], item[0].n,
                              labels))
    return None


def _one_at_a_time(s: State, item: Work) -> tuple[int, ...]:
    """The kinds of ``item``; the later ones are put back to run after the first."""
    kinds = _resolve(s, item)
    if len(kinds) > 1:
        op = item[0]
        rest = tuple(OBJECTIVE_KINDS[k] for k in kinds[1:])
        args = tuple((k, rest if k == "objectives" else v) for k, v in op.args)
        s.work.append((Op(op.op, op.n, args), item[1], item[2], item[3]))
    return kinds[:1]


def _resolve(s: State, item: Work) -> tuple[int, ...]:
    """The kind indexes an operation names; ``self`` is the kind its Slay's Villain holds."""
    op, _, _, unit = item
    names = op.get("objectives", ())
    assert isinstance(names, tuple)
    out = []
    v = s.villain
    assert v is not None
    for k in names:
        if k == SELF:
            kind = v.kind_of(s.units[unit].card) if unit >= 0 else -1
            if kind >= 0:
                out.append(kind)
        else:
            out.append(KIND_INDEX[str(k)])
    return tuple(out)


def _kind_arg(s: State, item: Work, key: str) -> int:
    """The kind index in field ``key`` (``kind`` or the tail of ``nearest:<kind>``)."""
    value = str(item[0].get(key))
    name = value.split(":", 1)[-1]
    if name == SELF:
        v = s.villain
        assert v is not None
        return v.kind_of(s.units[item[3]].card) if item[3] >= 0 else -1
    return KIND_INDEX[name]


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
        s.work.append(_step("next"))
    elif not v.hand:
        _villains_win(s, BY_DECK_OUT, events)
        return
    if s.scen.rules.get("villains_tainted") and s.scen.number("tainted_damage") > 0:
        hurt = tuple(s.occupant[c] for c, t in enumerate(s.terrain)
                     if t == TAINTED and s.occ_side[c] == VILLAINS)
        if hurt:
            harm.declare(s, harm.Harm("tainted", hurt, s.scen.number("tainted_damage"), -1,
                                      -1, -1), events)


def play_scheme(s: State, idx: int, events: list[Event]) -> None:
    """Scheme ``idx`` is played (from the deck's top, or the Boss player's hand): its effect,
    then its bonus if the discard pile holds its Threat Level, then what comes next."""
    v = s.villain
    assert v is not None
    v.in_play.append(idx)
    v.played += 1
    events.append(Event("scheme", s.current, idx, v.played))
    s.work.append(_step("next" if v.boss_seat < 0 else "after"))
    s.work.append(_step("bonus", idx))
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
    for kind in _one_at_a_time(s, item):
        u = villain_unit(s, kind)
        if s.units[u].cell < 0:
            ev.append(Event("villain_skipped", s.current, u, kind))
            return
        ev.append(Event("command", VILLAIN, u, kind))
        if v.boss_seat >= 0:
            # The Boss player commands it by the normal rules: move, attack, done.
            s.cmd = Command(u, True, False, 0, (), len(s.work), True)
            return
        _plan(s, _step("plan", unit=u), ev)


def _plan(s: State, item: Work, ev: list[Event]) -> None:
    """Carry out the procedure's plan for the Villain in ``item`` (a tie asked first)."""
    u = item[3]
    if s.units[u].cell < 0:
        return
    toward = item[0].get("toward", False)
    plans = villain.move_plans(s, u) if toward else villain.allowed_commands(s, u)
    pick = _ask(s, item, "villain_plan", list(range(len(plans))), plan_labels(s, plans))
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
    from core.tactics import words  # the words build on the whole engine, this module too
    return tuple(plain(words.plan_phrase(s, p)) for p in plans)


def _carry_out(s: State, u: int, p: villain.Plan, ev: list[Event]) -> None:
    steps: list[Work] = []
    if p.score_now:
        steps.append(_step("score", unit=u))
    elif p.attack_first:
        steps += [_step("attack", p.target, u), _step("plan", unit=u, toward=True)]
    else:
        steps.append(_step("move", p.destination, u))
        if p.target >= 0:
            steps.append(_step("attack", p.target, u))
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
        s.work.append(_step("attack", t, u, second=True))
    combat.declare_attack(s, u, -1 if combat.keywords(s, u) & AREA else t, ev)


def _score(s: State, item: Work, ev: list[Event]) -> None:
    """Stay and score the shrine holding the Villain's token at once."""
    cell = villain.token_cell(s, item[3])
    ev.append(Event("score_now", VILLAIN, item[3], cell))
    gain_honor(s, VILLAINS, s.map.shrine_honor[cell], ev)


# --- the other operations ---------------------------------------------------------------------

def _surge(s: State, item: Work, ev: list[Event]) -> None:
    """The Boss's Surge, then the scenario's (or chapter's) extra Surge rule."""
    v = s.villain
    assert v is not None
    boss = v.vdef(v.holder[0]).face(v.mode)
    ev.append(Event("surge", s.current, v.holder[0]))
    push_ops(s, boss.surge + v.surge)


def free_cells_near(s: State, cell: int) -> list[int]:
    """``cell`` itself when it is free, else its free neighbours: nobody stands there and it
    is no hero portal (which the Villains may not enter)."""
    if _open(s, cell):
        return [cell]
    return sorted(c for c in s.map.neighbours[cell] if _open(s, c))


def _open(s: State, c: int) -> bool:
    return s.occupant[c] < 0 and s.portal_side[c] != HEROES


def _cultist(s: State, item: Work, ev: list[Event]) -> None:
    v = s.villain
    assert v is not None
    for kind in _one_at_a_time(s, item):
        spare = [u for u in v.cultists if s.units[u].cell < 0]
        cells = free_cells_near(s, v.token[kind])
        if not spare or not cells:
            return
        cell = _ask(s, item_for(item, kind), "villain_cell", cells)
        if cell is not None:
            _place_cultist(s, cell, ev)


def item_for(item: Work, kind: int) -> Work:
    """``item`` narrowed to the one kind being worked on (what a decision puts back)."""
    op = item[0]
    args = tuple((k, (OBJECTIVE_KINDS[kind],) if k == "objectives" else val)
                 for k, val in op.args)
    return (Op(op.op, op.n, args), item[1], item[2], item[3])


def _place_cultist(s: State, cell: int, ev: list[Event]) -> None:
    v = s.villain
    assert v is not None
    u = next(x for x in v.cultists if s.units[x].cell < 0)
    turn.place(s, u, cell)
    ev.append(Event("deploy", VILLAIN, u, cell))


def _buff(s: State, item: Work, ev: list[Event]) -> None:
    """Until the end of the Villain turn (a turn's bonuses end with it)."""
    op = item[0]
    for kind in _resolve(s, item):
        u = villain_unit(s, kind)
        if s.units[u].cell < 0:
            continue
        unit = s.units[u]
        unit.b_str += int(op.get("strength", 0))  # type: ignore[call-overload]
        unit.b_def += int(op.get("defense", 0))  # type: ignore[call-overload]
        unit.b_spd += int(op.get("speed", 0))  # type: ignore[call-overload]
        unit.b_kw |= kw_bits(op.get("keywords", ()))  # type: ignore[arg-type]
        ev.append(Event("buff", VILLAIN, u, kind))


def heroes_on_board(s: State) -> list[int]:
    return [u for c, u in enumerate(s.occupant) if u >= 0 and s.occ_side[c] == HEROES]


def from_kind(s: State, kind: int) -> int:
    """Where ``kind``'s Villain stands, or its token's cell when it is off the battlefield."""
    v = s.villain
    assert v is not None
    cell = s.units[villain_unit(s, kind)].cell
    return cell if cell >= 0 else v.token[kind]


def nearest_heroes(s: State, cell: int) -> list[int]:
    heroes = heroes_on_board(s)
    if not heroes:
        return []
    best = min(s.map.distance(cell, s.units[h].cell) for h in heroes)
    return sorted(h for h in heroes if s.map.distance(cell, s.units[h].cell) == best)


def _damage(s: State, item: Work, ev: list[Event]) -> None:
    op = item[0]
    target = str(op.get("target"))
    if target == "all_on_shrines":
        hit = tuple(h for h in heroes_on_board(s) if s.terrain[s.units[h].cell] == SHRINE)
        if hit:
            harm.declare(s, harm.Harm("damage", hit, op.n, -1, -1, -1), ev)
        return
    if target == "strongest":
        heroes = heroes_on_board(s)
        if not heroes:
            return
        best = max((combat.strength(s, h), combat.defense(s, h)) for h in heroes)
        choices = sorted(h for h in heroes
                         if (combat.strength(s, h), combat.defense(s, h)) == best)
    else:
        kind = _kind_arg(s, item, "target")
        if kind < 0:
            return
        choices = nearest_heroes(s, from_kind(s, kind))
    if not choices:
        return
    t = _ask(s, item, "villain_target", choices)
    if t is not None:
        harm.declare(s, harm.Harm("damage", (t,), op.n, -1, -1, -1), ev)


def _return(s: State, item: Work, ev: list[Event]) -> None:
    """A defeated Villain comes back on its start hex, or the nearest free hex to it."""
    v = s.villain
    assert v is not None
    for kind in _one_at_a_time(s, item):
        u = villain_unit(s, kind)
        if s.units[u].cell >= 0:
            return
        start = s.scen.villain_starts[OBJECTIVE_KINDS[kind]]
        free = [c for c in range(len(s.occupant)) if _open(s, c)]
        if not free:
            return
        best = min(s.map.distance(start, c) for c in free)
        cell = _ask(s, item_for(item, kind), "villain_cell",
                    sorted(c for c in free if s.map.distance(start, c) == best))
        if cell is not None:
            turn.place(s, u, cell)
            ev.append(Event("return", VILLAIN, u, cell))


def _honor(s: State, item: Work, ev: list[Event]) -> None:
    gain_honor(s, VILLAINS, item[0].n, ev)


def _move_token(s: State, item: Work, ev: list[Event]) -> None:
    v = s.villain
    assert v is not None
    kind = _kind_arg(s, item, "kind")
    if kind < 0:
        return
    at = v.token[kind]
    others = {c for k, c in enumerate(v.token) if k != kind}
    shrines = [c for c in s.map.shrines if c not in others and s.terrain[c] == SHRINE]
    if item[0].get("to") == "next_shrine":
        later = [c for c in shrines if c > at] + [c for c in shrines if c < at]
        choices = later[:1]
    else:
        heroes = heroes_on_board(s)
        if not heroes or not shrines:
            return
        def near(c: int) -> int:
            return min(s.map.distance(c, s.units[h].cell) for h in heroes)
        best = min(near(c) for c in shrines)
        choices = sorted(c for c in shrines if near(c) == best)
    if not choices or choices == [at]:
        return
    cell = _ask(s, item, "villain_cell", choices)
    if cell is not None:
        v.token[kind] = cell
        ev.append(Event("token", VILLAIN, kind, cell))


def _terrain(s: State, item: Work, ev: list[Event]) -> None:
    """A Forest or Tainted tile on the free plain hex nearest the hero unit nearest the
    named Villain (every tie of the two steps offered together)."""
    kind = _kind_arg(s, item, "at")
    if kind < 0:
        return
    heroes = nearest_heroes(s, from_kind(s, kind))
    v = s.villain
    assert v is not None
    spots = [c for c in range(len(s.terrain)) if s.terrain[c] == PLAIN and s.occupant[c] < 0
             and s.board_treasure[c] < 0 and c not in v.token]
    if not heroes or not spots:
        return
    def near(c: int) -> int:
        return min(s.map.distance(c, s.units[h].cell) for h in heroes)
    best = min(near(c) for c in spots)
    cell = _ask(s, item, "villain_cell", sorted(c for c in spots if near(c) == best))
    if cell is not None:
        s.terrain[cell] = FOREST if item[0].get("tile") == "forest" else TAINTED
        ev.append(Event("terrain", VILLAIN, -1, cell))


def _steal(s: State, item: Work, ev: list[Event]) -> None:
    """The face-down Treasure nearest a Villain unit goes back into the bag, ``n`` times."""
    mine = [s.units[u].cell for c, u in enumerate(s.occupant) if u >= 0
            and s.occ_side[c] == VILLAINS]
    lying = [c for c, t in enumerate(s.board_treasure) if t >= 0]
    if not mine or not lying:
        return
    def near(c: int) -> int:
        return min(s.map.distance(c, m) for m in mine)
    best = min(near(c) for c in lying)
    cell = _ask(s, item, "villain_cell", sorted(c for c in lying if near(c) == best))
    if cell is None:
        return
    if item[0].n > 1:
        op = item[0]
        s.work.append((Op(op.op, op.n - 1, op.args), item[1], item[2], item[3]))
    _burn(s, cell, ev)


def _burn(s: State, cell: int, ev: list[Event]) -> None:
    token = s.board_treasure[cell]
    s.board_treasure[cell] = -1
    s.bag.insert(s.rng.below(len(s.bag) + 1), token)
    ev.append(Event("burn", VILLAIN, -1, cell))


def _acquire(s: State, item: Work, ev: list[Event]) -> None:
    """The named Villain equips the costliest Construct of the row (no Ambush)."""
    for kind in _one_at_a_time(s, item):
        u = villain_unit(s, kind)
        row = [c for c in s.row if c >= 0 and s.cards[c].kind == "construct"]
        if s.units[u].cell < 0 or not row:
            return
        top = max(s.cards[c].cost for c in row)
        card = _ask(s, item_for(item, kind), "villain_card",
                    sorted(c for c in row if s.cards[c].cost == top))
        if card is not None:
            _equip(s, u, card, ev)


def _equip(s: State, u: int, card: int, ev: list[Event]) -> None:
    turn.take_from_row(s, card, ev)
    champ = s.units[u].card
    s.gear[champ] = s.gear.get(champ, ()) + (card,)
    ev.append(Event("equip", VILLAIN, card, champ))


def _slay(s: State, item: Work, ev: list[Event]) -> None:
    """A Villain defeated ``n`` hero units with an attack: its face's Slay once each, and
    the Honor its Constructs' Slay gives (their other Slay effects need a hand, Power or a
    player's choice, which the Villains do not have)."""
    v = s.villain
    assert v is not None
    u = item[3]
    card = s.units[u].card
    if card < 0:
        return
    face = v.vdef(card).face(v.mode)
    for _ in range(item[0].n):
        for c in s.gear.get(card, ()):
            for op in s.cards[c].slay:
                if op.op == "honor":
                    gain_honor(s, VILLAINS, op.n, ev)
        push_ops(s, face.slay, u)


_HANDLERS: dict[str, Callable[[State, Work, list[Event]], None]] = {
    "v.command": _command, "v.surge": _surge, "v.cultist": _cultist, "v.buff": _buff,
    "v.damage": _damage, "v.return": _return, "v.honor": _honor,
    "v.move_token": _move_token, "v.terrain": _terrain, "v.steal_treasure": _steal,
    "v.acquire": _acquire,
    "@v.next": _next, "@v.after": _after, "@v.bonus": _bonus, "@v.plan": _plan,
    "@v.move": _move, "@v.attack": _attack, "@v.score": _score, "@v.slay": _slay,
}
effects.register(_HANDLERS)


# --- answers ----------------------------------------------------------------------------------

def answer(s: State, d: Decision, choice: int, events: list[Event]) -> None:
    """A tie was broken: the waiting item runs with the choice made."""
    item = s.work.pop()
    name = item[0].op
    if d.kind == "villain_plan":
        s.work.append(item)
        plans = plans_of(s, d)
        s.work.pop()
        _carry_out(s, item[3], plans[choice], events)
    elif d.kind == "villain_target":
        harm.declare(s, harm.Harm("damage", (choice,), item[0].n, -1, -1, -1), events)
    elif d.kind == "villain_card":
        kinds = _resolve(s, item)
        _equip(s, villain_unit(s, kinds[0]), choice, events)
    elif name == "v.cultist":
        _place_cultist(s, choice, events)
    elif name == "v.return":
        u = villain_unit(s, _resolve(s, item)[0])
        turn.place(s, u, choice)
        events.append(Event("return", VILLAIN, u, choice))
    elif name == "v.move_token":
        v = s.villain
        assert v is not None
        kind = _kind_arg(s, item, "kind")
        v.token[kind] = choice
        events.append(Event("token", VILLAIN, kind, choice))
    elif name == "v.terrain":
        s.terrain[choice] = FOREST if item[0].get("tile") == "forest" else TAINTED
        events.append(Event("terrain", VILLAIN, -1, choice))
    elif name == "v.steal_treasure":
        if item[0].n > 1:
            op = item[0]
            s.work.append((Op(op.op, op.n - 1, op.args), item[1], item[2], item[3]))
        _burn(s, choice, events)
    else:
        raise AssertionError(f"no answer for {d.kind} on {name}")


__all__ = ["DECISIONS", "answer", "as_work", "begin_villain_turn", "check_victory",
           "end_villain_turn", "play_scheme", "plans_of", "push_ops"]
