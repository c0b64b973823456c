"""The menus of the Ascension table: a pending decision, and a construct's abilities.

Each menu offers exactly the legal actions it is given, each entry in the engine's own
words (``action_phrase``), its card coloured and its numbers beside it; the title is the
engine's question.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from core.ascension import rules
from core.ascension.view import AscensionView
from core.ascension.words import ability_question, action_phrase, card_word, question_phrase
from core.contract import Action
from core.words import phrase, plain
from tui.games.ascension.text import detail, said, stats


@dataclass(frozen=True)
class Menu:
    """A menu of actions: its title, and per entry the action, its label and its detail."""

    title: str
    actions: list[Action]
    labels: list[Text]
    details: list[Text | str]


def decision_menu(v: AscensionView, legal: list[Action]) -> Menu:
    """The answers to the pending decision of ``v``, as ``legal`` lists them."""
    d = v.pending
    assert d is not None, "a decision menu needs a pending decision"
    labels: list[Text] = []
    details: list[Text | str] = []
    for a in legal:
        label = said(v, action_phrase(v, a), bold=True)
        info: Text | str = ""
        if a.kind == rules.DECLINE:
            label.stylize("italic")
        elif d.kind != "mode":
            card = v.cards[a.card]
            label.append("  ")
            label.append_text(stats(card))
            info = detail(card)
        labels.append(label)
        details.append(info)
    source = phrase(card_word(v, d.source), ": ") if d.source >= 0 else ()
    return Menu(plain(phrase(source, question_phrase(d))), list(legal), labels, details)


def ability_menu(v: AscensionView, uid: int, actions: list[Action]) -> Menu:
    """The abilities of construct ``uid`` that ``actions`` (its legal ones) may use now."""
    labels = [Text(f"{a.option + 1}. ").append_text(said(v, action_phrase(v, a)))
              for a in actions]
    return Menu(plain(ability_question(v, uid)), list(actions), labels, [""] * len(actions))
