"""Attacks at the end of a Classic Move (rulebook: "Resolving Attacks", "Battleships",
"Homeworlds", "Robots"): as in the New Era — each starship names one target, then every
target is struck at once and falls to more strength than its defence, the attacker taking
VP equal to that defence (at least 1) — with the Classic pieces: a starship attacks with 1,
the Battleship with 2, both defend with 1; a Homeworld and a robot's planet are never
targets."""

from __future__ import annotations

from core.contract import Event
from core.empires import dashboard
from core.empires.classic_play import battleship_id
from core.empires.geometry import starmap, within_range
from core.empires.occupancy import is_planet, occupant, orbit_of, orbiting, planet_defence
from core.empires.physics import Disc
from core.empires.state import State

SHIP_DEFENCE = 1
BATTLESHIP_ATTACK = 2


def _disc(state: State, disc_id: int) -> Disc | None:
    return next((d for d in state.discs if d.id == disc_id), None)


def targets(state: State, ship: int) -> list[int]:
    """What ``ship`` may attack: the rival's planet it orbits, unless a starship not the
    attacker's orbits it too (the planet is defended), and every rival starship within
    short range. Locations are 0-27, starships their ids."""
    seat = state.current
    me = _disc(state, ship)
    if me is None or me.kind != "ship" or me.owner != seat:
        return []
    out = []
    i = orbit_of(me)
    if i >= 0 and is_planet(state.locations[i]):
        who = occupant(state, i)
        if (who is not None and who >= 0 and who != seat
                and not any(d.owner != seat for d in orbiting(state, i))):
            out.append(i)
    ruler = starmap().short_range
    for d in state.discs:
        if d.kind == "ship" and d.owner != seat and within_range(me.x, me.y, me.r, d.x, d.y,
                                                                   d.r, ruler):
            out.append(d.id)
    return out


def attack_reason(state: State, ship: int, target: int) -> str | None:
    if state.action != "move":
        return "attacks are made at the end of a Move"
    if any(a[0] == ship for a in state.attacks):
        return "each starship attacks one target"
    d = _disc(state, ship)
    if d is None or d.kind != "ship" or d.owner != state.current:
        return f"ship {ship} is not one of your starships on the map"
    if target not in targets(state, ship):
        return "that target is out of this starship's reach"
    return None


def defence(state: State, target: int) -> int:
    return planet_defence(state, target) if target < len(state.locations) else SHIP_DEFENCE


def strength(state: State, target: int) -> int:
    seat = state.current
    return sum(BATTLESHIP_ATTACK if ship == battleship_id(seat) else 1
               for ship, t in state.attacks if t == target)


def resolve(state: State) -> list[Event]:
    """Strike every chosen target at once (defences are read before any falls)."""
    seat = state.current
    chosen = sorted({t for _, t in state.attacks})
    falls = [(t, defence(state, t)) for t in chosen if strength(state, t) > defence(state, t)]
    events: list[Event] = []
    for target, worth in falls:
        events.append(Event("attack", seat, target, worth))
        if target < len(state.locations):
            loc = state.locations[target]
            who = occupant(state, target)
            for owner, kind in list(loc.pieces):
                dashboard.lift(state, target, owner, kind)
            events.append(Event("planet_falls", who if who is not None else -1, target))
        else:
            d = _disc(state, target)
            assert d is not None
            dashboard.ship_home(state, target, d.owner)
        events += dashboard.take_vp(state, seat, max(1, worth))
    state.attacks = []
    return events
