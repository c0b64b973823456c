"""The Invasion Deck and what its cards make the robots and warships do (rulebook: "Draw
from Invasion Deck", "Target Planet card", "Warship card", "Losing"), as a queue of steps
in ``Solo.steps``: each step is carried out at once when the rules leave no choice, or asks
the player (``state.pending = ["solo", question]``) when they say "of your choice".

Steps (``content/solo.toml`` names the cards' ones): ``draw``, ``target:<colour>``,
``explore`` (the Target card found nothing: reveal a planet of the player's choice),
``warship``, ``reveal_two``, ``reveal_one``, ``reveal_pair``, ``most``, ``orbit_two``,
``orbit_one``, ``orbit_pair``, ``escalate``, ``scout``, ``reshuffle``, ``fallback`` (every
location revealed: a robot on the planet with the most robots, the player choosing a tie),
``terraform:<i>`` and ``home_reveal`` (scenario set-ups). Our readings where the rulebook
leaves a choice open:

- A Target card's planets are the face-up planets of its colour (a terraformed relic planet
  has its overlay's colour; "blue" is an untouched one). It goes down the rulebook's order:
  a matching planet with 2 robots, then 1; an unoccupied one; then the orbit of a matching
  planet the player holds (most robots already in orbit, else lowest defence). If none of
  these exists the card explores instead.
- Between planets equal by those rules the robots take the one with the most of the player's
  starships in orbit, then the lowest location number (hole order).
- A revealed location that is not a planet a robot may land on (an artifact, an Ancient
  Library's planet) lets the player choose again.
- Robots sent to the orbit of a planet the player holds, with none held, do nothing.
- Escalation shuffles the top Warship card into what is left of the deck: the threat grows,
  and the player, who sees every card drawn, can tell that it is coming.
"""

from __future__ import annotations

from core.contract import Event
from core.empires import dashboard
from core.empires.geometry import starmap, within_range
from core.empires.occupancy import colour_of, is_planet, orbiting
from core.empires.physics import GUARDIAN, Disc
from core.empires.solo_board import (
    add_orbit_robot,
    by_ships_then_order,
    destroy_ships_round,
    face_down,
    held_planets,
    land_robots,
    landable,
    lose,
    reveal,
    robot_to_supply,
    robots_round,
    settlers_on,
    solo_defence,
    solo_of,
    unoccupied,
)
from core.empires.solo_bonus import home_outpost
from core.empires.solo_content import solo_content
from core.empires.solo_state import QUESTIONS, Solo
from core.empires.state import PLANET_COLOURS, WARSHIP_BASE, State


def start_turn(state: State) -> list[Event]:
    s = solo_of(state)
    s.steps.append("draw")
    return run(state)


def run(state: State) -> list[Event]:
    """Carry out the queued steps until one asks the player, the queue is empty or the
    scenario is decided."""
    s = solo_of(state)
    events: list[Event] = []
    while s.steps and not state.pending and not s.result:
        step = s.steps.pop(0)
        events += _step(state, s, step)
    if s.result:
        s.steps = []
    return events


def answer(state: State, choice: int) -> list[Event]:
    """The player's answer to the open question; then the rest of the queue."""
    s = solo_of(state)
    step = s.steps.pop(0)
    state.pending = []
    return _answered(state, s, step, choice) + run(state)


def options(state: State) -> list[int]:
    """The answers to the open question (locations, quadrants or overlay colours)."""
    s = solo_of(state)
    step = s.steps[0]
    if step == "warship":
        return _free_spaces(state)
    if step.startswith("terraform:"):
        return [PLANET_COLOURS.index(c) for c in PLANET_COLOURS if c in state.overlays]
    if step == "fallback":
        return _most_robots(state)
    return options_for(state, step)


def _ask(state: State, s: Solo, step: str, question: str) -> list[Event]:
    s.steps.insert(0, step)
    state.pending = ["solo", question]
    return [Event("ask", 0, -1, QUESTIONS.index(question))]


def _step(state: State, s: Solo, step: str) -> list[Event]:
    if step == "draw":
        return _draw(state, s)
    if step.startswith("target:"):
        return _target(state, s, step.split(":")[1])
    if step == "escalate":
        if not s.warship_pile:
            s.steps.insert(0, "most")
            return [Event("escalation", -1, -1, 0)]
        s.deck.append(s.warship_pile.pop(0))
        state.rng.shuffle(s.deck)
        return [Event("escalation", -1, -1, 1)]
    if step == "reveal_pair":
        s.steps[0:0] = ["reveal_one", "reveal_one"]
        return []
    if step == "orbit_pair":
        s.placed = []
        s.steps[0:0] = ["orbit_one", "orbit_one"]
        return []
    if step == "reshuffle":
        s.deck += s.discard
        s.discard = []
        state.rng.shuffle(s.deck)
        return [Event("reshuffle", -1, -1, len(s.deck))]
    if step == "most":
        spots = _most_robots(state)
        return land_robots(state, by_ships_then_order(state, spots), 1) if spots else []
    if step in ("orbit_two", "orbit_one"):
        return _orbit(state, s, 2 if step == "orbit_two" else 1)
    if step == "warship":
        spaces = _free_spaces(state)
        if state.warships <= 0 or not spaces:
            return lose(state, "a warship had to be placed and none was left in the supply")
        if len(spaces) == 1:
            return place_warship(state, spaces[0])
        return _ask(state, s, step, "quadrant")
    if step.startswith("terraform:"):
        return _ask(state, s, step, "terraform") if state.overlays else []
    if step == "fallback":
        spots = _most_robots(state)
        if not spots:
            return lose(state, "a robot had to be placed and no planet could take it")
        if len(spots) == 1:
            return land_robots(state, spots[0], 1)
        return _ask(state, s, step, "most")
    # explore, reveal_two, reveal_one, scout, home_reveal: a location of the player's choice.
    # With no planet left face down (the face-down discs' kinds are public as a count), a
    # card that would reveal one places the fallback robot instead.
    spots = options_for(state, step)
    if step != "scout":
        spots = [i for i in spots if state.locations[i].kind in ("planet", "relic")] and spots
    if not spots:
        if step == "home_reveal":
            return []
        s.steps.insert(0, "fallback")
        return []
    return _ask(state, s, step, "reveal")


def options_for(state: State, step: str) -> list[int]:
    """The locations a reveal step may turn up: any face-down one (scenario 6's bonus: in
    the home quadrant)."""
    return face_down(state, state.players[0].home) if step == "home_reveal" else face_down(
        state)


def _answered(state: State, s: Solo, step: str, choice: int) -> list[Event]:
    if step == "warship":
        return place_warship(state, choice)
    if step.startswith("terraform:"):
        i = int(step.split(":")[1])
        colour = PLANET_COLOURS[choice]
        state.overlays.remove(colour)
        state.locations[i].terraform = colour
        return [Event("terraform", -1, i, choice)]
    if step == "fallback":
        return land_robots(state, choice, 1)
    events = reveal(state, choice)
    loc = state.locations[choice]
    if step == "scout":
        return events
    if step == "home_reveal":
        if not is_planet(loc):
            s.steps.insert(0, step)
            return events
        return events + home_outpost(state, choice)
    if step == "explore":
        if not is_planet(loc):
            s.steps.insert(0, step)  # an artifact: reveal another
        return events  # the robots spent their turn exploring
    if not _lands_here(state, choice):
        s.steps.insert(0, step)  # an artifact or a library's planet: choose again
        return events
    return events + land_robots(state, choice, 2 if step == "reveal_two" else 1)


def _lands_here(state: State, i: int) -> bool:
    loc = state.locations[i]
    return is_planet(loc) and not loc.library and not settlers_on(state, i)


def _draw(state: State, s: Solo) -> list[Event]:
    """The turn's Invasion card: skipped for each warship lying on the deck (it goes back to
    the supply) or a technology's jam; else the top card (the discards reshuffled when the
    deck is empty), laid on the discard pile and carried out."""
    if s.on_deck:
        s.on_deck -= 1
        state.warships += 1
        return [Event("draw_skipped", 0, -1, 1)]
    if s.jams:
        s.jams -= 1
        return [Event("draw_skipped", 0, -1, 0)]
    if not s.deck:
        s.deck, s.discard = s.discard, []
        state.rng.shuffle(s.deck)
    card = s.deck.pop(0)
    s.discard.append(card)
    s.card = card
    content = solo_content()
    if card in content.warships:
        steps = list(content.warships[card].steps)
    elif content.invasion[card].target:
        steps = [f"target:{content.invasion[card].target}"]
    else:
        steps = list(content.invasion[card].steps)
    s.steps[0:0] = steps
    return [Event("invasion", 0, -1, len(s.discard))]


def _matches(state: State, i: int, colour: str) -> bool:
    loc = state.locations[i]
    if not is_planet(loc) or not loc.faceup:
        return False
    if colour == "blue":
        return loc.kind == "relic" and not loc.terraform
    return colour_of(loc) == colour


def _target(state: State, s: Solo, colour: str) -> list[Event]:
    spots = [i for i in range(len(state.locations)) if _matches(state, i, colour)]
    for count in (2, 1):
        here = [i for i in spots if state.locations[i].robots == count and _lands_here(state, i)]
        if here:
            return land_robots(state, by_ships_then_order(state, here), 1)
    free = [i for i in spots if unoccupied(state, i)]
    if free:
        return land_robots(state, by_ships_then_order(state, free), 1)
    held = [i for i in held_planets(state) if i in spots]
    if held:
        return orbit_and_attack(state, _besieged(state, held), 1)
    s.steps.insert(0, "explore")
    return [Event("explore", -1)]


def _besieged(state: State, held: list[int]) -> int:
    """Where robots go into orbit: the held planet with the most robots in orbit already,
    else the one with the lowest defence (ties: most starships, then hole order)."""
    most = max(len(robots_round(state, i)) for i in held)
    if most > 0:
        spots = [i for i in held if len(robots_round(state, i)) == most]
    else:
        low = min(solo_defence(state, i) for i in held)
        spots = [i for i in held if solo_defence(state, i) == low]
    return by_ships_then_order(state, spots)


def _orbit(state: State, s: Solo, count: int) -> list[Event]:
    held = [i for i in held_planets(state) if i not in s.placed]
    if not held:
        return []
    i = _besieged(state, held)
    s.placed.append(i)
    return orbit_and_attack(state, i, count)


def orbit_and_attack(state: State, i: int, count: int) -> list[Event]:
    """``count`` robots into the orbit of the held planet ``i`` (the player's starships
    there destroyed), then they attack: strength 1 a robot against the planet's defence."""
    events = destroy_ships_round(state, i)
    for _ in range(count):
        events += add_orbit_robot(state, i)
        if solo_of(state).result:
            return events
    return events + attack(state, i)


def attack(state: State, i: int) -> list[Event]:
    strength = len(robots_round(state, i))
    if strength <= solo_defence(state, i):
        return [Event("robots_repelled", -1, i, strength)]
    return overrun(state, i)


def overrun(state: State, i: int) -> list[Event]:
    """The robots take planet ``i``: the player's pieces go home, starbases round it too,
    settlers on it die; the attackers land (up to 3, the rest stay in orbit) — except on an
    Ancient Library's planet, where the player's starships in orbit are destroyed as well
    and the attackers go back to the supply."""
    s = solo_of(state)
    loc = state.locations[i]
    events = [Event("overrun", -1, i)]
    for seat, kind in list(loc.pieces):
        dashboard.lift(state, i, seat, kind)
    for base in orbiting(state, i, "starbase"):
        dashboard.starbase_home(state, base.id, base.owner)
    for colour in settlers_on(state, i):
        s.settlers.remove((i, colour))
        s.lost_settlers.append(colour)
        events.append(Event("settler_lost", -1, i))
    attackers = robots_round(state, i)
    if loc.library:
        events += destroy_ships_round(state, i)
        for d in attackers:
            robot_to_supply(state, d.id)
        return events
    for d in attackers[:3]:
        dashboard.off_map(state, d.id)
        loc.robots += 1
    return events


def _most_robots(state: State) -> list[int]:
    """The planets a robot may land on that have the most robots among them."""
    spots = [i for i in range(len(state.locations)) if landable(state, i)]
    if not spots:
        return []
    most = max(state.locations[i].robots for i in spots)
    return [i for i in spots if state.locations[i].robots == most]


def _free_spaces(state: State) -> list[int]:
    taken = {d.id - WARSHIP_BASE for d in state.discs if d.kind == "warship"}
    return [q for q in range(len(starmap().spaces)) if q not in taken]


def place_warship(state: State, q: int) -> list[Event]:
    """A warship from the supply on quadrant ``q``'s space: every starship of the player
    within long range of it is destroyed (and any on the space itself)."""
    if state.warships <= 0:
        return lose(state, "a warship had to be placed and none was left in the supply")
    table = starmap()
    space, r = table.spaces[q], table.radius["warship"]
    events = []
    for d in list(state.discs):
        if d.kind == "ship" and within_range(d.x, d.y, d.r, space.x, space.y, r,
                                             table.long_range):
            dashboard.ship_home(state, d.id, d.owner)
            events.append(Event("destroyed", d.owner, d.id, 2))
    state.warships -= 1
    state.discs = sorted([*state.discs, Disc(WARSHIP_BASE + q, "warship", GUARDIAN, space.x,
                                             space.y, r)], key=lambda d: d.id)
    return events + [Event("warship", -1, WARSHIP_BASE + q, q)]
