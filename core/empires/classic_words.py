"""The Classic rules' actions and events in plain words (``words.py`` asks here first in a
Classic game and says the rest itself: flicks, launches, landings, attacks)."""

from __future__ import annotations

from collections.abc import Callable

from core.contract import Action, Event
from core.empires.classic_state import ACTIONS, BUILDS, CITY_BONUS
from core.empires.state import PLANET_COLOURS, State

Where = Callable[[State, int], str]


def classic_words(state: State, a: Action, where: Where) -> str | None:
    """``a`` in one short line, or None for the kinds the New Era words say as well."""
    k = a.kind
    if k == "choose":
        name = ACTIONS[a.card] if 0 <= a.card < len(ACTIONS) else "?"
        return f"take the {'Develop Technology' if name == 'develop' else name.title()} action"
    if k == "deploy_troop":
        return f"deploy a troop to {where(state, a.card)}"
    if k == "retreat":
        return f"retreat a troop from {where(state, a.card)}"
    if k == "mine_planet":
        return f"mine {where(state, a.card)} with {a.option} troops"
    if k == "build":
        name = BUILDS[a.option] if 0 <= a.option < len(BUILDS) else "structure"
        return f"build {'a research facility' if name == 'research' else 'a ' + name} on " \
               f"{where(state, a.card)}"
    if k == "develop":
        colour = PLANET_COLOURS[a.card] if 0 <= a.card < len(PLANET_COLOURS) else "?"
        level = state.players[state.current].tech.get(colour, 0) + 1
        return f"develop {colour} technology to level {level}"
    if k == "city_bonus":
        return f"the city brings a {CITY_BONUS[a.card] if 0 <= a.card < 2 else 'piece'}"
    if k == "retire":
        return f"return ship {a.card} to the box for the Battleship"
    if k == "end":
        if state.phase == "act":
            return "done: to the attacks" if state.action == "move" else "done: end the turn"
        return "strike and end the turn"
    return None


def classic_event_line(state: State, e: Event, where: Where) -> str | None:
    who = state.players[e.seat].colour if 0 <= e.seat < state.n else "nobody"
    lines: dict[str, Callable[[], str]] = {
        "unlock": lambda: f"{who} takes a " + ("troop" if e.value == 0 else "starship")
        + " from those set aside",
        "deploy_troop": lambda: f"{who} deploys a troop to {where(state, e.card)}",
        "retreat": lambda: f"{who} retreats a troop from {where(state, e.card)}",
        "mine": lambda: f"{who} mines {where(state, e.card)} with {e.value} troops",
        "build": lambda: f"{who} builds on {where(state, e.card)}",
        "develop": lambda: f"{who} develops {PLANET_COLOURS[e.card]} to level {e.value}"
        if 0 <= e.card < len(PLANET_COLOURS) else f"{who} develops a technology",
        "retire": lambda: f"{who} returns ship {e.card} to the box",
        "battleship": lambda: f"{who} takes the Battleship",
        "scan": lambda: f"{who} scans {where(state, e.card)}",
        "end_triggered": lambda: "the last VP token is taken: one last turn for the others",
    }
    line = lines.get(e.kind)
    return line() if line is not None else None
