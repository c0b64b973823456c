"""The contract's rules under the Classic rules: why an action is refused, and what
applying it does (``rules.py`` sends a Classic game here; the legal list is
``classic_offers.py``).

Actions (``Action(kind, card, option)``, all ints):

=============  ==========================  ====================================
kind           card                        option
=============  ==========================  ====================================
choose         action (0 deploy, 1 move,   -
               2 mine, 3 build, 4 develop)
deploy_troop   Homeworld or planet         -
retreat        planet                      -  (a troop back to the dashboard)
flick          ship id                     angle * 100000 + power (the aim)
launch         location                    ship id from the dashboard
land           ship id                     -
mine_planet    planet                      troops: 2 (1 VP) or 3 (2 VP)
build          planet                      0 outpost, 1 city, 2 research facility
develop        colour (0 orange, 1 purple, -
               2 pink, 3 green)
attack         ship id                     target (location, or a ship's id)
city_bonus     0 a troop, 1 a starship     -  (after building a city)
retire         ship id                     -  (to the box, for the Battleship)
end            -                           -  (done acting / done attacking)
=============  ==========================  ====================================
"""

from __future__ import annotations

from core.contract import Action, Event
from core.empires import classic_combat, classic_play, classic_turn, maneuvers
from core.empires.aim import Aim, check
from core.empires.classic_setup import homeworld
from core.empires.classic_state import ACTIONS, BUILDS, CITY_BONUS, MINE_VP
from core.empires.occupancy import occupant
from core.empires.state import PLANET_COLOURS, State

AIM_SCALE = 100000
KINDS = frozenset({"choose", "deploy_troop", "retreat", "flick", "launch", "land",
                   "mine_planet", "build", "develop", "attack", "city_bonus", "retire", "end"})
_NO_CARD = frozenset({"end"})
_NO_OPTION = frozenset({"choose", "deploy_troop", "retreat", "land", "develop", "city_bonus",
                        "retire", "end"})
# The action each kind belongs to while acting.
_BELONGS = {"deploy_troop": "deploy", "retreat": "deploy", "flick": "move", "launch": "move",
            "land": "move", "mine_planet": "mine", "build": "build", "develop": "develop"}


_NOTHING = {"deploy": "deploy or retreat", "mine": "mine (2 or 3 of your troops on one "
            "planet, not blockaded)", "build": "build", "develop": "develop (research "
            "facilities on unblockaded planets of the colour)"}


def candidates(state: State, action: str) -> list[Action]:
    """Every action within ``action`` but the Move's (whose flicks are free quantities),
    before the refusals sort them."""
    if action == "develop":
        return [Action("develop", c) for c in range(len(PLANET_COLOURS))]
    # Troops are deployed, retreated, mined and built with only at the seat's Homeworld and
    # on planets it occupies: the rest are refused anyway, and asking each of them why was
    # most of the time of a Classic legal list.
    seat = state.current
    home = homeworld(state, seat)
    held = [i for i, loc in enumerate(state.locations)
            if i == home or any(o == seat for o, _ in loc.pieces) or occupant(state, i) == seat]
    if action == "deploy":
        return [Action("deploy_troop", i) for i in held] + [Action("retreat", i) for i in held]
    if action == "mine":
        return [Action("mine_planet", i, k) for i in held for k in MINE_VP]
    return [Action("build", i, k) for i in held for k in range(len(BUILDS))]


def can_do(state: State, k: int) -> bool:
    """Whether action ``k`` (not the Move, which can always be taken) would have something
    to do if chosen now: the turn's counters are set as choosing it sets them, the
    candidates asked, and the counters put back."""
    was = (state.phase, state.action, state.uses, state.flicks)
    classic_turn.choose(state, k)
    try:
        return any(why_illegal(state, a) is None for a in candidates(state, ACTIONS[k]))
    finally:
        state.phase, state.action, state.uses, state.flicks = was


def aim_of(option: int) -> Aim:
    return Aim(option // AIM_SCALE, option % AIM_SCALE)


def why_illegal(state: State, a: Action) -> str | None:
    """Why ``a`` cannot be taken now, in words; None when it can."""
    if a.kind not in KINDS:
        return f"{a.kind!r} is not an action of the Classic rules"
    if a.kind in _NO_CARD and a.card != -1:
        return f"{a.kind} names no card or piece (-1)"
    if a.kind in _NO_OPTION and a.option != 0:
        return f"{a.kind} takes no option (0)"
    if state.pending:
        question = state.pending[0]
        if question == "city_bonus":
            if a.kind != "city_bonus":
                return "choose the city's bonus: a troop (0) or a starship (1)"
            return None if a.card in range(len(CITY_BONUS)) else "a troop (0) or a starship (1)"
        if a.kind != "retire":
            return "return two starships to the box for your Battleship"
        return None if a.card in classic_play.retire_options(state) else (
            f"ship {a.card} is not one of your starships on the dashboard or the map")
    if a.kind == "choose":
        if state.phase != "choose":
            return "an action has already been chosen this turn"
        if not 0 <= a.card < len(ACTIONS):
            return f"no action {a.card}"
        if ACTIONS[a.card] != "move" and not can_do(state, a.card):
            return f"nothing to {_NOTHING[ACTIONS[a.card]]} now"
        return None
    if state.phase == "choose":
        return "choose an action first (Deploy, Move, Mine, Build or Develop Technology)"
    if a.kind == "end":
        return None
    if state.phase == "attack":
        if a.kind != "attack":
            return "only attacks are chosen now"
        return classic_combat.attack_reason(state, a.card, a.option)
    if a.kind == "attack":
        return "attacks are chosen once the Move is over (end)"
    if a.kind in ("city_bonus", "retire"):
        return "nothing is asked now"
    if state.action != _BELONGS[a.kind]:
        return f"{a.kind.replace('_', ' ')} belongs to the {_BELONGS[a.kind].title()} action"
    if a.kind == "deploy_troop":
        return classic_play.deploy_reason(state, a.card)
    if a.kind == "retreat":
        return classic_play.retreat_reason(state, a.card)
    if a.kind == "flick":
        return maneuvers.flick_reason(state, a.card) or check(aim_of(a.option))
    if a.kind == "launch":
        return classic_play.launch_reason(state, a.card, a.option)
    if a.kind == "land":
        return classic_play.land_reason(state, a.card)
    if state.uses <= 0:
        return f"the {state.action.title()} action is taken once"
    if a.kind == "mine_planet":
        return classic_play.mine_reason(state, a.card, a.option)
    if a.kind == "build":
        return classic_play.build_reason(state, a.card, a.option)
    return classic_play.develop_reason(state, a.card)


def do(state: State, a: Action) -> list[Event]:
    """Apply ``a``, which ``why_illegal`` accepted."""
    kind = a.kind
    if kind == "city_bonus":
        return classic_play.city_bonus(state, a.card) + classic_turn.action_done(state)
    if kind == "retire":
        events = classic_play.retire(state, a.card)
        return events + ([] if state.pending else classic_turn.action_done(state))
    if kind == "choose":
        return classic_turn.choose(state, a.card)
    if kind == "end":
        return classic_turn.end_step(state)
    if kind == "attack":
        state.attacks.append([a.card, a.option])
        return [Event("target", state.current, a.card, a.option)]
    if kind == "deploy_troop":
        events = classic_play.deploy(state, a.card)
        return events + (classic_turn.action_done(state) if state.uses == 0 else [])
    if kind == "retreat":
        return classic_play.retreat(state, a.card)
    if kind == "flick":
        return maneuvers.flick(state, a.card, aim_of(a.option))
    if kind == "launch":
        return classic_play.launch(state, a.card, a.option)
    if kind == "land":
        return classic_play.land(state, a.card)
    state.uses -= 1
    if kind == "mine_planet":
        events = classic_play.mine(state, a.card, a.option)
    elif kind == "build":
        events = classic_play.build(state, a.card, a.option)
    else:
        events = classic_play.develop(state, a.card)
    return events + ([] if state.pending else classic_turn.action_done(state))
