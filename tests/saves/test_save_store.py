"""The save folder: atomic writes, never overwriting an unreadable file, listing, loading."""

from __future__ import annotations

import os
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from save_samples import sample_save

import saves.store as store_module
from saves.format import MAX_FILE_SIZE, SaveError, encode
from saves.store import SaveStore, save_dir, write_atomic

NAME = re.compile(r"^ascension-\d{8}-\d{6}-[0-9a-f]{4}\.ascend$")


def test_save_dir_honours_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "custom" / "saves"
    monkeypatch.setenv("ASCEND_SAVE_DIR", str(target))
    assert save_dir() == target
    assert target.is_dir()
    assert SaveStore().directory == target


def test_save_dir_defaults_to_the_user_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ASCEND_SAVE_DIR", raising=False)
    asked: list[str] = []

    def user_data_path(appname: str) -> Path:
        asked.append(appname)
        return tmp_path / "data" / appname

    monkeypatch.setattr(store_module.platformdirs, "user_data_path", user_data_path)
    assert save_dir() == tmp_path / "data" / "ascend" / "saves"
    assert asked == ["ascend"]
    assert (tmp_path / "data" / "ascend" / "saves").is_dir()


def test_save_dir_that_cannot_be_created_is_a_save_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("ASCEND_SAVE_DIR", str(blocker / "saves"))
    with pytest.raises(SaveError, match="cannot create the save folder"):
        save_dir()


def test_write_then_load_round_trips(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    path = store.new_path("ascension")
    store.write(path, sample_save())
    assert path.read_bytes() == encode(sample_save())
    assert store.load(path) == sample_save()
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_new_path_is_fresh_and_well_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = SaveStore(tmp_path)
    monkeypatch.setattr(store_module, "_timestamp", lambda: "20261129-135501")
    tokens = iter(["ab12", "ab12", "cd34"])
    monkeypatch.setattr(store_module.secrets, "token_hex", lambda n: next(tokens))
    first = store.new_path("ascension")
    assert first == tmp_path / "ascension-20261129-135501-ab12.ascend"
    first.write_bytes(b"taken")
    second = store.new_path("ascension")
    assert second == tmp_path / "ascension-20261129-135501-cd34.ascend"
    assert not second.exists()


def test_new_path_names_are_safe_for_any_game_name(tmp_path: Path) -> None:
    path = SaveStore(tmp_path).new_path("../Tactics: Inferno")
    assert path.parent == tmp_path
    assert path.name.startswith("tactics-inferno-")
    assert NAME.match(SaveStore(tmp_path).new_path("ascension").name)


def test_atomic_write_keeps_the_old_file_when_replace_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.ascend"
    path.write_bytes(b"old contents")

    def failing_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(OSError, match="No space left"):
        write_atomic(path, b"new contents")
    assert path.read_bytes() == b"old contents"
    assert [p.name for p in tmp_path.iterdir()] == ["game.ascend"]


def test_atomic_write_removes_the_temp_file_when_fsync_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.ascend"
    path.write_bytes(b"old contents")

    def failing_fsync(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", failing_fsync)
    with pytest.raises(OSError, match="Input/output"):
        write_atomic(path, b"new contents")
    assert path.read_bytes() == b"old contents"
    assert [p.name for p in tmp_path.iterdir()] == ["game.ascend"]


def test_atomic_write_replaces_the_contents(tmp_path: Path) -> None:
    path = tmp_path / "game.ascend"
    path.write_bytes(b"old contents")
    write_atomic(path, b"new contents")
    assert path.read_bytes() == b"new contents"
    assert [p.name for p in tmp_path.iterdir()] == ["game.ascend"]


def test_store_write_failure_is_a_save_error_and_keeps_the_previous_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SaveStore(tmp_path)
    path = tmp_path / "game.ascend"
    store.write(path, sample_save())
    before = path.read_bytes()

    def failing_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(SaveError, match="cannot write the save") as info:
        store.write(path, sample_save(meta={**sample_save().meta, "turn": 4}))
    assert info.value.path == str(path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.ascend"]


def test_store_write_overwrites_a_good_save(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    path = tmp_path / "game.ascend"
    store.write(path, sample_save())
    later = sample_save(meta={**sample_save().meta, "turn": 9})
    store.write(path, later)
    assert store.load(path) == later


@pytest.mark.parametrize(
    "old",
    [
        pytest.param(b"", id="empty"),
        pytest.param(encode(sample_save())[:-3], id="truncated save"),
        pytest.param(encode(sample_save(format=9)), id="newer format"),
        pytest.param(b"my notes, not a save", id="foreign"),
    ],
)
def test_store_write_refuses_to_overwrite_an_unreadable_file(tmp_path: Path, old: bytes) -> None:
    path = tmp_path / "game.ascend"
    path.write_bytes(old)
    with pytest.raises(SaveError, match="refusing to overwrite") as info:
        SaveStore(tmp_path).write(path, sample_save())
    assert info.value.path == str(path)
    assert path.read_bytes() == old


def test_store_write_refuses_to_replace_a_directory(tmp_path: Path) -> None:
    path = tmp_path / "game.ascend"
    path.mkdir()
    with pytest.raises(SaveError, match="refusing to overwrite"):
        SaveStore(tmp_path).write(path, sample_save())
    assert path.is_dir()


def test_store_write_refuses_a_save_it_could_not_load_back(tmp_path: Path) -> None:
    path = tmp_path / "game.ascend"
    huge = sample_save(snapshot={"log": "x" * (2 * 1024 * 1024)})
    with pytest.raises(SaveError, match="would not load back"):
        SaveStore(tmp_path).write(path, huge)
    assert not path.exists()


def test_store_write_refuses_unsaveable_data(tmp_path: Path) -> None:
    path = tmp_path / "game.ascend"
    with pytest.raises(SaveError, match="holds a set"):
        SaveStore(tmp_path).write(path, sample_save(snapshot={1, 2}))
    assert not path.exists()


def test_store_write_creates_the_folder(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "not" / "yet")
    path = store.new_path("ascension")
    store.write(path, sample_save())
    assert store.load(path) == sample_save()


def test_load_of_a_missing_file_is_a_save_error(tmp_path: Path) -> None:
    path = tmp_path / "gone.ascend"
    with pytest.raises(SaveError) as info:
        SaveStore(tmp_path).load(path)
    assert str(info.value) == f"{path}: cannot read the file (No such file or directory)"


def test_load_of_a_directory_is_a_save_error(tmp_path: Path) -> None:
    path = tmp_path / "folder.ascend"
    path.mkdir()
    with pytest.raises(SaveError, match="cannot read the file") as info:
        SaveStore(tmp_path).load(path)
    assert info.value.path == str(path)


def test_load_of_a_corrupt_file_names_the_path(tmp_path: Path) -> None:
    path = tmp_path / "bad.ascend"
    path.write_bytes(encode(sample_save())[:120])
    with pytest.raises(SaveError) as info:
        SaveStore(tmp_path).load(path)
    assert str(info.value) == f"{path}: the file is truncated (ends after 120 bytes)"


def test_load_refuses_a_huge_file_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "huge.ascend"
    with path.open("wb") as f:
        f.truncate(MAX_FILE_SIZE * 4)
    with pytest.raises(SaveError, match="too large"):
        SaveStore(tmp_path).load(path)


def at(day: int) -> float:
    return datetime(2026, 3, day, tzinfo=UTC).timestamp()


def test_list_shows_good_and_broken_files_newest_first(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    for day in (1, 20, 10):
        meta = {**sample_save().meta, "saved_at": f"2026-03-{day:02d}T12:00:00+00:00"}
        store.write(tmp_path / f"day{day}.ascend", sample_save(meta=meta))
        # File times say the opposite order: the save's own time must win.
        os.utime(tmp_path / f"day{day}.ascend", (at(28 - day), at(28 - day)))
    broken = tmp_path / "broken.ascend"
    broken.write_bytes(b"ASCEND\x00\x81")
    os.utime(broken, (at(15), at(15)))
    (tmp_path / "notes.txt").write_text("not a save")
    (tmp_path / ".day1.ascend.x1y2.tmp").write_bytes(b"left by a crash")
    (tmp_path / "folder.ascend").mkdir()

    entries = store.list()

    assert [e.path.name for e in entries] == [
        "day20.ascend",
        "broken.ascend",
        "day10.ascend",
        "day1.ascend",
    ]
    bad = entries[1]
    assert bad.summary is None
    assert bad.error == "the file is truncated (ends after 8 bytes)"
    for entry in (entries[0], entries[2], entries[3]):
        assert entry.error is None
        assert entry.summary is not None
        assert entry.summary.game == "ascension"


def test_list_of_a_missing_folder_is_empty(tmp_path: Path) -> None:
    assert SaveStore(tmp_path / "nowhere").list() == []


def test_delete_removes_a_finished_game(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    path = store.new_path("ascension")
    store.write(path, sample_save())
    store.delete(path)
    assert not path.exists()
    store.delete(path)
    assert store.list() == []


def test_delete_refuses_a_file_that_is_not_a_save(tmp_path: Path) -> None:
    other = tmp_path / "notes.txt"
    other.write_text("keep me")
    with pytest.raises(SaveError, match="not a .ascend save"):
        SaveStore(tmp_path).delete(other)
    assert other.read_text() == "keep me"


def test_a_file_damaged_after_our_own_write_is_still_never_overwritten(tmp_path: Path) -> None:
    # The store skips re-reading a file it wrote itself only while size and mtime match.
    store = SaveStore(tmp_path)
    path = store.new_path("ascension")
    store.write(path, sample_save())
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(SaveError) as err:
        store.write(path, sample_save())
    assert "refusing to overwrite" in str(err.value)
    assert path.read_bytes() == bytes(data)
