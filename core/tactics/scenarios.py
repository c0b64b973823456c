"""Scenario definitions read from ``content/scenarios.toml``; a wrong entry fails at load time.

The file format is described at the top of the TOML file itself, for whoever edits maps.
Every error names the file, the scenario and the field, so a broken map is found without
reading this code.

Seats, sides and slots: Gateway slot N uses the portals marked ``P<N>`` on the map. In 1 vs 1
and brawl every slot is its own side; in 2 vs 2 the map lists four portals and the seats of
one team hold slots 1 and 3 (side 0), the other team slots 2 and 4 (side 1) — see
``side_of_slot``.

A scenario is either competitive (modes ``1v1``, ``2v2``, ``brawl``) or played against the
Villains (modes ``solo``, ``coop``, ``boss``; DESIGN.md, "Villains"). A Villain scenario's map
marks the heroes' portals ``P1`` (every one of them; in co-op each player picks one), one
objective token hex and one Villain start hex per objective kind; it has the Villains' own
victory Honor, suggested hero rosters per hero count, and may fix the Villain roster and add
a Surge rule. Its Villain roster names Villains by their champion's id; that they exist in
``villains.toml`` and that the first is a Boss is checked by ``core.tactics.villains``, which
reads both files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING

from core.content import ContentError, Fields, content_file, one_of, parse, read
from core.hexgrid import to_offset
from core.tactics.board import ENCHANTED, MapDef
from core.tactics.cards import Op
from core.tactics.map_text import KIND_LETTERS, Battlefield, parse_battlefield, parse_map
from core.tactics.villain_ops import OBJECTIVE_KINDS, Context, read_ops

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

__all__ = [
    "CHAMPION_IDS",
    "CONTENT",
    "MODES",
    "RULE_DEFAULTS",
    "VILLAIN_MODES",
    "VILLAIN_RULE_DEFAULTS",
    "Battlefield",
    "ScenarioDef",
    "load_scenarios",
    "parse_battlefield",
    "parse_map",
    "parse_scenarios",
    "scenario",
    "scenarios",
    "side_of_slot",
    "victory_sentence",
    "victory_short",
]

CONTENT = content_file("core.tactics", "scenarios.toml")

MODES = ("1v1", "2v2", "brawl")  # the competitive modes
VILLAIN_MODES = ("solo", "coop", "boss")  # against the Villains
# The seat counts each mode is played with (in "boss" the Boss player holds a seat too).
MODE_PLAYERS: dict[str, tuple[int, ...]] = {
    "1v1": (2,), "2v2": (4,), "brawl": (3, 4), "solo": (1,), "coop": (2,), "boss": (2, 3)}
# Suggested hero rosters of a Villain scenario: one roster per hero, this many champions each
# (DESIGN.md, "Set-up"). "boss" mode uses the solo roster with one hero, the co-op ones with two.
HERO_ROSTERS: dict[str, tuple[int, int]] = {"solo": (1, 4), "coop": (2, 3)}
VILLAIN_ROSTER = len(OBJECTIVE_KINDS)  # a Boss and three Villains, one per objective kind

# The 24 starting champions. Kept here rather than read from cards.py so scenario files can be
# checked on their own; a test in the cards suite can assert the two lists agree.
CHAMPION_IDS: tuple[str, ...] = (
    "arha_templar", "water_djinn", "dawnblade_paladin", "seer_of_the_veil",
    "temple_sentinel", "oracle_lumen",
    "tyranyx", "faerie_commander", "thornback_warden", "grove_huntress", "wild_druid",
    "stonehide_bear",
    "icarus_steelfoot", "kor_the_ferromancer", "cogwright_marshal", "brass_sapper",
    "arclight_gunner", "iron_colossus",
    "psyche_askara", "unbound_emissary", "twilight_scout", "shade_reaver", "voidmaw_stalker",
    "nightglass_witch",
)

# Special-rule switches a scenario may set; every ScenarioDef.rules holds all of them.
#   enchanted: what an Enchanted hex does — "none"; "barrier" (it cannot be entered);
#              "strength" (a unit standing on it has +enchanted_bonus Strength).
#   enchanted_bonus: the Strength that "strength" gives.
#   tainted_damage: damage to a unit entering a Tainted hex or beginning a turn on one.
#   beacon_honor: Honor a side scores at the end of its turn per Beacon it controls.
RULE_DEFAULTS: dict[str, object] = {
    "enchanted": "none",
    "enchanted_bonus": 1,
    "tainted_damage": 5,
    "beacon_honor": 0,
    "equal_turns": False,
}
ENCHANTED_MODES = ("none", "barrier", "strength")
# Switches only a Villain scenario may set (and every Villain scenario holds):
#   villains_tainted: Tainted hexes hurt the Villains too (by default they walk through).
VILLAIN_RULE_DEFAULTS: dict[str, object] = {"villains_tainted": False}

_ID = re.compile(r"[a-z][a-z0-9_]*")
HONOR_SUPPLY = 120  # the box's Honor tokens: no victory can need more
TREASURE_TOKENS = 24

FIELDS = ("id", "name", "text", "players", "modes", "victory_honor", "map", "rosters", "rules")
VILLAIN_FIELDS = ("id", "name", "text", "players", "modes", "victory_honor", "villain_honor",
                  "map", "hero_rosters", "villains", "surge", "rules")


@dataclass(frozen=True)
class ScenarioDef:
    """One playable battle. ``rosters`` and ``rules`` are shared: read them, don't mutate."""

    id: str
    name: str
    text: str
    players: tuple[int, ...]
    modes: tuple[str, ...]
    map: MapDef
    victory_honor: int
    rosters: dict[int, tuple[str, ...]]
    rules: dict[str, object]
    # A Villain scenario's own fields (a competitive scenario leaves them empty).
    villain_honor: int = 0
    hero_rosters: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)
    villains: tuple[str, ...] = ()  # fixed roster: the Boss first; empty = drawn at random
    objectives: dict[str, int] = field(default_factory=dict)  # kind -> cell of its token
    villain_starts: dict[str, int] = field(default_factory=dict)  # kind -> start cell
    surge: tuple[Op, ...] = ()  # the scenario's extra Surge rule
    # mode -> (heroes' goal, Villains' goal) where a mode's goals differ from the first mode's
    # (two heroes score far faster than one, so co-op needs its own Villain goal).
    goals: dict[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def against_villains(self) -> bool:
        """Played against the Villains (solo, co-op, Become the Boss)."""
        return self.modes[0] in VILLAIN_MODES

    def for_mode(self, mode: str) -> ScenarioDef:
        """This scenario as played in ``mode``: its goals are that mode's."""
        if mode not in self.goals:
            return self
        heroes, villains = self.goals[mode]
        return replace(self, victory_honor=heroes, villain_honor=villains, goals={})

    def number(self, rule: str) -> int:
        """A numeric special rule's value (every scenario holds every rule)."""
        value = self.rules[rule]
        if not isinstance(value, int):
            raise TypeError(f"rule {rule} is not a number: {value!r}")
        return value


def victory_short(sc: ScenarioDef) -> str:
    """The goal in a few words: ``first to 30 Honor`` or ``40 Honor, even turns``."""
    if sc.against_villains:
        return f"{sc.victory_honor} Honor before the Villains' {sc.villain_honor}"
    if sc.rules.get("equal_turns"):
        return f"{sc.victory_honor} Honor, even turns"
    return f"first to {sc.victory_honor} Honor"


def victory_sentence(sc: ScenarioDef) -> str:
    """The victory condition as one sentence for the player."""
    if sc.against_villains:
        return (f"The heroes win on reaching {sc.victory_honor} Honor, the Villains on "
                f"reaching {sc.villain_honor} or when their Scheme deck runs dry.")
    if sc.rules.get("equal_turns"):
        return (f"Once a side has {sc.victory_honor} Honor the round is played out, so "
                "everyone has had as many turns; then the most Honor wins (a tie is shared).")
    return f"The first side to {sc.victory_honor} Honor wins at once."


def side_of_slot(mode: str, slot: int) -> int:
    """The side Gateway ``slot`` (1..4) plays for: teams (1, 3) and (2, 4) in 2 vs 2."""
    if mode not in MODES or not 1 <= slot <= 4:
        raise ValueError(f"no side for mode {mode!r}, slot {slot}")
    return (slot - 1) % 2 if mode == "2v2" else slot - 1


# --- loading ------------------------------------------------------------------------------


def parse_scenarios(data: str, file: str = CONTENT.name) -> tuple[ScenarioDef, ...]:
    """Every scenario in TOML text ``data``, checked; ``file`` names it in errors."""
    return _scenarios(parse(data, file, ("scenario",)).entries("scenario"), file)


def load_scenarios(source: Traversable) -> tuple[ScenarioDef, ...]:
    """Every scenario in the file at ``source``."""
    return _scenarios(read(source, ("scenario",)).entries("scenario"), source.name)


def _scenarios(entries: list[Fields], file: str) -> tuple[ScenarioDef, ...]:
    if not entries:
        raise ContentError(file, "", "scenario", "no [[scenario]] tables")
    return tuple(_scenario(f) for f in entries)


@cache
def scenarios() -> tuple[ScenarioDef, ...]:
    """The shipped scenarios, in file order (loaded and checked once)."""
    return load_scenarios(CONTENT)


def scenario(id: str) -> ScenarioDef:
    """The shipped scenario called ``id``; KeyError if there is none."""
    for sc in scenarios():
        if sc.id == id:
            return sc
    raise KeyError(f"no scenario {id!r}; known: {', '.join(s.id for s in scenarios())}")


def _scenario(f: Fields) -> ScenarioDef:
    modes = f.strings("modes", options=MODES + VILLAIN_MODES)
    if not modes or len(set(modes)) != len(modes):
        raise f.fail("modes", f"must list distinct modes among {one_of(MODES + VILLAIN_MODES)}")
    villain = modes[0] in VILLAIN_MODES
    if any((mode in VILLAIN_MODES) != villain for mode in modes):
        raise f.fail("modes", f"cannot mix competitive modes ({one_of(MODES)}) with modes "
                              f"against the Villains ({one_of(VILLAIN_MODES)})")
    players = _players(f, modes)
    _only_fields(f, villain)
    sid = f.identifier("id")
    name = f.text("name", blank=False)
    text = f.text("text", blank=False)
    try:
        field_ = parse_battlefield(f.text("map"))
    except ValueError as exc:
        raise f.fail("map", str(exc)) from None
    board = field_.map
    rules = _rules(f.table("rules", {}), villain)
    if not villain:
        if field_.objectives or field_.villain_starts:
            raise f.fail("map", "objective tokens and Villain starts belong to scenarios "
                                "against the Villains")
        slots = max(players)
        _check_board(board, slots, rules, f)
        return ScenarioDef(id=sid, name=name, text=" ".join(text.split()),
                           players=tuple(sorted(players)), modes=modes, map=board,
                           victory_honor=f.integer("victory_honor", lo=1, hi=HONOR_SUPPLY),
                           rosters=_rosters(f.table("rosters"), slots),
                           rules=rules)
    coop = "coop" in modes or 3 in players  # two heroes, each choosing a portal
    _check_villain_board(field_, coop, rules, f)
    _check_board(board, 1, rules, f)
    heroes = _hero_rosters(f.table("hero_rosters"), _roster_kinds(modes, players))
    victory = _goal_by_mode(f, "victory_honor", modes)
    villain_goal = _goal_by_mode(f, "villain_honor", modes)
    goals = {m: (victory[m], villain_goal[m]) for m in modes}
    first = goals[modes[0]]
    return ScenarioDef(
        id=sid, name=name, text=" ".join(text.split()), players=tuple(sorted(players)),
        modes=modes, map=board, victory_honor=first[0], rosters={}, rules=rules,
        villain_honor=first[1], goals={m: g for m, g in goals.items() if g != first},
        hero_rosters=heroes,
        villains=_villain_roster(f, heroes),
        objectives={k: cells[0] for k, cells in field_.objectives.items()},
        villain_starts={k: cells[0] for k, cells in field_.villain_starts.items()},
        surge=read_ops(f, "surge", Context.SURGE),
    )


def _goal_by_mode(f: Fields, key: str, modes: tuple[str, ...]) -> dict[str, int]:
    """A goal against the Villains: one number for every mode, or a table giving each of the
    scenario's modes its own (``{ solo = 60, coop = 30, boss = 60 }``)."""
    if not isinstance(f.raw.get(key), dict):
        value = f.integer(key, lo=1, hi=HONOR_SUPPLY)
        return dict.fromkeys(modes, value)
    table = f.table(key)
    table.only(modes, f"(modes of this scenario: {one_of(modes)})")
    return {m: table.integer(m, lo=1, hi=HONOR_SUPPLY) for m in modes}


def _only_fields(f: Fields, villain: bool) -> None:
    """Refuse the fields of the other kind of scenario by name, then any unknown field."""
    if villain and "rosters" in f:
        raise f.fail("rosters", "a scenario against the Villains suggests hero_rosters instead")
    if not villain:
        for key in VILLAIN_FIELDS:
            if key not in FIELDS and key in f:
                raise f.fail(key, "only a scenario against the Villains (solo, coop, boss) "
                                  "has this field")
    f.only(VILLAIN_FIELDS if villain else FIELDS, "for a scenario")


def _players(f: Fields, modes: tuple[str, ...]) -> tuple[int, ...]:
    players = f.integers("players")
    if not players or any(p not in (1, 2, 3, 4) for p in players) or len(set(players)) != len(
            players):
        raise f.fail("players", "must list distinct seat counts among 1, 2, 3 and 4")
    for mode in modes:
        if not set(MODE_PLAYERS[mode]) & set(players):
            raise f.fail("modes", f'"{mode}" needs players {MODE_PLAYERS[mode]}')
    for p in players:
        if not any(p in MODE_PLAYERS[mode] for mode in modes):
            raise f.fail("players", f"no listed mode is played by {p} players")
    # Become the Boss borrows the heroes' side of solo (2 seats) or co-op (3 seats).
    for seats, needs in ((2, "solo"), (3, "coop")):
        if "boss" in modes and seats in players and needs not in modes:
            raise f.fail("players", f'"boss" with {seats} seats plays the "{needs}" set-up: '
                                    f'list "{needs}" in modes too')
    return players


def _check_villain_board(field_: Battlefield, coop: bool, rules: dict[str, object],
                         where: Fields) -> None:
    """The heroes' portals and the Villain markers of a scenario against the Villains."""
    board = field_.map
    others = sorted(set(board.portal_slot) - {0, 1})
    if others:
        raise where.fail("map", f"portal P{others[0]}: every hero portal is written P1")
    if coop and len(board.portals(1)) < 2:
        raise where.fail("map", "co-op needs two hero portals (P1), one for each player")
    for what, marks, token in (("objective token", field_.objectives, "after a hex's token"),
                               ("Villain start", field_.villain_starts, "after V")):
        for kind, letter in zip(OBJECTIVE_KINDS, KIND_LETTERS, strict=True):
            cells = marks.get(kind, ())
            if len(cells) != 1:
                raise where.fail("map", f'needs one {kind} {what} (letter "{letter}" {token}), '
                                        f"has {len(cells)}")
    for kind, (cell,) in field_.objectives.items():
        if rules["enchanted"] == "barrier" and board.terrain[cell] == ENCHANTED:
            col, row = to_offset(board.hexes[cell])
            raise where.fail("map", f"row {row}, column {col}: the {kind} objective token "
                                    "lies on an Enchanted barrier no Villain can enter")


def _roster_kinds(modes: tuple[str, ...], players: tuple[int, ...]) -> tuple[str, ...]:
    """Which suggested hero rosters a scenario needs: "solo" (one hero), "coop" (two)."""
    boss = "boss" in modes
    return tuple(k for k, needed in (("solo", "solo" in modes or (boss and 2 in players)),
                                     ("coop", "coop" in modes or (boss and 3 in players)))
                 if needed)


def _hero_rosters(f: Fields, kinds: tuple[str, ...]) -> dict[str, tuple[tuple[str, ...], ...]]:
    if set(f.raw) != set(kinds):
        raise f.fail("", f"needs exactly the rosters {list(kinds)} for its modes, has "
                         f"{sorted(f.raw)}")
    out: dict[str, tuple[tuple[str, ...], ...]] = {}
    for kind in kinds:
        heroes, size = HERO_ROSTERS[kind]
        lists = [f.strings(kind)] if heroes == 1 else [
            _strings_in(f, kind, i, v) for i, v in enumerate(f.items(kind))]
        if len(lists) != heroes or any(len(r) != size for r in lists):
            shape = f"{size} champion ids" if heroes == 1 else (
                f"{heroes} lists of {size} champion ids, one per hero")
            raise f.fail(kind, f"must be {shape}")
        taken: set[str] = set()
        for roster in lists:
            for cid in roster:
                if cid not in CHAMPION_IDS:
                    raise f.fail(kind, f'unknown champion id "{cid}"')
                if cid in taken:
                    raise f.fail(kind, f'"{cid}" is named twice (one figure per champion)')
                taken.add(cid)
        out[kind] = tuple(lists)
    return out


def _strings_in(f: Fields, key: str, i: int, value: object) -> tuple[str, ...]:
    """Item ``i`` of the list ``key``: itself a list of text."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise f.fail(key, f"item {i + 1} must be a list of champion ids")
    return tuple(value)


def _villain_roster(f: Fields, heroes: dict[str, tuple[tuple[str, ...], ...]]) -> tuple[str, ...]:
    """A fixed Villain roster: a Boss then three Villains, by their champion's id."""
    ids = f.strings("villains", ())
    if not ids:
        return ()
    if len(ids) != VILLAIN_ROSTER or len(set(ids)) != len(ids):
        raise f.fail("villains", f"must name {VILLAIN_ROSTER} different Villains, the Boss first"
                                 " (or be left out for a random roster)")
    for vid in ids:
        if not _ID.fullmatch(vid):
            raise f.fail("villains", f'"{vid}" is not a Villain id')
        # A champion is a hero or a Villain, never both: the box has one figure of it.
        if any(vid in roster for rosters in heroes.values() for roster in rosters):
            raise f.fail("villains", f'"{vid}" is also in a suggested hero roster')
    return ids


def _check_board(board: MapDef, slots: int, rules: dict[str, object], where: Fields) -> None:
    used = sorted(set(board.portal_slot) - {0})
    for slot in range(1, slots + 1):
        if slot not in used:
            raise where.fail("map", f"no portal for Gateway slot {slot} (token P{slot})")
    if used and used[-1] > slots:
        raise where.fail("map", f"portal P{used[-1]} but at most {slots} players")
    if len(board.treasure_cells()) > TREASURE_TOKENS:
        raise where.fail("map", f"more than {TREASURE_TOKENS} treasure spots")
    # Every hex a unit may stand on must be reachable from every portal, or a piece of the
    # map (a shrine, a treasure) could be out of play for some seat.
    barrier = rules["enchanted"] == "barrier"
    open_cells = [c for c, t in enumerate(board.terrain) if not (barrier and t == ENCHANTED)]
    start = board.portals(1)[0]
    seen = {start}
    todo = [start]
    while todo:
        here = todo.pop()
        for nb in board.neighbours[here]:
            if nb not in seen and not (barrier and board.terrain[nb] == ENCHANTED):
                seen.add(nb)
                todo.append(nb)
    cut = [c for c in open_cells if c not in seen]
    if cut:
        col, row = to_offset(board.hexes[cut[0]])
        raise where.fail("map", f"row {row}, column {col} cannot be reached from the portals")


def _rules(f: Fields, villain: bool) -> dict[str, object]:
    rules = dict(RULE_DEFAULTS)
    if villain:
        rules.update(VILLAIN_RULE_DEFAULTS)
    for key in f.raw:
        if key in VILLAIN_RULE_DEFAULTS and not villain:
            raise f.fail(key, "only a scenario against the Villains has this rule")
        if key not in rules:
            raise f.fail(key, f"unknown rule (known: {', '.join(rules)})")
        if key == "equal_turns" and villain:
            # The heroes always move first and the Villains answer: the first to the goal wins.
            raise f.fail(key, "a scenario against the Villains is won at once, not played out")
        if key == "enchanted":
            rules[key] = f.choice(key, ENCHANTED_MODES)
        elif key in ("equal_turns", "villains_tainted"):
            rules[key] = f.flag(key)
        else:
            rules[key] = f.integer(key, lo=0)
    return rules


def _rosters(f: Fields, slots: int) -> dict[int, tuple[str, ...]]:
    expected = {str(s) for s in range(1, slots + 1)}
    if set(f.raw) != expected:
        raise f.fail("", f"needs exactly the slots {sorted(expected)}, has {sorted(f.raw)}")
    out: dict[int, tuple[str, ...]] = {}
    taken: dict[str, int] = {}
    for key in sorted(f.raw, key=int):
        ids = f.strings(key)
        if not ids:
            raise f.fail(key, "must be a non-empty list of champion ids")
        for cid in ids:
            if cid not in CHAMPION_IDS:
                raise f.fail(key, f'unknown champion id "{cid}"')
            # The box has one figure per champion: two seats cannot both start with it.
            if cid in taken:
                raise f.fail(key, f'"{cid}" is already in the roster of slot {taken[cid]}')
            taken[cid] = int(key)
        out[int(key)] = ids
    if len({len(v) for v in out.values()}) != 1:
        raise f.fail("", "every slot needs the same number of champions")
    return out
