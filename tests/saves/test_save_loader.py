"""Loading a save into a live game: replay first, the snapshot after a rules change."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import ModuleType
from typing import Any

import counter_game
import pytest
from counter_game import rules

import core.games
from core.contract import Action
from saves.format import APP_VERSION, FORMAT_VERSION, SaveError, SaveFile, decode, encode
from saves.loader import load_game, make_save, verify
from saves.store import SaveStore

# Step 2 adds 3: a rules fix that caps adds at 2 refuses exactly that step.
MOVES = [Action("add", n) for n in (1, 3, 2, 2, 1)]
OPTIONS: dict[str, Any] = {"target": 21}
SEED = 7
# Only a save made by another version falls back to its snapshot (a rules fix is a release).
OLDER = "0.0.1"


@pytest.fixture
def game() -> Iterator[ModuleType]:
    """The counter game's rules, listed in ``core.games`` (saves need no bots nor table)."""
    undo = core.games.register(counter_game.INFO)
    yield rules
    undo()


def played(game: ModuleType, moves: list[Action] = MOVES) -> tuple[Any, SaveFile]:
    state = game.new_game(OPTIONS, SEED)
    checksums: list[int] = []
    for action in moves:
        game.apply(state, action)
        checksums.append(game.checksum(state))
    meta = {"players": ["Ana", "Bot"], "turn": len(moves), "title": "counting"}
    save = make_save("counter", OPTIONS, SEED, moves, checksums, game.snapshot(state), meta)
    return state, save


def test_load_replays_the_actions(game: ModuleType) -> None:
    state, save = played(game)
    loaded, message = load_game(save)
    assert loaded == state
    assert loaded.total == 9
    assert message == "replayed 5 actions"


def test_load_of_a_one_action_save_says_action(game: ModuleType) -> None:
    _, save = played(game, MOVES[:1])
    assert load_game(save)[1] == "replayed 1 action"


def test_load_falls_back_to_the_snapshot_when_checksums_diverge(
    game: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    state, save = played(game)
    save.app_version = OLDER
    monkeypatch.setattr(game, "CHECKSUM_SALT", 1)
    loaded, message = load_game(save)
    assert loaded == state
    assert message.startswith("rules changed since this save: replay diverged at step 1 (")
    assert "differs from recorded" in message
    assert message.endswith("; loaded the snapshot instead")


def test_load_falls_back_to_the_snapshot_when_an_action_is_refused(
    game: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    state, save = played(game)
    save.app_version = OLDER
    monkeypatch.setattr(game, "ADD_LIMIT", 2)
    loaded, message = load_game(save)
    assert loaded == state
    assert "replay diverged at step 2 (action ('add', 3, 0) was refused" in message
    assert message.endswith("; loaded the snapshot instead")


def test_load_falls_back_when_the_rules_reject_the_options(game: ModuleType) -> None:
    state, save = played(game)
    save.app_version = OLDER
    save.options = {"target": "twenty-one"}
    loaded, message = load_game(save)
    assert loaded == state
    assert message.startswith("this save could not be replayed (ValueError: invalid literal")
    assert message.endswith("; loaded the snapshot instead")


def test_load_fails_when_replay_and_snapshot_both_fail(
    game: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, save = played(game)
    save.app_version = OLDER
    save.snapshot = {"total": 9}
    monkeypatch.setattr(game, "ADD_LIMIT", 2)
    with pytest.raises(SaveError) as info:
        load_game(save, "/saves/c.ascend")
    assert info.value.path == "/saves/c.ascend"
    assert "replay diverged at step 2" in info.value.reason
    assert info.value.reason.endswith(
        "and the snapshot could not be restored (ValueError: not a counter snapshot)"
    )


def test_load_fails_without_a_snapshot_to_fall_back_on(
    game: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, save = played(game)
    save.app_version = OLDER
    save.snapshot = None
    monkeypatch.setattr(game, "CHECKSUM_SALT", 1)
    with pytest.raises(SaveError, match="the save holds no snapshot"):
        load_game(save)


def test_load_fails_when_the_game_cannot_restore(
    game: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, save = played(game)
    save.app_version = OLDER
    monkeypatch.setattr(game, "CHECKSUM_SALT", 1)
    monkeypatch.delattr(game, "restore")
    with pytest.raises(SaveError, match="no way to restore a snapshot"):
        load_game(save)


def test_a_save_of_this_version_that_no_longer_replays_was_edited_and_is_refused(
    game: ModuleType,
) -> None:
    _, save = played(game)
    save.actions[1] = Action("add", 3, 1)  # an edit the checksum was recomputed for
    with pytest.raises(SaveError) as info:
        load_game(save, "/saves/c.ascend")
    assert info.value.reason == (
        "replay diverged at step 2 (action ('add', 3, 1) was refused: an add takes no option)"
        ", though this version of ascend saved it: the file was changed after it was written")


@pytest.mark.parametrize(("change", "reason"), [
    ({"to_move": 99}, "seat 99 of 2 is to move"),
    ({"total": 30, "history": [30]}, "the counter stands at 30"),
])
def test_a_snapshot_that_is_no_position_of_the_game_is_refused(
    game: ModuleType, monkeypatch: pytest.MonkeyPatch, change: dict[str, int], reason: str,
) -> None:
    _, save = played(game)
    save.app_version = OLDER
    save.snapshot = {**save.snapshot, **change}
    monkeypatch.setattr(game, "CHECKSUM_SALT", 1)
    with pytest.raises(SaveError) as info:
        load_game(save, "/saves/c.ascend")
    assert info.value.reason.endswith(f"; and the snapshot is not a position of the game "
                                      f"({reason})")


def test_a_snapshot_the_table_cannot_read_is_refused_with_what_failed(
    game: ModuleType, monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, save = played(game)
    save.app_version = OLDER
    monkeypatch.setattr(game, "CHECKSUM_SALT", 1)
    monkeypatch.setattr(game, "view", lambda state, seat: [][seat])
    with pytest.raises(SaveError) as info:
        load_game(save, "/saves/c.ascend")
    assert info.value.reason.endswith("(IndexError: list index out of range)")


def test_load_of_an_unknown_or_unbuilt_game_is_a_save_error(game: ModuleType) -> None:
    _, save = played(game)
    save.game = "chess"
    with pytest.raises(SaveError) as info:
        load_game(save)
    assert str(info.value) == "chess save: cannot load this game: unknown game 'chess'; known: " + (
        ", ".join(sorted(core.games.game_names()))
    )
    save.game = "inferno"
    with pytest.raises(SaveError, match="Ascension Tactics: Inferno is not playable yet"):
        load_game(save)


def test_verify_reports_a_clean_replay(game: ModuleType) -> None:
    _, save = played(game)
    assert verify(save) == (True, "ok: 5 actions replayed, every step's checksum matches")


def test_verify_reports_missing_checksums(game: ModuleType) -> None:
    _, save = played(game)
    save.checksums = save.checksums[:3]
    assert verify(save) == (
        True,
        "ok: 5 actions replayed; checksums match for the first 3 (the rest have none)",
    )
    save.checksums = []
    assert verify(save) == (
        True,
        "ok: 5 actions replayed; the save records no checksums to compare",
    )


def test_verify_names_the_first_divergent_step(game: ModuleType) -> None:
    _, save = played(game)
    save.checksums[3] ^= 1
    ok, message = verify(save)
    assert not ok
    assert message.startswith("diverged at step 4: state checksum ")


def test_verify_names_a_refused_action(game: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    _, save = played(game)
    monkeypatch.setattr(game, "ADD_LIMIT", 2)
    ok, message = verify(save)
    assert not ok
    assert message.startswith("diverged at step 2: action ('add', 3, 0) was refused")


def test_verify_of_an_unknown_game(game: ModuleType) -> None:
    _, save = played(game)
    save.game = "chess"
    ok, message = verify(save)
    assert not ok
    assert message.startswith("unknown game 'chess'")


def test_make_save_fills_format_version_and_time(game: ModuleType) -> None:
    meta_in = {"players": ["Ana", "Bot"], "turn": 0}
    before = datetime.now(UTC).replace(microsecond=0)
    save = make_save("counter", OPTIONS, SEED, [("add", 2), ("add",)], [1, 2], {"x": 1}, meta_in)
    assert save.format == FORMAT_VERSION
    assert save.app_version == APP_VERSION
    assert save.actions == [Action("add", 2, 0), Action("add", -1, 0)]
    stamp = datetime.fromisoformat(save.meta["saved_at"])
    assert before <= stamp <= datetime.now(UTC) + timedelta(seconds=1)
    assert meta_in == {"players": ["Ana", "Bot"], "turn": 0}
    assert decode(encode(save), "x.ascend") == save


def test_a_saved_game_reloads_from_disk(game: ModuleType, tmp_path: Path) -> None:
    state, save = played(game)
    store = SaveStore(tmp_path)
    path = store.new_path(save.game)
    store.write(path, save)
    loaded, message = load_game(store.load(path), str(path))
    assert (loaded, message) == (state, "replayed 5 actions")
    assert verify(store.load(path))[0]
