"""The table as one seat sees it: the frozen records ``core.tactics.view`` fills.

They live below the rules so that everything that reads "a State or a view alike" (the
routes, the names, the words) can name them without importing how a view is made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from core.tactics.board import MapDef
from core.tactics.cards import CardDef, GatewayDef, Op, TreasureDef
from core.tactics.scenarios import ScenarioDef
from core.tactics.state import Attack, Command, Decision, Work
from core.tactics.villains import SchemeDef, VillainDef


class UnitRow(NamedTuple):
    """A figure as every seat sees it (``Unit.data()``): who owns it (-1: nobody yet), its
    card (-1: a Cultist), which figure of the card, its cell (-1: off the battlefield),
    whether it is exhausted, its damage and this turn's bonuses."""

    seat: int
    card: int
    fig: int
    cell: int
    exhausted: int
    damage: int
    b_str: int
    b_def: int
    b_spd: int
    b_kw: int


class UnitStats(NamedTuple):
    """A unit's numbers now, as ``core.tactics.combat`` has them: constructs, this turn's
    bonuses and the hex it stands on included. ``keywords``: the keyword bits."""

    strength: int
    defense: int
    speed: int
    keywords: int
    command: int


@dataclass(frozen=True)
class SeatView:
    """A seat as the viewer sees it. ``hand``/``treasures`` are None when hidden.

    ``unseen`` is the sorted multiset of cards whose order or place the viewer cannot see:
    the deck, plus the hand when it is hidden.
    """

    name: str
    seat_kind: str
    side: int
    slot: int
    hand: tuple[int, ...] | None
    hand_count: int
    deck_count: int
    unseen: tuple[int, ...]
    discard: tuple[int, ...]
    played: tuple[int, ...]
    plays: tuple[int, ...]
    waiting: tuple[tuple[int, str], ...]
    roster: tuple[int, ...]
    treasures: tuple[int, ...] | None
    treasure_count: int
    runes: int
    power: int
    to_top: bool


@dataclass(frozen=True)
class TacticsView:
    """The table from one seat."""

    seat: int
    to_move: int | None
    current: int
    side: int
    phase: str
    options: dict[str, Any]
    scen: ScenarioDef
    map: MapDef
    cards: tuple[CardDef, ...]
    tdefs: tuple[TreasureDef, ...]
    gates: dict[int, GatewayDef]
    cultist_def: CardDef
    seats: tuple[SeatView, ...]
    side_of: tuple[int, ...]
    slot_of: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    card_units: dict[int, tuple[int, ...]]
    cultists: tuple[tuple[int, ...], ...]
    units: tuple[UnitRow, ...]  # all public
    stats: dict[int, UnitStats]  # every unit with an owner -> its numbers now
    occupant: tuple[int, ...]  # cell -> the unit standing there, or -1
    occ_side: tuple[int, ...]  # cell -> the side of the unit standing there, or -1
    terrain: tuple[str, ...]
    portal_side: tuple[int, ...]
    portal_seats: tuple[int, ...]  # cell -> mask of the seats that may deploy there
    beacon: tuple[int, ...]
    face_down: tuple[int, ...]  # cells with a face-down Treasure
    turret: tuple[int, int]
    ring: tuple[int, int]
    gear: tuple[tuple[int, tuple[int, ...]], ...]
    row: tuple[int, ...]
    center_count: int
    center_unseen: tuple[int, ...]
    banished: tuple[int, ...]
    mystics: tuple[int, ...]
    heavies: tuple[int, ...]
    box: tuple[int, ...]
    draft_row: tuple[int, ...]
    draft_unseen: tuple[int, ...]
    draft_order: tuple[int, ...]
    team_pool: tuple[tuple[int, ...], ...]
    bag_count: int
    treasure_unseen: tuple[int, ...]  # bag + face-down + hidden holdings, sorted
    used: tuple[int, ...]
    honor_supply: int
    honor: tuple[int, ...]
    turn_no: int
    side_turns: tuple[int, ...]
    cmd: Command | None
    attack: Attack | None
    pending: Decision | None
    work: tuple[Work, ...]
    winners: tuple[int, ...]
    villain: VillainView | None = None

    @property
    def me(self) -> SeatView:
        """The seat this view is for."""
        return self.seats[self.seat]


@dataclass(frozen=True)
class VillainView:
    """The Villains as a seat sees them: all public but the order of the Scheme deck and
    the Boss player's hand (``hand`` None for anyone but the Boss player: only its size)."""

    mode: str
    defs: tuple[VillainDef, ...]
    first_card: int
    schemes: tuple[SchemeDef, ...]
    holder: tuple[int, ...]
    token: tuple[int, ...]
    cultists: tuple[int, ...]
    deck_count: int
    discard: tuple[int, ...]
    hand: tuple[int, ...] | None
    hand_count: int
    unseen: tuple[int, ...]  # deck + hidden hand, sorted
    in_play: tuple[int, ...]
    removed: tuple[int, ...]
    played: int
    ties: str
    surge: tuple[Op, ...]
    ended_by: str
    boss_seat: int

    def vdef(self, card: int) -> VillainDef:
        return self.defs[card - self.first_card]

    def kind_of(self, card: int) -> int:
        return self.holder.index(card) if card in self.holder else -1


__all__ = ["SeatView", "TacticsView", "UnitRow", "UnitStats", "VillainView"]
