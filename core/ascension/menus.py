"""The legal actions grouped the way the table offers them: by the card they act on.

A table lets a player pick a card and asks for its action; these say which actions a card
has now (exactly those ``legal_actions`` lists) and, for a card the rules allow nothing
on, the action the player means, so the engine's refusal can say why.
"""

from __future__ import annotations

from core.ascension import rules
from core.ascension.view import AscensionView
from core.contract import Action

# The actions that act on one card of the table (a choice answers a question instead).
CARD_ACTIONS = frozenset({rules.PLAY, rules.ACQUIRE, rules.DEFEAT, rules.ACTIVATE})


def by_card(legal: list[Action]) -> dict[int, list[Action]]:
    """The card actions of ``legal``, by the uid of the card they act on, in their order."""
    out: dict[int, list[Action]] = {}
    for a in legal:
        if a.kind in CARD_ACTIONS:
            out.setdefault(a.card, []).append(a)
    return out


def meant_action(v: AscensionView, uid: int) -> Action:
    """What the seat of ``v`` means by acting on card ``uid``: play it from the hand, use a
    construct in play (its first ability still unused this turn), defeat a monster, or
    acquire anything else. Used when no action on ``uid`` is legal, to learn why not."""
    me = v.me
    if me.hand is not None and uid in me.hand:
        return Action(rules.PLAY, uid)
    card = v.cards[uid]
    if uid in me.constructs:
        unused = (i for i in range(len(card.abilities)) if (uid, i) not in v.used)
        return Action(rules.ACTIVATE, uid, next(unused, 0))
    return Action(rules.DEFEAT if card.kind == "monster" else rules.ACQUIRE, uid)
