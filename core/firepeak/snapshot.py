"""Firepeak states as plain data for saves, and back: ``restore`` refuses data that is not
a snapshot of a possible table (every card in exactly one place, patterns of nine)."""

from __future__ import annotations

from typing import Any

from core.contract import plain_copy, snapshot_reader
from core.firepeak.audit import placement_problems
from core.firepeak.pattern import SIZE
from core.firepeak.state import (
    Decision,
    Player,
    State,
    Turn,
    blank_state,
    normalize_options,
)
from core.rng import Rng


def snapshot(s: State) -> dict[str, Any]:
    """The state as msgpack-friendly data (lists, ints, strings); ``restore`` inverts it."""
    t = s.turn
    d = s.pending
    return plain_copy({
        "options": s.options,
        "rng": s.rng.state,
        "players": [[p.wizard, p.pattern, p.guard, p.dungeon, p.spellbook, p.auras, p.circle]
                    for p in s.players],
        "recruit": s.recruit,
        "creature_discard": s.creature_discard,
        "research": s.research,
        "spell_discard": s.spell_discard,
        "ench": sorted([c, list(v)] for c, v in s.ench.items()),
        "held": [s.held, s.casting],
        "current": s.current,
        "turn": [t.actions_left, t.bonus, int(t.night_wing_used), int(t.doombringer_used),
                 t.rolls],
        "pending": None if d is None else [d.kind, d.seat, list(d.choices), d.source, d.a, d.b],
        "work": [list(task) for task in s.work],
        "flags": [int(s.setup), int(s.deck_out), int(s.reshuffled), int(s.over), s.steps],
        "turns_taken": s.turns_taken,
    })


@snapshot_reader
def restore(data: dict[str, Any]) -> State:
    """Rebuild a state from ``snapshot`` data (raises ValueError/KeyError/TypeError if bad)."""
    opts = normalize_options(data["options"])
    s = blank_state(opts, Rng(int(data["rng"])))
    for wizard, pattern, guard, dungeon, spellbook, auras, circle in data["players"]:
        p = Player(int(wizard))
        p.pattern = [int(x) for x in pattern]
        p.guard = int(guard)
        p.dungeon = [int(x) for x in dungeon]
        p.spellbook = [int(x) for x in spellbook]
        p.auras = [int(x) for x in auras]
        p.circle = int(circle)
        if len(p.pattern) != SIZE or len(p.auras) != SIZE:
            raise ValueError("a pattern has the wrong number of positions")
        s.players.append(p)
    if len(s.players) != opts["players"]:
        raise ValueError("the snapshot's players do not match its options")
    s.recruit = [int(x) for x in data["recruit"]]
    s.creature_discard = [int(x) for x in data["creature_discard"]]
    s.research = [int(x) for x in data["research"]]
    s.spell_discard = [int(x) for x in data["spell_discard"]]
    s.ench = {int(c): tuple(int(x) for x in v) for c, v in data["ench"]}
    s.held, s.casting = (int(x) for x in data["held"])
    s.current = int(data["current"])
    left, bonus, nw, db, rolls = data["turn"]
    t = Turn()
    t.actions_left, t.bonus = int(left), [str(b) for b in bonus]
    t.night_wing_used, t.doombringer_used = bool(nw), bool(db)
    t.rolls = [int(x) for x in rolls]
    s.turn = t
    pd = data["pending"]
    s.pending = None if pd is None else Decision(
        str(pd[0]), int(pd[1]), tuple(int(x) for x in pd[2]), int(pd[3]), int(pd[4]), int(pd[5]))
    s.work = [(str(task[0]), *(int(x) for x in task[1:])) for task in data["work"]]
    setup, deck_out, reshuffled, over, steps = data["flags"]
    s.setup, s.deck_out, s.reshuffled = bool(setup), bool(deck_out), bool(reshuffled)
    s.over, s.steps = bool(over), int(steps)
    s.turns_taken = [int(x) for x in data["turns_taken"]]
    found = placement_problems(s)
    if found:
        raise ValueError(f"the snapshot is inconsistent: {found[0]}")
    return s
