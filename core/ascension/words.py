"""Ascension's actions and questions in words, said once for every place that shows them.

``action_phrase`` puts an action into words and ``question_phrase`` the question a pending
decision asks; the log, the menus, the decision titles and the hint reasons are all built
from these phrases, and ``describe`` is the phrase as plain text. A card is named by a
``Word`` of kind ``CARD`` whose ref is its uid, so the app can colour it by faction.
"""

from __future__ import annotations

from core.ascension import rules
from core.ascension.state import Decision, State
from core.ascension.view import AscensionView
from core.contract import Action
from core.words import Phrase, Word, phrase, plain

CARD = "card"  # the kind of a Word that names a card; its ref is the card's uid

Table = State | AscensionView

# The question each kind of decision asks the player who must answer it.
QUESTIONS: dict[str, str] = {
    "mode": "Choose one",
    "banish_center": "Send a center-row card to the Void?",
    "banish_hand_or_discard": "Send a card from your hand or discard pile to the Void?",
    "banish_hand": "Send a card from your hand to the Void",
    "banish_discard": "Send a card from your discard pile to the Void?",
    "discard_to_draw": "Discard a card to draw {count}",
    "defeat_free": "Defeat a monster with {n} Power or less for free?",
    "acquire_hero_free": "Acquire a hero for free, onto your deck?",
    "copy_hero": "Copy which hero's effect?",
    "destroy_construct": "Choose one of your constructs to put in your discard pile",
    "keep_construct": "Choose the one construct you keep",
    "acquire_or_defeat": "Acquire or defeat a center-row card for free?",
    "courier_play": "Put the construct you acquired straight into play?",
    "courier_hand": "Put the construct you acquired straight into your hand?",
}

# How choosing a card answers each question: the words before and after the card's name.
# ``banish_hand_or_discard`` and ``acquire_or_defeat`` depend on the card (see _answer).
ANSWERS: dict[str, tuple[str, str]] = {
    "banish_center": ("Send ", " to the Void"),
    "banish_hand": ("Send ", " to the Void"),
    "banish_discard": ("Send ", " to the Void"),
    "discard_to_draw": ("Discard ", " to draw {count}"),
    "defeat_free": ("Defeat ", " for free"),
    "acquire_hero_free": ("Acquire ", " for free, onto your deck"),
    "copy_hero": ("Copy ", "'s effect"),
    "destroy_construct": ("Put ", " in your discard pile"),
    "keep_construct": ("Keep ", ""),
    "courier_play": ("Put ", " into play"),
    "courier_hand": ("Put ", " into your hand"),
}

_COUNTS = ("zero", "one", "two", "three", "four", "five")


def card_name(s: Table, uid: int) -> str:
    """The name of card ``uid`` ("?" for a uid that names no card)."""
    return s.cards[uid].name if 0 <= uid < len(s.cards) else "?"


def card_word(s: Table, uid: int) -> Word:
    """Card ``uid``'s name, tagged as naming that card."""
    return Word(card_name(s, uid), CARD, uid)


def pending_of(s: Table) -> Decision | None:
    """The decision waiting for an answer in a state or a view, if any."""
    if isinstance(s, AscensionView):
        return s.pending
    return s.pending[-1] if s.pending else None


def _count(n: int) -> str:
    return _COUNTS[n] if 0 <= n < len(_COUNTS) else str(n)


def question_phrase(d: Decision) -> Phrase:
    """The question ``d`` asks the player who must answer it."""
    return phrase(QUESTIONS[d.kind].format(count=_count(d.n), n=d.n))


def ability_question(s: Table, uid: int) -> Phrase:
    """What the table asks when a construct has more than one ability to use now."""
    return phrase("Use ", card_word(s, uid), ": which ability?")


def _zone_of(s: Table, seat: int, uid: int) -> str:
    """Where card ``uid`` of ``seat`` lies, for a choice between hand and discard pile."""
    p = s.players[seat]
    if p.hand is not None and uid in p.hand:
        return "hand"
    return "discard pile" if uid in p.discard else ""


def _answer(s: Table, d: Decision, uid: int) -> Phrase:
    """Choosing card ``uid`` in answer to ``d``."""
    card = card_word(s, uid)
    if d.kind == "banish_hand_or_discard":
        zone = _zone_of(s, d.seat, uid)
        return phrase("Send ", card, f" from your {zone}" if zone else "", " to the Void")
    if d.kind == "acquire_or_defeat":
        verb = "Defeat " if s.cards[uid].kind == "monster" else "Acquire "
        return phrase(verb, card, " for free")
    before, after = ANSWERS[d.kind]
    return phrase(before, card, after.format(count=_count(d.n)))


def action_phrase(s: Table, a: Action) -> Phrase:
    """``a`` in words, in a state or view where it can be taken."""
    a = Action(*a)
    if a.kind == rules.PLAY:
        return phrase("Play ", card_word(s, a.card))
    if a.kind == rules.ACTIVATE:
        abilities = s.cards[a.card].abilities if 0 <= a.card < len(s.cards) else ()
        label = abilities[a.option].label if 0 <= a.option < len(abilities) else "?"
        return phrase("Use ", card_word(s, a.card), f": {label}")
    if a.kind == rules.ACQUIRE:
        return phrase("Acquire ", card_word(s, a.card))
    if a.kind == rules.DEFEAT:
        return phrase("Defeat ", card_word(s, a.card))
    if a.kind == rules.END:
        return phrase("End turn")
    if a.kind == rules.DECLINE:
        return phrase("Decline")
    if a.kind == rules.CHOOSE:
        d = pending_of(s)
        if d is not None and d.kind == "mode":
            labels = d.labels
            return phrase(f"Choose {labels[a.card]}" if 0 <= a.card < len(labels)
                          else "Choose ?")
        if d is None:
            return phrase("Choose ", card_word(s, a.card))
        return _answer(s, d, a.card)
    return phrase(f"{a.kind} {a.card}")


def describe(s: Table, a: Action) -> str:
    """One short line for the log, the hint panel and replays: the action's phrase."""
    return plain(action_phrase(s, a))
