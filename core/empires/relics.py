"""Using relics with Interact (rulebook: "Activating Relics"; the relics themselves in
``content/discovery.toml``). A relic is used once and leaves the game. Relics whose effect
the engine does not play yet are kept but not offered (core/empires/DESIGN.md)."""

from __future__ import annotations

from core.contract import Event
from core.empires import build, dashboard
from core.empires.discovery import troop_spots
from core.empires.maneuvers import enter, new_ship, place_in_orbit, room_reason, towards_centre
from core.empires.occupancy import occupied_by
from core.empires.state import State

# What each playable relic grants: flicks (with manoeuvres, never boosted), strength for one
# attack, starships put in orbit of your planets, troops put on planets.
RELICS = {
    "bonus_move": {"flicks": 4},
    "move_and_strike": {"flicks": 2, "strike": 1},
    "strike_bonus": {"strike": 2},
    "warp_beacon": {"beacon": 4},
    "beacon_and_move": {"beacon": 2, "flicks": 2},
    "teleport_beacon": {"teleport": 2},
    "teleport_and_build": {"teleport": 1, "build": 1},
}


def relic_reason(state: State, k: int) -> str | None:
    p = state.players[state.current]
    if not 0 <= k < len(p.relics):
        return f"you hold no relic {k}"
    if p.relics[k] not in RELICS:
        return f"the {p.relics[k].replace('_', ' ')} relic is not playable yet"
    return None


def activate(state: State, k: int) -> list[Event]:
    seat = state.current
    relic = state.players[seat].relics.pop(k)
    state.discarded.append(relic)
    grant = RELICS[relic]
    if grant.get("flicks"):
        state.flicks += grant["flicks"]
        state.maneuvers = True
    state.strike_bonus += grant.get("strike", 0)
    if grant.get("beacon"):
        state.pending = ["beacon", grant["beacon"]]
    elif grant.get("build"):
        state.pending = ["teleport_build", 1]
    elif grant.get("teleport"):
        state.pending = ["teleport", grant["teleport"]]
    return [Event("relic_used", seat, k)]


def beacon_options(state: State) -> list[tuple[int, int]]:
    """(planet, ship): a dashboard starship into the orbit of a planet the seat occupies,
    blockaded or not."""
    p = state.players[state.current]
    ships = ([p.ships[0]] if p.ships else []) + list(p.advanced)
    return [(i, s) for i in occupied_by(state, state.current) for s in ships
            if room_reason(state, i, state.current, s) is None]


def beacon(state: State, i: int, ship: int) -> list[Event]:
    seat = state.current
    placed = place_in_orbit(state, i, new_ship(seat, ship), towards_centre(i))
    _count_down(state)
    if placed is None:
        return [Event("orbit_full", seat, ship, i)]
    enter(state, seat, placed)
    return [Event("beacon", seat, ship, i)]


def teleport_options(state: State) -> list[int]:
    if state.players[state.current].troops <= 0:
        return []
    return troop_spots(state, state.current)


def teleport(state: State, i: int) -> list[Event]:
    dashboard.put(state, i, state.current, "troop")
    if state.pending[0] == "teleport_build":
        state.pending = ["build_here", i]  # and the seat may build there
    else:
        _count_down(state)
    return [Event("troop", state.current, i)]


def build_here_reason(state: State, option: int) -> str | None:
    _, i = state.pending
    assert isinstance(i, int)
    return build.build_reason(state, i, option)


def build_here(state: State, option: int) -> list[Event]:
    """The relic's build at the planet its troop went to; building ends the Interact."""
    _, i = state.pending
    assert isinstance(i, int)
    state.pending = []
    state.uses = 0
    return build.build(state, i, option)


def _count_down(state: State) -> None:
    kind, left = state.pending
    assert isinstance(left, int)
    state.pending = [kind, left - 1] if left > 1 else []
