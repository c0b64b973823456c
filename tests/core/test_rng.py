"""The seeded generators: exact golden sequences, stream independence, uniformity."""

import math
from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.rng import (
    _BATCH_LIMIT,
    NEWEST_GENERATOR,
    BatchRng,
    Rng,
    _batches,
    generator,
    generator_option,
)


def test_golden_shuffle() -> None:
    # If this changes, every saved game would replay differently: never change it lightly.
    items = list(range(10))
    Rng.stream(1, "game").shuffle(items)
    assert items == GOLDEN_SHUFFLE


def test_golden_draws() -> None:
    r = Rng(0)
    assert [r.next64() for _ in range(3)] == GOLDEN_DRAWS


def test_streams_are_independent_and_reproducible() -> None:
    a = [Rng.stream(7, "game").below(1000) for _ in range(1)]
    b = [Rng.stream(7, "game").below(1000) for _ in range(1)]
    assert a == b
    g, bots = Rng.stream(7, "game"), Rng.stream(7, "bot:random")
    assert [g.next64() for _ in range(5)] != [bots.next64() for _ in range(5)]


def test_copy_continues_identically() -> None:
    r = Rng.stream(3)
    r.next64()
    c = r.copy()
    assert [r.below(100) for _ in range(20)] == [c.below(100) for _ in range(20)]


def test_below_is_roughly_uniform() -> None:
    r = Rng.stream(11)
    counts = Counter(r.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_400 < c < 10_600 for c in counts.values())


def test_choice_and_shuffle_draw_exactly_as_below_does() -> None:
    # choice and shuffle inline below() for speed: the draws, and the state after, are its.
    for seed in range(50):
        fast, slow = Rng.stream(seed), Rng.stream(seed)
        items = list(range(seed % 17 + 1))
        assert [fast.choice(items) for _ in range(30)] == \
            [items[slow.below(len(items))] for _ in range(30)]
        shuffled, expected = list(range(seed + 2)), list(range(seed + 2))
        fast.shuffle(shuffled)
        for i in range(len(expected) - 1, 0, -1):
            j = slow.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert shuffled == expected and fast.state == slow.state


def test_choice_from_nothing_is_refused() -> None:
    r = Rng.stream(1)
    with pytest.raises(ValueError, match="at least one item"):
        r.choice([])
    assert r.state == Rng.stream(1).state


def test_die_faces() -> None:
    r = Rng.stream(5)
    assert {r.die(6) for _ in range(500)} == {1, 2, 3, 4, 5, 6}


def test_version_2_golden_shuffle() -> None:
    # Every save of a game on generator 2 replays through this: never change it lightly.
    items = list(range(40))
    r = BatchRng.stream(1, "game")
    r.shuffle(items)
    assert (items, r.state) == GOLDEN_SHUFFLE_2


def test_versions_are_their_classes_and_unknown_ones_are_refused() -> None:
    assert generator(1) is Rng and generator(2) is BatchRng
    assert Rng.version == 1 and BatchRng.version == 2
    assert generator(NEWEST_GENERATOR) is BatchRng
    with pytest.raises(ValueError, match="version 3 is not one this version of ascend has"):
        generator(3)
    assert generator_option({}) == NEWEST_GENERATOR
    assert generator_option({"generator": 1}) == 1
    for bad in (True, "2", 2.0):
        with pytest.raises(ValueError, match="whole number"):
            generator_option({"generator": bad})


def test_version_2_draws_words_dice_and_choices_as_version_1() -> None:
    # Only the shuffle differs: dice and choices of a game on either generator agree.
    old, new = Rng.stream(9), BatchRng.stream(9)
    assert [old.next64() for _ in range(5)] == [new.next64() for _ in range(5)]
    assert [old.below(7) for _ in range(50)] == [new.below(7) for _ in range(50)]
    assert [old.die() for _ in range(50)] == [new.die() for _ in range(50)]
    assert old.choice("abcdef") == new.choice("abcdef")
    assert old.state == new.state


def test_version_2_copy_is_version_2_and_continues_identically() -> None:
    r = BatchRng.stream(3)
    r.shuffle(list(range(12)))
    c = r.copy()
    assert type(c) is BatchRng
    a, b = list(range(33)), list(range(33))
    r.shuffle(a)
    c.shuffle(b)
    assert a == b and r.state == c.state


@given(st.integers(0, 300))
def test_batches_cover_every_swap_once_within_the_limit(n: int) -> None:
    plan = _batches(n)
    assert [i for batch in plan for i, _ in batch] == list(range(n - 1, 0, -1))
    assert all(bound == i + 1 for batch in plan for i, bound in batch)
    for batch in plan:
        assert math.prod(bound for _, bound in batch) <= _BATCH_LIMIT
    # A run is cut only when the next bound would pass the limit.
    for batch, after in zip(plan, plan[1:], strict=False):
        assert math.prod(b for _, b in batch) * after[0][1] > _BATCH_LIMIT


@given(st.integers(0, 2**64 - 1), st.integers(0, 120))
def test_version_2_shuffle_is_a_permutation_and_uses_one_word_a_batch(state: int,
                                                                      n: int) -> None:
    items = list(range(n))
    r = BatchRng(state)
    r.shuffle(items)
    assert sorted(items) == list(range(n))
    words = Rng(state)
    for _ in _batches(n):
        words.next64()
    assert r.state == words.state


def test_version_2_shuffle_is_a_fisher_yates_of_the_batched_indices() -> None:
    # The index of each swap is the next mixed-radix digit of the word (high bits first).
    for seed in range(20):
        r, words = BatchRng.stream(seed), Rng.stream(seed)
        n = 15 + seed
        items, expected = list(range(n)), list(range(n))
        r.shuffle(items)
        for batch in _batches(n):
            word = words.next64()
            for i, bound in batch:
                j, word = divmod(word * bound, 2**64)
                expected[i], expected[j] = expected[j], expected[i]
        assert items == expected


def test_version_2_shuffle_of_four_is_uniform() -> None:
    # 24 orders, 48,000 shuffles: each within 7 % of 2,000 (over 5 standard deviations).
    r = BatchRng.stream(21)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(48_000):
        items = [0, 1, 2, 3]
        r.shuffle(items)
        counts[tuple(items)] += 1
    assert set(counts) == set(permutations(range(4)))
    assert all(1_860 < c < 2_140 for c in counts.values())


def test_version_2_shuffle_puts_any_card_anywhere_of_a_long_deck() -> None:
    # Positions deep in a batch get their index from the word's low bits: still uniform.
    r = BatchRng.stream(4)
    where = Counter()
    for _ in range(20_000):
        items = list(range(50))
        r.shuffle(items)
        where[items.index(0)] += 1
    assert set(where) == set(range(50))
    assert all(280 < c < 530 for c in where.values())


GOLDEN_SHUFFLE = [3, 5, 4, 9, 6, 2, 8, 7, 0, 1]
GOLDEN_SHUFFLE_2 = (
    [28, 17, 4, 32, 10, 23, 13, 24, 35, 33, 9, 8, 0, 21, 36, 29, 16, 5, 12, 22, 38, 2, 26, 31,
     18, 15, 11, 27, 34, 3, 14, 30, 39, 1, 25, 20, 7, 19, 37, 6],
    14472578081171917470,
)
# SplitMix64's published reference outputs for state 0 (0xE220A8397B1DCDAF, ...).
GOLDEN_DRAWS = [16294208416658607535, 7960286522194355700, 487617019471545679]
