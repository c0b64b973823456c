"""What cards and units are worth to the Tactics bots, in the points of :mod:`ai.tactics.weights`:
a card acquired or played, a body on the roster, a construct's bonus, an enemy defeated, a
unit of one's own lost, and how much a brawl's foe side matters.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.tactics.weights import (
    AVG_CARD,
    LEADER,
    LEADER_MAX,
    LEADER_MIN,
    POWER,
    ROSTER,
    VILLAIN_DOWN,
)
from core.tactics import combat
from core.tactics.board import SHRINE
from core.tactics.cards import CardDef, Op, Stats
from core.tactics.sides import is_villain
from core.tactics.state import HEAVY_PILE, MYSTIC_PILE, State

_KW_POINTS = {"ranged": 1.5, "area": 1.5, "double": 1.5, "strikeback": 1.0}


def op_number(op: Op, key: str, default: int) -> int:
    """A numeric field of ``op`` (the content loader makes every count, distance and limit an
    int, so anything else is a broken card)."""
    value = op.get(key, default)
    if not isinstance(value, int):
        raise TypeError(f"op {op.op}: field {key} is not a number: {value!r}")
    return value


def op_keywords(op: Op) -> tuple[str, ...]:
    """The keywords a ``buff`` grants (the loader keeps them as a sorted tuple)."""
    value = op.get("keywords", ())
    if not isinstance(value, tuple):
        raise TypeError(f"op {op.op}: keywords are not a list: {value!r}")
    return value


def slay_points(ops: Sequence[Op]) -> float:
    """What a Slay effect is worth: half its ops' worth, since it needs a defeat first."""
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
        total = sum(op_number(op, k, 0) for k in ("strength", "defense", "speed"))
        total += len(op_keywords(op))
        return (0.5 if op.get("target") == "all" else 0.3) * max(1, total)
    if name in ("damage", "turret_attack"):
        return 0.3 * n
    if name == "defeat":
        return 0.4 * op_number(op, "max_defense", 0)
    if name == "free_command":
        return 0.5 * op_number(op, "max_cost", 0)
    if name == "ready":
        return 0.8
    if name == "acquire_free":
        return 0.6 * op_number(op, "max_cost", 0)
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
    """The summed worth of a list of effect operations."""
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
    if is_villain(s, t):
        return villain_kill_value(s, t)
    if unit.card < 0:
        return 0.9  # a Cultist goes back to the reserve, ready again
    gear = s.gear.get(unit.card, ())
    return (1.5 + 0.4 * combat.command_cost(s, t) + 0.1 * (combat.strength(s, t)
            + combat.defense(s, t)) + sum(0.5 + 0.1 * s.cards[c].cost for c in gear))


def villain_kill_value(s: State, t: int) -> float:
    """Worth of defeating a Villain: the Honor on its card (1 for a Villain Cultist) comes at
    once, and a fallen Villain stays off the field until a Scheme brings it back, so the
    shrine its objective token marks stops paying the Villains (it scores there each time it
    is commanded, and again at the end of their turn)."""
    v = s.villain
    assert v is not None
    card = s.units[t].card
    if card < 0:
        return 1.0 + 0.9
    honor = v.vdef(card).face(v.mode).honor
    kind = v.kind_of(card)
    cell = v.token[kind] if kind >= 0 else -1
    income = s.map.shrine_honor[cell] if cell >= 0 and s.terrain[cell] == SHRINE else 1
    return (honor + VILLAIN_DOWN * income + 1.0
            + 0.1 * (combat.strength(s, t) + combat.defense(s, t)))


def loss_value(s: State, u: int) -> float:
    """Worth of losing one's own unit on one's own turn (it is ready again, but must walk)."""
    unit = s.units[u]
    if unit.card < 0:
        return 0.6
    gear = s.gear.get(unit.card, ())
    return 0.8 + 0.3 * combat.command_cost(s, u) + sum(0.5 for _ in gear)
