"""What is wrong with a Classic game's state, in words (``audit.problems`` sends a Classic
game here): every troop, starship, structure, robot, Terraform token and VP token is
somewhere, once, and the turn agrees with the rules."""

from __future__ import annotations

from collections import Counter

from core.empires.classic_play import battleship_id
from core.empires.classic_setup import _TERRAFORM, VP_POOL
from core.empires.classic_state import ACTIONS, BATTLESHIP_LEVEL, LEVELS, QUESTIONS
from core.empires.layout_audit import layout_problems, troop_and_structure_problems
from core.empires.occupancy import is_planet
from core.empires.state import (
    ROBOTS,
    SHIPS_LOCKED,
    SHIPS_START,
    State,
    advanced_ids,
    ship_ids,
)

PHASES = ("choose", "act", "attack", "over")


def classic_problems(state: State, discs: list[str]) -> list[str]:
    """Every broken invariant; ``discs`` the New Era audit's findings about the discs on
    the map (overlaps, off the map), which hold here as well."""
    c = state.classic
    if c is None:
        return ["a Classic game without its Classic table"]
    out = list(discs)
    out += _locations(state)
    for seat in range(state.n):
        out += _player(state, seat)
    robots = state.robots + sum(loc.robots for loc in state.locations)
    if robots != ROBOTS or state.robots < 0:
        out.append(f"{robots} robots in all, not {ROBOTS}")
    tokens = [x for pile in c.terraform for x in pile] + [
        loc.terraform for loc in state.locations if loc.terraform]
    if sorted(tokens) != sorted(x for pair in _TERRAFORM[state.n] for x in pair):
        out.append(f"Terraform tokens {sorted(tokens)} do not match the set-up's")
    if len(c.scanned) != state.n or len(c.boxed) != state.n or len(c.terraform) != 4:
        out.append("the Classic table is not laid out for every seat and quadrant")
    taken = sum(p.vp for p in state.players)
    if state.vp_pool_start != VP_POOL[state.n] or state.vp_pool < 0 or (
            state.vp_pool + taken < state.vp_pool_start):
        out.append(f"VP tokens: {state.vp_pool} in the pool and {taken} taken, not the "
                   f"{VP_POOL[state.n]} put out")
    out += _turn(state)
    return out


def _locations(state: State) -> list[str]:
    out = layout_problems(state)
    homes = {p.gate: p.seat for p in state.players}
    for loc in state.locations:
        seats = {seat for seat, _ in loc.pieces}
        if len(seats) > 1:
            out.append(f"{loc.hole}: occupied by two players")
        if len(loc.pieces) > 3:
            out.append(f"{loc.hole}: more than 3 troops and structures on it")
        if loc.robots and (loc.pieces or loc.faceup or loc.robots > 1):
            out.append(f"{loc.hole}: a robot blocks only a single face-down location")
        if loc.hole in homes:
            if seats - {homes[loc.hole]} or any(k != "troop" for _, k in loc.pieces):
                out.append(f"{loc.hole}: a Homeworld holds only its owner's troops")
        elif loc.pieces and not (is_planet(loc) and loc.faceup):
            out.append(f"{loc.hole}: pieces on a {loc.kind} that is not a face-up planet")
        if loc.terraform and (loc.kind not in ("relic", "artifact") or not loc.faceup):
            out.append(f"{loc.hole}: a Terraform token on a {loc.kind}")
        if loc.token or loc.wormhole or loc.destroyed or loc.library:
            out.append(f"{loc.hole}: a New Era piece on a Classic map")
    return out


def _player(state: State, seat: int) -> list[str]:
    assert state.classic is not None
    p = state.players[seat]
    who = f"seat {seat}"
    out: list[str] = []
    on_map = [d.id for d in state.discs if d.kind == "ship" and d.owner == seat]
    plain = Counter([x for x in on_map if x in ship_ids(seat)] + p.ships + p.ships_locked
                    + state.classic.boxed[seat])
    if sorted(plain.elements()) != ship_ids(seat):
        out.append(f"{who}: starships {sorted(plain.elements())}, not {ship_ids(seat)} once")
    bid = battleship_id(seat)
    big = Counter([x for x in on_map if x not in ship_ids(seat)] + p.advanced
                  + p.advanced_locked)
    if sorted(big.elements()) != sorted(advanced_ids(seat).values()):
        out.append(f"{who}: advanced starships {sorted(big.elements())}, not each once")
    if set(p.advanced) - {bid} or any(x != bid for x in on_map if x not in ship_ids(seat)):
        out.append(f"{who}: an advanced starship other than the Battleship in play")
    taken = bid not in p.advanced_locked
    if taken != (len(state.classic.boxed[seat]) == 2) or taken and p.tech["orange"] < 3:
        out.append(f"{who}: the Battleship without orange {BATTLESHIP_LEVEL} and two "
                   "starships in the box")
    placed = Counter(kind for loc in state.locations for s, kind in loc.pieces if s == seat)
    out += troop_and_structure_problems(who, p, placed)
    if p.structures["starbase"] or p.starbases or p.energy_ready or p.energy_spent or any(
            p.locks.values()) or p.relics or p.mines or p.double:
        out.append(f"{who}: New Era pieces (starbases, energy, relics) on a Classic dashboard")
    if p.vp < 0 or len(p.ships_locked) > SHIPS_LOCKED or SHIPS_START < 0:
        out.append(f"{who}: a negative count")
    for colour, level in p.tech.items():
        if not 0 <= level <= LEVELS:
            out.append(f"{who}: {colour} level {level}")
        if any(f"{colour}:{k}" not in state.developed for k in range(1, level + 1)):
            out.append(f"{who}: a {colour} level no one was paid for first")
    return out


def _turn(state: State) -> list[str]:
    out: list[str] = []
    if state.phase not in PHASES:
        out.append(f"unknown phase {state.phase!r}")
    if (state.phase == "over") != (state.to_move is None):
        out.append("the game is over exactly when no one is to move")
    if state.phase in ("act", "attack") and state.action not in ACTIONS:
        out.append(f"acting on no Classic action ({state.action!r})")
    if state.pending and (state.pending[0] not in QUESTIONS
                          or len(state.pending) != QUESTIONS[str(state.pending[0])]):
        out.append(f"a malformed question {state.pending!r}")
    if min(state.uses, state.flicks) < 0 or not 0 <= state.last_turns < state.n:
        out.append("a negative count of uses, movement points or last turns")
    if len(state.turns_taken) != state.n:
        out.append("turns taken are not counted for every seat")
    return out
