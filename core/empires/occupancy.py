"""Who holds what on the Starmap: the questions every rule asks — which location a disc
orbits, who occupies a planet, which locations a rival blockades (rulebook: "Occupying
Planets", "Blockading Locations", "Orbit")."""

from __future__ import annotations

from core.empires.empires import has_empire
from core.empires.geometry import place, starmap
from core.empires.physics import GUARDIAN, Disc
from core.empires.placing import location_discs, orbits_of
from core.empires.state import Location, State
from core.empires.technology import has

ROBOTS = GUARDIAN  # the occupant of a planet the robots hold


def index_of(state: State, hole: str) -> int:
    return [loc.hole for loc in state.locations].index(hole)


def quadrant(i: int) -> int:
    return starmap().holes[i].quadrant


def is_planet(loc: Location) -> bool:
    """A planet or relic planet not destroyed, or an artifact a Classic Terraform token
    turned into a planet: something that can be landed on, built on and occupied."""
    return (loc.kind in ("planet", "relic") or loc.kind == "artifact" and bool(loc.terraform)
            ) and not loc.destroyed


def colour_of(loc: Location) -> str:
    """The planet's colour for technologies: its overlay once terraformed ("" for an
    untouched relic planet)."""
    return loc.terraform or (loc.colour if loc.kind == "planet" else "")


def orbit_of(d: Disc) -> int:
    """The location whose orbit disc ``d`` touches, or -1 (orbits are far enough apart that
    a disc never touches two)."""
    found = orbits_of(d.x, d.y, d.r)
    return found[0] if found else -1


def orbiting(state: State, i: int, kind: str = "ship") -> list[Disc]:
    """The discs of ``kind`` in orbit of location ``i``, in id order."""
    loc = location_discs()[i]
    x, y, reach = loc.x, loc.y, starmap().orbit
    out = []
    for d in state.discs:
        if d.kind == kind:
            dx, dy, r = d.x - x, d.y - y, reach + d.r
            if dx * dx + dy * dy <= r * r:
                out.append(d)
    if len(out) > 1:
        out.sort(key=_disc_id)
    return out


def _disc_id(d: Disc) -> int:
    return d.id


def occupant(state: State, i: int) -> int | None:
    """The seat that occupies location ``i`` (its troops or structures on top, or its
    starbase in orbit), ROBOTS for robots, None for nobody."""
    loc = state.locations[i]
    if loc.robots:
        return ROBOTS
    if loc.pieces:
        return loc.pieces[0][0]
    bases = orbiting(state, i, "starbase")
    return bases[0].owner if bases else None


def blockaders(state: State, i: int, seat: int) -> list[Disc]:
    """The rival starships blockading location ``i`` against ``seat``; warpgates and
    wormholes are never blockaded."""
    loc = state.locations[i]
    if loc.kind == "warpgate" or loc.wormhole:
        return []
    # One pass over the discs for both (the rules ask this for every candidate action).
    spot = location_discs()[i]
    x, y, reach = spot.x, spot.y, starmap().orbit
    ships: list[Disc] = []
    robots: list[Disc] = []  # solo: a robot in an orbit blockades it
    for d in state.discs:
        kind = d.kind
        if kind == "ship":
            if d.owner == seat or d.owner < 0:
                continue
        elif kind != "robot":
            continue
        dx, dy, r = d.x - x, d.y - y, reach + d.r
        if dx * dx + dy * dy <= r * r:
            (ships if kind == "ship" else robots).append(d)
    if len(ships) > 1:
        ships.sort(key=_disc_id)
    if len(robots) > 1:
        robots.sort(key=_disc_id)
    return ships + robots


def blockade_reason(state: State, i: int, seat: int) -> str | None:
    """Why ``seat`` cannot build, deploy or manoeuvre at location ``i``; None if free."""
    rivals = blockaders(state, i, seat)
    if rivals and rivals[0].owner < 0:
        return f"{place(state.locations[i].hole)} is blockaded by robots in its orbit"
    if rivals:
        return (f"{place(state.locations[i].hole)} is blockaded by "
                f"{state.players[rivals[0].owner].colour}'s starship")
    return None


def occupied_by(state: State, seat: int) -> list[int]:
    """The locations ``seat`` occupies, in hole order."""
    return [i for i in range(len(state.locations)) if occupant(state, i) == seat]


def blockaded_holdings(state: State) -> set[tuple[int, int]]:
    """(seat, location) for every planet a seat occupies that a rival blockades: Energy
    Transmission pays when a pair appears."""
    out = set()
    for i, loc in enumerate(state.locations):
        if not is_planet(loc):
            continue
        who = occupant(state, i)
        if who is not None and who >= 0 and blockaders(state, i, who):
            out.add((who, i))
    return out


def planet_defence(state: State, i: int) -> int:
    """The sum of the defence of a planet's pieces: troop 1, outpost 1, city 2, research 0,
    starbase 1 (2 with Orbital Defenses), robot 1; an Ancient Library adds nothing."""
    loc = state.locations[i]
    worth = {"troop": 1, "outpost": 1, "city": 2, "research": 0}
    total = loc.robots
    for seat, kind in loc.pieces:  # the Halcyon's outposts (Empires) add 2
        total += worth[kind] + (kind == "outpost" and has_empire(state, seat, "halcyon"))
        total += kind == "city" and has(state, seat, "shield_domes")
    for base in orbiting(state, i, "starbase"):
        total += 2 if has(state, base.owner, "orbital_defenses") else 1
    return total
