"""A flick on a game's table: the aim nudged by the table's steadiness from the game's own
generator, then played out by the physics over the locations and every disc on the map.

The rules (next sessions) decide who may flick what and apply the result; this only says
where everything ends up. Because the nudge comes from the state's generator and the physics
is integer arithmetic, a game replayed from its seed and its recorded aims flies every flick
exactly as before.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.empires.aim import Aim, check, executed
from core.empires.geometry import starmap
from core.empires.physics import Disc, FlickResult, Frame, simulate
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


# A frame every 20 steps (20 ms of table time): about fifty for the longest slide.
FRAME_STEPS = 20


def flight_path(discs: Sequence[Disc], disc_id: int, made: Aim, *, can_ram: bool = True,
                every: int = FRAME_STEPS) -> tuple[Frame, ...]:
    """Where everything is, moment by moment, when disc ``disc_id`` is flicked with the aim
    ``made`` (the flick as made, after the nudge: the ``flick`` event's) over ``discs``
    (the table's discs before the flick, without the locations): a frame every ``every``
    steps and the last, for a screen to show the flight. Pure: it draws nothing and
    changes nothing, and the last frame is where the rules' flick left the discs before
    they put anything back."""
    reason = check(made)
    if reason is not None:
        raise ValueError(reason)
    table = starmap()
    frames: list[Frame] = []
    simulate(list(location_discs()) + list(discs), disc_id, made.angle, made.power,
             half_width=table.half_width, orbit=table.orbit, can_ram=can_ram,
             frames=frames, every=every)
    return tuple(frames)
