"""The Firepeak bots' answers to every decision the engine can ask, in a world of their own.

* ``quick_answer``: cheap rules used inside simulations (placements by the seat's own score,
  illegal patterns resolved by :func:`ai.firepeak.pattern.resolve` to keep the most Power, ...);
* ``best_answer``: the same, but a spell's target choice is tried on a copy of the world and
  the best-scoring one kept;
* ``settle``: answer a world's pending decisions, any seat's, until none is left.
"""

from __future__ import annotations

import core.firepeak as F
from ai.firepeak import pattern as solver
from ai.firepeak.evaluation import evaluate, own_score
from ai.firepeak.table_score import TIER_OF, W_CREATURE
from core.contract import Action, trusted_apply
from core.firepeak import board
from core.firepeak import effects as fx
from core.firepeak import targets as tg
from core.firepeak.cards import BASE_POWER, CLAN_OF, SPELLS
from core.firepeak.pattern import EMPTY, SIZE
from core.firepeak.state import DUNGEON, GUARD, Decision, State

TARGET_KINDS = frozenset({"aura", "enchant", "opponent", "dungeon_pick", "salvage", "dispel",
                          "tremor", "bind"})

# How much a spell is worth keeping, by id (setup discards and component choices).
SPELL_VALUE = {
    "call_to_arms": 3.0, "valor_aura": 2.8, "circle_kinship": 2.6, "binding_hex": 2.6,
    "giants_strength": 2.4, "atrophy": 2.3, "silver_tongue": 2.3, "circle_crown": 2.2,
    "battle_fury": 2.0, "withering_aura": 2.0, "insight": 1.8, "jailbreak": 1.7,
    "tremor": 1.7, "daring_raid": 1.6, "circle_whispers": 1.6, "circle_conquest": 1.5,
    "aegis": 1.5, "bloodlust": 1.4, "stone_skin": 1.4, "sanctuary": 1.3, "unseat": 1.3,
    "grave_call": 1.3, "scrying_pool": 1.2, "filch": 1.2, "circle_lore": 1.1,
    "circle_bulwark": 1.1, "quickstep": 0.8, "unravel": 1.0,
}


def spell_value(sp: int) -> float:
    """How much spell ``sp`` is worth keeping (``SPELL_VALUE``, 1.2 when unlisted)."""
    return SPELL_VALUE.get(SPELLS[sp].key, 1.2)


def _carried(s: State, seat: int, uid: int) -> solver.Creature:
    """The solver's view of a creature in ``seat``'s pattern: Power that travels with it."""
    p = BASE_POWER[uid]
    for sp in s.ench.get(uid, ()):
        p += SPELLS[sp].power
    c = s.players[seat].circle
    if c != EMPTY:
        d = SPELLS[c]
        wclan = board.wizard_clan(s, seat)
        if d.power and not d.power_tier and (not d.power_clan or CLAN_OF[uid] == (
                wclan if d.power_clan == "wizard" else d.power_clan)):
            p += d.power
    return solver.Creature(CLAN_OF[uid], p)


def _pos_bonus(s: State, seat: int) -> list[int]:
    pl = s.players[seat]
    out = []
    tier_bonus = (0, 0)
    if pl.circle != EMPTY:
        d = SPELLS[pl.circle]
        if d.power and d.power_tier:
            tier_bonus = (d.power_tier, d.power)
    for q in range(SIZE):
        b = sum(SPELLS[pl.auras[r]].power for r in board.AURA_FROM[q] if pl.auras[r] != EMPTY)
        if tier_bonus[0] and TIER_OF[q] == tier_bonus[0]:
            b += tier_bonus[1]
        out.append(b)
    return out


def resolution_value(s: State, seat: int, slots: list[int]) -> tuple[int, int]:
    """(Power, creatures) the best resolution of ``slots`` keeps."""
    pattern = [None if u == EMPTY else _carried(s, seat, u) for u in slots]
    res = solver.resolve(pattern, pos_bonus=_pos_bonus(s, seat),
                         wizard_clan=board.wizard_clan(s, seat))
    return res.power, res.creatures


def answer_resolution(s: State, d: Decision) -> int:
    """The step (``move_up`` or ``remove``) after which the rest of the rulebook procedure
    keeps the most Power, then the most creatures (:func:`ai.firepeak.pattern.resolve`)."""
    slots = s.players[d.seat].pattern
    best, best_key = d.choices[0], None
    for c in d.choices:
        trial = slots[:]
        if d.kind == "move_up":
            src, dst = divmod(c, 10)
            trial[dst], trial[src] = trial[src], EMPTY
        else:
            trial[c] = EMPTY
        power, count = resolution_value(s, d.seat, trial)
        key = (power, count, -c)
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best


def _with_creature(s: State, seat: int, uid: int, loc: int) -> float:
    """``seat``'s own score with ``uid`` put at ``loc`` (a Position, GUARD or DUNGEON)."""
    pl = s.players[seat]
    if loc == DUNGEON:
        pl.dungeon.append(uid)
        try:
            return own_score(s, seat)
        finally:
            pl.dungeon.pop()
    if loc == GUARD:
        pl.guard = uid
        try:
            return own_score(s, seat)
        finally:
            pl.guard = EMPTY
    pl.pattern[loc] = uid
    try:
        return own_score(s, seat)
    finally:
        pl.pattern[loc] = EMPTY


def answer_place(s: State, d: Decision) -> int:
    """Where the creature helps its owner's table most (keeping Positions fillable)."""
    uid = d.source
    if uid < 0:
        return d.choices[0]
    origin = d.a
    if origin >= 0 and uid in s.players[origin].dungeon:
        s.players[origin].dungeon.remove(uid)
        try:
            return _best_place(s, d, uid)
        finally:
            s.players[origin].dungeon.append(uid)
    return _best_place(s, d, uid)


def _best_place(s: State, d: Decision, uid: int) -> int:
    best, best_v = d.choices[0], None
    for c in d.choices:
        v = _with_creature(s, d.seat, uid, c)
        if best_v is None or v > best_v + 1e-9:
            best, best_v = c, v
    return best


def creature_worth(s: State, seat: int, uid: int) -> float:
    """How much a creature in ``seat``'s Dungeon is worth to it: Brainwash odds times its
    use in the pattern, plus a little as Research or component fodder."""
    pl = s.players[seat]
    fits = board.open_positions(s, seat, uid)
    p = sum(1 for d in range(1, 7) if d > BASE_POWER[uid]) / 6
    power = BASE_POWER[uid]
    return 0.3 + 0.15 * power + (p * (W_CREATURE + power) if fits else 0.2 * power) \
        + (0.3 if pl.guard == EMPTY else 0.0)


def answer_component(s: State, d: Decision) -> int:
    """The Dungeon creature its owner will miss least as a spell's component."""
    return min(d.choices, key=lambda u: (creature_worth(s, d.seat, u), u))


def answer_pick(s: State, d: Decision) -> int:
    """rescue_pick / salvage / raid: the creature most useful to us; purge: to them. A won
    Rescue always takes one: it can at worst go into our own Dungeon (a Research pair or a
    component later), and it leaves the beaten Dungeon either way."""
    if d.kind == "dungeon_pick" and SPELLS[d.source].ops[d.b].name == "purge_dungeon":
        victim = d.a
        return max(d.choices, key=lambda u: (bool(board.open_positions(s, victim, u)),
                                             BASE_POWER[u], -u))
    seat = d.seat
    creatures = [u for u in d.choices if u != fx.NO_TAKE] or list(d.choices)
    return max(creatures, key=lambda u: (bool(board.open_positions(s, seat, u)),
                                         BASE_POWER[u], -u))


def answer_discard_spell(s: State, d: Decision) -> int:
    """The spell worth least to keep."""
    return min(d.choices, key=lambda sp: (spell_value(sp), sp))


def quick_target(s: State, d: Decision) -> int:
    """A cheap rule for a spell's target: hurt the leading opponent, help ourselves."""
    seat = d.seat
    opps = tg.opponents(s, seat)
    lead = max(opps, key=lambda o: (board.pattern_power(s, o), -o))
    if d.kind == "opponent":
        return lead if lead in d.choices else d.choices[0]
    if d.kind in ("dungeon_pick", "salvage"):
        return answer_pick(s, d)
    return d.choices[0]


def quick_answer(s: State, d: Decision) -> int:
    """A cheap answer to any decision ``d`` of world ``s``, by its kind."""
    kind = d.kind
    if kind in ("move_up", "remove"):
        return answer_resolution(s, d)
    if kind == "place":
        return answer_place(s, d)
    if kind == "component":
        return answer_component(s, d)
    if kind == "rescue_pick":
        return answer_pick(s, d)
    if kind == "discard_spell":
        return answer_discard_spell(s, d)
    if kind == "extra_spell":
        # A Spellbook has no limit, so a spell more is never worse (and one less for them).
        return fx.DRAW
    return quick_target(s, d)


# An answer picked from the pending decision's own choices is legal by construction, so the
# copies a search plays out skip the engine's re-check (the same state either way).
_answer = trusted_apply(F)


def settle(s: State, deep: bool = False) -> None:
    """Answer pending decisions in a world (any seat's) until none is left."""
    guard = 0
    while s.pending is not None and not s.over:
        d = s.pending
        c = best_answer(s, d) if deep and d.kind in TARGET_KINDS else quick_answer(s, d)
        _answer(s, Action(d.kind, c, 0))
        guard += 1
        if guard > 200:
            raise RuntimeError("firepeak bot: decisions do not settle")


def best_answer(s: State, d: Decision) -> int:
    """Like ``quick_answer``, but a spell's target is tried on copies of the world and the
    choice scoring best for the decider kept."""
    if d.kind not in TARGET_KINDS or len(d.choices) == 1:
        return quick_answer(s, d)
    if d.kind == "opponent" and SPELLS[d.source].ops[d.a].name == "filch":
        return quick_target(s, d)  # a random card: no world tells more than the rule
    best, best_v = d.choices[0], None
    for c in d.choices:
        t = s.copy()
        _answer(t, Action(d.kind, c, 0))
        settle(t)
        v = evaluate(t, d.seat)
        if best_v is None or v > best_v + 1e-9:
            best, best_v = c, v
    return best
