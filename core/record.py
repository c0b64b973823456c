"""A game record is options + seed + actions; replaying it reproduces the game exactly."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.contract import Action
from core.games import get_game
from core.words import clipped


@dataclass
class GameRecord:
    """Everything needed to rebuild a game, plus a state checksum after every action."""

    game: str
    options: dict[str, Any]
    seed: int
    actions: list[Action] = field(default_factory=list)
    checksums: list[int] = field(default_factory=list)


class ReplayDivergence(Exception):
    """A replay whose state differs from the recorded checksum, or whose action is illegal."""

    def __init__(self, step: int, reason: str) -> None:
        super().__init__(f"step {step}: {reason}")
        self.step = step
        self.reason = reason


def replay(record: GameRecord, upto: int | None = None, every_step: bool = False) -> Any:
    """Rebuild the state after ``upto`` actions (all by default), checking the checksums.

    Unless ``every_step``, only the last checksum is compared on the way (a checksum costs
    more than an action); if it differs, the game is replayed again comparing every step,
    so the error still names the first divergent step.
    """
    mod = get_game(record.game)
    n = len(record.actions) if upto is None else upto
    state = _run(mod, record, n, every_step=every_step)
    last = min(n, len(record.checksums)) - 1
    if last >= 0 and last == n - 1 and mod.checksum(state) != record.checksums[last]:
        _run(mod, record, n, every_step=True)
        raise ReplayDivergence(n, "final state checksum differs from the record")
    if last >= 0 and last < n - 1:
        _run(mod, record, n, every_step=True)
    return state


def _run(mod: Any, record: GameRecord, n: int, every_step: bool) -> Any:
    state = mod.new_game(record.options, record.seed)
    for i, action in enumerate(record.actions[:n]):
        try:
            mod.apply(state, Action(*action))
        except ValueError as exc:
            raise ReplayDivergence(
                i + 1, f"action {clipped(repr(tuple(action)), 60)} was refused: "
                       f"{clipped(str(exc))}") from exc
        if every_step and i < len(record.checksums):
            got = mod.checksum(state)
            if got != record.checksums[i]:
                raise ReplayDivergence(
                    i + 1, f"state checksum {got:#x} differs from recorded {record.checksums[i]:#x}"
                )
    return state
