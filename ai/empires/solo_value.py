"""What a Solo Campaign table is worth to the player beyond the competitive measure
(``evaluation.seat_value``): the scenario's goal part by part (``core.empires.solo_progress``),
settlers aboard, warships and robots in the way, starships still locked, and what a ship
gains by standing where the goal wants it — by a settler to take aboard, at home or a
library with one aboard, by a Megastructure not yet controlled, beside a warship to strike,
at a robots' planet to send one home, beside another ship where a starbase could go. There
are no VP in the solo game; these numbers are on the same scale so that one measure judges
every choice."""

from __future__ import annotations

from core.empires.build import frees_a_lock
from core.empires.geometry import starmap, within_range
from core.empires.occupancy import is_planet, occupant, orbit_of
from core.empires.placing import location_discs
from core.empires.settlers import LIBRARY_SCENARIO, welcomes
from core.empires.solo_board import held_planets, settlers_on, solo_defence
from core.empires.solo_flight import boarding_from
from core.empires.solo_progress import goal_parts
from core.empires.solo_tech import ability
from core.empires.state import PLANET_COLOURS, State

PART = 12.0  # a whole part of the goal (4 cities, 5 energy: each step a share of it)
# Parts made at the last moment (energy is readied in a turn or two, and spent meanwhile):
# worth little each until the rest of the goal is done, or the bot would hoard them.
LAST_PARTS = frozenset({"ready energy"})
EARLY = 0.3
# Energy the player owns, ready or spent (a city or starbase adds one for good and readies
# all): the lasting part of an energy goal, worth most of it from the start, or no bot
# would build the structures that make it and it would wait at 1 of 5 all game.
CAPACITY = 0.7
# A starship still locked in the tray: the fleet is what beats robots and warships (three
# ships for a warship), and only a starbase frees one.
LOCKED_SHIP = 4.0
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
# In an orbit within short range of a warship (three ships beat its defence of 2); less than
# the strike brings, or the ships would wait there rather than strike.
TO_STRIKE = 0.5
WARSHIP_DEFENCE = 2
# Each warship by the ships standing within short range of it, squared (capped at the three
# that strike): gathered one by one, each ship brings more than the last; the orbit alone
# (TO_STRIKE) does not tell, as a ship on its far side is out of range.
IN_RANGE = 0.3
# Two ships in the orbit of a planet a starbase could go to (once per planet: the starbase
# takes both ships, and the pair must be worth less than what the starbase brings).
TO_PAIR = 2.0
TO_REPEL = 2.0  # at a robots' planet with a technology open that sends a robot home
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
            owned = min(_capacity(s), part.need)
            value += EARLY * part.units + CAPACITY * PART * owned / part.need
        else:
            value += PART * part.units / max(1, part.need)
    per_settler = PART / max(1, solo.settlers_start if solo.scenario != 2 else 4)
    value += ABOARD * per_settler * len(solo.aboard)
    value += tech_value(s)
    value -= sum(EXPOSED[min(solo_defence(s, i), len(EXPOSED) - 1)] for i in held_planets(s)
                 if occupant(s, i) == 0)  # settlers' planets are theirs to defend
    on_map = sum(1 for d in s.discs if d.kind == "warship")
    value -= WARSHIP_CLOCK * on_map + (NO_WARSHIP_LEFT if s.warships <= 0 else 0.0)
    value -= LOCKED_SHIP * len(s.players[0].ships_locked)
    out = 12 - s.robots
    value -= ROBOT * out + SHORT_SUPPLY * max(0, LOW_SUPPLY - s.robots)
    value += strike_readiness(s)
    paired: set[int] = set()
    for d in s.discs:
        if d.kind == "ship" and d.owner == 0:
            i = orbit_of(d)
            value += ship_pull(s, d.id, i, pairing=False)
            if i >= 0 and i not in paired and _starbase_site(s, i) and _company(s, d.id, i):
                paired.add(i)
                value += TO_PAIR
    return value


def strike_readiness(s: State) -> float:
    """Ships standing within short range of each warship, the more together the more (three
    beat its defence at the end of the turn), where the fleet is large enough to strike."""
    ships = [d for d in s.discs if d.kind == "ship" and d.owner == 0]
    if len(ships) + len(s.players[0].ships) <= WARSHIP_DEFENCE:
        return 0.0
    ruler = starmap().short_range
    value = 0.0
    for w in s.discs:
        if w.kind == "warship":
            k = sum(1 for d in ships if within_range(d.x, d.y, d.r, w.x, w.y, w.r, ruler))
            value += IN_RANGE * min(k, WARSHIP_DEFENCE + 1) ** 2
    return value


def _capacity(s: State) -> int:
    """The energy the player owns, ready or spent."""
    p = s.players[0]
    return p.energy_ready + p.energy_spent


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


def ship_pull(s: State, ship: int, i: int, pairing: bool = True) -> float:
    """What ``ship`` standing in the orbit of location ``i`` does for the goal (0 for open
    space, ``i`` < 0). ``pairing``: whether joining a ship there for a starbase counts
    (``goal_value`` counts each pair once itself)."""
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
    # parked by three robots with two ships, it waits while the supply runs out. The fleet
    # is the ships on the map and those on the dashboard, a Deploy away.
    fleet = sum(1 for d in s.discs if d.kind == "ship" and d.owner == 0) + len(
        s.players[0].ships)
    if fleet > WARSHIP_DEFENCE and _near(s, i, "warship"):
        value += TO_STRIKE
    if 0 < s.locations[i].robots < fleet or _near(s, i, "robot"):
        value += TO_BEAT
    if s.locations[i].robots and _can_repel(s):
        value += TO_REPEL
    if pairing and _starbase_site(s, i) and _company(s, ship, i):
        value += TO_PAIR
    return value


def _company(s: State, ship: int, i: int) -> int:
    """The player's ships other than ``ship`` in the orbit of ``i``."""
    return sum(1 for d in s.discs if d.kind == "ship" and d.owner == 0 and d.id != ship
               and orbit_of(d) == i)


def _can_repel(s: State) -> bool:
    solo = s.solo
    assert solo is not None
    return any(ability(s, 2 * k + level).effect == "repel"
               for k in range(len(PLANET_COLOURS)) for level in range(min(2, solo.cubes[k])))


def _starbase_site(s: State, i: int) -> bool:
    """A starbase could be built at ``i`` and would free a starship from the tray (settlers
    must leave a planet before anything is built on it)."""
    p = s.players[0]
    loc = s.locations[i]
    return (frees_a_lock(p, "starbase") and is_planet(loc) and loc.faceup
            and occupant(s, i) in (None, 0) and not settlers_on(s, i))


def _near(s: State, i: int, kind: str) -> bool:
    loc = location_discs()[i]
    table = starmap()
    reach = table.orbit
    return any(d.kind == kind and within_range(loc.x, loc.y, reach, d.x, d.y, d.r,
                                                 table.short_range) for d in s.discs)
