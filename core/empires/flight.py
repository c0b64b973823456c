"""A flick on a game's table: the aim nudged by the table's steadiness from the game's own
generator, then played out by the physics over the locations and every disc on the map.

The rules (next sessions) decide who may flick what and apply the result; this only says
where everything ends up. Because the nudge comes from the state's generator and the physics
is integer arithmetic, a game replayed from its seed and its recorded aims flies every flick
exactly as before.
"""

from __future__ import annotations

from core.empires.aim import Aim, check, executed
from core.empires.geometry import starmap
from core.empires.physics import Disc, FlickResult, simulate
from core.empires.placing import location_discs
from core.empires.solo_state import heart_discs
from core.empires.state import State


def board(state: State) -> list[Disc]:
    """Every disc on the map as the physics sees it: the 28 locations, then the rest."""
    return list(location_discs()) + state.discs + heart_discs(state.solo)


def fly(state: State, disc_id: int, aim: Aim, *, can_ram: bool = True
        ) -> tuple[Aim, FlickResult]:
    """Flick disc ``disc_id`` as aimed; returns the flick actually made and what came of
    it. Draws the nudge from ``state.rng`` (nothing at steadiness "exact") and changes nothing
    else. ValueError with the reason for an aim or a disc that cannot be flicked."""
    reason = check(aim)
    if reason is not None:
        raise ValueError(reason)
    if not any(d.id == disc_id for d in state.discs):
        raise ValueError(f"disc {disc_id} is not on the map")
    made = executed(aim, state.options["steadiness"], state.rng)
    table = starmap()
    result = simulate(board(state), disc_id, made.angle, made.power,
                      half_width=table.half_width, orbit=table.orbit, can_ram=can_ram)
    return made, result
