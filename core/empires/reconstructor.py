"""The Reconstructor megastructure (ours: the rulebook names it as the effect that lets a
player develop technologies out of their lowest-to-highest order; the numbers are ours,
core/empires/DESIGN.md section 10).

- Re-engineer (Interact): gain the next level of a colour in which you have at least one
  research facility on a planet, even with fewer facilities than that level asks; the first
  to develop it is paid its level in VP, and a level 3 brings the advanced starship, as a
  facility would. Later facilities only count from where the level stands.
- Rebuild (Interact): take the destroyed-planet token off a face-up planet in the
  Reconstructor's quadrant (back to the supply) and settle a troop from your dashboard on
  the planet restored.
"""

from __future__ import annotations

from core.contract import Event
from core.empires import dashboard
from core.empires.build import gain_level
from core.empires.occupancy import colour_of, quadrant
from core.empires.state import PLANET_COLOURS, State
from core.empires.technology import LEVELS


def reengineer_reason(state: State, colour: int) -> str | None:
    if not 0 <= colour < len(PLANET_COLOURS):
        return f"there is no colour {colour}"
    name = PLANET_COLOURS[colour]
    seat = state.current
    if state.players[seat].tech[name] >= LEVELS:
        return f"you have every {name} technology already"
    if not any((seat, "research") in loc.pieces and colour_of(loc) == name
               for loc in state.locations):
        return f"re-engineering needs a research facility of yours on a {name} planet"
    return None


def reengineer(state: State, colour: int) -> list[Event]:
    return gain_level(state, state.current, PLANET_COLOURS[colour])


def rebuild_reason(state: State, source: int, target: int) -> str | None:
    if not 0 <= target < len(state.locations):
        return f"there is no location {target}"
    loc = state.locations[target]
    if not loc.destroyed or not loc.faceup or loc.kind not in ("planet", "relic"):
        return "the Reconstructor rebuilds a face-up destroyed planet"
    if quadrant(target) != quadrant(source):
        return "the Reconstructor rebuilds only planets in its own quadrant"
    if state.players[state.current].troops <= 0:
        return "rebuilding settles a troop from your dashboard, and you have none there"
    return None


def rebuild(state: State, target: int) -> list[Event]:
    seat = state.current
    state.locations[target].destroyed = False
    state.destroyed_tokens += 1
    dashboard.put(state, target, seat, "troop")
    return [Event("rebuild", seat, target)]
