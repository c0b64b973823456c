"""The shape of a turn (rulebook: "Taking a Turn", "Boosting an Action", "End of Turn",
"Check for End of Game"): choose one action, use it (boosting with energy), choose the
attacks, then the end-of-turn effects, the end check and the next seat."""

from __future__ import annotations

from core.contract import Event
from core.empires import combat, dashboard, invasion, starbases
from core.empires.occupancy import is_planet, occupant
from core.empires.state import State
from core.empires.technology import has

# Each action and the number of times it may be used before boosting.
ACTIONS = ("move", "deploy", "build", "interact")
BASE_USES = {"move": 2, "deploy": 2, "build": 1, "interact": 1}
BOOSTABLE = ("move", "deploy", "interact")
ZERO_POINT = 2
HYPER_JUMP = 3  # troops that may follow an attack on a planet


def choose(state: State, k: int) -> list[Event]:
    action = ACTIONS[k]
    state.action, state.phase = action, "act"
    if action == "move":
        extra = 1 if has(state, state.current, "slipstream") else 0
        state.flicks, state.maneuvers = BASE_USES[action] + extra, True
    else:
        state.uses = BASE_USES[action]
    return [Event("choose", state.current, k)]


def boost_reason(state: State) -> str | None:
    if state.phase != "act":
        return "boosting is done while taking the action, before the end of the turn"
    if state.action not in BOOSTABLE:
        return "Build cannot be boosted"
    if state.players[state.current].energy_ready <= 0:
        return "no ready energy to spend"
    return None


def boost(state: State) -> list[Event]:
    dashboard.spend(state, state.current)
    if state.action == "move":
        state.flicks += 1
    else:
        state.uses += 1
    return [Event("boost", state.current)]


def end_step(state: State) -> list[Event]:
    """Done acting: on to the attacks; done choosing attacks: strike, end-of-turn effects,
    the end check, and the next seat's turn."""
    if state.phase == "act":
        state.phase = "attack"
        return [Event("attacks", state.current)]
    if state.phase == "effects":
        return finish(state)
    seat = state.current
    events = combat.resolve(state)
    if "attacked" in state.used and has(state, seat, "energy_absorption"):
        events += dashboard.refresh(state, seat, 1)
    if has(state, seat, "zero_point_energy"):
        events += dashboard.refresh(state, seat, ZERO_POINT)
    events += _b_side_end(state, seat)
    if state.pending:  # robots driven off must find a new planet before the turn ends
        state.phase = "after_attack"
        return events
    return events + after_attacks(state)


def _b_side_end(state: State, seat: int) -> list[Event]:
    """The B-side technologies' end-of-turn effects (Randomize Technology)."""
    events: list[Event] = []
    if "attacked" in state.used and has(state, seat, "war_spoils"):
        events += dashboard.take_vp(state, seat, 1)
    if has(state, seat, "fleet_beacons"):
        bases = sum(1 for d in state.discs if d.kind == "starbase" and d.owner == seat)
        events += dashboard.refresh(state, seat, min(2, bases))
    if has(state, seat, "stellar_taps"):
        events += dashboard.refresh(state, seat)
    return events


def after_attacks(state: State) -> list[Event]:
    """Hyper-Jump Troops for each planet taken, then the end-of-turn effects that ask
    something (Mobile Starbases), else the end."""
    if has(state, state.current, "hyper_jump_troops"):
        while state.jump_to:
            target = state.jump_to.pop(0)
            state.pending = ["jump", target, HYPER_JUMP]
            if combat.jump_sources(state):
                state.phase = "after_attack"
                return [Event("ask", state.current, -1, target)]
            state.pending = []
    state.jump_to = []
    if starbases.wants_move(state):
        state.phase = "effects"
        return [Event("effects", state.current)]
    return finish(state)


def finish(state: State) -> list[Event]:
    """The end check and the passing of the turn."""
    seat = state.current
    events: list[Event] = []
    state.turns_taken[seat] += 1
    if state.solo is not None:  # the scenario ends when won or lost, never by the VP pool
        _reset(state)
        state.turn += 1
        return events + [Event("turn", seat)] + invasion.start_turn(state)
    if state.end_triggered:
        if state.last_turns == 0:  # triggered during this turn (robots with nowhere to go)
            state.last_turns = state.n
        else:
            state.last_turns -= 1
    elif end_reached(state):
        state.end_triggered, state.last_turns = True, state.n
        events.append(Event("end_triggered", seat))
    if state.end_triggered and state.last_turns == 0:
        state.phase, state.to_move = "over", None
        return events + [Event("game_over", -1)]
    _reset(state)
    state.current = state.to_move = (seat + 1) % state.n
    state.turn = min(state.turns_taken) + 1  # the round: every seat plays once in each
    return events + [Event("turn", state.current)]


def end_reached(state: State) -> bool:
    """No VP left in the pool, or every planet discovered and occupied (a destroyed planet
    can be neither, so it does not hold the game open)."""
    if state.vp_pool <= 0:
        return True
    planets = [i for i, loc in enumerate(state.locations) if is_planet(loc)]
    return all(state.locations[i].faceup and occupant(state, i) is not None for i in planets)


def _reset(state: State) -> None:
    state.phase, state.action = "choose", ""
    state.uses = state.flicks = 0
    state.maneuvers = False
    state.built_at, state.used, state.snared, state.attacks = [], [], [], []
    state.jump_to = []
    state.strike_bonus, state.bonus_target = 0, -1
