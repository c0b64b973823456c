"""A small seeded generator whose whole state is one int, so it saves, copies and replays.

SplitMix64: fast in pure Python, passes the usual statistical batteries for games, and has a
trivially serialisable state. Separate *named streams* (``Rng.stream(seed, "bots")``) keep
the game's shuffles independent of anything a bot or the solver draws.
"""

from __future__ import annotations

import zlib
from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """SplitMix64 generator. ``state`` is the only field; equal states give equal futures."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    @classmethod
    def stream(cls, seed: int, name: str = "game") -> Rng:
        """The generator for stream ``name`` of ``seed``; different names never share draws."""
        return cls(_mix((seed & _MASK) ^ _mix(zlib.crc32(name.encode()) + _GAMMA)))

    def copy(self) -> Rng:
        return Rng(self.state)

    def next64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        return _mix(self.state)

    def below(self, n: int) -> int:
        """A uniform int in ``[0, n)`` (Lemire's multiply-shift; bias < n / 2**64)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # next64 and _mix inlined: this is the hottest call of random self-play.
        z = self.state = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        """``items[self.below(len(items))]``, with ``below`` inlined: a random bot picks every
        action of self-play this way."""
        n = len(items)
        if n <= 0:
            raise ValueError("choice() needs at least one item")
        z = self.state = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return items[((z ^ (z >> 31)) * n) >> 64]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place."""
        # ``below(i + 1)`` inlined, the state kept in a local: the same draws, in the same
        # order, at a third of the cost (every reshuffle of a deck runs this).
        z = self.state
        for i in range(len(items) - 1, 0, -1):
            z = (z + _GAMMA) & _MASK
            x = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((x ^ (x >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = z

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1
