"""Using relics with Interact (rulebook: "Activating Relics"; the relics themselves in
``content/discovery.toml``). A relic is used once and leaves the game; one that cannot do
anything now (the Matter Relocator without two planets to swap) is not offered."""

from __future__ import annotations

from dataclasses import fields

from core.contract import Event
from core.empires import build, dashboard
from core.empires.discovery import troop_spots
from core.empires.geometry import starmap
from core.empires.maneuvers import enter, new_ship, place_in_orbit, room_reason, towards_centre
from core.empires.occupancy import is_planet, occupant, occupied_by, orbiting
from core.empires.physics import Disc, overlapping
from core.empires.placing import location_discs
from core.empires.state import Location, State

# What each playable relic grants: flicks (with manoeuvres, never boosted), strength for one
# attack, starships put in orbit of your planets, troops put on planets (and a build there),
# two planets swapped.
RELICS = {
    "bonus_move": {"flicks": 4},
    "move_and_strike": {"flicks": 2, "strike": 1},
    "strike_bonus": {"strike": 2},
    "warp_beacon": {"beacon": 4},
    "beacon_and_move": {"beacon": 2, "flicks": 2},
    "teleport_beacon": {"teleport": 2},
    "teleport_and_build": {"teleport": 1, "build": 1},
    "matter_relocator": {"relocate": 1},
}


def relic_reason(state: State, k: int) -> str | None:
    p = state.players[state.current]
    if not 0 <= k < len(p.relics):
        return f"you hold no relic {k}"
    if p.relics[k] == "matter_relocator" and not relocate_options(state):
        return "the Matter Relocator needs your ships round two planets no rival holds"
    return None


def activate(state: State, k: int) -> list[Event]:
    seat = state.current
    relic = state.players[seat].relics.pop(k)
    state.discarded.append(relic)
    grant = RELICS[relic]
    if grant.get("flicks"):
        state.flicks += grant["flicks"]
        state.maneuvers = True
    state.strike_bonus += grant.get("strike", 0)
    if grant.get("relocate"):
        state.pending = ["relocate", 0]
    elif grant.get("beacon"):
        state.pending = ["beacon", grant["beacon"]]
    elif grant.get("build"):
        state.pending = ["teleport_build", 1]
    elif grant.get("teleport"):
        state.pending = ["teleport", grant["teleport"]]
    return [Event("relic_used", seat, k)]


def beacon_options(state: State) -> list[tuple[int, int]]:
    """(planet, ship): a dashboard starship into the orbit of a planet the seat occupies,
    blockaded or not."""
    p = state.players[state.current]
    ships = ([p.ships[0]] if p.ships else []) + list(p.advanced)
    return [(i, s) for i in occupied_by(state, state.current) for s in ships
            if room_reason(state, i, state.current, s) is None]


def beacon(state: State, i: int, ship: int) -> list[Event]:
    seat = state.current
    placed = place_in_orbit(state, i, new_ship(seat, ship), towards_centre(i))
    _count_down(state)
    if placed is None:
        return [Event("orbit_full", seat, ship, i)]
    enter(state, seat, placed)
    return [Event("beacon", seat, ship, i)]


def teleport_options(state: State) -> list[int]:
    if state.players[state.current].troops <= 0:
        return []
    return troop_spots(state, state.current)


def teleport(state: State, i: int) -> list[Event]:
    dashboard.put(state, i, state.current, "troop")
    if state.pending[0] == "teleport_build":
        state.pending = ["build_here", i]  # and the seat may build there
    else:
        _count_down(state)
    return [Event("troop", state.current, i)]


def build_here_reason(state: State, option: int) -> str | None:
    _, i = state.pending
    assert isinstance(i, int)
    return build.build_reason(state, i, option)


def build_here(state: State, option: int) -> list[Event]:
    """The relic's build at the planet its troop went to; building ends the Interact."""
    _, i = state.pending
    assert isinstance(i, int)
    state.pending = []
    state.uses = 0
    return build.build(state, i, option)


def _count_down(state: State) -> None:
    kind, left = state.pending
    assert isinstance(left, int)
    state.pending = [kind, left - 1] if left > 1 else []


# --- Matter Relocator ------------------------------------------------------------------

def relocate_options(state: State) -> list[tuple[int, int]]:
    """Pairs of face-up planets, each with a ship of the seat's in its orbit and neither
    occupied by a rival or robots, whose orbits' discs fit round the other hole."""
    seat = state.current
    ok = [i for i, loc in enumerate(state.locations) if is_planet(loc) and loc.faceup
          and occupant(state, i) in (None, seat)
          and any(d.owner == seat for d in orbiting(state, i))]
    return [(i, j) for i in ok for j in ok if i < j and _swapped(state, i, j) is not None]


def _swapped(state: State, i: int, j: int) -> list[Disc] | None:
    """The map's discs with everything in the two orbits carried across; None if a carried
    disc would land on something that stays."""
    a, b = location_discs()[i], location_discs()[j]
    ring_i = {d.id for d in orbiting_any(state, i)}
    ring_j = {d.id for d in orbiting_any(state, j)}
    out = []
    for d in state.discs:
        if d.id in ring_i:
            out.append(d._replace(x=d.x - a.x + b.x, y=d.y - a.y + b.y))
        elif d.id in ring_j:
            out.append(d._replace(x=d.x - b.x + a.x, y=d.y - b.y + a.y))
        else:
            out.append(d)
    moved = ring_i | ring_j
    for d in out:
        if d.id in moved and not starmap().on_map(d.x, d.y):
            return None
    for p in overlapping(out):
        if p[0] in moved or p[1] in moved:
            return None
    return out


def orbiting_any(state: State, i: int) -> list[Disc]:
    """Every disc in location ``i``'s orbit, ships and starbases alike."""
    return orbiting(state, i) + orbiting(state, i, "starbase")


def relocate(state: State, i: int, j: int) -> list[Event]:
    """Swap the two planets in their holes, with everything on them and round them."""
    discs = _swapped(state, i, j)
    assert discs is not None
    state.discs = discs
    a, b = state.locations[i], state.locations[j]
    for f in fields(Location):
        if f.name != "hole":
            va, vb = getattr(a, f.name), getattr(b, f.name)
            setattr(a, f.name, vb)
            setattr(b, f.name, va)
    state.pending = []
    return [Event("relocate", state.current, i, j)]
