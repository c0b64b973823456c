"""Megastructures (rulebook: "Megastructures", "Dyson Ring"; an optional module,
``megastructures``). One Megastructure card is in play (``state.mega_card``, see
``mega_cards.py``); its four miniatures can stand on four artifacts. The Dyson Ring's powers
are here; the Star Harvester's in ``star_harvester.py``, the Reconstructor's in
``reconstructor.py``.

- Awaken (a manoeuvre): with a starship of yours orbiting a face-up artifact that is not
  blockaded, spend the card's awakening energy (the Dyson Ring's ``AWAKEN``) to stand a
  megastructure on it under your control.
- Take control (a manoeuvre): the same from a megastructure's orbit, for that energy + 1
  when a rival controls it (no more than it when no one does, after an Overload).
- Use (Interact): each megastructure you control once a turn, for one of
  - Build: an outpost from your dashboard onto the Dyson Ring card, or your outpost there
    swapped for a city from your dashboard (one structure of yours on the card at a time);
  - Overload: give up control; every troop and starship in the megastructure's quadrant goes
    home to its owner's dashboard, and you take 1 VP for every 2 of your rivals'.
- The end: your structure on the card scores ``CARD_VP`` (outpost 1, city 2).

A megastructure still counts as an artifact (free flicks from its orbit; never landed on,
never attacked). ``state.megastructures`` holds ``[location, controller]`` pairs (controller
-1 for no one); ``state.dyson`` each seat's structure on the card ("" for none).
"""

from __future__ import annotations

from core.contract import Event
from core.empires import dashboard, reconstructor, star_harvester
from core.empires.geometry import place, starmap
from core.empires.maneuvers import ship_on_map
from core.empires.mega_cards import CARDS, DYSON, HARVESTER, INFO, REENGINEER, TARGET
from core.empires.occupancy import blockade_reason, orbit_of, quadrant
from core.empires.state import State

MINIATURES = 4
AWAKEN = 2
CARD_VP = {"": 0, "outpost": 1, "city": 2}
BUILD, OVERLOAD = 0, 1


def on(state: State) -> bool:
    return bool(state.options.get("megastructures"))


def awaken_cost(state: State) -> int:
    return INFO[state.mega_card].awaken


def at(state: State, i: int) -> list[int] | None:
    """The [location, controller] pair of the megastructure on location ``i``, or None."""
    return next((m for m in state.megastructures if m[0] == i), None)


def controller(state: State, i: int) -> int:
    m = at(state, i)
    return -1 if m is None else m[1]


def _orbited(state: State, ship: int) -> tuple[int, str | None]:
    """The location ``ship`` orbits, or why it is no use for a megastructure manoeuvre."""
    if not on(state):
        return -1, "this game is played without Megastructures"
    if not state.maneuvers:
        return -1, "megastructures are awakened and taken as manoeuvres, during a Move"
    d = ship_on_map(state, ship)
    if d is None:
        return -1, f"ship {ship} is not one of your starships on the map"
    i = orbit_of(d)
    if i < 0:
        return -1, "the ship orbits nothing"
    return i, blockade_reason(state, i, d.owner)


def _afford(state: State, cost: int) -> str | None:
    ready = state.players[state.current].energy_ready
    return None if ready >= cost else f"that costs {cost} energy and you have {ready} ready"


def awaken_reason(state: State, ship: int) -> str | None:
    i, why = _orbited(state, ship)
    if why is not None:
        return why
    loc = state.locations[i]
    if loc.kind != "artifact" or not loc.faceup:
        return "a megastructure is awakened on a face-up artifact"
    if at(state, i) is not None:
        return f"{place(loc.hole)} is a megastructure already"
    if len(state.megastructures) >= MINIATURES:
        return "all four megastructures are in play"
    return _afford(state, awaken_cost(state))


def seize_cost(state: State, i: int) -> int:
    return awaken_cost(state) + (1 if controller(state, i) >= 0 else 0)


def seize_reason(state: State, ship: int) -> str | None:
    i, why = _orbited(state, ship)
    if why is not None:
        return why
    if at(state, i) is None:
        return f"{place(state.locations[i].hole)} is no megastructure"
    if controller(state, i) == state.current:
        return "you control this megastructure already"
    return _afford(state, seize_cost(state, i))


def _pay(state: State, cost: int) -> None:
    for _ in range(cost):
        dashboard.spend(state, state.current)


def awaken(state: State, ship: int) -> list[Event]:
    d = ship_on_map(state, ship)
    assert d is not None
    i = orbit_of(d)
    cost = awaken_cost(state)
    _pay(state, cost)
    state.megastructures = sorted([*state.megastructures, [i, state.current]])
    return [Event("awaken", state.current, i, cost)]


def seize(state: State, ship: int) -> list[Event]:
    d = ship_on_map(state, ship)
    assert d is not None
    i = orbit_of(d)
    cost = seize_cost(state, i)
    _pay(state, cost)
    m = at(state, i)
    assert m is not None
    m[1] = state.current
    return [Event("seize", state.current, i, cost)]


def use_reason(state: State, i: int, how: int) -> str | None:
    seat = state.current
    if not on(state):
        return "this game is played without Megastructures"
    if at(state, i) is None:
        return f"there is no megastructure at location {i}"
    if controller(state, i) != seat:
        return "you do not control this megastructure"
    if f"mega:{i}" in state.used:
        return "each megastructure is used once a turn"
    if state.mega_card != DYSON:
        return _power_reason(state, i, how)
    if how == OVERLOAD:
        return None
    if how != BUILD:
        return "a Dyson Ring builds (0) or overloads (1)"
    p = state.players[seat]
    have = state.dyson[seat]
    if have == "city":
        return "your city already stands on the Dyson Ring"
    wanted = "outpost" if have == "" else "city"
    if p.structures[wanted] <= 0:
        return f"no {wanted} on your dashboard to build on the Dyson Ring"
    return None


def _power_reason(state: State, i: int, how: int) -> str | None:
    """Why the Star Harvester's or the Reconstructor's power ``how`` is refused."""
    if state.mega_card == HARVESTER:
        if how == 0:
            spent = state.players[state.current].energy_spent
            return None if spent > 0 else "you have no spent energy to harvest"
        if how >= TARGET:
            return star_harvester.blast_reason(state, i, how - TARGET)
        return f"a Star Harvester harvests (0) or blasts a planet ({TARGET} + its location)"
    if REENGINEER <= how < TARGET:
        return reconstructor.reengineer_reason(state, how - REENGINEER)
    if how >= TARGET:
        return reconstructor.rebuild_reason(state, i, how - TARGET)
    return (f"a Reconstructor re-engineers ({REENGINEER} + a colour) or rebuilds "
            f"({TARGET} + a destroyed planet)")


def _power(state: State, i: int, how: int) -> list[Event]:
    if state.mega_card == HARVESTER:
        if how == 0:
            return [Event("harvest", state.current, i), *star_harvester.harvest(state)]
        return star_harvester.blast(state, i, how - TARGET)
    if how < TARGET:
        return [Event("reengineer", state.current, i, how - REENGINEER),
                *reconstructor.reengineer(state, how - REENGINEER)]
    return reconstructor.rebuild(state, how - TARGET)


def use(state: State, i: int, how: int) -> list[Event]:
    seat = state.current
    state.used = [*state.used, f"mega:{i}"]
    if state.mega_card != DYSON:
        return _power(state, i, how)
    p = state.players[seat]
    if how == BUILD:
        have = state.dyson[seat]
        if have == "outpost":
            p.structures["outpost"] += 1
        built = "outpost" if have == "" else "city"
        p.structures[built] -= 1
        state.dyson[seat] = built
        return [Event("dyson_build", seat, i, 1 if built == "outpost" else 2)]
    return overload(state, i)


def overload(state: State, i: int) -> list[Event]:
    """Control given up; every troop and starship in the quadrant home; 1 VP per 2 rivals'."""
    seat = state.current
    m = at(state, i)
    assert m is not None
    m[1] = -1
    q = quadrant(i)
    rivals = 0
    for j, loc in enumerate(state.locations):
        if quadrant(j) != q:
            continue
        for who, kind in list(loc.pieces):
            if kind == "troop":
                dashboard.lift(state, j, who, "troop")
                rivals += who != seat
    table = starmap()
    for d in [d for d in state.discs if d.kind == "ship" and table.quadrant_of(d.x, d.y) == q]:
        dashboard.ship_home(state, d.id, d.owner)
        rivals += d.owner != seat
    return [Event("overload", seat, i, rivals), *dashboard.take_vp(state, seat, rivals // 2)]


def card_vp(state: State, seat: int) -> int:
    return CARD_VP[state.dyson[seat]] if state.dyson else 0


def mega_problems(state: State) -> list[str]:
    """The audit's look: megastructures on distinct face-up artifacts, at most four, each
    controlled by a seat or no one; the card's structures one per seat at most."""
    out = []
    spots = [m[0] for m in state.megastructures]
    if len(spots) != len(set(spots)) or len(spots) > MINIATURES:
        out.append(f"megastructures on {spots}: more than four or two on one artifact")
    for i, who in state.megastructures:
        loc = state.locations[i] if 0 <= i < len(state.locations) else None
        if loc is None or loc.kind != "artifact" or not loc.faceup:
            out.append(f"a megastructure on location {i}, not a face-up artifact")
        if not -1 <= who < state.n:
            out.append(f"a megastructure controlled by seat {who}")
    if state.megastructures and not on(state):
        out.append("megastructures in a game without the module")
    if state.dyson and (len(state.dyson) != state.n
                        or any(k not in CARD_VP for k in state.dyson)):
        out.append(f"the Dyson Ring card holds {state.dyson}")
    if state.mega_card not in CARDS:
        out.append(f"no Megastructure card {state.mega_card!r}")
    if state.mega_card != DYSON and any(state.dyson):
        out.append("structures on the Dyson Ring card, and the Dyson Ring is not in play")
    return out
