"""Small seeded generators whose whole state is one int, so they save, copy and replay.

SplitMix64: fast in pure Python, passes the usual statistical batteries for games, and has a
trivially serialisable state. Separate *named streams* (``Rng.stream(seed, "bots")``) keep
the game's shuffles independent of anything a bot or the solver draws.

A game records in its options which *version* of the generator it uses (``generator``):
version 1 is ``Rng`` and must never change, since every save made before versions existed
replays with it; version 2 is ``BatchRng``, the same words with a cheaper shuffle. A new
version is a new class here, never an edit of an old one.
"""

from __future__ import annotations

import zlib
from collections.abc import MutableSequence
from functools import lru_cache
from typing import ClassVar, TypeVar

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
    version: ClassVar[int] = 1

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


# A shuffle's word serves bounds whose product stays below this: each permutation of a
# word's swaps is then drawn with a probability within a factor 1 +- 2**-32 of uniform.
_BATCH_LIMIT = 1 << 32


class BatchRng(Rng):
    """Version 2: SplitMix64 words exactly as ``Rng`` draws them, and ``below``, ``choice``
    and ``die`` as in version 1; only ``shuffle`` differs. It takes several Fisher–Yates
    swaps from each 64-bit word (batched ranged integers, after Brackett-Rozinsky and
    Lemire, 2024): ``word * (i + 1)`` gives the swap's index in its high 64 bits and leaves
    the rest of the word's randomness in the low ones, for the next bound. A deck of 30
    cards costs 4 words instead of 29, and the shuffle about half of version 1's time.
    """

    __slots__ = ()
    version: ClassVar[int] = 2

    def copy(self) -> BatchRng:
        return BatchRng(self.state)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place, swaps from position ``len - 1`` down to 1 as in version 1,
        a new word whenever the product of the bounds served by the current one would pass
        ``2**32`` (``_batches`` plans that once per length)."""
        z = self.state
        for batch in _batches(len(items)):
            z = (z + _GAMMA) & _MASK
            x = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
            word = x ^ (x >> 31)
            for i, bound in batch:
                word *= bound
                j = word >> 64
                word &= _MASK
                items[i], items[j] = items[j], items[i]
        self.state = z


@lru_cache(maxsize=512)
def _batches(n: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The swaps of a shuffle of ``n`` items, ``(position, bound)`` from the top down, cut
    into the runs that share one word: each run's bounds multiply to at most ``2**32``."""
    batches: list[tuple[tuple[int, int], ...]] = []
    run: list[tuple[int, int]] = []
    product = 1
    for i in range(n - 1, 0, -1):
        if run and product * (i + 1) > _BATCH_LIMIT:
            batches.append(tuple(run))
            run, product = [], 1
        run.append((i, i + 1))
        product *= i + 1
    if run:
        batches.append(tuple(run))
    return tuple(batches)


GENERATORS: dict[int, type[Rng]] = {1: Rng, 2: BatchRng}
NEWEST_GENERATOR = 2
# What a game recorded before generator versions existed used: its saves lack the option.
FIRST_GENERATOR = 1


def generator(version: int) -> type[Rng]:
    """The generator class of ``version``; a version this ascend does not have is refused."""
    try:
        return GENERATORS[version]
    except KeyError:
        known = ", ".join(map(str, GENERATORS))
        raise ValueError(f"random-number generator version {version} is not one this "
                         f"version of ascend has ({known})") from None


def generator_option(options: dict[str, object]) -> int:
    """The ``generator`` option of a new game's options, checked: the newest when absent."""
    raw = options.get("generator", NEWEST_GENERATOR)
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise ValueError(f"the generator version must be a whole number, not {raw!r}")
    generator(raw)
    return raw
