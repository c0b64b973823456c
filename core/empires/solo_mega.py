"""Megastructures in the solo form of scenario 4 (rulebook: "Megastructures" in the Solo
Campaign): each face-up artifact carries one; while a starship of the player orbits it, a
manoeuvre spends 2 energy to put the player's cube on it; the player may then deploy
starships to its orbit as to the warpgate. It stays an artifact for the free flick."""

from __future__ import annotations

from core.contract import Event
from core.empires import dashboard
from core.empires.maneuvers import enter, new_ship, place_in_orbit, towards_centre
from core.empires.occupancy import blockade_reason, orbiting
from core.empires.solo_board import solo_of
from core.empires.state import State

CONTROL_COST = 2


def control_reason(state: State, i: int) -> str | None:
    s = solo_of(state)
    if i not in s.megas:
        return "there is no Megastructure there"
    if i in s.controlled:
        return "you already control this Megastructure"
    if not state.maneuvers:
        return "taking control is a manoeuvre, made during a Move"
    if not any(d.owner == 0 for d in orbiting(state, i)):
        return "you need a starship in the Megastructure's orbit"
    if state.players[0].energy_ready < CONTROL_COST:
        return f"taking control costs {CONTROL_COST} ready energy"
    return blockade_reason(state, i, 0)


def control(state: State, i: int) -> list[Event]:
    for _ in range(CONTROL_COST):
        dashboard.spend(state, 0)
    solo_of(state).controlled.append(i)
    return [Event("mega_control", 0, i)]


def deploy_reason(state: State, ship: int, i: int) -> str | None:
    p = state.players[0]
    if state.action != "deploy" or state.uses <= 0:
        return "deploying to a Megastructure is a use of the Deploy action"
    if i not in solo_of(state).controlled:
        return "you deploy only to a Megastructure you control"
    if ship not in p.ships:
        return f"ship {ship} is not on your dashboard"
    if place_in_orbit(state, i, new_ship(0, ship), towards_centre(i)) is None:
        return "the Megastructure's orbit is full"
    return None


def deploy(state: State, ship: int, i: int) -> list[Event]:
    state.uses -= 1
    placed = place_in_orbit(state, i, new_ship(0, ship), towards_centre(i))
    assert placed is not None
    enter(state, 0, placed)
    return [Event("deploy_ship", 0, ship, i)]
