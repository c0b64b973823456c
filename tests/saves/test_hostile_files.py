"""Hundreds of hostile save files built from real saves: each is refused with a one-line reason
naming the file, or opens as a position that plays on. None crashes, none hangs.
(``python -m bench.hostile_saves`` runs thousands and prints the counts.)"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hostile import ACCEPTED, REFUSED, classify, hostile_files, nudged, real_saves, tampered
from hypothesis import HealthCheck, given, settings

CASES = settings(max_examples=250, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def test_the_real_saves_open_and_play_on() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for _, data in real_saves():
            assert classify(data, Path(tmp)) == ACCEPTED


@CASES
@given(hostile_files)
def test_a_hostile_file_is_refused_or_plays_on(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        assert classify(data, Path(tmp)) in (REFUSED, ACCEPTED)


@settings(CASES, max_examples=120)
@given(tampered())
def test_a_tampered_file_with_a_matching_checksum_is_refused_or_plays_on(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        assert classify(data, Path(tmp)) in (REFUSED, ACCEPTED)


@settings(CASES, max_examples=120)
@given(nudged())
def test_a_nudged_snapshot_of_another_version_is_refused_or_plays_on(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        assert classify(data, Path(tmp)) in (REFUSED, ACCEPTED)
