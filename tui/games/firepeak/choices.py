"""The contents of the Firepeak table's choice lists, built from the engine's view.

Every entry that stands for an action is the engine's phrase for it (``core.firepeak.words``),
coloured, followed by a few dim facts that help choose (a Power, a count, a spell's cost);
every title is the engine's question. What a list offers comes from ``legal_actions``,
grouped by the steps of ``core.firepeak.menus``; nothing here decides a rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from rich.text import Text

from core.contract import Action
from core.firepeak import menus
from core.firepeak.cards import BASE_POWER, CLAN_OF, N_CREATURES, SPELLS
from core.firepeak.pattern import EMPTY
from core.firepeak.state import DUNGEON, GUARD, Decision
from core.firepeak.view import FirepeakView, room_under
from core.firepeak.words import menu_question, phrase, question
from core.words import capitalized, plain
from tui.games.firepeak import text as ft

Spot = menus.Spot
WHY_NOT = "#ff8a65"


@dataclass
class ChoiceList:
    """What a choice list shows: a title, one label per entry, the detail shown under the
    highlighted entry, where each entry points on the table, and which are greyed."""

    title: str
    labels: list[Text]
    details: list[Text | str]
    marks: list[Spot | None]
    disabled: list[bool] = field(default_factory=list)


def entry(v: FirepeakView, a: Action) -> Text:
    """The line of an action in a list: its phrase, then the facts that help choose it."""
    return ft.line(phrase(v, a)).append_text(facts(v, a))


def facts(v: FirepeakView, a: Action) -> Text:
    """Dim facts after an action's phrase: how a defender stands, how a Dungeon is guarded,
    a creature's clan, a spell's cost, what an aura replaces."""
    k = a.kind
    out = Text()
    if k == "capture":
        bonus = menus.defence_bonus(v, *divmod(a.option, 10))
        if bonus:
            out.append(f"  +{bonus} to defend", style="dim")
    elif k == "rescue":
        p = v.players[a.option]
        out.append(f"  {p.dungeon_count} inside · Guard ", style="dim")
        if p.guard != EMPTY:
            out.append_text(ft.creature_text(p.guard, p.guard_power, clan=False))
        else:
            out.append("none", style="dim")
    elif k in ("brainwash", "research", "rescue_pick", "component", "dungeon_pick", "salvage"):
        if 0 <= a.card < N_CREATURES and _seen(v, a):
            out.append(f"  {ft.clan_label(CLAN_OF[a.card])}", style="dim")
    elif k in ("cast", "discard_spell"):
        out.append_text(ft.spell_cost(a.card))
    elif k == "place" and a.card in (GUARD, DUNGEON):
        out.append("  face up: defends your Dungeon" if a.card == GUARD
                   else "  face down: kept hidden", style="dim")
    elif k == "aura":
        seat, pos = divmod(a.card, 10)
        p = v.players[seat]
        if p.at(pos) != EMPTY:
            out.append("  ")
            out.append_text(ft.creature_text(p.at(pos), p.power_at(pos), clan=False))
        if p.auras[pos] != EMPTY:
            out.append(f"  replaces {ft.spell_name(p.auras[pos])}", style="dim")
    elif k == "opponent":
        p = v.players[a.card]
        guard = ft.creature_name(p.guard) if p.guard != EMPTY else "no Guard"
        out.append(f"  Dungeon {p.dungeon_count} · Spellbook {p.spellbook_count} · {guard}",
                   style="dim")
    return out


def _seen(v: FirepeakView, a: Action) -> bool:
    """Whether the creature ``a`` names is one the viewer may see (its phrase names it)."""
    return any(w.kind == "creature" and w.ref == a.card for w in phrase(v, a))


def detail(a: Action) -> Text | str:
    """What shows under a highlighted action: the type and text of the spell it is about."""
    if a.kind in ("cast", "discard_spell", "dispel"):
        return ft.spell_about(a.card)
    return ""


def actions_list(v: FirepeakView, title: str, actions: list[Action]) -> ChoiceList:
    """One entry per action, each pointing at what it is aimed at."""
    return ChoiceList(title, [entry(v, a) for a in actions], [detail(a) for a in actions],
                      [menus.target(v, a) for a in actions])


def with_room(v: FirepeakView, recruits: list[Action]) -> list[Action]:
    """The Recruits worth offering: under a Leader the new creature could join. Under any
    other (a Tier 3 creature, a full spot) it can only be a Guard or go to the Dungeon,
    the same as under any Leader, so one such entry is kept when none has room."""
    me = v.players[v.current]
    return [a for a in recruits if room_under(me, a.card)] or recruits[:1]


def decision_list(v: FirepeakView, d: Decision) -> ChoiceList:
    """The answers of pending decision ``d`` (``v`` is the decider's view)."""
    title = plain(capitalized(question(v, d)))
    return actions_list(v, title, [Action(d.kind, c) for c in d.choices])


def step_list(v: FirepeakView, kind: str, depth: int, groups: list[list[Action]]
              ) -> ChoiceList:
    """Step ``depth`` of the menu of ``kind`` actions: one entry per group of actions."""
    steps = menus.STEPS[kind]
    step = steps[depth]
    final = depth == len(steps) - 1
    title = plain(menu_question(v, kind, depth, groups[0][0]))
    labels = []
    for group in groups:
        label = ft.line(step.entry(v, group[0]))
        if final:
            label.append_text(facts(v, group[0]))
        labels.append(label)
    return ChoiceList(title, labels, [""] * len(groups),
                      [step.mark(v, group[0]) for group in groups])


def spell_list(v: FirepeakView, castable: set[int], why_not: Callable[[int], str]
               ) -> tuple[ChoiceList, list[int]]:
    """Every spell of the Spellbook of the player whose turn it is, once however many copies
    are held: the castable ones first, the others greyed with ``why_not``. Returns the list
    and the spell each entry casts."""
    book = sorted(v.players[v.current].spellbook or ())
    copies = Counter(SPELLS[sp].key for sp in book)
    first: dict[str, int] = {}
    for sp in sorted(book, key=lambda u: (u not in castable, u)):
        first.setdefault(SPELLS[sp].key, sp)
    spells = sorted(first.values(), key=lambda sp: (sp not in castable, SPELLS[sp].name))
    labels: list[Text] = []
    details: list[Text | str] = []
    for sp in spells:
        label = entry(v, Action("cast", sp))
        if copies[SPELLS[sp].key] > 1:
            label.append(f"  ×{copies[SPELLS[sp].key]}", style="bold")
        if sp not in castable:
            label.append(f"  ✗ {why_not(sp)}", style=WHY_NOT)
        labels.append(label)
        details.append(ft.spell_about(sp))
    title = plain(menu_question(v, "cast", 0, Action("cast")))
    return ChoiceList(title, labels, details, [None] * len(spells),
                      [sp not in castable for sp in spells]), spells


def book_list(v: FirepeakView, seat: int) -> ChoiceList:
    """``seat``'s Spellbook, Dungeon, circle and Wizard in full (a list to look at)."""
    p = v.players[seat]
    labels: list[Text] = []
    details: list[Text | str] = []
    for sp in p.spellbook or ():
        labels.append(ft.spell_line(sp))
        details.append(ft.spell_text(sp))
    for uid in sorted(p.dungeon or (), key=lambda u: (CLAN_OF[u], -BASE_POWER[u])):
        labels.append(Text("Dungeon: ").append_text(ft.creature_text(uid)))
        details.append("")
    if p.circle != EMPTY:
        labels.append(Text("Circle: ").append_text(ft.spell_line(p.circle)))
        details.append(ft.spell_text(p.circle))
    labels.append(Text("Wizard: ").append_text(ft.wizard_text(p.wizard)))
    details.append("")
    return ChoiceList("Your Spellbook, Dungeon and Wizard (look only)", labels, details,
                      [None] * len(labels))
