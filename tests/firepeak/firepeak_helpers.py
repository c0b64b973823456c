"""Helpers that build hand-made Firepeak positions and play random games.

Helpers only ever *move* uids between places, so the audit (every card in one place) keeps
holding in every hand-built position.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import core.firepeak as F
from core.contract import Action, Event
from core.firepeak.audit import problems
from core.firepeak.cards import CREATURES, SPELLS, WIZARDS
from core.firepeak.pattern import EMPTY
from core.firepeak.state import DUNGEON, GUARD, State, Turn
from core.rng import Rng

NEUTRAL = "night_wing"  # the default Wizard clan in hand-built tables: no Troll/Ogre bonus


class Dice(Rng):
    """An Rng whose dice are scripted by the test; shuffles still use the seeded stream."""

    __slots__ = ("rolls",)

    def __init__(self, rolls: Iterable[int], state: int = 12345) -> None:
        super().__init__(state)
        self.rolls = list(rolls)

    def die(self, sides: int = 6) -> int:
        assert self.rolls, "the test ran out of scripted dice"
        return self.rolls.pop(0)

    def copy(self) -> Dice:
        return Dice(self.rolls, self.state)


def uid(name: str) -> int:
    """The creature uid of ``name`` (creature names are unique)."""
    for c in CREATURES:
        if c.name == name:
            return c.uid
    raise AssertionError(f"no creature {name!r}")


def wizard_of(clan: str) -> int:
    return next(w.index for w in WIZARDS if w.clan == clan)


def finish_setup(s: State) -> State:
    """Answer every keep-5 choice by discarding the first offered spell."""
    while s.setup:
        F.apply(s, Action("discard_spell", s.pending.choices[0]))
    return s


def table(players: int = 2, seed: int = 1, clan_powers: bool = False,
          reshuffle_once: bool = False, wizards: Iterable[str] | None = None,
          clear: bool = True) -> State:
    """A game past setup, seat 0 to move with a fresh turn; by default an empty table (all
    creatures back in the Recruitment deck, all spells in the Research deck) and Wizards of
    a neutral clan, so each test adds exactly what it needs."""
    s = F.new_game({"players": players, "variants": {"clan_powers": clan_powers,
                                                     "reshuffle_once": reshuffle_once}}, seed)
    finish_setup(s)
    s.current = 0
    s.turn = Turn()
    if clear:
        for p in s.players:
            s.research += p.spellbook
            p.spellbook = []
        s.research.sort()
        s.recruit.sort()
    clans = list(wizards) if wizards is not None else [NEUTRAL] * players
    for p, clan in zip(s.players, clans, strict=True):
        p.wizard = wizard_of(clan)
    assert problems(s) == []
    return s


def _detach(s: State, u: int) -> None:
    """Take creature ``u`` out of wherever it is (enchantments on it are discarded)."""
    if s.held == u:
        s.held = EMPTY
        return
    for lst in (s.recruit, s.creature_discard, *(p.dungeon for p in s.players)):
        if u in lst:
            lst.remove(u)
            return
    for p in s.players:
        if p.guard == u:
            p.guard = EMPTY
            break
        if u in p.pattern:
            p.pattern[p.pattern.index(u)] = EMPTY
            break
    else:
        raise AssertionError(f"creature {u} is nowhere")
    s.spell_discard += s.ench.pop(u, ())


def put(s: State, name: str | int, seat: int = 0, loc: int = DUNGEON) -> int:
    """Move a creature (by name or uid) to ``seat``'s Position ``loc``, GUARD or DUNGEON;
    DUNGEON + 1 means the creature discard pile, -2 the top of the Recruitment deck."""
    u = uid(name) if isinstance(name, str) else name
    _detach(s, u)
    p = s.players[seat]
    if loc == DUNGEON:
        p.dungeon.append(u)
    elif loc == GUARD:
        assert p.guard == EMPTY
        p.guard = u
    elif loc == DUNGEON + 1:
        s.creature_discard.append(u)
    elif loc == -2:
        s.recruit.append(u)
    else:
        assert p.pattern[loc] == EMPTY, f"Position {loc} is taken"
        p.pattern[loc] = u
    return u


def spell(s: State, key: str, seat: int = 0) -> int:
    """Move a free copy of spell ``key`` from the Research deck or discards to a Spellbook."""
    for lst in (s.research, s.spell_discard):
        for sp in lst:
            if SPELLS[sp].key == key:
                lst.remove(sp)
                s.players[seat].spellbook.append(sp)
                return sp
    raise AssertionError(f"no free copy of {key!r}")


def enchant(s: State, key: str, creature: int) -> int:
    """Put a free copy of enchantment ``key`` on ``creature`` directly."""
    sp = spell(s, key, 0)
    s.players[0].spellbook.remove(sp)
    s.ench[creature] = (*s.ench.get(creature, ()), sp)
    return sp


def rig(s: State, *rolls: int) -> Dice:
    """Script the next dice; shuffles keep working."""
    s.rng = Dice(rolls, s.rng.state)
    return s.rng


def act(s: State, kind: str, card: int = -1, option: int = 0) -> list[Event]:
    events = F.apply(s, Action(kind, card, option))
    assert problems(s) == [], problems(s)
    return events


def choices(s: State) -> tuple[int, ...]:
    assert s.pending is not None, "no decision is pending"
    return s.pending.choices


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def names(uids: Iterable[int]) -> list[str]:
    return [CREATURES[u].name if u != EMPTY else "-" for u in uids]


def random_game(seed: int, players: int = 2, check: bool = True, **variants: Any
                ) -> tuple[State, list[Action]]:
    """Play a uniformly random game to the end, auditing after every step."""
    s = F.new_game({"players": players, "variants": variants}, seed)
    rng = Rng.stream(seed, "test")
    actions: list[Action] = []
    while not s.over:
        a = rng.choice(F.legal_actions(s))
        F.apply(s, a)
        actions.append(a)
        if check:
            found = problems(s)
            assert found == [], (seed, len(actions), a, found)
        assert len(actions) < 100_000, "the game does not end"
    return s, actions
