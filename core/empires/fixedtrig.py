"""Directions from angles with integers only, so a flick's path is the same on every machine.

An angle is a whole number of hundredths of a degree (0 to 35999, counter-clockwise from the
positive x axis). Its unit vector is ``(cos, sin)`` scaled by ``2**UNIT_BITS`` and rounded to
the nearest integer. The values come from a Taylor series worked in big integers from a
written-out π, never from the platform's libm, and only the first quadrant is computed: the
other three are its exact reflections, so mirrored aims give exactly mirrored vectors.
"""

from __future__ import annotations

import functools

TURN = 36000  # hundredths of a degree in a full turn
QUARTER = TURN // 4
UNIT_BITS = 30  # unit vectors are scaled by 2**30
UNIT = 1 << UNIT_BITS

# π to 50 decimals, written out: the series below is exact integer arithmetic from it.
_PI_DIGITS = 314159265358979323846264338327950288419716939937510
_PI_SCALE = 10**50
_WORK_BITS = 96  # working precision of the series, far finer than the 30 bits kept


@functools.cache
def _sin_first_quadrant(a: int) -> int:
    """sin(a hundredths of a degree) * 2**UNIT_BITS, rounded, for 0 <= a <= QUARTER."""
    one = 1 << _WORK_BITS
    x = a * _PI_DIGITS * one // (TURN // 2 * _PI_SCALE)
    x2 = x * x >> _WORK_BITS
    term, total, n = x, 0, 1
    while term:
        total += term
        term = -(term * x2 >> _WORK_BITS) // ((n + 1) * (n + 2))
        n += 2
    shift = _WORK_BITS - UNIT_BITS
    return (total + (1 << (shift - 1))) >> shift


def unit_vector(angle: int) -> tuple[int, int]:
    """(cos, sin) of ``angle`` hundredths of a degree, each scaled by 2**UNIT_BITS."""
    a = angle % TURN
    q, r = divmod(a, QUARTER)
    s, c = _sin_first_quadrant(r), _sin_first_quadrant(QUARTER - r)
    if q == 0:
        return c, s
    if q == 1:
        return -s, c
    if q == 2:
        return -c, -s
    return s, -c


def mirror_x(angle: int) -> int:
    """The angle reflected in the vertical axis (x -> -x)."""
    return (TURN // 2 - angle) % TURN


def mirror_y(angle: int) -> int:
    """The angle reflected in the horizontal axis (y -> -y)."""
    return (-angle) % TURN


def mirror_diagonal(angle: int) -> int:
    """The angle reflected in the line y = x (x and y swapped)."""
    return (QUARTER - angle) % TURN
