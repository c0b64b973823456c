"""The Star Harvester megastructure (ours: the rulebook names it, its Plasma Blast disc and
its Survivors card, and says it can attack a planet to destroy it; the numbers are ours,
core/empires/DESIGN.md section 10).

- Harvest (Interact): refresh ``HARVEST`` of your spent energy.
- Plasma Blast (Interact): destroy a face-up planet or relic planet in the Star Harvester's
  quadrant (a destroyed-planet token goes on it). The Survivors card says what becomes of
  what was there: troops and structures go home to their owners' dashboards, starbases in
  its orbit too, robots back to the supply; starships in orbit stay. You take 1 VP for every
  2 of your rivals' pieces sent home (as the Dyson Ring's Overload pays).
"""

from __future__ import annotations

from core.contract import Event
from core.empires import dashboard
from core.empires.geometry import place
from core.empires.occupancy import orbiting, quadrant
from core.empires.state import State

HARVEST = 2


def blast_reason(state: State, source: int, target: int) -> str | None:
    if not 0 <= target < len(state.locations):
        return f"there is no location {target}"
    loc = state.locations[target]
    if loc.kind not in ("planet", "relic") or not loc.faceup:
        return "the Plasma Blast destroys a face-up planet"
    if loc.destroyed:
        return f"{place(loc.hole)} is destroyed already"
    if quadrant(target) != quadrant(source):
        return "the Plasma Blast reaches only planets in the Star Harvester's quadrant"
    if loc.library:
        return "the Ancient Library's shield turns the Plasma Blast aside"
    if state.destroyed_tokens <= 0:
        return "no destroyed-planet token is left"
    return None


def harvest(state: State) -> list[Event]:
    return dashboard.refresh(state, state.current, HARVEST)


def blast(state: State, source: int, target: int) -> list[Event]:
    """The planet destroyed; the Survivors card sends everything on it home."""
    seat = state.current
    loc = state.locations[target]
    rivals = sum(who != seat for who, _ in loc.pieces)
    for who, kind in list(loc.pieces):
        dashboard.lift(state, target, who, kind)
    state.robots += loc.robots
    loc.robots = 0
    for base in orbiting(state, target, "starbase"):
        dashboard.starbase_home(state, base.id, base.owner)
        rivals += base.owner != seat
    loc.destroyed = True
    state.destroyed_tokens -= 1
    return [Event("plasma_blast", seat, target, rivals),
            *dashboard.take_vp(state, seat, rivals // 2)]
