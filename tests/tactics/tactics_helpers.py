"""Hand-made Ascension Tactics positions for the rules tests, and random games.

Tables use the shipped cards on a small test map, so a rule is checked in isolation. The
helpers only ever *move* cards, units and tokens between places, so the audit (every card,
unit and Treasure in one place) keeps holding in every hand-built position.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import core.tactics as T
from core.contract import Action, Event
from core.hexgrid import from_offset
from core.rng import Rng
from core.tactics.audit import problems
from core.tactics.cards import CardDef
from core.tactics.scenarios import RULE_DEFAULTS, ScenarioDef, parse_map
from core.tactics.state import State, join_roster
from core.tactics.table_setup import Content, new_state, shipped_content

# A 7 x 5 field: portals at the west and east ends, a shrine in the middle.
SMALL = """
.  .  .  .  .  .  .
  .  .  .  .  .  .  .
P1 .  .  S  .  .  P2
  .  .  .  .  .  .  .
.  .  .  .  .  .  .
"""

# Four portals for brawl and 2 vs 2 (slots 1 and 3 are one 2 vs 2 team).
FOUR = """
P1 .  .  .  .  .  P2
  .  .  .  .  .  .  .
.  .  .  S  .  .  .
  .  .  .  .  .  .  .
P3 .  .  .  .  .  P4
"""

# One row between two portals: a straight road for moves and attacks.
CORRIDOR = "P1 .  .  .  .  .  P2"

ROSTERS = {
    1: ("tyranyx", "icarus_steelfoot", "psyche_askara", "kor_the_ferromancer"),
    2: ("arha_templar", "thornback_warden", "faerie_commander", "water_djinn"),
    3: ("grove_huntress", "shade_reaver", "brass_sapper", "oracle_lumen"),
    4: ("stonehide_bear", "temple_sentinel", "nightglass_witch", "twilight_scout"),
}


def scenario_def(map_text: str = SMALL, players: tuple[int, ...] = (2,),
                 modes: tuple[str, ...] = ("1v1",), victory: int = 30,
                 rules: dict[str, object] | None = None, roster_size: int = 4) -> ScenarioDef:
    m = parse_map(map_text)
    slots = max(s for s in m.portal_slot)
    return ScenarioDef(
        id="test", name="Test", text="A test field.", players=players, modes=modes, map=m,
        victory_honor=victory, rosters={k: ROSTERS[k][:roster_size] for k in range(1, slots + 1)},
        rules={**RULE_DEFAULTS, **(rules or {})})


def content(sc: ScenarioDef, extra: tuple[CardDef, ...] = ()) -> Content:
    """The shipped content on scenario ``sc``, plus ``extra`` test cards (one copy each in
    the center deck, so they can be handed out with ``give``)."""
    c = shipped_content()._replace(scenarios=(sc,))
    if extra:
        c = c._replace(cards={**c.cards, **{d.id: d for d in extra}},
                       center=c.center + tuple(d.id for d in extra))
    return c


def table(map_text: str = SMALL, players: int = 2, mode: str = "1v1", seed: int = 1,
          draft: bool = False, victory: int = 30, rules: dict[str, object] | None = None,
          in_order: bool = True, roster_size: int = 4, extra: tuple[CardDef, ...] = (),
          **options: Any) -> State:
    """A started game on a test map. ``in_order``: seat i holds Gateway slot i + 1 (seeds are
    tried until the random slots come out that way), so seat 0 moves first."""
    players_allowed = (players,)
    sc = scenario_def(map_text, players_allowed, (mode,), victory, rules, roster_size)
    c = content(sc, extra)
    opts = {"players": players, "mode": mode, "scenario": "test", "draft": draft, **options}
    for attempt in range(seed, seed + 500):
        s = new_state(opts, attempt, c)
        if not in_order or list(s.slot_of) == list(range(1, players + 1)):
            T.start(s)
            return s
    raise AssertionError("no seed gives the seats in slot order")


def real(options: dict[str, Any] | None = None, seed: int = 1) -> State:
    return T.new_game(options or {"players": 2}, seed)


def cell(s: State, col: int, row: int) -> int:
    c = s.map.cell(from_offset(col, row))
    assert c is not None, f"no hex at column {col}, row {row}"
    return c


def uid_of(s: State, card_id: str, nth: int = 0) -> int:
    found = [u for u, c in enumerate(s.cards) if c.id == card_id]
    assert len(found) > nth, f"no card {card_id!r} #{nth}"
    return found[nth]


def unit_of(s: State, card_id: str, fig: int = 0) -> int:
    """The unit of champion ``card_id`` (figure ``fig``), wherever its card is."""
    return s.card_units[uid_of(s, card_id)][fig]


def with_stats(s: State, card_id: str, **printed: Any) -> None:
    """Give champion ``card_id`` the printed numbers (or Slay) a rule test is about
    (``strength=4``...), so the test does not move when the content is rebalanced."""
    uid = uid_of(s, card_id)
    cards = list(s.cards)
    cards[uid] = dataclasses.replace(cards[uid], **printed)
    s.cards = tuple(cards)


def cultist(s: State, seat: int, i: int = 0) -> int:
    return s.cultists[seat][i]


def _take(s: State, uid: int) -> None:
    """Remove card ``uid`` from wherever it is (a row slot is refilled from the deck)."""
    if uid in s.row:
        slot = s.row.index(uid)
        s.row[slot] = s.center_deck.pop()
        return
    zones = [s.center_deck, s.banished, s.mystics, s.heavies, s.box, s.draft_deck, s.draft_row]
    for p in s.seats:
        zones += [p.deck, p.hand, p.discard, p.played, p.roster]
    for zone in zones:
        if uid in zone:
            zone.remove(uid)
            if s.cards[uid].kind in ("champion", "monster"):
                for u in s.card_units[uid]:
                    unit = s.units[u]
                    if unit.cell >= 0:
                        s.occupant[unit.cell] = -1
                        s.occ_side[unit.cell] = -1
                    unit.cell, unit.seat = -1, -1
            return
    raise AssertionError(f"card {uid} is nowhere")


def give(s: State, seat: int, card_id: str, zone: str = "hand", nth: int = 0) -> int:
    """Move a copy of ``card_id`` to ``seat``'s ``zone`` (hand, discard, deck = its top,
    roster for champions) and return its uid."""
    uid = uid_of(s, card_id, nth)
    _take(s, uid)
    p = s.seats[seat]
    if zone == "roster":
        join_roster(s, seat, uid)
    else:
        {"hand": p.hand, "discard": p.discard, "deck": p.deck}[zone].append(uid)
    return uid


def set_row(s: State, card_ids: list[str]) -> list[int]:
    """Make the center row exactly ``card_ids`` (each from the center deck or banished)."""
    for u in s.row:
        if u >= 0:
            s.center_deck.insert(0, u)
    s.row = [-1] * len(s.row)
    out = []
    for slot, cid in enumerate(card_ids):
        uid = next(u for u in s.center_deck + s.banished if s.cards[u].id == cid)
        (s.center_deck if uid in s.center_deck else s.banished).remove(uid)
        s.row[slot] = uid
        out.append(uid)
    for slot in range(len(card_ids), len(s.row)):
        s.row[slot] = s.center_deck.pop()
    return out


def put(s: State, u: int, c: int, seat: int | None = None) -> int:
    """Stand unit ``u`` on cell ``c`` (its champion card joins ``seat``'s roster if given)."""
    unit = s.units[u]
    if seat is not None and unit.card >= 0 and unit.seat != seat:
        uid = unit.card
        _take(s, uid)
        join_roster(s, seat, uid)
    assert unit.seat >= 0, "the unit belongs to nobody: pass seat="
    assert s.occupant[c] < 0, f"cell {c} is taken"
    if unit.cell >= 0:
        s.occupant[unit.cell] = -1
        s.occ_side[unit.cell] = -1
    unit.cell = c
    s.occupant[c] = u
    s.occ_side[c] = s.side_of[unit.seat]
    return u


def lift(s: State, u: int) -> None:
    """Take unit ``u`` off the battlefield (no defeat)."""
    unit = s.units[u]
    if unit.cell >= 0:
        s.occupant[unit.cell] = -1
        s.occ_side[unit.cell] = -1
        unit.cell = -1


def clear_board_treasures(s: State) -> None:
    for c, t in enumerate(s.board_treasure):
        if t >= 0:
            s.bag.append(t)
            s.board_treasure[c] = -1


def hold(s: State, seat: int, treasure_id: str) -> int:
    """Give ``seat`` a Treasure token of kind ``treasure_id`` from the bag (or the board)."""
    for t in s.bag:
        if s.tdefs[t].id == treasure_id:
            s.bag.remove(t)
            s.seats[seat].treasures.append(t)
            return t
    for c, t in enumerate(s.board_treasure):
        if t >= 0 and s.tdefs[t].id == treasure_id:
            s.board_treasure[c] = -1
            s.seats[seat].treasures.append(t)
            return t
    raise AssertionError(f"no {treasure_id} left")


def act(s: State, kind: str, card: int = -1, option: int = 0) -> list[Event]:
    ev = T.apply(s, Action(kind, card, option))
    assert problems(s) == [], problems(s)
    return ev


def choose(s: State, value: int) -> list[Event]:
    return act(s, "choose", value)


def decline(s: State) -> list[Event]:
    return act(s, "decline")


def pass_windows(s: State) -> None:
    """Every seat passes the Treasure window(s) now open."""
    while s.pending and s.pending[-1].kind == "react":
        decline(s)


def pending_kind(s: State) -> str | None:
    return s.pending[-1].kind if s.pending else None


def attack(s: State, target: int) -> list[Event]:
    ev = act(s, "attack", target)
    pass_windows(s)
    return ev


def moves(s: State) -> set[int]:
    """The cells the commanded unit may move to now."""
    return {a.option for a in T.legal_actions(s) if a.kind == "move"}


def targets(s: State) -> set[int]:
    """The units the commanded unit may attack now."""
    return {a.card for a in T.legal_actions(s) if a.kind == "attack"}


def command_at(s: State, u: int, c: int | None = None) -> None:
    """Command ``u`` (placing it on ``c`` first when given) with enough Power."""
    if c is not None:
        put(s, u, c)
    seat = s.units[u].seat
    s.seats[seat].power += 10
    act(s, "command", u)


def random_game(seed: int, options: dict[str, Any], cap: int = 20_000,
                check: bool = True) -> tuple[State, list[Action]]:
    """A uniformly random game to its end (``turn_limit`` in ``options`` bounds it)."""
    s = T.new_game(options, seed)
    rng = Rng.stream(seed, "test")
    actions: list[Action] = []
    while not s.over and len(actions) < cap:
        a = rng.choice(T.legal_actions(s))
        T.apply(s, a)
        actions.append(a)
        if check:
            assert problems(s) == [], (len(actions), a, problems(s))
    return s, actions
