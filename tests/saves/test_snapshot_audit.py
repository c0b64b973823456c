"""A snapshot is the fallback for a save another version wrote; an edited one that names a seat,
a side or a unit the table does not have is refused with the reason, never opened."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from core.games import get_game
from core.rng import Rng
from saves.format import SaveError
from saves.loader import load_game, make_save

OLDER = "0.0.1"


def played(game: str, options: dict[str, Any], until: Callable[[Any], bool]) -> Any:
    """A state of ``game`` after random play, stopped where ``until`` holds."""
    mod = get_game(game)
    for seed in range(40):
        state = mod.new_game(options, seed)
        rng = Rng.stream(seed, "audit")
        for _ in range(400):
            if until(state):
                return state
            if state.to_move is None:
                break
            mod.apply(state, rng.choice(mod.legal_actions(state)))
    raise AssertionError("no such position in 40 games")


def a_pending_decision(state: Any) -> bool:
    return bool(state.pending)


def mid_command(state: Any) -> bool:
    return state.cmd is not None


CASES = [
    ("ascension", {"players": 2}, lambda s: True,
     lambda s: setattr(s, "current", 99), "the player to act is seat 99 of 2"),
    ("ascension", {"players": 2}, a_pending_decision,
     lambda s: s.pending.__setitem__(0, s.pending[0]._replace(seat=99)),
     "a decision is asked of seat 99 of 2"),
    ("ascension", {"players": 3}, lambda s: True,
     lambda s: setattr(s, "turns_taken", []), "turns taken [] for 3 players"),
    ("firepeak", {"players": 3}, lambda s: not s.setup,
     lambda s: setattr(s, "current", 99), "the player to act is seat 99 of 3"),
    ("tactics", {"players": 2}, lambda s: True,
     lambda s: setattr(s, "side", 99), "side 99 of 2 is to play"),
    ("tactics", {"players": 2}, mid_command,
     lambda s: setattr(s, "cmd", s.cmd._replace(unit=99999)),
     "unit 99999 of 64 is being commanded"),
]


@pytest.mark.parametrize(("game", "options", "where", "edit", "reason"), CASES,
                         ids=[f"{c[0]}: {c[4]}" for c in CASES])
def test_an_edited_snapshot_is_refused_with_the_reason(
        game: str, options: dict[str, Any], where: Callable[[Any], bool],
        edit: Callable[[Any], None], reason: str) -> None:
    mod = get_game(game)
    state = played(game, options, where)
    edit(state)
    save = make_save(game, state.options, 0, [("no-such-action",)], [], mod.snapshot(state),
                     {"players": list(state.options["names"]), "turn": 1})
    save.app_version = OLDER  # so the loader does fall back to the snapshot
    with pytest.raises(SaveError) as info:
        load_game(save, "edited.ascend")
    message = str(info.value)
    # Refused by the game's restore or by the audit after it: either way, with the reason.
    assert message.startswith("edited.ascend: rules changed since this save: ")
    assert message.endswith(f"{reason})") and "\n" not in message
