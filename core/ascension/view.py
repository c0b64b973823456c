"""What one seat may see, and rebuilding a plausible full state from it."""

from __future__ import annotations

import zlib
from array import array
from dataclasses import dataclass
from typing import Any

from core.ascension import rules
from core.ascension.cards import CardDef
from core.ascension.state import Decision, Player, State, Turn
from core.contract import plain_copy
from core.rng import Rng, generator


@dataclass(frozen=True)
class PlayerView:
    """A player as seen by the viewer. ``hand`` is None when it is hidden from the viewer.

    ``unseen`` is the sorted multiset of cards whose order or place the viewer cannot see:
    the deck for oneself, hand + deck for an opponent (anyone can count what was bought).
    """

    name: str
    seat_kind: str
    hand: tuple[int, ...] | None
    hand_count: int
    deck_count: int
    unseen: tuple[int, ...]
    discard: tuple[int, ...]
    constructs: tuple[int, ...]
    honor: int
    card_honor: int
    turns: int


@dataclass(frozen=True)
class AscensionView:
    """The table from one seat: everything public plus that seat's own hand."""

    seat: int
    to_move: int | None
    current: int
    edition: int
    cards: tuple[CardDef, ...]
    players: tuple[PlayerView, ...]
    center_row: tuple[int, ...]
    center_deck_count: int
    center_unseen: tuple[int, ...]
    void: tuple[int, ...]
    mystics: tuple[int, ...]
    heavies: tuple[int, ...]
    cultist: int
    honor_pool: int
    honor_extra: int
    runes: int
    power: int
    mechana_runes: int
    discount: int
    played: tuple[int, ...]
    used: frozenset[tuple[int, int]]
    waiting: tuple[tuple[int, str, tuple], ...]
    # Effects queued behind the pending choice: public, since they come from played cards.
    work: tuple[tuple[Any, int], ...]
    pending: Decision | None
    extra_turn: bool
    ending: bool
    over: bool
    options: dict

    @property
    def me(self) -> PlayerView:
        return self.players[self.seat]

    def spent(self, uid: int) -> bool:
        """True when construct ``uid`` has abilities and has used every one this turn."""
        abilities = self.cards[uid].abilities
        return bool(abilities) and all((uid, i) in self.used for i in range(len(abilities)))


def view(s: State, seat: int) -> AscensionView:
    players = []
    for i, p in enumerate(s.players):
        mine = i == seat
        unseen = p.deck if mine else p.deck + p.hand
        players.append(PlayerView(
            name=s.options["names"][i],
            seat_kind=s.options["seats"][i],
            hand=tuple(p.hand) if mine else None,
            hand_count=len(p.hand),
            deck_count=len(p.deck),
            unseen=tuple(sorted(unseen)),
            discard=tuple(p.discard),
            constructs=tuple(p.constructs),
            honor=p.honor,
            card_honor=rules.card_honor(s, i),
            turns=s.turns_taken[i],
        ))
    t = s.turn
    return AscensionView(
        seat=seat, to_move=s.to_move, current=s.current, edition=s.edition, cards=s.cards,
        players=tuple(players), center_row=tuple(s.center_row),
        center_deck_count=len(s.center_deck), center_unseen=tuple(sorted(s.center_deck)),
        void=tuple(s.void), mystics=tuple(s.mystics), heavies=tuple(s.heavies),
        cultist=s.cultist, honor_pool=s.honor_pool, honor_extra=s.honor_extra,
        runes=t.runes, power=t.power, mechana_runes=t.mechana_runes, discount=t.discount,
        played=tuple(t.played), used=frozenset(t.used), waiting=tuple(t.waiting),
        work=tuple(s.work),
        pending=_pending_seen(s, seat), extra_turn=s.extra_turn,
        ending=s.ending, over=s.over, options=plain_copy(s.options),
    )


# Decisions whose choices are cards of the decider's hidden hand.
HAND_DECISIONS = frozenset({"banish_hand", "banish_hand_or_discard", "discard_to_draw"})


def _pending_seen(s: State, seat: int) -> Decision | None:
    """The waiting decision as ``seat`` sees it: another seat's hand cards stay hidden."""
    if not s.pending:
        return None
    d = s.pending[-1]
    if d.seat != seat and d.kind in HAND_DECISIONS:
        return d._replace(choices=())
    return d


def determinize(v: AscensionView, rng: Rng) -> State:
    """A full state consistent with ``v``: hidden cards dealt at random from ``rng``.

    Bots search on these so they never peek at hidden cards or touch the game's own stream.
    """
    s = State.__new__(State)
    s.options = v.options
    s.edition = v.edition
    s.cards = v.cards
    s.rng = generator(v.options["generator"])(rng.next64())
    s.players = []
    for i, pv in enumerate(v.players):
        p = Player()
        hidden = list(pv.unseen)
        rng.shuffle(hidden)
        if pv.hand is not None:
            p.hand = list(pv.hand)
        else:
            p.hand = hidden[: pv.hand_count]
            hidden = hidden[pv.hand_count:]
        p.deck = hidden
        p.discard = list(pv.discard)
        p.constructs = list(pv.constructs)
        p.honor = pv.honor
        s.players.append(p)
        del i
    s.center_deck = list(v.center_unseen)
    rng.shuffle(s.center_deck)
    s.center_row = list(v.center_row)
    s.void = list(v.void)
    s.mystics = list(v.mystics)
    s.heavies = list(v.heavies)
    s.cultist = v.cultist
    s.honor_pool = v.honor_pool
    s.honor_extra = v.honor_extra
    s.current = v.current
    t = Turn()
    t.runes, t.power, t.mechana_runes, t.discount = v.runes, v.power, v.mechana_runes, v.discount
    t.played = list(v.played)
    t.used = set(v.used)
    t.waiting = list(v.waiting)
    s.turn = t
    s.turns_taken = [pv.turns for pv in v.players]
    s.extra_turn = v.extra_turn
    s.ending = v.ending
    s.over = v.over
    s.pending = [v.pending] if v.pending else []
    s.work = list(v.work)
    s.steps = 0
    return s


def checksum(s: State) -> int:
    """A CRC of the full state, for replays that must stop at the first divergent step.

    Built from the zones as one flat int array rather than ``repr(snapshot)``: loading a
    save checks it after every replayed action, so it must be cheap.
    """
    t = s.turn
    flat: list[int] = [s.rng.state >> 32, s.rng.state & 0xFFFFFFFF, s.current, s.honor_pool,
                       s.honor_extra, t.runes, t.power, t.mechana_runes, t.discount,
                       int(s.extra_turn), int(s.ending), int(s.over), -2]
    for p in s.players:
        flat += p.deck
        flat.append(-3)
        flat += p.hand
        flat.append(-3)
        flat += p.discard
        flat.append(-3)
        flat += p.constructs
        flat += (-4, p.honor)
    for zone in (s.center_deck, s.center_row, s.void, s.mystics, s.heavies, t.played,
                 s.turns_taken):
        flat += zone
        flat.append(-5)
    for a, b in sorted(t.used):
        flat += (a, b)
    flat.append(-6)
    for d in s.pending:
        flat += (d.seat, d.source, d.n, int(d.optional), *d.choices, -7)
    crc = zlib.crc32(array("q", flat).tobytes())
    extra = repr(([d.kind for d in s.pending], [(op.name, src) for op, src in s.work],
                  [(u, f) for u, f, _ in t.waiting]))
    return zlib.crc32(extra.encode(), crc)
