"""The legal list of a Classic game: every choice the seat to move has now, with the New
Era's small set of useful aims for each flick (any other aim is legal too). An action is
offered at the choice only when something can be done with it; a Move always can (its
ships may simply stay)."""

from __future__ import annotations

from core.contract import Action
from core.empires import classic_combat, classic_play
from core.empires.aims_offered import useful_aims
from core.empires.classic_rules import why_illegal
from core.empires.classic_state import ACTIONS, BUILDS, CITY_BONUS, MINE_VP
from core.empires.classic_turn import choose
from core.empires.state import PLANET_COLOURS, State


def legal_actions(state: State) -> list[Action]:
    if state.to_move is None:
        return []
    if state.pending:
        if state.pending[0] == "city_bonus":
            return [Action("city_bonus", k) for k in range(len(CITY_BONUS))]
        return [Action("retire", s) for s in classic_play.retire_options(state)]
    if state.phase == "choose":
        return [Action("choose", k) for k, name in enumerate(ACTIONS)
                if name == "move" or _could(state, k)]
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
    """What the current seat could do within ``action`` (chosen or not)."""
    seat = state.current
    n = len(state.locations)
    if action == "deploy":
        cands = [Action("deploy_troop", i) for i in range(n)]
        cands += [Action("retreat", i) for i in range(n)]
    elif action == "move":
        cands = []
        p = state.players[seat]
        ships = [d.id for d in state.discs if d.kind == "ship" and d.owner == seat]
        for ship in ships:
            cands.append(Action("land", ship))
        dash = p.ships[:1] + [s for s in p.advanced if s == classic_play.battleship_id(seat)]
        for i, loc in enumerate(state.locations):
            if (seat, "troop") in loc.pieces:
                cands += [Action("launch", i, s) for s in dash]
        flicks = []
        if state.flicks > 0:
            flicks = [Action("flick", ship, aim) for ship in ships
                      for aim in useful_aims(state, ship)]
        return [a for a in cands if why_illegal(state, a) is None] + flicks
    elif action == "mine":
        cands = [Action("mine_planet", i, k) for i in range(n) for k in MINE_VP]
    elif action == "build":
        cands = [Action("build", i, k) for i in range(n) for k in range(len(BUILDS))]
    else:
        cands = [Action("develop", c) for c in range(len(PLANET_COLOURS))]
    return [a for a in cands if why_illegal(state, a) is None]


def _could(state: State, k: int) -> bool:
    """Whether action ``k`` would have something to do if chosen now: the turn's counters
    are set as choosing it sets them, the list asked for, and the counters put back."""
    was = (state.phase, state.action, state.uses, state.flicks)
    choose(state, k)
    try:
        return bool(_doings(state, ACTIONS[k]))
    finally:
        state.phase, state.action, state.uses, state.flicks = was
