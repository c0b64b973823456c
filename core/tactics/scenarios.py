"""Scenario definitions read from ``content/scenarios.toml``; a wrong entry fails at load time.

The file format is described at the top of the TOML file itself, for whoever edits maps.
Every error names the file, the scenario and the field, so a broken map is found without
reading this code.

Seats, sides and slots: Gateway slot N uses the portals marked ``P<N>`` on the map. In 1 vs 1
and brawl every slot is its own side; in 2 vs 2 the map lists four portals and the seats of
one team hold slots 1 and 3 (side 0), the other team slots 2 and 4 (side 1) — see
``side_of_slot``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from core.content import ContentError, Fields, content_file, one_of, parse, read
from core.hexgrid import Hex, from_offset, to_offset
from core.tactics.board import (
    BEACON,
    DEFAULT_SHRINE_HONOR,
    ENCHANTED,
    FOREST,
    INACTIVE_PORTAL,
    PLAIN,
    PORTAL,
    SHRINE,
    TAINTED,
    MapDef,
    make_map,
)

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

__all__ = [
    "CHAMPION_IDS",
    "CONTENT",
    "MODES",
    "RULE_DEFAULTS",
    "ScenarioDef",
    "load_scenarios",
    "parse_map",
    "parse_scenarios",
    "scenario",
    "scenarios",
    "side_of_slot",
    "victory_sentence",
    "victory_short",
]

CONTENT = content_file("core.tactics", "scenarios.toml")

MODES = ("1v1", "2v2", "brawl")
# The seat counts each mode is played with.
MODE_PLAYERS: dict[str, tuple[int, ...]] = {"1v1": (2,), "2v2": (4,), "brawl": (3, 4)}

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

HONOR_SUPPLY = 120  # the box's Honor tokens: no victory can need more
TREASURE_TOKENS = 24

FIELDS = ("id", "name", "text", "players", "modes", "victory_honor", "map", "rosters", "rules")

# Map tokens, one per hex (see the top of scenarios.toml).
NO_HEX = "-"
_SIMPLE_TOKENS: dict[str, str] = {
    ".": PLAIN, "*": PLAIN, "F": FOREST, "X": TAINTED, "E": ENCHANTED, "B": BEACON,
    "I": INACTIVE_PORTAL, "S": SHRINE,
}
_SHRINE = re.compile(r"S([1-9][0-9]?)\Z")
_PORTAL = re.compile(r"P([1-4])\Z")


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

    def number(self, rule: str) -> int:
        """A numeric special rule's value (every scenario holds every rule)."""
        value = self.rules[rule]
        if not isinstance(value, int):
            raise TypeError(f"rule {rule} is not a number: {value!r}")
        return value


def victory_short(sc: ScenarioDef) -> str:
    """The goal in a few words: ``first to 30 Honor`` or ``40 Honor, even turns``."""
    if sc.rules.get("equal_turns"):
        return f"{sc.victory_honor} Honor, even turns"
    return f"first to {sc.victory_honor} Honor"


def victory_sentence(sc: ScenarioDef) -> str:
    """The victory condition as one sentence for the player."""
    if sc.rules.get("equal_turns"):
        return (f"Once a side has {sc.victory_honor} Honor the round is played out, so "
                "everyone has had as many turns; then the most Honor wins (a tie is shared).")
    return f"The first side to {sc.victory_honor} Honor wins at once."


def side_of_slot(mode: str, slot: int) -> int:
    """The side Gateway ``slot`` (1..4) plays for: teams (1, 3) and (2, 4) in 2 vs 2."""
    if mode not in MODES or not 1 <= slot <= 4:
        raise ValueError(f"no side for mode {mode!r}, slot {slot}")
    return (slot - 1) % 2 if mode == "2v2" else slot - 1


def parse_map(text: str) -> MapDef:
    """A MapDef from map text; ValueError says which row and column is wrong.

    Rows are odd-r offset rows from the top; each whitespace-separated token is one hex of
    the row, left to right, so token ``col`` of row ``row`` is ``from_offset(col, row)``.
    Indentation is only for the eye. Blank lines before and after the map are ignored.
    """
    lines = text.split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise ValueError("the map is empty")
    rows = [line.split() for line in lines]
    for r, tokens in enumerate(rows):
        if not tokens:
            raise ValueError(f"row {r} is blank (use '{NO_HEX}' for a missing hex)")
        if len(tokens) != len(rows[0]):
            raise ValueError(f"row {r} has {len(tokens)} tokens, row 0 has {len(rows[0])} "
                             f"(every row lists every column; use '{NO_HEX}' for no hex)")
    hexes: list[Hex] = []
    terrain: list[str] = []
    slots: list[int] = []
    honor: list[int] = []
    treasure: list[bool] = []
    for r, tokens in enumerate(rows):
        for col, tok in enumerate(tokens):
            if tok == NO_HEX:
                continue
            t, slot, value = _token(tok, r, col)
            hexes.append(from_offset(col, r))
            terrain.append(t)
            slots.append(slot)
            honor.append(value)
            treasure.append(tok == "*")
    return make_map(hexes, terrain, slots, honor, treasure)


def _token(tok: str, row: int, col: int) -> tuple[str, int, int]:
    """(terrain, portal slot, shrine honor) of one map token."""
    if tok in _SIMPLE_TOKENS:
        t = _SIMPLE_TOKENS[tok]
        return t, 0, DEFAULT_SHRINE_HONOR if t == SHRINE else 0
    if m := _SHRINE.match(tok):
        return SHRINE, 0, int(m.group(1))
    if m := _PORTAL.match(tok):
        return PORTAL, int(m.group(1)), 0
    raise ValueError(f"row {row}, column {col}: unknown token {tok!r}")


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
    f.only(FIELDS, "for a scenario")
    sid = f.identifier("id")
    name = f.text("name", blank=False)
    text = f.text("text", blank=False)
    players = f.integers("players")
    if not players or any(p not in (2, 3, 4) for p in players) or len(set(players)) != len(
            players):
        raise f.fail("players", "must list distinct seat counts among 2, 3 and 4")
    modes = f.strings("modes", options=MODES)
    if not modes or len(set(modes)) != len(modes):
        raise f.fail("modes", f"must list distinct modes among {one_of(MODES)}")
    for mode in modes:
        if not set(MODE_PLAYERS[mode]) & set(players):
            raise f.fail("modes", f'"{mode}" needs players {MODE_PLAYERS[mode]}')
    for p in players:
        if not any(p in MODE_PLAYERS[mode] for mode in modes):
            raise f.fail("players", f"no listed mode is played by {p} players")
    victory = f.integer("victory_honor", lo=1, hi=HONOR_SUPPLY)
    map_text = f.text("map")
    try:
        board = parse_map(map_text)
    except ValueError as exc:
        raise f.fail("map", str(exc)) from None
    rules = _rules(f.table("rules", {}))
    slots = max(players)
    _check_board(board, slots, rules, f)
    rosters = _rosters(f.table("rosters"), slots)
    return ScenarioDef(
        id=sid,
        name=name,
        text=" ".join(text.split()),
        players=tuple(sorted(players)),
        modes=modes,
        map=board,
        victory_honor=victory,
        rosters=rosters,
        rules=rules,
    )


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


def _rules(f: Fields) -> dict[str, object]:
    rules = dict(RULE_DEFAULTS)
    for key in f.raw:
        if key not in RULE_DEFAULTS:
            raise f.fail(key, f"unknown rule (known: {', '.join(RULE_DEFAULTS)})")
        if key == "enchanted":
            rules[key] = f.choice(key, ENCHANTED_MODES)
        elif key == "equal_turns":
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
