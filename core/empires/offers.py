"""The legal list: every choice the seat to move has now, with a small set of useful aims
for each flick (straight at each location's orbit and at each rival ship in reach). Any
other aim is legal too (``rules.why_illegal`` accepts every angle and power); bots and hints
search the whole range over the physics themselves."""

from __future__ import annotations

from core.contract import Action
from core.empires import (
    build,
    classic_offers,
    combat,
    discovery,
    empires,
    maneuvers,
    megastructures,
    mines,
    phaseship,
    relics,
    solo_rules,
    starbases,
    sublight,
    turn,
)
from core.empires.aim import angle_towards
from core.empires.aims_offered import straight, useful_aims
from core.empires.geometry import starmap
from core.empires.maneuvers import towards_centre
from core.empires.mega_cards import card_options
from core.empires.occupancy import orbit_of
from core.empires.placing import location_discs
from core.empires.rules import why_illegal
from core.empires.state import PLANET_COLOURS, STRUCTURES, State, advanced_ids

# The aims moved to ``aims_offered`` (the Classic list offers them too); bots and tests still
# find them here.
__all__ = ["legal_actions", "reposition_angles", "straight", "useful_aims"]


def reposition_angles(state: State, ship: int) -> list[int]:
    """Round the orbit ``ship`` is in: towards the middle of the map, and towards each
    rival ship within long range of the orbit (to bring it into attack range)."""
    d = next(x for x in state.discs if x.id == ship)
    here = orbit_of(d)
    if here < 0:
        return []
    loc = location_discs()[here]
    reach = starmap().orbit + starmap().long_range + 2 * d.r
    out = [towards_centre(here)]
    for x in state.discs:
        dx, dy = x.x - loc.x, x.y - loc.y
        if x.kind == "ship" and x.owner != d.owner and dx * dx + dy * dy <= reach * reach:
            out.append(angle_towards(dx, dy))
    return list(dict.fromkeys(out))


def legal_actions(state: State) -> list[Action]:
    """Every action the seat to move may take now (empty once over); in a solo game the
    competitive list less what the solo rules refuse, and the solo actions."""
    if state.classic is not None:
        return classic_offers.legal_actions(state)
    if state.solo is None or state.to_move is None:
        return _legal(state)
    if state.pending[:1] == ["solo"]:
        return solo_rules.actions(state)
    return [a for a in _legal(state) if solo_rules.refusal(state, a) is None] + (
        solo_rules.actions(state))


def _legal(state: State) -> list[Action]:
    if state.to_move is None:
        return []
    if state.pending:
        return _answers(state)
    if state.phase == "choose":
        return [Action("choose", k) for k in range(len(turn.ACTIONS))]
    if state.phase == "attack":
        return _attacks(state)
    if state.phase == "effects":
        bases = [d.id for d in state.discs if d.kind == "starbase" and d.owner == state.current]
        moves = [Action("move_starbase", b, i) for b in bases
                 for i in range(len(state.locations))]
        return [Action("end")] + [a for a in moves if why_illegal(state, a) is None]
    out = [Action("end")]
    if turn.boost_reason(state) is None:
        out.append(Action("boost"))
    if empires.double_reason(state) is None:
        out.append(Action("boost", empires.DOUBLE))
    seat = state.current
    p = state.players[seat]
    mine = [d.id for d in state.discs if d.kind == "ship" and d.owner == seat]
    dash = ([p.ships[0]] if p.ships else []) + list(p.advanced)
    flicks: list[Action] = []
    cands: list[Action] = []
    if state.flicks > 0 or state.maneuvers:
        for ship in mine:
            if maneuvers.flick_reason(state, ship) is None:
                flicks += [Action("flick", ship, aim) for aim in useful_aims(state, ship)]
                if sublight.on(state):
                    flicks += [Action("sublight", ship, o)
                               for o in sublight.useful_spots(state, ship)]
    phase_ship = advanced_ids(seat)["purple"]
    if phaseship.place_reason(state, phase_ship, phaseship.encode(0, 0)) in (
            None, "the Phaseship cannot be put down on top of another disc"):
        flicks += [Action("place", phase_ship, o) for o in phaseship.useful_places(state,
                                                                                   phase_ship)]
    for base in (d for d in state.discs if d.kind == "starbase" and d.owner == seat):
        if starbases.turn_reason(state, base.id) is None:
            cands += [Action("reposition", base.id, a)
                      for a in reposition_angles(state, base.id)[:2]]
    if state.maneuvers and mines.on(state) and "mine" not in state.used:
        spare = p.mines[:1] or [d.id for d in state.discs if d.kind == "mine"
                                and d.owner == seat][:1]
        for m in spare:
            cands += [Action("mine", m, o) for o in mines.useful_spots(state, m)]
    if state.maneuvers:
        for ship in mine:
            cands += [Action(kind, ship) for kind in ("land", "discover", "wormhole")]
            if megastructures.on(state):
                cands += [Action("awaken", ship), Action("seize", ship)]
            cands += [Action("reposition", ship, a) for a in reposition_angles(state, ship)]
        for i, loc in enumerate(state.locations):
            if (seat, "troop") in loc.pieces:
                cands += [Action("launch", i, s) for s in dash]
    if state.uses > 0 and state.action == "deploy":
        cands += [Action("deploy_ship", s) for s in dash]
        cands += [Action("deploy_troop", i) for i, loc in enumerate(state.locations)
                  if any(who == seat for who, _ in loc.pieces) or loc.faceup and not loc.pieces]
    if state.uses > 0 and state.action == "build":
        for i, loc in enumerate(state.locations):
            if loc.faceup and loc.kind in ("planet", "relic"):
                cands += [Action("build", i, k) for k in range(len(STRUCTURES))]
                if loc.kind == "relic":
                    cands += [Action("build", i, build.TERRAFORM + c)
                              for c in range(len(PLANET_COLOURS))]
    if state.uses > 0 and state.action == "interact":
        cands += [Action("archive", k) for k in range(len(state.archive))]
        cands += [Action("relic", k) for k in range(len(p.relics))]
        cands += [Action("mission", k) for k in range(len(state.missions))]
        cands += [Action("mega", m[0], how) for m in state.megastructures
                  for how in card_options(state.mega_card)]
    return out + flicks + [a for a in cands if why_illegal(state, a) is None]


def _attacks(state: State) -> list[Action]:
    out = [Action("end")]
    chosen = {s for s, _ in state.attacks}
    for d in state.discs:
        if d.kind == "ship" and d.owner == state.current and d.id not in chosen:
            out += [Action("attack", d.id, t) for t in combat.targets(state, d.id)]
    if state.strike_bonus > 0 and state.bonus_target < 0:
        out += [Action("bonus", t) for t in sorted({t for _, t in state.attacks})]
    return out


def _answers(state: State) -> list[Action]:
    question = state.pending[0]
    if question == "empire":
        return [Action("empire", k) for k in range(len(state.empire_hand))]
    if question == "snare":
        return [Action("snare", -1, 1), Action("snare", -1, 0)]
    if question == "boon":
        return [Action("boon", i) for i in discovery.boon_options(state)]
    if question == "robots":
        _, count, source = state.pending
        assert isinstance(count, int) and isinstance(source, int)
        return [Action("robots", j) for j in discovery.robot_targets(state, count, source)]
    if question == "beacon":
        return [Action("done")] + [Action("beacon", i, s) for i, s in relics.beacon_options(state)]
    if question == "build_here":
        i = int(state.pending[1])
        options = [Action("build", i, k) for k in range(len(STRUCTURES))] + [
            Action("build", i, build.TERRAFORM + c) for c in range(len(PLANET_COLOURS))]
        return [Action("done")] + [a for a in options if why_illegal(state, a) is None]
    if question == "relocate":
        return [Action("relocate", i, j) for i, j in relics.relocate_options(state)]
    if question == "jump":
        return [Action("done")] + [Action("jump", i) for i in combat.jump_sources(state)]
    return [Action("done")] + [Action("teleport", i) for i in relics.teleport_options(state)]
