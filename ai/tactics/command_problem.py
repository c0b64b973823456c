"""A Tactics command phase as plain data: the problem the CP-SAT model solves and the plan it
returns, shared by the model (:mod:`ai.tactics.command_model`), the plain-Python judge
(:mod:`ai.tactics.command_judge`), the planner that builds problems from a board
(:mod:`ai.tactics.command_framing`) and the code that carries plans out
(:mod:`ai.tactics.command_blocks`).

A :class:`CommandProblem` holds the units a seat may command (:class:`Mover`), each with its
options (:class:`Opt`: where it enters, where it ends) and the attacks open before and after
moving (:class:`Atk`), the enemy units (:class:`Foe`), the shrines (:class:`ShrineSpec`) and
the monsters Power could buy (:class:`Buy`). Every worth is in integer points x100.
"""

from __future__ import annotations

from dataclasses import dataclass

ATTACK_COST = 2  # points x100 per attack: no attack without a purpose


@dataclass(frozen=True)
class Atk:
    """One open attack: the foes it hits (one, or all in range for an Area attack), the
    attacker's Strength there and the Strikeback it would take."""

    hits: tuple[int, ...]
    strength: int
    back: int


@dataclass(frozen=True)
class Opt:
    """Enter at ``entry`` (a portal, or -1 when already on the field), end on ``dest``."""

    entry: int
    dest: int
    gain: int  # static worth of ending on dest (x100)
    risk: int  # penalty (x100) if any foe in ``risk_foes`` survives (all -1: always)
    risk_foes: tuple[int, ...]
    late: tuple[Atk, ...]
    safe: bool = True  # no enemy could defeat it there next turn on its own


@dataclass(frozen=True)
class Mover:
    """A unit the seat may command: its card group (figures share one command and its
    cost), where it stands, the damage it can still take, what losing it costs, its attacks
    and options; the ``idle_*`` fields score it left uncommanded where it stands."""

    unit: int
    group: int
    cost: int
    start: int  # cell, or -1 off the battlefield
    life: int  # damage it can still take
    loss: int  # worth (x100) of losing it to Strikeback
    attacks: int
    early: tuple[tuple[int, tuple[Atk, ...]], ...]  # (entry, attacks before moving)
    opts: tuple[Opt, ...]
    idle_gain: int = 0  # for staying put uncommanded (on the field only)
    idle_risk: int = 0
    idle_risk_foes: tuple[int, ...] = ()
    idle_safe: bool = True


@dataclass(frozen=True)
class Foe:
    """An enemy unit: where it stands, its side, the damage that defeats it, its worth."""

    unit: int
    cell: int
    side: int
    need: int  # damage that defeats it
    value: int  # x100


@dataclass(frozen=True)
class ShrineSpec:
    """A live shrine: its area (the cell and its neighbours), its Honor, the worth of
    holding and denying it, and our units there that are not movers."""

    cell: int
    area: tuple[int, ...]
    honor: int
    ctrl: int  # x100
    deny: int  # x100: no enemy side leads it, counting only our safe units
    fixed_own: int  # our units there that are not movers
    hold: int = 0  # x100: we lead it with safe units alone (likely to score again)
    fixed_safe: int = -1  # of those, the safe ones (-1: all)


@dataclass(frozen=True)
class Buy:
    """A monster in the row that spare Power could acquire."""

    card: int
    cost: int
    value: int  # x100


@dataclass(frozen=True)
class CommandProblem:
    """One seat's command phase: its Power, movers, the foes, shrines and buys, and what
    winning needs (the side's Honor, the victory Honor, the bonus for reaching it)."""

    power: int
    movers: tuple[Mover, ...]
    foes: tuple[Foe, ...]
    shrines: tuple[ShrineSpec, ...]
    buys: tuple[Buy, ...] = ()
    honor: int = 0
    victory: int = 0
    win: int = 0  # x100
    power_cost: int = 5  # x100 per Power spent on commands


@dataclass(frozen=True)
class CommandPlan:
    """A solution: each mover's option and attack counts, the buys, the foes defeated and
    the plan's value by the judge's rules."""

    choice: tuple[int, ...]  # per mover: option index, or -1 (not commanded)
    early: tuple[tuple[int, ...], ...]  # per mover: count per early attack of its entry
    late: tuple[tuple[int, ...], ...]  # per mover: count per late attack of its option
    buys: tuple[int, ...]  # indexes into problem.buys
    kills: tuple[int, ...]  # foe indexes
    value: int


def early_of(m: Mover, entry: int) -> tuple[Atk, ...]:
    """The attacks ``m`` has before moving when it enters at ``entry`` (-1: on the field)."""
    for e, atks in m.early:
        if e == entry:
            return atks
    return ()
