"""A new game under the Classic rules for 2, 3 or 4 players (rulebook: "Classic Ascending
Empires": the Starmaps, "Homeworlds", "Set Up Player Dashboards", "Robots").

The rulebook shows where the H spaces and the holes marked 1-4 lie only as pictures, so the
layout is ours (core/empires/DESIGN.md, section 13): hole group k is quadrant k-1's holes
other than its corner; the Homeworlds stand on the corner warpgates; with fewer than four
players each group leaves holes over, and those are filled with the discs left in the box,
face down under a robot each. Every random choice — the discs within each group, the discs
under the robots, the Terraform tokens beside each quadrant, the start player — is drawn
from the game's seeded generator in that order.
"""

from __future__ import annotations

from typing import Any

from core.empires import setup
from core.empires.classic_state import Classic
from core.empires.geometry import QUADRANTS, starmap
from core.empires.physics import Disc
from core.empires.state import (
    LOCATION_DISCS,
    PLANET_COLOURS,
    PLAYER_COLOURS,
    SHIPS_START,
    Location,
    Player,
    State,
    advanced_ids,
    ship_ids,
)
from core.rng import Rng

# The holes of a quadrant each player count fills with its group of discs (the rest of the
# quadrant's non-corner holes are robot holes), the group's discs, the VP pool.
_HOLES = {4: ("inner", "near_x", "near_y", "middle", "edge_x", "edge_y"),
          3: ("near_x", "near_y", "middle", "edge_x", "edge_y"),
          2: ("near_x", "near_y", "edge_x", "edge_y")}
_GROUP = {4: (*PLANET_COLOURS, "relic", "artifact"), 3: (*PLANET_COLOURS, "artifact"),
          2: PLANET_COLOURS}
VP_POOL = {2: 32, 3: 36, 4: 40}
# The quadrant of each seat's Homeworld corner: two players sit at opposite corners.
GATES = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
# The Terraform tokens: four pairs for four players, one of each colour for three, none
# for two (its groups hold no relic planet or artifact).
_TERRAFORM = {4: (("purple", "orange"), ("purple", "pink"), ("green", "pink"),
                  ("green", "orange")),
              3: (("orange",), ("purple",), ("pink",), ("green",)),
              2: ((), (), (), ())}
_NEW_ERA_DEFAULTS = {"modules": [], "events": 1, "corners": "wormholes",
                     "discovery": "random"}


def normalize_classic(options: dict[str, Any]) -> dict[str, Any]:
    """The Classic options with their defaults; ValueError naming the one that is wrong.
    The optional modules are New Era rules: any switched on is refused."""
    rest = {k: v for k, v in options.items() if k not in ("mode", "rules")}
    opts = setup.normalize_options(rest)
    on = [k for k, v in opts.items() if k not in ("players", "seats", "names", "steadiness")
          and v and _NEW_ERA_DEFAULTS.get(k) != v]
    if on:
        raise ValueError(f"the Classic rules play no optional modules ({on[0]} is on)")
    return {**opts, "rules": "classic"}


def homeworld(state: State, seat: int) -> int:
    """The location of ``seat``'s Homeworld (its warpgate)."""
    return [loc.hole for loc in state.locations].index(state.players[seat].gate)


def is_homeworld(state: State, i: int) -> bool:
    loc = state.locations[i]
    return loc.kind == "warpgate" and not loc.inert


def new_classic_game(opts: dict[str, Any], seed: int) -> State:
    """A Classic game set up and ready for the start player's first turn."""
    n = opts["players"]
    rng = Rng.stream(seed, "game")
    table = starmap()
    spots: dict[str, Location] = {}
    for seat, q in enumerate(GATES[n]):
        spots[f"{q}.corner"] = Location(f"{q}.corner", "warpgate", PLAYER_COLOURS[seat],
                                        faceup=True)
    left = dict(LOCATION_DISCS)
    left["warpgate"] -= n
    for q in range(QUADRANTS):
        discs = list(_GROUP[n])
        rng.shuffle(discs)
        for name, disc in zip(_HOLES[n], discs, strict=True):
            spots[f"{q}.{name}"] = _disc(f"{q}.{name}", disc)
            left["planet" if disc in PLANET_COLOURS else disc] -= 1
    spare_gates = iter(PLAYER_COLOURS[n:])
    blocked = [h.id for h in table.holes if h.id not in spots]
    box = [k for k, v in sorted(left.items()) for _ in range(v)]
    rng.shuffle(box)
    for hole, kind in zip(blocked, box, strict=True):
        loc = Location(hole, kind, next(spare_gates) if kind == "warpgate" else "",
                       inert=kind == "warpgate")
        loc.robots = 1
        spots[hole] = loc
    pairs = [list(p) for p in _TERRAFORM[n]]
    rng.shuffle(pairs)
    for p in pairs:
        rng.shuffle(p)
    state = State(opts, rng, [spots[h.id] for h in table.holes], [], [], VP_POOL[n],
                  VP_POOL[n])
    state.robots -= len(blocked)
    state.classic = Classic(pairs, [[] for _ in range(n)], [[] for _ in range(n)])
    for seat in range(n):
        state.players.append(_dashboard(state, n, seat))
    state.turns_taken = [0] * n
    state.current = state.to_move = rng.below(n)
    return state


def _disc(hole: str, name: str) -> Location:
    if name in PLANET_COLOURS:
        return Location(hole, "planet", name)
    return Location(hole, name)


def _dashboard(state: State, n: int, seat: int) -> Player:
    """The dashboard's back side: 4 troops on it (4 more set aside), 4 outposts, 4 cities,
    8 research facilities, the Battleship (the orange advanced starship) waiting for orange
    level 3, no energy, no starbases, and 2 starships round the Homeworld (4 set aside)."""
    hole = f"{GATES[n][seat]}.corner"
    gate = starmap().hole(hole)
    p = Player(seat, PLAYER_COLOURS[seat], hole, gate.quadrant)
    ids = ship_ids(seat)
    p.ships_locked = ids[SHIPS_START:]
    p.advanced_locked = sorted(advanced_ids(seat).values())
    p.structures["starbase"] = 0
    p.locks = {"city": 0, "starbase": 0}
    p.energy_ready = 0
    for ship, turn in zip(ids[:SHIPS_START], (-setup._START_SPREAD, setup._START_SPREAD),
                          strict=True):
        x, y = setup._start_spot(starmap(), gate.x, gate.y, turn)
        state.discs.append(Disc(ship, "ship", seat, x, y, starmap().radius["ship"]))
    return p
