"""Attacks at the end of a turn (rulebook: "Resolve Attacks", "Attacking Enemy Starships",
"Attacking Enemy Planets", "Guardian Robots", "Guardian Warships", "Destroyed Planets").

The attacker picks one target for each of its starships (an ``attack`` action each); then
every target is struck at once: where the strength sent against it beats its defence, it
falls and the attacker takes VP equal to that defence (at least 1).
"""

from __future__ import annotations

from core.contract import Event
from core.empires import dashboard
from core.empires.discovery import robot_targets, robots_stranded
from core.empires.geometry import starmap, within_range
from core.empires.occupancy import ROBOTS, occupant, orbit_of, orbiting, planet_defence
from core.empires.physics import Disc
from core.empires.solo_combat import robot_destroyed, robots_beaten, warship_destroyed
from core.empires.state import State
from core.empires.technology import advanced_name, has, ship_numbers

WARSHIP_DEFENCE = 2
ROBOT_DEFENCE = 1
WARSHIP_REFRESH = 2


def _disc(state: State, disc_id: int) -> Disc | None:
    return next((d for d in state.discs if d.id == disc_id), None)


def targets(state: State, ship: int) -> list[int]:
    """What ``ship`` (the current seat's, on the map) may attack: a rival starship or a
    guardian warship or (solo) robot standing in an orbit within range (short; long with
    Long Range Lasers) — never the
    Juggernaut — or the rival or robot planet it orbits, unless a starship not the
    attacker's orbits that planet too (the planet is defended). Locations are 0-27, discs
    their ids."""
    seat = state.current
    me = _disc(state, ship)
    if me is None or me.kind != "ship" or me.owner != seat:
        return []
    table = starmap()
    ruler = table.long_range if has(state, seat, "long_range_lasers") else table.short_range
    out = []
    i = orbit_of(me)
    if i >= 0:
        who = occupant(state, i)
        if (who is not None and who != seat and state.locations[i].kind in ("planet", "relic")
                and not any(d.owner != seat for d in orbiting(state, i))):
            out.append(i)
    for d in state.discs:
        rival_ship = d.kind == "ship" and d.owner != seat and advanced_name(d.id) != "juggernaut"
        if (rival_ship or d.kind in ("warship", "robot")) and within_range(
                me.x, me.y, me.r, d.x, d.y, d.r, ruler):
            out.append(d.id)
    return out


def attack_reason(state: State, ship: int, target: int) -> str | None:
    if any(a[0] == ship for a in state.attacks):
        return "each starship attacks one target"
    if _disc(state, ship) is None or _disc(state, ship).owner != state.current:  # type: ignore[union-attr]
        return f"ship {ship} is not one of your starships on the map"
    if target not in targets(state, ship):
        return "that target is out of this starship's reach"
    return None


def defence(state: State, target: int) -> int:
    if target < len(state.locations):
        return planet_defence(state, target)
    d = _disc(state, target)
    assert d is not None
    if d.kind == "robot":  # solo: a robot standing in an orbit
        return ROBOT_DEFENCE
    return WARSHIP_DEFENCE if d.kind == "warship" else ship_numbers(d.owner, d.id).defence


def strength(state: State, target: int) -> int:
    """The strength the current seat sends against ``target``, relic bonus included."""
    seat = state.current
    total = 0
    for ship, t in state.attacks:
        if t == target:
            n = ship_numbers(seat, ship)
            total += n.attack + (n.planet_attack if target < len(state.locations) else 0)
    return total + added_strength(state, target) if total else total


def added_strength(state: State, target: int) -> int:
    """What ``target`` receives as soon as anything of the current seat strikes it: the
    relic's strike bonus chosen for it, the B-side orange technologies (Randomize
    Technology)."""
    seat = state.current
    on_planet = target < len(state.locations)
    added = state.strike_bonus if state.bonus_target == target else 0
    added += 2 if on_planet and has(state, seat, "siege_engines") else 0
    added += 1 if not on_planet and has(state, seat, "targeting_arrays") else 0
    return added


def resolve(state: State) -> list[Event]:
    """Strike every chosen target at once (defences are read before any falls)."""
    seat = state.current
    chosen = sorted({t for _, t in state.attacks})
    falls = [(t, defence(state, t)) for t in chosen if strength(state, t) > defence(state, t)]
    events: list[Event] = []
    for target, worth in falls:
        events.append(Event("attack", seat, target, worth))
        if target < len(state.locations):
            events += _planet_falls(state, target)
            events += dashboard.take_vp(state, seat, max(1, worth))
        else:
            d = _disc(state, target)
            assert d is not None
            if d.kind == "robot":
                events += robot_destroyed(state, target)
            elif d.kind == "warship" and state.solo is not None:
                events += warship_destroyed(state, target)
            elif d.kind == "warship":
                dashboard.off_map(state, target)
                state.warships += 1
                events += dashboard.take_vp(state, seat, max(1, worth))
                events += dashboard.refresh(state, seat, WARSHIP_REFRESH)
            else:
                dashboard.ship_home(state, target, d.owner)
                events += dashboard.take_vp(state, seat, max(1, worth))
    if falls:
        state.used.append("attacked")
    state.attacks = []
    return events


def _planet_falls(state: State, i: int) -> list[Event]:
    """Everything of a fallen planet goes home: pieces on it and starbases round it; an
    Ancient Library stays. Robots: three blow up the planet, fewer move on."""
    loc = state.locations[i]
    who = occupant(state, i)
    if who == ROBOTS:
        count = loc.robots
        loc.robots = 0
        state.robots += count
        if state.solo is not None:
            return robots_beaten(state, i, count)
        if count >= 3 and state.destroyed_tokens > 0:
            loc.destroyed = True
            state.destroyed_tokens -= 1
            return [Event("planet_destroyed", -1, i)]
        state.jump_to.append(i)
        state.pending = ["robots", count, i]
        if not robot_targets(state, count, i):
            return robots_stranded(state, count)
        return [Event("robots_flee", -1, i, count)]
    for seat, kind in list(loc.pieces):
        dashboard.lift(state, i, seat, kind)
    for base in orbiting(state, i, "starbase"):
        dashboard.starbase_home(state, base.id, base.owner)
    state.jump_to.append(i)
    return [Event("planet_falls", who if who is not None else -1, i)]


def jump_sources(state: State) -> list[int]:
    """Hyper-Jump Troops: where a troop may come from to the planet taken — the dashboard
    (-1) or any other planet with a troop of the seat's — while it has room."""
    _, target, _ = state.pending
    seat = state.current
    if len(state.locations[int(target)].pieces) >= 3:
        return []
    out = [-1] if state.players[seat].troops > 0 else []
    return out + [i for i, loc in enumerate(state.locations)
                  if i != target and (seat, "troop") in loc.pieces]


def jump(state: State, source: int) -> list[Event]:
    _, target, left = state.pending
    assert isinstance(target, int) and isinstance(left, int)
    seat = state.current
    if source >= 0:
        dashboard.lift(state, source, seat, "troop")
    dashboard.put(state, target, seat, "troop")
    state.pending = ["jump", target, left - 1] if left > 1 else []
    if state.pending and not jump_sources(state):
        state.pending = []
    return [Event("jump", seat, source, target)]
