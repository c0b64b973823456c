"""Scenario content: the shipped battles are complete, fair and fit a terminal; broken files
are refused with the file, scenario and field named."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from core.content import ContentError
from core.hexgrid import Hex, from_offset, to_offset
from core.tactics.board import (
    BEACON,
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
from core.tactics.cards import starting_champions
from core.tactics.scenarios import (
    CHAMPION_IDS,
    CONTENT,
    RULE_DEFAULTS,
    ScenarioDef,
    load_scenarios,
    parse_map,
    parse_scenarios,
    scenario,
    scenarios,
    side_of_slot,
    victory_sentence,
)

# The competitive scenarios; those against the Villains are tested in test_villain_scenarios.
IDS = ["battle_of_three_shrines", "ashen_ford", "crown_of_the_vale", "four_winds",
       "three_hollows"]
VILLAIN_IDS = ["crossroads_vigil", "drowned_chapel", "forge_of_chains", "thornwall",
               "hollow_throne"]
# Every competitive scenario as it loaded before the Villain scenarios were added.
BEFORE = Path(__file__).parent / "data" / "competitive_scenarios.json"


def by_id() -> dict[str, ScenarioDef]:
    return {sc.id: sc for sc in scenarios()}


def kinds(m: MapDef, terrain: str) -> list[int]:
    return [c for c, t in enumerate(m.terrain) if t == terrain]


# --- the shipped scenarios ----------------------------------------------------------------


def test_the_scenarios_load_in_file_order() -> None:
    assert [sc.id for sc in scenarios()] == IDS + VILLAIN_IDS
    assert [sc.id for sc in scenarios() if not sc.against_villains] == IDS
    assert scenario("ashen_ford").name == "The Ashen Ford"
    with pytest.raises(KeyError, match="no scenario 'nope'"):
        scenario("nope")


def test_battle_of_three_shrines() -> None:
    sc = scenario("battle_of_three_shrines")
    assert sc.players == (2,) and sc.modes == ("1v1",)
    assert sc.victory_honor == 30
    m = sc.map
    assert len(m.shrines) == 3 and all(m.shrine_honor[c] == 2 for c in m.shrines)
    # Along the middle: the shrines share one screen column, the centre of the map.
    cols = {to_offset(m.hexes[c])[0] for c in m.shrines}
    assert cols == {5}
    assert [len(m.portals(s)) for s in (1, 2)] == [1, 1]
    assert len(kinds(m, FOREST)) >= 4 and len(m.treasure_cells()) == 6
    assert [len(sc.rosters[s]) for s in (1, 2)] == [4, 4]
    assert sc.rules == RULE_DEFAULTS


def as_before(raw: dict[str, Any]) -> ScenarioDef:
    """A ScenarioDef from the snapshot taken before the Villain fields existed."""
    m = raw["map"]
    board = make_map([from_offset(col, row) for col, row in m["hexes"]], m["terrain"],
                     m["portal_slot"], m["shrine_honor"], m["treasure"])
    return ScenarioDef(
        id=raw["id"], name=raw["name"], text=raw["text"], players=tuple(raw["players"]),
        modes=tuple(raw["modes"]), map=board, victory_honor=raw["victory_honor"],
        rosters={int(k): tuple(v) for k, v in raw["rosters"].items()}, rules=raw["rules"])


def test_the_competitive_scenarios_load_exactly_as_before() -> None:
    before = [as_before(raw) for raw in json.loads(BEFORE.read_text(encoding="utf-8"))]
    now = [sc for sc in scenarios() if not sc.against_villains]
    assert [sc.id for sc in before] == IDS
    assert now == before
    for sc in now:  # nothing of the Villains leaks into a competitive scenario
        assert not sc.against_villains and sc.villain_honor == 0 and sc.surge == ()
        assert sc.hero_rosters == {} and sc.villains == () and sc.objectives == {}
        assert sc.villain_starts == {} and sc.rules.keys() == RULE_DEFAULTS.keys()


def test_ashen_ford_has_its_own_terrain_and_rules() -> None:
    sc = scenario("ashen_ford")
    assert sc.modes == ("1v1",) and sc.victory_honor == 25
    assert sc.rules == {"enchanted": "barrier", "enchanted_bonus": 1, "tainted_damage": 5,
                        "beacon_honor": 1, "equal_turns": True}
    m = sc.map
    assert len(kinds(m, TAINTED)) > 0 and len(kinds(m, ENCHANTED)) > 0
    assert len(kinds(m, BEACON)) == 4 and len(kinds(m, INACTIVE_PORTAL)) == 2
    assert [m.shrine_honor[c] for c in m.shrines] == [3]


def test_crown_of_the_vale_is_a_team_map() -> None:
    sc = scenario("crown_of_the_vale")
    assert sc.players == (4,) and sc.modes == ("2v2",)
    m = sc.map
    assert all(len(m.portals(s)) == 1 for s in (1, 2, 3, 4))
    assert sorted(m.shrine_honor[c] for c in m.shrines) == [2, 2, 4]
    assert all(len(r) == 3 for r in sc.rosters.values()) and sorted(sc.rosters) == [1, 2, 3, 4]
    # Teammates (slots 1 and 3, slots 2 and 4) start on the same half of the field.
    col = {s: to_offset(m.hexes[m.portals(s)[0]])[0] for s in (1, 2, 3, 4)}
    assert col[1] == col[3] < 5 < col[2] == col[4]
    # Each team's home shrine is nearer its own portals than the other team's.
    home = {s: min(m.shrines, key=lambda c, s=s: m.distance(m.portals(s)[0], c))
            for s in (1, 2, 3, 4)}
    assert home[1] == home[3] != home[2] == home[4]


def test_four_winds_is_a_brawl_for_four() -> None:
    sc = scenario("four_winds")
    assert sc.players == (4,) and sc.modes == ("brawl",)
    m = sc.map
    assert all(len(m.portals(s)) == 1 for s in (1, 2, 3, 4))
    assert sorted(m.shrine_honor[c] for c in m.shrines) == [2, 2, 2, 2, 3]
    assert all(len(r) == 3 for r in sc.rosters.values())
    # Play goes round the table: each player's neighbour in turn order is a neighbour on the
    # map (the two share an edge shrine), never the player across the Eye.
    portal = {s: m.portals(s)[0] for s in (1, 2, 3, 4)}
    across = {m.distance(portal[1], portal[3]), m.distance(portal[2], portal[4])}
    assert all(m.distance(portal[s], portal[s % 4 + 1]) < min(across) for s in (1, 2, 3, 4))


def test_the_three_hollows_is_a_brawl_for_three_on_an_even_triangle() -> None:
    sc = scenario("three_hollows")
    assert sc.players == (3,) and sc.modes == ("brawl",) and sc.victory_honor == 25
    m = sc.map
    portals = [m.portals(s)[0] for s in (1, 2, 3)]
    assert len({m.distance(a, b) for a in portals for b in portals if a != b}) == 1
    heart = next(c for c in m.shrines if m.shrine_honor[c] == 3)
    assert len({m.distance(p, heart) for p in portals}) == 1
    # Every band has two shrines at the same distance and one far away: no one is squeezed.
    small = [c for c in m.shrines if m.shrine_honor[c] == 2]
    assert len(small) == 3
    for p in portals:
        assert sorted(m.distance(p, c) for c in small) == sorted(
            m.distance(portals[0], c) for c in small)
    near = [sum(m.distance(p, c) == min(m.distance(q, c) for q in portals) for p in portals)
            for c in small]
    assert near == [2, 2, 2]  # each small shrine lies between exactly two bands
    assert all(len(r) == 3 for r in sc.rosters.values()) and sorted(sc.rosters) == [1, 2, 3]


@pytest.mark.parametrize("id", IDS)
def test_the_victory_is_told_once_from_the_data_not_in_the_text(id: str) -> None:
    sc = scenario(id)
    goal = f"{sc.victory_honor} Honor"
    assert goal not in sc.text
    assert goal in victory_sentence(sc)
    assert ("played out" in victory_sentence(sc)) == bool(sc.rules["equal_turns"])


def test_side_of_slot_pairs_slots_one_three_and_two_four_in_teams() -> None:
    assert [side_of_slot("2v2", s) for s in (1, 2, 3, 4)] == [0, 1, 0, 1]
    assert [side_of_slot("brawl", s) for s in (1, 2, 3, 4)] == [0, 1, 2, 3]
    assert [side_of_slot("1v1", s) for s in (1, 2)] == [0, 1]
    with pytest.raises(ValueError):
        side_of_slot("solo", 1)


@pytest.mark.parametrize("sid", IDS)
def test_every_mode_finds_its_portals_and_rosters(sid: str) -> None:
    sc = scenario(sid)
    slots = max(sc.players)
    assert sorted(set(sc.map.portal_slot) - {0}) == list(range(1, slots + 1))
    assert sorted(sc.rosters) == list(range(1, slots + 1))
    everyone = [cid for r in sc.rosters.values() for cid in r]
    assert len(everyone) == len(set(everyone)) and set(everyone) <= set(CHAMPION_IDS)
    assert sc.text and "  " not in sc.text


@pytest.mark.parametrize("sid", IDS)
def test_maps_fit_a_terminal(sid: str) -> None:
    m = scenario(sid).map
    cols = [to_offset(h)[0] for h in m.hexes]
    rows = [to_offset(h)[1] for h in m.hexes]
    assert max(cols) - min(cols) + 1 <= 11
    assert max(rows) - min(rows) + 1 <= 9


def mirror(m: MapDef, h: Hex, lr: bool, tb: bool) -> Hex:
    """The hex mirrored left/right and/or top/bottom on the map's bounding box (odd-r)."""
    cols = [to_offset(x)[0] for x in m.hexes if to_offset(x)[1] % 2 == 0]
    rows = [to_offset(x)[1] for x in m.hexes]
    width, last = max(cols) - min(cols) + 1, max(rows)
    col, row = to_offset(h)
    if tb:
        row = last - row  # the maps have an odd number of rows, so parity is kept
    if lr:
        col = width - 1 - col if row % 2 == 0 else width - 2 - col
    return from_offset(col, row)


SWAP_LR = {0: 0, 1: 2, 2: 1, 3: 4, 4: 3}
SWAP_TB = {0: 0, 1: 3, 3: 1, 2: 4, 4: 2}  # teams: slots 1 and 3 on one half
SWAP_TB_ROUND = {0: 0, 1: 4, 4: 1, 2: 3, 3: 2}  # a brawl's slots go round the table
SWAP_LR3 = {0: 0, 1: 2, 2: 1, 3: 3}


@pytest.mark.parametrize("sid", IDS)
def test_maps_are_mirror_symmetric(sid: str) -> None:
    sc = scenario(sid)
    m = sc.map
    four = max(sc.players) == 4
    # A three-band map is a triangle: mirrored left/right only (its evenness is checked by
    # distances below).
    three = max(sc.players) == 3
    for lr, tb in ((True, False),) if three else ((True, False), (False, True)):
        for c, h in enumerate(m.hexes):
            o = m.cell(mirror(m, h, lr, tb))
            assert o is not None, (sid, h)
            assert (m.terrain[o], m.treasure[o], m.shrine_honor[o]) == (
                m.terrain[c], m.treasure[c], m.shrine_honor[c]), (sid, h)
            if lr:
                want = (SWAP_LR3 if three else SWAP_LR)[m.portal_slot[c]]
            else:  # top/bottom keeps a 1v1 map's slots, swaps a four-slot map's rows
                swap = SWAP_TB_ROUND if "brawl" in sc.modes else SWAP_TB
                want = swap[m.portal_slot[c]] if four else m.portal_slot[c]
            assert m.portal_slot[o] == want, (sid, h)


@pytest.mark.parametrize("sid", IDS)
def test_every_slot_is_as_far_from_each_objective_as_the_others(sid: str) -> None:
    sc = scenario(sid)
    m = sc.map
    objectives = {
        "shrine": list(m.shrines),
        "treasure": list(m.treasure_cells()),
        "beacon": kinds(m, BEACON),
        "inactive": kinds(m, INACTIVE_PORTAL),
    }
    for name, cells in objectives.items():
        seen = {s: sorted(m.distance(m.portals(s)[0], c) for c in cells)
                for s in range(1, max(sc.players) + 1)}
        assert len({tuple(v) for v in seen.values()}) == 1, (sid, name, seen)
        # Shrines worth more must be as far for everyone too.
        if name == "shrine":
            worth = {s: sorted((m.distance(m.portals(s)[0], c), m.shrine_honor[c])
                               for c in cells) for s in seen}
            assert len({tuple(v) for v in worth.values()}) == 1


def test_champion_ids_are_the_24_starting_champions() -> None:
    assert len(CHAMPION_IDS) == len(set(CHAMPION_IDS)) == 24
    assert sorted(CHAMPION_IDS) == sorted(c.id for c in starting_champions())


@pytest.mark.parametrize("sid", IDS)
def test_rosters_are_balanced_by_command_cost(sid: str) -> None:
    sc = scenario(sid)
    cost = {c.id: c.command for c in starting_champions()}
    per_slot = {s: sum(cost[cid] for cid in r) for s, r in sc.rosters.items()}
    if "2v2" in sc.modes:
        assert per_slot[1] + per_slot[3] == per_slot[2] + per_slot[4]
        assert max(per_slot.values()) - min(per_slot.values()) <= 1
    else:
        assert len(set(per_slot.values())) == 1, per_slot


def test_the_first_battle_gives_each_side_one_champion_of_every_faction() -> None:
    faction = {c.id: c.faction for c in starting_champions()}
    for roster in scenario("battle_of_three_shrines").rosters.values():
        assert sorted(faction[cid] for cid in roster) == [
            "enlightened", "lifebound", "mechana", "void"]


# --- the map format -----------------------------------------------------------------------


def test_every_token_means_what_the_file_header_says() -> None:
    m = parse_map("""
        .  *  F  X  E
          B  S  S7 P3 I
        -  P1 .  .  -
    """)
    got = {to_offset(h): (m.terrain[c], m.portal_slot[c], m.shrine_honor[c], m.treasure[c])
           for c, h in enumerate(m.hexes)}
    assert got == {
        (0, 0): (PLAIN, 0, 0, False), (1, 0): (PLAIN, 0, 0, True), (2, 0): (FOREST, 0, 0, False),
        (3, 0): (TAINTED, 0, 0, False), (4, 0): (ENCHANTED, 0, 0, False),
        (0, 1): (BEACON, 0, 0, False), (1, 1): (SHRINE, 0, 2, False),
        (2, 1): (SHRINE, 0, 7, False), (3, 1): (PORTAL, 3, 0, False),
        (4, 1): (INACTIVE_PORTAL, 0, 0, False),
        (1, 2): (PORTAL, 1, 0, False), (2, 2): (PLAIN, 0, 0, False),
        (3, 2): (PLAIN, 0, 0, False),
    }
    # Cells are row-major, and odd rows sit half a hex right: (0, 1) touches (0, 0) and (1, 0).
    assert [to_offset(h) for h in m.hexes][:6] == [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0),
                                                   (0, 1)]
    assert sorted(to_offset(m.hexes[c]) for c in m.neighbours[5]) == [
        (0, 0), (1, 0), (1, 1), (1, 2)]


@pytest.mark.parametrize(("text", "match"), [
    (".  Q", "row 0, column 1: unknown token 'Q'"),
    (".  P5", "unknown token 'P5'"),
    (".  S0", "unknown token 'S0'"),
    (".  .\n.", "row 1 has 1 tokens, row 0 has 2"),
    (".\n\n.", "row 1 is blank"),
    ("  \n ", "the map is empty"),
])
def test_bad_map_text_is_refused_with_its_place(text: str, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        parse_map(text)


# --- refusing broken files ----------------------------------------------------------------

GOOD = '''
[[scenario]]
id = "tiny"
name = "Tiny"
text = "A test."
players = [2]
modes = ["1v1"]
victory_honor = 10
map = """
P1 .  S  .  P2
  .  *  *  .  -
"""
[scenario.rosters]
1 = ["tyranyx"]
2 = ["kor_the_ferromancer"]
'''


def refuse(text: str, *fragments: str) -> None:
    with pytest.raises(ContentError) as err:
        parse_scenarios(text, "broken.toml")
    msg = str(err.value)
    for f in ("broken.toml", *fragments):
        assert f in msg, msg


def test_the_minimal_file_loads() -> None:
    (sc,) = parse_scenarios(GOOD, "good.toml")
    assert sc.id == "tiny" and sc.rosters == {1: ("tyranyx",), 2: ("kor_the_ferromancer",)}
    assert len(sc.map.hexes) == 9 and sc.rules == RULE_DEFAULTS


def test_missing_field_is_named() -> None:
    refuse(GOOD.replace("victory_honor = 10\n", ""), '"tiny"', '"victory_honor"', "missing")


def test_unknown_field_is_named() -> None:
    refuse(GOOD.replace("victory_honor = 10\n", "victory_honor = 10\nwinds = 3\n"),
           '"tiny"', '"winds"', "unknown field")


def test_unknown_map_token_is_named() -> None:
    refuse(GOOD.replace("P1 .  S", "P1 ?  S"), '"tiny"', '"map"', "unknown token '?'")


def test_ragged_map_is_refused() -> None:
    refuse(GOOD.replace("  .  *  *  .  -", "  .  *  *  ."), '"tiny"', '"map"',
           "row 1 has 4 tokens")


def test_roster_with_unknown_champion_is_refused() -> None:
    refuse(GOOD.replace('1 = ["tyranyx"]', '1 = ["tyranyx_the_great"]'), '"tiny"',
           '"rosters.1"', 'unknown champion id "tyranyx_the_great"')


def test_roster_sharing_a_champion_is_refused() -> None:
    refuse(GOOD.replace('2 = ["kor_the_ferromancer"]', '2 = ["tyranyx"]'), '"rosters.2"',
           "already in the roster of slot 1")


def test_roster_for_a_missing_slot_is_refused() -> None:
    refuse(GOOD.replace('2 = ["kor_the_ferromancer"]\n', ""), '"rosters"', "slots")


def test_missing_portal_is_refused() -> None:
    refuse(GOOD.replace("P2\n", ".\n"), '"map"', "no portal for Gateway slot 2")


def test_portal_for_too_many_players_is_refused() -> None:
    refuse(GOOD.replace("  .  *  *  .  -", "  .  *  *  P3 -"), '"map"', "P3")


def test_unreachable_hex_is_refused() -> None:
    walled = GOOD.replace('victory_honor = 10\n', 'victory_honor = 10\n'
                          'rules = { enchanted = "barrier" }\n')
    walled = walled.replace("P1 .  S  .  P2\n  .  *  *  .  -",
                            "P1 E  .  E  P2\n  E  .  .  E  -")
    refuse(walled, '"map"', "cannot be reached")
    # Without the barrier rule the same hexes are ordinary ground.
    assert parse_scenarios(walled.replace('"barrier"', '"strength"'))[0].rules[
        "enchanted"] == "strength"


def test_bad_rules_are_refused() -> None:
    base = GOOD.replace("victory_honor = 10\n", "victory_honor = 10\nrules = { RULE }\n")
    refuse(base.replace("RULE", "gravity = 1"), '"rules.gravity"', "unknown rule")
    refuse(base.replace("RULE", 'enchanted = "lava"'), '"rules.enchanted"')
    refuse(base.replace("RULE", "tainted_damage = -1"), '"rules.tainted_damage"')
    refuse(base.replace("RULE", "equal_turns = 1"), '"rules.equal_turns"', "true or false")


def test_bad_players_and_modes_are_refused() -> None:
    refuse(GOOD.replace('modes = ["1v1"]', 'modes = ["2v2"]'), '"modes"', "needs players")
    refuse(GOOD.replace('modes = ["1v1"]', 'modes = ["solo"]'), '"modes"')
    refuse(GOOD.replace("players = [2]", "players = [2, 3]"), '"players"')
    refuse(GOOD.replace("players = [2]", "players = [5]"), '"players"')
    refuse(GOOD.replace("victory_honor = 10", "victory_honor = 500"), '"victory_honor"')
    refuse(GOOD.replace('id = "tiny"', 'id = "Tiny Map"'), '"id"')


def test_duplicate_ids_and_stray_keys_are_refused() -> None:
    refuse(GOOD + GOOD, '"tiny"', '"id"', "twice")
    refuse("title = 'x'\n" + GOOD, '"title"', "unknown top-level key")
    refuse("", "no [[scenario]] tables")
    refuse("[[scenario]\n", "not valid TOML")


def test_a_scenario_without_an_id_is_named_by_position() -> None:
    refuse(GOOD.replace('id = "tiny"\n', ""), "[[scenario]] #1", '"id"', "missing")


def test_load_scenarios_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "mine.toml"
    bad.write_text(GOOD.replace("P1 .  S", "P1 ?  S"), encoding="utf-8")
    with pytest.raises(ContentError,
                       match=re.escape('mine.toml: [[scenario]] "tiny", field "map"')):
        load_scenarios(bad)
    assert load_scenarios(CONTENT) == scenarios()

