"""The Solo Campaign's place in the contract (core/contract.py): the actions it adds, the
refusals it adds to the competitive ones, what applying them does, the settling and the
win or loss checked after every action, and the outcome in words.

Actions it adds (``Action(kind, card, option)``):

===========  =====================================  ==============================
kind         card                                   option
===========  =====================================  ==============================
solo         the answer to the open solo question:  -
             a location, a quadrant or a colour
solo_tech    2 * colour index + ability (0, 1)      target location, or -1
solo_control a Megastructure's location (scen. 4)   -
solo_deploy  ship id on the dashboard               a controlled Megastructure
===========  =====================================  ==============================
"""

from __future__ import annotations

from core.contract import Action, Event, Outcome
from core.empires import invasion, solo_mega, solo_tech
from core.empires.maneuvers import ship_on_map
from core.empires.objectives import doomed, won
from core.empires.occupancy import orbit_of, orbiting
from core.empires.settlers import settle
from core.empires.solo_board import lose, settlers_on, solo_of
from core.empires.solo_content import campaign
from core.empires.state import State
from core.empires.technology import advanced_name

KINDS = ("solo", "solo_tech", "solo_control", "solo_deploy")


def _carrier(state: State, ship: int) -> bool:
    return any(x == ship for x, _ in solo_of(state).aboard)


def refusal(state: State, a: Action) -> str | None:
    """Why the solo rules refuse a competitive action the competitive rules allow."""
    if a.kind == "land":
        if _carrier(state, a.card):
            return "a starship carrying a settler cannot land until the settler is home"
        d = ship_on_map(state, a.card)
        if d is not None and settlers_on(state, orbit_of(d)):
            return "you cannot land on a planet with settlers"
    if a.kind == "attack" and _carrier(state, a.card):
        return "a starship carrying a settler cannot attack"
    if a.kind == "build":
        i = a.card if not state.pending else int(state.pending[1])
        if not 0 <= i < len(state.locations):
            return None  # no such location: the competitive rules say so
        if settlers_on(state, i):
            return "settlers must leave a planet before you build on it"
        taken = [d for d in orbiting(state, i) if d.owner == 0 and not advanced_name(d.id)][:2]
        if a.option == 3 and any(_carrier(state, d.id) for d in taken):
            return "a starship carrying a settler cannot become part of a starbase"
    if a.kind in ("teleport", "boon", "jump") and 0 <= a.card < len(state.locations) and (
            settlers_on(state, a.card)):
        return "you cannot put troops on a planet with settlers"
    return None


def carry_settlers(state: State, i: int, j: int) -> None:
    """The Matter Relocator swaps planets ``i`` and ``j`` with everything on them: their
    settlers go along."""
    s = solo_of(state)
    swap = {i: j, j: i}
    s.settlers = sorted((swap.get(k, k), c) for k, c in s.settlers)


def reason(state: State, a: Action) -> str | None:
    """Why one of the solo actions (or the answer to a solo question) cannot be taken."""
    if state.pending and state.pending[0] == "solo":
        if a.kind != "solo" or a.card not in invasion.options(state) or a.option != 0:
            return "answer the invaders' question: choose one of the offered answers"
        return None
    if a.kind == "solo":
        return "there is no question of the invaders to answer"
    if state.pending:
        return "answer the open question first"
    if state.phase != "act":
        return "the solo cards are used while taking your action"
    if a.kind == "solo_tech":
        return None if a.option in solo_tech.targets(state, a.card) else (
            "that technology ability cannot be used now, or not there")
    if a.kind == "solo_control":
        if a.option != 0:
            return "taking control names only the Megastructure"
        return solo_mega.control_reason(state, a.card)
    return solo_mega.deploy_reason(state, a.card, a.option)


def actions(state: State) -> list[Action]:
    """The solo actions open now (answers to a solo question are all there is then)."""
    if state.pending and state.pending[0] == "solo":
        return [Action("solo", c) for c in invasion.options(state)]
    if state.pending or state.phase != "act":
        return []
    out = [Action("solo_tech", k, t) for k in range(8) for t in solo_tech.targets(state, k)]
    s = solo_of(state)
    out += [Action("solo_control", i) for i in s.megas
            if solo_mega.control_reason(state, i) is None]
    ships = state.players[0].ships[:1]
    out += [Action("solo_deploy", ship, i) for i in s.controlled for ship in ships
            if solo_mega.deploy_reason(state, ship, i) is None]
    return out


def do(state: State, a: Action) -> list[Event]:
    if a.kind == "solo":
        return invasion.answer(state, a.card)
    if a.kind == "solo_tech":
        return solo_tech.use(state, a.card, a.option)
    if a.kind == "solo_control":
        return solo_mega.control(state, a.card)
    return solo_mega.deploy(state, a.card, a.option)


def after_action(state: State) -> list[Event]:
    """Settlers and scenario pieces settled, then the objectives and the losses checked:
    the scenario ends the moment it is won or lost."""
    s = solo_of(state)
    events: list[Event] = []
    if state.to_move is None:
        return events
    events += settle(state)
    if not s.result:
        why = won(state)
        if why:
            s.result = f"won: {why}"
            events.append(Event("solo_won", 0))
    if not s.result:
        why = doomed(state)
        if why:
            events += lose(state, why)
    if s.result:
        state.phase, state.to_move, state.pending, s.steps = "over", None, [], []
        events.append(Event("game_over", -1))
    return events


def outcome(state: State) -> Outcome | None:
    s = solo_of(state)
    if state.to_move is not None or not s.result:
        return None
    victory = s.result.startswith("won")
    scenario = campaign()[0][s.scenario - 1]
    # On a loss nobody at the table wins: the invaders did (the contract's word for a side
    # nobody plays is the Villains').
    details = {"result": s.result, "scenario": s.scenario, "name": scenario.name,
               "won": victory, "villains_won": not victory}
    if victory and s.scenario == len(campaign()[0]):
        details["conclusion"] = campaign()[1]
    return Outcome((1 if victory else 0,), (0,) if victory else (), s.result, details)
