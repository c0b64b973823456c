"""Proximity Mines (rulebook: "Proximity Mines"; an optional module, ``proximity_mines``).

Each seat has ``MINES`` mine tokens (the rulebook gives no number: two is ours). Once a
turn, as a manoeuvre, a seat lays one from its supply or moves one of its own already on the
map: the spot must be within short range of one of its starships, on the map, touching no
disc and no orbit. A starship that strikes a mine while moving (flicked or knocked: the
physics stops it there) goes back to its owner's dashboard and the mine to its owner's
supply; its owner takes 1 VP when the ship was a rival's.
"""

from __future__ import annotations

from core.contract import Event
from core.empires import dashboard
from core.empires.aim import angle_towards
from core.empires.fixedtrig import UNIT_BITS, unit_vector
from core.empires.geometry import starmap, within_range
from core.empires.physics import Disc, Hit
from core.empires.placing import decode, encode, location_discs
from core.empires.sliding import rnd
from core.empires.state import State

MINES = 2
MINE_BASE = 400
MINE_VP = 1
# The reason a "destroyed" event gives for a ship that struck a mine (words.HOW_LOST).
STRUCK_A_MINE = 5


def mine_ids(seat: int) -> list[int]:
    return [MINE_BASE + 10 * seat + k for k in range(MINES)]


def on(state: State) -> bool:
    return bool(state.options.get("proximity_mines"))


def spot_reason(state: State, x: int, y: int, skip: int = -1) -> str | None:
    """Why a mine cannot lie at (x, y); None if it can."""
    table = starmap()
    r = table.radius["mine"]
    if not table.on_map(x, y):
        return "a mine must lie on the map"
    for d in state.discs:
        dx, dy, reach = d.x - x, d.y - y, d.r + r
        if d.id != skip and dx * dx + dy * dy <= reach * reach:
            return "a mine may not lie on or touch another disc"
    for loc in location_discs():
        dx, dy, reach = loc.x - x, loc.y - y, table.orbit + r
        if dx * dx + dy * dy <= reach * reach:
            return "a mine may not lie on or touch an orbit"
    seat = state.current
    ruler = table.short_range
    if not any(d.kind == "ship" and d.owner == seat and within_range(d.x, d.y, d.r, x, y, r,
                                                                     ruler)
               for d in state.discs):
        return "a mine is laid within short range of one of your starships"
    return None


def lay_reason(state: State, mine: int, option: int) -> str | None:
    if not on(state):
        return "this game is played without Proximity Mines"
    if not state.maneuvers:
        return "a mine is laid as a manoeuvre, during a Move"
    if "mine" in state.used:
        return "a mine is laid once a turn"
    seat = state.current
    if mine not in state.players[seat].mines and not any(
            d.id == mine and d.kind == "mine" and d.owner == seat for d in state.discs):
        return f"mine {mine} is not one of your mines"
    x, y = decode(option)
    if option < 0:
        return "a mine must lie on the map"
    return spot_reason(state, x, y, skip=mine)


def lay(state: State, mine: int, option: int) -> list[Event]:
    seat = state.current
    x, y = decode(option)
    p = state.players[seat]
    if mine in p.mines:
        p.mines.remove(mine)
    disc = Disc(mine, "mine", seat, x, y, starmap().radius["mine"])
    state.discs = sorted([d for d in state.discs if d.id != mine] + [disc],
                         key=lambda d: d.id)
    state.used.append("mine")
    return [Event("mine_laid", seat, mine, option)]


def useful_spots(state: State, mine: int) -> list[int]:
    """Offered spots: beside each of the seat's ships, towards each rival ship and the
    middle of the map, half a short range away."""
    table = starmap()
    seat = state.current
    r = table.radius["mine"]
    out: list[int] = []
    for d in state.discs:
        if d.kind != "ship" or d.owner != seat:
            continue
        angles = [angle_towards(-d.x, -d.y)] + [
            angle_towards(e.x - d.x, e.y - d.y) for e in state.discs
            if e.kind == "ship" and e.owner != seat]
        dist = d.r + r + table.short_range // 2
        for angle in dict.fromkeys(angles):
            c, s = unit_vector(angle % 36000)
            x, y = d.x + rnd(c * dist, UNIT_BITS), d.y + rnd(s * dist, UNIT_BITS)
            if spot_reason(state, x, y, skip=mine) is None:
                out.append(encode(x, y))
    return list(dict.fromkeys(out))[:6]


def struck(state: State, before: dict[int, Disc], hits: tuple[Hit, ...]
           ) -> tuple[set[int], list[Event]]:
    """After a flick: every ship that struck a mine home, the mine to its owner's supply, a
    VP to the mine's owner for a rival's ship. Returns the ids dealt with and the events."""
    done: set[int] = set()
    events: list[Event] = []
    for h in hits:
        if h.kind != "mine":
            continue
        ship, mine = before[h.disc], before[h.other]
        done |= {ship.id, mine.id}
        dashboard.ship_home(state, ship.id, ship.owner)
        dashboard.off_map(state, mine.id)
        owner = state.players[mine.owner]
        owner.mines = sorted([*owner.mines, mine.id])
        events.append(Event("destroyed", ship.owner, ship.id, STRUCK_A_MINE))
        if ship.owner != mine.owner:
            events += dashboard.take_vp(state, mine.owner, MINE_VP)
    return done, events


def mine_problems(state: State) -> list[str]:
    """The audit's look at the mines: each seat's mines once each, in its supply or on the
    map, and none at all without the module."""
    out = []
    for p in state.players:
        laid = [d.id for d in state.discs if d.kind == "mine" and d.owner == p.seat]
        want = mine_ids(p.seat) if on(state) else []
        if sorted(laid + p.mines) != want:
            out.append(f"seat {p.seat}: mines {sorted(laid + p.mines)}, not {want}")
    if any(d.kind == "mine" and not 0 <= d.owner < state.n for d in state.discs):
        out.append("a mine of no seat on the map")
    return out
