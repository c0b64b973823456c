"""The shape of a Classic turn (rulebook: "Taking a Turn", "Scan Locations", "End of Turn"):
one of five actions, the attacks at the end of a Move, the scan, the end check and the next
seat. The scan is made for the player: looking costs nothing and changes nothing on the
table, so every undiscovered location one of its starships orbits is looked at after each
action, and its view shows it from then on (``view.py``)."""

from __future__ import annotations

from core.contract import Event
from core.empires import classic_combat
from core.empires.classic_state import ACTIONS, DEPLOYS, MOVEMENT_POINTS
from core.empires.occupancy import orbit_of
from core.empires.state import State


def choose(state: State, k: int) -> list[Event]:
    state.action, state.phase = ACTIONS[k], "act"
    state.flicks = MOVEMENT_POINTS if state.action == "move" else 0
    state.uses = DEPLOYS if state.action == "deploy" else 1
    return [Event("choose", state.current, k)]


def end_step(state: State) -> list[Event]:
    """Done acting: a Move goes on to its attacks, anything else ends the turn; done
    choosing attacks: strike, then the end of the turn."""
    if state.phase == "act" and state.action == "move":
        state.phase = "attack"
        return [Event("attacks", state.current)]
    events = classic_combat.resolve(state) if state.phase == "attack" else []
    return events + action_done(state)


def action_done(state: State) -> list[Event]:
    """The action is over: scan, check for the end, pass the turn."""
    return scan(state) + finish(state)


def scan(state: State) -> list[Event]:
    seat = state.current
    assert state.classic is not None
    seen = state.classic.scanned[seat]
    events = []
    for d in state.discs:
        if d.kind == "ship" and d.owner == seat:
            i = orbit_of(d)
            if i >= 0 and not state.locations[i].faceup and i not in seen:
                seen.append(i)
                events.append(Event("scan", seat, i))
    seen.sort()
    return events


def finish(state: State) -> list[Event]:
    """The end check — the last VP token taken gives every other seat one last turn — and
    the passing of the turn."""
    seat = state.current
    events: list[Event] = []
    state.turns_taken[seat] += 1
    if state.end_triggered:
        state.last_turns -= 1
    elif state.vp_pool <= 0:
        state.end_triggered, state.last_turns = True, state.n - 1
        events.append(Event("end_triggered", seat))
    if state.end_triggered and state.last_turns <= 0:
        state.phase, state.to_move = "over", None
        return events + [Event("game_over", -1)]
    state.phase, state.action = "choose", ""
    state.uses = state.flicks = 0
    state.used, state.attacks = [], []
    state.current = state.to_move = (seat + 1) % state.n
    state.turn = min(state.turns_taken) + 1
    return events + [Event("turn", state.current)]
