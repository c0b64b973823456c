"""Words for actions and questions, said once per game and shown everywhere the same.

A game puts an action (or a pending question) into a :class:`Phrase`: the words in order,
each piece tagged with what it names, if anything (a card, a seat, a cell …). ``describe``
is the phrase joined into plain text, for replays, saves and hints; the app colours the
tagged pieces (a card in its faction's colour, a player in their side's) without changing a
word. So the log, the menus, the decision titles and the hint reasons never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple


class Word(NamedTuple):
    """Some text; ``kind`` says what it names (``""``: nothing) and ``ref`` which one."""

    text: str
    kind: str = ""
    ref: int = -1


Phrase = tuple[Word, ...]


def phrase(*parts: str | Word | Iterable[Word]) -> Phrase:
    """A phrase from plain strings, words and other phrases, in order."""
    out: list[Word] = []
    for part in parts:
        if isinstance(part, str):
            if part:
                out.append(Word(part))
        elif isinstance(part, Word):
            out.append(part)
        else:
            out.extend(part)
    return tuple(out)


def plain(words: Iterable[Word]) -> str:
    """The phrase as plain text."""
    return "".join(w.text for w in words)


def capitalized(words: Phrase) -> Phrase:
    """The phrase with its first letter in upper case (for the start of a sentence)."""
    return _first_letter(words, str.upper)


def lowered(words: Phrase) -> Phrase:
    """The phrase with its first letter in lower case (for inside a sentence), unless the
    first piece names something (a name keeps its capital)."""
    if words and words[0].kind:
        return words
    return _first_letter(words, str.lower)


def _first_letter(words: Phrase, case: Callable[[str], str]) -> Phrase:
    if not words or not words[0].text:
        return words
    head = words[0]
    return (head._replace(text=case(head.text[:1]) + head.text[1:]), *words[1:])


def joined(items: Iterable[Phrase], sep: str = ", ", last: str = " and ") -> Phrase:
    """``a, b and c`` from several phrases."""
    items = [p for p in items if p]
    if not items:
        return ()
    if len(items) == 1:
        return items[0]
    out: list[Word] = []
    for i, p in enumerate(items):
        if i:
            out.append(Word(last if i == len(items) - 1 else sep))
        out.extend(p)
    return tuple(out)


def clipped(text: str, limit: int = 120) -> str:
    """``text`` on one line and at most ``limit`` characters (an ellipsis marks a cut), for
    quoting what came from outside (a file, a command line) in a message."""
    line = text.replace("\n", " ").replace("\r", " ")
    return line if len(line) <= limit else line[: limit - 1] + "…"


def agree(name: str, third_person: str) -> str:
    """``Bot gains`` / ``You gain``: the subject and its verb, agreeing (a player named
    "You" is the one at the keyboard, spoken to)."""
    if name != "You":
        return f"{name} {third_person}"
    verb = third_person
    irregular = {"has": "have", "is": "are", "does": "do", "goes": "go"}
    if verb in irregular:
        verb = irregular[verb]
    elif verb.endswith("ies"):
        verb = verb[:-3] + "y"
    elif verb.endswith(("shes", "ches", "sses", "xes")):
        verb = verb[:-2]
    elif verb.endswith("s"):
        verb = verb[:-1]
    return f"You {verb}"


def counted(n: int, noun: str, plural: str = "") -> str:
    """``1 card``, ``5 cards`` (``plural`` for a noun that does not just take an s)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def a_or_an(noun: str) -> str:
    """``a Troll``, ``an Acolyte``: the noun with the article its first sound takes."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"
