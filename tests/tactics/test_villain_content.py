"""Villains, Schemes and the campaign: the shipped files load, hold what the design asks for
(31 Villains named after our champions, Bosses, 32 Schemes, a campaign of rising chapters),
and every kind of mistake in them is refused naming the file, the entry and the field."""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from core.content import ContentError
from core.tactics.cards import by_id, starting_champions
from core.tactics.scenarios import scenario, scenarios
from core.tactics.villain_ops import OBJECTIVE_KINDS, VOCABULARY
from core.tactics.villains import (
    CONTENT_DIR,
    DIFFICULTIES,
    CampaignDef,
    SchemeDef,
    VillainDef,
    campaign,
    fixed_roster,
    load_campaign,
    load_schemes,
    load_villains,
    scheme_defs,
    villain_by_id,
    villain_defs,
)

# --- the Villains -------------------------------------------------------------------------------


def test_31_villains_with_at_least_six_bosses() -> None:
    vs = villain_defs()
    assert len(vs) == 31
    assert sum(v.boss for v in vs) >= 6
    # Every faction has Bosses to draw, so a random roster can lead with any colour.
    assert {v.faction for v in vs if v.boss} == {"enlightened", "lifebound", "mechana", "void"}
    assert load_villains(CONTENT_DIR / "villains.toml") == vs


def test_every_villain_is_named_after_one_of_our_champions() -> None:
    cards = by_id()
    for v in villain_defs():
        namesake = cards[v.id]
        assert namesake.kind == "champion" and namesake.figures == 1
        assert (v.name, v.faction) == (namesake.name, namesake.faction)
    names = [v.name for v in villain_defs()]
    assert len(set(names)) == len(names)
    # Both the starting champions and the center deck's champions turn up as Villains.
    starting = {c.id for c in starting_champions()}
    assert any(v.id in starting for v in villain_defs())
    assert any(v.id not in starting for v in villain_defs())


def test_bosses_have_defense_four_and_a_surge_on_both_faces() -> None:
    for v in villain_defs():
        for face in (v.solo, v.coop):
            assert (face.defense >= 4 and face.surge != ()) if v.boss else face.surge == ()


def test_a_boss_is_clearly_stronger_than_any_other_villain() -> None:
    for face in ("solo", "coop"):
        bosses = [v.face(face) for v in villain_defs() if v.boss]
        others = [v.face(face) for v in villain_defs() if not v.boss]
        assert min(b.strength + b.defense for b in bosses) > max(
            o.strength + o.defense for o in others)
        assert min(b.honor for b in bosses) > max(o.honor for o in others)


def test_a_solo_villain_is_priced_like_a_good_three_or_four_cost_champion() -> None:
    """Strength + Defense of the starting champions commanded for 3 and 4 run from 5 to 16;
    a solo Villain sits in the good middle of it, a solo Boss at the top."""
    for v in villain_defs():
        size = v.solo.strength + v.solo.defense
        assert (12 <= size <= 16) if v.boss else (7 <= size <= 11), v.id
        assert (5 <= v.solo.honor <= 6) if v.boss else (2 <= v.solo.honor <= 3), v.id


def test_the_coop_face_is_stronger_and_worth_one_more_honor() -> None:
    for v in villain_defs():
        s, c = v.solo, v.coop
        assert c.strength >= s.strength and c.defense >= s.defense and c.speed >= s.speed
        assert c.strength + c.defense > s.strength + s.defense
        assert s.keywords - {"area"} <= c.keywords
        assert c.honor == s.honor + 1
    v = villain_by_id()["tyranyx"]
    assert (v.face("solo"), v.face("coop"), v.face("boss")) == (v.solo, v.coop, v.coop)
    with pytest.raises(ValueError, match="not played in mode '1v1'"):
        v.face("1v1")


def test_villain_operations_are_read_into_ops() -> None:
    archon = villain_by_id()["starlit_archon"]
    (starfall,) = archon.solo.surge
    assert (starfall.op, starfall.n, starfall.get("target")) == ("damage", 2, "all_on_shrines")
    paladin = villain_by_id()["dawnblade_paladin"].solo.surge
    assert [o.op for o in paladin] == ["buff", "return"]
    assert paladin[0].get("objectives") == OBJECTIVE_KINDS  # "all", spelled out in order
    assert paladin[0].get("strength") == 0 and paladin[0].get("defense") == 1
    (slay,) = villain_by_id()["rift_horror"].solo.slay
    assert (slay.op, slay.get("objectives")) == ("cultist", ("self",))


# --- the Schemes --------------------------------------------------------------------------------


def test_32_schemes_with_names_effects_and_bonuses() -> None:
    deck = scheme_defs()
    assert len(deck) == 32 and len({s.name for s in deck}) == 32
    assert all(s.effect and s.bonus and s.text and s.bonus_text for s in deck)
    assert load_schemes(CONTENT_DIR / "schemes.toml") == deck


def fired(deck: tuple[SchemeDef, ...], difficulty: str, turn: int) -> int:
    """How many Schemes' bonuses would fire on Villain turn ``turn`` (1, 2, ...): the discard
    holds the difficulty's Schemes plus the two of each turn gone."""
    discard = DIFFICULTIES[difficulty] + 2 * (turn - 1)
    return sum(s.threat <= discard for s in deck)


def test_the_bonuses_start_to_fire_in_the_middle_of_a_standard_game() -> None:
    deck = scheme_defs()
    assert DIFFICULTIES == {"standard": 0, "hard": 4, "nightmare": 8}
    assert all(s.threat % 2 == 0 for s in deck)  # the discard is always even when one is played
    assert [fired(deck, "standard", t) for t in (1, 2, 3)] == [0, 0, 0]
    assert 0 < fired(deck, "standard", 4) <= len(deck) // 4
    assert fired(deck, "standard", 6) >= len(deck) // 2
    assert fired(deck, "standard", 9) == len(deck)
    # Hard is two Villain turns ahead, Nightmare four: there they fire from the first turn.
    assert fired(deck, "hard", 2) == fired(deck, "standard", 4)
    assert fired(deck, "hard", 1) == 0 < fired(deck, "nightmare", 1)


def commanded(s: SchemeDef) -> tuple[str, ...]:
    return tuple(k for o in s.effect if o.op == "command" for k in o.get("objectives"))


def test_the_deck_mixes_commands_surges_cultists_bonuses_and_malice() -> None:
    deck = scheme_defs()
    ops = Counter(o.op for s in deck for o in (*s.effect, *s.bonus))
    assert set(ops) == set(VOCABULARY)  # every operation of the design is used
    assert ops["surge"] >= 4 and ops["cultist"] >= 4 and ops["buff"] >= 6
    sizes = Counter(len(commanded(s)) for s in deck)
    assert sizes[1] >= 8 and sizes[2] >= 6 and sizes[4] >= 2
    # Every objective kind is commanded by the effects of 10 to 13 Schemes.
    per_kind = Counter(k for s in deck for k in commanded(s))
    assert sorted(per_kind) == sorted(OBJECTIVE_KINDS)
    assert all(10 <= n <= 13 for n in per_kind.values()), per_kind
    # Malice that uses the board: terrain, treasure, shrines, objective tokens.
    targets = {o.get("target") for s in deck for o in (*s.effect, *s.bonus) if o.op == "damage"}
    assert {"all_on_shrines", "strongest"} <= targets
    tiles = {o.get("tile") for s in deck for o in (*s.effect, *s.bonus) if o.op == "terrain"}
    assert tiles == {"forest", "tainted"}
    moves = {o.get("to") for s in deck for o in (*s.effect, *s.bonus) if o.op == "move_token"}
    assert moves == {"next_shrine", "nearest_hero_shrine"}


# --- the campaign -------------------------------------------------------------------------------


def test_the_campaign_has_five_chapters_of_rising_difficulty() -> None:
    c = campaign()
    assert len(c.chapters) >= 5 and c.text
    levels = [DIFFICULTIES[ch.difficulty] for ch in c.chapters]
    assert levels == sorted(levels) and levels[0] < levels[-1]
    for ch in c.chapters:
        assert "solo" in scenario(ch.scenario).modes and ch.before and ch.after
    assert [ch.reward is None for ch in c.chapters] == [False] * (len(c.chapters) - 1) + [True]
    kinds = {ch.reward.kind for ch in c.chapters if ch.reward is not None}
    assert kinds == {"champion", "power", "treasure", "scheme"}
    # Chapter Surge rules where they fit: some chapters add one, the rest keep the scenario's.
    assert any(ch.surge for ch in c.chapters) and any(ch.surge is None for ch in c.chapters)


def test_the_campaign_pool_never_fights_itself() -> None:
    c = campaign()
    assert 1 <= c.picks <= len(c.pool) and c.picks == 4
    assert set(c.pool) <= {x.id for x in starting_champions()}
    heroes = set(c.pool) | {ch.reward.champion for ch in c.chapters
                            if ch.reward is not None and ch.reward.kind == "champion"}
    for ch in c.chapters:
        assert not heroes & {v.id for v in fixed_roster(scenario(ch.scenario))}
    removed = [ch.reward.scheme for ch in c.chapters
               if ch.reward is not None and ch.reward.kind == "scheme"]
    assert set(removed) <= {s.id for s in scheme_defs()}


def test_every_scenario_fixes_its_villains_boss_first() -> None:
    for sc in scenarios():
        roster = fixed_roster(sc)
        assert [v.id for v in roster] == list(sc.villains)
        if roster:
            assert [v.boss for v in roster] == [True, False, False, False]


# --- refusing mistakes --------------------------------------------------------------------------


def toml(value: object) -> str:
    """A value as inline TOML (JSON's strings, numbers and lists are TOML's too)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {toml(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    return json.dumps(value)


def rewrite(tmp_path: Path, name: str, change: Callable[[dict[str, Any]], object]) -> Path:
    """The shipped file ``name`` with ``change`` applied to its data, written to tmp_path."""
    data = tomllib.loads((CONTENT_DIR / name).read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / name
    path.write_text("\n".join(
        f"[[{table}]]\n" + "".join(f"{k} = {toml(v)}\n" for k, v in e.items())
        for table, entries in data.items() for e in entries), encoding="utf-8")
    return path


def entry(data: dict[str, Any], table: str, ident: str) -> dict[str, Any]:
    found: dict[str, Any] = next(e for e in data[table] if e["id"] == ident)
    return found


def villain(ident: str, **changes: Any) -> Callable[[dict[str, Any]], None]:
    """A change to Villain ``ident``: ``solo__defense=3`` sets its solo face's Defense;
    None deletes the field."""
    def change(data: dict[str, Any]) -> None:
        target = entry(data, "villain", ident)
        for key, value in changes.items():
            holder = target
            *outer, last = key.split("__")
            for step in outer:
                holder = holder[step]
            if value is None:
                del holder[last]
            else:
                holder[last] = value
    return change


VILLAIN_MISTAKES = [
    ("not a champion", "oracle_lumen", villain("oracle_lumen", id="mystic"), "mystic", "id",
     'no champion "mystic"'),
    ("two figures", "oracle_lumen", villain("oracle_lumen", id="psyche_askara"),
     "psyche_askara", "id", "is 2 figures; a Villain is one"),
    ("a weak Boss", "tyranyx", villain("tyranyx", boss=True, solo__defense=3, coop__defense=3),
     "tyranyx", "solo.defense", "a Boss needs Defense 4 or more, not 3"),
    ("a Boss without a Surge", "tyranyx", villain("tyranyx", solo__surge=None), "tyranyx",
     "solo.surge", "a Boss needs a Surge"),
    ("a Surge on a Villain", "shade_reaver",
     villain("shade_reaver", solo__surge=[{"op": "honor", "n": 1}]), "shade_reaver",
     "solo.surge", "only a Boss (boss = true) has a Surge"),
    ("a weaker co-op face", "shade_reaver", villain("shade_reaver", coop__strength=3),
     "shade_reaver", "coop.strength", "cannot have less strength than the solo face (3 < 4)"),
    ("a co-op face losing a keyword", "shade_reaver", villain("shade_reaver", coop__keywords=[]),
     "shade_reaver", "coop.keywords", 'keeps the solo face\'s "double"'),
    ("a co-op face no stronger", "shade_reaver",
     villain("shade_reaver", coop__strength=4, coop__defense=5), "shade_reaver", "coop",
     "must be stronger"),
    ("a command in a Slay", "rift_horror",
     villain("rift_horror", solo__slay=[{"op": "command", "objectives": ["self"]}]),
     "rift_horror", "solo.slay[0].op", 'op "command" cannot be used in a Slay'),
    ("self outside a Slay", "tyranyx",
     villain("tyranyx", solo__surge=[{"op": "command", "objectives": ["self"]}]), "tyranyx",
     "solo.surge[0].objectives", '"self" is not one of'),
    ("all and more", "tyranyx",
     villain("tyranyx", solo__surge=[{"op": "command", "objectives": ["all", "red"]}]),
     "tyranyx", "solo.surge[0].objectives", "write it alone"),
    ("no objectives", "tyranyx",
     villain("tyranyx", solo__surge=[{"op": "cultist", "objectives": []}]), "tyranyx",
     "solo.surge[0].objectives", "must name at least one"),
    ("a kind twice", "tyranyx",
     villain("tyranyx", solo__surge=[{"op": "return", "objectives": ["red", "red"]}]),
     "tyranyx", "solo.surge[0].objectives", "names a kind twice"),
    ("an unknown target", "umbral_assassin",
     villain("umbral_assassin", solo__slay=[{"op": "damage", "n": 2, "target": "nearest:gold"}]),
     "umbral_assassin", "solo.slay[0].target", 'not "nearest:gold"'),
    ("a buff of nothing", "stonehide_bear",
     villain("stonehide_bear", solo__slay=[{"op": "buff", "objectives": ["self"]}]),
     "stonehide_bear", "solo.slay[0]", "a buff must change something"),
    ("a field the op does not take", "seer_of_the_veil",
     villain("seer_of_the_veil", solo__slay=[{"op": "honor", "n": 1, "to": "next_shrine"}]),
     "seer_of_the_veil", "solo.slay[0].to", 'unknown field for op "honor"'),
    ("an unknown face field", "shade_reaver", villain("shade_reaver", solo__command=3),
     "shade_reaver", "solo.command", "unknown field for a Villain's face"),
]


@pytest.mark.parametrize(("ident", "change", "named", "field", "words"),
                         [m[1:] for m in VILLAIN_MISTAKES], ids=[m[0] for m in VILLAIN_MISTAKES])
def test_a_wrong_villain_is_refused_naming_the_field(
        tmp_path: Path, ident: str, change: Callable[[dict[str, Any]], None], named: str,
        field: str, words: str) -> None:
    with pytest.raises(ContentError) as err:
        load_villains(rewrite(tmp_path, "villains.toml", change))
    assert (err.value.file, err.value.entry, err.value.field) == (
        "villains.toml", f'[[villain]] "{named}"', field)
    assert words in err.value.problem, str(err.value)


def scheme(ident: str, **changes: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target = entry(data, "scheme", ident)
        for key, value in changes.items():
            if value is None:
                del target[key]
            else:
                target[key] = value
    return change


SCHEME_MISTAKES = [
    ("an empty effect", scheme("crimson_march", effect=[]), "effect",
     "must hold at least one operation"),
    ("no bonus", scheme("crimson_march", bonus=None), "bonus", "missing: needs a list"),
    ("a token moved nowhere", scheme("crimson_march", effect=[
        {"op": "move_token", "kind": "red", "to": "the_moon"}]), "effect[0].to",
     'not "the_moon"'),
    ("a tile of lava", scheme("crimson_march", bonus=[
        {"op": "terrain", "tile": "lava", "at": "nearest_hero:red"}]), "bonus[0].tile",
     'not "lava"'),
    ("no damage", scheme("crimson_march", bonus=[{"op": "damage", "n": 0, "target": "strongest"}]),
     "bonus[0].n", "≥ 1, not 0"),
    ("a card's op", scheme("crimson_march", effect=[{"op": "draw", "n": 1}]), "effect[0].op",
     'unknown op "draw"'),
]


@pytest.mark.parametrize(("change", "field", "words"), [m[1:] for m in SCHEME_MISTAKES],
                         ids=[m[0] for m in SCHEME_MISTAKES])
def test_a_wrong_scheme_is_refused_naming_the_field(
        tmp_path: Path, change: Callable[[dict[str, Any]], None], field: str,
        words: str) -> None:
    with pytest.raises(ContentError) as err:
        load_schemes(rewrite(tmp_path, "schemes.toml", change))
    assert (err.value.file, err.value.entry, err.value.field) == (
        "schemes.toml", '[[scheme]] "crimson_march"', field)
    assert words in err.value.problem, str(err.value)


def test_a_fixed_roster_names_villains_boss_first() -> None:
    sc = scenario("hollow_throne")
    for villains, words in (
            (("void_titan", "shade_reaver", "umbral_assassin", "nobody"), 'no Villain "nobody"'),
            (("shade_reaver", "void_titan", "umbral_assassin", "rift_horror"),
             '"shade_reaver" is not a Boss'),
            (("void_titan", "tyranyx", "umbral_assassin", "rift_horror"),
             'only the first Villain is the Boss, and "tyranyx" is one')):
        with pytest.raises(ContentError) as err:
            fixed_roster(replace(sc, villains=villains))
        assert (err.value.file, err.value.entry, err.value.field) == (
            "scenarios.toml", '[[scenario]] "hollow_throne"', "villains")
        assert words in err.value.problem


def chapter(ident: str, **changes: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target = entry(data, "chapter", ident)
        for key, value in changes.items():
            if value is None:
                del target[key]
            else:
                target[key] = value
    return change


def pool(*extra: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["campaign"][0]["pool"] += list(extra)
    return change


def twice(data: dict[str, Any]) -> None:
    data["campaign"].append(dict(data["campaign"][0], id="again"))


CAMPAIGN_MISTAKES = [
    ("a competitive scenario", chapter("the_thornwall", scenario="ashen_ford"),
     '[[chapter]] "the_thornwall"', "scenario", '"ashen_ford" is not played solo'),
    ("a reward at the end", chapter("the_hollow_throne", reward={"kind": "power"}),
     '[[chapter]] "the_hollow_throne"', "reward", "nothing to carry a reward into"),
    ("no reward on the way", chapter("the_thornwall", reward=None),
     '[[chapter]] "the_thornwall"', "reward", "missing: needs a table"),
    ("less Honor asked", chapter("the_thornwall", extra_honor=-2), '[[chapter]] "the_thornwall"',
     "extra_honor", "must be a whole number from 0"),
    ("an unknown reward", chapter("the_thornwall", reward={"kind": "gold"}),
     '[[chapter]] "the_thornwall"', "reward.kind", 'not "gold"'),
    ("a reward with a stray field", chapter("the_thornwall", reward={
        "kind": "power", "champion": "tyranyx"}), '[[chapter]] "the_thornwall"',
     "reward.champion", 'unknown field for a "power" reward'),
    ("a champion who is there already", chapter("the_thornwall", reward={
        "kind": "champion", "champion": "temple_sentinel"}), '[[chapter]] "the_thornwall"',
     "reward.champion", '"temple_sentinel" is already with the heroes'),
    ("an unknown champion", chapter("the_thornwall", reward={
        "kind": "champion", "champion": "starlit_archon"}), '[[chapter]] "the_thornwall"',
     "reward.champion", 'unknown champion id "starlit_archon"'),
    ("an unknown Scheme", chapter("the_thornwall", reward={"kind": "scheme", "scheme": "nap"}),
     '[[chapter]] "the_thornwall"', "reward.scheme", 'no Scheme "nap"'),
    ("a Scheme taken out twice", chapter("the_thornwall", reward={
        "kind": "scheme", "scheme": "raid_the_armory"}), '[[chapter]] "the_thornwall"',
     "reward.scheme", '"raid_the_armory" is already out of the deck'),
    ("a pool champion among the Villains", pool("oracle_lumen"),
     '[[chapter]] "the_drowned_chapel"', "scenario",
     "its Villain Oracle Lumen is also in the campaign's pool"),
    ("a champion who joins and is fought later", chapter("the_drowned_chapel", reward={
        "kind": "champion", "champion": "shade_reaver"}), '[[chapter]] "the_hollow_throne"',
     "scenario", 'its Villain Shade Reaver joined the heroes after "the_drowned_chapel"'),
    ("an unknown pool champion", pool("nobody"), '[[campaign]] "hollow_crown"', "pool",
     'unknown champion id "nobody"'),
    ("two campaigns", twice, "", "campaign", "needs exactly one [[campaign]] table, has 2"),
]


@pytest.mark.parametrize(("change", "named", "field", "words"),
                         [m[1:] for m in CAMPAIGN_MISTAKES], ids=[m[0] for m in CAMPAIGN_MISTAKES])
def test_a_wrong_campaign_is_refused_naming_the_field(
        tmp_path: Path, change: Callable[[dict[str, Any]], None], named: str, field: str,
        words: str) -> None:
    with pytest.raises(ContentError) as err:
        load_campaign(rewrite(tmp_path, "campaign.toml", change))
    assert (err.value.file, err.value.entry, err.value.field) == ("campaign.toml", named, field)
    assert words in err.value.problem, str(err.value)


def test_a_chapter_surge_replaces_the_scenarios_and_an_empty_one_removes_it(
        tmp_path: Path) -> None:
    c: CampaignDef = load_campaign(rewrite(
        tmp_path, "campaign.toml", chapter("the_hollow_throne", surge=[])))
    last = c.chapters[-1]
    assert last.surge == () and scenario(last.scenario).surge != ()
    assert campaign().chapters[-1].surge is None  # not written: the scenario's own holds
    assert [o.op for o in campaign().chapters[1].surge or ()] == ["terrain"]


def test_the_shipped_content_is_read_once() -> None:
    assert villain_defs() is villain_defs() and scheme_defs() is scheme_defs()
    assert campaign() is campaign()
    assert isinstance(villain_defs()[0], VillainDef)
