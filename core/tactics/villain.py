"""One Villain command: every plan the rulebook's procedure permits (DESIGN.md, "One Villain
command"), written as a plain enumeration over the hexes the Villain can reach.

``allowed_commands(state, unit)`` is both the rules engine's answer (solo and co-op: the
engine carries out the one plan left, or asks the hero seat at the keyboard to break a tie,
or takes the first under ``ties = auto``) and the reference the AI's CP-SAT model of a
command is proved equal to. Terms, exactly:

* **reachable**: the cells of ``turn.destinations`` (the normal movement rules for the
  Villains' side: hero units block, hero portals cannot be entered, a Forest costs 2; no
  Tainted damage unless the scenario's ``villains_tainted``), plus the cell it stands on
  (staying is always possible, costing 0).
* **in range** from a cell: ``board.attack_targets`` from that cell with the Villain's
  keywords now — adjacent hero units, and with Ranged those within 3 hexes in line of sight
  (hero units and Forests block sight; the Villains' own units never do).
* **can defeat** a hero unit ``t`` from a cell: ``t`` is in range there and the Villain's
  Strength on that cell (this turn's bonuses, an Enchanted hex's bonus where the scenario
  gives one) times its attacks (2 with Double) reaches ``t``'s remaining Defense (its
  Defense now minus the damage it has taken this turn).
* **highest Defense**: a hero unit's Defense now (``combat.defense``); every hero unit of
  the highest value among those considered is a tie.
* **closest to the objective**: least hex distance (``MapDef.distance``, ignoring terrain)
  from a cell to the cell of the Villain's objective token; equal distances are a tie.
* **toward the objective** (moving without a target it can defeat): the reachable cells of
  least ``(hex distance to the token's cell, movement points spent)`` — onto the token's
  hex when it is free and reachable, else next to it, else as close as the move allows by
  the most direct way (fewest points); staying put costs 0, so a Villain with nothing closer
  in reach stays. Every cell of that least pair is a tie.

The procedure (``Plan`` records each outcome):

1. If the Villain can defeat some hero unit from some reachable cell, the targets are the
   defeatable ones of highest Defense. A target it can defeat from where it stands is
   attacked first, then the Villain moves toward its objective, computed once the attack
   is over (a Treasure window may change the board): ``destination`` is -1 and
   ``attack_first`` True. Otherwise one plan per cell closest to the objective among the
   reachable cells from which it can defeat that target: move there, then attack.
2. Otherwise, outside Become the Boss, a Villain standing on or next to a shrine that holds
   its objective token stays and scores that shrine at once (``score_now``).
3. Otherwise it moves toward its objective; then, if hero units are in range of where it
   ends, it attacks one of highest Defense (one plan per such unit), else nothing.

With Double the Villain attacks its target a second time when it still stands and is still
in range (``villain_turn``); with Area an attack hits every hero unit in range, the target
being the one it was made for.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.tactics import combat, turn
from core.tactics.board import ENCHANTED, SHRINE, attack_targets
from core.tactics.state import DOUBLE, RANGE, RANGED, State
from core.tactics.villain_state import HEROES, VILLAINS


@dataclass(frozen=True, order=True)
class Plan:
    """One way a commanded Villain may act, in the total order ties are listed and ``auto``
    takes them in: by ``target`` (the hero unit attacked; -1 none), then ``destination``
    (the cell it moves to; its own cell for no move; -1 after an attack made first: toward
    the objective, decided once the attack is over), then ``attack_first``, then
    ``score_now`` (stays and scores the shrine holding its token at once)."""

    target: int
    destination: int
    attack_first: bool = False
    score_now: bool = False

    @property
    def first_attack(self) -> int:
        """The unit attacked before moving, or -1."""
        return self.target if self.attack_first else -1

    @property
    def last_attack(self) -> int:
        """The unit attacked after moving, or -1."""
        return -1 if self.attack_first else self.target


def token_cell(s: State, u: int) -> int:
    """The cell of the objective token Villain ``u`` holds."""
    v = s.villain
    assert v is not None
    return v.token[v.kind_of(s.units[u].card)]


def strength_on(s: State, u: int, cell: int) -> int:
    """``u``'s Strength were it standing on ``cell`` (an Enchanted hex may add to it)."""
    here = s.units[u].cell
    total = combat.strength(s, u)
    if s.scen.rules.get("enchanted") == "strength":
        bonus = s.scen.number("enchanted_bonus")
        total += bonus * ((s.terrain[cell] == ENCHANTED) - (s.terrain[here] == ENCHANTED))
    return max(0, total)


def in_range(s: State, u: int, cell: int) -> list[int]:
    """The hero units ``u`` could attack from ``cell`` (as ``combat.targets_of`` would there:
    its own side never blocks sight, so leaving its cell changes nothing else)."""
    ranged = bool(combat.keywords(s, u) & RANGED)
    cells = attack_targets(s.map, s.terrain, s.occ_side, VILLAINS, cell, ranged, RANGE)
    return [s.occupant[c] for c in cells if s.occ_side[c] == HEROES]


def reachable(s: State, u: int) -> dict[int, int]:
    """Cell -> movement points, the Villain's own cell (0) included."""
    out = dict(turn.destinations(s, u))
    out[s.units[u].cell] = 0
    return out


def _remaining(s: State, t: int) -> int:
    return combat.defense(s, t) - s.units[t].damage


def toward(s: State, u: int) -> list[int]:
    """The cells a Villain moving toward its objective may end on (every tie), ascending."""
    goal = token_cell(s, u)
    dist = s.map.distance
    cells = reachable(s, u)
    best = min((dist(c, goal), cost) for c, cost in cells.items())
    return sorted(c for c, cost in cells.items() if (dist(c, goal), cost) == best)


def move_plans(s: State, u: int) -> list[Plan]:
    """Moving toward the objective with no attack (after an attack made first)."""
    return [Plan(-1, c) for c in toward(s, u)]


def allowed_commands(s: State, u: int) -> list[Plan]:
    """Every plan the procedure permits Villain ``u`` (on the battlefield), sorted; one
    plan means no choice."""
    here = s.units[u].cell
    assert here >= 0, "a Villain off the battlefield is not commanded"
    hits = 2 if combat.keywords(s, u) & DOUBLE else 1
    cells = reachable(s, u)
    # 1. Every (target, cell) from which the Villain defeats a hero unit.
    defeat: dict[int, list[int]] = {}
    for c in cells:
        strength = strength_on(s, u, c) * hits
        for t in in_range(s, u, c):
            if strength >= _remaining(s, t):
                defeat.setdefault(t, []).append(c)
    if defeat:
        top = max(combat.defense(s, t) for t in defeat)
        goal = token_cell(s, u)
        plans = []
        for t in sorted(x for x in defeat if combat.defense(s, x) == top):
            if here in defeat[t]:
                plans.append(Plan(t, -1, attack_first=True))
                continue
            near = min(s.map.distance(c, goal) for c in defeat[t])
            plans += [Plan(t, c) for c in sorted(defeat[t]) if s.map.distance(c, goal) == near]
        return sorted(plans)
    # 2. Standing on or next to the shrine holding its token: stay and score it now.
    v = s.villain
    assert v is not None
    goal = token_cell(s, u)
    if (v.boss_seat < 0 and s.terrain[goal] == SHRINE
            and s.map.distance(here, goal) <= 1):
        return [Plan(-1, here, score_now=True)]
    # 3. Toward the objective, then the highest-Defense hero unit in range, if any.
    plans = []
    for c in toward(s, u):
        targets = in_range(s, u, c)
        if not targets:
            plans.append(Plan(-1, c))
            continue
        top = max(combat.defense(s, t) for t in targets)
        plans += [Plan(t, c) for t in targets if combat.defense(s, t) == top]
    return sorted(plans)


def best_target(s: State, u: int) -> list[int]:
    """The hero units of highest Defense in range of ``u`` where it stands (a second attack,
    or a Boss-free attack), ascending."""
    targets = in_range(s, u, s.units[u].cell)
    if not targets:
        return []
    top = max(combat.defense(s, t) for t in targets)
    return sorted(t for t in targets if combat.defense(s, t) == top)


__all__ = ["Plan", "allowed_commands", "best_target", "in_range", "move_plans", "reachable",
           "strength_on", "token_cell", "toward"]
