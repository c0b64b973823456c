"""From the aim a player chose to the flick their finger made: the "steadiness" setting.

A real flick never goes exactly where it was aimed. The game's seeded generator nudges the
angle and the power by a small amount whose spread the table chooses ("exact" for practice
draws nothing at all), so a replay of the recorded aims with the same seed flicks exactly as
the game did. Bots and hints never draw from the game's generator: they estimate their
chances over their own samples of the same spread (``spread``).
"""

from __future__ import annotations

from typing import NamedTuple

from core.empires.fixedtrig import QUARTER, TURN, unit_vector
from core.empires.sliding import MAX_POWER, SUB_BITS, launch_speed, slide_distance
from core.rng import Rng

STEADINESS = ("exact", "steady", "normal", "shaky")
DEFAULT_STEADINESS = "normal"
# Half-widths of each of the four uniform draws summed for the nudge: the sum is a rounded
# bell, at most four times the half-width (normal: within 2° and 4 %, usually within 0.6°
# and 1.2 %).
_DRAWS = 4
_SPREAD = {"exact": (0, 0), "steady": (25, 5), "normal": (50, 10), "shaky": (100, 20)}


class Aim(NamedTuple):
    """An angle in hundredths of a degree (0 = towards the right edge, counter-clockwise)
    and a power in ‰ of the strongest flick."""

    angle: int
    power: int


def check(aim: Aim) -> str | None:
    """Why ``aim`` cannot be flicked, in words; None when it can."""
    if not 0 <= aim.angle < TURN:
        return f"an angle is from 0 to {TURN - 1} hundredths of a degree, not {aim.angle}"
    if not 1 <= aim.power <= MAX_POWER:
        return f"a power is from 1 to {MAX_POWER} ‰, not {aim.power}"
    return None


def spread(steadiness: str) -> tuple[int, int]:
    """The half-width of one draw of the angle nudge and of the power nudge."""
    if steadiness not in _SPREAD:
        raise ValueError(f"steadiness is one of {', '.join(STEADINESS)}, not {steadiness!r}")
    return _SPREAD[steadiness]


def nudge(half_width: int, draw: Rng) -> int:
    """A symmetric nudge: the sum of four uniform whole numbers in [-half_width, half_width]."""
    if half_width == 0:
        return 0
    return sum(draw.below(2 * half_width + 1) - half_width for _ in range(_DRAWS))


def executed(aim: Aim, steadiness: str, rng: Rng) -> Aim:
    """The flick made when aiming ``aim`` at this steadiness: angle nudged first, then power
    (kept within 1 to MAX_POWER). "exact" returns the aim and draws nothing."""
    da, dp = spread(steadiness)
    if da == 0 and dp == 0:
        return aim
    angle = (aim.angle + nudge(da, rng)) % TURN
    power = min(MAX_POWER, max(1, aim.power + nudge(dp, rng)))
    return Aim(angle, power)


def angle_towards(dx: int, dy: int) -> int:
    """The angle (hundredths of a degree) of the direction (dx, dy), to the nearest
    hundredth, found in integers from the same sine values the flick uses: the aim that
    points a ship straight at something. (0, 0) gives 0."""
    if dx == 0 and dy == 0:
        return 0
    a = _first_quadrant(abs(dx), abs(dy))
    if dx >= 0:
        return a if dy >= 0 else (TURN - a) % TURN
    return TURN // 2 - a if dy >= 0 else TURN // 2 + a


def _first_quadrant(x: int, y: int) -> int:
    """The angle of (x, y) with x, y >= 0, by bisection on the sign of the cross product."""
    lo, hi = 0, QUARTER
    while lo < hi:  # the first angle whose direction is not clockwise of (x, y)
        mid = (lo + hi) // 2
        c, s = unit_vector(mid)
        if x * s - y * c >= 0:
            hi = mid
        else:
            lo = mid + 1
    if lo > 0:
        c0, s0 = unit_vector(lo - 1)
        c1, s1 = unit_vector(lo)
        if abs(x * s0 - y * c0) < abs(x * s1 - y * c1):
            return lo - 1
    return lo


def power_for(distance: int) -> int:
    """The least power (‰) whose free slide on an empty map covers ``distance`` units;
    MAX_POWER if even that falls short."""
    lo, hi = 1, MAX_POWER
    while lo < hi:
        mid = (lo + hi) // 2
        if slide_distance(launch_speed(mid)) >> SUB_BITS >= distance:
            hi = mid
        else:
            lo = mid + 1
    return lo
