"""The legal list of a Classic game: every choice the seat to move has now, with a few
useful aims for each flick (any other aim is legal too). An action can be chosen only when
something can be done with it (``classic_rules.can_do``); a Move always can (its ships may
simply stay)."""

from __future__ import annotations

from core.contract import Action
from core.empires import classic_combat, classic_play
from core.empires.aims_offered import straight
from core.empires.classic_rules import can_do, candidates, why_illegal
from core.empires.classic_state import ACTIONS, CITY_BONUS
from core.empires.geometry import starmap
from core.empires.occupancy import occupant, orbit_of
from core.empires.placing import location_discs
from core.empires.state import State

NEAREST = 3  # locations a ship is offered aims at (any aim is legal; bots search them all)
RAM_REACH = 30000  # rival starships this near (300 mm) are offered as rams


def legal_actions(state: State) -> list[Action]:
    if state.to_move is None:
        return []
    if state.pending:
        if state.pending[0] == "city_bonus":
            return [Action("city_bonus", k) for k in range(len(CITY_BONUS))]
        return [Action("retire", s) for s in classic_play.retire_options(state)]
    if state.phase == "choose":
        return [Action("choose", k) for k, name in enumerate(ACTIONS)
                if name == "move" or can_do(state, k)]
    if state.phase == "attack":
        seat = state.current
        out = [Action("end")]
        for d in state.discs:
            if d.kind == "ship" and d.owner == seat and not any(
                    x[0] == d.id for x in state.attacks):
                out += [Action("attack", d.id, t) for t in classic_combat.targets(state, d.id)]
        return out
    return [Action("end"), *_doings(state, state.action)]


def _doings(state: State, action: str) -> list[Action]:
    """What the current seat can do now within the chosen ``action``."""
    if action != "move":
        return [a for a in candidates(state, action) if why_illegal(state, a) is None]
    seat = state.current
    p = state.players[seat]
    ships = [d.id for d in state.discs if d.kind == "ship" and d.owner == seat]
    cands = [Action("land", ship) for ship in ships]
    dash = p.ships[:1] + [s for s in p.advanced if s == classic_play.battleship_id(seat)]
    for i, loc in enumerate(state.locations):
        if (seat, "troop") in loc.pieces:
            cands += [Action("launch", i, s) for s in dash]
    flicks = []
    if state.flicks > 0:
        flicks = [Action("flick", ship, aim) for ship in ships
                  for aim in classic_aims(state, ship)]
    return [a for a in cands if why_illegal(state, a) is None] + flicks


def classic_aims(state: State, ship: int) -> list[int]:
    """A few aims for ``ship``: straight into the orbits of the nearest locations where a
    Classic ship has something to do (not a robot's location, a Homeworld or a planet the
    seat already holds), and straight at each rival starship within reach of a flick."""
    seat = state.current
    d = next(x for x in state.discs if x.id == ship)
    here = orbit_of(d)
    spots = location_discs()
    # Read only what every seat sees: a face-down disc is worth a look whatever it is.
    useful = [i for i, loc in enumerate(state.locations)
              if i != here and not loc.robots and not (loc.faceup and loc.kind == "warpgate")
              and occupant(state, i) != seat]
    useful.sort(key=lambda i: ((spots[i].x - d.x) ** 2 + (spots[i].y - d.y) ** 2, i))
    orbit = starmap().orbit
    out = [straight(spots[i].x - d.x, spots[i].y - d.y, orbit) for i in useful[:NEAREST]]
    reach = RAM_REACH * RAM_REACH
    out += [straight(x.x - d.x, x.y - d.y, -x.r) for x in state.discs
            if x.kind == "ship" and x.owner != seat
            and (x.x - d.x) ** 2 + (x.y - d.y) ** 2 <= reach]
    return list(dict.fromkeys(out))
