"""The player's attacks in the Solo Campaign (rulebook: "Robots", "Warships" under "Rule
Changes"). Robots on a planet the player defeats go back to the supply; three of them still
blow the planet up (the Guardian Robots rule, which is what the solo supply of destroyed-
planet tokens is for), and with no token left the scenario is lost. A destroyed warship
refreshes 2 energy (the competitive reward), pays a relic drawn at random from those the
robots discarded, and lies on the Invasion deck: the next draw puts it back in the supply
instead. A robot standing in an orbit (defence 1, as the rulebook gives every robot) may be
attacked like a warship and goes back to the supply when beaten."""

from __future__ import annotations

from core.contract import Event
from core.empires import dashboard
from core.empires.solo_board import lose, robot_to_supply, solo_of
from core.empires.state import State

RELIC_LIMIT = 3
WARSHIP_REFRESH = 2


def robots_beaten(state: State, i: int, count: int) -> list[Event]:
    """The robots of planet ``i`` (already back in the supply) are beaten."""
    if count < 3:
        return [Event("robots_beaten", -1, i, count)]
    if state.destroyed_tokens <= 0:
        return lose(state, "a planet was destroyed and no destroyed-planet token was left")
    state.locations[i].destroyed = True
    state.destroyed_tokens -= 1
    return [Event("planet_destroyed", -1, i)]


def robot_destroyed(state: State, target: int) -> list[Event]:
    """A robot standing in an orbit beaten by an attack (defence 1): back to the supply."""
    robot_to_supply(state, target)
    return [Event("robot_beaten", -1, target)]


def warship_destroyed(state: State, target: int) -> list[Event]:
    s = solo_of(state)
    dashboard.off_map(state, target)
    s.on_deck += 1
    events = [Event("warship_on_deck", 0, target), *dashboard.refresh(state, 0, WARSHIP_REFRESH)]
    if s.scrap:
        relic = s.scrap.pop(state.rng.below(len(s.scrap)))
        p = state.players[0]
        (p.relics if len(p.relics) < RELIC_LIMIT else state.archive).append(relic)
        events.append(Event("relic", 0, -1))
    return events
