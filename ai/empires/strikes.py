"""The end-of-turn strikes planned whole (New Era rules): the targets within each free
ship's reach, what each is worth struck, and the assignment of ships to targets that makes
the most worth fall (``strike_model``), checked on a copy before it is preferred."""

from __future__ import annotations

from collections.abc import Callable

from ai.empires.strike_model import Strikes, plan
from core.contract import Action
from core.empires import apply
from core.empires.combat import added_strength, defence, strength
from core.empires.state import State
from core.empires.technology import ship_numbers

END = Action("end")


def problem(s: State, attacks: list[Action], worth: dict[int, float]) -> Strikes:
    """The strike problem of the free ships' ``attacks`` (legal ``attack`` actions)."""
    seat = s.current
    reach: dict[int, list[int]] = {}
    power: dict[tuple[int, int], int] = {}
    for a in attacks:
        reach.setdefault(a.card, []).append(a.option)
        numbers = ship_numbers(seat, a.card)
        power[a.card, a.option] = numbers.attack + (
            numbers.planet_attack if a.option < len(s.locations) else 0)
    need = {}
    for t in worth:
        committed = strength(s, t)
        need[t] = defence(s, t) + 1 - (committed if committed else added_strength(s, t))
    return Strikes({k: tuple(v) for k, v in reach.items()}, power, need, worth)


def planned_strike(s: State, attacks: list[Action], worth: dict[int, float],
                   judge: Callable[[State], float]) -> tuple[Action, float] | None:
    """The first strike of the best whole plan and the value the plan leaves (``judge`` of
    the table once every planned strike is made and the attacks resolved), or None when the
    plan strikes nothing."""
    chosen = plan(problem(s, attacks, worth))
    if not chosen:
        return None
    c = s.copy()
    for ship in sorted(chosen):
        apply(c, Action("attack", ship, chosen[ship]))
    apply(c, END)
    first = min(chosen)
    return Action("attack", first, chosen[first]), judge(c)
