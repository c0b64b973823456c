"""Ascension hints: the planner's pick for the seat to move, and a one-line why.

Deterministic: a fresh planner with a fixed seed answers, and CP-SAT runs with a fixed
seed, one worker and a full tie-break, so the same position always gives the same hint.
"""

from __future__ import annotations

from typing import Any

from ai.hint import HINT_SEED, MAX_THEN, Hint
from core.ascension.cards import CardDef, Op
from core.ascension.words import action_phrase
from core.contract import Action
from core.words import Phrase, joined, lowered, phrase, plain


def ascension_hint(view: Any, legal: list[Action]) -> Hint:
    """The planner's recommendation for the decision in ``view``."""
    if not legal:
        raise ValueError("there is no decision to hint: no legal actions")
    from ai.ascension.planner import PlannerBot

    bot = PlannerBot("ascension", HINT_SEED)
    action, plan = bot.recommend(view, legal)
    return Hint(action, reason(view, action, plan), plan)


# --- the one-line reason ----------------------------------------------------------------------

_REWARD_WORDS = {
    "banish_center": "a center card to the Void",
    "banish_discard": "a discard to the Void",
    "banish_hand_or_discard": "a card to the Void",
    "banish_hand": "a hand card to the Void",
    "opponents_destroy_construct": "opponents lose a construct",
    "opponents_keep_one_construct": "opponents keep one construct",
    "steal_random_card": "steal a card",
    "acquire_or_defeat_free": "a free center card",
    "extra_turn": "an extra turn",
    "copy_hero": "repeat a hero",
    "discard_to_draw": "cycle a card",
    "defeat_free": "a free defeat",
    "acquire_hero_free": "a free hero",
    "construct_discount": "a cheaper construct",
    "honor_per_construct_faction": "Honor per construct faction",
    "power_per_mechana_construct": "Power per Mechana construct",
}


def _op_words(op: Op, signed: bool) -> str:
    plus = "+" if signed else ""
    runes = "Rune" if op.n == 1 else "Runes"
    if op.name == "runes":
        return f"{plus}{op.n} {runes}"
    if op.name == "power":
        return f"{plus}{op.n} Power"
    if op.name == "mechana_runes":
        return f"{plus}{op.n} Mechana {runes}"
    if op.name == "honor":
        return f"{op.n} Honor"
    if op.name == "draw":
        return f"draw {op.n}"
    if op.name == "choose":
        return " or ".join(op.labels)
    if op.name in ("with_other_hero", "if_hero_played", "if_constructs"):
        return "more with " + ", ".join(_op_words(o, signed) for o in op.then)
    return _REWARD_WORDS.get(op.name, "")


def effect_words(ops: tuple[Op, ...], signed: bool = True) -> str:
    """An effect in a few words: '+2 Runes', '3 Honor + 3 Runes'."""
    parts = [w for w in (_op_words(op, signed) for op in ops) if w]
    return " + ".join(parts)


def _card_gain(card: CardDef) -> str:
    parts = [f"{card.honor} Honor"] if card.honor else []
    what = effect_words(card.effect) or " + ".join(ab.label for ab in card.abilities)
    if what:
        parts.append(what + (" each turn" if card.kind == "construct" else " each play"))
    return ", ".join(parts)


_DECISION_WHY = {
    "mode": "the better use of this turn's buys",
    "banish_center": "denies the next player",
    "banish_hand_or_discard": "thins your deck",
    "banish_discard": "thins your deck",
    "banish_hand": "the card you miss least",
    "discard_to_draw": "two cards for your weakest",
    "defeat_free": "the best monster it can take",
    "acquire_hero_free": "the best hero it can take",
    "copy_hero": "the strongest hero to repeat",
    "destroy_construct": "the construct you miss least",
    "keep_construct": "your most valuable construct",
    "acquire_or_defeat": "the best card on the row",
    "courier_play": "it works from this turn on",
    "courier_hand": "you can play it this turn",
}


def reason(view: Any, action: Action, plan: tuple[Action, ...]) -> str:
    """'Defeat Wind Tyrant: 3 Honor + 3 Runes, then acquire Mystic' and the like."""
    return plain(reason_phrase(view, action, plan))


def reason_phrase(view: Any, action: Action, plan: tuple[Action, ...]) -> Phrase:
    """The reason in words: the action's own phrase, what it brings, and the plan's next steps
    (each said as ``action_phrase`` says it)."""
    return phrase(action_phrase(view, action), _why(view, action), _then(view, plan))


def _why(view: Any, action: Action) -> str:
    """What the action brings, as ': …' after its phrase ("" when there is nothing to say)."""
    cards = view.cards
    why = ""
    if action.kind == "defeat":
        why = effect_words(cards[action.card].effect, signed=False) or "no reward"
    elif action.kind == "acquire":
        why = _card_gain(cards[action.card])
    elif action.kind == "play":
        why = effect_words(cards[action.card].effect)
    elif action.kind == "decline" and view.pending is not None:
        why = "nothing here is worth it"
    elif action.kind == "choose" and view.pending is not None:
        why = _DECISION_WHY.get(view.pending.kind, "")
    elif action.kind == "end":
        left = []
        if view.runes or view.mechana_runes:
            total = view.runes + view.mechana_runes
            left.append(f"{total} Rune{'' if total == 1 else 's'}")
        if view.power:
            left.append(f"{view.power} Power")
        why = ("nothing worth buying with " + " and ".join(left)) if left else ""
    return f": {why}" if why else ""


def _then(view: Any, plan: tuple[Action, ...]) -> Phrase:
    """', then acquire Mystic, defeat Cultist and 2 more' for the plan after its first step."""
    rest = [a for a in plan[1:] if a.kind != "end"]
    if not rest:
        return ()
    named = [lowered(action_phrase(view, a)) for a in rest[:MAX_THEN]]
    more = len(rest) - MAX_THEN
    return phrase(", then ", joined(named, last=", "), f" and {more} more" if more > 0 else "")
