"""Shared judgement for the Ascension Tactics bots: what cards and units are worth, where the
danger is, what each of a seat's units could do this turn, and sensible answers to every
decision the engine asks.

Everything here works on a *world*: a full state dealt from the bot's view with the bot's
own random stream (``view.determinize``), so no bot ever peeks at hidden cards or draws from
the game's generator. The board is public, so the command phase is judged exactly; only
hands, decks and face-down Treasures are guesses.

Values are in "Honor-like points": a shrine held for a turn is worth its Honor, a card's
worth is measured against an average starting card (1 point).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.contract import Action
from core.rng import Rng
from core.tactics import combat, turn
from core.tactics import effects as fx
from core.tactics.board import (
    BEACON,
    INACTIVE_PORTAL,
    SHRINE,
    TAINTED,
    attack_targets,
    in_sight,
    move_targets,
)
from core.tactics.cards import CardDef, Op, Stats
from core.tactics.state import (
    AREA,
    DOUBLE,
    HEAVY_PILE,
    MAX_CULTISTS,
    MYSTIC_PILE,
    RANGE,
    RANGED,
    STRIKEBACK,
    Decision,
    State,
)
from core.tactics.view import TacticsView, determinize

CHOOSE, DECLINE = "choose", "decline"
BLOCKED = 1 << 20  # an occupant side no real side has: a cell no move may enter

# --- weights (points) ------------------------------------------------------------------------
CTRL = 1.0  # holding a shrine at the end of the turn (it scores now), per Honor
HOLD = 0.5  # ... with units no enemy can defeat alone next turn (it should score again)
DENY = 0.8  # keeping the enemy from holding a shrine they stand around, per Honor
TREASURE = 1.0  # picking up a face-down Treasure
BEACON_TURNS = 2.0  # a Beacon taken is worth this many turns of its Honor
NEW_PORTAL = 1.0  # waking an Inactive Portal for the side
POWER_SPENT = 0.05  # a point of Power spent on a command (so idle moves are not free)
RISK = 0.45  # chance-like weight of losing a unit left where a lethal enemy reaches it
RISK_MANY = 0.2  # ... where only several enemies together could defeat it
# A unit's place, per Honor of the best shrine: beside it, a move away, two moves, farther.
POT_AREA, POT_NEXT, POT_FAR, POT_AWAY = 0.5, 0.35, 0.15, 0.05
WIN = 100.0
# In a brawl (three or more sides) a foe side's units and shrines weigh more the further its
# Honor is above the others': per share of the victory Honor it leads by, clamped.
LEADER = 5.0
LEADER_MIN, LEADER_MAX = 0.3, 3.0
AVG_CARD = 1.0  # what an average starting card is worth when drawn
POWER = 1.3  # a point of Power against a Rune: Power is what puts bodies on the shrines
ROSTER = 0.3  # a body on the roster, against the same body drafted (it still costs Power)
SAME_COST = 1.0  # a drafted champion whose command cost the roster already has, per copy
FIRST_CHEAP = 1.5  # the roster's first champion commanded for 1 or 2 Power
SPEED_PICK = 1.0  # a point of Speed at the draft, on top of body_value (self-play: a slow
# cheap champion's drafter won 38 % of games, the same body at Speed 3 69 %)


def world(view: TacticsView, rng: Rng) -> State:
    """A full state consistent with ``view``, hidden parts dealt from ``rng``."""
    return determinize(view, rng)


def side_of(s: State, seat: int) -> int:
    return s.side_of[seat]


# --- what units and cards are worth ----------------------------------------------------------

_KW_POINTS = {"ranged": 1.5, "area": 1.5, "double": 1.5, "strikeback": 1.0}


def slay_points(ops: Sequence[Op]) -> float:
    return 0.5 * ops_value(ops)


def body_value(card: CardDef) -> float:
    """What a champion or monster is worth on a roster (draft picks, acquisitions)."""
    kw = sum(_KW_POINTS.get(k, 0.0) for k in card.keywords)
    figures = max(1, card.figures)
    stats = 0.5 * (card.strength + card.defense) * (0.8 * figures if figures > 1 else 1.0)
    return (1.0 * figures + stats + kw + 0.5 * (card.speed - 3) + slay_points(card.slay)
            - 0.3 * card.command)


def bonus_value(b: Stats) -> float:
    """What a construct's lasting bonus is worth on a champion."""
    kw = sum(_KW_POINTS.get(k, 0.0) for k in b.keywords)
    return 0.6 * b.strength + 0.45 * b.defense + 0.4 * b.speed - 1.2 * b.command + kw


def op_value(op: Op) -> float:
    """A rough worth of one effect operation when a card is played."""
    name, n = op.op, op.n
    if name == "power":
        return POWER * n
    if name in ("runes", "draw"):
        return float(n)
    if name == "honor":
        return 1.3 * n
    if name == "treasure":
        return 0.8 * n
    if name == "banish":
        return 0.3 if op.get("from") != "center" else 0.2
    if name == "buff":
        total = sum(int(op.get(k, 0)) for k in ("strength", "defense", "speed"))  # type: ignore[call-overload]
        total += len(op.get("keywords", ()))  # type: ignore[arg-type]
        return (0.5 if op.get("target") == "all" else 0.3) * max(1, total)
    if name in ("damage", "turret_attack"):
        return 0.3 * n
    if name == "defeat":
        return 0.4 * int(op.get("max_defense", 0))  # type: ignore[call-overload]
    if name == "free_command":
        return 0.5 * int(op.get("max_cost", 0))  # type: ignore[call-overload]
    if name == "ready":
        return 0.8
    if name == "acquire_free":
        return 0.6 * int(op.get("max_cost", 0))  # type: ignore[call-overload]
    if name == "copy_center":
        return 1.5
    if name in ("place_token", "move_token"):
        return 0.8
    if name in ("forest_under", "move_portal", "construct_to_top"):
        return 0.2
    if name == "destroy_construct":
        return 0.5
    if name == "choose":
        return max((ops_value(o) for o in op.options), default=0.0)
    return 0.0


def ops_value(ops: Sequence[Op]) -> float:
    return sum(op_value(o) for o in ops)


def card_value(s: State, uid: int) -> float:
    """Net worth of acquiring ``uid`` (a row card or a pile id) against an average draw."""
    if uid == MYSTIC_PILE:
        return 2.0 - AVG_CARD
    if uid == HEAVY_PILE:
        return 2.0 * POWER - AVG_CARD
    card = s.cards[uid]
    amb = ops_value(card.ambush)
    if card.kind in ("champion", "monster"):
        # Joins the roster and never dilutes the deck, but every use costs Power again.
        return ROSTER * body_value(card) + amb
    if card.kind == "construct":
        return 1.3 * bonus_value(card.bonus) + ops_value(card.effect) + 0.4 * slay_points(
            card.slay) - 0.5 * AVG_CARD + amb
    return ops_value(card.effect) + 0.5 * ops_value(card.allegiance) - AVG_CARD + amb


def foe_weight(s: State, foe_side: int) -> float:
    """How much a brawl's foe side matters: more when it leads, less when it trails, so the
    bots hold back the leader instead of fighting whoever stands nearest. 1 with two sides."""
    n = len(s.honor)
    if n <= 2:
        return 1.0
    others = (sum(s.honor) - s.honor[foe_side]) / (n - 1)
    lead = (s.honor[foe_side] - others) / max(1, s.scen.victory_honor)
    return min(LEADER_MAX, max(LEADER_MIN, 1.0 + LEADER * lead))


def kill_value(s: State, t: int) -> float:
    """Worth of defeating enemy unit ``t``: it leaves the field and sits out a turn."""
    unit = s.units[t]
    if unit.card < 0:
        return 0.9  # a Cultist goes back to the reserve, ready again
    gear = s.gear.get(unit.card, ())
    return (1.5 + 0.4 * combat.command_cost(s, t) + 0.1 * (combat.strength(s, t)
            + combat.defense(s, t)) + sum(0.5 + 0.1 * s.cards[c].cost for c in gear))


def loss_value(s: State, u: int) -> float:
    """Worth of losing one's own unit on one's own turn (it is ready again, but must walk)."""
    unit = s.units[u]
    if unit.card < 0:
        return 0.6
    gear = s.gear.get(unit.card, ())
    return 0.8 + 0.3 * combat.command_cost(s, u) + sum(0.5 for _ in gear)


def slay_gain(s: State, u: int) -> float:
    """What ``u`` earns for itself when it defeats an enemy (its own and its gear's Slay)."""
    return sum(slay_points(s.cards[c].slay) for c in combat.slay_sources(s, u))


# --- stats at a cell -------------------------------------------------------------------------

def strength_at(s: State, u: int, cell: int) -> int:
    """``u``'s Strength were it standing on ``cell`` (the Faerie Ring and Enchanted hexes)."""
    unit = s.units[u]
    old = unit.cell
    unit.cell = cell
    try:
        return combat.strength(s, u)
    finally:
        unit.cell = old


def hp(s: State, u: int) -> int:
    """Damage ``u`` can still take this turn before it falls."""
    return combat.defense(s, u) - s.units[u].damage


def strikes_back(s: State, t: int, attacker_side: int, frm: int) -> int:
    """Strikeback damage enemy ``t`` deals to a unit attacking it from ``frm``."""
    if not combat.keywords(s, t) & STRIKEBACK:
        return 0
    at = s.units[t].cell
    dist = s.map.distance(at, frm)
    if dist <= 1:
        return combat.strength(s, t)
    if not combat.keywords(s, t) & RANGED or dist > RANGE:
        return 0
    if in_sight(s.map, s.terrain, s.occ_side, side_of(s, s.units[t].seat), at, frm):
        return combat.strength(s, t)
    return 0


# --- the battlefield -------------------------------------------------------------------------

def enemies(s: State, side: int) -> list[int]:
    return combat.enemies_on_board(s, side)


def shrine_area(s: State, shrine: int) -> tuple[int, ...]:
    return (shrine, *s.map.neighbours[shrine])


def live_shrines(s: State) -> list[int]:
    return [c for c in s.map.shrines if s.terrain[c] == SHRINE]


def potential(s: State, side: int, cell: int, speed: int = 3) -> float:
    """How well placed a unit on ``cell`` is for the shrines: beside one (it holds or
    contests it without another command), within a move of one (next turn), or on the way.
    The best shrine counts, weighted by its Honor."""
    best = 0.0
    dist = s.map.distance
    for c in live_shrines(s):
        d = max(0, dist(cell, c) - 1)
        w = (POT_AREA if d == 0 else POT_NEXT if d <= speed
             else POT_FAR if d <= 2 * speed else POT_AWAY)
        v = w * s.map.shrine_honor[c]
        if v > best:
            best = v
    return best


@dataclass
class Threat:
    """Per cell: the enemy units that could attack a unit standing there next turn."""

    at: dict[int, list[tuple[int, int]]]  # cell -> [(enemy unit or -1 off-board, Strength)]

    def lethal(self, cell: int, life: int) -> list[int]:
        return [t for t, st in self.at.get(cell, ()) if st >= life]

    def total(self, cell: int) -> int:
        return sum(st for _, st in self.at.get(cell, ()))


def threats(s: State, side: int) -> Threat:
    """Where enemy units could strike next turn: each walks its Speed on today's board (and
    off-board ready champions from their portals), then attacks adjacent hexes or, Ranged,
    anything within reach (sight ignored: a cautious guess)."""
    m = s.map
    at: dict[int, list[tuple[int, int]]] = {}
    wall = turn.barrier(s)

    def mark(u: int, st: int, starts: list[int], spd: int, usid: int, ranged: bool) -> None:
        cells: set[int] = set()
        for c0 in starts:
            cells.add(c0)
            cells.update(move_targets(m, s.terrain, s.portal_side, s.occ_side, usid, c0, spd,
                                      wall))
        hit: set[int] = set()
        for c in cells:
            hit.update(m.within(c, RANGE if ranged else 1))
        for c in hit:
            at.setdefault(c, []).append((u, st))

    for t in enemies(s, side):
        unit = s.units[t]
        mark(t, combat.strength(s, t), [unit.cell], combat.speed(s, t), s.side_of[unit.seat],
             bool(combat.keywords(s, t) & RANGED))
    for seat in range(s.n):
        es = s.side_of[seat]
        if es == side:
            continue
        portals = [c for c, o in enumerate(s.portal_side) if o == es and s.occupant[c] < 0]
        if not portals:
            continue
        for card in s.seats[seat].roster:
            for u in s.card_units[card]:
                unit = s.units[u]
                if unit.cell < 0 and not unit.exhausted:
                    mark(-1, combat.strength(s, u), portals, combat.speed(s, u), es,
                         bool(combat.keywords(s, u) & RANGED))
    return Threat(at)


def danger(s: State, th: Threat, u: int, cell: int) -> float:
    """Static expected loss of leaving ``u`` on ``cell`` at the end of the turn."""
    life = combat.defense(s, u)
    if th.lethal(cell, life):
        return RISK * kill_value(s, u)
    if th.total(cell) >= life:
        return RISK_MANY * kill_value(s, u)
    return 0.0


def cell_bonus(s: State, side: int, cell: int) -> float:
    """One-off gains for ending a move on ``cell``: a Treasure, a Beacon, a new portal."""
    v = 0.0
    if s.board_treasure[cell] >= 0:
        v += TREASURE
    t = s.terrain[cell]
    if t == BEACON and s.beacon[cell] != side:
        v += BEACON_TURNS * s.scen.number("beacon_honor")
    elif t == INACTIVE_PORTAL:
        v += NEW_PORTAL
    return v


# --- what a seat's units could do this turn --------------------------------------------------

@dataclass(frozen=True)
class Strike:
    """One attack a unit could make: from ``cell``, hitting ``hits`` (one target, or every
    enemy in range for an Area attack), with ``strength``, taking ``back`` Strikeback."""

    cell: int
    hits: tuple[int, ...]  # enemy unit ids
    strength: int
    back: int


@dataclass(frozen=True)
class Move:
    """One way to command a unit: enter at ``entry`` (a portal when deploying, else -1),
    end on ``dest``; ``late`` are the attacks open from ``dest`` after the move."""

    entry: int
    dest: int
    late: tuple[Strike, ...]


@dataclass(frozen=True)
class Piece:
    """A unit the seat may command now: its cost, where it stands (-1 off the battlefield),
    its early attacks (before moving) per entry cell, and its moves."""

    unit: int
    group: int  # figures of one card share a command: the card uid; a Cultist: 100000 + unit
    cost: int
    start: int
    new: bool  # a reserve Cultist, deployed with "command -1 portal"
    attacks: int  # attacks left for this command
    area: bool
    forced: bool  # already being commanded (or queued): paid for
    moved: bool
    early: tuple[tuple[int, tuple[Strike, ...]], ...]  # (entry cell, strikes)
    moves: tuple[Move, ...]


def _strikes(s: State, u: int, cell: int, area: bool, ranged: bool,
             fside: int) -> tuple[Strike, ...]:
    cells = attack_targets(s.map, s.terrain, s.occ_side, fside, cell, ranged, RANGE)
    if not cells:
        return ()
    st = strength_at(s, u, cell)
    ids = [s.occupant[c] for c in cells]
    if area:
        back = sum(strikes_back(s, t, fside, cell) for t in ids)
        return (Strike(cell, tuple(ids), st, back),)
    return tuple(Strike(cell, (t,), st, strikes_back(s, t, fside, cell)) for t in ids)


def _occ_for_moves(s: State, side: int, movers: set[int]) -> list[int]:
    """The occupancy a mover plans against: cells of other movers count as free (they may
    leave first), Tainted hexes as walls (no plan walks into damage)."""
    occ = list(s.occ_side)
    for c, u in enumerate(s.occupant):
        if u in movers:
            occ[c] = -1
    if s.scen.number("tainted_damage") > 0:
        for c, t in enumerate(s.terrain):
            if t == TAINTED and occ[c] == -1:
                occ[c] = BLOCKED
    return occ


def own_portals(s: State, side: int) -> list[int]:
    return [c for c, o in enumerate(s.portal_side) if o == side]


def pieces(s: State, seat: int, power: int, keep: int = 6,
           th: Threat | None = None) -> list[Piece]:
    """Every unit ``seat`` could command with ``power`` (and the one being commanded), with
    its sensible moves: cells around shrines, Treasures, Beacons, cells it can attack from,
    and the ``keep`` best of the rest by position; standing still is always one."""
    side = s.side_of[seat]
    th = th if th is not None else threats(s, side)
    cmd = s.cmd if s.current == seat else None
    forced: list[int] = []
    if cmd is not None:
        forced = [cmd.unit, *cmd.queue]
    cand: list[int] = list(forced)
    for card in s.seats[seat].roster:
        figs = s.card_units[card]
        if any(f in forced for f in figs):
            continue
        if s.units[figs[0]].exhausted or combat.command_cost(s, figs[0]) > power:
            continue
        cand.extend(figs)
    cult_cost = s.cultist_def.command
    reserve = [u for u in s.cultists[seat] if s.units[u].cell < 0 and u not in forced]
    for u in s.cultists[seat]:
        unit = s.units[u]
        if unit.cell >= 0 and not unit.exhausted and u not in forced and cult_cost <= power:
            cand.append(u)
    portals = own_portals(s, side)
    if portals and cult_cost <= power:
        on_board = MAX_CULTISTS - len(reserve)
        extra = min(len(reserve), max(0, MAX_CULTISTS - on_board), power // cult_cost, 2)
        cand.extend(reserve[:extra])
    movers = set(cand)
    occ = _occ_for_moves(s, side, movers)
    shrine_cells: set[int] = set()
    for c in live_shrines(s):
        shrine_cells.update(shrine_area(s, c))
    enemy_cells = {s.units[t].cell for t in enemies(s, side)}
    # Portals a unit may deploy through: free, or held by a mover that may step off.
    entries = [p for p in portals if s.occupant[p] < 0 or s.occupant[p] in movers]
    out: list[Piece] = []
    wall = turn.barrier(s)
    for u in cand:
        unit = s.units[u]
        is_forced = u in forced
        current = cmd is not None and cmd.unit == u
        kw = combat.keywords(s, u)
        area = bool(kw & AREA)
        ranged = bool(kw & RANGED)
        attacks = 2 if kw & DOUBLE else 1
        moved = False
        if current:
            assert cmd is not None
            attacks -= cmd.attacks
            moved = cmd.moved
        if unit.cell >= 0:
            starts = [unit.cell]
            entry_of = -1
        else:
            if current and cmd is not None and cmd.placed:
                continue  # fell during its command
            starts = [p for p in entries if not (is_forced and s.occupant[p] >= 0)]
            entry_of = 0
            if not starts:
                continue
        spd = combat.speed(s, u)
        early: list[tuple[int, tuple[Strike, ...]]] = []
        moves: list[Move] = []
        seen: set[int] = set()
        for c0 in starts:
            early.append((c0 if entry_of == 0 else -1,
                          _strikes(s, u, c0, area, ranged, side) if attacks > 0 else ()))
            dests = {c0: 0} if moved else {c0: 0, **move_targets(
                s.map, s.terrain, s.portal_side, occ, side, c0, spd, wall)}
            scored: list[tuple[float, int, bool]] = []
            for d in dests:
                if d in seen or (d != c0 and s.occupant[d] >= 0 and s.occupant[d] not in movers):
                    continue
                if s.terrain[d] == TAINTED:
                    continue
                must = (d == c0 or d in shrine_cells or cell_bonus(s, side, d) > 0
                        or (ranged and attacks > 0 and any(
                            s.map.distance(d, e) <= RANGE for e in enemy_cells))
                        or (attacks > 0 and any(nb in enemy_cells
                                                for nb in s.map.neighbours[d])))
                score = potential(s, side, d, spd) - danger(s, th, u, d)
                scored.append((score, d, must))
            scored.sort(key=lambda x: (-x[0], x[1]))
            kept = [d for _, d, must in scored if must]
            kept += [d for _, d, must in scored if not must][:keep]
            for d in sorted(kept):
                seen.add(d)
                late = (_strikes(s, u, d, area, ranged, side)
                        if attacks > 0 and d != c0 else ())
                moves.append(Move(c0 if entry_of == 0 else -1, d, late))
        group = unit.card if unit.card >= 0 else 100000 + u
        cost = 0 if is_forced else (cult_cost if unit.card < 0 else combat.command_cost(s, u))
        out.append(Piece(u, group, cost, unit.cell, unit.card < 0 and unit.cell < 0, attacks,
                         area, is_forced, moved, tuple(early), tuple(moves)))
    return out


# --- decisions -------------------------------------------------------------------------------

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
        if s.side_of[s.units[u].seat] == my_side and u == att:
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
        foes = [u for u in choices if s.side_of[s.units[u].seat] != side]
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
    else:
        pick = choices[0]
    if pick is None:
        return dec if dec in legal else Action(CHOOSE, choices[0], 0)
    a = Action(CHOOSE, pick, 0)
    return a if a in legal else legal[0]


# --- playing cards and buying ----------------------------------------------------------------

_TARGETED = frozenset({"damage", "defeat", "turret_attack"})


def play_choice(s: State, seat: int, legal: list[Action], hold_targeted: bool) -> Action | None:
    """The next card to play: card draw first (more cards to play), then the rest, and
    constructs last. With ``hold_targeted`` a hero whose effect needs an enemy in range is
    kept back while there is none (the command phase may bring one)."""
    plays = [a for a in legal if a.kind == "play"]
    if not plays:
        return None

    def rank(a: Action) -> tuple[int, int]:
        card = s.cards[a.card]
        names = {o.op for o in card.effect}
        if card.kind == "construct":
            return (3, a.card)
        if "draw" in names:
            return (0, a.card)
        if names & {"free_command", "buff"}:
            return (2, a.card)
        return (1, a.card)

    out = []
    for a in sorted(plays, key=rank):
        card = s.cards[a.card]
        if hold_targeted and any(o.op in _TARGETED for o in card.effect) and not _has_targets(
                s, seat, card):
            continue
        out.append(a)
    return out[0] if out else None


def _has_targets(s: State, seat: int, card: CardDef) -> bool:
    for o in card.effect:
        if o.op == "damage" and fx.enemies_near(s, seat, int(o.get("range", 1))):  # type: ignore[call-overload]
            return True
        if o.op == "defeat":
            near = fx.enemies_near(s, seat, int(o.get("range", 1)))  # type: ignore[call-overload]
            if any(combat.defense(s, e) <= int(o.get("max_defense", 0)) for e in near):  # type: ignore[call-overload]
                return True
        if o.op == "turret_attack" and fx.turret_targets(s, seat):
            return True
    return False


def rune_buys(s: State, legal: list[Action]) -> list[tuple[Action, int, float]]:
    """Every Rune acquisition now with its cost and net value (monsters are Power buys)."""
    out = []
    for a in legal:
        if a.kind != "acquire":
            continue
        if a.card in (MYSTIC_PILE, HEAVY_PILE):
            pile = s.mystics if a.card == MYSTIC_PILE else s.heavies
            out.append((a, s.cards[pile[-1]].cost, card_value(s, a.card)))
            continue
        card = s.cards[a.card]
        if card.kind == "monster":
            continue
        if a.option == 0 and Action("acquire", a.card, 1) in legal:
            continue  # the same Construct may go on top of the deck: that is better
        v = card_value(s, a.card)
        if a.option == 1:
            v += 0.3  # straight to the top of the deck: drawn next turn
        out.append((a, card.cost, v))
    return out


def best_rune_buy(s: State, legal: list[Action], runes: int) -> Action | None:
    """Greedy buying: the best value per Rune among affordable positive-value cards, with
    the piles as fallbacks (Mystic for Runes, Heavy Infantry for Power)."""
    best: tuple[float, Action] | None = None
    for a, cost, v in rune_buys(s, legal):
        if v <= 0 or cost > runes:
            continue
        score = v + 0.05 * cost
        if best is None or score > best[0]:
            best = (score, a)
    return best[1] if best is not None else None


def power_buys(s: State, legal: list[Action]) -> list[tuple[Action, int, float]]:
    out = []
    for a in legal:
        if a.kind == "acquire" and a.card >= 0 and s.cards[a.card].kind == "monster":
            out.append((a, s.cards[a.card].power_cost, card_value(s, a.card)))
    return out


def team_step(s: State, seat: int, legal: list[Action], switched: bool) -> Action:
    """End of one's part of the turn: a 2 vs 2 captain (the team's first seat) hands over
    once to a partner who has not played yet; otherwise end the turn."""
    sw = Action("switch", -1, 0)
    team = s.sides[s.side]
    if sw in legal and team[0] == seat and not switched and not s.seats[team[1]].plays:
        return sw
    return Action("end", -1, 0)


__all__ = [
    "Move", "Piece", "Strike", "Threat", "answer", "best_rune_buy",
    "card_value", "danger", "kill_value", "loss_value", "pieces", "play_choice",
    "potential", "power_buys", "rune_buys", "team_step", "threats", "world",
]
