"""Saves as a player meets them: odd files in Continue, a disk that refuses the save on the way
out, and a game already open in another window."""

from __future__ import annotations

import errno
from collections.abc import Callable
from pathlib import Path

import msgpack
import pytest
from textual.pilot import Pilot
from tui_helpers import wait_until

import saves.store
from core.contract import Action
from saves.format import MAGIC, checksum_of
from saves.lock import SaveLock, lock_path
from tui.app import AscendApp
from tui.screens.dialogs import AskTextScreen, ChoiceScreen, ConfirmScreen
from tui.screens.load import ContinueScreen
from tui.screens.menu import MenuScreen
from tui.screens.table import READ_ONLY, TableScreen
from tui.session import GameSession

SIZE = (80, 24)
OPTIONS = {"players": 2, "seats": ["human", "bot:random"], "names": ["You", "Bot"]}


def saved_game(seed: int = 4) -> GameSession:
    session = GameSession.new("ascension", OPTIONS, seed)
    session.apply(Action("end"))
    session.save()
    session.close()
    return session


def with_saved_at(path: Path, stamp: str, drop: tuple[str, ...] = ()) -> bytes:
    """The save at ``path`` with another time stamp (and without the meta keys ``drop``)
    and a checksum made to match."""
    top = msgpack.unpackb(path.read_bytes()[len(MAGIC):], raw=False, strict_map_key=False)
    top["meta"]["saved_at"] = stamp
    for key in drop:
        del top["meta"][key]
    stored = {k: v for k, v in top.items() if k != "checksum"}
    return MAGIC + msgpack.packb({**stored, "checksum": checksum_of(stored)}, use_bin_type=True)


async def open_table(pilot: Pilot[None], session: GameSession) -> TableScreen:
    app = pilot.app
    assert isinstance(app, AscendApp)
    app.start_game(session)
    await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the table opens")
    table = app.screen
    assert isinstance(table, TableScreen)
    return table


async def test_continue_lists_the_good_saves_beside_one_with_an_extreme_date(
        save_dir: Path) -> None:
    good = saved_game().path
    assert good is not None
    (save_dir / "odd.ascend").write_bytes(with_saved_at(good, "9999-12-31T23:59:59-14:00"))
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        listing = app.screen
        assert isinstance(listing, ContinueScreen)
        good_line, odd_line = sorted(
            (str(listing.query_one("#saves").get_option_at_index(i).prompt) for i in range(2)),
            key=lambda line: "odd.ascend" in line)
        assert good_line.startswith("Ascension  You 0 · Bot 0\n  round 1 · Bot to play · ")
        assert "odd.ascend" in odd_line and "not a plausible save time" in odd_line


async def test_continue_gives_each_save_its_scores_and_who_is_to_play(
        save_dir: Path) -> None:
    session = GameSession.new("ascension", OPTIONS, 4)
    session.state.players[0].honor = 7  # as if You had won Honor in the first turn
    session.apply(Action("end"))
    session.save()
    session.close()
    assert session.path is not None
    # A save written before the Continue list showed scores still lists, by its names.
    (save_dir / "older.ascend").write_bytes(
        with_saved_at(session.path, "2020-01-01T10:00:00+00:00", drop=("scores", "to_move")))
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        listing = app.screen
        assert isinstance(listing, ContinueScreen)
        new, old = (str(listing.query_one("#saves").get_option_at_index(i).prompt)
                    for i in range(2))
        assert new.startswith("Ascension  You 7 · Bot 0\n  round 1 · Bot to play · ")
        assert old.startswith("Ascension  You vs Bot\n  round 1 · 20")


async def test_a_save_that_fails_on_the_way_out_keeps_the_game(
        save_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full_disk(path: Path, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, GameSession.new("ascension", OPTIONS, 8))
        monkeypatch.setattr(saves.store, "write_atomic", full_disk)
        await pilot.press("q")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        assert "No space left on device" in dialog.title_text
        assert app.screen_stack[-2] is table  # still at the table, behind the question
        await pilot.press("escape")  # stay
        await pilot.pause()
        assert app.screen is table

        # Try again: still full. Then save in another folder, which works.
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("enter")  # try again
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        monkeypatch.undo()
        monkeypatch.setattr(saves.store, "write_atomic", _only_in(tmp_path / "rescue"))
        await pilot.press("down", "enter")  # save in another folder…
        await pilot.pause()
        ask = app.screen
        assert isinstance(ask, AskTextScreen)
        ask.query_one("#answer").value = str(tmp_path / "rescue")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "back at the menu")
        assert [p.suffix for p in (tmp_path / "rescue").iterdir()] == [".ascend"]
        assert table.session.path is not None
        assert table.session.path.parent == tmp_path / "rescue"


async def test_leaving_without_saving_asks_twice(
        save_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def read_only(path: Path, data: bytes) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, GameSession.new("ascension", OPTIONS, 8))
        monkeypatch.setattr(saves.store, "write_atomic", read_only)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("down", "down", "enter")  # leave without saving
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # no: back to the question
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "back at the menu")
        assert table.session.path is None and not list(save_dir.glob("*.ascend"))


async def test_a_second_window_sees_the_lock_and_may_look_read_only(save_dir: Path) -> None:
    path = saved_game().path
    assert path is not None
    other_window = SaveLock.take(path)
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        assert dialog.title_text.startswith("This game is open in another window (process ")
        await pilot.press("enter")  # look at it read-only
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the table opens")
        table = app.screen
        assert isinstance(table, TableScreen) and table.session.read_only
        before = table.session.checksum()
        await pilot.press("e")  # end the turn: refused, nothing changes
        await pilot.pause()
        assert table.session.checksum() == before
        assert table.last_message == f"Not allowed: {READ_ONLY[:1].upper()}{READ_ONLY[1:]}."
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "back at the menu")
    # The other window's lock is untouched, and its save unchanged.
    assert lock_path(path).exists()
    other_window.release()


async def test_a_second_window_may_continue_a_copy(save_dir: Path) -> None:
    path = saved_game().path
    assert path is not None
    other_window = SaveLock.take(path)
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        await pilot.press("down", "enter")  # continue a copy
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the table opens")
        table = app.screen
        assert isinstance(table, TableScreen) and not table.session.read_only
        assert table.session.path is not None and table.session.path != path
        assert lock_path(table.session.path).exists()
    other_window.release()


REAL_WRITE = saves.store.write_atomic


def _only_in(folder: Path) -> Callable[[Path, bytes], None]:
    """A writer that works in ``folder`` and fails everywhere else (a full home disk)."""

    def write(path: Path, data: bytes) -> None:
        if Path(path).parent != folder:
            raise OSError(errno.ENOSPC, "No space left on device")
        REAL_WRITE(path, data)

    return write
