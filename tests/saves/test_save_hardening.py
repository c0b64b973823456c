"""The save folder under pressure: pipes, crashed writes, huge and oddly dated files, and two
windows on one game."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from save_samples import raw_file, sample_save, stored_fields

from saves.format import MAX_ACTIONS, SaveError, decode, encode
from saves.lock import Holder, SaveLock, SaveLocked, lock_path, read_holder
from saves.store import STALE_TEMP_SECONDS, SaveStore


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.ascend"
    os.mkfifo(fifo)
    start = time.perf_counter()
    with pytest.raises(SaveError) as info:
        SaveStore(tmp_path).load(fifo)
    assert time.perf_counter() - start < 1.0
    assert info.value.reason == "cannot read the file (not a regular file)"


def test_stale_temporary_files_go_and_nothing_else_does(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    old = time.time() - STALE_TEMP_SECONDS - 5
    names = {
        ".game.ascend.ab12cd.tmp": old,  # ours, left by a crash: goes
        ".game.ascend.ef34gh.tmp": time.time(),  # ours, a write going on now: stays
        "game.ascend.tmp": old,  # not our pattern: stays
        ".notes.txt.ab12.tmp": old,  # not a save's temporary: stays
    }
    for name, when in names.items():
        (tmp_path / name).write_bytes(b"partial")
        os.utime(tmp_path / name, (when, when))
    assert store.clean_stale_temps() == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        n for n in names if n != ".game.ascend.ab12cd.tmp")


def test_the_continue_list_cleans_stale_temporaries(tmp_path: Path) -> None:
    leftover = tmp_path / ".game.ascend.x1y2z3.tmp"
    leftover.write_bytes(b"partial")
    old = time.time() - 3600
    os.utime(leftover, (old, old))
    assert SaveStore(tmp_path).list() == []
    assert not leftover.exists()


@pytest.mark.parametrize("stamp", ["9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00+14:00",
                                   "1850-06-01T12:00:00+00:00"])
def test_an_implausible_save_time_is_refused_and_the_list_shows_the_rest(
        tmp_path: Path, stamp: str) -> None:
    store = SaveStore(tmp_path)
    store.write(tmp_path / "good.ascend", sample_save())
    stored = stored_fields(sample_save())
    stored["meta"] = {**stored["meta"], "saved_at": stamp}
    odd = raw_file(stored)  # a correct checksum: only the date is wrong
    (tmp_path / "odd.ascend").write_bytes(odd)
    with pytest.raises(SaveError, match="not a plausible save time"):
        decode(odd, "odd.ascend")
    entries = {e.path.name: e for e in store.list()}
    assert entries["good.ascend"].summary is not None
    assert entries["odd.ascend"].summary is None
    assert "not a plausible save time" in (entries["odd.ascend"].error or "")


def test_a_million_actions_are_refused_within_a_second() -> None:
    # Written as the format would, then refused by size or count before any replay.
    raw = b"ASCEND\x00" + b"\x00" * 64
    many = sample_save(actions=[("end",)] * (MAX_ACTIONS + 1), checksums=[])
    with pytest.raises(ValueError, match=f"at most {MAX_ACTIONS}"):
        encode(many)
    huge = raw + b"\x91\xa3end" * 1_000_000
    start = time.perf_counter()
    with pytest.raises(SaveError, match="too large"):
        decode(huge, "huge.ascend")
    assert time.perf_counter() - start < 1.0


def test_the_list_keeps_summaries_not_whole_saves(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.write(tmp_path / "a.ascend", sample_save())
    (entry,) = store.list()
    assert entry.summary is not None
    assert entry.summary.game == "ascension"
    assert entry.summary.meta == sample_save().meta
    assert not hasattr(entry, "save")


def test_a_copy_is_a_new_file_with_the_same_game(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    original = tmp_path / "a.ascend"
    store.write(original, sample_save())
    copy = store.copy(original)
    assert copy != original and copy.parent == tmp_path and copy.suffix == ".ascend"
    assert store.load(copy).actions == store.load(original).actions


# --- one game, one window ------------------------------------------------------------------


def test_a_second_window_is_told_who_has_the_game(tmp_path: Path) -> None:
    save = tmp_path / "a.ascend"
    first = SaveLock.take(save)
    with pytest.raises(SaveLocked) as info:
        SaveLock.take(save)
    assert info.value.holder == first.holder
    assert f"process {os.getpid()}" in info.value.reason
    assert info.value.reason.startswith("this game is open in another window (")
    first.release()
    SaveLock.take(save).release()  # free again once the first window let go
    assert not lock_path(save).exists()


def test_a_lock_left_by_a_dead_process_is_taken_over(tmp_path: Path) -> None:
    save = tmp_path / "a.ascend"
    dead = Holder(pid=_dead_pid(), host=Holder.me().host, user="ana", since="2026-01-01")
    lock_path(save).write_text(
        f'{{"pid": {dead.pid}, "host": "{dead.host}", "user": "ana", "since": "2026-01-01"}}')
    lock = SaveLock.take(save)
    assert read_holder(lock_path(save)) == lock.holder
    lock.release()


def test_a_lock_from_another_host_is_never_guessed_dead(tmp_path: Path) -> None:
    save = tmp_path / "a.ascend"
    lock_path(save).write_text(
        '{"pid": 1, "host": "elsewhere.example", "user": "bo", "since": "2026-01-01T10:00:00"}')
    with pytest.raises(SaveLocked, match="of bo on elsewhere.example"):
        SaveLock.take(save)


def test_an_unreadable_lock_still_holds(tmp_path: Path) -> None:
    save = tmp_path / "a.ascend"
    lock_path(save).write_text("garbage")
    with pytest.raises(SaveLocked, match="a window we cannot identify"):
        SaveLock.take(save)


def test_release_never_removes_another_windows_lock(tmp_path: Path) -> None:
    save = tmp_path / "a.ascend"
    mine = SaveLock.take(save)
    other = '{"pid": 1, "host": "elsewhere.example", "user": "bo", "since": "2026-01-01"}'
    lock_path(save).write_text(other)  # taken over behind our back
    mine.release()
    assert lock_path(save).read_text() == other


def _dead_pid() -> int:
    """A process id no process has now."""
    pid = 4_000_000
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return pid
        except OSError:
            pass
        pid -= 1


def test_listing_large_files_keeps_memory_flat(tmp_path: Path) -> None:
    """Files packed with millions of two-letter strings (three bytes each in the file, some
    sixty in Python): the list reads one file at a time, refuses each by its size or its
    value budget, and keeps nothing of them."""
    import tracemalloc

    def strings(lists: int, each: int) -> bytes:
        one = b"\xdd" + each.to_bytes(4, "big") + b"\xa2ab" * each
        return b"\xdc" + lists.to_bytes(2, "big") + one * lists

    # Over the size cap (refused unread), and under it in lists under the length limit
    # (refused by the value budget part-way through).
    files = {"over-the-cap": strings(28, 99_000), "at-the-cap": strings(7, 99_000)}
    for name, body in files.items():
        (tmp_path / f"{name}.ascend").write_bytes(b"ASCEND\x00" + body)
    tracemalloc.start()
    try:
        entries = SaveStore(tmp_path).list()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [e.summary for e in entries] == [None, None]
    assert peak < 48 * 1024 * 1024, f"listing peaked at {peak / 2**20:.0f} MiB"
