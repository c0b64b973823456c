"""What is wrong with a state of Ascending Empires, in words: every component is somewhere,
once, and nothing on the map overlaps or hangs off it. Empty for a state the rules can reach.
"""

from __future__ import annotations

from collections import Counter

from core.empires.classic_audit import classic_problems
from core.empires.empires import empire_problems, has_empire
from core.empires.geometry import starmap
from core.empires.layout_audit import layout_problems, troop_and_structure_problems
from core.empires.megastructures import mega_problems
from core.empires.mines import mine_problems
from core.empires.missions import mission_problems
from core.empires.physics import GUARDIAN, overlapping
from core.empires.placing import location_discs
from core.empires.solo_audit import solo_problems
from core.empires.state import (
    DESTROYED_TOKENS,
    ENERGY_START,
    LOCKS,
    PLANET_COLOURS,
    ROBOTS,
    SHIPS_LOCKED,
    TROOPS_LOCKED,
    WARSHIPS,
    WORMHOLE_TOKENS,
    State,
    advanced_ids,
    ship_ids,
    starbase_ids,
)


def problems(state: State) -> list[str]:
    """Every broken invariant of ``state``, one line each."""
    if state.classic is not None:
        return classic_problems(state, _discs(state))
    out: list[str] = []
    out += _locations(state)
    out += _discs(state)
    for p in state.players:
        out += _player(state, p.seat)
    out += _supplies(state)
    out += _turn(state)
    if state.solo is not None:
        out += solo_problems(state)
    out += mission_problems(state)
    out += mine_problems(state)
    out += mega_problems(state)
    out += empire_problems(state)
    return out


PHASES = ("choose", "act", "attack", "after_attack", "effects", "over")
QUESTIONS = {"empire": 2, "snare": 3, "boon": 2, "robots": 3, "beacon": 2, "teleport": 2,
             "teleport_build": 2, "build_here": 2, "jump": 3, "relocate": 2, "solo": 2}
LIBRARIES = 4


def _turn(state: State) -> list[str]:
    """The turn in progress, the technologies and the starbases agree with the rules."""
    out: list[str] = []
    if state.phase not in PHASES:
        out.append(f"unknown phase {state.phase!r}")
    if (state.phase == "over") != (state.to_move is None):
        out.append("the game is over exactly when no one is to move")
    if state.pending and (state.pending[0] not in QUESTIONS
                          or len(state.pending) != QUESTIONS[str(state.pending[0])]):
        out.append(f"a malformed question {state.pending!r}")
    if min(state.uses, state.flicks) < 0 or not 0 <= state.last_turns <= state.n:
        out.append("a negative count of uses, flicks or last turns")
    if len(state.turns_taken) != state.n:
        out.append("turns taken are not counted for every seat")
    sides = state.tech_sides
    if (len(sides) != (8 if state.options.get("randomize_technology") else 0)
            or set(sides) - {"a", "b"}):
        out.append(f"technology tile sides {sides!r}")
    placed = sum(loc.library for loc in state.locations)
    if placed + state.libraries != LIBRARIES or state.libraries < 0:
        out.append(f"{placed} + {state.libraries} Ancient Libraries, not {LIBRARIES}")
    for p in state.players:
        advanced = advanced_ids(p.seat)
        for colour, level in p.tech.items():
            if not 0 <= level <= 4:
                out.append(f"seat {p.seat}: {colour} level {level}")
            if any(f"{colour}:{k}" not in state.developed for k in range(1, level + 1)):
                out.append(f"seat {p.seat}: a {colour} level no one was paid for first")
            locked = advanced[colour] in p.advanced_locked
            if locked != (level < 3):
                out.append(f"seat {p.seat}: the {colour} advanced ship does not match level "
                           f"{level}")
    orbit = starmap().orbit
    for d in state.discs:
        if d.kind != "starbase":
            continue
        around = [i for i, loc in enumerate(location_discs())
                  if (d.x - loc.x) ** 2 + (d.y - loc.y) ** 2 <= (orbit + d.r) ** 2]
        if len(around) != 1:
            out.append(f"starbase {d.id} is not in exactly one orbit")
            continue
        loc = state.locations[around[0]]
        if loc.kind not in ("planet", "relic") or loc.destroyed or not loc.faceup:
            out.append(f"starbase {d.id} orbits {loc.hole}, not a face-up planet")
        if loc.robots or any(seat != d.owner for seat, _ in loc.pieces):
            out.append(f"starbase {d.id} orbits {loc.hole}, which someone else occupies")
    return out


def _locations(state: State) -> list[str]:
    out = layout_problems(state)
    for loc in state.locations:
        on_top = len(loc.pieces) + (1 if loc.library else 0)
        if loc.robots and loc.pieces:
            out.append(f"{loc.hole}: robots and a player's pieces on one planet")
        if len({seat for seat, _ in loc.pieces}) > 1:
            out.append(f"{loc.hole}: occupied by two players")
        if loc.robots > 3 or len(loc.pieces) > 3:
            out.append(f"{loc.hole}: more than 3 troops, structures or robots on it")
        if (loc.robots or on_top) and loc.kind not in ("planet", "relic"):
            out.append(f"{loc.hole}: pieces on a {loc.kind}")
        if loc.token and loc.faceup:
            out.append(f"{loc.hole}: a discovery token left on a face-up location")
    return out


def _discs(state: State) -> list[str]:
    out: list[str] = []
    table = starmap()
    ids = [d.id for d in state.discs]
    if len(ids) != len(set(ids)):
        out.append("a disc is on the map twice")
    for a, b in overlapping(state.discs + list(location_discs())):
        out.append(f"discs {a} and {b} overlap")
    for d in state.discs:
        if not table.on_map(d.x, d.y):
            out.append(f"disc {d.id} is off the map at ({d.x}, {d.y})")
        if d.kind in ("ship", "starbase") and not 0 <= d.owner < state.n:
            out.append(f"disc {d.id}: a {d.kind} of no seat ({d.owner})")
        if d.kind in ("warship", "robot") and d.owner != GUARDIAN:
            out.append(f"disc {d.id}: a {d.kind} that is not the guardians'")
    return out


def _player(state: State, seat: int) -> list[str]:
    p = state.players[seat]
    out: list[str] = []
    who = f"seat {seat}"
    plain, big = ship_ids(seat), sorted(advanced_ids(seat).values())
    mine = [d.id for d in state.discs if d.owner == seat and d.kind == "ship"]
    ships = Counter([x for x in mine if x in plain] + p.ships + p.ships_locked)
    if sorted(ships) != plain or max(ships.values()) != 1:
        out.append(f"{who}: starships {sorted(ships.elements())}, not {plain} once")
    known = set(plain) | set(big)
    for x in mine:
        if x not in known:
            out.append(f"{who}: ship {x} on the map is not one of theirs")
    advanced = Counter([x for x in mine if x in big] + p.advanced + p.advanced_locked)
    if sorted(advanced) != big or max(advanced.values()) != 1:
        out.append(f"{who}: advanced starships {sorted(advanced.elements())}, not each once")
    bases = Counter([d.id for d in state.discs if d.owner == seat and d.kind == "starbase"]
                    + p.starbases)
    if sorted(bases) != starbase_ids(seat) or max(bases.values()) != 1:
        out.append(f"{who}: starbases {sorted(bases.elements())}, not each once")
    placed = Counter(kind for loc in state.locations for s, kind in loc.pieces if s == seat)
    if state.dyson and state.dyson[seat]:
        placed[state.dyson[seat]] += 1  # on the Dyson Ring card
    out += troop_and_structure_problems(who, p, placed)
    if p.structures["starbase"] != len(p.starbases):
        out.append(f"{who}: the dashboard's starbase count disagrees with its starbases")
    locks = sum(p.locks.values())
    if p.energy_ready + p.energy_spent + locks != ENERGY_START + sum(LOCKS.values()):
        out.append(f"{who}: energy and locks do not add up")
    limit = 4 if has_empire(state, seat, "ossari") else 3
    if min(p.energy_ready, p.energy_spent, p.vp) < 0 or len(p.relics) > limit:
        out.append(f"{who}: a negative count or more than {limit} relics")
    unlocked_troops = TROOPS_LOCKED - p.troops_locked
    if unlocked_troops != LOCKS["city"] - p.locks["city"]:
        out.append(f"{who}: troops unlocked without a city's lock")
    if SHIPS_LOCKED - len(p.ships_locked) != LOCKS["starbase"] - p.locks["starbase"]:
        out.append(f"{who}: starships unlocked without a starbase's lock")
    return out


def _supplies(state: State) -> list[str]:
    out: list[str] = []
    robots = state.robots + sum(loc.robots for loc in state.locations) + sum(
        1 for d in state.discs if d.kind == "robot")
    if robots != ROBOTS or state.robots < 0:
        out.append(f"{robots} robots in all, not {ROBOTS}")
    warships = state.warships + sum(1 for d in state.discs if d.kind == "warship") + (
        state.solo.on_deck if state.solo is not None else 0)  # solo: destroyed, on the deck
    if warships != WARSHIPS or state.warships < 0:
        out.append(f"{warships} warships in all, not {WARSHIPS}")
    destroyed = state.destroyed_tokens + sum(loc.destroyed for loc in state.locations)
    if destroyed != DESTROYED_TOKENS or state.destroyed_tokens < 0:
        out.append(f"{destroyed} destroyed-planet tokens in all, not {DESTROYED_TOKENS}")
    overlays = state.overlays + [loc.terraform for loc in state.locations if loc.terraform]
    if sorted(overlays) != sorted(PLANET_COLOURS):
        out.append(f"planet overlays {sorted(overlays)}, not one of each colour")
    holes = Counter(loc.wormhole for loc in state.locations if loc.wormhole)
    if any(v != 2 for v in holes.values()) or sum(holes.values()) > WORMHOLE_TOKENS:
        out.append(f"wormholes {dict(holes)}: each letter must join exactly two locations")
    tokens = sum(1 for loc in state.locations if loc.token) + len(state.archive) + len(
        state.discarded) + sum(len(p.relics) for p in state.players) + (
        len(state.solo.scrap) if state.solo is not None else 0)
    if tokens != state.tokens_dealt:
        out.append(f"{tokens} discovery tokens accounted for, not the {state.tokens_dealt} dealt")
    taken = sum(p.vp for p in state.players)
    if state.vp_pool < 0 or state.vp_pool + taken < state.vp_pool_start:
        out.append(f"VP tokens: {state.vp_pool} in the pool and {taken} taken, "
                   f"fewer than the {state.vp_pool_start} put out")
    return out
