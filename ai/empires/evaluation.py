"""How good a table is for a seat: the score it would have now (VP tokens, planets, troops,
uncovered dashboard symbols) plus what it has to score with (technologies, energy, ships on
the map and where they stand), less the best rival's. Every number a bot weighs is here.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import isqrt

from ai.empires.solo_value import goal_value, result_value
from core.empires import megastructures
from core.empires.classic_scoring import classic_parts
from core.empires.geometry import starmap, within_range
from core.empires.megastructures import MINIATURES
from core.empires.missions import mission_vp
from core.empires.occupancy import (
    ROBOTS,
    is_planet,
    occupant,
    orbit_of,
    planet_defence,
    quadrant,
)
from core.empires.placing import location_discs
from core.empires.scoring import outcome, symbols
from core.empires.state import STRUCTURE_COUNTS, State
from core.empires.technology import advanced_name


@dataclass(frozen=True)
class Weights:
    """What one unit of each thing is worth, in VP."""

    tech: float = 0.7  # a technology level: its ability and the way to an advanced ship
    energy: float = 0.25  # a ready energy: one more use of an action
    ship: float = 0.45  # a starship on the map
    ship_home: float = 0.15  # a starship on the dashboard, waiting to be deployed
    troop_home: float = 0.15  # a troop on the dashboard
    # a ship orbiting a face-down location: the token it would turn up (a relic, energy or
    # an event; a discovery itself scores nothing), on top of what the disc would be
    at_face_down: float = 0.3
    at_free_planet: float = 0.8  # a ship orbiting a planet it may land on
    at_rival_planet: float = 0.5  # a ship orbiting a rival's planet: an attack, a blockade
    at_robots: float = 0.6  # a ship orbiting the robots' planet: two strike it for VP
    strike: float = 0.5  # per VP of a planet's defence, for the ship that makes a strike
    # (a promise is worth less than what it promises, or the strike would never be made)
    in_danger: float = 0.0  # a ship a rival ship could attack next turn (the planner's)
    relic: float = 0.6  # a relic held
    at_own_planet: float = 0.1  # a ship guarding a planet of its own (and ready to land)
    drift: float = 0.5  # share of a location's worth a ship nearby in open space has
    reach: int = 40000  # how near counts, in 1/100 mm
    locked: float = 0.35  # a troop or starship still locked in the tray (a city frees one)
    research: float = 1.1  # Classic: a research facility, the way to a level's VP
    # Classic: a troop on the Homeworld, more than one on the dashboard (it can launch a
    # starship there, so a fleet landed to the last ship is rebuilt)
    at_homeworld: float = 0.25
    # a megastructure controlled (competitive games): a power a turn, worth more than the 2
    # or 3 energy it took to awaken, or no bot would ever awaken one
    megastructure: float = 1.2
    # a ship orbiting an artifact it can awaken or take: with the energy it would spend,
    # less than the megastructure, or the ship would wait there for ever
    at_artifact: float = 0.3


GREEDY = Weights()
PLANNER = Weights(in_danger=0.25)


def location_worth(s: State, i: int, seat: int, w: Weights = GREEDY, already: int = 0) -> float:
    """What one of ``seat``'s ships orbiting location ``i`` promises, ``already`` of its
    ships being there besides: one ship discovers or lands, but a planet held by a rival or
    the robots falls only to more strength than its defence, so the ship that makes the
    strike possible is worth the VP it would bring."""
    loc = s.locations[i]
    if loc.robots and s.classic is not None:  # Classic robots put a location out of play
        return 0.0
    if not loc.faceup:
        if loc.kind == "warpgate":
            return 0.0
        if already:
            return 0.1
        # What the disc would be once turned, and its token: worth more than the token
        # alone, or a ship would orbit an unturned disc for ever rather than turn it.
        token = 0.0 if not loc.token else (
            w.at_face_down if len(s.players[seat].relics) < 3 else w.at_face_down / 3)
        if loc.kind == "artifact":
            return token + megastructure_worth(s, i, seat, w)
        return token + _free_planet_worth(s, i, seat, w)
    if loc.kind == "artifact":
        return 0.0 if already else megastructure_worth(s, i, seat, w)
    if not is_planet(loc):
        return 0.0
    who = occupant(s, i)
    if who == seat:
        return w.at_own_planet
    if who is None:
        return 0.2 if already else _free_planet_worth(s, i, seat, w)
    base = w.at_robots if who == ROBOTS else w.at_rival_planet
    defence = planet_defence(s, i)
    if already + 1 == defence + 1:
        return base + w.strike * max(1, defence)
    return base if already + 1 < defence + 1 else 0.1


def _free_planet_worth(s: State, i: int, seat: int, w: Weights) -> float:
    """A ship orbiting unoccupied planet ``i``: a landing, worth more away from home (2 VP
    there, 1 at home) and on a relic planet not yet terraformed (2 VP more)."""
    away = quadrant(i) != s.players[seat].home
    relic = s.locations[i].kind == "relic" and not s.locations[i].terraform
    return w.at_free_planet + (0.4 if away else 0.0) + (0.4 if relic else 0.0)


def megastructure_worth(s: State, i: int, seat: int, w: Weights = GREEDY) -> float:
    """A ship orbiting artifact ``i`` that its seat could awaken, or a rival's megastructure
    it could take, with the energy ready: the manoeuvre is within reach (competitive games
    with the module only; anything else is worth nothing here)."""
    if s.solo is not None or not megastructures.on(s):
        return 0.0
    m = megastructures.at(s, i)
    if m is None:
        cost = megastructures.awaken_cost(s) if len(s.megastructures) < MINIATURES else 99
    else:
        cost = 99 if m[1] == seat else megastructures.seize_cost(s, i)
    return w.at_artifact if s.players[seat].energy_ready >= cost else 0.0


def drift_worth(s: State, x: int, y: int, seat: int, w: Weights = GREEDY) -> float:
    """What a ship in open space at (x, y) promises: a share of the best location within
    reach of a flick or two, the nearer the more (so ships travel by hops)."""
    best = 0.0
    for i, loc in enumerate(location_discs()):
        dx, dy = loc.x - x, loc.y - y
        dist = isqrt(dx * dx + dy * dy)
        if dist < w.reach:
            best = max(best, location_worth(s, i, seat, w) * w.drift * (1 - dist / w.reach))
    return best


def _classic_value(s: State, seat: int, w: Weights) -> float:
    """Classic: the score as it stands, troops on planets as the VP mining them brings (on
    the Homeworld, where nothing is mined, as troops waiting), research facilities by the
    levels they open."""
    p = s.players[seat]
    value = float(sum(classic_parts(s)[seat].values()))
    pieces = [k for loc in s.locations if loc.hole != p.gate for who, k in loc.pieces
              if who == seat]
    home = sum(1 for who, _ in s.location(p.gate).pieces if who == seat)
    value += pieces.count("troop") / 2 + w.research * pieces.count("research")
    value += w.at_homeworld * home
    value += w.tech * sum(p.tech.values()) + w.troop_home * p.troops
    value += w.ship_home * (len(p.ships) + len(p.advanced))
    return value - w.locked * (p.troops_locked + len(p.ships_locked))


def seat_value(s: State, seat: int, w: Weights = GREEDY) -> float:
    p = s.players[seat]
    if s.classic is not None:
        return _fleet_value(s, seat, w, _classic_value(s, seat, w))
    value = float(p.vp + mission_vp(s, seat))
    troops = 0
    for i, loc in enumerate(s.locations):
        if not loc.pieces and not loc.robots:
            continue
        troops += sum(1 for who, k in loc.pieces if who == seat and k == "troop")
        if is_planet(loc) and occupant(s, i) == seat:
            value += 1 if quadrant(i) == p.home else 2
            if loc.kind == "relic" and not loc.terraform:
                value += 2
    value += troops / 2
    table = symbols()
    value += sum(sum(table[k][:STRUCTURE_COUNTS[k] - p.structures[k]]) for k in STRUCTURE_COUNTS)
    value += w.tech * sum(p.tech.values()) + w.energy * p.energy_ready
    value += w.ship_home * len(p.ships) + w.troop_home * p.troops + w.relic * len(p.relics)
    value -= w.locked * (p.troops_locked + len(p.ships_locked))
    if s.solo is None:  # the Solo Campaign's megastructures are its goal's business
        value += w.megastructure * sum(1 for _, who in s.megastructures if who == seat)
    return _fleet_value(s, seat, w, value)


def _fleet_value(s: State, seat: int, w: Weights, value: float) -> float:
    """``value`` and what the seat's starships on the map promise, less the danger they
    stand in. Added onto ``value`` one by one, never summed apart first: a float sum in
    another order moves the bots' ties, and with them whole games."""
    ruler = starmap().short_range
    rivals = [d for d in s.discs if d.kind == "ship" and d.owner != seat] if w.in_danger else []
    there: dict[int, int] = {}  # ships of the seat counted so far in each orbit
    for d in s.discs:
        if d.kind != "ship" or d.owner != seat:
            continue
        value += w.ship
        i = orbit_of(d)
        if i >= 0:
            value += location_worth(s, i, seat, w, there.get(i, 0))
            there[i] = there.get(i, 0) + 1
        else:
            value += drift_worth(s, d.x, d.y, seat, w)
        if rivals and advanced_name(d.id) != "juggernaut" and any(
                within_range(d.x, d.y, d.r, r.x, r.y, r.r, ruler) for r in rivals):
            value -= w.in_danger
    return value


def evaluate(s: State, seat: int, w: Weights = GREEDY) -> float:
    """``seat``'s value less the best rival's (the final scores once the game is over); in
    the Solo Campaign its value with the scenario's goal (``solo_value``)."""
    if s.solo is not None:  # one seat against the game: its goal, not a rival, measures it
        return result_value(s) if s.to_move is None else seat_value(s, 0, w) + goal_value(s)
    if s.to_move is None:
        out = outcome(s)
        assert out is not None
        top = max(x for k, x in enumerate(out.scores) if k != seat)
        return 100.0 * (out.scores[seat] - top) + (50.0 if seat in out.winners else 0.0)
    mine = seat_value(s, seat, w)
    best = max(seat_value(s, k, w) for k in range(s.n) if k != seat)
    return mine - best
