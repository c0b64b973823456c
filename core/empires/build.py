"""Deploy and Build (rulebook: "Deploy", "Build", "Unlocking Troops and Starships",
"Research Facility", "Gaining a New Technology", "Research Facilities on Relic Planets"),
with the green and pink technologies that change them."""

from __future__ import annotations

from core.contract import Event
from core.empires import dashboard
from core.empires.aim import angle_towards
from core.empires.geometry import place, starmap
from core.empires.maneuvers import place_in_orbit
from core.empires.occupancy import (
    blockade_reason,
    colour_of,
    is_planet,
    occupant,
    orbiting,
)
from core.empires.physics import Disc
from core.empires.placing import location_discs
from core.empires.solo_tech import add_cube
from core.empires.state import (
    LOCKS,
    PLANET_COLOURS,
    STRUCTURE_COUNTS,
    STRUCTURES,
    Player,
    State,
    advanced_ids,
)
from core.empires.technology import LEVELS, advanced_name, has

# Build options: a structure's index in STRUCTURES, or for a Research Facility on an
# untouched relic planet TERRAFORM + the index of the overlay's colour.
TERRAFORM = 10


def deploy_troop_reason(state: State, i: int) -> str | None:
    seat = state.current
    if not 0 <= i < len(state.locations):
        return f"no location {i}"
    loc = state.locations[i]
    if state.players[seat].troops <= 0:
        return "no troop on your dashboard"
    base = any(b.owner == seat for b in orbiting(state, i, "starbase"))
    if not any(s == seat and k in ("outpost", "city") for s, k in loc.pieces) and not (
            base and has(state, seat, "orbital_habitats")) and not (
            has(state, seat, "fertile_worlds") and is_planet(loc)
            and occupant(state, i) == seat):
        return (f"troops are deployed to planets with your outpost or city"
                f"{' (or starbase, with Orbital Habitats)' if base else ''}")
    if len(loc.pieces) >= 3:
        return f"{place(loc.hole)} already has 3 troops and structures"
    return blockade_reason(state, i, seat)


def deploy_troop(state: State, i: int) -> list[Event]:
    dashboard.put(state, i, state.current, "troop")
    return [Event("deploy_troop", state.current, i)]


def _constructor_here(state: State, i: int, seat: int) -> bool:
    ship = advanced_ids(seat)["pink"]
    return has(state, seat, "constructor") and any(d.id == ship for d in orbiting(state, i))


def cost(state: State, i: int, kind: str) -> list[str]:
    """What building ``kind`` at location ``i`` takes off the planet: a troop (none with the
    Constructor in orbit), and for a city an outpost too. A starbase takes two ships."""
    seat = state.current
    troops = 0 if kind == "starbase" else 1
    if troops and _constructor_here(state, i, seat):
        troops = 0
    return ["troop"] * troops + (["outpost"] if kind == "city" else [])


def build_reason(state: State, i: int, option: int) -> str | None:
    seat = state.current
    if not 0 <= i < len(state.locations):
        return f"no location {i}"
    kind = STRUCTURES[option] if 0 <= option < len(STRUCTURES) else (
        "research" if TERRAFORM <= option < TERRAFORM + len(PLANET_COLOURS) else "")
    if not kind:
        return f"no structure {option}"
    if i in state.built_at:
        return "you already built at this planet this turn"
    loc = state.locations[i]
    p = state.players[seat]
    if not is_planet(loc) or not loc.faceup:
        return f"{place(loc.hole)} is not a face-up planet"
    who = occupant(state, i)
    if who is not None and who != seat:
        return f"{place(loc.hole)} is occupied by someone else"
    blocked = blockade_reason(state, i, seat)
    if blocked:
        return blocked
    if p.structures[kind] <= 0:
        return f"no {kind} left on your dashboard"
    relic = loc.kind == "relic" and not loc.terraform
    if kind == "research" and relic != (option >= TERRAFORM):
        return ("a Research Facility on a relic planet terraforms it: choose the colour"
                if relic else "only a relic planet is terraformed")
    if option >= TERRAFORM and PLANET_COLOURS[option - TERRAFORM] not in state.overlays:
        return f"the {PLANET_COLOURS[option - TERRAFORM]} overlay is already used"
    if kind == "starbase":
        if len([d for d in orbiting(state, i) if d.owner == seat
                and not advanced_name(d.id)]) < 2:
            return "a starbase needs 2 of your starships in the planet's orbit"
        return None
    if who != seat:
        return f"you do not occupy {place(loc.hole)}"
    need = cost(state, i, kind)
    have = list(loc.pieces)
    for piece in need:
        if (seat, piece) not in have:
            return f"building a {kind} takes your {piece} from {place(loc.hole)}"
        have.remove((seat, piece))
    if len(have) >= 3:
        return f"{place(loc.hole)} already has 3 troops and structures"
    return None


def build(state: State, i: int, option: int) -> list[Event]:
    seat = state.current
    kind = STRUCTURES[option] if option < TERRAFORM else "research"
    events = [Event("build", seat, i, STRUCTURES.index(kind))]
    state.built_at.append(i)
    if kind == "starbase":
        events += _starbase(state, i, seat)
    else:
        for piece in cost(state, i, kind):
            dashboard.lift(state, i, seat, piece)
        dashboard.put(state, i, seat, kind)
    if kind in ("city", "starbase"):
        events += unlock(state, seat, kind)
    if kind == "outpost" and has(state, seat, "geothermal_harvesters"):
        events += dashboard.refresh(state, seat, 1)
    if kind == "research" and has(state, seat, "power_grid"):
        events += dashboard.refresh(state, seat, 1)
    if kind == "research":
        if option >= TERRAFORM:
            colour = PLANET_COLOURS[option - TERRAFORM]
            state.overlays.remove(colour)
            state.locations[i].terraform = colour
            events.append(Event("terraform", seat, i, option - TERRAFORM))
        if state.solo is not None:  # a cube under the Solo Technology card instead
            events += add_cube(state, colour_of(state.locations[i]))
        else:
            events += research(state, seat, colour_of(state.locations[i]))
    return events


def _starbase(state: State, i: int, seat: int) -> list[Event]:
    ships = [d for d in orbiting(state, i) if d.owner == seat and not advanced_name(d.id)][:2]
    p = state.players[seat]
    base_id = p.starbases.pop(0)
    p.structures["starbase"] -= 1
    for d in ships:
        dashboard.ship_home(state, d.id, seat)
    loc = location_discs()[i]
    first = ships[0]
    disc = Disc(base_id, "starbase", seat, 0, 0, starmap().radius["starbase"])
    placed = place_in_orbit(state, i, disc, angle_towards(first.x - loc.x, first.y - loc.y))
    assert placed is not None  # the two ships just left room in the orbit
    state.discs = sorted([*state.discs, placed], key=lambda d: d.id)
    return []


def _locked_space(p: Player, kind: str, space: int) -> bool:
    """Whether the ``space``-th space of the row (1-4, emptied first to last) still has its
    lock: the locks left are on the last spaces."""
    return space > LOCKS[kind] - p.locks[kind]


def frees_a_lock(p: Player, kind: str) -> bool:
    """Whether the next city or starbase built (``kind``) empties a space that still has its
    lock: an energy for good and a troop or starship out of the tray."""
    return p.structures[kind] > 0 and _locked_space(
        p, kind, STRUCTURE_COUNTS[kind] - p.structures[kind] + 1)


def unlock(state: State, seat: int, kind: str) -> list[Event]:
    """A city or starbase built: its space's lock (if still there) becomes ready energy and
    frees a troop or starship from the tray; all spent energy is refreshed either way."""
    p = state.players[seat]
    events = dashboard.refresh(state, seat)
    if _locked_space(p, kind, STRUCTURE_COUNTS[kind] - p.structures[kind]):
        p.locks[kind] -= 1
        p.energy_ready += 1
        if kind == "city":
            p.troops_locked -= 1
            p.troops += 1
        else:
            p.ships.append(p.ships_locked.pop(0))
            p.ships.sort()
        events.append(Event("unlock", seat, -1, 0 if kind == "city" else 1))
    return events


def research(state: State, seat: int, colour: str) -> list[Event]:
    """Recompute ``seat``'s level in ``colour`` from its Research Facilities on planets of
    that colour; each new level is gained, paid its level in VP if nobody had it before, and
    the level-3 advanced starship comes to the dashboard."""
    if not colour:
        return []
    p = state.players[seat]
    count = sum(1 for loc in state.locations for s, k in loc.pieces
                if s == seat and k == "research" and colour_of(loc) == colour)
    events: list[Event] = []
    while p.tech[colour] < min(count, LEVELS):
        events += gain_level(state, seat, colour)
    return events


def gain_level(state: State, seat: int, colour: str) -> list[Event]:
    """``seat`` reaches the next level of ``colour``: paid its level in VP if nobody had it
    before; a level 3 brings the advanced starship to the dashboard."""
    p = state.players[seat]
    p.tech[colour] += 1
    level = p.tech[colour]
    events = [Event("tech", seat, PLANET_COLOURS.index(colour), level)]
    key = f"{colour}:{level}"
    if key not in state.developed:
        state.developed.append(key)
        events += dashboard.take_vp(state, seat, level)
    if level == 3:
        ship = advanced_ids(seat)[colour]
        p.advanced_locked.remove(ship)
        p.advanced = sorted([*p.advanced, ship])
        events.append(Event("advanced", seat, ship, 0))
    return events
