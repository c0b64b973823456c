"""The sweep-line ``overlapping`` finds exactly the pairs, in exactly the order, that
testing every pair does (the audit and the relic swap rely on both)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from core.empires.physics import Disc, overlapping


def every_pair(discs: list[Disc]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for i, a in enumerate(discs):
        for b in discs[i + 1:]:
            dx, dy, reach = a.x - b.x, a.y - b.y, a.r + b.r
            if dx * dx + dy * dy < reach * reach:
                out.append((a.id, b.id))
    return out


coord = st.integers(-60, 60)
disc = st.builds(lambda i, x, y, r: Disc(i, "ship", 0, x, y, r, False),
                 st.integers(0, 40), coord, coord, st.integers(0, 25))


@settings(max_examples=300, deadline=None)
@given(st.lists(disc, max_size=30))
def test_same_pairs_in_same_order_as_every_pair(discs: list[Disc]) -> None:
    assert overlapping(discs) == every_pair(discs)


def test_touching_is_not_overlapping_and_one_unit_closer_is() -> None:
    a = Disc(1, "ship", 0, 0, 0, 10, False)
    assert overlapping([a, Disc(2, "ship", 0, 20, 0, 10, False)]) == []
    assert overlapping([Disc(2, "ship", 0, 19, 0, 10, False), a]) == [(2, 1)]
