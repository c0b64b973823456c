"""What one seat may see, and rebuilding a plausible full state from it.

Public: patterns, Guards, Wizards, auras, enchantments, circles, both discard piles, the
counts of every hidden pile, and each creature's effective Power in play. Private: Dungeons
and Spellbooks (their owner sees them), the order of the Recruitment and Research decks, a
just-recruited creature (its drawer sees it). A Brainwash reveals only the announced Power
(``announced_power``). Seat -1 is nobody's: its view is the public table alone (for a log
every player at the keyboard reads). The actions in words are in ``words``.
"""

from __future__ import annotations

import zlib
from array import array
from dataclasses import dataclass
from typing import Any

from core.contract import plain_copy
from core.firepeak import board
from core.firepeak import effects as fx
from core.firepeak.cards import BASE_POWER, SPELLS
from core.firepeak.pattern import EMPTY, MINIONS, WIZARD, WIZARD_MINIONS, power_ok
from core.firepeak.state import GUARD, Decision, Player, State, Turn, blank_state
from core.rng import Rng

# Decisions whose choices are cards only the decider may see.
HIDDEN_CHOICES = frozenset({"discard_spell", "component", "rescue_pick", "dungeon_pick"})


@dataclass(frozen=True)
class PlayerView:
    """One seat as the viewer sees it; ``dungeon``/``spellbook`` are None when hidden."""

    name: str
    seat_kind: str
    wizard: int
    pattern: tuple[int, ...]
    guard: int
    auras: tuple[int, ...]
    circle: int
    dungeon: tuple[int, ...] | None
    dungeon_count: int
    spellbook: tuple[int, ...] | None
    spellbook_count: int
    power: int  # the pattern's total effective Power
    turns: int
    powers: tuple[int, ...]  # effective Power per Position (0 where empty)
    guard_power: int

    def at(self, loc: int) -> int:
        """The creature at ``loc`` (a Position or GUARD), EMPTY if none."""
        return self.guard if loc == GUARD else self.pattern[loc]

    def power_at(self, loc: int) -> int:
        """Effective Power of the creature at ``loc`` (a Position or GUARD), 0 if none."""
        return self.guard_power if loc == GUARD else self.powers[loc]


@dataclass(frozen=True)
class FirepeakView:
    """The table from one seat."""

    seat: int
    to_move: int | None
    current: int
    setup: bool
    options: dict[str, Any]
    players: tuple[PlayerView, ...]
    recruit_count: int
    research_count: int
    creature_discard: tuple[int, ...]
    spell_discard: tuple[int, ...]
    ench: tuple[tuple[int, tuple[int, ...]], ...]
    held: int  # the creature being placed after a Recruit, -1 if none or hidden
    held_hidden: bool
    announced_power: int  # the Power announced by a Brainwash awaiting placement, else -1
    casting: int
    pending: Decision | None
    work: tuple[tuple[Any, ...], ...]
    actions_left: int
    bonus: tuple[str, ...]
    night_wing_used: bool
    doombringer_used: bool
    rolls: tuple[int, ...]
    deck_out: bool
    reshuffled: bool
    over: bool
    creature_unseen: tuple[int, ...]  # sorted: deck + others' Dungeons (+ a hidden draw)
    spell_unseen: tuple[int, ...]  # sorted: Research deck + others' Spellbooks

    @property
    def me(self) -> PlayerView:
        """The viewer's own seat."""
        return self.players[self.seat]

    def spells_on(self, uid: int) -> tuple[int, ...]:
        """The enchantments on creature ``uid`` (none if it has none)."""
        return next((spells for u, spells in self.ench if u == uid), ())


def _hidden_source(s: State, d: Decision, seat: int) -> bool:
    """Whether the pending decision's creature is one ``seat`` may not identify."""
    if d.kind != "place" or d.seat == seat:
        return False
    return fx.place_mode(d)[0] != fx.CAPTIVE  # a captive was taken in plain sight


def view(s: State, seat: int) -> FirepeakView:
    """The table as ``seat`` may see it (-1: the public table alone)."""
    players = []
    for i, p in enumerate(s.players):
        mine = i == seat
        powers = tuple(board.powers(s, i, p.pattern))
        players.append(PlayerView(
            name=s.options["names"][i], seat_kind=s.options["seats"][i], wizard=p.wizard,
            pattern=tuple(p.pattern), guard=p.guard, auras=tuple(p.auras), circle=p.circle,
            dungeon=tuple(p.dungeon) if mine else None, dungeon_count=len(p.dungeon),
            spellbook=tuple(p.spellbook) if mine else None,
            spellbook_count=len(p.spellbook), power=sum(powers), turns=s.turns_taken[i],
            powers=powers,
            guard_power=board.power_at(s, i, p.guard, GUARD) if p.guard != EMPTY else 0))
    d = s.pending
    held_hidden = s.held != EMPTY and s.current != seat
    announced = -1
    pending = d
    if d is not None and d.seat != seat:
        if d.kind in HIDDEN_CHOICES:
            pending = d._replace(choices=())
        if _hidden_source(s, d, seat):
            if fx.place_mode(d)[0] == fx.BRAINWASH:
                announced = BASE_POWER[d.source]
            # Where it may go would hint at what it is: both stay with the decider.
            pending = d._replace(source=-1, choices=())
    elif d is not None and d.kind == "place" and fx.place_mode(d)[0] == fx.BRAINWASH:
        announced = BASE_POWER[d.source]
    unseen_c = list(s.recruit)
    for i, p in enumerate(s.players):
        if i != seat:
            unseen_c += p.dungeon
    if held_hidden:
        unseen_c.append(s.held)
    unseen_s = list(s.research)
    for i, p in enumerate(s.players):
        if i != seat:
            unseen_s += p.spellbook
    work = tuple(_public_task(task, seat) for task in s.work)
    t = s.turn
    return FirepeakView(
        seat=seat, to_move=s.to_move, current=s.current, setup=s.setup,
        options=plain_copy(s.options),
        players=tuple(players), recruit_count=len(s.recruit), research_count=len(s.research),
        creature_discard=tuple(s.creature_discard), spell_discard=tuple(s.spell_discard),
        ench=tuple(sorted(s.ench.items())), held=-1 if held_hidden else s.held,
        held_hidden=held_hidden, announced_power=announced, casting=s.casting,
        pending=pending, work=work, actions_left=t.actions_left, bonus=tuple(t.bonus),
        night_wing_used=t.night_wing_used, doombringer_used=t.doombringer_used,
        rolls=tuple(t.rolls), deck_out=s.deck_out, reshuffled=s.reshuffled, over=s.over,
        creature_unseen=tuple(sorted(unseen_c)), spell_unseen=tuple(sorted(unseen_s)))


def _public_task(task: tuple[Any, ...], seat: int) -> tuple[Any, ...]:
    """A queued task as ``seat`` may see it: another seat's unrevealed creature is -1."""
    if task[0] == "place" and task[1] != seat and task[2] != fx.CAPTIVE:
        return (*task[:4], -1, task[5])
    return task


def determinize(v: FirepeakView, rng: Rng) -> State:
    """A full state consistent with ``v``: hidden cards dealt at random from ``rng``.

    Bots search on these so they never peek at hidden cards or touch the game's own stream.
    """
    s = blank_state(v.options, Rng(rng.next64()))
    creatures = list(v.creature_unseen)
    spells = list(v.spell_unseen)
    rng.shuffle(creatures)
    rng.shuffle(spells)
    for pv in v.players:
        p = Player(pv.wizard)
        p.pattern = list(pv.pattern)
        p.guard = pv.guard
        p.auras = list(pv.auras)
        p.circle = pv.circle
        s.players.append(p)
    s.ench = dict(v.ench)
    d = v.pending
    # Another seat's won Brainwash: a creature of the announced Power that has somewhere
    # to go (the real one is among the unseen, so one always does).
    brainwashed = -1
    if d is not None and d.kind == "place" and d.source == -1 and d.a >= 0 \
            and v.announced_power >= 0:
        mode, arg = fx.place_mode(d)
        fits = [u for u in creatures if BASE_POWER[u] == v.announced_power
                and fx.place_choices(s, d.seat, mode, arg, u)]
        if fits:
            brainwashed = fits[0]
            creatures.remove(brainwashed)
    # A Rescue or a Dungeon spell shows the decider creatures of a hidden Dungeon (the
    # choices, or the rescued creature still to place): those must be dealt into it.
    shown: dict[int, list[int]] = {}
    if d is not None and 0 <= d.a < len(v.players) and v.players[d.a].dungeon is None:
        if d.kind in ("rescue_pick", "dungeon_pick") and d.choices:
            shown[d.a] = [u for u in d.choices if u in creatures]
        elif d.kind == "place" and d.source >= 0 and d.source in creatures:
            shown[d.a] = [d.source]
    # A queued placement the viewer may see (its own Rescue, a captive) names a creature
    # of a hidden Dungeon too: it must be there when the task runs.
    for task in v.work:
        if task[0] == "place" and task[4] in creatures and 0 <= task[5] < len(v.players) \
                and v.players[task[5]].dungeon is None \
                and task[4] not in shown.get(task[5], ()):
            shown.setdefault(task[5], []).append(task[4])
    for uids in shown.values():
        for u in uids:
            creatures.remove(u)
    for i, (p, pv) in enumerate(zip(s.players, v.players, strict=True)):
        if pv.dungeon is not None:
            p.dungeon = list(pv.dungeon)
        else:
            p.dungeon = list(shown.get(i, []))
            k = pv.dungeon_count - len(p.dungeon)
            if brainwashed >= 0 and d is not None and d.a == i:
                p.dungeon.append(brainwashed)
                k -= 1
            p.dungeon += [creatures.pop() for _ in range(k)]
        p.spellbook = list(pv.spellbook) if pv.spellbook is not None else [
            spells.pop() for _ in range(pv.spellbook_count)]
    s.held = creatures.pop() if v.held_hidden else v.held
    s.recruit = creatures
    s.research = spells
    s.creature_discard = list(v.creature_discard)
    s.spell_discard = list(v.spell_discard)
    s.casting = v.casting
    s.current = v.current
    s.setup = v.setup
    t = Turn()
    t.actions_left, t.bonus = v.actions_left, list(v.bonus)
    t.night_wing_used, t.doombringer_used = v.night_wing_used, v.doombringer_used
    t.rolls = list(v.rolls)
    s.turn = t
    s.deck_out, s.reshuffled, s.over = v.deck_out, v.reshuffled, v.over
    s.turns_taken = [pv.turns for pv in v.players]
    s.pending = _determinized_pending(s, d, brainwashed)
    s.work = [_determinized_task(s, task) for task in v.work]
    return s


def _determinized_pending(s: State, d: Decision | None, brainwashed: int) -> Decision | None:
    """The pending decision with hidden parts re-derived from the dealt state."""
    if d is None:
        return None
    if d.kind == "place" and d.source == -1:
        if d.a == -1:
            uid = s.held
        else:
            uid = brainwashed if brainwashed >= 0 else s.players[d.a].dungeon[0]
        mode, arg = fx.place_mode(d)
        return d._replace(source=uid,
                          choices=tuple(fx.place_choices(s, d.seat, mode, arg, uid)))
    if d.choices:
        return d
    if d.kind == "discard_spell":
        return d._replace(choices=tuple(s.players[d.seat].spellbook))
    if d.kind == "component":
        comp = SPELLS[d.source].component
        return d._replace(choices=tuple(fx.component_choices(s, d.seat, comp, d.a, d.b)))
    if d.kind == "rescue_pick":
        return d._replace(choices=fx.rescue_choices(s.players[d.a].dungeon))
    if d.kind == "dungeon_pick":
        return d._replace(choices=tuple(sorted(s.players[d.a].dungeon)))
    return d


def _determinized_task(s: State, task: tuple[Any, ...]) -> tuple[Any, ...]:
    if task[0] == "place" and task[4] == -1:
        origin = task[5]
        uid = s.held if origin == -1 else s.players[origin].dungeon[0]
        return (*task[:4], uid, origin)
    return task


def room_under(p: PlayerView, loc: int) -> bool:
    """Whether a Recruit under ``loc`` (a Position, or WIZARD) could place the new creature
    as its Minion: an empty Minion Position whose Leaders outweigh a creature of Power 1.
    A Tier 3 creature has no Minion Positions, and a Power 1 Leader supports none."""
    under = WIZARD_MINIONS if loc == WIZARD else MINIONS[loc] if 0 <= loc < len(MINIONS) else ()
    return any(p.pattern[m] == EMPTY and power_ok(p.pattern, m, 1, p.power_at) for m in under)


def checksum(s: State) -> int:
    """A CRC of the full state, built from one flat int array (cheap enough per step)."""
    t = s.turn
    flat: list[int] = [s.rng.state >> 32, s.rng.state & 0xFFFFFFFF, s.current, s.held,
                       s.casting, int(s.setup), int(s.deck_out), int(s.reshuffled),
                       int(s.over), t.actions_left, int(t.night_wing_used),
                       int(t.doombringer_used), *t.rolls, -2]
    for p in s.players:
        flat += (p.wizard, *p.pattern, p.guard, *p.auras, p.circle, -3)
        flat += p.dungeon
        flat.append(-3)
        flat += p.spellbook
        flat.append(-4)
    for zone in (s.recruit, s.creature_discard, s.research, s.spell_discard, s.turns_taken):
        flat += zone
        flat.append(-5)
    for uid in sorted(s.ench):
        flat += (uid, *s.ench[uid], -6)
    d = s.pending
    if d is not None:
        flat += (d.seat, d.source, d.a, d.b, *d.choices, -7)
    crc = zlib.crc32(array("q", flat).tobytes())
    extra = repr((t.bonus, None if d is None else d.kind, s.work))
    return zlib.crc32(extra.encode(), crc)
