"""The questions the Solo Campaign's robots ask of the table, and the small changes they make
to it (rulebook: "Solo Campaign", "Rule Changes"): which planets the player holds (settlers
count as the player's), where a robot may land, robots standing in an orbit, starships
destroyed by the robots, locations revealed by the invaders, and the limited supplies whose
emptying loses the game."""

from __future__ import annotations

from core.contract import Event
from core.empires import dashboard
from core.empires.geometry import starmap
from core.empires.maneuvers import place_in_orbit, towards_centre
from core.empires.occupancy import ROBOTS, is_planet, occupant, orbiting, planet_defence
from core.empires.physics import GUARDIAN, Disc
from core.empires.setup import tokens
from core.empires.solo_state import Solo
from core.empires.state import State

ROBOT_BASE = 400  # robots standing in an orbit are discs 400-411
ROBOT_COUNT = 12
SETTLER_COLOURS = ("blue", "yellow", "white")  # the colours the solo player does not use
MEGASTRUCTURES = 4


def is_solo(state: State) -> bool:
    return state.solo is not None


def solo_of(state: State) -> Solo:
    assert state.solo is not None, "not a solo game"
    return state.solo


def lose(state: State, why: str) -> list[Event]:
    """The scenario is lost (the first reason found stands)."""
    s = solo_of(state)
    if s.result:
        return []
    s.result = f"lost: {why}"
    return [Event("solo_lost", 0)]


def settlers_on(state: State, i: int) -> list[str]:
    return [c for j, c in solo_of(state).settlers if j == i]


def holds(state: State, i: int) -> bool:
    """The player holds location ``i``: a face-up planet the player occupies or settlers
    live on (the robots treat a settlers' planet as the player's)."""
    loc = state.locations[i]
    if not is_planet(loc) or not loc.faceup:
        return False
    return occupant(state, i) == 0 or bool(settlers_on(state, i))


def held_planets(state: State) -> list[int]:
    return [i for i in range(len(state.locations)) if holds(state, i)]


def landable(state: State, i: int) -> bool:
    """A robot may land on ``i``: a face-up planet with room (fewer than 3 robots), no
    player's piece, starbase or settler, and no Ancient Library."""
    loc = state.locations[i]
    if not is_planet(loc) or not loc.faceup or loc.library or loc.robots >= 3:
        return False
    return occupant(state, i) in (None, ROBOTS) and not settlers_on(state, i)


def unoccupied(state: State, i: int) -> bool:
    loc = state.locations[i]
    return (is_planet(loc) and loc.faceup and not loc.library and occupant(state, i) is None
            and not settlers_on(state, i))


def ships_round(state: State, i: int) -> list[Disc]:
    return [d for d in orbiting(state, i) if d.owner >= 0]


def robots_round(state: State, i: int) -> list[Disc]:
    return orbiting(state, i, "robot")


def solo_defence(state: State, i: int) -> int:
    """A held planet's defence against robots: its pieces and starbases, and 1 a settler."""
    return planet_defence(state, i) + len(settlers_on(state, i))


def by_ships_then_order(state: State, spots: list[int]) -> int:
    """The robots' tie-break between planets: the most of the player's starships in orbit,
    then the lowest location number (hole order)."""
    return min(spots, key=lambda i: (-len(ships_round(state, i)), i))


def destroy_ships_round(state: State, i: int) -> list[Event]:
    """Every starship of the player in the orbit of ``i`` goes back to the dashboard."""
    events = []
    for d in ships_round(state, i):
        dashboard.ship_home(state, d.id, d.owner)
        events.append(Event("destroyed", d.owner, d.id, 3))
    return events


def take_robot(state: State) -> list[Event] | None:
    """One robot out of the supply (None), or the loss when the supply is empty."""
    if state.robots <= 0:
        return lose(state, "a robot had to be placed and none was left in the supply")
    state.robots -= 1
    return None


def land_robots(state: State, i: int, count: int) -> list[Event]:
    """``count`` robots from the supply onto planet ``i`` (its starships destroyed first)."""
    events = destroy_ships_round(state, i)
    loc = state.locations[i]
    for _ in range(count):
        if loc.robots >= 3:
            break
        lost = take_robot(state)
        if lost is not None:
            return events + lost
        loc.robots += 1
        events.append(Event("robot_lands", -1, i, loc.robots))
    return events


def add_orbit_robot(state: State, i: int) -> list[Event]:
    """A robot from the supply standing in the orbit of ``i``."""
    used = {d.id for d in state.discs if d.kind == "robot"}
    free = [k for k in range(ROBOT_BASE, ROBOT_BASE + ROBOT_COUNT) if k not in used]
    disc = Disc(free[0], "robot", GUARDIAN, 0, 0, starmap().radius["robot"])
    placed = place_in_orbit(state, i, disc, towards_centre(i))
    if placed is None:
        return [Event("orbit_full", -1, -1, i)]
    lost = take_robot(state)
    if lost is not None:
        return lost
    state.discs = sorted([*state.discs, placed], key=lambda d: d.id)
    return [Event("robot_orbits", -1, i, len(robots_round(state, i)))]


def robot_to_supply(state: State, disc_id: int) -> None:
    dashboard.off_map(state, disc_id)
    state.robots += 1


def reveal(state: State, i: int) -> list[Event]:
    """The invaders turn location ``i`` face up; its token is discarded unseen (a relic onto
    the pile a destroyed warship pays from, an event out of the game)."""
    loc = state.locations[i]
    loc.faceup = True
    if loc.token:
        token, loc.token = loc.token, ""
        kind = next(t.kind for t in tokens() if t.id == token)
        (solo_of(state).scrap if kind == "relic" else state.discarded).append(token)
    return [Event("robots_discover", -1, i)]


def face_down(state: State, quadrant: int | None = None) -> list[int]:
    """Face-down locations (never a warpgate), in hole order, in one quadrant or all."""
    table = starmap()
    return [i for i, loc in enumerate(state.locations)
            if not loc.faceup and loc.kind != "warpgate" and not loc.destroyed
            and (quadrant is None or table.holes[i].quadrant == quadrant)]
