"""A seat's Tactics command phase, read off the board, as a :class:`CommandProblem` for the
CP-SAT model: every unit it may command with its sensible moves and attacks
(:func:`ai.tactics.reach.pieces`), each end cell's worth and danger, the enemies' worth, the
shrines' worth held and denied, the monsters spare Power could buy, and what winning needs.
A :class:`Style` scales the shared weights for one planner.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.tactics.command_problem import Atk, Buy, CommandProblem, Foe, Mover, Opt, ShrineSpec
from ai.tactics.danger import hp, threats
from ai.tactics.position import cell_bonus, enemies, live_shrines, potential, shrine_area
from ai.tactics.reach import Piece, pieces
from ai.tactics.weights import CTRL, DENY, HOLD, POWER_SPENT, RISK, RISK_MANY, WIN, S
from ai.tactics.worth import card_value, foe_weight, kill_value, loss_value
from core.tactics import combat
from core.tactics.sides import unit_side
from core.tactics.state import State, side_order

PRESENCE = 0.8  # a unit brought onto the battlefield (it can act from there next turn)
MONSTER = 0.5  # a monster bought with Power the units could have used (commands come first)


@dataclass(frozen=True)
class Style:
    """Multipliers on the shared weights of :mod:`ai.tactics.weights` for one planner."""

    kill: float = 1.0
    risk: float = 1.0
    ctrl: float = 1.0
    deny: float = 1.0
    hold: float = 1.0
    pot: float = 1.0
    presence: float = PRESENCE
    monster: float = MONSTER
    loss: float = 1.0


STEADY = Style()


def build_problem(s: State, seat: int, keep: int = 6, style: Style = STEADY,
                  power: int | None = None
                  ) -> tuple[CommandProblem, list[Piece], list[int]]:
    """The command phase of ``seat`` now as a model problem (and the pieces and foe units
    behind its indexes). ``power``: plan with this much instead of what the seat holds."""
    side = s.side_of[seat]
    power = s.seats[seat].power if power is None else power
    th = threats(s, side)
    ps = pieces(s, seat, power, keep, th)
    foe_units = enemies(s, side)
    fidx = {t: i for i, t in enumerate(foe_units)}
    weight = [foe_weight(s, x) for x in range(len(s.honor))]
    foes = tuple(Foe(t, s.units[t].cell, unit_side(s, t), hp(s, t),
                     round(S * style.kill * kill_value(s, t)
                           * weight[unit_side(s, t)]))
                 for t in foe_units)
    movers = []
    mover_units = {p.unit for p in ps}
    for p in ps:
        kv = kill_value(s, p.unit)
        spd = combat.speed(s, p.unit)
        life_full = combat.defense(s, p.unit)

        def risk_of(cell: int, kv: float = kv, life_full: int = life_full
                    ) -> tuple[int, tuple[int, ...]]:
            lethal = th.lethal(cell, life_full)
            if lethal:
                return (round(S * style.risk * RISK * kv),
                        tuple(fidx.get(t, -1) for t in lethal))
            if th.total(cell) >= life_full:
                return round(S * style.risk * RISK_MANY * kv), (-1,)
            return 0, ()

        early = tuple((e, tuple(Atk(tuple(fidx[t] for t in st.hits), st.strength, st.back)
                                for st in sts)) for e, sts in p.early)
        opts = []
        for mv in p.moves:
            gain = style.pot * potential(s, side, mv.dest, spd) + cell_bonus(
                s, side, mv.dest)
            if p.start < 0:
                gain += style.presence
            risk, rf = risk_of(mv.dest)
            late = tuple(Atk(tuple(fidx[t] for t in st.hits), st.strength, st.back)
                         for st in mv.late)
            opts.append(Opt(mv.entry, mv.dest, round(S * gain), risk, rf, late,
                            not th.lethal(mv.dest, life_full)))
        idle_gain, idle_risk = 0, 0
        idle_rf: tuple[int, ...] = ()
        if p.start >= 0:
            idle_gain = round(S * style.pot * potential(s, side, p.start, spd))
            idle_risk, idle_rf = risk_of(p.start)
        life = hp(s, p.unit) if p.start >= 0 else life_full
        movers.append(Mover(p.unit, p.group, p.cost, p.start, life,
                            round(S * style.loss * loss_value(s, p.unit)), p.attacks,
                            early,
                            tuple(opts), idle_gain, idle_risk, idle_rf,
                            p.start < 0 or not th.lethal(p.start, life_full)))
    shrines = []
    for c in live_shrines(s):
        area = shrine_area(s, c)
        fixed = [s.occupant[a] for a in area
                 if s.occ_side[a] == side and s.occupant[a] not in mover_units]
        safe = sum(1 for u in fixed if not th.lethal(s.units[u].cell, combat.defense(s, u)))
        h = s.map.shrine_honor[c]
        # Denying a shrine is worth most against the strongest side standing around it.
        rivals = {s.occ_side[a] for a in area} - {-1, side}
        dw = max((weight[r] for r in rivals), default=1.0)
        shrines.append(ShrineSpec(c, area, h, round(S * style.ctrl * CTRL * h),
                                  round(S * style.deny * DENY * h * dw), len(fixed),
                                  round(S * style.hold * HOLD * h), safe))
    legal_buys = []
    for u in s.row:
        if u >= 0 and s.cards[u].kind == "monster" and s.cards[u].power_cost <= power:
            v = style.monster * card_value(s, u)
            if v > 0:
                legal_buys.append(Buy(u, s.cards[u].power_cost, round(S * v)))
    prob = CommandProblem(power, tuple(movers), foes, tuple(shrines), tuple(legal_buys),
                          s.honor[side], winning_honor(s, side), round(S * WIN),
                          round(S * POWER_SPENT))
    return prob, ps, foe_units


def winning_honor(s: State, side: int) -> int:
    """The Honor that wins the game at the end of ``side``'s turn. Where the scenario evens
    out turns only the round's last side can win at once (close enough: it wins when it has
    the goal and the most Honor, which the model does not check)."""
    if s.scen.rules.get("equal_turns") and side != side_order(s)[-1]:
        return 1 << 30
    return s.scen.victory_honor

