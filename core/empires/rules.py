"""The contract's rules for Ascending Empires: why an action is refused, and what applying
it does (core/contract.py; the legal list is built in ``offers.py``).

Actions (``Action(kind, card, option)``, all ints):

=============  ==========================  ====================================
kind           card                        option
=============  ==========================  ====================================
choose         action (0 move, 1 deploy,
               2 build, 3 interact)
boost          -, or 2: the Double Energy  -
               token (two boosts)
flick          ship id                     angle * 100000 + power (the aim)
place          the Phaseship's id          spot (placing.encode(x, y))
mine           mine id                     spot (Proximity Mines)
sublight       ship id                     spot (Sublight Movement, for a flick)
awaken         ship id                     -  (Megastructures: on the artifact orbited)
seize          ship id                     -  (take control of the one orbited)
mega           megastructure's location    0 build, 1 overload (Interact)
empire         Empire card in the hand     -  (the Empire draft at set-up)
land           ship id                     -
launch         planet                      ship id from the dashboard
discover       ship id                     -
reposition     ship or starbase id         angle round the orbit
move_starbase  starbase id                 planet (Mobile Starbases, end of turn)
wormhole       ship id                     -
deploy_ship    ship id                     -
deploy_troop   planet                      -
build          planet                      structure (10 + colour: terraform)
archive        relic on the Relic Archive  -
relic          relic held                  -
mission        shown mission card          -
attack         ship id                     target (location, or a disc's id)
bonus          target                      -
end            -                           -  (done acting / done attacking)
snare          -                           1 yes, 0 no
boon           planet, or -1 for energy    -
robots         location                    -
beacon         planet                      ship id
teleport       planet                      -
jump           -1 dashboard, or a planet   -  (Hyper-Jump Troops: a troop moves)
relocate       planet                      the other planet (Matter Relocator)
done           -                           -  (stop placing or moving early)
=============  ==========================  ====================================

The Solo Campaign's own actions (``solo``, ``solo_tech``, ``solo_control``,
``solo_deploy``) are in ``solo_rules.py``; a Classic game's actions are in
``classic_rules.py``.
"""

from __future__ import annotations

from collections.abc import Callable

from core.contract import Action, Event, checked
from core.empires import (
    build,
    classic_rules,
    combat,
    discovery,
    empires,
    maneuvers,
    megastructures,
    mines,
    missions,
    phaseship,
    relics,
    solo_rules,
    starbases,
    sublight,
    turn,
)
from core.empires.aim import Aim, check
from core.empires.dashboard import refresh
from core.empires.empires import DOUBLE
from core.empires.occupancy import blockaded_holdings, orbit_of
from core.empires.state import State
from core.empires.technology import has

AIM_SCALE = 100000
MANEUVERS = ("land", "launch", "discover", "reposition", "wormhole")
# The kinds whose option is a free quantity (an aim, an angle, a spot on the map): any value
# in range is legal, and the legal list offers only the useful ones (core/contract.py).
FREE_OPTIONS = frozenset({"flick", "reposition", "place", "sublight", "mine"})
# Fields an action of a kind does not use must keep their defaults (card -1, option 0), so
# that one choice is one action, as the log, the replays and the undo compare them.
_NO_CARD = frozenset({"end", "done", "snare"})
_NO_OPTION = frozenset({"choose", "boost", "end", "done", "land", "discover", "wormhole",
                        "deploy_ship", "deploy_troop", "archive", "relic", "bonus", "boon",
                        "robots", "teleport", "jump", "empire", "mission", "awaken",
                        "seize"})


def aim_of(option: int) -> Aim:
    return Aim(option // AIM_SCALE, option % AIM_SCALE)


def why_illegal(state: State, a: Action) -> str | None:
    """Why ``a`` cannot be taken now, in words; None when it can."""
    if state.to_move is None:
        return "the game is over"
    if type(a.card) is not int or type(a.option) is not int or type(a.kind) is not str:
        return "an action is a kind in words and two whole numbers"
    if state.classic is not None:
        return classic_rules.why_illegal(state, a)
    if state.solo is not None:
        if a.kind in solo_rules.KINDS or state.pending[:1] == ["solo"]:
            return solo_rules.reason(state, a)
        refused = solo_rules.refusal(state, a)
        if refused:
            return refused
    if a.kind in _NO_CARD and a.card != -1:
        return f"{a.kind} names no card or piece (-1)"
    if a.kind == "boost" and a.card not in (-1, DOUBLE):
        return f"boost names no card (-1), or {DOUBLE} for the Double Energy token"
    if a.kind in _NO_OPTION and a.option != 0:
        return f"{a.kind} takes no option (0)"
    if state.pending:
        return _answer_reason(state, a)
    phase = state.phase
    if a.kind == "choose":
        if phase != "choose":
            return "an action has already been chosen this turn"
        return None if 0 <= a.card < len(turn.ACTIONS) else f"no action {a.card}"
    if phase == "choose":
        return "choose an action first (Move, Deploy, Build or Interact)"
    if a.kind == "end":
        return None
    if phase == "effects":
        if a.kind == "move_starbase":
            return starbases.move_reason(state, a.card, a.option)
        return "only starbases are moved now (Mobile Starbases), or end the turn"
    if a.kind == "move_starbase":
        return starbases.move_reason(state, a.card, a.option)
    if a.kind == "reposition" and starbases.own_starbase(state, a.card) is not None:
        return starbases.turn_reason(state, a.card) or (
            None if 0 <= a.option < 36000 else "an angle is from 0 to 35999")
    if phase == "attack":
        if a.kind == "attack":
            return combat.attack_reason(state, a.card, a.option)
        if a.kind == "bonus":
            if state.strike_bonus <= 0 or state.bonus_target >= 0:
                return "no relic's strength to give an attack"
            return None if any(t == a.card for _, t in state.attacks) else (
                "give the bonus to a target you attack")
        return "only attacks are chosen now"
    if a.kind == "boost":
        return empires.double_reason(state) if a.card == DOUBLE else turn.boost_reason(state)
    return _act_reason(state, a)


def _act_reason(state: State, a: Action) -> str | None:
    if a.kind == "flick":
        return maneuvers.flick_reason(state, a.card) or check(aim_of(a.option))
    if a.kind == "place":
        return phaseship.place_reason(state, a.card, a.option)
    if a.kind == "mine":
        return mines.lay_reason(state, a.card, a.option)
    if a.kind == "sublight":
        return sublight.sublight_reason(state, a.card, a.option)
    if a.kind == "awaken":
        return megastructures.awaken_reason(state, a.card)
    if a.kind == "seize":
        return megastructures.seize_reason(state, a.card)
    if a.kind in MANEUVERS:
        reasons: dict[str, Callable[[], str | None]] = {
            "land": lambda: maneuvers.land_reason(state, a.card),
            "launch": lambda: maneuvers.launch_reason(state, a.card, a.option),
            "discover": lambda: maneuvers.discover_reason(state, a.card),
            "reposition": lambda: maneuvers.reposition_reason(state, a.card)
            or (None if 0 <= a.option < 36000 else "an angle is from 0 to 35999"),
            "wormhole": lambda: maneuvers.wormhole_reason(state, a.card),
        }
        return reasons[a.kind]()
    wants = {"deploy_ship": "deploy", "deploy_troop": "deploy", "build": "build",
             "archive": "interact", "relic": "interact", "mission": "interact",
             "mega": "interact"}
    if a.kind not in wants:
        return f"unknown action {a.kind!r}"
    if state.action != wants[a.kind]:
        return f"{a.kind.replace('_', ' ')} belongs to the {wants[a.kind].title()} action"
    if state.uses <= 0:
        return f"no {state.action} left (boost with energy)" if state.action != "build" else (
            "Build is taken once a turn")
    if a.kind == "deploy_ship":
        return maneuvers.deploy_ship_reason(state, a.card)
    if a.kind == "deploy_troop":
        return build.deploy_troop_reason(state, a.card)
    if a.kind == "build":
        return build.build_reason(state, a.card, a.option)
    if a.kind == "archive":
        return discovery.archive_reason(state, a.card)
    if a.kind == "mission":
        return missions.mission_reason(state, a.card)
    if a.kind == "mega":
        return megastructures.use_reason(state, a.card, a.option)
    return relics.relic_reason(state, a.card)


def _answer_reason(state: State, a: Action) -> str | None:
    question = state.pending[0]
    if question == "empire":
        return empires.choose_reason(state, a.card) if a.kind == "empire" else (
            "choose your Empire card first")
    if question == "snare":
        return None if a.kind == "snare" and a.option in (0, 1) else (
            "answer Gravity Snare: put the ship back in orbit (1) or not (0)")
    if question == "boon":
        return None if a.kind == "boon" and a.card in discovery.boon_options(state) else (
            "choose the boon: 2 energy, or a troop on a planet you occupy or orbit")
    if question == "robots":
        _, count, source = state.pending
        assert isinstance(count, int) and isinstance(source, int)
        return None if a.kind == "robots" and a.card in discovery.robot_targets(
            state, count, source) else "choose where the robots go"
    if question == "beacon":
        if a.kind == "done":
            return None
        return None if a.kind == "beacon" and (a.card, a.option) in relics.beacon_options(
            state) else "put a dashboard starship in orbit of a planet you occupy, or done"
    if question in ("teleport", "teleport_build"):
        if a.kind == "done":
            return None
        return None if a.kind == "teleport" and a.card in relics.teleport_options(state) else (
            "put a troop on a planet you occupy or orbit, or done")
    if question == "relocate":
        return None if a.kind == "relocate" and (a.card, a.option) in (
            relics.relocate_options(state)) else "choose the two planets to swap"
    if question == "build_here":
        if a.kind == "done":
            return None
        if a.kind != "build" or a.card != state.pending[1]:
            return "build at the planet the troop went to, or done"
        return relics.build_here_reason(state, a.option)
    if question == "jump":
        if a.kind == "done":
            return None
        return None if a.kind == "jump" and a.card in combat.jump_sources(state) else (
            "move a troop from your dashboard (-1) or a planet to the planet taken, or done")
    return f"unknown question {question!r}"


def apply(state: State, action: Action | tuple[object, ...]) -> list[Event]:
    """Take ``action``; IllegalAction with the reason (and the state unchanged) otherwise."""
    a = checked(state, action, why_illegal)
    watch = any(has(state, s, "energy_transmission") for s in range(state.n))
    before = blockaded_holdings(state) if watch else set()
    events = _do(state, a)
    if state.solo is not None:
        events += solo_rules.after_action(state)
    if watch:
        for seat, _ in sorted(blockaded_holdings(state) - before):
            if has(state, seat, "energy_transmission"):
                events += refresh(state, seat, 1)
    return events


def _do(state: State, a: Action) -> list[Event]:
    if state.classic is not None:
        return classic_rules.do(state, a)
    if a.kind in solo_rules.KINDS:
        return solo_rules.do(state, a)
    if state.pending:
        return _answer(state, a)
    kind = a.kind
    if kind == "choose":
        return turn.choose(state, a.card)
    if kind == "boost":
        return empires.double_boost(state) if a.card == DOUBLE else turn.boost(state)
    if kind == "end":
        return turn.end_step(state)
    if kind == "attack":
        state.attacks.append([a.card, a.option])
        return [Event("target", state.current, a.card, a.option)]
    if kind == "bonus":
        state.bonus_target = a.card
        return [Event("bonus", state.current, a.card, state.strike_bonus)]
    if kind == "flick":
        return maneuvers.flick(state, a.card, aim_of(a.option))
    if kind == "place":
        return phaseship.place(state, a.card, a.option)
    if kind == "mine":
        return mines.lay(state, a.card, a.option)
    if kind == "sublight":
        return sublight.move(state, a.card, a.option)
    if kind == "awaken":
        return megastructures.awaken(state, a.card)
    if kind == "seize":
        return megastructures.seize(state, a.card)
    if kind == "land":
        events = maneuvers.land(state, a.card)
        if has(state, state.current, "colony_ships"):
            events += refresh(state, state.current, 1)
        return events
    if kind == "launch":
        return maneuvers.launch(state, a.card, a.option)
    if kind == "discover":
        d = maneuvers.ship_on_map(state, a.card)
        assert d is not None
        events = discovery.discover(state, orbit_of(d), state.current)
        if has(state, state.current, "deep_scanners"):
            events += refresh(state, state.current, 1)
        return events
    if kind == "reposition":
        if starbases.own_starbase(state, a.card) is not None:
            return starbases.turn_round(state, a.card, a.option)
        return maneuvers.reposition(state, a.card, a.option)
    if kind == "move_starbase":
        return starbases.move(state, a.card, a.option)
    if kind == "wormhole":
        return maneuvers.wormhole(state, a.card)
    state.uses -= 1
    if kind == "deploy_ship":
        return maneuvers.deploy_ship(state, a.card)
    if kind == "deploy_troop":
        return build.deploy_troop(state, a.card)
    if kind == "build":
        events = build.build(state, a.card, a.option)
        if (state.uses == 0 and "organic" not in state.used
                and has(state, state.current, "organic_structures")):
            state.uses, state.used = 1, [*state.used, "organic"]
        return events
    if kind == "archive":
        return discovery.take_from_archive(state, a.card)
    if kind == "mission":
        return missions.complete(state, a.card)
    if kind == "mega":
        return megastructures.use(state, a.card, a.option)
    return relics.activate(state, a.card)


def _answer(state: State, a: Action) -> list[Event]:
    question = state.pending[0]
    if question == "empire":
        return empires.choose(state, a.card)
    if question == "snare":
        return maneuvers.snare(state, a.option == 1)
    if question == "boon":
        return discovery.boon(state, a.card)
    if a.kind == "done":
        state.pending = []
        if question == "jump":
            return turn.after_attacks(state)
        return []
    if question == "beacon":
        return relics.beacon(state, a.card, a.option)
    if question in ("teleport", "teleport_build"):
        return relics.teleport(state, a.card)
    if question == "build_here":
        return relics.build_here(state, a.option)
    if question == "relocate":
        if state.solo is not None:
            solo_rules.carry_settlers(state, a.card, a.option)
        return relics.relocate(state, a.card, a.option)
    if question == "jump":
        events = combat.jump(state, a.card)
        if not state.pending:
            events += turn.after_attacks(state)
        return events
    events = discovery.robots_go(state, a.card)
    if not state.pending and state.phase == "after_attack":
        events += turn.after_attacks(state)
    return events

