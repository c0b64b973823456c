"""The hint record every game's hint function returns, and what all hints share."""

from __future__ import annotations

from dataclasses import dataclass

from core.contract import Action

# A hint comes from a fresh planner on this seed, so the same position gives the same hint.
HINT_SEED = 0
MAX_THEN = 3  # plan steps named after the first; the rest is summarised as "and N more"


@dataclass(frozen=True)
class Hint:
    """The recommended action, one line of why, and the rest of the plan it belongs to."""

    action: Action
    reason: str
    plan: tuple[Action, ...]
