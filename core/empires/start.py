"""A new game of Ascending Empires: the competitive set-up for 2-4 players, or the Solo
Campaign for one (``options["mode"] = "solo"``, ``options["scenario"]`` 1-6)."""

from __future__ import annotations

from typing import Any

from core.empires import setup, solo_setup
from core.empires.state import State


def normalize_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options with their defaults; ValueError naming the one that is wrong."""
    mode = options.get("mode", "")
    if mode == "solo" or mode == "" and options.get("players") == 1:  # one player: solo
        return solo_setup.normalize_solo({**options, "mode": "solo"})
    if mode not in ("", "competitive"):
        raise ValueError(f"mode is 'solo', 'competitive' or left out, not {mode!r}")
    opts = setup.normalize_options({k: v for k, v in options.items() if k != "mode"})
    # A mode asked for by name is kept (the New game row sets it); left out, it stays out,
    # so the options of games made before the row had a mode read the same.
    return {**opts, "mode": mode} if mode else opts


def new_game(options: dict[str, Any], seed: int) -> State:
    """A game set up and ready for its first turn (a solo game's first Invasion card is
    drawn, and any question it asks is open)."""
    opts = normalize_options(options)
    if opts.get("mode") == "solo":
        return solo_setup.new_solo_game(opts, seed)
    state = setup.new_game({k: v for k, v in opts.items() if k != "mode"}, seed)
    state.options = opts
    return state
