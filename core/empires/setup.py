"""A new game of Ascending Empires set up for 2, 3 or 4 players (rulebook: "Game Setup (4
Players)", "Setup and Rules for 2 and 3 Players", "Randomize Discovery Tokens").

Where discs go is read from ``content/setups.toml``; the discovery tokens from
``content/discovery.toml``. Every random choice — which disc lies in which hole, which tokens
make a quadrant's set and where they lie, where a robot goes instead of an artifact, the
start player — is drawn from the game's seeded generator, in that order.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from math import isqrt
from typing import TYPE_CHECKING, Any

from core.content import ContentError, content_file, read
from core.contract import seats_and_names
from core.empires import empires, mega_cards, missions, variants
from core.empires.aim import DEFAULT_STEADINESS, STEADINESS
from core.empires.fixedtrig import UNIT_BITS, unit_vector
from core.empires.geometry import QUADRANTS, Starmap, starmap
from core.empires.mines import mine_ids
from core.empires.physics import GUARDIAN, Disc
from core.empires.sliding import rnd, tdiv_round
from core.empires.state import (
    PLANET_COLOURS,
    PLAYER_COLOURS,
    SHIPS_START,
    WARSHIP_BASE,
    Location,
    Player,
    State,
    advanced_ids,
    ship_ids,
    starbase_ids,
)
from core.empires.technology import TILES
from core.rng import Rng

if TYPE_CHECKING:
    from core.content import Source

MODULES = ("guardian_warships", "ancient_libraries")
PRINTED = "printed"  # the module field of the printed sets' own events
TOKENS_PER_QUADRANT = 6
DISC_NAMES = (*PLANET_COLOURS, "relic", "artifact", "warpgate")
# The location discs in the box: four of each planet colour, relic planets, artifacts and
# warpgates; every set-up lays out all 28.
_ALL_DISCS = Counter({name: 4 for name in DISC_NAMES})
# Starting ships stand in the middle of their warpgate's band of orbit, 40° either side of
# the line to the centre of the map.
_START_SPREAD = 4000


@dataclass(frozen=True)
class Fixed:
    hole: str
    disc: str
    wormhole: str
    faceup: bool
    destroyed: bool


@dataclass(frozen=True)
class Group:
    holes: tuple[str, ...]  # full hole ids
    quadrant: int
    discs: tuple[str, ...]


@dataclass(frozen=True)
class Setup:
    players: int
    vp_pool: int
    gates: tuple[str, ...]
    robots_on_centre: bool
    warships_on_spaces: bool
    fixed: tuple[Fixed, ...]
    groups: tuple[Group, ...]


@dataclass(frozen=True)
class Token:
    id: str
    kind: str
    module: str
    text: str


@functools.cache
def setups() -> dict[int, Setup]:
    """The set-ups by player count, read (and checked against the Starmap) once."""
    return load_setups(content_file("core.empires", "setups.toml"))


@functools.cache
def laid_in_sight(players: int) -> frozenset[str]:
    """The holes whose face-down disc every player saw laid at set-up (the unused warpgates,
    the artifacts the set-up places by name): their kind is public, only the token on them is
    not. The Solo Campaign lays the four-player map."""
    return frozenset(f.hole for f in setups()[players].fixed if not f.faceup)


def load_setups(source: Source) -> dict[int, Setup]:
    """The set-ups of a content file; ContentError naming the entry and field if wrong."""
    holes = {h.id for h in starmap().holes}
    out: dict[int, Setup] = {}
    for f in read(source, ("setup",)).entries("setup", key="players"):
        f.only(("players", "vp_pool", "gates", "robots_on_centre", "warships_on_spaces",
                "fixed", "group"))
        n = f.integer("players", lo=2, hi=4)
        gates = tuple(f.strings("gates"))
        fixed = []
        for g in f.tables("fixed", []):
            g.only(("hole", "disc", "wormhole", "faceup", "destroyed"))
            fixed.append(Fixed(g.choice("hole", sorted(holes)), g.choice("disc", DISC_NAMES),
                               g.choice("wormhole", ("", "A", "B"), ""),
                               g.flag("faceup", False), g.flag("destroyed", False)))
        groups = []
        for g in f.tables("group"):
            g.only(("quadrants", "holes", "discs"))
            names = g.strings("holes")
            discs = tuple(g.strings("discs"))
            if len(names) != len(discs) or any(d not in DISC_NAMES for d in discs):
                raise g.fail("discs", "must name one disc of "
                             f"{', '.join(DISC_NAMES)} for each hole")
            for q in g.integers("quadrants"):
                groups.append(Group(tuple(f"{q}.{h}" for h in names), q, discs))
        used = list(gates) + [x.hole for x in fixed] + [h for g in groups for h in g.holes]
        if len(gates) != n or sorted(used) != sorted(holes):
            raise f.fail("", f"must fill each of the {len(holes)} holes exactly once "
                         f"and give each of the {n} players a warpgate")
        laid = Counter(["warpgate"] * len(gates) + [x.disc for x in fixed]
                       + [d for g in groups for d in g.discs])
        if laid != _ALL_DISCS:
            raise f.fail("", "must use every location disc once: "
                         f"{', '.join(f'{v} {k}' for k, v in sorted(_ALL_DISCS.items()))}")
        out[n] = Setup(n, f.integer("vp_pool", lo=1), gates, f.flag("robots_on_centre"),
                       f.flag("warships_on_spaces"), tuple(fixed), tuple(groups))
    if sorted(out) != [2, 3, 4]:
        raise ContentError(source.name, "", "", "needs a set-up for 2, 3 and 4 players")
    return out


@functools.cache
def tokens() -> tuple[Token, ...]:
    """The discovery tokens, relics first, in file order."""
    return load_tokens(content_file("core.empires", "discovery.toml"))[0]


@functools.cache
def printed_sets() -> dict[int, tuple[str, ...]]:
    """Each player count's printed set of a quadrant's tokens ("relic": one drawn)."""
    return load_tokens(content_file("core.empires", "discovery.toml"))[1]


def load_tokens(source: Source) -> tuple[tuple[Token, ...], dict[int, tuple[str, ...]]]:
    """The tokens and printed sets of a content file; ContentError naming entry and field."""
    doc = read(source, ("token", "set"))
    out = []
    for f in doc.entries("token"):
        f.only(("id", "kind", "module", "text"))
        out.append(Token(f.identifier(), f.choice("kind", ("relic", "event")),
                         f.choice("module", ("", *MODULES, PRINTED), ""),
                         f.text("text", blank=False)))
    events = [t.id for t in out if t.kind == "event"]
    sets: dict[int, tuple[str, ...]] = {}
    for f in doc.entries("set", key="players"):
        f.only(("players", "tokens"))
        n = f.integer("players", lo=2, hi=4)
        names = tuple(f.strings("tokens"))
        for name in names:
            if name != "relic" and name not in events:
                raise f.fail("tokens", f"{name!r} is neither \"relic\" nor an event token")
        if not 1 <= len(names) <= TOKENS_PER_QUADRANT:
            raise f.fail("tokens", f"a quadrant's set has 1 to {TOKENS_PER_QUADRANT} tokens")
        sets[n] = names
    if sorted(sets) != [2, 3, 4]:
        raise ContentError(source.name, "", "set", "needs a printed set for 2, 3 and 4 players")
    return tuple(sorted(out, key=lambda t: t.kind != "relic")), sets


def normalize_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options with their defaults; ValueError naming the one that is wrong."""
    # Each module may also be switched on by its own option (the settings' on/off rows).
    known = {"players", "seats", "names", "steadiness", "modules", "events", "rules", *MODULES,
             *variants.KEYS}
    extra = sorted(set(options) - known)
    if extra:
        raise ValueError(f"unknown option {extra[0]!r} for Ascending Empires")
    if options.get("rules", "new_era") != "new_era":  # start.py sends Classic games away
        raise ValueError(f"these are the New Era rules, not {options['rules']!r}")
    players = options.get("players", 2)
    if type(players) is not int or not 2 <= players <= 4:
        raise ValueError(f"Ascending Empires is for 2 to 4 players, not {players!r}")
    seats, names = seats_and_names(options, players)
    steadiness = options.get("steadiness", DEFAULT_STEADINESS)
    if steadiness not in STEADINESS:
        raise ValueError(f"steadiness is one of {', '.join(STEADINESS)}, not {steadiness!r}")
    raw_modules = options.get("modules", [])
    if not isinstance(raw_modules, list | tuple):
        raise ValueError(f"modules is a list of module names, not {raw_modules!r}")
    for m in MODULES:
        if type(options.get(m, False)) is not bool:
            raise ValueError(f"{m} is on (true) or off (false), not {options[m]!r}")
    modules = sorted(set(raw_modules) | {m for m in MODULES if options.get(m)})
    for m in modules:
        if m not in MODULES:
            raise ValueError(f"unknown module {m!r} (there are {', '.join(MODULES)})")
    events = options.get("events", max(1, len(modules)))
    if type(events) is not int or events not in (1, 2) or events < len(modules):
        raise ValueError(f"each quadrant has 1 or 2 event tokens, and at least one for each "
                         f"module's event ({len(modules)}), not {events!r}")
    return {"players": players, "seats": seats, "names": names, "steadiness": steadiness,
            "modules": modules, "events": events,
            # A switch given is kept (the settings read it back); one not given is left out.
            **{m: m in modules for m in MODULES if m in options},
            **({"rules": "new_era"} if "rules" in options else {}),
            **variants.normalize(options, players)}


def new_game(options: dict[str, Any], seed: int) -> State:
    """A game set up and ready for the start player's first turn."""
    opts = normalize_options(options)
    spec = setups()[opts["players"]]
    rng = Rng.stream(seed, "game")
    table = starmap()
    spots = _locations(spec, rng, opts["corners"] == "destroyed")
    state = State(opts, rng, [spots[h.id] for h in table.holes], [], [], spec.vp_pool,
                  spec.vp_pool)
    state.destroyed_tokens -= sum(loc.destroyed for loc in state.locations)
    _deal_tokens(state, spec, opts, rng)
    if spec.robots_on_centre:
        _robots_on_centre(state, table, rng)
    if spec.warships_on_spaces:
        for q, space in enumerate(table.spaces):
            state.discs.append(Disc(WARSHIP_BASE + q, "warship", GUARDIAN, space.x, space.y,
                                    table.radius["warship"]))
            state.warships -= 1
    for seat, hole in enumerate(spec.gates):
        gate = table.hole(hole)
        p = Player(seat, PLAYER_COLOURS[seat], hole, gate.quadrant)
        ids = ship_ids(seat)
        p.ships_locked = ids[SHIPS_START:]
        p.starbases = starbase_ids(seat)
        p.advanced_locked = sorted(advanced_ids(seat).values())
        if opts["proximity_mines"]:
            p.mines = mine_ids(seat)
        for ship, turn in zip(ids[:SHIPS_START], (-_START_SPREAD, _START_SPREAD), strict=True):
            x, y = _start_spot(table, gate.x, gate.y, turn)
            state.discs.append(Disc(ship, "ship", seat, x, y, table.radius["ship"]))
        state.players.append(p)
    state.turns_taken = [0] * spec.players
    if opts["megastructures"]:
        state.dyson = [""] * spec.players
    state.current = state.to_move = rng.below(spec.players)
    missions.deal(state, rng)  # drawn after the start player, so the table's draws stand
    if opts["randomize_technology"]:
        state.tech_sides = "".join("ab"[rng.below(2)] for _ in range(TILES))
    if opts["empires"]:
        empires.deal(state, rng)
    if opts["megastructures"]:  # drawn last, and only for "random": the Dyson Ring's
        # games deal exactly as they did before there was a choice
        state.mega_card = mega_cards.choose(opts.get("megastructure", mega_cards.DYSON), rng)
    return state


def _locations(spec: Setup, rng: Rng, destroyed_corners: bool = False
               ) -> dict[str, Location]:
    spots: dict[str, Location] = {}
    for seat, hole in enumerate(spec.gates):
        spots[hole] = Location(hole, "warpgate", PLAYER_COLOURS[seat], faceup=True)
    spare = iter(PLAYER_COLOURS[spec.players:])
    for f in spec.fixed:
        loc = _disc(f.hole, f.disc)
        if f.disc == "warpgate":
            loc.colour, loc.inert = next(spare), True
        loc.wormhole, loc.faceup, loc.destroyed = f.wormhole, f.faceup, f.destroyed
        if destroyed_corners and f.wormhole == "A":  # the 2-player variant: no pair A
            loc.wormhole, loc.destroyed = "", True
        spots[f.hole] = loc
    for g in spec.groups:
        discs = list(g.discs)
        rng.shuffle(discs)
        for hole, disc in zip(g.holes, discs, strict=True):
            spots[hole] = _disc(hole, disc)
    return spots


def _disc(hole: str, name: str) -> Location:
    if name in PLANET_COLOURS:
        return Location(hole, "planet", name)
    return Location(hole, name)


def _deal_tokens(state: State, spec: Setup, opts: dict[str, Any], rng: Rng) -> None:
    """Each quadrant gets the same set of six: the modules' events, more events drawn to make
    the chosen number, relics drawn for the rest; shuffled and laid face down on the
    quadrant's face-down locations (any left over are out of the game)."""
    pool = tokens()
    events = [t.id for t in pool if t.kind == "event" and t.module in opts["modules"]]
    extra = [t.id for t in pool if t.kind == "event" and not t.module]
    rng.shuffle(extra)
    events += extra[:opts["events"] - len(events)]
    relics = [t.id for t in pool if t.kind == "relic"]
    rng.shuffle(relics)
    chosen = events + relics[:TOKENS_PER_QUADRANT - len(events)]
    for q in range(QUADRANTS):
        holes = [h for g in spec.groups if g.quadrant == q for h in g.holes]
        deal = list(chosen) if opts["discovery"] == "random" else _printed(spec.players, rng)
        rng.shuffle(deal)
        state.tokens_dealt += len(deal)
        for hole in holes:
            state.location(hole).token = deal.pop()
        state.discarded += deal


def _printed(players: int, rng: Rng) -> list[str]:
    """A quadrant's printed set, each "relic" a relic drawn at random, none twice."""
    relics = [t.id for t in tokens() if t.kind == "relic"]
    rng.shuffle(relics)
    return [relics.pop() if name == "relic" else name for name in printed_sets()[players]]


def _robots_on_centre(state: State, table: Starmap, rng: Rng) -> None:
    """A robot on each centremost planet, turned face up, its token to the Relic Archive (an
    event is out of the game, as when robots discover one). An artifact there is turned up
    and the robot goes to another face-down location of the quadrant instead."""
    for hole in table.centremost():
        loc = state.location(hole.id)
        _reveal_for_robots(state, loc)
        if loc.kind == "artifact":
            hidden = [x for x in state.locations if not x.faceup and x.token
                      and table.hole(x.hole).quadrant == hole.quadrant]
            loc = hidden[rng.below(len(hidden))]
            _reveal_for_robots(state, loc)
        loc.robots += 1
        state.robots -= 1


def _reveal_for_robots(state: State, loc: Location) -> None:
    loc.faceup = True
    if loc.token:
        kind = next(t.kind for t in tokens() if t.id == loc.token)
        (state.archive if kind == "relic" else state.discarded).append(loc.token)
        loc.token = ""


def _start_spot(table: Starmap, gx: int, gy: int, turn: int) -> tuple[int, int]:
    """Where a starting ship stands: in the middle of the band round the warpgate at (gx, gy),
    ``turn`` hundredths of a degree off the line towards the centre of the map."""
    # Rounded half away from zero throughout, so mirrored warpgates get mirrored ships.
    norm = isqrt(gx * gx + gy * gy)
    ux, uy = tdiv_round(-gx << UNIT_BITS, norm), tdiv_round(-gy << UNIT_BITS, norm)
    c, s = unit_vector(turn % 36000)
    rx, ry = rnd(ux * c - uy * s, UNIT_BITS), rnd(ux * s + uy * c, UNIT_BITS)
    dist = table.radius["location"] + table.radius["ship"] + (
        table.orbit - table.radius["location"]) // 2
    return gx + rnd(rx * dist, UNIT_BITS), gy + rnd(ry * dist, UNIT_BITS)
