"""Turning a save back into a live game: replay the actions, or fall back to the snapshot."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from types import ModuleType
from typing import Any

from core.contract import Action
from core.games import get_game
from core.record import ReplayDivergence, replay
from core.words import clipped
from saves.format import APP_VERSION, FORMAT_VERSION, SaveError, SaveFile


def load_game(save: SaveFile, path: str = "") -> tuple[Any, str]:
    """The game state ``save`` describes, and a line saying how it was rebuilt.

    The actions are the truth, so replay comes first; the snapshot is the way to still
    open a save after a rules fix changed what those actions do — so only a save made by
    another version of ascend falls back to it, and only to a position that passes the
    game's audit and can be played from. ``path`` only labels errors.
    """
    label = path or f"{save.game} save"
    mod = _game_module(save, label)
    try:
        state = replay(save.record())
    except ReplayDivergence as exc:
        why = f"rules changed since this save: replay diverged at step {exc.step} ({exc.reason})"
    except Exception as exc:
        # Whatever the rules code throws at an old action list (a removed option, a card
        # index that no longer exists), the snapshot may still open the game.
        why = f"this save could not be replayed ({_describe(exc)})"
    else:
        return state, f"replayed {_count(len(save.actions), 'action')}"

    if save.app_version == APP_VERSION:
        # The same rules wrote these actions, so they cannot have stopped replaying: the
        # file was changed after it was saved, and its snapshot is no more to be trusted.
        why = why.replace("rules changed since this save: ", "")
        raise SaveError(label, f"{why}, though this version of ascend saved it: the file "
                               f"was changed after it was written")
    restore = getattr(mod, "restore", None)
    if restore is None:
        raise SaveError(label, f"{why}; and the game has no way to restore a snapshot")
    if save.snapshot is None:
        raise SaveError(label, f"{why}; and the save holds no snapshot")
    try:
        state = restore(save.snapshot)
    except Exception as exc:
        raise SaveError(
            label, f"{why}; and the snapshot could not be restored ({_describe(exc)})"
        ) from exc
    wrong = _restored_problem(mod, state)
    if wrong:
        raise SaveError(label, f"{why}; and the snapshot is not a position of the game "
                               f"({clipped(wrong)})")
    return state, f"{why}; loaded the snapshot instead"


def _restored_problem(mod: ModuleType, state: Any) -> str:
    """Why a restored state cannot be played from ("" when it can): the game's audit, then
    the calls a table makes of every position (whatever they raise is the answer)."""
    try:
        found = mod.audit(state)
        if found:
            return str(found[0])
        players = int(state.options["players"])
        legal = mod.legal_actions(state)
        for seat in range(players):
            mod.view(state, seat)
        for action in legal:
            mod.describe(state, action)
        mod.checksum(state)
        mod.turn_number(state)
    except Exception as exc:
        return _describe(exc)
    return ""


def verify(save: SaveFile) -> tuple[bool, str]:
    """Replay ``save`` against its recorded checksums; ``(False, why)`` at the first mismatch."""
    try:
        get_game(save.game)
    except (KeyError, ImportError) as exc:
        return False, _game_error(exc)
    try:
        replay(save.record(), every_step=True)
    except ReplayDivergence as exc:
        return False, f"diverged at step {exc.step}: {exc.reason}"
    except Exception as exc:
        return False, f"replay failed: {_describe(exc)}"
    n = len(save.actions)
    checked = len(save.checksums)
    replayed = f"{_count(n, 'action')} replayed"
    if n == 0:
        return True, f"ok: {replayed}, nothing to check"
    if checked == n:
        return True, f"ok: {replayed}, every step's checksum matches"
    if checked == 0:
        return True, f"ok: {replayed}; the save records no checksums to compare"
    return True, f"ok: {replayed}; checksums match for the first {checked} (the rest have none)"


def make_save(
    game: str,
    options: dict[str, Any],
    seed: int,
    actions: Iterable[Sequence[Any]],
    checksums: Iterable[int],
    snapshot: Any,
    meta: dict[str, Any],
) -> SaveFile:
    """A ``SaveFile`` of the current format and app version, stamped with the time now."""
    return SaveFile(
        format=FORMAT_VERSION,
        app_version=APP_VERSION,
        game=game,
        options=dict(options),
        seed=seed,
        actions=[Action(*a) for a in actions],
        checksums=list(checksums),
        snapshot=snapshot,
        meta={**meta, "saved_at": datetime.now(UTC).isoformat(timespec="seconds")},
    )


def _game_module(save: SaveFile, label: str) -> ModuleType:
    try:
        return get_game(save.game)
    except (KeyError, ImportError) as exc:
        raise SaveError(label, f"cannot load this game: {_game_error(exc)}") from exc


def _game_error(exc: BaseException) -> str:
    if isinstance(exc, KeyError) and exc.args:
        # get_game's KeyError already reads as a sentence; str() would wrap it in quotes.
        return clipped(str(exc.args[0]), 200)
    return _describe(exc)


def _describe(exc: BaseException) -> str:
    text = str(exc)
    first = clipped(text.splitlines()[0]) if text else ""
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
