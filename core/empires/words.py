"""Actions and events of Ascending Empires in plain words, for the log, hints and replays."""

from __future__ import annotations

from collections.abc import Callable

from core.contract import Action, Event
from core.empires.build import TERRAFORM
from core.empires.classic_words import classic_event_line, classic_words
from core.empires.disc_names import disc_name
from core.empires.empires import empires
from core.empires.mega_cards import DYSON, HARVESTER, INFO, REENGINEER, TARGET
from core.empires.missions import cubes_for, missions, vp_for
from core.empires.phaseship import decode
from core.empires.rules import aim_of
from core.empires.solo_words import solo_event_line, solo_words
from core.empires.state import PLANET_COLOURS, STRUCTURES, State
from core.empires.turn import ACTIONS
from core.empires.view import EmpiresView
from core.words import counted


def _target(state: State, t: int) -> str:
    if t < len(state.locations):
        return disc_name(state, t)
    if t >= 400:
        return "the robot in orbit"
    if t >= 300:
        return "the guardian warship"
    return f"{_ship(state, t)}"


def _ship(state: State, ship: int) -> str:
    seat = ship % 100 // 10
    colour = state.players[seat].colour if 0 <= seat < state.n else "?"
    return f"{colour} {'starbase' if 200 <= ship < 300 else 'ship'} {ship}"


def _mission(state: State, k: int) -> str:
    if 0 <= k < len(state.missions):
        return missions()[state.missions[k]].name
    return f"mission {k}"


def _card(state: State) -> str:
    return INFO[state.mega_card].name if state.mega_card in INFO else "megastructure"


def _power_words(state: State, i: int, how: int) -> str:
    here = f"the {_card(state)} at {disc_name(state, i)}"
    if state.mega_card == DYSON:
        return f"{'build on' if how == 0 else 'overload'} {here}"
    if how >= TARGET:
        verb = "Plasma Blast" if state.mega_card == HARVESTER else "rebuild"
        return f"{verb} {disc_name(state, how - TARGET)} with {here}"
    if state.mega_card == HARVESTER:
        return f"harvest energy with {here}"
    c = how - REENGINEER
    colour = PLANET_COLOURS[c] if 0 <= c < len(PLANET_COLOURS) else "a colour's"
    return f"re-engineer the next {colour} technology with {here}"


def describe(table: State | EmpiresView, a: Action) -> str:
    """``a`` in one short line, in a state or in a seat's view of it."""
    state = table.table if isinstance(table, EmpiresView) else table
    if state.classic is not None:
        said = classic_words(state, a, disc_name)
        if said is not None:
            return said
    k = a.kind
    if k == "choose":
        return f"take the {ACTIONS[a.card].title()} action"
    if k == "boost":
        if a.card == 2:
            return "boost the action twice with the Double Energy token"
        return "boost the action with 1 energy"
    if k == "empire":
        hand = state.empire_hand
        if 0 <= a.card < len(hand) and hand[a.card] in empires():
            return f"choose the {empires()[hand[a.card]].name}"
        return "choose an Empire card"
    if k == "flick":
        aim = aim_of(a.option)
        return (f"flick {_ship(state, a.card)} at {aim.angle / 100:.2f}°, "
                f"power {aim.power / 10:.1f} %")
    if k in ("land", "discover", "wormhole"):
        verb = {"land": "land", "discover": "discover the location orbited by",
                "wormhole": "send through the wormhole"}[k]
        return f"{verb} {_ship(state, a.card)}"
    if k == "reposition":
        return f"move {_ship(state, a.card)} round its orbit to {a.option / 100:.0f}°"
    if k == "place":
        x, y = decode(a.option)
        return f"put {_ship(state, a.card)} down at ({x / 100:.0f}, {y / 100:.0f}) mm"
    if k in ("awaken", "seize"):
        name = _card(state)
        verb = f"awaken a {name} on" if k == "awaken" else f"take control of the {name} at"
        return f"{verb} the artifact {_ship(state, a.card)} orbits"
    if k == "mega":
        return _power_words(state, a.card, a.option)
    if k == "sublight":
        x, y = decode(a.option)
        return f"move {_ship(state, a.card)} at sublight to ({x / 100:.0f}, {y / 100:.0f}) mm"
    if k == "mine":
        x, y = decode(a.option)
        return f"lay mine {a.card} at ({x / 100:.0f}, {y / 100:.0f}) mm"
    if k == "move_starbase":
        return f"move {_ship(state, a.card)} to {disc_name(state, a.option)}"
    if k == "launch":
        return f"launch {_ship(state, a.option)} from {disc_name(state, a.card)}"
    if k == "deploy_ship":
        return f"deploy {_ship(state, a.card)} to the warpgate"
    if k == "deploy_troop":
        return f"deploy a troop to {disc_name(state, a.card)}"
    if k == "build":
        if a.option >= TERRAFORM:
            return (f"build a research facility on {disc_name(state, a.card)}, terraformed "
                    f"{PLANET_COLOURS[a.option - TERRAFORM]}")
        return f"build a {STRUCTURES[a.option]} on {disc_name(state, a.card)}"
    if k == "archive":
        return f"take the {state.archive[a.card].replace('_', ' ')} relic from the Archive" \
            if 0 <= a.card < len(state.archive) else "take a relic from the Archive"
    if k == "relic":
        relics = state.players[state.current].relics
        name = relics[a.card].replace("_", " ") if 0 <= a.card < len(relics) else "a"
        return f"use the {name} relic"
    if k == "mission":
        if 0 <= a.card < len(state.missions):
            # What it is worth is said too: the second comer's cubes score less.
            m, cubes = missions()[state.missions[a.card]], cubes_for(state, a.card)
            return (f"complete the mission {m.name} ({counted(cubes, 'cube')}: "
                    f"{vp_for(m, cubes)} VP at the end)")
        return "complete a mission"
    if k == "attack":
        return f"{_ship(state, a.card)} attacks {_target(state, a.option)}"
    if k == "bonus":
        return f"the relic's strength goes to the attack on {_target(state, a.card)}"
    if k == "end":
        return "done: to the attacks" if state.phase == "act" else "strike and end the turn"
    if k == "snare":
        return "Gravity Snare: put the ship back in orbit" if a.option else "let it lie"
    if k == "boon":
        if a.card < 0:
            return "boon: refresh 2 energy"
        return f"boon: a troop to {disc_name(state, a.card)}"
    if k == "robots":
        return f"the robots move to {disc_name(state, a.card)}"
    if k == "beacon":
        return f"beacon {_ship(state, a.option)} to {disc_name(state, a.card)}"
    if k == "teleport":
        return f"teleport a troop to {disc_name(state, a.card)}"
    if k == "relocate":
        return f"swap {disc_name(state, a.card)} with {disc_name(state, a.option)}"
    if k == "jump":
        source = "your dashboard" if a.card < 0 else disc_name(state, a.card)
        return f"Hyper-Jump: a troop from {source} to the planet taken"
    if k == "done":
        return "done placing"
    if k.startswith("solo"):
        return solo_words(state, a)
    return k


HOW_LOST = ("lost in space", "rammed", "struck a guardian warship", "destroyed by the robots",
            "struck the Heart of the Builders", "struck a mine")


def event_line(state: State, e: Event) -> str:
    """An event in one short line (each line is made only for its own kind of event: the
    numbers of one kind mean nothing to another's words)."""
    solo = solo_event_line(state, e)
    if solo:
        return solo
    if state.classic is not None:
        said = classic_event_line(state, e, disc_name)
        if said is not None:
            return said
    who = state.players[e.seat].colour if 0 <= e.seat < state.n else "the guardians"
    lines: dict[str, Callable[[], str]] = {
        "destroyed": lambda: f"{who} loses ship {e.card}" + (
            f" ({HOW_LOST[e.value]})" if 0 <= e.value < len(HOW_LOST) else ""),
        "vp": lambda: f"{who} takes {e.value} VP",
        "refresh": lambda: f"{who} refreshes {e.value} energy",
        "attack": lambda: f"{who}'s attack on {_target(state, e.card)} succeeds",
        "tech": lambda: f"{who} reaches {PLANET_COLOURS[e.card]} level {e.value}"
        if 0 <= e.card < len(PLANET_COLOURS) else f"{who} gains a technology level",
        "discover": lambda: f"{who} discovers {disc_name(state, e.card)}",
        "end_triggered": lambda: "the end of the game is triggered: one last turn each",
        "game_over": lambda: "the game is over",
        "planet_destroyed": lambda: f"the robots blow up {disc_name(state, e.card)}",
        "put_back": lambda: f"{who}'s ship {e.card} is put back at the edge of the map",
        "unlock": lambda: f"{who} unlocks " + ("troops" if e.value == 0 else "a starship")
        + " from the tray, and an energy",
        "relic": lambda: f"{who} finds a relic at {disc_name(state, e.card)}",
        "archived": lambda: f"a relic found at {disc_name(state, e.card)} goes to the Archive",
        "event": lambda: f"{who} turns up an event at {disc_name(state, e.card)}",
        "terraform": lambda: f"{disc_name(state, e.card)} is terraformed "
        + (PLANET_COLOURS[e.value] if 0 <= e.value < len(PLANET_COLOURS) else ""),
        "advanced": lambda: f"{who} gains advanced starship {e.card}",
        "warship": lambda: "a guardian warship takes its space",
        "library": lambda: f"an Ancient Library rises on {disc_name(state, e.card)}",
        "library_waits": lambda: "an Ancient Library waits for a planet in its quadrant",
        "robots_flee": lambda: f"{e.value} robots are driven off {disc_name(state, e.card)}",
        "robots_discover": lambda: f"the robots turn up {disc_name(state, e.card)}",
        "robots_gone": lambda: f"{e.value} robots go back to the supply",
        "planet_falls": lambda: f"{disc_name(state, e.card)} falls",
        "snared": lambda: f"Gravity Snare puts ship {e.card} back in orbit of "
        f"{disc_name(state, e.value)}",
        "orbit_full": lambda: f"the orbit of {disc_name(state, e.value)} is full: ship {e.card} "
        "stays where it is",
        "awaken": lambda: f"{who} awakens a {_card(state)} at {disc_name(state, e.card)}",
        "seize": lambda: f"{who} takes control of the {_card(state)} at "
        f"{disc_name(state, e.card)}",
        "harvest": lambda: f"{who} harvests energy from the Star Harvester at "
        f"{disc_name(state, e.card)}",
        "plasma_blast": lambda: f"{who}'s Plasma Blast destroys {disc_name(state, e.card)}: "
        f"{e.value} rival survivors sent home",
        "reengineer": lambda: f"{who} re-engineers a "
        + (PLANET_COLOURS[e.value] if 0 <= e.value < len(PLANET_COLOURS) else "")
        + f" technology at the Reconstructor at {disc_name(state, e.card)}",
        "rebuild": lambda: f"{who} rebuilds {disc_name(state, e.card)} and settles a troop there",
        "overload": lambda: f"{who} overloads the Dyson Ring at {disc_name(state, e.card)}: "
        f"{e.value} rival pieces sent home",
        "mission": lambda: f"{who} completes {_mission(state, e.card)} ({e.value} cubes)",
    }
    line = lines.get(e.kind)
    return line() if line is not None else f"{who}: {e.kind.replace('_', ' ')}"


def where(table: State | EmpiresView, i: int) -> str:
    """Location ``i`` by the name the log gives it ("the pink planet at 1.middle")."""
    return disc_name(table.table if isinstance(table, EmpiresView) else table, i)
