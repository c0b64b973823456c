"""Final scoring and the winner (rulebook: "Scoring", "Final Score", "Ancient Libraries").

Troops first (1 VP for every 2 taken off the map, after the Ancient Library bonus), then
occupied planets (1 at home, 2 elsewhere, 2 more for an untouched relic planet), then the
structure symbols uncovered on the dashboard, then the missions (the first comer's VP for 2
cubes, the others' for 1) and the structure on the Dyson Ring card (Megastructures). Ties:
most VP tokens, then most technology levels; a tie after both is shared.
"""

from __future__ import annotations

import functools
from typing import Any

from core.content import content_file, read
from core.contract import Outcome
from core.empires import solo_rules
from core.empires.classic_scoring import classic_parts
from core.empires.empires import has_empire
from core.empires.megastructures import card_vp
from core.empires.missions import mission_vp
from core.empires.occupancy import is_planet, occupant, quadrant
from core.empires.state import STRUCTURE_COUNTS, State
from core.empires.technology import has


@functools.cache
def symbols() -> dict[str, tuple[int, ...]]:
    """The VP symbols under each dashboard space, by structure, in the order the spaces
    empty (``content/dashboard.toml``)."""
    doc = read(content_file("core.empires", "dashboard.toml"), ("symbols",))
    f = doc.entries("symbols", key="structure")
    out = {}
    for row in f:
        row.only(("structure", "vp"))
        kind = row.choice("structure", tuple(STRUCTURE_COUNTS))
        vp = row.integers("vp")
        if len(vp) != STRUCTURE_COUNTS[kind] or min(vp) < 0:
            raise row.fail("vp", f"needs {STRUCTURE_COUNTS[kind]} numbers of 0 or more")
        out[kind] = vp
    if sorted(out) != sorted(STRUCTURE_COUNTS):
        raise row.fail("structure", "every structure needs its row of symbols")
    return out


def final_scores(state: State) -> list[dict[str, int]]:
    """Each seat's score by part (a copy of the table is scored; the state is untouched)."""
    if state.classic is not None:
        return classic_parts(state)
    s = state.copy()
    parts: list[dict[str, int]] = [{"tokens": p.vp} for p in s.players]
    for seat in range(s.n):
        libraries = {quadrant(i) for i, loc in enumerate(s.locations)
                     if loc.library and occupant(s, i) == seat}
        troops = [i for i, loc in enumerate(s.locations) for who, k in loc.pieces
                  if who == seat and k == "troop"]
        parts[seat]["libraries"] = sum(1 for i in troops if quadrant(i) in libraries)
        parts[seat]["troops"] = len(troops) if has_empire(s, seat, "marrow") else len(troops) // 2
    for loc in s.locations:
        loc.pieces = [x for x in loc.pieces if x[1] != "troop"]
    for seat, p in enumerate(s.players):
        planets = [i for i, loc in enumerate(s.locations) if is_planet(loc)
                   and occupant(s, i) == seat]
        parts[seat]["gaia_engines"] = len(planets) if has(s, seat, "gaia_engines") else 0
        home_vp = 2 if has_empire(s, seat, "tereth") else 1
        parts[seat]["planets"] = sum(home_vp if quadrant(i) == p.home else 2 for i in planets)
        parts[seat]["relic_planets"] = 2 * sum(
            1 for i in planets if s.locations[i].kind == "relic" and not s.locations[i].terraform)
        parts[seat]["structures"] = sum(
            sum(symbols()[kind][:STRUCTURE_COUNTS[kind] - p.structures[kind]])
            for kind in STRUCTURE_COUNTS)
        parts[seat]["missions"] = mission_vp(s, seat)
        parts[seat]["dyson_ring"] = card_vp(s, seat)
        if has_empire(s, seat, "sable"):
            parts[seat]["empire"] = sum(1 for d in s.discs if d.kind == "starbase"
                                        and d.owner == seat)
    return parts


def outcome(state: State) -> Outcome | None:
    if state.to_move is not None:
        return None
    if state.solo is not None:
        return solo_rules.outcome(state)
    return ranked(state, final_scores(state) if state.classic is None else classic_parts(state))


def ranked(state: State, parts: list[dict[str, int]]) -> Outcome:
    """The outcome of seats scoring ``parts``: the most points win; a tie goes to the most
    VP tokens, then the most technology levels (the same in both rules sets)."""
    scores = tuple(sum(x.values()) for x in parts)
    tech = [sum(p.tech.values()) for p in state.players]
    key = [(scores[s], state.players[s].vp, tech[s]) for s in range(state.n)]
    best = max(key)
    winners = tuple(s for s in range(state.n) if key[s] == best)
    top = [s for s in range(state.n) if scores[s] == best[0]]
    tiebreak = ""
    if len(top) > 1:
        tokens = [s for s in top if state.players[s].vp == best[1]]
        tiebreak = "most VP tokens" if len(tokens) == 1 else (
            "most technology levels" if len(winners) == 1 else "shared")
    details: dict[str, Any] = {"parts": parts}
    return Outcome(scores, winners, tiebreak, details)


def scores(state: State) -> tuple[int, ...]:
    """Where the scores stand: the VP tokens each seat has taken, and once the game is over
    the final scores."""
    result = outcome(state)
    return result.scores if result is not None else tuple(p.vp for p in state.players)
