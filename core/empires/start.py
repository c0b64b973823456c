"""A new game of Ascending Empires: the competitive set-up for 2-4 players under the New Era
rules or the Classic rules (``options["rules"]``), or the Solo Campaign for one
(``options["mode"] = "solo"``, ``options["scenario"]`` 1-6)."""

from __future__ import annotations

from typing import Any

from core.empires import classic_setup, setup, solo_setup
from core.empires.classic_state import RULES
from core.empires.state import State


def normalize_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options with their defaults; ValueError naming the one that is wrong."""
    mode = options.get("mode", "")
    rules = options.get("rules", RULES[0])
    if rules not in RULES:
        raise ValueError(f"rules is one of {', '.join(RULES)}, not {rules!r}")
    if mode == "solo" or mode == "" and options.get("players") == 1:  # one player: solo
        if rules != RULES[0]:
            raise ValueError("the Solo Campaign is played under the New Era rules")
        return solo_setup.normalize_solo({k: v for k, v in options.items() if k != "rules"}
                                         | {"mode": "solo"})
    if mode not in ("", "competitive"):
        raise ValueError(f"mode is 'solo', 'competitive' or left out, not {mode!r}")
    plain = {k: v for k, v in options.items() if k != "mode"}
    if rules == "classic":
        opts = classic_setup.normalize_classic(plain)
    else:
        opts = setup.normalize_options(plain)
    # A mode asked for by name is kept (the New game row sets it); left out, it stays out,
    # so the options of games made before the row had a mode read the same.
    return {**opts, "mode": mode} if mode else opts


def new_game(options: dict[str, Any], seed: int) -> State:
    """A game set up and ready for its first turn (a solo game's first Invasion card is
    drawn, and any question it asks is open)."""
    opts = normalize_options(options)
    if opts.get("mode") == "solo":
        return solo_setup.new_solo_game(opts, seed)
    plain = {k: v for k, v in opts.items() if k != "mode"}
    if opts.get("rules") == "classic":
        state = classic_setup.new_classic_game(plain, seed)
    else:
        state = setup.new_game(plain, seed)
    state.options = opts
    return state
