"""The options of a campaign chapter's battle as a campaign player meets it, for the balance
benches (``--chapter ID`` of ``bench.villain_balance`` and ``bench.villain_goals``).

A campaign player reaches chapter k having won the chapters before it, so the battle is played
with every earlier chapter's reward carried (``core.tactics.campaign_flow``: a Treasure, a
champion who joined, a Scheme out of the deck, a Power on the first turn) and with the
champions they picked from the campaign's pool. Players pick differently, so each game picks
its heroes at random from the pool, on a stream of the bench's own seeded by the game's seed
(never the game's stream): a figure is the average over the ways a player may pick.
"""

from __future__ import annotations

import random
from typing import Any

from core.tactics import campaign_flow as flow

PICK_SALT = 0x5EED_C4A1  # keeps the picks' stream apart from anything seeded by the game seed


def chapter_index(chapter: str) -> int:
    """The chapter's place in the campaign (ValueError naming the chapters)."""
    ids = [c.id for c in flow.definition().chapters]
    if chapter not in ids:
        raise ValueError(f"no campaign chapter {chapter!r}; the chapters: {', '.join(ids)}")
    return ids.index(chapter)


def chapter_options(chapter: str, seed: int, players: int = 1) -> dict[str, Any]:
    """``new_game`` options of ``chapter``'s battle after winning every chapter before it,
    with picks drawn from the pool for game ``seed``."""
    c = flow.definition()
    k = chapter_index(chapter)
    per_hero = flow.picks_per_hero(players)
    picked = random.Random(seed ^ PICK_SALT).sample(list(c.pool), per_hero * players)
    rewards = tuple(flow.reward_word(ch.reward) for ch in c.chapters[:k] if ch.reward)
    seats = ["human"] + ["bot:planner"] * (players - 1)
    progress = flow.Progress(flow.who_plays({"players": players, "seats": seats}),
                             tuple(picked), chapter=k, rewards=rewards, campaign=c.id)
    flow.check(progress)
    return flow.game_options(progress)


__all__ = ["chapter_index", "chapter_options"]
