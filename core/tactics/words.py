"""Ascension Tactics in words: every action said once as a Phrase (``core.words``), and the
question each pending decision asks. The names of cards, units and hexes they are built from
are ``core.tactics.names`` (named here too, where the tables have always found them).

``describe`` is ``plain(phrase(...))``; the log, the menus, the decision titles and the hint
reasons are all built from these phrases, so they never disagree. The tagged pieces:

* ``card``: a card, ``ref`` its uid (``MYSTIC_PILE`` / ``HEAVY_PILE`` for the two piles);
* ``unit``: a figure on or off the battlefield, ``ref`` its unit id;
* ``cell``: a hex, ``ref`` its cell;
* ``treasure``: a Treasure token, ``ref`` its id.

Everything here works on a ``State`` or on a ``TacticsView`` alike, and names only what
the view shows (the pending decision as the view has it).
"""

from __future__ import annotations

from core import words as w
from core.contract import Action
from core.tactics import combat, harm, routes, rules
from core.tactics.board import BEACON, INACTIVE_PORTAL, PORTAL, TAINTED, Route
from core.tactics.effects import DECISION_VALUES
from core.tactics.names import (
    card_name,
    card_word,
    cell_name,
    cell_word,
    cultist_label,
    figure_labels,
    scheme_name,
    treasure_word,
    unit_labels,
    unit_name,
    unit_word,
    villain_cultist_label,
)
from core.tactics.state import Attack, Decision, State
from core.tactics.view_types import TacticsView
from core.tactics.villain_state import VILLAIN
from core.words import Phrase, Word, plain

# What each pending decision asks, in the imperative (the asking card is put in front).
QUESTIONS: dict[str, str] = {
    "draft": "Champion Draft: pick a champion for your side",
    "assign": "Team roster: keep one of your team's champions for yourself",
    "mode": "choose one",
    "banish": "banish a card",
    "buff": "which of your units gets the bonus?",
    "damage": "which enemy unit takes the damage?",
    "defeat": "which enemy unit is defeated?",
    "free_command": "command one of your units for free",
    "ready": "ready one of your exhausted champions",
    "acquire_free": "take a card from the center row for free",
    "copy_center": "copy the effect of which Hero in the center row?",
    "place_token": "place {token} on which hex?",
    "move_token": "move {token} to which hex?",
    "turret_attack": "which enemy unit does the Turret shoot?",
    "forest_under": "grow a Forest under which unit?",
    "move_portal": "move which of your portals?",
    "portal_to": "move the portal to which hex?",
    "destroy_construct": "destroy which enemy Construct?",
    "order": "which effect happens first?",
    "equip": "equip the Construct to which champion?",
    "react": "an attack was declared: play a Treasure or pass",
    "route": "which way?",
    "portal": "choose the portal you will deploy onto",
    "villain_plan": "the Villain's orders tie: what does it do?",
    "villain_target": "the Villains' damage ties: which hero unit takes it?",
    "villain_cell": "the Villains' choice ties: which hex?",
    "villain_card": "the Villain's choice ties: which Construct does it take?",
}

# How each answer of a decision reads: ``{x}`` is the value chosen (a card, unit, hex or
# option), ``{token}`` the token being placed, ``{n}`` the decision's number, ``{source}``
# the card asking.
ANSWERS: dict[str, str] = {
    "draft": "Draft {x}",
    "assign": "Keep {x}",
    "mode": "Choose {x}",
    "banish": "Banish {x}",
    "buff": "Give the bonus to {x}",
    "damage": "Deal {n} damage to {x}",
    "defeat": "Defeat {x}",
    "free_command": "Command {x} for free",
    "ready": "Ready {x}",
    "acquire_free": "Acquire {x} for free",
    "copy_center": "Copy {x}",
    "place_token": "Place {token} at {x}",
    "move_token": "Move {token} to {x}",
    "turret_attack": "Shoot {x} with the Turret",
    "forest_under": "Grow a Forest under {x}",
    "move_portal": "Move the portal at {x}",
    "portal_to": "Move the portal to {x}",
    "destroy_construct": "Destroy {x}",
    "order": "Resolve {x} first",
    "equip": "Equip {source} to {x}",
    "route": "Go {x}",
    "portal": "Deploy from the portal at {x}",
    "villain_plan": "{x}",
    "villain_target": "The Villains deal {n} damage to {x}",
    "villain_cell": "Choose {x}",
    "villain_card": "The Villain takes {x}",
}
# The ``villain_cell`` question by the operation waiting for it.
CELL_QUESTIONS: dict[str, str] = {
    "v.cultist": "a Villain Cultist appears: on which hex?",
    "v.return": "a Villain returns: on which hex?",
    "v.move_token": "the objective token moves: to which shrine?",
    "v.terrain": "the Villains change the ground: which hex?",
    "v.steal_treasure": "the Villains burn a Treasure: which one?",
}
KIND_NAMES = {"boss": "the Boss", "red": "red", "blue": "blue", "green": "green"}
TOKEN_WORDS = {"turret": "the Turret", "faerie_ring": "the Faerie Ring"}

# What a Treasure window before harm that is not an attack says is coming: ``{x}`` the
# units hurt, ``{n}`` the damage (or the highest Defense an outright defeat takes), ``{card}``
# the Construct to be destroyed.
HARMS: dict[str, str] = {
    "damage": "{n} damage to {x} is coming",
    "turret": "the Turret shoots {x} for {n} damage",
    "tainted": "the Tainted ground deals {n} damage to {x}",
    "defeat": "{x} is to be defeated (Defense {n} or less)",
    "destroy": "{card} on {x} is to be destroyed",
}
WINDOW = ": play a Treasure or pass"

assert set(HARMS) == set(harm.KINDS), "every harm says what is coming"

# What happens on a hex a route passes, after its name: ``{n}`` the Tainted damage.
MARKS: dict[str, str] = {
    BEACON: "the Beacon at {c} (taken)",
    INACTIVE_PORTAL: "the Inactive Portal at {c} (woken)",
    TAINTED: "the Tainted hex at {c} ({n} damage)",
}
QUIET_ROUTE = "round, touching nothing on the way"
FALLS = ": it falls there"

assert set(QUESTIONS) == set(DECISION_VALUES), "every decision kind asks its question"
assert set(ANSWERS) == set(DECISION_VALUES) - {"react"}, "every choice has its words"


def pending(s: State | TacticsView) -> Decision | None:
    """The decision waiting for an answer (a state keeps a stack, a view the top of it)."""
    d = s.pending
    if isinstance(d, list):
        return d[-1] if d else None
    return d


def value_kind(decision_kind: str) -> str:
    """What a decision's choices are: ``card``, ``unit``, ``cell``, ``option`` or ``treasure``."""
    return DECISION_VALUES.get(decision_kind, "card")


def route_phrase(s: State | TacticsView, r: Route) -> Phrase:
    """A route by what happens on it: ``by the Beacon at (3,0) (taken), then the Tainted
    hex at (4,1) (5 damage)``, or ``round, touching nothing on the way``."""
    if not r.marks:
        return w.phrase(QUIET_ROUTE)
    hurt = str(s.scen.number("tainted_damage"))
    marks = []
    for c in r.marks:
        # A portal among the marks is one this route woke (said after the walk).
        t = INACTIVE_PORTAL if s.terrain[c] == PORTAL else s.terrain[c]
        marks.append(_fill(MARKS.get(t, "{c}"), {"c": w.phrase(cell_word(s, c)),
                                                  "n": w.phrase(hurt)}))
    out = w.phrase("by ", w.joined(marks, ", then ", ", then "))
    return w.phrase(out, FALLS) if r.falls else out


def _value(s: State | TacticsView, d: Decision | None, value: int) -> Phrase:
    kind = value_kind(d.kind) if d is not None else "card"
    if kind == "route":
        assert d is not None
        listed = routes.asked(s, d)
        return route_phrase(s, listed[value]) if 0 <= value < len(listed) else w.phrase("?")
    if kind == "unit":
        return (unit_word(s, value),)
    if kind == "cell":
        return (cell_word(s, value),)
    if kind == "option":
        labels = d.labels if d is not None else ()
        return (Word(labels[value] if 0 <= value < len(labels) else f"option {value + 1}"),)
    return (card_word(s, value),)


def _token(s: State | TacticsView) -> str:
    """The token a ``place_token`` / ``move_token`` decision moves (its op waits on top)."""
    if s.work:
        token = s.work[-1][0].get("token")
        if isinstance(token, str) and token in TOKEN_WORDS:
            return TOKEN_WORDS[token]
    return "it"


def _fill(template: str, values: dict[str, Phrase]) -> Phrase:
    """``template`` with each ``{name}`` replaced by its phrase, the rest as plain words."""
    out: list[Phrase] = []
    rest = template
    while "{" in rest:
        head, _, tail = rest.partition("{")
        key, _, rest = tail.partition("}")
        out += [w.phrase(head), values[key]]
    out.append(w.phrase(rest))
    return w.phrase(*out)


def _answer(s: State | TacticsView, a: Action) -> Phrase:
    """A choice, in the words of the decision it answers (``Banish Militia``)."""
    d = pending(s)
    asker = d is not None and d.source >= 0
    values: dict[str, Phrase] = {
        "x": _value(s, d, a.card),
        "token": w.phrase(_token(s)),
        "n": w.phrase(str(d.n if d is not None else 0)),
        "source": w.phrase(card_word(s, d.source) if d is not None and asker else "it"),
    }
    return _fill(ANSWERS.get(d.kind if d is not None else "", "Choose {x}"), values)


# --- actions and questions ---------------------------------------------------------------------

def phrase(s: State | TacticsView, a: Action) -> Phrase:
    """``a`` in words, in a state or view where it can be taken: the one phrasing the log,
    the menus, ``describe`` and the hints share."""
    a = Action(*a)
    k = a.kind
    if k == rules.PLAY:
        return w.phrase("Play ", card_word(s, a.card))
    if k == rules.ACQUIRE:
        top = " onto your deck" if a.option == 1 else ""
        return w.phrase("Acquire ", card_word(s, a.card), top)
    if k == rules.COMMAND:
        if a.card == -1:
            return w.phrase("Command a new Cultist at ", cell_word(s, a.option))
        return w.phrase("Command ", unit_word(s, a.card))
    if k == rules.TREASURE:
        return w.phrase("Play ", treasure_word(s, a.card), " on ", unit_word(s, a.option))
    if k == rules.SWITCH:
        return w.phrase("Hand the turn to your partner")
    if k == rules.END:
        return w.phrase("End turn")
    if k == rules.DEPLOY:
        return w.phrase("Deploy at ", cell_word(s, a.option))
    if k == rules.MOVE:
        return w.phrase("Move to ", cell_word(s, a.option))
    if k == rules.ATTACK:
        if a.card == -1:
            return w.phrase("Attack every enemy in range (Area)")
        return w.phrase("Attack ", unit_word(s, a.card))
    if k == rules.DONE:
        return w.phrase("Done commanding")
    if k == rules.DECLINE:
        d = pending(s)
        if d is not None and d.kind == "react":
            return w.phrase("Pass (no Treasure)")
        return w.phrase("Decline (do nothing)")
    if k == rules.CHOOSE:
        return _answer(s, a)
    if k == rules.SCHEME:
        return w.phrase("Play the Scheme ", scheme_name(s, a.card))
    return w.phrase(f"{k} {a.card} {a.option}")


def harm_phrase(s: State | TacticsView, h: harm.Harm) -> Phrase:
    """The harm a Treasure window waits for: ``2 damage to Cultist c1 is coming``."""
    names = w.joined([(unit_word(s, u),) for u in h.targets])
    return _fill(HARMS[h.what], {"x": names, "n": w.phrase(str(h.n)),
                                  "card": w.phrase(card_word(s, h.card))})


def attack_phrase(s: State | TacticsView, a: Attack) -> Phrase:
    """The attack a Treasure window waits on, who attacks whom with what:
    ``Tyranyx (Player 1) attacks Cultist c5 (Player 2) with 4 Strength``."""
    targets = w.joined([_owned(s, u) for u in a.targets])
    return w.phrase(_owned(s, a.attacker), " attacks ", targets,
                    f" with {_strength(s, a.attacker)} Strength")


def _owned(s: State | TacticsView, u: int) -> Phrase:
    """A unit and, in brackets, whose it is."""
    seat = s.units[u].seat
    names = s.options["names"]
    owner = ("the Villains" if seat == VILLAIN
             else names[seat] if 0 <= seat < len(names) else "nobody")
    return w.phrase(unit_word(s, u), f" ({owner})")


def _strength(s: State | TacticsView, u: int) -> int:
    """A unit's Strength now: a view carries it; a state works it out."""
    if isinstance(s, State):
        return combat.strength(s, u)
    return s.stats[u].strength if u in s.stats else 0


def question(s: State | TacticsView, d: Decision) -> Phrase:
    """What the decision ``d`` asks, the asking card in front:
    ``Kor, the Ferromancer: move which of your portals?``."""
    asked: Phrase | str = QUESTIONS.get(d.kind, "make a choice").replace("{token}", _token(s))
    if d.kind == "villain_cell" and s.work:
        asked = CELL_QUESTIONS.get(s.work[-1][0].op, str(asked))
    if d.kind in ("villain_plan", "route") and 0 <= d.unit < len(s.units) and \
            s.units[d.unit].seat == VILLAIN:
        return w.capitalized(w.phrase(unit_word(s, d.unit), ": ", asked))
    if d.kind == "route":
        return w.capitalized(w.phrase(unit_word(s, d.unit), " goes to ", cell_word(s, d.n),
                                      ": ", asked))
    if d.kind == "react":
        h = harm.pending_harm(s.work, s.attack)
        if h is not None:
            asked = w.phrase(harm_phrase(s, h), WINDOW)
        elif s.attack is not None and 0 <= s.attack.attacker < len(s.units):
            asked = w.phrase(attack_phrase(s, s.attack), WINDOW)
    if d.source >= 0:
        return w.capitalized(w.phrase(card_word(s, d.source), ": ", asked))
    return w.capitalized(w.phrase(asked))


def describe(s: State | TacticsView, a: Action) -> str:
    """One short line for the log, the hint panel and replays."""
    return plain(phrase(s, a))


__all__ = ["ANSWERS", "CELL_QUESTIONS", "HARMS", "KIND_NAMES", "QUESTIONS", "attack_phrase",
           "card_name", "card_word", "cell_name", "cell_word", "cultist_label", "describe",
           "figure_labels", "harm_phrase", "pending", "phrase", "question", "route_phrase",
           "scheme_name", "treasure_word", "unit_labels", "unit_name", "unit_word",
           "value_kind", "villain_cultist_label"]
