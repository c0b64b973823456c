"""Ascension Tactics's bots and hints (the row ``ai.registry`` finds for ``tactics``).

Importing this package is cheap: the bots' modules, and OR-Tools with them, load on use.

The rooms: the bots (``greedy``, ``planner``) and ``hints``; the shared judgement they play
by — ``weights`` (every tunable number), ``worth`` (cards and units), ``position`` (shrines
and cells), ``danger`` (what enemies reach next turn), ``reach`` (what a seat's units could do
this turn), ``decisions`` (answers to the engine's questions), ``main_phase`` (playing and
buying); the command phase as a CP-SAT model — ``command_problem`` (the records),
``command_framing`` (board to problem), ``command_model`` (the solve), ``command_judge`` (the
same rules in plain Python), ``command_blocks`` (plan to actions); ``rune_knapsack`` (Rune
buys). Against the Villains: ``villain_frame`` (what one Villain command is decided over),
``villain_model`` (the rulebook's command procedure as CP-SAT, proved equal to the engine's
enumeration); in Become the Boss, ``boss`` (Schemes and ties by play-outs), ``boss_command``
(a Villain commanded freely, by CP-SAT) and ``boss_hints``. Every model is solved by
``ai.cp_solver``, as every game's are.
"""

from __future__ import annotations

from typing import Any

from ai.hint import Hint
from ai.levels import EASY_SLIPS, Level
from core.contract import Action

# name -> "module:Class", strongest-but-cheap first; every class takes (game, seed).
BOTS = {
    "greedy": "ai.tactics.greedy:TacticsGreedyBot",
    "planner": "ai.tactics.planner:TacticsPlannerBot",
}


# The levels New game offers, weakest first (``ai.levels``); ``bench/bot_levels.py`` plays
# each against the next. Hard is the planner as it is (its own search budget).
LEVELS = (
    Level("easy", "Easy", "greedy", EASY_SLIPS, note="greedy, with some moves at random"),
    Level("normal", "Normal", "greedy", note="greedy: the best-looking move now"),
    Level("hard", "Hard", "planner", note="planner: each turn's commands as one CP-SAT model"),
)

def hint(view: Any, legal: list[Action]) -> Hint:
    """The planner's pick for the decision in ``view``, with a one-line reason."""
    from ai.tactics.hints import tactics_hint

    return tactics_hint(view, legal)


def selfplay_report(bots: list[str], games: int, seed: int, players: int,
                    options: dict[str, Any], progress: Any = None) -> dict[str, Any] | None:
    """``ascend selfplay``'s report for a game against the Villains (None otherwise)."""
    from ai.tactics.villain_selfplay import selfplay_report as report

    return report(bots, games, seed, players, options, progress)
