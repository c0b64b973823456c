"""A location disc named as the log, hints and questions name it, in every mode."""

from __future__ import annotations

from core.empires.geometry import place
from core.empires.state import State


def disc_name(state: State, i: int) -> str:
    """'the green planet at top-left middle', 'the relic planet at …', 'the artifact at …',
    or the face-down disc while nobody knows what it is."""
    if not 0 <= i < len(state.locations):
        return f"location {i}"
    loc = state.locations[i]
    if not loc.faceup:
        return f"the face-down disc at {place(loc.hole)}"
    name = loc.terraform or loc.colour
    kind = "planet" if loc.kind in ("planet", "relic") or loc.terraform else loc.kind
    if loc.kind == "relic" and not loc.terraform:
        name = "relic"
    return f"the {name} {kind} at {place(loc.hole)}".replace("  ", " ")
