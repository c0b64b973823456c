"""Scenarios played against the Villains: the shipped ones carry everything the Villain set-up
needs (objective tokens, Villain starts, hero portals, rosters, both goals); the map markers
read as the file's header says; a broken Villain scenario is refused with the file, the
scenario and the field named."""

from __future__ import annotations

import pytest

from core.content import ContentError
from core.hexgrid import to_offset
from core.tactics.board import ENCHANTED, FOREST, PLAIN, PORTAL, SHRINE
from core.tactics.cards import starting_champions
from core.tactics.map_text import parse_battlefield, parse_map
from core.tactics.scenarios import (
    RULE_DEFAULTS,
    VILLAIN_RULE_DEFAULTS,
    ScenarioDef,
    parse_scenarios,
    scenario,
    scenarios,
    victory_sentence,
    victory_short,
)
from core.tactics.villain_ops import OBJECTIVE_KINDS

VILLAIN_IDS = ["crossroads_vigil", "drowned_chapel", "forge_of_chains", "thornwall",
               "hollow_throne"]


def test_at_least_four_scenarios_are_played_against_the_villains() -> None:
    assert [sc.id for sc in scenarios() if sc.against_villains] == VILLAIN_IDS
    for sid in VILLAIN_IDS:
        sc = scenario(sid)
        assert set(sc.modes) == {"solo", "coop", "boss"} and sc.players == (1, 2, 3)
        assert sc.rules.keys() == {**RULE_DEFAULTS, **VILLAIN_RULE_DEFAULTS}.keys()
        assert sc.rules["equal_turns"] is False  # the first side to its goal wins at once
    # Some scenarios draw their Villains at random, the story ones fix them.
    assert scenario("crossroads_vigil").villains == ()
    assert all(len(scenario(sid).villains) == 4 for sid in VILLAIN_IDS[1:])


@pytest.mark.parametrize("sid", VILLAIN_IDS)
def test_every_objective_kind_has_one_token_hex_and_one_villain_start(sid: str) -> None:
    sc = scenario(sid)
    m = sc.map
    assert list(sc.objectives) == list(sc.villain_starts) == list(OBJECTIVE_KINDS)
    cells = [*sc.objectives.values(), *sc.villain_starts.values()]
    assert len(set(cells)) == 8
    for cell in sc.objectives.values():
        assert m.terrain[cell] != PORTAL
    for cell in sc.villain_starts.values():
        assert m.terrain[cell] == PLAIN and not m.treasure[cell]
    # The Boss's token lies on a shrine, as do most of the others (usually, says the rulebook).
    assert m.terrain[sc.objectives["boss"]] == SHRINE
    assert sum(m.terrain[c] == SHRINE for c in sc.objectives.values()) >= 3


@pytest.mark.parametrize("sid", VILLAIN_IDS)
def test_heroes_enter_the_west_by_p1_portals_one_for_each_coop_player(sid: str) -> None:
    m = scenario(sid).map
    assert set(m.portal_slot) == {0, 1} and len(m.portals(1)) == 2
    hero_cols = {to_offset(m.hexes[c])[0] for c in m.portals(1)}
    start_cols = {to_offset(m.hexes[c])[0] for c in scenario(sid).villain_starts.values()}
    assert max(hero_cols) < min(start_cols)


@pytest.mark.parametrize("sid", VILLAIN_IDS)
def test_no_hero_stands_beside_an_objective_after_its_first_move(sid: str) -> None:
    """Speed 3 after deploying on a portal reaches 3 hexes: 5 away is out of reach of being
    adjacent, so the heroes score no objective shrine on their first turn."""
    sc = scenario(sid)
    m = sc.map
    for cell in sc.objectives.values():
        assert min(m.distance(p, cell) for p in m.portals(1)) >= 5


@pytest.mark.parametrize("sid", VILLAIN_IDS)
def test_each_villain_reaches_its_token_within_two_moves(sid: str) -> None:
    sc = scenario(sid)
    for kind in OBJECTIVE_KINDS:
        assert sc.map.distance(sc.villain_starts[kind], sc.objectives[kind]) <= 6
    # And the Villains own a shrine by their starts, scoring from their first turn.
    assert any(min(sc.map.distance(s, c) for s in sc.villain_starts.values()) <= 1
               for c in sc.map.shrines)


@pytest.mark.parametrize("sid", VILLAIN_IDS)
def test_hero_rosters_suit_one_and_two_heroes_and_cost_alike(sid: str) -> None:
    sc = scenario(sid)
    cost = {c.id: c.command for c in starting_champions()}
    (solo,) = sc.hero_rosters["solo"]
    first, second = sc.hero_rosters["coop"]
    assert (len(solo), len(first), len(second)) == (4, 3, 3)
    assert len(set(first) | set(second)) == 6
    # Like a competitive 4-champion roster (12 to command); a co-op player's 3 cost 8 to 10.
    assert sum(cost[c] for c in solo) == 12
    totals = [sum(cost[c] for c in r) for r in (first, second)]
    assert all(8 <= t <= 10 for t in totals) and abs(totals[0] - totals[1]) <= 1
    # No hero is also one of the Villains (the box has one figure of each champion).
    assert not set(sc.villains) & (set(solo) | set(first) | set(second))


@pytest.mark.parametrize("sid", VILLAIN_IDS)
def test_both_goals_are_told_from_the_data_not_in_the_text(sid: str) -> None:
    sc = scenario(sid)
    # The Villains score from their first turn on shrines of their own, so their goal may be
    # far above the heroes' (BALANCE.md); the box's supply can always pay both.
    assert 0 < sc.victory_honor <= 40 and sc.villain_honor > 0
    assert sc.victory_honor + sc.villain_honor <= 120
    for goal in (f"{sc.victory_honor} Honor", f"{sc.villain_honor} Honor"):
        assert goal not in sc.text
    sentence = victory_sentence(sc)
    assert str(sc.victory_honor) in sentence and str(sc.villain_honor) in sentence
    assert victory_short(sc) == f"{sc.victory_honor} Honor before the Villains' " \
                                f"{sc.villain_honor}"
    assert sc.text and "  " not in sc.text


@pytest.mark.parametrize("sid", VILLAIN_IDS)
def test_villain_maps_fit_a_terminal(sid: str) -> None:
    m = scenario(sid).map
    cols = [to_offset(h)[0] for h in m.hexes]
    rows = [to_offset(h)[1] for h in m.hexes]
    assert max(cols) - min(cols) + 1 <= 11 and max(rows) - min(rows) + 1 <= 9


def test_scenario_rules_and_surges_are_read() -> None:
    assert scenario("hollow_throne").rules["villains_tainted"] is True
    assert scenario("crossroads_vigil").rules["villains_tainted"] is False
    assert scenario("forge_of_chains").rules["enchanted"] == "strength"
    (surge,) = scenario("hollow_throne").surge
    assert (surge.op, surge.get("objectives")) == ("cultist", ("boss",))
    assert scenario("crossroads_vigil").surge == ()


# --- the markers ------------------------------------------------------------------------------


def test_markers_read_as_the_file_header_says() -> None:
    field = parse_battlefield("""
        Sb S3r .u Fg *  .
          Vb Vr Vu Vg P1 -
    """)
    m = field.map
    at = {to_offset(h): c for c, h in enumerate(m.hexes)}
    assert field.objectives == {"boss": (at[0, 0],), "red": (at[1, 0],), "blue": (at[2, 0],),
                                "green": (at[3, 0],)}
    assert field.villain_starts == {"boss": (at[0, 1],), "red": (at[1, 1],),
                                    "blue": (at[2, 1],), "green": (at[3, 1],)}
    assert [m.terrain[at[c, 0]] for c in range(4)] == [SHRINE, SHRINE, PLAIN, FOREST]
    assert (m.shrine_honor[at[0, 0]], m.shrine_honor[at[1, 0]]) == (2, 3)
    assert all(m.terrain[at[c, 1]] == PLAIN and not m.treasure[at[c, 1]] for c in range(4))
    # The markers are beside the map, not in it: the same ground without them is equal.
    assert m == parse_map("S S3 . F * .\n . . . . P1 -")
    assert parse_battlefield(". * S\n . P1 -").objectives == {}


@pytest.mark.parametrize("token", ["P1b", "Ir", "Vx", "S0b", "Vbr", "bS", "Sbb", ".B"])
def test_a_marker_in_the_wrong_place_is_an_unknown_token(token: str) -> None:
    with pytest.raises(ValueError, match=f"row 0, column 1: unknown token '{token}'"):
        parse_map(f".  {token}")


# --- refusing broken Villain scenarios ----------------------------------------------------------

GOOD = '''
[[scenario]]
id = "tiny_solo"
name = "Tiny"
text = "A test."
players = [1, 2, 3]
modes = ["solo", "coop", "boss"]
victory_honor = 20
villain_honor = 20
map = """
P1 .  Sr .  Vr .
  .  Sb .  Vb .  -
P1 .  Su .  Vu Vg
  .  *  .g .  .  -
"""
[scenario.hero_rosters]
solo = ["tyranyx", "oracle_lumen", "brass_sapper", "wild_druid"]
coop = [["tyranyx", "oracle_lumen", "brass_sapper"],
        ["wild_druid", "icarus_steelfoot", "twilight_scout"]]
'''

COMPETITIVE = '''
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


def load(text: str) -> ScenarioDef:
    (sc,) = parse_scenarios(text, "good.toml")
    return sc


def refuse(text: str, field: str, words: str) -> None:
    with pytest.raises(ContentError) as err:
        parse_scenarios(text, "broken.toml")
    assert (err.value.file, err.value.field) == ("broken.toml", field), str(err.value)
    assert err.value.entry.startswith("[[scenario]]")
    assert words in err.value.problem, str(err.value)


def test_the_minimal_villain_scenario_loads() -> None:
    sc = load(GOOD)
    assert sc.against_villains and (sc.victory_honor, sc.villain_honor) == (20, 20)
    assert sc.rosters == {} and sc.villains == () and sc.surge == ()
    assert sc.hero_rosters["solo"] == (("tyranyx", "oracle_lumen", "brass_sapper",
                                        "wild_druid"),)
    assert len(sc.hero_rosters["coop"]) == 2
    assert sc.rules == {**RULE_DEFAULTS, **VILLAIN_RULE_DEFAULTS}
    assert {k: to_offset(sc.map.hexes[c]) for k, c in sc.objectives.items()} == {
        "boss": (1, 1), "red": (2, 0), "blue": (2, 2), "green": (2, 3)}
    # Only the rosters its seat counts need: a solo-only scenario has just the solo one.
    solo_only = GOOD.replace("players = [1, 2, 3]", "players = [1]").replace(
        'modes = ["solo", "coop", "boss"]', 'modes = ["solo"]')
    solo_only = solo_only[:solo_only.index("coop = [[")]
    assert list(load(solo_only).hero_rosters) == ["solo"]


def test_the_villain_fields_and_rules_are_read() -> None:
    sc = load(GOOD.replace('villain_honor = 20\n', 'villain_honor = 20\n'
                           'villains = ["void_titan", "shade_reaver", "umbral_assassin", '
                           '"rift_horror"]\n'
                           'surge = [{op = "honor", n = 1}]\n'
                           'rules = {villains_tainted = true, tainted_damage = 2}\n'))
    assert sc.villains == ("void_titan", "shade_reaver", "umbral_assassin", "rift_horror")
    assert [o.op for o in sc.surge] == ["honor"] and sc.surge[0].n == 1
    assert (sc.rules["villains_tainted"], sc.rules["tainted_damage"]) == (True, 2)


def test_a_goal_may_differ_by_mode() -> None:
    sc = load(GOOD.replace("villain_honor = 20\n",
                           "villain_honor = { solo = 20, coop = 12, boss = 20 }\n"))
    assert (sc.victory_honor, sc.villain_honor) == (20, 20)  # the first mode's
    assert sc.for_mode("solo") is sc and sc.for_mode("boss") is sc
    coop = sc.for_mode("coop")
    assert (coop.victory_honor, coop.villain_honor, coop.goals) == (20, 12, {})
    assert victory_short(coop) == "20 Honor before the Villains' 12"
    both = load(GOOD.replace("victory_honor = 20\n",
                             "victory_honor = { solo = 20, coop = 25, boss = 18 }\n"))
    assert [(m.victory_honor, m.villain_honor) for m in map(both.for_mode, both.modes)] == [
        (20, 20), (25, 20), (18, 20)]


def test_the_shipped_vigil_gives_coop_and_the_boss_their_own_villain_goals() -> None:
    vigil = scenario("crossroads_vigil")
    solo_goals = (vigil.victory_honor, vigil.villain_honor)
    coop = vigil.for_mode("coop")
    boss = vigil.for_mode("boss")
    assert solo_goals == (25, 60)
    assert coop.victory_honor == 25 and coop.villain_honor < 60
    # A Boss player scores far faster than the Schemes' procedure (BALANCE.md, "Become the
    # Boss"), and the box's supply still pays both goals.
    assert (boss.victory_honor, boss.villain_honor) == (25, 82)
    assert boss.victory_honor + boss.villain_honor <= 120



def test_the_new_game_screen_tells_the_goals_of_the_mode_chosen() -> None:
    from core.games import TACTICS

    (setting,) = [x for x in TACTICS.settings if x.path == "scenario"]
    vigil = scenario("crossroads_vigil")
    for mode, players in (("solo", 1), ("coop", 2)):
        goals = vigil.for_mode(mode)
        note = setting.note_for({"players": players, "mode": mode, "scenario": vigil.id})
        assert note == f"{goals.victory_honor} Honor before the Villains' {goals.villain_honor}"


MARKERS = [
    ("no green token", GOOD.replace(".g", ". "), "map", 'needs one green objective token'),
    ("two red tokens", GOOD.replace("*", "*r"), "map", "needs one red objective token"),
    ("no green start", GOOD.replace("Vg", "."), "map", "needs one green Villain start"),
    ("a second slot's portal", GOOD.replace("P1 .  Su", "P2 .  Su"), "map",
     "portal P2: every hero portal is written P1"),
    ("one portal for co-op", GOOD.replace("P1 .  Su", ".  .  Su"), "map",
     "co-op needs two hero portals"),
    ("a token on a barrier", GOOD.replace(".g", "Eg").replace(
        "villain_honor = 20\n", 'villain_honor = 20\nrules = {enchanted = "barrier"}\n'),
     "map", "Enchanted barrier"),
    ("a marker on a competitive map", COMPETITIVE.replace("P1 .  S ", "P1 .  Sb"), "map",
     "objective tokens and Villain starts belong to scenarios against the Villains"),
]
FIELDS = [
    ("mixed modes", GOOD.replace('modes = ["solo", "coop", "boss"]', 'modes = ["solo", "1v1"]'),
     "modes", "cannot mix"),
    ("boss for two heroes without coop", GOOD.replace("players = [1, 2, 3]", "players = [1, 3]")
     .replace('"coop", ', ""), "players", '"boss" with 3 seats plays the "coop" set-up'),
    ("competitive rosters", GOOD.replace("[scenario.hero_rosters]", "[scenario.rosters]"),
     "rosters", "suggests hero_rosters instead"),
    ("no Villain goal", GOOD.replace("villain_honor = 20\n", ""), "villain_honor", "missing"),
    ("a mode without its goal", GOOD.replace("villain_honor = 20\n",
                                             "villain_honor = { solo = 20, boss = 20 }\n"),
     "villain_honor.coop", "missing"),
    ("a goal for a mode not played", GOOD.replace(
        "villain_honor = 20\n", "villain_honor = { solo = 20, coop = 9, boss = 20, duel = 5 }\n"),
     "villain_honor.duel", "unknown field"),
    ("a goal past the supply", GOOD.replace(
        "victory_honor = 20\n", "victory_honor = { solo = 20, coop = 121, boss = 20 }\n"),
     "victory_honor.coop", "must be"),
    ("a goal that is no number", GOOD.replace("villain_honor = 20\n", 'villain_honor = "20"\n'),
     "villain_honor", "must be"),
    ("goals by mode on a competitive scenario", COMPETITIVE.replace(
        "victory_honor = 10\n", 'victory_honor = { "1v1" = 10 }\n'), "victory_honor", "must be"),
    ("a Villain goal on a competitive scenario",
     COMPETITIVE.replace("victory_honor = 10\n", "victory_honor = 10\nvillain_honor = 9\n"),
     "villain_honor", "only a scenario against the Villains"),
    ("a Villain rule on a competitive scenario",
     COMPETITIVE.replace("victory_honor = 10\n",
                         "victory_honor = 10\nrules = {villains_tainted = true}\n"),
     "rules.villains_tainted", "only a scenario against the Villains has this rule"),
    ("playing the round out", GOOD.replace("villain_honor = 20\n",
                                           "villain_honor = 20\nrules = {equal_turns = true}\n"),
     "rules.equal_turns", "won at once"),
    ("a short solo roster", GOOD.replace('"brass_sapper", "wild_druid"]', '"brass_sapper"]'),
     "hero_rosters.solo", "must be 4 champion ids"),
    ("a flat co-op roster", GOOD.replace(
        'coop = [["tyranyx", "oracle_lumen", "brass_sapper"],',
        'coop = ["tyranyx", "oracle_lumen", "brass_sapper",'
    ).replace('"twilight_scout"]]', '"twilight_scout"]]'),
     "hero_rosters.coop", "item 1 must be a list of champion ids"),
    ("an unknown hero", GOOD.replace('"icarus_steelfoot"', '"icarus"'), "hero_rosters.coop",
     'unknown champion id "icarus"'),
    ("a hero twice", GOOD.replace('"icarus_steelfoot"', '"tyranyx"'), "hero_rosters.coop",
     '"tyranyx" is named twice'),
    ("a roster no mode uses", GOOD.replace("players = [1, 2, 3]", "players = [1]").replace(
        'modes = ["solo", "coop", "boss"]', 'modes = ["solo"]'), "hero_rosters",
     "needs exactly the rosters ['solo']"),
    ("three Villains", GOOD.replace("villain_honor = 20\n", 'villain_honor = 20\n'
                                    'villains = ["void_titan", "shade_reaver", "rift_horror"]\n'),
     "villains", "must name 4 different Villains"),
    ("a Villain who is a hero", GOOD.replace("villain_honor = 20\n", 'villain_honor = 20\n'
                                             'villains = ["void_titan", "shade_reaver", '
                                             '"rift_horror", "wild_druid"]\n'),
     "villains", '"wild_druid" is also in a suggested hero roster'),
    ("a Surge that surges", GOOD.replace("villain_honor = 20\n",
                                         'villain_honor = 20\nsurge = [{op = "surge"}]\n'),
     "surge[0].op", 'op "surge" cannot be used in a Surge'),
    ("a card's op in a Surge", GOOD.replace("villain_honor = 20\n",
                                            'villain_honor = 20\nsurge = [{op = "draw", n = 1}]\n'),
     "surge[0].op", 'unknown op "draw"'),
]


@pytest.mark.parametrize(("text", "field", "words"), [m[1:] for m in MARKERS + FIELDS],
                         ids=[m[0] for m in MARKERS + FIELDS])
def test_a_broken_villain_scenario_is_refused_naming_the_field(text: str, field: str,
                                                               words: str) -> None:
    refuse(text, field, words)


def test_an_objective_on_an_enchanted_hex_is_fine_when_it_is_no_barrier() -> None:
    sc = load(GOOD.replace(".g", "Eg"))
    assert sc.map.terrain[sc.objectives["green"]] == ENCHANTED
