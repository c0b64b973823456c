"""Mission cards (rulebook: "Mission Cards", "Completing Mission Cards", "Score Missions";
the deck itself is ours, in ``content/missions.toml``).

Four cards lie face up by the Starmap, each on its side a or b. With an Interact action a
seat whose position meets a shown mission's goal puts cubes on it: 2 if no one has completed
it yet, 1 otherwise; once per seat and mission. At the end 2 cubes score the card's ``first``
VP, 1 cube its ``others`` VP. Missions are public: every seat sees the same four.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.content import ContentError, content_file, read
from core.contract import Event
from core.empires.occupancy import colour_of, is_planet, occupied_by, orbit_of, quadrant
from core.empires.state import PLANET_COLOURS, State, advanced_ids
from core.rng import Rng

if TYPE_CHECKING:
    from core.content import Source

DEALT = 4
SIDES = ("a", "b")


def _planets(state: State, seat: int) -> list[int]:
    return [i for i in occupied_by(state, seat) if is_planet(state.locations[i])]


def _on_map(state: State, seat: int, kind: str) -> int:
    return sum(1 for loc in state.locations for who, k in loc.pieces if who == seat and k == kind)


def _ships(state: State, seat: int, kind: str = "ship") -> int:
    return sum(1 for d in state.discs if d.kind == kind and d.owner == seat)


def _same_colour(state: State, seat: int) -> int:
    colours = Counter(colour_of(state.locations[i]) for i in _planets(state, seat))
    colours.pop("", None)
    return max(colours.values(), default=0)


def _full(state: State, seat: int) -> int:
    return sum(1 for loc in state.locations
               if len([1 for who, _ in loc.pieces if who == seat]) >= 3)


def _rival_home(state: State, seat: int) -> int:
    homes = {p.home for p in state.players if p.seat != seat}
    return sum(1 for i in _planets(state, seat) if quadrant(i) in homes)


def _artifacts(state: State, seat: int) -> int:
    return len({orbit_of(d) for d in state.discs if d.kind == "ship" and d.owner == seat
                and orbit_of(d) >= 0 and state.locations[orbit_of(d)].kind == "artifact"
                and state.locations[orbit_of(d)].faceup})


def _advanced(state: State, seat: int) -> int:
    locked = state.players[seat].advanced_locked
    return sum(1 for ship in advanced_ids(seat).values() if ship not in locked)


# Each goal keyword and what it counts for a seat.
GOALS: dict[str, Callable[[State, int], int]] = {
    "quadrants": lambda s, seat: len({quadrant(i) for i in _planets(s, seat)}),
    "rival_home": _rival_home,
    "colours": lambda s, seat: len({colour_of(s.locations[i]) for i in _planets(s, seat)}
                                   & set(PLANET_COLOURS)),
    "same_colour": _same_colour,
    "away": lambda s, seat: sum(1 for i in _planets(s, seat)
                                if quadrant(i) != s.players[seat].home),
    "relic_planets": lambda s, seat: sum(1 for i in _planets(s, seat)
                                         if s.locations[i].kind == "relic"),
    "cities": lambda s, seat: _on_map(s, seat, "city"),
    "outposts": lambda s, seat: _on_map(s, seat, "outpost"),
    "research": lambda s, seat: _on_map(s, seat, "research"),
    "troops": lambda s, seat: _on_map(s, seat, "troop"),
    "full_planet": _full,
    "starbases": lambda s, seat: _ships(s, seat, "starbase"),
    "ships": lambda s, seat: _ships(s, seat),
    "artifacts": _artifacts,
    "advanced": _advanced,
    "energy": lambda s, seat: s.players[seat].energy_ready,
    "relics": lambda s, seat: len(s.players[seat].relics),
    "tech_colours": lambda s, seat: sum(1 for v in s.players[seat].tech.values() if v > 0),
    "tech_level": lambda s, seat: max(s.players[seat].tech.values()),
    "tech_total": lambda s, seat: sum(s.players[seat].tech.values()),
}


@dataclass(frozen=True)
class Mission:
    """One side of a mission card: ``id`` is ``card:side``."""

    id: str
    name: str
    goal: str
    count: int
    first: int
    others: int
    text: str


@functools.cache
def missions() -> dict[str, Mission]:
    """Every side of every card, by ``card:side``, in file order."""
    return load(content_file("core.empires", "missions.toml"))


def load(source: Source) -> dict[str, Mission]:
    """The mission deck of a content file; ContentError naming entry and field if wrong."""
    out: dict[str, Mission] = {}
    names: set[str] = set()
    for f in read(source, ("mission",)).entries("mission"):
        f.only(("id", *SIDES))
        card = f.identifier()
        for side in SIDES:
            g = f.table(side)
            g.only(("name", "goal", "count", "first", "others", "text"))
            m = Mission(f"{card}:{side}", g.text("name", blank=False),
                        g.choice("goal", tuple(GOALS)), g.integer("count", lo=1),
                        g.integer("first", lo=1), g.integer("others", lo=0),
                        g.text("text", blank=False))
            if m.others >= m.first:
                raise g.fail("others", f"must be less than first ({m.first}): the first "
                             "to complete a mission scores more")
            if m.name in names:
                raise g.fail("name", f"the name {m.name!r} is used twice")
            names.add(m.name)
            out[m.id] = m
    if len(out) < 2 * DEALT:
        raise ContentError(source.name, "", "", f"needs at least {DEALT} cards to deal")
    return out


def cards() -> list[str]:
    """The card ids of the deck, in file order."""
    return list(dict.fromkeys(m.split(":")[0] for m in missions()))


def deal(state: State, rng: Rng) -> None:
    """Shuffle the deck and lay out four cards, each on a side drawn at random."""
    deck = cards()
    rng.shuffle(deck)
    state.missions = [f"{card}:{SIDES[rng.below(2)]}" for card in deck[:DEALT]]
    state.mission_cubes = [[0] * state.n for _ in state.missions]


def progress(state: State, seat: int, k: int) -> tuple[int, int]:
    """How far ``seat`` is towards shown mission ``k``: (have, needed)."""
    m = missions()[state.missions[k]]
    return GOALS[m.goal](state, seat), m.count


def mission_reason(state: State, k: int) -> str | None:
    """Why the seat to move cannot complete shown mission ``k`` now; None if it can."""
    seat = state.current
    if not 0 <= k < len(state.missions):
        return f"there is no mission {k} (there are {len(state.missions)})"
    m = missions()[state.missions[k]]
    if state.mission_cubes[k][seat]:
        return f"you have already completed {m.name}"
    have, need = progress(state, seat, k)
    if have < need:
        return f"{m.name} is not met: {m.text} (you have {have} of {need})"
    return None


def cubes_for(state: State, k: int) -> int:
    """The cubes completing shown mission ``k`` now puts on it: 2 for the first to complete
    it, else 1."""
    return 1 if any(state.mission_cubes[k]) else 2


def vp_for(mission: Mission, cubes: int) -> int:
    """What ``cubes`` on ``mission`` score at the end."""
    return mission.first if cubes == 2 else mission.others if cubes == 1 else 0


def complete(state: State, k: int) -> list[Event]:
    """Cubes on shown mission ``k``: 2 for the first to complete it, else 1."""
    seat = state.current
    cubes = cubes_for(state, k)
    state.mission_cubes[k][seat] = cubes
    return [Event("mission", seat, k, cubes)]


def mission_vp(state: State, seat: int) -> int:
    """The VP ``seat``'s cubes on the shown missions score at the end."""
    total = 0
    for k, mid in enumerate(state.missions):
        total += vp_for(missions()[mid], state.mission_cubes[k][seat])
    return total


def mission_problems(state: State) -> list[str]:
    """The audit's look at the missions: each dealt card once, cubes 0-2 per seat, and the
    only 2 on a card the first comer's."""
    out: list[str] = []
    deck = missions()
    shown_cards = [m.split(":")[0] for m in state.missions]
    if any(m not in deck for m in state.missions) or len(set(shown_cards)) != len(shown_cards):
        out.append(f"missions {state.missions}: not distinct sides of the deck's cards")
    if len(state.mission_cubes) != len(state.missions):
        out.append("mission cubes are not counted for every shown mission")
    for k, row in enumerate(state.mission_cubes):
        if len(row) != state.n or any(c not in (0, 1, 2) for c in row):
            out.append(f"mission {k}: cubes {row}")
        elif any(row) and row.count(2) != 1:
            out.append(f"mission {k}: cubes {row}, not one first comer with 2")
    return out
