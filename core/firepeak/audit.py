"""Invariants every reachable Firepeak state keeps; the property tests check them."""

from __future__ import annotations

from core.firepeak import board
from core.firepeak.cards import N_CREATURES, N_SPELLS, WIZARDS
from core.firepeak.effects import RESOLUTION_KINDS
from core.firepeak.pattern import EMPTY, SIZE
from core.firepeak.state import ACTIONS_PER_TURN, State


def creature_places(s: State) -> list[int]:
    """Every creature uid in every place: deck, patterns, Guards, Dungeons, discard, held."""
    out = [*s.recruit, *s.creature_discard]
    for p in s.players:
        out += [u for u in p.pattern if u != EMPTY]
        if p.guard != EMPTY:
            out.append(p.guard)
        out += p.dungeon
    if s.held != EMPTY:
        out.append(s.held)
    return out


def spell_places(s: State) -> list[int]:
    """Every spell uid: Research deck, Spellbooks, auras, enchantments, circles, discard,
    and the one being cast."""
    out = [*s.research, *s.spell_discard]
    for p in s.players:
        out += p.spellbook
        out += [a for a in p.auras if a != EMPTY]
        if p.circle != EMPTY:
            out.append(p.circle)
    for spells in s.ench.values():
        out += spells
    if s.casting != EMPTY:
        out.append(s.casting)
    return out


def placement_problems(s: State) -> list[str]:
    """Cards lost, duplicated or in impossible places."""
    found = []
    if sorted(creature_places(s)) != list(range(N_CREATURES)):
        found.append("a creature is lost or in two places")
    if sorted(spell_places(s)) != list(range(N_SPELLS)):
        found.append("a spell is lost or in two places")
    in_play = {u for p in s.players for u in (*p.pattern, p.guard) if u != EMPTY}
    for uid in s.ench:
        if uid not in in_play:
            found.append(f"creature {uid} carries an enchantment but is not in play")
        if not s.ench[uid]:
            found.append(f"creature {uid} has an empty enchantment entry")
    for p in s.players:
        if len(p.pattern) != SIZE or len(p.auras) != SIZE:
            found.append("a pattern has the wrong number of positions")
    return found


def range_problems(s: State) -> list[str]:
    """Seats and counts outside what the table has (a restored snapshot is checked with
    these before anything reads the state by them)."""
    found = []
    n = s.n
    if not 2 <= n <= 5 or s.options.get("players") != n:
        found.append(f"{n} players at the table")
    if not 0 <= s.current < n:
        found.append(f"the player to act is seat {s.current} of {n}")
    if len(s.turns_taken) != n or any(t < 0 for t in s.turns_taken):
        found.append(f"turns taken {s.turns_taken} for {n} players")
    if s.pending is not None and not 0 <= s.pending.seat < n:
        found.append(f"a decision is asked of seat {s.pending.seat} of {n}")
    if s.to_move is not None and not 0 <= s.to_move < n:
        found.append(f"seat {s.to_move} of {n} is to move")
    for seat, p in enumerate(s.players):
        if not 0 <= p.wizard < len(WIZARDS):
            found.append(f"seat {seat} has Wizard {p.wizard}, which does not exist")
    return found


def problems(s: State) -> list[str]:
    """What is wrong with ``s`` (an empty list for a legal state)."""
    found = range_problems(s)
    if found:
        return found  # the checks below index by these numbers
    found = placement_problems(s)
    d = s.pending
    if not s.setup and (d is None or d.kind not in RESOLUTION_KINDS):
        for seat in range(s.n):
            if not board.pattern_legal(s, seat):
                found.append(f"seat {seat}'s pattern is illegal with no resolution pending")
    t = s.turn
    if not 0 <= t.actions_left <= ACTIONS_PER_TURN:
        found.append(f"{t.actions_left} actions left")
    if s.deck_out and s.recruit:
        found.append("the last Recruitment card was marked drawn but the deck has cards")
    if s.pending is None and s.work and not s.over:
        found.append("tasks are queued with no decision pending")
    if s.held != EMPTY and (d is None or d.kind != "place" or d.source != s.held) \
            and not s.work:
        found.append("a drawn creature is held with no placement pending")
    if s.casting != EMPTY and d is None and not s.over:
        found.append("a spell is still being cast with nothing pending")
    return found
