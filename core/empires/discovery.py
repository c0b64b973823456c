"""Discovering locations and what lies under them: relics kept or archived, events resolved,
and the guardian robots that move on when their planet is attacked (rulebook: "Maneuver:
Discover a Location", "Discovery Tokens", "Guardian Robots", "Ancient Libraries", "Guardian
Warships", "Interact with the Relic Archive")."""

from __future__ import annotations

from core.contract import Event
from core.empires import dashboard
from core.empires.empires import has_empire
from core.empires.geometry import starmap
from core.empires.occupancy import is_planet, occupant, orbiting, quadrant
from core.empires.physics import GUARDIAN, Disc
from core.empires.setup import tokens
from core.empires.state import WARSHIP_BASE, State

RELIC_LIMIT = 3


def relic_limit(state: State, seat: int) -> int:
    """Relics a seat may hold: 3, or 4 for the Ossari (Empires)."""
    return RELIC_LIMIT + (1 if has_empire(state, seat, "ossari") else 0)


def token_kind(token: str) -> str:
    return next(t.kind for t in tokens() if t.id == token)


def discover(state: State, i: int, seat: int) -> list[Event]:
    """``seat`` turns location ``i`` and its token face up: a relic is kept (or goes to the
    Relic Archive when three are held), an event happens and is discarded."""
    loc = state.locations[i]
    loc.faceup = True
    token, loc.token = loc.token, ""
    events = [Event("discover", seat, i)]
    events += _library_owed(state, i)
    if not token:
        return events
    if token_kind(token) == "relic":
        p = state.players[seat]
        if len(p.relics) < relic_limit(state, seat):
            p.relics.append(token)
            events.append(Event("relic", seat, i))
        else:
            state.archive.append(token)
            events.append(Event("archived", seat, i))
        return events
    state.discarded.append(token)
    return events + _event(state, token, i, seat)


def _event(state: State, token: str, i: int, seat: int) -> list[Event]:
    events = [Event("event", seat, i)]
    if token == "boon":
        state.pending = ["boon", i]
    elif token == "guardian_warship":
        events += dashboard.take_vp(state, seat, 1)
        events += _warship(state, quadrant(i))
    elif token == "ancient_library":
        events += dashboard.refresh(state, seat, 2)
        events += _library(state, i)
    elif token == "new_world" and is_planet(state.locations[i]):
        events += dashboard.take_vp(state, seat, 1)
    elif token == "power_cell":
        events += dashboard.refresh(state, seat, 2)
    elif token == "settlers" and _settles(state, i, seat):
        dashboard.put(state, i, seat, "troop")
        events.append(Event("troop", seat, i))
    return events


def _settles(state: State, i: int, seat: int) -> bool:
    """Whether the settlers' troop can go on location ``i``: a planet no rival or robot
    holds, with room, and a troop on the seat's dashboard."""
    loc = state.locations[i]
    return (is_planet(loc) and state.players[seat].troops > 0 and len(loc.pieces) < 3
            and occupant(state, i) in (None, seat))


def _warship(state: State, q: int) -> list[Event]:
    """A guardian warship on quadrant ``q``'s space, if one is in the supply and the space
    is free."""
    wid = WARSHIP_BASE + q
    if state.warships <= 0 or any(d.id == wid for d in state.discs):
        return []
    space = starmap().spaces[q]
    r = starmap().radius["warship"]
    for d in state.discs:
        dx, dy, reach = d.x - space.x, d.y - space.y, d.r + r
        if dx * dx + dy * dy < reach * reach:
            return []  # a ship sits on the space; the warship waits in the supply
    state.warships -= 1
    state.discs = sorted([*state.discs, Disc(wid, "warship", GUARDIAN, space.x, space.y, r)],
                         key=lambda d: d.id)
    return [Event("warship", -1, wid, q)]


def _library_room(state: State, i: int) -> bool:
    loc = state.locations[i]
    return (is_planet(loc) and loc.faceup and not loc.library and not loc.robots
            and len(loc.pieces) < 3)


def _library(state: State, i: int) -> list[Event]:
    """An Ancient Library on this planet; found on an artifact, on the first discovered
    planet of the quadrant with room, else owed to the next planet found there."""
    if state.libraries <= 0:
        return []
    spots = [i] if _library_room(state, i) else [
        j for j in range(len(state.locations))
        if quadrant(j) == quadrant(i) and _library_room(state, j)]
    if not spots:
        state.library_waiting.append(quadrant(i))
        return [Event("library_waits", -1, i)]
    return _place_library(state, spots[0])


def _place_library(state: State, j: int) -> list[Event]:
    state.locations[j].library = True
    state.libraries -= 1
    return [Event("library", -1, j)]


def _library_owed(state: State, i: int) -> list[Event]:
    q = quadrant(i)
    if q in state.library_waiting and _library_room(state, i):
        state.library_waiting.remove(q)
        return _place_library(state, i)
    return []


def boon_options(state: State) -> list[int]:
    """Where the boon's troop may go: a face-up planet the seat occupies or orbits with
    room, blockaded or not; -1 stands for refreshing 2 energy instead."""
    seat = state.current
    out = [-1]
    if state.players[seat].troops > 0:
        out += troop_spots(state, seat)
    return out


def troop_spots(state: State, seat: int) -> list[int]:
    """Planets ``seat`` occupies or orbits with a starship, face up, free of rivals and
    robots, with room for one more piece (relics and the boon put troops there)."""
    out = []
    for j, loc in enumerate(state.locations):
        if not is_planet(loc) or not loc.faceup or len(loc.pieces) >= 3:
            continue
        who = occupant(state, j)
        if who == seat or who is None and any(d.owner == seat for d in orbiting(state, j)):
            out.append(j)
    return out


def boon(state: State, choice: int) -> list[Event]:
    seat = state.current
    state.pending = []
    if choice < 0:
        return dashboard.refresh(state, seat, 2)
    dashboard.put(state, choice, seat, "troop")
    return [Event("troop", seat, choice)]


# --- Guardian robots -------------------------------------------------------------------

def robot_targets(state: State, count: int, source: int) -> list[int]:
    """Where robots driven from ``source`` may go, by the rulebook's order: an undiscovered
    location of the quadrant, else its unoccupied planets, else the same over the whole map
    (never back to ``source``). Empty when nothing is left: the end is triggered."""
    q = quadrant(source)
    for whole_map in (False, True):
        near = [j for j in range(len(state.locations)) if j != source
                and (whole_map or quadrant(j) == q)]
        # A face-down warpgate is an unused one, marked inert at set-up: read from the
        # mark, which every seat sees, not from the disc's kind, which a view hides.
        hidden = [j for j in near if not state.locations[j].faceup
                  and not state.locations[j].inert and not state.locations[j].destroyed]
        if hidden:
            return hidden
        free = [j for j in near if is_planet(state.locations[j]) and occupant(state, j) is None
                and not state.locations[j].library]
        if free:
            return free
    return []


def robots_go(state: State, j: int) -> list[Event]:
    """The robots of the pending question move to location ``j``, discovering it; on an
    artifact they leave it face up and must choose again."""
    _, count, source = state.pending
    assert isinstance(count, int) and isinstance(source, int)
    loc = state.locations[j]
    events = []
    if not loc.faceup:
        loc.faceup = True
        if loc.token:
            token, loc.token = loc.token, ""
            (state.archive if token_kind(token) == "relic" else state.discarded).append(token)
        events.append(Event("robots_discover", -1, j))
    if not is_planet(loc):
        if not robot_targets(state, count, source):
            return events + robots_stranded(state, count)
        return events
    state.pending = []
    extra = 1 if state.robots > count else 0  # they left their planet for the supply
    loc.robots = count + extra
    state.robots -= count + extra
    return events + [Event("robots", -1, j, loc.robots)]


def robots_stranded(state: State, count: int) -> list[Event]:
    """Nowhere for the robots to go: they stay in the supply, where they went when their
    planet fell, and the end is triggered."""
    state.pending = []
    state.end_triggered = True  # turn.py starts the last turns when this turn ends
    return [Event("robots_gone", -1, -1, count)]


# --- Relic Archive ---------------------------------------------------------------------

def archive_reason(state: State, k: int) -> str | None:
    p = state.players[state.current]
    if "archive" in state.used:
        return "the Relic Archive is used once a turn"
    if len(p.relics) >= relic_limit(state, state.current):
        return f"you already hold {relic_limit(state, state.current)} relics"
    if not 0 <= k < len(state.archive):
        return f"the Relic Archive has no relic {k}"
    return None


def take_from_archive(state: State, k: int) -> list[Event]:
    seat = state.current
    state.players[seat].relics.append(state.archive.pop(k))
    state.used.append("archive")
    return [Event("from_archive", seat, k)]
