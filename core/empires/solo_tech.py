"""The four Solo Technology cards (rulebook: "Building Research Facilities"; the cards
themselves are ours, ``content/solo.toml``): a Research Facility puts a cube under the card
of its planet's colour; one cube opens a card's first ability, two cubes both; each card is
used once a turn, during the action (``solo_tech`` action: card = 2 * colour index + the
ability, 0 or 1; option = the target location, or -1)."""

from __future__ import annotations

from core.contract import Event
from core.empires import dashboard
from core.empires.discovery import troop_spots
from core.empires.maneuvers import enter, new_ship, place_in_orbit, towards_centre
from core.empires.occupancy import is_planet, occupant, orbiting
from core.empires.solo_board import holds, robot_to_supply, robots_round, solo_of
from core.empires.solo_content import Ability, solo_content
from core.empires.state import PLANET_COLOURS, State


def add_cube(state: State, colour: str) -> list[Event]:
    """A Research Facility built on a planet of ``colour``: a cube under that card."""
    if colour not in PLANET_COLOURS:
        return []
    k = PLANET_COLOURS.index(colour)
    solo_of(state).cubes[k] += 1
    return [Event("cube", 0, k, solo_of(state).cubes[k])]


def ability(state: State, card: int) -> Ability:
    colour_index, level = divmod(card, 2)
    s = solo_of(state)
    side = solo_content().technology[(PLANET_COLOURS[colour_index], s.sides[colour_index])]
    return side.abilities[level]


def targets(state: State, card: int) -> list[int]:
    """Where the ability ``card`` may be aimed now ([-1] for one without a target); empty
    when it cannot be used."""
    if not 0 <= card < 2 * len(PLANET_COLOURS):
        return []
    colour_index, level = divmod(card, 2)
    s = solo_of(state)
    if (state.phase != "act" or state.pending or s.cubes[colour_index] <= level
            or f"tech:{colour_index}" in state.used):
        return []
    a = ability(state, card)
    p = state.players[0]
    n = len(state.locations)
    if a.effect == "energy":
        return [-1] if p.energy_spent else []
    if a.effect == "flick":
        return [-1] if state.action == "move" else []
    if a.effect == "use":
        return [-1] if state.action in ("deploy", "interact") else []
    if a.effect == "jam":
        return [-1]
    if a.effect == "repel":
        return [i for i in range(n) if state.locations[i].robots
                and any(d.owner == 0 for d in orbiting(state, i))]
    if a.effect == "unblock":
        return [i for i in range(n) if robots_round(state, i) and holds(state, i)]
    if a.effect == "troop":
        return [i for i in troop_spots(state, 0) if occupant(state, i) == 0] if p.troops else []
    dash = p.ships[:1]
    return [i for i in range(n) if dash and is_planet(state.locations[i])
            and occupant(state, i) == 0 and place_in_orbit(
                state, i, new_ship(0, dash[0]), towards_centre(i)) is not None]


def use(state: State, card: int, target: int) -> list[Event]:
    colour_index = card // 2
    a = ability(state, card)
    s = solo_of(state)
    state.used.append(f"tech:{colour_index}")
    events = [Event("solo_tech", 0, card, target)]
    if a.effect == "energy":
        return events + dashboard.refresh(state, 0, a.amount)
    if a.effect == "flick":
        state.flicks += a.amount
    elif a.effect == "use":
        state.uses += a.amount
    elif a.effect == "jam":
        s.jams += a.amount
    elif a.effect == "repel":
        state.locations[target].robots -= 1
        state.robots += 1
    elif a.effect == "unblock":
        robot_to_supply(state, robots_round(state, target)[0].id)
    elif a.effect == "troop":
        dashboard.put(state, target, 0, "troop")
    else:
        ship = state.players[0].ships[0]
        placed = place_in_orbit(state, target, new_ship(0, ship), towards_centre(target))
        assert placed is not None
        enter(state, 0, placed)
    return events
