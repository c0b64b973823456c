"""The Villains' side of a game against the Villains (solo, co-op, Become the Boss): who they
are, where their objective tokens lie, and the Scheme deck (DESIGN.md, "Villains").

Villain units belong to no seat: ``Unit.seat == VILLAIN`` (-2); their side is ``VILLAINS``
(1) wherever a unit's side is asked — through ``sides.unit_side`` / ``sides.seat_side``, never
``side_of[unit.seat]``, which would read a seat from the end of the tuple. The heroes are side
``HEROES`` (0). In Become the Boss the Boss player's seat (the last) plays for side 1 too, but
the Villain units are still nobody's: the Boss seat commands them.

A Villain card is a ``CardDef`` of kind ``villain`` built from the face the mode uses and laid
after the heroes' cards (``villain_cards``), one per Villain of ``villains.toml`` so the card
layout depends only on the options; the four on the roster hold the objective tokens, the
others wait in the box. Schemes are referred to by their index in ``scheme_defs()``.

Nothing here imports the game state (``core.tactics.state`` imports this module); what asks a
state who is who (a unit's side, who answers a tie) is ``core.tactics.sides``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from core.tactics.cards import CardDef, Op
from core.tactics.scenarios import ScenarioDef
from core.tactics.villain_ops import OBJECTIVE_KINDS
from core.tactics.villains import SchemeDef, VillainDef, campaign, scheme_defs, villain_defs

VILLAIN = -2  # the seat of a unit that is a Villain or a Villain Cultist
HEROES, VILLAINS = 0, 1  # the two sides of a game against the Villains
VILLAIN_MODES = ("solo", "coop", "boss")
CULTIST_FIGURES = 16  # the box's Cultists: the Villains get those no hero seat uses
SCHEMES_PER_TURN = 2
BOSS_HAND = 3
TIES = ("ask", "auto")
KIND_INDEX = {k: i for i, k in enumerate(OBJECTIVE_KINDS)}

# How a game against the Villains ended (``Outcome.details["by"]``).
BY_HONOR, BY_VILLAIN_HONOR, BY_DECK_OUT, BY_TURN_LIMIT = (
    "victory Honor", "Villain Honor", "deck out", "turn limit")


def villain_mode(mode: str) -> bool:
    """Whether ``mode`` is played against the Villains."""
    return mode in VILLAIN_MODES


def hero_count(mode: str, players: int) -> int:
    """The seats that play heroes: every seat but the Boss player's in Become the Boss."""
    return players - 1 if mode == "boss" else players


def villain_card(v: VillainDef, mode: str) -> CardDef:
    """Villain ``v`` as a unit card with the numbers of the face ``mode`` uses (its Slay and
    Surge are Villain operations: they are run from ``VillainSide``, never as card effects)."""
    face = v.face(mode)
    return CardDef(id=v.id, name=v.name, kind="villain", faction=v.faction, text=face.text,
                   strength=face.strength, defense=face.defense, speed=face.speed,
                   keywords=face.keywords)


def villain_cards(mode: str) -> tuple[CardDef, ...]:
    """Every Villain as a card, in file order (appended to the card layout)."""
    return tuple(villain_card(v, mode) for v in villain_defs())


class VillainSide:
    """The Villains of one game. ``holder[k]`` is the card uid of the Villain holding the
    objective kind ``OBJECTIVE_KINDS[k]``; ``token[k]`` the cell of that token. ``deck`` (top
    last), ``discard``, ``hand`` (the Boss player's), ``in_play`` (played this turn) and
    ``removed`` (out of the game: a campaign reward) hold Scheme indexes; together they hold
    every Scheme once. ``first_card`` is the uid of the first Villain card; ``defs`` the
    Villains in card order. ``played`` counts the Schemes played this Villain turn."""

    __slots__ = ("mode", "defs", "first_card", "schemes", "holder", "token", "cultists",
                 "deck", "discard", "hand", "in_play", "removed", "played", "ties", "surge",
                 "ended_by", "boss_seat")

    mode: str
    defs: tuple[VillainDef, ...]
    first_card: int
    schemes: tuple[SchemeDef, ...]
    holder: list[int]
    token: list[int]
    cultists: tuple[int, ...]
    deck: list[int]
    discard: list[int]
    hand: list[int]
    in_play: list[int]
    removed: list[int]
    played: int
    ties: str
    surge: tuple[Op, ...]
    ended_by: str
    boss_seat: int

    def copy(self) -> VillainSide:
        v = VillainSide.__new__(VillainSide)
        v.mode, v.defs, v.first_card, v.schemes = self.mode, self.defs, self.first_card, \
            self.schemes
        v.holder, v.token = self.holder[:], self.token[:]
        v.cultists = self.cultists
        v.deck, v.discard, v.hand = self.deck[:], self.discard[:], self.hand[:]
        v.in_play, v.removed = self.in_play[:], self.removed[:]
        v.played, v.ties, v.surge = self.played, self.ties, self.surge
        v.ended_by, v.boss_seat = self.ended_by, self.boss_seat
        return v

    def vdef(self, card: int) -> VillainDef:
        """The Villain whose card uid is ``card``."""
        return self.defs[card - self.first_card]

    def is_villain_card(self, card: int) -> bool:
        return self.first_card <= card < self.first_card + len(self.defs)

    def kind_of(self, card: int) -> int:
        """The objective kind index ``card``'s Villain holds, or -1."""
        return self.holder.index(card) if card in self.holder else -1

    def names(self) -> frozenset[str]:
        """The ids of the Villains on the roster (FAQ 19: no hero card of these names)."""
        return frozenset(self.vdef(c).id for c in self.holder)

    def data(self) -> list[Any]:
        """The changing parts as plain data (the static parts follow from the options)."""
        return [self.holder, self.token, self.deck, self.discard, self.hand, self.in_play,
                self.removed, self.played, self.ended_by]

    def load(self, data: list[Any]) -> None:
        holder, token, deck, discard, hand, in_play, removed, played, ended_by = data
        self.holder = [int(x) for x in holder]
        self.token = [int(x) for x in token]
        self.deck, self.discard = [int(x) for x in deck], [int(x) for x in discard]
        self.hand, self.in_play = [int(x) for x in hand], [int(x) for x in in_play]
        self.removed, self.played = [int(x) for x in removed], int(played)
        self.ended_by = str(ended_by)
        n = len(self.schemes)
        if sorted(self.deck + self.discard + self.hand + self.in_play + self.removed) != \
                list(range(n)):
            raise ValueError("the snapshot's Schemes are lost or in two places")
        if len(self.holder) != len(OBJECTIVE_KINDS) or len(self.token) != len(OBJECTIVE_KINDS):
            raise ValueError("the snapshot's Villain roster is wrong")
        if self.holder != [-1] * len(OBJECTIVE_KINDS) and any(
                not self.is_villain_card(c) for c in self.holder):
            raise ValueError("the snapshot's Villain roster names a card that is no Villain")


def blank_side(mode: str, first_card: int, cultists: tuple[int, ...], ties: str,
               boss_seat: int, surge: tuple[Op, ...]) -> VillainSide:
    """The Villains before set-up deals anything."""
    v = VillainSide.__new__(VillainSide)
    v.mode, v.defs, v.first_card = mode, villain_defs(), first_card
    v.schemes = scheme_defs()
    v.holder, v.token = [-1] * len(OBJECTIVE_KINDS), [-1] * len(OBJECTIVE_KINDS)
    v.cultists = cultists
    v.deck, v.discard, v.hand, v.in_play, v.removed = [], [], [], [], []
    v.played, v.ties, v.surge, v.ended_by, v.boss_seat = 0, ties, surge, "", boss_seat
    return v


def with_chapter_goal(sc: ScenarioDef, chapter: str) -> ScenarioDef:
    """The scenario with a campaign chapter's extra Honor added to the heroes' goal."""
    extra = next((c.extra_honor for c in campaign().chapters if c.id == chapter), 0)
    return replace(sc, victory_honor=sc.victory_honor + extra) if extra else sc


def surge_rule(sc: ScenarioDef, chapter: str) -> tuple[Op, ...]:
    """The extra Surge rule: a campaign chapter's when it writes one, else the scenario's."""
    if chapter:
        found = next(c for c in campaign().chapters if c.id == chapter)
        if found.surge is not None:
            return found.surge
    return sc.surge


__all__ = [
    "BOSS_HAND", "BY_DECK_OUT", "BY_HONOR", "BY_TURN_LIMIT", "BY_VILLAIN_HONOR",
    "CULTIST_FIGURES", "HEROES", "KIND_INDEX", "SCHEMES_PER_TURN", "TIES", "VILLAIN",
    "VILLAINS", "VILLAIN_MODES", "VillainSide", "blank_side", "hero_count", "surge_rule",
    "villain_card", "villain_cards", "villain_mode", "with_chapter_goal",
]
