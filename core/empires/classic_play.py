"""The Classic rules' actions on the table (rulebook: "Deploy Troops", "Move" — launch and
land —, "Mine", "Build a Structure", "Develop Technology", "Battleships"), each with a
``*_reason`` saying in words why it cannot be done now (None when it can) and a doer that
assumes the reason was None. The flick itself is the New Era's (``maneuvers.flick``).

Our readings where the rulebook leaves a choice: a location holds at most three troops and
structures, the Homeworld too; landing is on a face-down location or a face-up planet; a
Retreat takes troops off planets only (a Homeworld's troops leave by launching).
"""

from __future__ import annotations

from core.contract import Event
from core.empires import dashboard
from core.empires.classic_setup import homeworld, is_homeworld
from core.empires.classic_state import (
    BATTLESHIP_COST,
    BATTLESHIP_LEVEL,
    BUILDS,
    LEVELS,
    MINE_VP,
)
from core.empires.geometry import place, starmap
from core.empires.maneuvers import enter, place_in_orbit, ship_on_map, towards_centre
from core.empires.occupancy import (
    blockade_reason,
    colour_of,
    is_planet,
    occupant,
    orbit_of,
    quadrant,
)
from core.empires.physics import Disc
from core.empires.state import PLANET_COLOURS, State, advanced_ids, ship_ids

ROOM = 3  # troops and structures a location holds


def battleship_id(seat: int) -> int:
    """The Battleship is the seat's orange advanced starship."""
    return advanced_ids(seat)["orange"]


def _mine(state: State, i: int) -> list[tuple[int, str]]:
    return [x for x in state.locations[i].pieces if x[0] == state.current]


def _count(state: State, i: int, kind: str) -> int:
    return sum(1 for _, k in _mine(state, i) if k == kind)


def _location(state: State, i: int) -> str | None:
    return None if 0 <= i < len(state.locations) else f"no location {i}"


def _own_planet(state: State, i: int) -> str | None:
    """Why the current seat cannot work on planet ``i`` (mine or build there)."""
    wrong = _location(state, i)
    if wrong:
        return wrong
    loc = state.locations[i]
    if is_homeworld(state, i):
        return "nothing is built or mined on a Homeworld"
    if not is_planet(loc) or not loc.faceup:
        return f"{place(loc.hole)} is not a face-up planet"
    if occupant(state, i) != state.current:
        return f"you do not occupy {place(loc.hole)}"
    return blockade_reason(state, i, state.current)


# Deploy Troops -------------------------------------------------------------------------

def deploy_reason(state: State, i: int) -> str | None:
    seat = state.current
    wrong = _location(state, i)
    if wrong:
        return wrong
    if "retreat" in state.used:
        return "this Deploy is a Retreat: troops are only taken off now"
    if state.uses <= 0:
        return "two troops are deployed at most"
    if state.players[seat].troops <= 0:
        return "no troop on your dashboard"
    loc = state.locations[i]
    if i != homeworld(state, seat):
        if not is_planet(loc) or occupant(state, i) != seat:
            return "troops go to your Homeworld or a planet you occupy"
        blocked = blockade_reason(state, i, seat)
        if blocked:
            return blocked
    if len(loc.pieces) >= ROOM:
        return f"{place(loc.hole)} already holds {ROOM} troops and structures"
    return None


def deploy(state: State, i: int) -> list[Event]:
    state.uses -= 1
    dashboard.put(state, i, state.current, "troop")
    return [Event("deploy_troop", state.current, i)]


def retreat_reason(state: State, i: int) -> str | None:
    wrong = _location(state, i)
    if wrong:
        return wrong
    if state.uses < 2 and "retreat" not in state.used:
        return "troops were deployed this turn: a Retreat is instead of deploying"
    if not is_planet(state.locations[i]) or _count(state, i, "troop") == 0:
        return f"you have no troop on a planet at {place(state.locations[i].hole)}"
    return None


def retreat(state: State, i: int) -> list[Event]:
    if "retreat" not in state.used:
        state.used.append("retreat")
    dashboard.lift(state, i, state.current, "troop")
    return [Event("retreat", state.current, i)]


# Move: launch and land --------------------------------------------------------------

def _movement(state: State) -> str | None:
    if state.action != "move":
        return "launching and landing belong to the Move action"
    return None if state.flicks > 0 else "no movement points left"


def launch_reason(state: State, i: int, ship: int) -> str | None:
    seat = state.current
    why = _movement(state) or _location(state, i)
    if why:
        return why
    p = state.players[seat]
    loc = state.locations[i]
    if (seat, "troop") not in loc.pieces:
        return f"you have no troop on {place(loc.hole)}"
    blocked = blockade_reason(state, i, seat)
    if blocked:
        return blocked
    if ship == battleship_id(seat):
        if ship not in p.advanced:
            return "your Battleship is not on your dashboard"
        if i != homeworld(state, seat):
            return "the Battleship is launched only from your Homeworld"
    elif ship not in p.ships:
        return f"ship {ship} is not on your dashboard"
    elif ship != p.ships[0]:
        return f"your dashboard's starships are alike: take ship {p.ships[0]}"
    if place_in_orbit(state, i, _new_disc(seat, ship), towards_centre(i)) is None:
        return f"the orbit of {place(loc.hole)} is full"
    return None


def _new_disc(seat: int, ship: int) -> Disc:
    # The Battleship survives being rammed: the physics leaves a ram-proof target standing.
    return Disc(ship, "ship", seat, 0, 0, starmap().radius["ship"],
                ship == battleship_id(seat))


def launch(state: State, i: int, ship: int) -> list[Event]:
    seat = state.current
    placed = place_in_orbit(state, i, _new_disc(seat, ship), towards_centre(i))
    assert placed is not None
    state.flicks -= 1
    dashboard.lift(state, i, seat, "troop")
    enter(state, seat, placed)
    return [Event("launch", seat, ship, i)]


def land_reason(state: State, ship: int) -> str | None:
    why = _movement(state)
    if why:
        return why
    seat = state.current
    d = ship_on_map(state, ship)
    if d is None:
        return f"ship {ship} is not one of your starships on the map"
    if ship == battleship_id(seat):
        return "the Battleship cannot land"
    i = orbit_of(d)
    if i < 0:
        return "the ship is not in any location's orbit"
    loc = state.locations[i]
    if loc.robots:
        return f"{place(loc.hole)} is blocked by a robot: it is out of play"
    if loc.faceup and not is_planet(loc):
        return f"{place(loc.hole)} is not a planet"
    blocked = blockade_reason(state, i, seat)
    if blocked:
        return blocked
    who = occupant(state, i)
    if who is not None and who != seat:
        return f"{place(loc.hole)} is occupied by someone else"
    if state.players[seat].troops <= 0:
        return "no troop on your dashboard to land"
    if len(loc.pieces) >= ROOM:
        return f"{place(loc.hole)} already holds {ROOM} troops and structures"
    return None


def land(state: State, ship: int) -> list[Event]:
    """The ship home, a troop on the planet; a face-down location is discovered, and a
    relic planet or artifact gets a Terraform token from beside its quadrant."""
    seat = state.current
    d = ship_on_map(state, ship)
    assert d is not None and state.classic is not None
    i = orbit_of(d)
    state.flicks -= 1
    dashboard.ship_home(state, ship, seat)
    dashboard.put(state, i, seat, "troop")
    events = [Event("land", seat, ship, i)]
    loc = state.locations[i]
    if not loc.faceup:
        loc.faceup = True
        events.append(Event("discover", seat, i))
        pile = state.classic.terraform[quadrant(i)]
        if loc.kind in ("relic", "artifact") and pile:
            loc.terraform = pile.pop()
            events.append(Event("terraform", seat, i, PLANET_COLOURS.index(loc.terraform)))
    return events


# Mine ----------------------------------------------------------------------------------

def mine_reason(state: State, i: int, troops: int) -> str | None:
    if troops not in MINE_VP:
        return "mine with 2 troops (1 VP) or 3 troops (2 VP)"
    why = _own_planet(state, i)
    if why:
        return why
    have = _count(state, i, "troop")
    return None if have >= troops else f"you have {have} troops there, not {troops}"


def mine(state: State, i: int, troops: int) -> list[Event]:
    seat = state.current
    for _ in range(troops):
        dashboard.lift(state, i, seat, "troop")
    return [Event("mine", seat, i, troops)] + dashboard.take_vp(state, seat, MINE_VP[troops])


# Build a Structure --------------------------------------------------------------------

def build_reason(state: State, i: int, k: int) -> str | None:
    if not 0 <= k < len(BUILDS):
        return "build 0 an outpost, 1 a city or 2 a research facility"
    why = _own_planet(state, i)
    if why:
        return why
    kind = BUILDS[k]
    if state.players[state.current].structures[kind] <= 0:
        return f"no {kind} left to build"
    troops = _count(state, i, "troop")
    if kind == "outpost" and troops < 1:
        return "an outpost takes a troop from the planet"
    if kind == "city" and (troops < 1 or _count(state, i, "outpost") < 1):
        return "a city takes a troop and an outpost from the planet"
    if kind == "research":
        if troops < 2:
            return "a research facility takes 2 troops from the planet"
        if _count(state, i, "research") >= 1 and any(
                _count(state, j, "research") >= 2 for j in range(len(state.locations))):
            return "only one of your planets may hold two research facilities"
    return None


def build(state: State, i: int, k: int) -> list[Event]:
    seat = state.current
    kind = BUILDS[k]
    cost = {"outpost": ["troop"], "city": ["troop", "outpost"], "research": ["troop", "troop"]}
    for piece in cost[kind]:
        dashboard.lift(state, i, seat, piece)
    dashboard.put(state, i, seat, kind)
    events = [Event("build", seat, i, k)]
    if kind == "city":
        p = state.players[seat]
        choices = [p.troops_locked > 0, bool(p.ships_locked)]
        if all(choices):
            state.pending = ["city_bonus"]
            events.append(Event("ask", seat, -1, i))
        elif any(choices):
            events += city_bonus(state, choices.index(True))
    return events


def city_bonus(state: State, k: int) -> list[Event]:
    """A troop (0) or a starship (1) from those set aside, onto the dashboard."""
    state.pending = []
    seat = state.current
    return _from_reserve(state, seat, troops=k == 0, ships=k == 1)


def _from_reserve(state: State, seat: int, troops: bool, ships: bool) -> list[Event]:
    p = state.players[seat]
    events = []
    if troops and p.troops_locked > 0:
        p.troops_locked -= 1
        p.troops += 1
        events.append(Event("unlock", seat, -1, 0))
    if ships and p.ships_locked:
        p.ships = sorted([*p.ships, p.ships_locked.pop(0)])
        events.append(Event("unlock", seat, -1, 1))
    return events


# Develop Technology --------------------------------------------------------------------

def facilities(state: State, seat: int, colour: str) -> int:
    """``seat``'s research facilities on unblockaded planets of ``colour``."""
    return sum(1 for i, loc in enumerate(state.locations)
               if is_planet(loc) and colour_of(loc) == colour
               and blockade_reason(state, i, seat) is None
               for who, k in loc.pieces if who == seat and k == "research")


def develop_reason(state: State, c: int) -> str | None:
    if not 0 <= c < len(PLANET_COLOURS):
        return f"no technology colour {c}"
    colour = PLANET_COLOURS[c]
    level = state.players[state.current].tech[colour] + 1
    if level > LEVELS:
        return f"{colour} is fully developed"
    have = facilities(state, state.current, colour)
    if have < level:
        return (f"{colour} level {level} needs {level} research facilities on unblockaded "
                f"{colour} planets; you have {have}")
    return None


def develop(state: State, c: int) -> list[Event]:
    seat = state.current
    colour = PLANET_COLOURS[c]
    p = state.players[seat]
    p.tech[colour] += 1
    level = p.tech[colour]
    events = [Event("develop", seat, c, level)]
    key = f"{colour}:{level}"
    if key not in state.developed:  # the first to develop it
        state.developed.append(key)
        events += dashboard.take_vp(state, seat, level)
    if level <= 2 and all(v >= level for v in p.tech.values()):  # a whole row
        events += _from_reserve(state, seat, troops=True, ships=True)
    # Our reading: with fewer than two starships to give up, no Battleship is taken.
    if (colour == "orange" and level == BATTLESHIP_LEVEL
            and _plain_ships(state, seat) >= BATTLESHIP_COST):
        state.pending = ["battleship", BATTLESHIP_COST]
        events.append(Event("ask", seat, -1, -1))
    return events


def _plain_ships(state: State, seat: int) -> int:
    on_map = sum(1 for d in state.discs if d.kind == "ship" and d.id in ship_ids(seat))
    return on_map + len(state.players[seat].ships)


def retire_options(state: State) -> list[int]:
    """The starships the current seat may return to the box: the dashboard's (alike: the
    first) and each on the map."""
    seat = state.current
    p = state.players[seat]
    out = p.ships[:1]
    out += [d.id for d in state.discs if d.kind == "ship" and d.id in ship_ids(seat)]
    return out


def retire(state: State, ship: int) -> list[Event]:
    """One starship to the box; after the second the Battleship joins the dashboard."""
    seat = state.current
    assert state.classic is not None
    p = state.players[seat]
    if ship in p.ships:
        p.ships.remove(ship)
    else:
        dashboard.off_map(state, ship)
    state.classic.boxed[seat].append(ship)
    _, left = state.pending
    assert isinstance(left, int)
    events = [Event("retire", seat, ship)]
    if left > 1:
        state.pending = ["battleship", left - 1]
        return events
    state.pending = []
    bid = battleship_id(seat)
    p.advanced_locked.remove(bid)
    p.advanced = sorted([*p.advanced, bid])
    return events + [Event("battleship", seat, bid)]
