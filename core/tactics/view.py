"""What one seat may see, rebuilding a plausible full state from it, and checksums.

Hidden from a seat: other seats' hands (a 2 vs 2 partner's hand is shown), the order of
every deck (the center deck and the draft deck too), other seats' unplayed Treasures (only
how many; a partner's are shown), and which Treasure lies face down on the board.
Discard piles, banished cards, played Treasures and the whole battlefield are public: so
are every unit's numbers as the rules have them now (``stats``), which a table shows.

The records themselves are ``core.tactics.view_types`` (named here too, as they always were);
the words for all of it (names, ``describe``) are ``core.tactics.words``.
"""

from __future__ import annotations

import zlib
from array import array

from core.contract import plain_copy
from core.rng import Rng
from core.tactics import combat
from core.tactics.effects import op_text
from core.tactics.state import Decision, Seat, State, Unit
from core.tactics.view_types import SeatView, TacticsView, UnitRow, UnitStats, VillainView
from core.tactics.villain_state import VILLAIN, VILLAINS, VillainSide


def villain_view(v: VillainSide, seat: int) -> VillainView:
    shown = seat == v.boss_seat
    return VillainView(
        mode=v.mode, defs=v.defs, first_card=v.first_card, schemes=v.schemes,
        holder=tuple(v.holder), token=tuple(v.token), cultists=v.cultists,
        deck_count=len(v.deck), discard=tuple(v.discard),
        hand=tuple(v.hand) if shown else None, hand_count=len(v.hand),
        unseen=tuple(sorted(v.deck if shown else v.deck + v.hand)), in_play=tuple(v.in_play),
        removed=tuple(v.removed), played=v.played, ties=v.ties, surge=v.surge,
        ended_by=v.ended_by, boss_seat=v.boss_seat)


def _villain_from(vv: VillainView, rng: Rng) -> VillainSide:
    """The Villains of a view, the hidden Schemes dealt at random from ``rng``."""
    v = VillainSide.__new__(VillainSide)
    v.mode, v.defs, v.first_card, v.schemes = vv.mode, vv.defs, vv.first_card, vv.schemes
    v.holder, v.token, v.cultists = list(vv.holder), list(vv.token), vv.cultists
    hidden = list(vv.unseen)
    rng.shuffle(hidden)
    if vv.hand is not None:
        v.hand = list(vv.hand)
    else:
        v.hand, hidden = hidden[:vv.hand_count], hidden[vv.hand_count:]
    v.deck, v.discard = hidden, list(vv.discard)
    v.in_play, v.removed, v.played = list(vv.in_play), list(vv.removed), vv.played
    v.ties, v.surge, v.ended_by, v.boss_seat = vv.ties, vv.surge, vv.ended_by, vv.boss_seat
    return v


def sees(s: State | TacticsView, viewer: int, seat: int) -> bool:
    """Whether ``viewer`` sees ``seat``'s hand and Treasures (itself, or a partner: 2 vs 2,
    or a fellow hero against the Villains)."""
    # A spectator (SPECTATOR, -1) is at no side: -1 must not index the last seat's team.
    return viewer == seat or (viewer >= 0 and s.options["mode"] in ("2v2", "coop", "boss")
                              and s.side_of[viewer] == s.side_of[seat])


HAND_ZONES = ("hand", "hand_or_discard")


def _pending_seen(s: State, viewer: int) -> Decision | None:
    if not s.pending:
        return None
    d = s.pending[-1]
    if d.kind == "banish" and not sees(s, viewer, d.seat):
        op = s.work[-1][0]
        if op.get("from") in HAND_ZONES:
            return d._replace(choices=())
    return d


def view(s: State, seat: int) -> TacticsView:
    """The table as ``seat`` may see it."""
    seats = []
    hidden_tokens: list[int] = list(s.bag) + [t for t in s.board_treasure if t >= 0]
    for i, p in enumerate(s.seats):
        shown = sees(s, seat, i)
        if not shown:
            hidden_tokens += p.treasures
        seats.append(SeatView(
            name=s.options["names"][i], seat_kind=s.options["seats"][i], side=s.side_of[i],
            slot=s.slot_of[i], hand=tuple(p.hand) if shown else None, hand_count=len(p.hand),
            deck_count=len(p.deck),
            unseen=tuple(sorted(p.deck if shown else p.deck + p.hand)),
            discard=tuple(p.discard), played=tuple(p.played), plays=tuple(p.plays),
            waiting=tuple(p.waiting), roster=tuple(p.roster),
            treasures=tuple(p.treasures) if shown else None, treasure_count=len(p.treasures),
            runes=p.runes, power=p.power, to_top=p.to_top,
        ))
    return TacticsView(
        seat=seat, to_move=s.to_move, current=s.current, side=s.side, phase=s.phase,
        options=plain_copy(s.options), scen=s.scen, map=s.map, cards=s.cards, tdefs=s.tdefs,
        gates=s.gates, cultist_def=s.cultist_def, seats=tuple(seats), side_of=s.side_of,
        slot_of=s.slot_of, sides=s.sides, card_units=s.card_units, cultists=s.cultists,
        units=tuple(UnitRow._make(u.data()) for u in s.units), stats=_stats(s),
        occupant=tuple(s.occupant), occ_side=tuple(s.occ_side), terrain=tuple(s.terrain),
        portal_side=tuple(s.portal_side), portal_seats=tuple(s.portal_seats),
        beacon=tuple(s.beacon),
        face_down=tuple(c for c, t in enumerate(s.board_treasure) if t >= 0),
        turret=s.turret, ring=s.ring, gear=tuple(sorted(s.gear.items())), row=tuple(s.row),
        center_count=len(s.center_deck), center_unseen=tuple(sorted(s.center_deck)),
        banished=tuple(s.banished), mystics=tuple(s.mystics), heavies=tuple(s.heavies),
        box=tuple(s.box), draft_row=tuple(s.draft_row),
        draft_unseen=tuple(sorted(s.draft_deck)), draft_order=tuple(s.draft_order),
        team_pool=tuple(tuple(p) for p in s.team_pool), bag_count=len(s.bag),
        treasure_unseen=tuple(sorted(hidden_tokens)), used=tuple(s.used),
        honor_supply=s.honor_supply, honor=tuple(s.honor), turn_no=s.turn_no,
        side_turns=tuple(s.side_turns), cmd=s.cmd, attack=s.attack,
        pending=_pending_seen(s, seat), work=tuple(s.work), winners=s.winners,
        villain=villain_view(s.villain, seat) if s.villain is not None else None,
    )


def _stats(s: State) -> dict[int, UnitStats]:
    return {u: UnitStats(combat.strength(s, u), combat.defense(s, u), combat.speed(s, u),
                         combat.keywords(s, u), combat.command_cost(s, u))
            for u, unit in enumerate(s.units) if unit.seat >= 0 or unit.seat == VILLAIN}


def determinize(v: TacticsView, rng: Rng) -> State:
    """A full state consistent with ``v``: what ``v.seat`` cannot see is dealt at random from
    ``rng``, so bots search without peeking and without touching the game's own stream."""
    s = State.__new__(State)
    s.options = v.options
    s.scen = v.scen
    s.map = v.map
    s.cards = v.cards
    s.tdefs = v.tdefs
    s.gates = v.gates
    s.cultist_def = v.cultist_def
    s.rng = Rng(rng.next64())
    tokens = list(v.treasure_unseen)
    rng.shuffle(tokens)
    s.seats = []
    for sv in v.seats:
        p = Seat()
        hidden = list(sv.unseen)
        rng.shuffle(hidden)
        if sv.hand is not None:
            p.hand = list(sv.hand)
        else:
            p.hand, hidden = hidden[:sv.hand_count], hidden[sv.hand_count:]
        p.deck = hidden
        p.discard, p.played, p.plays = list(sv.discard), list(sv.played), list(sv.plays)
        p.waiting, p.roster = list(sv.waiting), list(sv.roster)
        if sv.treasures is not None:
            p.treasures = list(sv.treasures)
        else:
            p.treasures, tokens = tokens[:sv.treasure_count], tokens[sv.treasure_count:]
        p.runes, p.power, p.to_top = sv.runes, sv.power, sv.to_top
        s.seats.append(p)
    s.side_of, s.slot_of, s.sides = v.side_of, v.slot_of, v.sides
    s.card_units, s.cultists = v.card_units, v.cultists
    s.units = []
    for row in v.units:
        seat, card, fig, cell, exh, dmg, bs, bd, bsp, bk = row
        u = Unit(seat, card, fig)
        u.cell, u.exhausted, u.damage = cell, bool(exh), dmg
        u.b_str, u.b_def, u.b_spd, u.b_kw = bs, bd, bsp, bk
        s.units.append(u)
    cells = len(v.terrain)
    s.terrain = list(v.terrain)
    s.portal_side = list(v.portal_side)
    s.portal_seats = list(v.portal_seats)
    s.beacon = list(v.beacon)
    s.occupant = [-1] * cells
    s.occ_side = [-1] * cells
    for i, u in enumerate(s.units):
        if u.cell >= 0:
            s.occupant[u.cell] = i
            s.occ_side[u.cell] = VILLAINS if u.seat == VILLAIN else s.side_of[u.seat]
    s.board_treasure = [-1] * cells
    for c in v.face_down:
        s.board_treasure[c] = tokens.pop()
    s.bag = tokens
    s.used = list(v.used)
    s.turret, s.ring = v.turret, v.ring
    s.gear = dict(v.gear)
    s.center_deck = list(v.center_unseen)
    rng.shuffle(s.center_deck)
    s.row = list(v.row)
    s.banished, s.mystics, s.heavies = list(v.banished), list(v.mystics), list(v.heavies)
    s.box = list(v.box)
    s.draft_deck = list(v.draft_unseen)
    rng.shuffle(s.draft_deck)
    s.draft_row, s.draft_order = list(v.draft_row), list(v.draft_order)
    s.team_pool = [list(p) for p in v.team_pool]
    s.honor_supply, s.honor = v.honor_supply, list(v.honor)
    s.current, s.side, s.turn_no = v.current, v.side, v.turn_no
    s.side_turns = list(v.side_turns)
    s.cmd, s.attack = v.cmd, v.attack
    s.pending = [v.pending] if v.pending is not None else []
    s.work = list(v.work)
    s.phase, s.winners, s.steps = v.phase, v.winners, 0
    s.villain = _villain_from(v.villain, rng) if v.villain is not None else None
    return s


def checksum(s: State) -> int:
    """A CRC of the full state, for replays that must stop at the first divergent step."""
    flat: list[int] = [s.rng.state >> 32, s.rng.state & 0xFFFFFFFF, s.current, s.side,
                       s.turn_no, s.honor_supply, *s.honor, *s.side_turns, *s.slot_of,
                       *s.turret, *s.ring, -2]
    for p in s.seats:
        for zone in (p.deck, p.hand, p.discard, p.played, p.plays, p.roster, p.treasures):
            flat += zone
            flat.append(-3)
        flat += (p.runes, p.power, int(p.to_top), -4)
        for u, _ in p.waiting:
            flat.append(u)
    for unit in s.units:
        flat += unit.data()
    flat.append(-5)
    for zone in (s.portal_side, s.board_treasure, s.beacon, s.center_deck, s.row, s.banished,
                 s.mystics, s.heavies, s.box, s.draft_deck, s.draft_row, s.draft_order, s.bag,
                 s.used, *s.team_pool, list(s.winners)):
        flat += zone
        flat.append(-6)
    # Who may deploy onto each portal, written only where it is not just the seat numbered
    # like the owning side: where every side is one seat (1 vs 1, brawl) it never is, so those
    # games keep the checksums they had before portals had seats.
    odd = [(c, mask) for c, mask in enumerate(s.portal_seats)
           if mask != (1 << s.portal_side[c] if s.portal_side[c] >= 0 else 0)]
    if odd:
        flat += (*(x for pair in odd for x in pair), -11)
    for champ in sorted(s.gear):
        flat += (champ, *s.gear[champ], -7)
    if s.cmd is not None:
        flat += (s.cmd.unit, int(s.cmd.placed), int(s.cmd.moved), s.cmd.attacks, *s.cmd.queue,
                 s.cmd.depth, int(s.cmd.primary))
    flat.append(-8)
    if s.attack is not None:
        a = s.attack
        flat += (a.attacker, *a.targets, -1, *a.participants, a.idx, a.passes)
    flat.append(-9)
    for d in s.pending:
        flat += (d.seat, d.source, d.unit, d.n, int(d.optional), *d.choices, -10)
    vs = s.villain
    if vs is not None:  # (written only against the Villains: other games keep their sums)
        for zone in (vs.holder, vs.token, vs.deck, vs.discard, vs.hand, vs.in_play, vs.removed):
            flat += zone
            flat.append(-12)
        flat.append(vs.played)
    crc = zlib.crc32(array("q", flat).tobytes())
    extra = repr((s.phase, s.terrain, [d.kind for d in s.pending],
                  [(op, src, seat, unit) for op, src, seat, unit in s.work],
                  [[f for _, f in p.waiting] for p in s.seats]))
    return zlib.crc32(extra.encode(), crc)


__all__ = ["SeatView", "TacticsView", "UnitRow", "UnitStats", "VillainView", "checksum",
           "determinize", "op_text", "view", "villain_view"]
