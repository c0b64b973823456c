"""What a Solo Campaign table is worth to the player beyond the competitive measure
(``evaluation.seat_value``): the scenario's goal part by part (``core.empires.solo_progress``),
settlers aboard, warships and robots in the way, and what a ship gains by standing where the
goal wants it — by a settler to take aboard, at home or a library with one aboard, by a
Megastructure not yet controlled, beside a warship to strike. There are no VP in the solo
game; these numbers are on the same scale so that one measure judges every choice."""

from __future__ import annotations

from core.empires.geometry import starmap, within_range
from core.empires.occupancy import occupant, orbit_of
from core.empires.placing import location_discs
from core.empires.settlers import LIBRARY_SCENARIO, welcomes
from core.empires.solo_board import held_planets, solo_defence
from core.empires.solo_flight import boarding_from
from core.empires.solo_progress import goal_parts
from core.empires.solo_tech import ability
from core.empires.state import PLANET_COLOURS, State

PART = 12.0  # a whole part of the goal (4 cities, 5 energy: each step a share of it)
# Parts made at the last moment (energy is readied in a turn or two, and spent meanwhile):
# worth little each until the rest of the goal is done, or the bot would hoard them.
LAST_PARTS = frozenset({"ready energy"})
EARLY = 0.3
WARSHIP = 3.0  # a warship still on the map where the goal wants none
# Any warship on the map, whatever the goal: each brings nearer the Warship card that finds
# none left in the supply and loses the scenario; with none left, the next card does.
WARSHIP_CLOCK = 2.0
NO_WARSHIP_LEFT = 4.0
# A held planet by its defence (0, 1, 2 and more): robots come one or two at a time and
# take a planet whose defence they beat, Research Facilities (defence 0) and all.
EXPOSED = (3.0, 1.0, 0.0)
ABOARD = 0.6  # a settler aboard: this share of one rescued
ROBOT = 3.0  # a robot out of the supply (with none left the scenario is lost)
LOW_SUPPLY = 4  # robots left in the supply below which each missing one weighs more
SHORT_SUPPLY = 3.0
RESULT = 1000.0  # a scenario won (or lost), the sooner (or the later) the better
# What a ship gains where the goal wants it.
TO_BOARD = 1.5  # in the orbit of settlers it can take aboard
TO_DELIVER = 4.0  # carrying a settler, at the place that takes it in
TO_CONTROL = 1.5  # at a Megastructure not yet controlled
TO_STRIKE = 1.0  # within short range of a warship (three ships beat its defence of 2)
WARSHIP_DEFENCE = 2
TO_BEAT = 1.0  # at a planet the robots hold, or by a robot standing in an orbit
# An opened Solo Technology ability, by what it does: the robots come every turn and their
# supply running out loses every scenario, so what holds them back is worth the most.
ABILITY = {"repel": 4.0, "unblock": 2.5, "jam": 5.0}
OTHER_ABILITY = 1.5


def result_value(s: State) -> float:
    """A finished scenario: won or lost, sooner or later."""
    assert s.solo is not None
    won = s.solo.result.startswith("won")
    return RESULT - s.turn if won else -RESULT + s.turn


def goal_value(s: State) -> float:
    """The goal's parts made, settlers aboard, robots and warships in the way, and each
    ship's place (``ship_pull``)."""
    solo = s.solo
    assert solo is not None
    value = 0.0
    parts = goal_parts(s)
    rest_done = all(p.done for p in parts if p.label not in LAST_PARTS)
    for part in parts:
        if part.fewer:
            value += WARSHIP * part.units
        elif part.label in LAST_PARTS and not rest_done:
            value += EARLY * part.units
        else:
            value += PART * part.units / max(1, part.need)
    per_settler = PART / max(1, solo.settlers_start if solo.scenario != 2 else 4)
    value += ABOARD * per_settler * len(solo.aboard)
    value += tech_value(s)
    value -= sum(EXPOSED[min(solo_defence(s, i), len(EXPOSED) - 1)] for i in held_planets(s)
                 if occupant(s, i) == 0)  # settlers' planets are theirs to defend
    on_map = sum(1 for d in s.discs if d.kind == "warship")
    value -= WARSHIP_CLOCK * on_map + (NO_WARSHIP_LEFT if s.warships <= 0 else 0.0)
    out = 12 - s.robots
    value -= ROBOT * out + SHORT_SUPPLY * max(0, LOW_SUPPLY - s.robots)
    for d in s.discs:
        if d.kind == "ship" and d.owner == 0:
            value += ship_pull(s, d.id, orbit_of(d))
    return value


def tech_value(s: State) -> float:
    """The Solo Technology abilities the cubes have opened, each by what it does."""
    solo = s.solo
    assert solo is not None
    value = 0.0
    for k in range(len(PLANET_COLOURS)):
        for level in range(min(2, solo.cubes[k])):
            value += ABILITY.get(ability(s, 2 * k + level).effect, OTHER_ABILITY)
    return value


def _gate(s: State) -> int:
    return [loc.hole for loc in s.locations].index(s.players[0].gate)


def ship_pull(s: State, ship: int, i: int) -> float:
    """What ``ship`` standing in the orbit of location ``i`` does for the goal (0 for open
    space, ``i`` < 0)."""
    solo = s.solo
    if solo is None or i < 0:
        return 0.0
    carried = next((c for x, c in solo.aboard if x == ship), "")
    if carried:
        if solo.scenario == LIBRARY_SCENARIO:
            return TO_DELIVER if welcomes(s, i, carried) else 0.0
        return TO_DELIVER if i == _gate(s) else 0.0
    value = TO_BOARD if boarding_from(s, solo, i) else 0.0
    if i in solo.megas and i not in solo.controlled:
        value += TO_CONTROL
    # Only a target the whole fleet could beat draws a ship (strength must pass defence):
    # parked by three robots with two ships, it waits while the supply runs out.
    fleet = sum(1 for d in s.discs if d.kind == "ship" and d.owner == 0)
    if fleet > WARSHIP_DEFENCE and _near(s, i, "warship"):
        value += TO_STRIKE
    if 0 < s.locations[i].robots < fleet or _near(s, i, "robot"):
        value += TO_BEAT
    return value


def _near(s: State, i: int, kind: str) -> bool:
    loc = location_discs()[i]
    table = starmap()
    reach = table.orbit
    return any(d.kind == kind and within_range(loc.x, loc.y, reach, d.x, d.y, d.r,
                                                 table.short_range) for d in s.discs)
