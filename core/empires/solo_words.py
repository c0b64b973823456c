"""The Solo Campaign's actions in plain words, for the log, hints and replays."""

from __future__ import annotations

from core.contract import Action
from core.empires.solo_content import solo_content
from core.empires.state import PLANET_COLOURS, State

QUADRANT_NAMES = ("top-left", "top-right", "bottom-right", "bottom-left")


def _where(state: State, i: int) -> str:
    if not 0 <= i < len(state.locations):
        return f"location {i}"
    loc = state.locations[i]
    if not loc.faceup:
        return f"the face-down disc at {loc.hole}"
    name = loc.terraform or (loc.colour if loc.kind == "planet" else loc.kind)
    return f"the {name} {'planet' if loc.kind in ('planet', 'relic') else 'disc'} at {loc.hole}"


def solo_words(state: State, a: Action) -> str:
    s = state.solo
    if a.kind == "solo" and s is not None and s.steps:
        step = s.steps[0]
        if step == "warship":
            name = QUADRANT_NAMES[a.card] if 0 <= a.card < 4 else str(a.card)
            return f"the warship takes the {name} quadrant's space"
        if step.startswith("terraform:"):
            colour = PLANET_COLOURS[a.card] if 0 <= a.card < 4 else "?"
            return f"terraform the library's planet {colour}"
        if step == "fallback":
            return f"the robot reinforces {_where(state, a.card)}"
        return f"the invaders reveal {_where(state, a.card)}"
    if a.kind == "solo":
        return "answer the invaders"
    if a.kind == "solo_tech" and s is not None and 0 <= a.card < 8:
        colour = PLANET_COLOURS[a.card // 2]
        side = solo_content().technology[(colour, s.sides[a.card // 2])]
        ability = side.abilities[a.card % 2]
        where = f" ({_where(state, a.option)})" if a.option >= 0 else ""
        return f"{side.name}: {ability.text}{where}"
    if a.kind == "solo_control":
        return f"spend 2 energy to take control of the Megastructure at {_where(state, a.card)}"
    if a.kind == "solo_deploy":
        return f"deploy ship {a.card} to the Megastructure at {_where(state, a.option)}"
    return a.kind
