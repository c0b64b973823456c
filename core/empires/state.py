"""The table of a game of Ascending Empires: locations in their holes, discs on the map, each
player's dashboard and tray, and the shared supplies (core/empires/DESIGN.md, section 8).

Counts are plain ints and lists of plain data, so the state copies cheaply and packs to
msgpack; the discs are the physics' ``Disc`` tuples.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from core.empires.classic_state import Classic, copy_classic
from core.empires.physics import Disc
from core.empires.solo_state import Solo, copy_solo
from core.rng import Rng

PLANET_COLOURS = ("orange", "purple", "pink", "green")
PLAYER_COLOURS = ("red", "blue", "yellow", "white")
LOCATION_KINDS = ("planet", "relic", "artifact", "warpgate")
STRUCTURES = ("outpost", "city", "research", "starbase")

# One player's components (rulebook: "Set Up Dashboards" and "Unlocking Troops and
# Starships"): 4 troops on the dashboard and 4 more in the tray, one for each city's lock;
# 2 starships to start and 4 more, one for each starbase's lock; a lock token above each city
# and starbase, which becomes an energy token; one energy to start.
TROOPS_START, TROOPS_LOCKED = 4, 4
SHIPS_START, SHIPS_LOCKED = 2, 4
STRUCTURE_COUNTS = {"outpost": 4, "city": 4, "research": 8, "starbase": 4}
LOCKS = {"city": 4, "starbase": 4}
ENERGY_START = 1
CUBES = 15

# Shared supplies: the component counts the rulebook gives (robots, warships and destroyed-
# planet tokens from the solo "Limited Supplies"; one set of four planet overlays).
ROBOTS = 12
WARSHIPS = 4
DESTROYED_TOKENS = 6
WORMHOLE_TOKENS = 4
LOCATION_DISCS = {"planet": 16, "relic": 4, "artifact": 4, "warpgate": 4}

# Disc ids: the 28 locations are 0-27 in hole order; each seat's starships and starbases
# have fixed ids, so a ship is the same piece from set-up to scoring.
SHIP_BASE, STARBASE_BASE, WARSHIP_BASE = 100, 200, 300


def ship_ids(seat: int) -> list[int]:
    """The ids of a seat's six starships."""
    return [SHIP_BASE + 10 * seat + k for k in range(SHIPS_START + SHIPS_LOCKED)]


def starbase_ids(seat: int) -> list[int]:
    return [STARBASE_BASE + 10 * seat + k for k in range(STRUCTURE_COUNTS["starbase"])]


# The advanced starships, one per planet colour, each unlocked by that colour's level-3
# technology (Star Hammer, Phaseship, Constructor, Juggernaut).
ADVANCED_NAMES = dict(zip(PLANET_COLOURS, ("star_hammer", "phaseship", "constructor",
                                           "juggernaut"), strict=True))


def advanced_ids(seat: int) -> dict[str, int]:
    """The ids of a seat's four advanced starships, by planet colour."""
    first = SHIP_BASE + 10 * seat + SHIPS_START + SHIPS_LOCKED
    return {colour: first + k for k, colour in enumerate(PLANET_COLOURS)}


@dataclass
class Location:
    """The location disc in one hole and everything on it."""

    hole: str
    kind: str  # planet, relic, artifact or warpgate
    colour: str = ""  # a planet's colour; a warpgate's player colour
    faceup: bool = False
    token: str = ""  # the discovery token lying face down on it
    wormhole: str = ""  # "A" or "B": a wormhole token lies on it
    destroyed: bool = False  # a destroyed-planet token lies on it
    terraform: str = ""  # the overlay's colour, once terraformed
    robots: int = 0
    pieces: list[tuple[int, str]] = field(default_factory=list)  # (seat, troop / structure)
    library: bool = False
    inert: bool = False  # a warpgate no one plays


@dataclass
class Player:
    """One seat's dashboard, tray and winnings."""

    seat: int
    colour: str
    gate: str  # the hole of this player's warpgate
    home: int  # the quadrant of that warpgate
    troops: int = TROOPS_START  # on the dashboard
    troops_locked: int = TROOPS_LOCKED  # still in the tray
    ships: list[int] = field(default_factory=list)  # ids on the dashboard
    ships_locked: list[int] = field(default_factory=list)  # ids still in the tray
    advanced: list[int] = field(default_factory=list)  # advanced ship ids on the dashboard
    advanced_locked: list[int] = field(default_factory=list)  # not yet unlocked
    structures: dict[str, int] = field(default_factory=lambda: dict(STRUCTURE_COUNTS))
    starbases: list[int] = field(default_factory=list)  # starbase ids on the dashboard
    locks: dict[str, int] = field(default_factory=lambda: dict(LOCKS))
    energy_ready: int = ENERGY_START
    energy_spent: int = 0
    relics: list[str] = field(default_factory=list)
    vp: int = 0  # VP tokens taken
    tech: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PLANET_COLOURS, 0))
    mines: list[int] = field(default_factory=list)  # Proximity Mines in the supply
    double: str = ""  # the Vlix's Double Energy token: "", "ready" or "spent"


@dataclass
class State:
    """A game of Ascending Empires."""

    options: dict[str, Any]
    rng: Rng
    locations: list[Location]
    discs: list[Disc]
    players: list[Player]
    vp_pool: int
    vp_pool_start: int
    robots: int = ROBOTS  # in the supply
    warships: int = WARSHIPS
    destroyed_tokens: int = DESTROYED_TOKENS
    overlays: list[str] = field(default_factory=lambda: list(PLANET_COLOURS))
    archive: list[str] = field(default_factory=list)  # relics on the Relic Archive card
    discarded: list[str] = field(default_factory=list)  # discovery tokens out of the game
    tokens_dealt: int = 0
    current: int = 0
    to_move: int | None = 0
    turn: int = 1
    # The turn in progress (core/empires/turn.py): the phase ("choose" an action, "act" on
    # it, "attack" at its end, "over"), the action chosen, what is left of it, and what was
    # done with it that later rules ask about.
    phase: str = "choose"
    action: str = ""
    uses: int = 0  # deploys, builds or interacts left (a Move's are its flicks)
    flicks: int = 0  # flicks left: a Move's, or a relic's
    maneuvers: bool = False  # manoeuvres allowed now (a Move, or a relic that flicks)
    built_at: list[int] = field(default_factory=list)  # locations built at this turn
    used: list[str] = field(default_factory=list)  # once-a-turn things used this turn
    snared: list[int] = field(default_factory=list)  # ships put back by Gravity Snare
    attacks: list[list[int]] = field(default_factory=list)  # [ship, target] chosen
    strike_bonus: int = 0  # strength a relic adds to one attack this turn
    bonus_target: int = -1  # the target that gets it
    pending: list[int | str] = field(default_factory=list)  # [question, details...]
    jump_to: list[int] = field(default_factory=list)  # planets taken: Hyper-Jump Troops
    developed: list[str] = field(default_factory=list)  # "colour:level", first comers paid
    libraries: int = 4  # Ancient Library miniatures not yet on a planet
    library_waiting: list[int] = field(default_factory=list)  # quadrants owed a library
    end_triggered: bool = False
    last_turns: int = 0  # turns still to play once the end is triggered
    turns_taken: list[int] = field(default_factory=list)
    solo: Solo | None = None  # the Solo Campaign's cards and pieces (core/empires/solo_*.py)
    # The mission cards shown ("card:side", core/empires/missions.py) and each seat's cubes
    # on each: 2 for the first to complete it, 1 for the others.
    missions: list[str] = field(default_factory=list)
    mission_cubes: list[list[int]] = field(default_factory=list)
    # Megastructures (core/empires/megastructures.py): [location, controller] pairs, and
    # each seat's structure on the Dyson Ring card ("" none; empty list without the module).
    megastructures: list[list[int]] = field(default_factory=list)
    dyson: list[str] = field(default_factory=list)
    # The Megastructure card in play (core/empires/mega_cards.py; the Dyson Ring, which is
    # also the value without the module, so the tables of before read as they did).
    mega_card: str = "dyson_ring"
    # Empires (core/empires/empires.py): each seat's card ("" while drafting; an empty list
    # without the module) and the cards still being passed round in the draft.
    empire: list[str] = field(default_factory=list)
    empire_hand: list[str] = field(default_factory=list)
    # Randomize Technology: the side of each of the 8 technology tiles ("" all A).
    tech_sides: str = ""
    # The Classic rules (core/empires/classic_*.py): None for a New Era game.
    classic: Classic | None = None

    @property
    def n(self) -> int:
        return len(self.players)

    def copy(self) -> State:
        """An independent copy (search and "what if" trials play on it), cheap: its lists,
        tables, locations, dashboards and generator are its own; discs, tuples and strings,
        which nothing changes in place, are shared."""
        new = _own(self)
        new.rng = self.rng.copy()
        new.locations = [_own(loc) for loc in self.locations]
        new.players = [_own(p) for p in self.players]
        if self.solo is not None:
            new.solo = copy_solo(self.solo)
        if self.classic is not None:
            new.classic = copy_classic(self.classic)
        return new

    def location(self, hole: str) -> Location:
        for loc in self.locations:
            if loc.hole == hole:
                return loc
        raise KeyError(f"no location in hole {hole!r}")


def _plain(value: Any) -> Any:
    """Lists and dicts copied all the way down (tuples kept as tuples); anything else shared."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return tuple(_plain(v) for v in value)
    return value


def _own(obj: Any) -> Any:
    """A copy of a dataclass whose list and dict fields are its own."""
    new = copy.copy(obj)
    for f in fields(obj):
        value = getattr(obj, f.name)
        if isinstance(value, list | dict):
            setattr(new, f.name, _plain(value))
    return new
