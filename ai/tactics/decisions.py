"""The Tactics bots' answers to every decision the engine asks: drafting, the Treasure window,
banishing, buffs, damage and defeats, tokens, portals, equipping and the rest.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.tactics.danger import hp
from ai.tactics.position import enemies, live_shrines
from ai.tactics.weights import BEACON_TURNS, FIRST_CHEAP, NEW_PORTAL, SAME_COST, SPEED_PICK
from ai.tactics.worth import body_value, card_value, kill_value, ops_value
from core.contract import Action
from core.rng import Rng
from core.tactics import combat, harm, routes
from core.tactics.board import Route
from core.tactics.cards import Op
from core.tactics.scenarios import ScenarioDef
from core.tactics.sides import unit_side
from core.tactics.state import Decision, State

CHOOSE, DECLINE = "choose", "decline"


def best_unit_for_buff(s: State, seat: int, choices: Sequence[int], op: Op | None) -> int:
    """A buff goes to the unit most likely to use it: a ready one on the battlefield,
    the strongest first (Defense buffs to the most threatened would be finer; this is fair)."""
    def key(u: int) -> tuple[int, int, int, int]:
        unit = s.units[u]
        return (int(unit.cell >= 0), int(not unit.exhausted), combat.strength(s, u), -u)
    return max(choices, key=key)


def enemy_to_hit(s: State, choices: Sequence[int], dmg: int) -> int:
    """Damage goes where it defeats the most valuable unit, else to the most valuable."""
    def key(t: int) -> tuple[int, float, int]:
        return (int(hp(s, t) <= dmg), kill_value(s, t), -t)
    return max(choices, key=key)


def token_cell(s: State, seat: int, choices: Sequence[int], turret: bool) -> int:
    """The Turret near enemies (and shrines); the Faerie Ring beside a shrine near our units."""
    side = s.side_of[seat]
    foes = [s.units[t].cell for t in enemies(s, side)]
    mine = [s.units[u].cell for u in combat.seat_units_on_board(s, seat)]
    dist = s.map.distance
    shrines = live_shrines(s)

    def key(c: int) -> tuple[float, int]:
        near_shrine = min((dist(c, x) for x in shrines), default=0)
        if turret:
            hits = sum(1 for f in foes if dist(c, f) <= 2)
            return (hits * 2 - 0.3 * near_shrine, -c)
        near_mine = min((dist(c, x) for x in mine), default=5)
        return (-(abs(near_shrine - 1)) - 0.3 * near_mine, -c)

    return max(choices, key=key)


def portal_spot(s: State, seat: int, choices: Sequence[int]) -> int:
    """A portal is worth most close to the shrines."""
    shrines = live_shrines(s)
    dist = s.map.distance
    return min(choices, key=lambda c: (sum(dist(c, x) for x in shrines), c))


def champion_pick(s: State, seat: int, choices: Sequence[int], noise: Rng | None = None) -> int:
    """Draft and roster picks: the best body for the Power it costs, with an eye on the
    roster's spread of command costs. A turn brings 2 to 6 Power, so a roster wants something
    cheap to spend the odd point on and gains little from a second champion at one price
    (a little noise from the bot's own stream keeps every draft from being the same)."""
    side = s.side_of[seat]
    pool = list(s.team_pool[side]) if s.team_pool else []
    costs = [s.cards[u].command for u in s.seats[seat].roster + pool
             if u not in choices and s.cards[u].starting]

    def key(uid: int) -> tuple[float, int]:
        card = s.cards[uid]
        v = (body_value(card) + SPEED_PICK * (card.speed - 3)
             - SAME_COST * costs.count(card.command))
        if card.command <= 2 and all(c > 2 for c in costs):
            v += FIRST_CHEAP
        if noise is not None:
            v += (noise.below(1001) - 500) / 1000.0
        return (v, -uid)
    scored = {uid: key(uid) for uid in choices}
    return max(choices, key=lambda u: scored[u])


def equip_target(s: State, seat: int, construct: int, choices: Sequence[int]) -> int:
    """A construct goes on the champion it helps most: one on the battlefield and ready,
    then the strongest (Ranged gear to a unit that lacks it)."""
    bonus = s.cards[construct].bonus

    def key(uid: int) -> tuple[float, int]:
        card = s.cards[uid]
        figs = s.card_units[uid]
        unit = s.units[figs[0]]
        v = card.strength + card.defense + 2 * len(s.gear.get(uid, ()))
        if "ranged" in bonus.keywords and "ranged" in card.keywords:
            v -= 4
        if bonus.command < 0 and card.command <= 1:
            v -= 6
        v += 2 * (unit.cell >= 0) + (not unit.exhausted) + 2 * (len(figs) - 1)
        return (v, -uid)

    return max(choices, key=key)


def worst_card(s: State, choices: Sequence[int]) -> int:
    """The card missed least (banishing from hand or discard): the weakest starter."""
    def key(uid: int) -> tuple[float, int]:
        card = s.cards[uid]
        v = ops_value(card.effect) if card.kind in ("starter", "pile", "hero") else 3.0
        if card.id == "apprentice":
            v -= 0.1  # Power commands the army; a lone Rune buys little
        return (v, uid)
    return min(choices, key=key)


def react(s: State, seat: int, legal: list[Action]) -> Action:
    """The Treasure window: play a Treasure only when it turns this fight — our attacker
    defeats a target it would not, or is saved from Strikeback; our defender survives, or
    its Strikeback now defeats the attacker."""
    a = s.attack
    pas = Action(DECLINE, -1, 0)
    tr = [x for x in legal if x.kind == "treasure"]
    if a is None or not tr:
        return pas
    if a.attacker < 0:
        h = harm.pending_harm(s.work, a)
        return shield(s, h, tr) if h is not None else pas
    att = a.attacker
    my_side = s.side_of[seat]
    targets = [t for t in a.targets if s.units[t].cell >= 0]
    if s.units[att].cell < 0 or not targets:
        return pas
    hit = combat.strength(s, att)
    back = sum(combat.strength(s, t) for t in targets if combat.can_strike_back(s, t, att))
    att_dies = back >= hp(s, att)
    best: tuple[float, Action] | None = None
    for x in tr:
        st = s.tdefs[x.card].stats
        u = x.option
        v = 0.0
        if unit_side(s, u) == my_side and u == att:
            if st.strength:
                v += sum(kill_value(s, t) for t in targets
                         if hit < hp(s, t) <= hit + st.strength)
            if st.defense and att_dies and back < hp(s, att) + st.defense:
                v += kill_value(s, att)
        elif u in targets:
            if st.defense and hit >= hp(s, u) and hit < hp(s, u) + st.defense:
                v += kill_value(s, u)
            # Strikeback lands even when the defender falls: a Treasure that makes it
            # (or makes it strong enough to) defeat the attacker is worth playing too.
            already = combat.can_strike_back(s, u, att)
            sb = already or ("strikeback" in st.keywords and s.map.distance(
                s.units[u].cell, s.units[att].cell) <= 1)
            extra = st.strength + (0 if already else combat.strength(s, u))
            if sb and not att_dies and back + extra >= hp(s, att):
                v += 0.8 * kill_value(s, att)
        if v > 0.5 and (best is None or v > best[0]):
            best = (v, x)
    return best[1] if best is not None else pas


def falls_to(s: State, h: harm.Harm, u: int, defense_bonus: int = 0) -> bool:
    """Whether harm ``h`` defeats unit ``u`` (given ``defense_bonus`` more Defense)."""
    unit = s.units[u]
    if unit.cell < 0:
        return False
    defense = combat.defense(s, u) + defense_bonus
    if h.what == "defeat":
        return defense <= h.n
    if h.what == "destroy":
        lost = s.cards[h.card].bonus.defense
        return unit.damage > 0 and unit.damage >= defense - lost
    return unit.damage + h.n >= defense


def shield(s: State, h: harm.Harm, treasures: list[Action]) -> Action:
    """A Treasure window before harm that is not an attack: a Defense Treasure goes on the
    most valuable unit it saves; otherwise pass (nothing else changes such harm)."""
    best: tuple[float, Action] | None = None
    for x in treasures:
        u = x.option
        bonus = s.tdefs[x.card].stats.defense
        if u not in h.targets or not bonus or not falls_to(s, h, u):
            continue
        if falls_to(s, h, u, bonus):
            continue
        v = kill_value(s, u)
        if best is None or v > best[0]:
            best = (v, x)
    return best[1] if best is not None else Action(DECLINE, -1, 0)


def route_pick(scen: ScenarioDef, listed: Sequence[Route]) -> int:
    """The way a move goes: never into a fall, through as few Tainted hexes as it can, then
    taking what is worth most (Beacons and new portals); the first listed among equals."""
    beacon = BEACON_TURNS * scen.number("beacon_honor")

    def key(i: int) -> tuple[bool, int, float, int]:
        r = listed[i]
        return (not r.falls, -r.tainted, beacon * r.beacons + NEW_PORTAL * r.portals, -i)

    return max(range(len(listed)), key=key)


def free_command_pick(s: State, seat: int, choices: Sequence[int]) -> int:
    """The free command goes to the costliest unit that can do something now: on the
    battlefield next to an enemy or a shrine, or off it ready to deploy."""
    side = s.side_of[seat]
    foes = {s.units[t].cell for t in enemies(s, side)}
    dist = s.map.distance
    shrines = live_shrines(s)

    def key(u: int) -> tuple[float, int]:
        unit = s.units[u]
        v = float(combat.command_cost(s, u))
        c = unit.cell
        if c >= 0:
            if any(dist(c, f) <= combat.speed(s, u) + 1 for f in foes):
                v += 2
            if not any(dist(c, x) <= 1 for x in shrines):
                v += 1
        else:
            v += 1.5
        return (v, -u)

    return max(choices, key=key)


def answer(s: State, seat: int, legal: list[Action], noise: Rng | None = None) -> Action:
    """A sensible answer to the pending decision (every kind the engine asks)."""
    d: Decision = s.pending[-1]
    if d.kind == "react":
        return react(s, seat, legal)
    choices = list(d.choices)
    dec = Action(DECLINE, -1, 0)
    if not choices:
        return dec if dec in legal else legal[0]
    op = s.work[-1][0] if s.work else None
    k = d.kind
    pick: int | None
    if k in ("draft", "assign"):
        pick = champion_pick(s, seat, choices, noise if k == "draft" else None)
    elif k == "mode":
        assert op is not None
        pick = max(choices, key=lambda i: (ops_value(op.options[i]), -i))
    elif k == "banish":
        zone = str(op.get("from", "hand")) if op is not None else "hand"
        if zone == "center":
            pick = max(choices, key=lambda u: (card_value(s, u), -u))
        else:
            pick = worst_card(s, choices)
            if s.cards[pick].kind not in ("starter",) and d.optional:
                pick = None
    elif k == "buff":
        pick = best_unit_for_buff(s, seat, choices, op)
    elif k in ("damage", "turret_attack"):
        pick = enemy_to_hit(s, choices, d.n)
    elif k == "defeat":
        pick = max(choices, key=lambda t: (kill_value(s, t), -t))
    elif k == "free_command":
        pick = free_command_pick(s, seat, choices)
    elif k == "ready":
        pick = max(choices, key=lambda u: (combat.command_cost(s, u), -u))
    elif k == "acquire_free":
        pick = max(choices, key=lambda u: (card_value(s, u), -u))
    elif k == "copy_center":
        pick = max(choices, key=lambda u: (ops_value(s.cards[u].effect), -u))
    elif k in ("place_token", "move_token"):
        turret = op is not None and op.get("token") == "turret"
        pick = token_cell(s, seat, choices, turret)
        if k == "move_token" and not turret:
            # The Ring moves only to a better spot than where it is.
            at = s.ring[0]
            if at >= 0 and token_cell(s, seat, [*choices, at], False) == at:
                pick = None
    elif k == "forest_under":
        side = s.side_of[seat]
        foes = [u for u in choices if unit_side(s, u) != side]
        pool = foes or choices
        pick = max(pool, key=lambda u: (kill_value(s, u), -u)) if foes else min(
            pool, key=lambda u: (combat.strength(s, u), u))
    elif k == "move_portal":
        pick = choices[0]
    elif k == "portal_to":
        src = s.work[-1][0].n if s.work else -1
        pick = portal_spot(s, seat, choices)
        if src >= 0 and portal_spot(s, seat, [*choices, src]) == src:
            pick = None
    elif k == "destroy_construct":
        pick = max(choices, key=lambda c: (s.cards[c].cost, -c))
    elif k == "order":
        pick = choices[0]
    elif k == "equip":
        pick = equip_target(s, seat, d.source, choices)
    elif k == "route":
        pick = route_pick(s.scen, routes.asked(s, d))
    else:
        pick = choices[0]
    if pick is None:
        return dec if dec in legal else Action(CHOOSE, choices[0], 0)
    a = Action(CHOOSE, pick, 0)
    return a if a in legal else legal[0]
