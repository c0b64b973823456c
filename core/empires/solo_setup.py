"""A game of the Solo Campaign set up (rulebook: "Solo Campaign: Game Setup" and each
scenario's "Additional Setup" and "Scenario Bonus"): the 4-player Starmap with the player's
own warpgate (the other three inert), no VP tokens, the Invasion Deck and the Warship cards
shuffled, the Solo Technology cards on their A sides, then the scenario's own set-up.

Every random choice is drawn from the game's generator after the competitive set-up's: the
deck, the Warship cards, the planet revealed for an artifact, the technology cards flipped,
the relics of scenario 5's bonus. Our readings: where two revealed centre planets share a
colour, the robot goes on every one but the first in hole order; an artifact revealed in the
centre is followed by a face-down planet of its quadrant drawn at random.
"""

from __future__ import annotations

from typing import Any

from core.contract import seats_and_names
from core.empires import variants
from core.empires.aim import DEFAULT_STEADINESS, STEADINESS
from core.empires.geometry import starmap
from core.empires.invasion import place_warship, run
from core.empires.occupancy import is_planet
from core.empires.physics import Disc
from core.empires.settlers import settle
from core.empires.setup import _deal_tokens, _locations, _start_spot, setups
from core.empires.solo_board import SETTLER_COLOURS, face_down, land_robots, reveal
from core.empires.solo_content import SCENARIOS, solo_content
from core.empires.solo_rules import after_action
from core.empires.solo_state import Solo
from core.empires.state import (
    PLANET_COLOURS,
    SHIPS_START,
    Location,
    Player,
    State,
    advanced_ids,
    ship_ids,
    starbase_ids,
)
from core.rng import Rng

SETTLER = SETTLER_COLOURS[1]  # the settlers' colour in scenarios 2 and 6
BONUS = {2: (1, True), 3: (1, True), 4: (2, True), 5: (2, True), 6: (2, False)}
SPREAD = 4000


def normalize_solo(options: dict[str, Any]) -> dict[str, Any]:
    known = {"mode", "scenario", "players", "seats", "names", "steadiness", "modules",
             "events", *variants.KEYS}
    extra = sorted(set(options) - known)
    if extra:
        raise ValueError(f"unknown option {extra[0]!r} for the Solo Campaign")
    if options.get("players", 1) != 1:
        raise ValueError("the Solo Campaign is for 1 player")
    scenario = options.get("scenario", 1)
    if type(scenario) is not int or not 1 <= scenario <= SCENARIOS:
        raise ValueError(f"the Solo Campaign has scenarios 1 to {SCENARIOS}, not {scenario!r}")
    if options.get("modules", []) not in ([], ()):
        raise ValueError("the Solo Campaign brings its own modules with each scenario")
    steadiness = options.get("steadiness", DEFAULT_STEADINESS)
    if steadiness not in STEADINESS:
        raise ValueError(f"steadiness is one of {', '.join(STEADINESS)}, not {steadiness!r}")
    seats, names = seats_and_names({"seats": ["human"], **options}, 1)
    return {"players": 1, "mode": "solo", "scenario": scenario, "seats": seats,
            "names": names, "steadiness": steadiness, "modules": [], "events": 1,
            # the competitive modules' switches, all off: the scenarios bring their own
            **_modules_off(options)}


# The rulebook offers Sublight Movement to a solo player who wants an easier game.
SOLO_MODULES = ("sublight",)


def _modules_off(options: dict[str, Any]) -> dict[str, Any]:
    """The competitive modules' switches at their defaults (Sublight Movement as asked);
    ValueError for another one switched on."""
    chosen = variants.normalize({k: options[k] for k in SOLO_MODULES if k in options}, 1)
    defaults = variants.normalize({}, 1)
    on = [k for k in variants.KEYS if k in options and k not in SOLO_MODULES
          and options[k] != defaults[k]]
    if on:
        raise ValueError(f"the Solo Campaign plays without the module {on[0]!r}")
    return chosen


def new_solo_game(opts: dict[str, Any], seed: int) -> State:
    spec = setups()[4]
    rng = Rng.stream(seed, "game")
    table = starmap()
    spots = _locations(spec, rng)
    state = State(opts, rng, [spots[h.id] for h in table.holes], [], [], 0, 0)
    for hole in spec.gates[1:]:
        state.location(hole).inert = True
    _deal_tokens(state, spec, opts, rng)
    gate = table.hole(spec.gates[0])
    p = Player(0, state.location(spec.gates[0]).colour, gate.id, gate.quadrant)
    ids = ship_ids(0)
    p.ships_locked = ids[SHIPS_START:]
    p.starbases = starbase_ids(0)
    p.advanced_locked = sorted(advanced_ids(0).values())
    for ship, turn in zip(ids[:SHIPS_START], (-SPREAD, SPREAD), strict=True):
        x, y = _start_spot(table, gate.x, gate.y, turn)
        state.discs.append(Disc(ship, "ship", 0, x, y, table.radius["ship"]))
    state.players.append(p)
    state.turns_taken = [0]
    n = opts["scenario"]
    s = Solo(n)
    state.solo = s
    content = solo_content()
    s.deck = [c for c in content.invasion if not (n == 5 and c == "target_blue")]
    rng.shuffle(s.deck)
    s.warship_pile = list(content.warships)
    rng.shuffle(s.warship_pile)
    SCENARIO_SETUPS[n](state, rng)
    flips, cubes = BONUS.get(n, (0, False))
    order = list(range(len(PLANET_COLOURS)))
    rng.shuffle(order)
    for k in order[:flips]:
        s.sides[k] = "B"
        if cubes:
            s.cubes[k] += 1
            s.bonus_cubes += 1
    s.settlers_start = len(s.settlers)
    settle(state)  # scenario 5: the libraries of the relic planets revealed
    s.steps.append("draw")
    run(state)
    after_action(state)  # the first card may already decide the scenario
    return state


def _diagonal(state: State) -> int:
    return (state.players[0].home + 2) % 4


def _reveal_centre(state: State, rng: Rng) -> list[int]:
    """The four centremost locations revealed, their tokens discarded unseen; for an
    artifact, a face-down planet of its quadrant drawn at random is revealed too."""
    out = []
    for hole in starmap().centremost():
        i = [loc.hole for loc in state.locations].index(hole.id)
        reveal(state, i)
        if state.locations[i].kind == "artifact":
            planets = [j for j in face_down(state, hole.quadrant)
                       if state.locations[j].kind in ("planet", "relic")]
            if not planets:
                continue
            i = planets[rng.below(len(planets))]
            reveal(state, i)
        out.append(i)
    return out


def _centre_robots(state: State, rng: Rng) -> None:
    """Scenarios 1, 3, 4, 5: the centre revealed, and a robot on every revealed planet but
    one of each colour (the first in hole order keeps free; a library's planet never takes
    robots)."""
    seen: set[str] = set()
    for i in sorted(_reveal_centre(state, rng)):
        loc = state.locations[i]
        kind = "blue" if loc.kind == "relic" else loc.colour
        if kind in seen and not (kind == "blue" and state.options["scenario"] == 5):
            land_robots(state, i, 1)
        seen.add(kind)


def _scenario_1(state: State, rng: Rng) -> None:
    _centre_robots(state, rng)


def _scenario_2(state: State, rng: Rng) -> None:
    s = state.solo
    assert s is not None
    q = _diagonal(state)
    for i in face_down(state, q):
        reveal(state, i)
        if is_planet(state.locations[i]):
            s.settlers.append((i, SETTLER))


def _scenario_3(state: State, rng: Rng) -> None:
    _centre_robots(state, rng)
    place_warship(state, _diagonal(state))


def _scenario_4(state: State, rng: Rng) -> None:
    _centre_robots(state, rng)
    place_warship(state, _diagonal(state))


def _scenario_5(state: State, rng: Rng) -> None:
    s = state.solo
    assert s is not None
    for loc in state.locations:
        if loc.kind == "warpgate" and loc.inert:
            s.settlers += [(state.locations.index(loc), loc.colour)] * 3
    home = state.players[0].home
    for q in ((home + 1) % 4, (home + 3) % 4):
        place_warship(state, q)
    _centre_robots(state, rng)
    scrap = s.scrap
    for _ in range(2):
        if scrap:
            state.players[0].relics.append(scrap.pop(rng.below(len(scrap))))


def _scenario_6(state: State, rng: Rng) -> None:
    s = state.solo
    assert s is not None
    for hole in starmap().centremost():
        i = [loc.hole for loc in state.locations].index(hole.id)
        loc = state.locations[i]
        if loc.kind == "artifact":
            planets = [j for j in face_down(state, hole.quadrant)
                       if state.locations[j].kind in ("planet", "relic")]
            j = planets[rng.below(len(planets))]
            _swap(loc, state.locations[j])
            reveal(state, j)
        reveal(state, i)
        s.settlers += [(i, SETTLER)] * 2
    for q in range(4):
        place_warship(state, q)
    s.cubes = [c + 1 for c in s.cubes]
    s.bonus_cubes += len(s.cubes)
    s.steps.append("home_reveal")


def _swap(a: Location, b: Location) -> None:
    """Two location discs change holes (with the tokens lying on them)."""
    a.kind, b.kind = b.kind, a.kind
    a.colour, b.colour = b.colour, a.colour
    a.token, b.token = b.token, a.token


SCENARIO_SETUPS = {1: _scenario_1, 2: _scenario_2, 3: _scenario_3, 4: _scenario_4,
                   5: _scenario_5, 6: _scenario_6}
