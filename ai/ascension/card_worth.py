"""What one more copy of a card is worth to its owner, learned from self-play.

``card_worth.toml`` holds, per edition, a card's worth in points of final margin in each third
of a 2-player game, fitted by ``bench.card_worth`` from greedy self-play. It sees what the
hand-written values miss, e.g. how much an early engine construct decides a game, and the
planner blends the two (``ai.ascension.planner.PlannerCtx``).
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib.resources import files

TABLE_FILE = "card_worth.toml"  # beside this module; ``bench.card_worth --write`` makes it
PHASES = 3  # thirds of the game, by the share of the Honor pool taken
PLAYERS = 2  # the games the table was learned from


@cache
def table(edition: int) -> dict[str, tuple[float, ...]]:
    """Card key -> its worth in each phase (empty when the edition was never learned)."""
    text = files("ai.ascension").joinpath(TABLE_FILE).read_text(encoding="utf-8")
    section = tomllib.loads(text).get(f"edition{edition}")
    if section is None:
        return {}
    return {key: tuple(float(x) for x in row) for key, row in section["worth"].items()}


def learned_worth(edition: int, key: str, progress: float) -> float | None:
    """The table's worth of card ``key`` at ``progress`` (0 = start, 1 = pool empty), read
    between the phases' midpoints; None for a card the table does not know."""
    row = table(edition).get(key)
    if row is None:
        return None
    x = progress * len(row) - 0.5
    if x <= 0:
        return row[0]
    if x >= len(row) - 1:
        return row[-1]
    i = int(x)
    frac = x - i
    return row[i] * (1.0 - frac) + row[i + 1] * frac
