"""The effect engine: follow-up tasks, the decisions they wait for, and the answers.

An action's later steps are tasks on ``state.work`` (a stack of tuples of str/int, so they
snapshot as plain data). A task that needs a choice leaves a ``Decision`` on
``state.pending`` and stops; the answer finishes it and the run goes on. Before any task
runs, an illegal pattern is resolved (the rulebook: an illegal placement is dealt with
before anything else happens), one owner's step at a time:

1. while a creature has no Leader, its owner moves one Leaderless creature up into one of
   its (empty) Leader Positions (``move_up``);
2. otherwise, while a rule is broken, the owner removes one creature to the discard pile
   (``remove``): any creature breaking a rule, or a Leader of one breaking the Power rule
   (the rulebook's Atrophy example lets the player remove either the weakened Troll or
   the Ogre it no longer supports); then the procedure starts over.

A decision with exactly one choice is answered at once, so nobody is asked to confirm a
forced step.

Decision kinds, what ``card`` means in the answering action, and the context fields:

=============  ================================================  =============================
kind           card (one of ``choices``)                         source / a / b
=============  ================================================  =============================
discard_spell  spell uid to discard at setup (keep 5 of 7)       -
place          Position 0..8, GUARD 9 or DUNGEON 10              creature / origin / mode+arg
move_up        from*10 + to (resolution step 1)                  -
remove         Position (resolution step 2)                      -
rescue_pick    creature uid from the beaten Dungeon, or NO_TAKE  - / victim seat
extra_spell    DRAW or NO_DRAW (the Dawn Keepers' extra spell)   -
component      creature uid from your Dungeon                    spell / left / clan index
aura           seat*10 + Position                                spell
enchant        seat*10 + location (0..8, GUARD 9)                spell
opponent       an opponent's seat                                spell / op index
dungeon_pick   creature uid from that seat's Dungeon             spell / seat / op index
salvage        creature uid from the creature discard pile       spell
dispel         spell uid in play                                 spell
tremor         seat*100 + a*10 + b (adjacent Positions a < b)    spell
bind           seat*10 + Position                                spell / max printed Power
=============  ================================================  =============================

``place`` modes: 0 Recruit (arg = the chosen Leader, -1 the Wizard), 1 Brainwash,
2 Rescue, 3 a Twilight Spawn's captive (arg = the Twilight Spawn's Position); ``b`` is
``mode * 10 + arg + 1`` and ``a`` the seat whose Dungeon holds it (-1: just drawn).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any

from core.contract import Event, new_event
from core.firepeak import board
from core.firepeak.cards import BASE_POWER, CLAN_OF, SPELLS, Component
from core.firepeak.components import component_pool
from core.firepeak.pattern import (
    CLANS,
    EMPTY,
    LEADERS,
    MINIONS,
    SIZE,
    WIZARD,
    WIZARD_MINIONS,
    has_leader,
    is_complete,
)
from core.firepeak.state import DUNGEON, GUARD, KEPT_SPELLS, ROLL_INDEX, Decision, State, Turn
from core.firepeak.targets import (
    aura_targets,
    creature_targets,
    op_targets,
    spells_available,
)

RECRUIT, BRAINWASH, RESCUE, CAPTIVE = 0, 1, 2, 3
RESOLUTION_KINDS = frozenset({"move_up", "remove"})
DECISION_KINDS = ("discard_spell", "place", "move_up", "remove", "rescue_pick", "component",
                  "aura", "enchant", "opponent", "dungeon_pick", "salvage", "dispel", "tremor",
                  "bind", "extra_spell")
# The rulebook makes two things a player "may" do, so each is asked: a won Rescue may take
# no creature (``NO_TAKE``), and a Research with Dawn Keepers may draw the extra spell.
NO_TAKE = -1
DRAW, NO_DRAW = 1, 0

Task = tuple[Any, ...]
# A Decision from a full tuple of its fields, without NamedTuple's Python-level __new__.
_new_decision: Callable[[tuple[str, int, tuple[int, ...], int, int, int]], Decision] = \
    functools.partial(tuple.__new__, Decision)


# --- running ---------------------------------------------------------------------------------

def run(s: State, ev: list[Event]) -> None:
    """Resolve illegal patterns and run queued tasks until done or a decision is pending."""
    while s.pending is None and not s.over:
        if not s.setup and _resolve_step(s, ev):
            continue
        if not s.work:
            break
        task = s.work.pop()
        TASKS[task[0]](s, task, ev)
    if s.pending is None and not s.work and not s.setup and not s.over:
        _check_complete(s, ev)


def ask(s: State, kind: str, seat: int, choices: Iterable[int], ev: list[Event],
        source: int = -1, a: int = -1, b: int = -1) -> None:
    ch = tuple(choices)
    assert ch, f"{kind}: a decision needs at least one choice"
    d = _new_decision((kind, seat, ch, source, a, b))
    if len(ch) == 1:
        answer(s, d, ch[0], ev)
    else:
        s.pending = d


def answer(s: State, d: Decision, choice: int, ev: list[Event]) -> None:
    ANSWERS[d.kind](s, d, choice, ev)


def _check_complete(s: State, ev: list[Event]) -> None:
    """A complete (and, when nothing is pending, legal) pattern wins at once."""
    done = [i for i, p in enumerate(s.players) if is_complete(p.pattern)]
    if done:
        s.over = True
        for seat in done:
            ev.append(new_event(("pattern_complete", seat, -1, 0)))
        ev.append(new_event(("game_over", done[0], -1, 0)))


# --- primitive moves -------------------------------------------------------------------------

def drop_enchantments(s: State, uid: int, ev: list[Event]) -> None:
    """A creature left play (to a Dungeon or the discard pile): its enchantments go."""
    spells = s.ench.pop(uid, None)
    if spells:
        s.spell_discard.extend(spells)
        for sp in spells:
            ev.append(new_event(("spell_discarded", -1, sp, 0)))


def take(s: State, seat: int, loc: int, ev: list[Event]) -> int:
    """Remove the creature at ``loc`` (0..8 or GUARD) of ``seat`` from play; returns it."""
    p = s.players[seat]
    if loc == GUARD:
        uid, p.guard = p.guard, EMPTY
    else:
        uid, p.pattern[loc] = p.pattern[loc], EMPTY
    assert uid != EMPTY, "no creature there"
    drop_enchantments(s, uid, ev)
    return uid


def draw_spell(s: State, seat: int, ev: list[Event]) -> bool:
    """Draw a spell, reshuffling the spell discards into the Research deck if it is out."""
    if not s.research:
        if not s.spell_discard:
            return False
        s.research, s.spell_discard = s.spell_discard, []
        s.rng.shuffle(s.research)
        ev.append(new_event(("research_reshuffle", -1, -1, len(s.research))))
    spell = s.research.pop()
    s.players[seat].spellbook.append(spell)
    # The spell is named for the drawer's own log; a table shows others only the draw.
    ev.append(new_event(("draw_spell", seat, spell, 0)))
    return True


def die(s: State, seat: int, uid: int, ev: list[Event]) -> int:
    roll = s.rng.die()
    ev.append(new_event(("roll", seat, uid, roll)))
    return roll


# --- setup -----------------------------------------------------------------------------------

def _setup_discard(s: State, task: Task, ev: list[Event]) -> None:
    seat = task[1]
    book = s.players[seat].spellbook
    if len(book) > KEPT_SPELLS:
        s.work.append(task)  # again after the answer, until five are kept
        ask(s, "discard_spell", seat, book, ev)


def _answer_discard_spell(s: State, d: Decision, choice: int, ev: list[Event]) -> None:
    s.players[d.seat].spellbook.remove(choice)
    s.research.append(choice)  # face down: the Research deck is shuffled once all chose
    ev.append(new_event(("setup_discard", d.seat, -1, 0)))


def _begin(s: State, task: Task, ev: list[Event]) -> None:
    """Shuffle the Research deck, roll for the first player (ties roll again), start."""
    s.rng.shuffle(s.research)
    contenders = list(range(s.n))
    while len(contenders) > 1:
        rolls = [(die(s, seat, -1, ev), seat) for seat in contenders]
        best = max(r for r, _ in rolls)
        contenders = [seat for r, seat in rolls if r == best]
    s.setup = False
    s.current = contenders[0]
    s.turn = Turn()
    ev.append(new_event(("start_turn", s.current, -1, 0)))


# --- placing a creature ----------------------------------------------------------------------

def place_choices(s: State, seat: int, mode: int, arg: int, uid: int) -> list[int]:
    """Where a Recruited, Brainwashed, Rescued or captive creature may go."""
    if mode == RECRUIT:
        among: Iterable[int] = WIZARD_MINIONS if arg == WIZARD else MINIONS[arg]
    elif mode == CAPTIVE:
        among = MINIONS[arg] if 0 <= arg < SIZE else ()
    else:
        among = range(SIZE)
    out = board.open_positions(s, seat, uid, tuple(among))
    if mode != CAPTIVE and s.players[seat].guard == EMPTY:
        out.append(GUARD)
    if mode != BRAINWASH:
        out.append(DUNGEON)
    return out


def place_mode(d: Decision) -> tuple[int, int]:
    """(mode, arg) of a ``place`` decision."""
    return d.b // 10, d.b % 10 - 1


def push_place(s: State, seat: int, mode: int, arg: int, uid: int, origin: int) -> None:
    s.work.append(("place", seat, mode, arg, uid, origin))


def _place(s: State, task: Task, ev: list[Event]) -> None:
    _, seat, mode, arg, uid, origin = task
    choices = place_choices(s, seat, mode, arg, uid)
    if not choices:
        # A won Brainwash with nowhere legal to go; the creature stays hidden.
        ev.append(new_event(("no_room", seat, -1, BASE_POWER[uid])))
        return
    ask(s, "place", seat, choices, ev, source=uid, a=origin, b=mode * 10 + arg + 1)


def _answer_place(s: State, d: Decision, choice: int, ev: list[Event]) -> None:
    uid, origin, seat = d.source, d.a, d.seat
    if origin == -1:
        s.held = EMPTY
    else:
        s.players[origin].dungeon.remove(uid)
    p = s.players[seat]
    if choice == DUNGEON:
        p.dungeon.append(uid)
        ev.append(new_event(("to_dungeon", seat, -1, origin)))  # unrevealed
    elif choice == GUARD:
        p.guard = uid
        ev.append(new_event(("guard", seat, uid, 0)))
    else:
        p.pattern[choice] = uid
        ev.append(new_event(("place", seat, uid, choice)))


def rescue_choices(dungeon: Iterable[int]) -> tuple[int, ...]:
    """What a won Rescue offers: each creature of the beaten Dungeon, or none."""
    return (*sorted(dungeon), NO_TAKE)


def _rescue_pick(s: State, task: Task, ev: list[Event]) -> None:
    _, seat, victim = task
    dungeon = s.players[victim].dungeon
    if dungeon:
        ask(s, "rescue_pick", seat, rescue_choices(dungeon), ev, a=victim)


def _answer_rescue_pick(s: State, d: Decision, choice: int, ev: list[Event]) -> None:
    if choice == NO_TAKE:
        ev.append(new_event(("rescue_declined", d.seat, -1, d.a)))
        return
    ev.append(new_event(("rescued", d.seat, -1, d.a)))
    push_place(s, d.seat, RESCUE, 0, choice, d.a)


def _extra_spell(s: State, task: Task, ev: list[Event]) -> None:
    if spells_available(s):
        ask(s, "extra_spell", task[1], (DRAW, NO_DRAW), ev)


def _answer_extra_spell(s: State, d: Decision, choice: int, ev: list[Event]) -> None:
    if choice == DRAW:
        draw_spell(s, d.seat, ev)


# --- resolving illegal patterns --------------------------------------------------------------

def resolution_choices(s: State, seat: int) -> tuple[str, list[int]] | None:
    """The owner's next step for an illegal pattern (kind and choices), None if legal."""
    if board.pattern_legal(s, seat):
        return None
    slots = s.players[seat].pattern
    leaderless = [p for p in range(SIZE) if slots[p] != EMPTY and not has_leader(slots, p)]
    if leaderless:
        # A Leaderless creature's Leader Positions are all empty, so each is a destination.
        return "move_up", [p * 10 + q for p in leaderless for q in LEADERS[p]]
    bad = board.violations(s, seat)
    cands = set(bad)
    for p, rules in bad.items():
        if "power" in rules:
            cands.update(q for q in LEADERS[p] if q != WIZARD and slots[q] != EMPTY)
    return "remove", sorted(cands)


def _resolve_step(s: State, ev: list[Event]) -> bool:
    """Post (or take, if forced) one resolution step for the first illegal pattern."""
    if board.patterns_legal(s):
        return False
    n, current = len(s.players), s.current
    for k in range(n):
        seat = (current + k) % n
        if board.pattern_legal(s, seat):  # the usual answer, asked before every task
            continue
        step = resolution_choices(s, seat)
        if step is not None:
            ask(s, step[0], seat, step[1], ev)
            return True
    return False


def _answer_move_up(s: State, d: Decision, choice: int, ev: list[Event]) -> None:
    src, dst = divmod(choice, 10)
    slots = s.players[d.seat].pattern
    slots[dst], slots[src] = slots[src], EMPTY
    ev.append(new_event(("move_up", d.seat, slots[dst], choice)))


def _answer_remove(s: State, d: Decision, choice: int, ev: list[Event]) -> None:
    uid = take(s, d.seat, choice, ev)
    s.creature_discard.append(uid)
    ev.append(new_event(("removed", d.seat, uid, choice)))


# --- casting ---------------------------------------------------------------------------------

def component_choices(s: State, seat: int, comp: Component, left: int, clan_index: int
                      ) -> list[int]:
    """Dungeon creatures that can be the next of ``left`` components still to discard."""
    return component_pool(s.players[seat].dungeon, board.wizard_clan(s, seat), comp, left,
                          clan_index)


def start_cast(s: State, seat: int, spell: int, ev: list[Event]) -> None:
    s.players[seat].spellbook.remove(spell)
    s.casting = spell
    ev.append(new_event(("cast", seat, spell, 0)))
    s.work.append(("spell", seat, spell))
    s.work.append(("pay", seat, spell, SPELLS[spell].component.count, -1))


def _pay(s: State, task: Task, ev: list[Event]) -> None:
    _, seat, spell, left, clan_index = task
    choices = component_choices(s, seat, SPELLS[spell].component, left, clan_index)
    ask(s, "component", seat, choices, ev, source=spell, a=left, b=clan_index)


def _answer_component(s: State, d: Decision, choice: int, ev: list[Event]) -> None:
    s.players[d.seat].dungeon.remove(choice)
    s.creature_discard.append(choice)
    ev.append(new_event(("component", d.seat, choice, d.source)))
    if d.a > 1:
        comp = SPELLS[d.source].component
        clan_index = CLANS.index(CLAN_OF[choice]) if comp.same_clan else -1
        s.work.append(("pay", d.seat, d.source, d.a - 1, clan_index))


def _spell(s: State, task: Task, ev: list[Event]) -> None:
    _, seat, spell = task
    d = SPELLS[spell]
    if d.type == "instant":
        s.work.append(("finish", spell))
        for i in range(len(d.ops) - 1, -1, -1):
            s.work.append(("op", seat, spell, i))
    elif d.type == "aura":
        ask(s, "aura", seat, aura_targets(s, seat, d.target), ev, source=spell)
    elif d.type == "enchantment":
        targets = creature_targets(s, seat, d.target)
        if targets:
            ask(s, "enchant", seat, targets, ev, source=spell)
        else:
            _finish(s, ("finish", spell), ev)  # its creature left play while paying
    else:
        p = s.players[seat]
        if p.circle != EMPTY:
            s.spell_discard.append(p.circle)
            ev.append(new_event(("spell_discarded", seat, p.circle, 0)))
        p.circle = spell
        s.casting = EMPTY
        ev.append(new_event(("circle", seat, spell, 0)))


def _finish(s: State, task: Task, ev: list[Event]) -> None:
    s.spell_discard.append(task[1])
    s.casting = EMPTY


def _answer_aura(s: State, d: Decision, choice: int, ev: list[Event]) -> None:
    seat, pos = divmod(choice, 10)
    auras = s.players[seat].auras
    if auras[pos] != EMPTY:
        s.spell_discard.append(auras[pos])  # a second aura on a Position replaces the first
        ev.append(new_event(("spell_discarded", seat, auras[pos], 0)))
    auras[pos] = d.source
    s.casting = EMPTY
    ev.append(new_event(("aura", seat, d.source, pos)))


def _answer_enchant(s: State, d: Decision, choice: int, ev: list[Event]) -> None:
    seat, loc = divmod(choice, 10)
    uid = board.creature_at(s, seat, loc)
    s.ench[uid] = (*s.ench.get(uid, ()), d.source)
    s.casting = EMPTY
    ev.append(new_event(("enchant", seat, d.source, uid)))


def _op(s: State, task: Task, ev: list[Event]) -> None:
    _, seat, spell, i = task
    op = SPELLS[spell].ops[i]
    t = s.turn
    if op.name == "extra_action":
        t.bonus += [op.action] * op.n
        ev.append(new_event(("extra_action", seat, spell, op.n)))
        return
    if op.name == "roll_bonus":
        t.rolls[ROLL_INDEX[op.action]] += op.n
        return
    if op.name == "draw_spells":
        for _ in range(op.n):
            draw_spell(s, seat, ev)
        return
    targets = op_targets(s, seat, op.name, op.n)
    if not targets:
        ev.append(new_event(("fizzle", seat, spell, 0)))
        return
    kind = {"purge_dungeon": "opponent", "raid_dungeon": "opponent", "unseat": "opponent",
            "filch": "opponent", "dispel": "dispel", "salvage": "salvage",
            "tremor": "tremor", "bind": "bind"}[op.name]
    ask(s, kind, seat, targets, ev, source=spell, a=i, b=op.n)


def _answer_opponent(s: State, d: Decision, choice: int, ev: list[Event]) -> None:
    name = SPELLS[d.source].ops[d.a].name
    victim = s.players[choice]
    if name == "unseat":
        uid = take(s, choice, GUARD, ev)
        victim.dungeon.append(uid)
        ev.append(new_event(("unseated", choice, uid, 0)))
    elif name == "filch":
        spell = victim.spellbook.pop(s.rng.below(len(victim.spellbook)))
        s.players[d.seat].spellbook.append(spell)
        ev.append(new_event(("filched", d.seat, -1, choice)))
    else:
        s.work.append(("dungeon_pick", d.seat, d.source, choice, d.a))


def _dungeon_pick(s: State, task: Task, ev: list[Event]) -> None:
    _, seat, spell, target, i = task
    dungeon = s.players[target].dungeon
    if dungeon:
        ask(s, "dungeon_pick", seat, sorted(dungeon), ev, source=spell, a=target, b=i)


def _answer_dungeon_pick(s: State, d: Decision, choice: int, ev: list[Event]) -> None:
    s.players[d.a].dungeon.remove(choice)
    if SPELLS[d.source].ops[d.b].name == "purge_dungeon":
        s.creature_discard.append(choice)
        ev.append(new_event(("purged", d.a, choice, 0)))
    else:
        s.players[d.seat].dungeon.append(choice)
        ev.append(new_event(("raided", d.seat, -1, d.a)))


def _answer_salvage(s: State, d: Decision, choice: int, ev: list[Event]) -> None:
    s.creature_discard.remove(choice)
    s.players[d.seat].dungeon.append(choice)
    ev.append(new_event(("salvaged", d.seat, choice, 0)))


def remove_spell_from_play(s: State, spell: int) -> None:
    for uid, spells in list(s.ench.items()):
        if spell in spells:
            rest = tuple(x for x in spells if x != spell)
            if rest:
                s.ench[uid] = rest
            else:
                del s.ench[uid]
            return
    for p in s.players:
        if spell in p.auras:
            p.auras[p.auras.index(spell)] = EMPTY
            return
        if p.circle == spell:
            p.circle = EMPTY
            return
    raise AssertionError(f"spell {spell} is not in play")


def _answer_dispel(s: State, d: Decision, choice: int, ev: list[Event]) -> None:
    remove_spell_from_play(s, choice)
    s.spell_discard.append(choice)
    ev.append(new_event(("dispelled", d.seat, choice, 0)))


def _answer_tremor(s: State, d: Decision, choice: int, ev: list[Event]) -> None:
    seat, rest = divmod(choice, 100)
    a, b = divmod(rest, 10)
    slots = s.players[seat].pattern
    slots[a], slots[b] = slots[b], slots[a]
    ev.append(new_event(("tremor", seat, d.source, rest)))


def _answer_bind(s: State, d: Decision, choice: int, ev: list[Event]) -> None:
    seat, pos = divmod(choice, 10)
    uid = take(s, seat, pos, ev)
    s.players[d.seat].dungeon.append(uid)
    ev.append(new_event(("bound", d.seat, uid, seat)))


TASKS: dict[str, Callable[[State, Task, list[Event]], None]] = {
    "setup_discard": _setup_discard, "begin": _begin, "place": _place,
    "rescue_pick": _rescue_pick, "extra_spell": _extra_spell, "pay": _pay, "spell": _spell,
    "op": _op, "finish": _finish,
    "dungeon_pick": _dungeon_pick,
}

ANSWERS: dict[str, Callable[[State, Decision, int, list[Event]], None]] = {
    "discard_spell": _answer_discard_spell, "place": _answer_place,
    "move_up": _answer_move_up, "remove": _answer_remove,
    "rescue_pick": _answer_rescue_pick, "extra_spell": _answer_extra_spell,
    "component": _answer_component,
    "aura": _answer_aura, "enchant": _answer_enchant, "opponent": _answer_opponent,
    "dungeon_pick": _answer_dungeon_pick, "salvage": _answer_salvage,
    "dispel": _answer_dispel, "tremor": _answer_tremor, "bind": _answer_bind,
}
assert set(ANSWERS) == set(DECISION_KINDS)
