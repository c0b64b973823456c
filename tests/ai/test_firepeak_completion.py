"""The joint completion model against brute force on small patterns."""

from __future__ import annotations

import itertools
import random

import pytest

from ai.firepeak.completion import COMMON, Completion, completion
from core.firepeak.pattern import ADJACENT, CLANS, LEADERS, OPPOSING, SIZE, WIZARD

LEAD = tuple(tuple(q for q in LEADERS[p] if q != WIZARD) for p in range(SIZE))
FOE = tuple(CLANS.index(OPPOSING[c]) for c in CLANS)
NO_BONUS = [[0] * SIZE for _ in CLANS]


def brute(clans: list[int], powers: list[int], counts: list[list[int]],
          bonus: list[list[int]]) -> Completion:
    open_ = [q for q in range(SIZE) if clans[q] < 0]
    kinds = [(c, p) for c in range(len(CLANS)) for p in range(1, 5) if counts[c][p]]
    best = (0, 0)
    for pick in itertools.product([None, *kinds], repeat=len(open_)):
        used: dict[tuple[int, int], int] = {}
        cl, pw = clans[:], powers[:]
        for q, k in zip(open_, pick, strict=True):
            if k is not None:
                used[k] = used.get(k, 0) + 1
                cl[q], pw[q] = k[0], max(0, k[1] + bonus[k[0]][q])
        if any(n > counts[c][p] for (c, p), n in used.items()):
            continue
        ok = True
        for q, k in zip(open_, pick, strict=True):
            if k is None:
                continue
            if LEAD[q]:
                leaders = [r for r in LEAD[q] if cl[r] >= 0]
                if not leaders or pw[q] >= sum(pw[r] for r in leaders):
                    ok = False
            if any(cl[r] >= 0 and cl[r] == FOE[cl[q]] for r in ADJACENT[q]):
                ok = False
        if not ok:
            continue
        filled = sum(k is not None for k in pick)
        common = sum(min(counts[k[0]][k[1]], COMMON) for k in pick if k is not None)
        best = max(best, (filled, common))
    return Completion(len(open_), best[0], best[1])


def test_an_empty_pattern_with_plenty_to_come_fills_completely() -> None:
    counts = [[0, 2, 3, 3, 2] for _ in CLANS]
    got = completion([-1] * SIZE, [0] * SIZE, counts, NO_BONUS)
    assert (got.open, got.fillable, got.stuck) == (9, 9, 0)


def test_two_open_positions_competing_for_the_last_fitting_creature() -> None:
    # Tier 1 holds Power 2 and 3 (clan 0); tier 2 positions 2 and 4 are open, 3 is taken,
    # and only one creature weak enough to go under a Power-2 Leader is still to come.
    clans = [0, 0, -1, 0, -1, 0, 0, 0, 0]
    powers = [2, 3, 0, 3, 0, 1, 1, 1, 1]
    counts = [[0] * 5 for _ in CLANS]
    counts[0][1] = 1
    got = completion(clans, powers, counts, NO_BONUS)
    assert got.open == 2 and got.fillable == 1 and got.stuck == 1


def test_an_open_leader_must_be_planned_strong_enough_for_the_positions_below() -> None:
    # Position 0 open; 2 (under 0 only) open; only Power-1 creatures to come: 2 needs a
    # Leader of Power 2 or more, so only one of the two can be filled.
    clans = [-1, 0, -1, 0, 0, 0, 0, 0, 0]
    powers = [0, 4, 0, 3, 2, 1, 1, 1, 1]
    counts = [[0] * 5 for _ in CLANS]
    counts[0][1] = 5
    got = completion(clans, powers, counts, NO_BONUS)
    assert got.fillable == 1
    counts[0][2] = 1
    assert completion(clans, powers, counts, NO_BONUS).fillable == 2


@pytest.mark.parametrize("seed", range(60))
def test_matches_brute_force_on_random_small_patterns(seed: int) -> None:
    rng = random.Random(seed)
    clans = [rng.randrange(3) for _ in range(SIZE)]
    powers = [rng.randint(1, 6) for _ in range(SIZE)]
    for q in rng.sample(range(SIZE), rng.randint(1, 4)):
        clans[q], powers[q] = -1, 0
    counts = [[0] * 5 for _ in CLANS]
    for _ in range(rng.randint(1, 5)):
        counts[rng.randrange(len(CLANS))][rng.randint(1, 4)] += rng.randint(1, 5)
    bonus = [[rng.choice((0, 0, 1, -1)) for _ in range(SIZE)] for _ in CLANS]
    assert completion(clans, powers, counts, bonus) == brute(clans, powers, counts, bonus)


def test_the_planner_evaluation_counts_positions_that_starve_each_other_as_dead() -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "firepeak"))
    from firepeak_helpers import put, table

    from ai.firepeak.table_score import pool_counts, seat_info
    from core.firepeak.cards import CREATURES

    s = table()
    doom = sorted((c for c in CREATURES if c.clan == "doombringers"), key=lambda c: -c.power)
    fours, threes = [c for c in doom if c.power == 4], [c for c in doom if c.power == 3]
    twos, ones = [c for c in doom if c.power == 2], [c for c in doom if c.power == 1]
    # Tier 1 Power 4 and 4, position 3 Power 3, positions 6 and 7 Power 2: open are 2 and 4
    # (each under a present Leader) and 5 and 8 (each under one of them).
    for pos, c in ((0, fours[0]), (1, fours[1]), (3, threes[0]), (6, twos[0]), (7, twos[1])):
        put(s, c.uid, 0, pos)
    # One creature is still to come: it fits 2 or 4 on its own, never both.
    last = ones[0].uid
    s.creature_discard += [u for u in s.recruit if u != last]
    s.recruit = [last]
    counts = pool_counts(s.recruit)
    alone = seat_info(s, 0, [r[:] for r in counts], 1)
    joint = seat_info(s, 0, [r[:] for r in counts], 1, joint=True)
    assert alone.dead == 0
    assert joint.dead == 3
    assert joint.score < alone.score
