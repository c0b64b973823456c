"""What a spell (or a Research) could act on now: the targets each kind of spell offers,
whether a cast would find anything at all, and whether a spell can still be drawn.

Plain queries on the state, kept apart from the effect engine that asks and answers
(``effects`` uses them and re-exports them for the rules).
"""

from __future__ import annotations

from core.firepeak.cards import BASE_POWER, SPELLS
from core.firepeak.pattern import ADJACENT, EMPTY, SIZE
from core.firepeak.state import State


def spells_available(s: State) -> bool:
    return bool(s.research or s.spell_discard)


def opponents(s: State, seat: int) -> list[int]:
    """The other seats, in turn order after ``seat``."""
    return list(_OPPONENTS[len(s.players)][seat])


# _OPPONENTS[n][seat]: ``opponents`` at a table of n, worked out once.
_OPPONENTS = tuple(tuple(tuple((seat + i) % n for i in range(1, n)) for seat in range(n))
                   for n in range(8))


def aura_targets(s: State, seat: int, target: str) -> list[int]:
    seats = [seat] if target == "own" else opponents(s, seat) if target == "opponent" \
        else list(range(s.n))
    return [t * 10 + pos for t in seats for pos in range(SIZE)]


def _controls_any(s: State, seat: int, target: str) -> bool:
    """Whether ``creature_targets`` would offer anything, without listing them."""
    seats = (seat,) if target == "own" else _OPPONENTS[len(s.players)][seat] \
        if target == "opponent" else range(len(s.players))
    for t in seats:
        p = s.players[t]
        if p.guard != EMPTY or p.pattern.count(EMPTY) < SIZE:
            return True
    return False


def creature_targets(s: State, seat: int, target: str) -> list[int]:
    seats = [seat] if target == "own" else opponents(s, seat) if target == "opponent" \
        else list(range(s.n))
    return [t * 10 + loc for t in seats for loc, _ in s.players[t].controlled()]


def spells_in_play(s: State) -> list[int]:
    out = [sp for spells in s.ench.values() for sp in spells]
    for p in s.players:
        out += [a for a in p.auras if a != EMPTY]
        if p.circle != EMPTY:
            out.append(p.circle)
    return sorted(out)


def tremor_targets(s: State, seat: int) -> list[int]:
    out = []
    for t in opponents(s, seat):
        slots = s.players[t].pattern
        for a in range(SIZE):
            if slots[a] == EMPTY:
                continue
            out += [t * 100 + a * 10 + b for b in ADJACENT[a] if b > a and slots[b] != EMPTY]
    return out


def bind_targets(s: State, seat: int, limit: int) -> list[int]:
    return [t * 10 + pos for t in opponents(s, seat)
            for pos, u in enumerate(s.players[t].pattern)
            if u != EMPTY and BASE_POWER[u] <= limit]


_TARGETED_OPS = frozenset({"purge_dungeon", "raid_dungeon", "unseat", "filch", "dispel",
                           "salvage", "tremor", "bind"})


def op_targets(s: State, seat: int, name: str, n: int) -> list[int] | None:
    """The choices an instant op will offer, or None for an op that needs none."""
    if name not in _TARGETED_OPS:
        return None
    opp = opponents(s, seat)
    if name in ("purge_dungeon", "raid_dungeon"):
        return [t for t in opp if s.players[t].dungeon]
    if name == "unseat":
        return [t for t in opp if s.players[t].guard != EMPTY]
    if name == "filch":
        return [t for t in opp if s.players[t].spellbook]
    if name == "dispel":
        return spells_in_play(s)
    if name == "salvage":
        return sorted(s.creature_discard)
    if name == "tremor":
        return tremor_targets(s, seat)
    if name == "bind":
        return bind_targets(s, seat, n)
    return None


def has_target(s: State, seat: int, spell: int) -> bool:
    """Whether casting ``spell`` now would find something to act on."""
    d = SPELLS[spell]
    if d.type == "aura" or d.type == "circle":
        return True
    if d.type == "enchantment":
        return _controls_any(s, seat, d.target)
    for op in d.ops:
        if op.name == "salvage":
            continue  # the spell's own component lands on the discard pile first
        if op.name == "draw_spells" and not spells_available(s):
            return False
        if not _any_target(s, seat, op.name, op.n):
            return False
    return True


def _any_target(s: State, seat: int, name: str, n: int) -> bool:
    """Whether ``op_targets`` would offer something (or needs nothing), without listing it:
    every list of legal actions asks this for each spell in hand."""
    if name == "tremor":
        for t in _OPPONENTS[len(s.players)][seat]:
            slots = s.players[t].pattern
            for a in range(SIZE):
                if slots[a] != EMPTY and any(b > a and slots[b] != EMPTY for b in ADJACENT[a]):
                    return True
        return False
    if name == "bind":
        return any(u != EMPTY and BASE_POWER[u] <= n for t in _OPPONENTS[len(s.players)][seat]
                   for u in s.players[t].pattern)
    targets = op_targets(s, seat, name, n)
    return targets is None or bool(targets)
