"""A seat's dashboard: pieces coming home, energy refreshed, VP taken (rulebook:
"Dashboard", "Energy", "Destroyed", "Victory Point Tokens")."""

from __future__ import annotations

from core.contract import Event
from core.empires.state import State, advanced_ids


def take_vp(state: State, seat: int, n: int) -> list[Event]:
    """``seat`` takes ``n`` VP tokens: from the pool while it lasts, then from the reserve
    left in the box (the rulebook lets the last turns go on scoring)."""
    if n <= 0 or state.solo is not None:  # the Solo Campaign leaves the VP tokens in the box
        return []
    state.vp_pool -= min(n, state.vp_pool)
    state.players[seat].vp += n
    return [Event("vp", seat, -1, n)]


def refresh(state: State, seat: int, n: int | None = None) -> list[Event]:
    """Move ``n`` spent energy (all of it for None) back to ready. A technology's "gain
    energy" is a refresh: the only energy tokens are the starting one and the locks."""
    p = state.players[seat]
    k = p.energy_spent if n is None else min(n, p.energy_spent)
    # The Vlix's Double Energy token takes a refresh left over (or an "all" refresh).
    double = p.double == "spent" and (n is None or n > k)
    if double:
        p.double = "ready"
    if k <= 0 and not double:
        return []
    p.energy_spent -= k
    p.energy_ready += k
    return [Event("refresh", seat, -1, k + double)]


def spend(state: State, seat: int) -> None:
    p = state.players[seat]
    if p.energy_ready <= 0:
        raise ValueError("no ready energy to spend")
    p.energy_ready -= 1
    p.energy_spent += 1


def off_map(state: State, disc_id: int) -> None:
    state.discs = [d for d in state.discs if d.id != disc_id]


def ship_home(state: State, ship_id: int, owner: int) -> None:
    """A starship back on its owner's dashboard (destroyed, landed or used to build)."""
    off_map(state, ship_id)
    p = state.players[owner]
    if ship_id in advanced_ids(owner).values():
        p.advanced = sorted([*p.advanced, ship_id])
    else:
        p.ships = sorted([*p.ships, ship_id])


def starbase_home(state: State, base_id: int, owner: int) -> None:
    off_map(state, base_id)
    p = state.players[owner]
    p.starbases = sorted([*p.starbases, base_id])
    p.structures["starbase"] += 1


def piece_home(state: State, seat: int, kind: str) -> None:
    """A troop or structure taken off a planet back to its owner's dashboard."""
    p = state.players[seat]
    if kind == "troop":
        p.troops += 1
    else:
        p.structures[kind] += 1


def lift(state: State, i: int, seat: int, kind: str) -> None:
    """Take one of ``seat``'s pieces of ``kind`` off location ``i`` to the dashboard."""
    state.locations[i].pieces.remove((seat, kind))
    piece_home(state, seat, kind)


def put(state: State, i: int, seat: int, kind: str) -> None:
    """Put one of ``seat``'s pieces from the dashboard on location ``i``."""
    p = state.players[seat]
    if kind == "troop":
        p.troops -= 1
    else:
        p.structures[kind] -= 1
    state.locations[i].pieces.append((seat, kind))
    state.locations[i].pieces.sort()
