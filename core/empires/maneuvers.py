"""A Move's flicks and the manoeuvres around them (rulebook: "Move", "Ramming", "Lost in
Space", "Maneuver"): land, launch, discover, use an artifact, move round an orbit, go through
a wormhole, and the purple technologies' Gravity Snare and Hyper-Jump Stations.

Each rule has a ``*_reason`` saying in words why it cannot be done now (None when it can)
and a doer that changes the state and returns the events; the doers assume the reason
was None.
"""

from __future__ import annotations

from core.contract import Event
from core.empires import dashboard, mines
from core.empires.aim import Aim, angle_towards
from core.empires.flight import fly
from core.empires.geometry import place, starmap
from core.empires.occupancy import (
    blockade_reason,
    blockaders,
    is_planet,
    occupant,
    orbit_of,
    orbiting,
)
from core.empires.physics import Disc, Hit
from core.empires.placing import edge_spot, location_discs, orbit_spot
from core.empires.solo_flight import after_flick
from core.empires.state import State
from core.empires.technology import advanced_name, has, ship_numbers


def ship_on_map(state: State, ship: int) -> Disc | None:
    """The current seat's starship ``ship`` on the map, or None."""
    for d in state.discs:
        if d.id == ship and d.kind == "ship" and d.owner == state.current:
            return d
    return None


def towards_centre(i: int) -> int:
    """The angle from location ``i`` towards the middle of the map: where a ship put in its
    orbit goes first (the reposition manoeuvre moves it round from there)."""
    loc = location_discs()[i]
    return angle_towards(-loc.x, -loc.y)


def place_in_orbit(state: State, i: int, disc: Disc, angle: int) -> Disc | None:
    """``disc`` put down in the orbit of location ``i`` as near ``angle`` as is free (not
    yet added to the map); None when the orbit is full."""
    spot = orbit_spot(state.locations[i].hole, angle, disc.r, state.discs, skip=disc.id)
    return None if spot is None else disc._replace(x=spot[0], y=spot[1])


def free_flick(state: State, d: Disc) -> str:
    """The manoeuvre that lets ``d`` be flicked without spending a flick ("" for none):
    orbiting a face-up artifact, or a planet with the seat's starbase (Hyper-Jump Stations),
    and not blockaded there."""
    if not state.maneuvers:
        return ""
    i = orbit_of(d)
    if i < 0 or blockaders(state, i, d.owner):
        return ""
    loc = state.locations[i]
    if loc.kind == "artifact" and loc.faceup:
        return "artifact"
    if (has(state, d.owner, "hyper_jump_stations") and is_planet(loc)
            and any(b.owner == d.owner for b in orbiting(state, i, "starbase"))):
        return "station"
    return ""


def flick_reason(state: State, ship: int) -> str | None:
    d = ship_on_map(state, ship)
    if d is None:
        return f"ship {ship} is not one of your starships on the map"
    if ship in state.snared:
        return "a ship Gravity Snare put back is not flicked again this turn"
    if advanced_name(ship) == "phaseship":
        return "the Phaseship is placed, never flicked"
    if state.flicks <= 0 and not free_flick(state, d):
        return "no flicks left (boost with energy, or flick from an artifact's orbit)"
    return None


def flick(state: State, ship: int, aim: Aim) -> list[Event]:
    """Flick ``ship`` as aimed and apply what the physics says: rams, ships lost in space,
    rivals knocked off put back at the edge, starbases put back in their orbits."""
    seat = state.current
    d = ship_on_map(state, ship)
    assert d is not None
    how = free_flick(state, d)
    if not how:
        state.flicks -= 1
    before = {x.id: x for x in state.discs}
    homes = {x.id: orbit_of(x) for x in state.discs if x.kind == "starbase"}
    can_ram = advanced_name(ship) != "juggernaut"
    made, result = fly(state, ship, aim, can_ram=can_ram)
    events = [Event("flick", seat, ship, made.angle * 100000 + made.power)]
    state.discs = [x for x in result.discs if x.kind != "location"]
    rammed = {h.other for h in result.hits if h.kind == "ram"}
    mined, struck = mines.struck(state, before, result.hits)
    events += struck
    for gone in result.removed:
        x = before[gone]
        if gone in mined:
            continue
        if gone == ship or x.kind == "ship" and (gone in rammed or x.owner == seat):
            why = "ram" if gone in rammed or any(
                h.kind == "ram" and h.disc == gone for h in result.hits) else "lost"
            dashboard.ship_home(state, gone, x.owner)
            events.append(Event("destroyed", x.owner, gone, 1 if why == "ram" else 0))
        elif x.kind == "ship":  # a rival knocked off: back at the edge where it went
            where = next(h for h in result.hits if h.kind == "lost" and h.disc == gone)
            spot = edge_spot(where.x, where.y, x.r, state.discs, skip=gone)
            if spot is None:
                dashboard.ship_home(state, gone, x.owner)
                events.append(Event("destroyed", x.owner, gone, 0))
            else:
                state.discs.append(x._replace(x=spot[0], y=spot[1]))
                events.append(Event("put_back", x.owner, gone))
    events += _warship_touches(state, before, result.hits)
    events += after_flick(state, ship, before, result)
    for base_id, home in homes.items():
        now = next((x for x in state.discs if x.id == base_id), None)
        if home < 0 or (now is not None and orbit_of(now) == home):
            continue
        # Knocked out of its orbit (or off the map): back round the same planet.
        old = before[base_id]
        loc = location_discs()[home]
        state.discs = [x for x in state.discs if x.id != base_id]
        back = place_in_orbit(state, home, old, angle_towards(old.x - loc.x, old.y - loc.y))
        if back is None:
            dashboard.starbase_home(state, base_id, old.owner)
        else:
            state.discs.append(back)
    state.discs.sort(key=lambda x: x.id)
    events += _snare_offer(state, ship, result.hits)
    return events


def _warship_touches(state: State, before: dict[int, Disc], hits: tuple[Hit, ...]
                     ) -> list[Event]:
    """Any starship that touched a guardian warship is destroyed (the flicked ship's first
    touch is already a ram; this catches the ships it knocked into one)."""
    events = []
    for h in hits:
        if h.kind != "bounce":
            continue
        for ship, other in ((h.disc, h.other), (h.other, h.disc)):
            a, b = before.get(ship), before.get(other)
            if (a is not None and b is not None and a.kind == "ship" and b.kind == "warship"
                    and any(d.id == ship for d in state.discs)):
                dashboard.ship_home(state, ship, a.owner)
                events.append(Event("destroyed", a.owner, ship, 2))
    return events


def _snare_offer(state: State, ship: int, hits: tuple[Hit, ...]) -> list[Event]:
    """Gravity Snare: ask whether to put the flicked ship back round the first planet it
    bounced off, if it is still on the map and no rival ship orbits that planet."""
    seat = state.current
    if not has(state, seat, "gravity_snare") or ship_on_map(state, ship) is None:
        return []
    for h in hits:
        if h.kind == "bounce" and h.disc == ship and 0 <= h.other < len(state.locations):
            loc = state.locations[h.other]
            if is_planet(loc) and loc.faceup and not blockaders(state, h.other, seat):
                state.pending = ["snare", ship, h.other]
                return [Event("ask", seat, ship, h.other)]
            return []
    return []


def snare(state: State, yes: bool) -> list[Event]:
    _, ship, i = state.pending
    assert isinstance(ship, int) and isinstance(i, int)
    state.pending = []
    if not yes:
        return []
    d = ship_on_map(state, ship)
    assert d is not None
    loc = location_discs()[i]
    placed = place_in_orbit(state, i, d, angle_towards(d.x - loc.x, d.y - loc.y))
    if placed is None:
        return [Event("orbit_full", state.current, ship, i)]
    state.discs = sorted([x for x in state.discs if x.id != ship] + [placed],
                         key=lambda x: x.id)
    state.snared.append(ship)
    return [Event("snared", state.current, ship, i)]


def _at(state: State, ship: int) -> tuple[Disc | None, int, str | None]:
    """The ship, the location it orbits and why it cannot manoeuvre there (if it can't)."""
    if not state.maneuvers:
        return None, -1, "manoeuvres are made during a Move (or a relic's flicks)"
    d = ship_on_map(state, ship)
    if d is None:
        return None, -1, f"ship {ship} is not one of your starships on the map"
    i = orbit_of(d)
    if i < 0:
        return d, -1, "the ship is not in any location's orbit"
    return d, i, None


def land_reason(state: State, ship: int) -> str | None:
    d, i, why = _at(state, ship)
    if why is not None or d is None:
        return why
    loc = state.locations[i]
    if not ship_numbers(d.owner, ship).lands:
        return "this advanced starship cannot land"
    if not is_planet(loc) or not loc.faceup:
        return f"{place(loc.hole)} is not a face-up planet"
    blocked = blockade_reason(state, i, d.owner)
    if blocked:
        return blocked
    who = occupant(state, i)
    if who is not None and who != d.owner:
        return f"{place(loc.hole)} is occupied by someone else"
    if state.players[d.owner].troops <= 0:
        return "no troop on your dashboard to land"
    if len(loc.pieces) >= 3:
        return f"{place(loc.hole)} already has 3 troops and structures"
    return None


def land(state: State, ship: int) -> list[Event]:
    seat = state.current
    d, i, _ = _at(state, ship)
    dashboard.ship_home(state, ship, seat)
    dashboard.put(state, i, seat, "troop")
    return [Event("land", seat, ship, i)]


def launch_reason(state: State, i: int, ship: int) -> str | None:
    seat = state.current
    if not state.maneuvers:
        return "manoeuvres are made during a Move (or a relic's flicks)"
    if not 0 <= i < len(state.locations):
        return f"no location {i}"
    loc = state.locations[i]
    p = state.players[seat]
    if (seat, "troop") not in loc.pieces:
        return f"you have no troop on {place(loc.hole)}"
    blocked = blockade_reason(state, i, seat)
    if blocked:
        return blocked
    if ship not in p.ships and ship not in p.advanced:
        return f"ship {ship} is not on your dashboard"
    if ship in p.ships and ship != p.ships[0]:
        # The dashboard's plain starships are alike: one choice is one action.
        return f"your dashboard's starships are alike: take ship {p.ships[0]}"
    if ship in state.snared:
        return "a ship Gravity Snare put back and then landed is not launched again this turn"
    return room_reason(state, i, seat, ship)


def room_reason(state: State, i: int, seat: int, ship: int) -> str | None:
    """Why a ship cannot be put in location ``i``'s orbit: no free spot left round it."""
    if place_in_orbit(state, i, new_ship(seat, ship), towards_centre(i)) is None:
        return f"the orbit of {place(state.locations[i].hole)} is full"
    return None


def launch(state: State, i: int, ship: int) -> list[Event]:
    seat = state.current
    disc = new_ship(seat, ship)
    placed = place_in_orbit(state, i, disc, towards_centre(i))
    if placed is None:
        return [Event("orbit_full", seat, ship, i)]
    dashboard.lift(state, i, seat, "troop")
    enter(state, seat, placed)
    return [Event("launch", seat, ship, i)]


def new_ship(seat: int, ship: int) -> Disc:
    r = starmap().radius["ship"]
    return Disc(ship, "ship", seat, 0, 0, r, advanced_name(ship) == "juggernaut")


def enter(state: State, seat: int, disc: Disc) -> None:
    p = state.players[seat]
    if disc.id in p.ships:
        p.ships.remove(disc.id)
    else:
        p.advanced.remove(disc.id)
    state.discs = sorted([*state.discs, disc], key=lambda x: x.id)


def deploy_ship_reason(state: State, ship: int) -> str | None:
    p = state.players[state.current]
    if ship not in p.ships and ship not in p.advanced:
        return f"ship {ship} is not on your dashboard"
    if ship in p.ships and ship != p.ships[0]:
        # The dashboard's plain starships are alike: one choice is one action.
        return f"your dashboard's starships are alike: take ship {p.ships[0]}"
    if advanced_name(ship) == "phaseship":
        return "the Phaseship is deployed by placing it anywhere on the map"
    gate = [loc.hole for loc in state.locations].index(p.gate)
    return room_reason(state, gate, state.current, ship)


def deploy_ship(state: State, ship: int) -> list[Event]:
    """Deploy: a starship from the dashboard into the orbit of the seat's warpgate."""
    seat = state.current
    gate = [loc.hole for loc in state.locations].index(state.players[seat].gate)
    placed = place_in_orbit(state, gate, new_ship(seat, ship), towards_centre(gate))
    if placed is None:
        return [Event("orbit_full", seat, ship, gate)]
    enter(state, seat, placed)
    return [Event("deploy_ship", seat, ship, gate)]


def reposition_reason(state: State, ship: int) -> str | None:
    d, i, why = _at(state, ship)
    if why is not None or d is None:
        return why
    return blockade_reason(state, i, d.owner)


def reposition(state: State, ship: int, angle: int) -> list[Event]:
    d, i, _ = _at(state, ship)
    assert d is not None
    placed = place_in_orbit(state, i, d, angle)
    if placed is None:
        return []
    state.discs = sorted([x for x in state.discs if x.id != ship] + [placed],
                         key=lambda x: x.id)
    return [Event("reposition", state.current, ship, i)]


def wormhole_partner(state: State, i: int) -> int:
    letter = state.locations[i].wormhole
    if not letter:
        return -1
    return next(j for j, loc in enumerate(state.locations) if loc.wormhole == letter and j != i)


def wormhole_reason(state: State, ship: int) -> str | None:
    d, i, why = _at(state, ship)
    if why is not None or d is None:
        return why
    if wormhole_partner(state, i) < 0:
        return f"{place(state.locations[i].hole)} has no wormhole"
    return room_reason(state, wormhole_partner(state, i), d.owner, ship)  # never blockaded


def wormhole(state: State, ship: int) -> list[Event]:
    d, i, _ = _at(state, ship)
    assert d is not None
    j = wormhole_partner(state, i)
    placed = place_in_orbit(state, j, d, towards_centre(j))
    if placed is None:
        return [Event("orbit_full", state.current, ship, j)]
    state.discs = sorted([x for x in state.discs if x.id != ship] + [placed],
                         key=lambda x: x.id)
    return [Event("wormhole", state.current, ship, j)]


def discover_reason(state: State, ship: int) -> str | None:
    d, i, why = _at(state, ship)
    if why is not None or d is None:
        return why
    if state.locations[i].faceup:
        return f"{place(state.locations[i].hole)} is already discovered"
    return blockade_reason(state, i, d.owner)
