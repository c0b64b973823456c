"""Whole Solo Campaign games: seeded random games of all six scenarios end, with every
component accounted for after every action; a golden replay pins a scenario's checksum;
snapshots and views round-trip mid-game."""

from __future__ import annotations

import os

import pytest
from empires_solo_play import random_solo_game, solo_options
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.contract import Action
from core.empires import (
    apply,
    audit,
    checksum,
    describe,
    determinize,
    legal_actions,
    new_game,
    outcome,
    restore,
    snapshot,
    view,
    why_illegal,
)
from core.empires.state import State
from core.empires.view import HIDDEN_TOKEN
from core.empires.words import event_line
from core.rng import Rng

# Seeded games per scenario in the property test; a sweep sets more (EMPIRES_SOLO_GAMES=500).
GAMES = int(os.environ.get("EMPIRES_SOLO_GAMES", "12"))


@settings(max_examples=GAMES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(1, 6))
def test_every_random_solo_game_ends_in_words_and_the_audit_passes_after_every_action(
        seed: int, scenario: int) -> None:
    seed = seed - seed % 6 + scenario - 1  # solo_options picks the scenario from the seed
    s, played = random_solo_game(seed)
    assert s.to_move is None, f"seed {seed}: not over after {len(played)} actions"
    assert legal_actions(s) == []
    result = outcome(s)
    assert result is not None and result.tiebreak.startswith(("won: ", "lost: "))


def test_every_legal_solo_action_is_accepted_and_nothing_else_is_offered() -> None:
    seen = set()

    def check(s: State, a: Action) -> None:
        for b in legal_actions(s):
            assert why_illegal(s, b) is None, (b, why_illegal(s, b))
            seen.add(b.kind)

    for seed in range(6):
        random_solo_game(seed, check=check)
    assert {"solo", "choose", "flick", "end"} <= seen


# Seed 3 is scenario 4 (Echoes of Infinity) at "exact" steadiness, seed 5 scenario 6 (the
# Heart of the Builders) at "exact", seed 22 scenario 5 at "shaky". Changing the rules, the
# physics constants or the content changes these numbers: look at why before re-pinning.
# Re-pinned when the missions and the module switches joined the state and the options (the
# same actions, more fields in the checksum).
GOLDEN = {3: (100, 182417257), 5: (143, 1239689870), 22: (114, 3365402760)}


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_solo_replay_seed_and_actions_give_the_pinned_checksum(seed: int) -> None:
    s, played = random_solo_game(seed)
    assert (len(played), checksum(s)) == GOLDEN[seed]
    again = new_game(solo_options(seed), seed)
    for a in played:
        apply(again, a)
    assert checksum(again) == checksum(s)


def test_solo_snapshots_round_trip_mid_game() -> None:
    for seed in range(6):
        _, played = random_solo_game(seed)
        s, _ = random_solo_game(seed, limit=len(played) // 2)
        back = restore(snapshot(s))
        assert checksum(back) == checksum(s)
        assert legal_actions(back) == legal_actions(s)
        a = legal_actions(s)[-1]
        apply(s, a)
        apply(back, a)
        assert checksum(back) == checksum(s)


def test_a_solo_snapshot_without_its_solo_table_is_refused() -> None:
    s, _ = random_solo_game(1, limit=10)
    data = snapshot(s)
    del data["solo"]
    with pytest.raises(ValueError, match="solo table"):
        restore(data)


def test_a_view_hides_the_invasion_decks_order_and_determinizes_to_a_possible_table() -> None:
    s, _ = random_solo_game(4, limit=30)
    v = view(s, 0)
    assert v.table.solo is not None and s.solo is not None
    assert v.table.solo.deck == sorted(s.solo.deck)
    assert v.table.solo.discard == s.solo.discard  # the discards are face up, in order
    assert set(v.table.solo.scrap) <= {HIDDEN_TOKEN}
    orders = set()
    for k in range(6):
        d = determinize(v, Rng(k))
        assert sorted(d.solo.deck) == sorted(s.solo.deck)  # type: ignore[union-attr]
        assert HIDDEN_TOKEN not in d.solo.scrap  # type: ignore[union-attr]
        assert audit(d) == [] and legal_actions(d)
        orders.add(tuple(d.solo.deck))  # type: ignore[union-attr]
    assert len(orders) > 1 or len(s.solo.deck) < 2


def test_every_offered_solo_action_and_every_solo_event_reads_as_a_line() -> None:
    kinds: set[str] = set()

    def check(s: State, a: Action) -> None:
        for b in legal_actions(s)[:40]:
            text = describe(s, b)
            assert text and "\n" not in text and len(text) < 140 and text != b.kind, (b, text)
            kinds.add(b.kind)

    for seed in range(6):
        s, played = random_solo_game(seed, check=check)
    assert {"solo", "solo_tech"} <= kinds
    s = new_game(solo_options(1), 1)  # its first card asks nothing
    assert s.pending == []
    events = apply(s, Action("choose", 0)) + apply(s, Action("end")) + apply(s, Action("end"))
    lines = [event_line(s, e) for e in events]
    assert all(line and "\n" not in line for line in lines), lines
    assert any(line.startswith("Invasion: ") for line in lines)  # the next turn's card
