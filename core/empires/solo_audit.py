"""What is wrong with a Solo Campaign table, in words (the competitive audit counts the
robots, warships, destroyed-planet tokens and discovery tokens with the solo piles in them):
every Invasion and Warship card once, the turn's queue and question, cubes, settlers,
Megastructures and the result."""

from __future__ import annotations

from collections import Counter

from core.empires.occupancy import orbit_of
from core.empires.solo_content import solo_content
from core.empires.solo_state import QUESTIONS
from core.empires.state import CUBES, State


def solo_problems(state: State) -> list[str]:
    s = state.solo
    assert s is not None
    out: list[str] = []
    content = solo_content()
    cards = [c for c in content.invasion if not (s.scenario == 5 and c == "target_blue")]
    have = Counter([*s.deck, *s.discard, *s.warship_pile])
    if have != Counter(cards + list(content.warships)):
        out.append(f"Invasion and Warship cards {sorted(have.elements())}, not each once")
    if state.n != 1:
        out.append(f"a solo game with {state.n} dashboards")
    if state.pending[:1] == ["solo"] and (len(state.pending) != 2 or state.pending[1] not in
                                          QUESTIONS or not s.steps):
        out.append(f"a solo question {state.pending!r} without its step")
    if s.steps and not state.pending:
        out.append(f"invasion steps {s.steps!r} left with no question open")
    if min(s.cubes) < 0 or sum(s.cubes) + len(s.controlled) > CUBES or sorted(set(
            s.sides)) not in (["A"], ["B"], ["A", "B"]) or len(s.sides) != 4:
        out.append(f"technology cards {s.sides} with cubes {s.cubes}")
    if min(s.on_deck, s.jams) < 0:
        out.append("a negative count of skipped draws")
    settlers = len(s.settlers) + len(s.aboard) + len(s.rescued) + len(s.lost_settlers)
    if settlers != s.settlers_start:
        out.append(f"{settlers} settlers accounted for, not the {s.settlers_start} set out")
    ships = {d.id: d for d in state.discs if d.kind == "ship" and d.owner == 0}
    for ship, _ in s.aboard:
        if ship not in ships:
            out.append(f"a settler aboard ship {ship}, which is not on the map")
    if len({ship for ship, _ in s.aboard}) != len(s.aboard):
        out.append("a starship carries two settlers")
    for i, _ in s.settlers:
        loc = state.locations[i]
        if not loc.faceup or loc.pieces or loc.robots:
            out.append(f"settlers on {loc.hole}, which is face down or someone else's")
    for i in s.megas:
        if state.locations[i].kind != "artifact" or not state.locations[i].faceup:
            out.append(f"a Megastructure on {state.locations[i].hole}, not a face-up artifact")
    if not set(s.controlled) <= set(s.megas) or len(set(s.megas)) != len(s.megas):
        out.append("a Megastructure controlled that is not on the map, or two on one disc")
    for d in state.discs:
        if d.kind == "robot" and orbit_of(d) < 0:
            out.append(f"robot {d.id} stands in no orbit")
    if (state.to_move is None) != bool(s.result) or s.result and not s.result.startswith(
            ("won: ", "lost: ")):
        out.append(f"the result {s.result!r} does not match the game being over")
    return out
