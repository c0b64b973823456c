"""The Solo Campaign's actions in plain words, for the log, hints and replays."""

from __future__ import annotations

from core.contract import Action, Event
from core.empires.disc_names import disc_name
from core.empires.solo_content import solo_content
from core.empires.state import PLANET_COLOURS, State

QUADRANT_NAMES = ("top-left", "top-right", "bottom-right", "bottom-left")


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
            return f"the robot reinforces {disc_name(state, a.card)}"
        return f"the invaders reveal {disc_name(state, a.card)}"
    if a.kind == "solo":
        return "answer the invaders"
    if a.kind == "solo_tech" and s is not None and 0 <= a.card < 8:
        colour = PLANET_COLOURS[a.card // 2]
        side = solo_content().technology[(colour, s.sides[a.card // 2])]
        ability = side.abilities[a.card % 2]
        where = f" ({disc_name(state, a.option)})" if a.option >= 0 else ""
        return f"{side.name}: {ability.text}{where}"
    if a.kind == "solo_control":
        return f"spend 2 energy to take control of the Megastructure at {disc_name(state, a.card)}"
    if a.kind == "solo_deploy":
        return f"deploy ship {a.card} to the Megastructure at {disc_name(state, a.option)}"
    return a.kind


def solo_event_line(state: State, e: Event) -> str | None:
    """A Solo Campaign event in one short line (None: not one of the solo events)."""
    s = state.solo
    if s is None:
        return None
    content = solo_content()
    if e.kind == "invasion":
        card = s.discard[e.value - 1] if 0 < e.value <= len(s.discard) else s.card
        if card in content.warships:
            return f"Invasion: the {content.warships[card].name} Warship card"
        return f"Invasion: {content.invasion[card].text}" if card in content.invasion else None
    lines = {
        "robot_lands": f"a robot lands on {disc_name(state, e.card)} ({e.value} there)",
        "robot_orbits": f"a robot takes up orbit round {disc_name(state, e.card)}",
        "robots_repelled": f"{disc_name(state, e.card)} holds against {e.value} robots",
        "overrun": f"the robots overrun {disc_name(state, e.card)}",
        "warship": f"a warship arrives in the {QUADRANT_NAMES[e.value % 4]} quadrant",
        "draw_skipped": "no Invasion card this turn" + (
            ": the destroyed warship returns to the supply" if e.value else ": jammed"),
        "escalation": "Escalation: a Warship card joins the deck" if e.value
        else "Escalation: no Warship card left, the robots reinforce",
        "reshuffle": f"the Invasion deck is shuffled ({e.value} cards)",
        "explore": "no target: the robots explore instead",
        "cube": f"a cube under the {PLANET_COLOURS[e.card]} technology card ({e.value})"
        if 0 <= e.card < 4 else "",
        "settler_aboard": f"a settler boards ship {e.card}",
        "settler_rescued": "a settler is brought home",
        "settler_delivered": f"a settler joins the library at {disc_name(state, e.value)}",
        "settler_lost": "a settler is lost",
        "megastructure": f"a Megastructure wakes on {disc_name(state, e.card)}",
        "mega_control": f"you take control of the Megastructure at {disc_name(state, e.card)}",
        "robot_rammed": "a robot in orbit is rammed back to the supply",
        "robot_beaten": "a robot in orbit is beaten back to the supply",
        "robots_beaten": f"the robots on {disc_name(state, e.card)} are beaten",
        "warship_on_deck": "the warship is destroyed: it lies on the Invasion deck",
        "solo_won": f"scenario won: {s.result.removeprefix('won: ')}",
        "solo_lost": f"scenario lost: {s.result.removeprefix('lost: ')}",
    }
    return lines.get(e.kind) or None
