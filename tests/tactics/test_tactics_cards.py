"""Tactics content: the shipped files' numbers and facts, and the loader's strict checks."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from core.content import ContentError
from core.tactics.cards import (
    CARDS_FILE,
    CENTER_KINDS,
    CHAMPIONS_FILE,
    CONTENT_DIR,
    FACTIONS,
    GATEWAYS_FILE,
    KEYWORDS,
    TREASURES_FILE,
    VOCABULARY,
    CardDef,
    Op,
    Stats,
    by_id,
    card_defs,
    center_deck,
    gateways,
    iter_ops,
    load_cards,
    load_champions,
    load_gateways,
    load_treasures,
    starting_champions,
    treasures,
)

STARTING_IDS = {
    "enlightened": {"arha_templar", "water_djinn", "dawnblade_paladin", "seer_of_the_veil",
                    "temple_sentinel", "oracle_lumen"},
    "lifebound": {"tyranyx", "faerie_commander", "thornback_warden", "grove_huntress",
                  "wild_druid", "stonehide_bear"},
    "mechana": {"icarus_steelfoot", "kor_the_ferromancer", "cogwright_marshal", "brass_sapper",
                "arclight_gunner", "iron_colossus"},
    "void": {"psyche_askara", "unbound_emissary", "twilight_scout", "shade_reaver",
             "voidmaw_stalker", "nightglass_witch"},
}


def all_ops(d: CardDef) -> list[Op]:
    return list(iter_ops(d.effect + d.allegiance + d.ambush + d.slay))


def center_cards() -> list[CardDef]:
    return [d for d in card_defs() if d.copies]


# --- the shipped content ---------------------------------------------------------------------

def test_center_deck_size_and_only_center_kinds() -> None:
    deck = center_deck()
    assert 128 <= len(deck) <= 136
    assert len(deck) == sum(d.copies for d in card_defs())
    defs = by_id()
    assert {defs[i].kind for i in deck} == set(CENTER_KINDS)
    assert all(defs[i].faction in FACTIONS and not defs[i].starting for i in deck)


def test_faction_shares_are_roughly_equal_and_each_has_every_kind() -> None:
    share = Counter(by_id()[i].faction for i in center_deck())
    quarter = len(center_deck()) / 4
    assert set(share) == set(FACTIONS)
    assert all(abs(n - quarter) <= 3 for n in share.values()), share
    kinds = Counter((d.faction, d.kind) for d in center_cards())
    for f in FACTIONS:
        for k in CENTER_KINDS:
            assert kinds[(f, k)] >= 1, (f, k)


def test_cost_curve_spans_one_to_eight_and_prices_are_paid_in_the_right_currency() -> None:
    for d in center_cards():
        if d.kind == "monster":
            assert d.power_cost >= 1 and d.cost == 0, d.id
        else:
            assert d.cost >= 1 and d.power_cost == 0, d.id
    assert {d.cost or d.power_cost for d in center_cards()} == set(range(1, 9))


def test_starters_piles_and_cultist() -> None:
    defs = by_id()
    expect = {"apprentice": ("starter", 0, "runes", 1), "militia": ("starter", 0, "power", 1),
              "mystic": ("pile", 3, "runes", 2), "heavy_infantry": ("pile", 2, "power", 2)}
    for key, (kind, cost, op, n) in expect.items():
        d = defs[key]
        assert (d.kind, d.cost, d.copies, d.faction) == (kind, cost, 0, "")
        assert d.effect == (Op(op, n),)
    c = defs["cultist"]
    assert (c.kind, c.command, c.strength, c.defense, c.speed, c.copies) == (
        "cultist", 2, 2, 1, 3, 0)


def test_the_24_starting_champions() -> None:
    champs = starting_champions()
    assert len(champs) == 24
    for f, ids in STARTING_IDS.items():
        assert {c.id for c in champs if c.faction == f} == ids
    for c in champs:
        assert c.kind == "champion" and c.starting and c.copies == 0 and c.cost == 0
        assert 1 <= c.command <= 5 and c.speed in (2, 3, 4) and c.defense >= 1
    assert sum(c.speed == 3 for c in champs) >= 16  # mostly the default speed
    for f in FACTIONS:
        costs = sorted(c.command for c in champs if c.faction == f)
        assert costs[0] == 1 and len(set(costs)) >= 3, (f, costs)


KEYWORD_WORDS = {"ranged": "Ranged", "area": "Area Attack", "double": "Double Attack",
                 "strikeback": "Strikeback"}


def test_a_champion_s_text_names_its_keywords_and_any_speed_but_3() -> None:
    for c in starting_champions():
        for k in c.keywords:
            assert KEYWORD_WORDS[k] in c.text, (c.id, k)
        assert (f"Speed {c.speed}" in c.text) == (c.speed != 3), (c.id, c.speed, c.text)


def test_named_starting_champion_facts() -> None:
    defs = by_id()
    assert defs["psyche_askara"].figures == 2
    assert all(c.figures == 1 for c in starting_champions() if c.id != "psyche_askara")
    kor = defs["kor_the_ferromancer"]
    assert [o.op for o in kor.slay] == ["move_portal"] and kor.slay[0].get("range") >= 1
    assert defs["faerie_commander"].command == 1
    assert "ranged" in defs["icarus_steelfoot"].keywords


def _rough_value(c: CardDef) -> float:
    """Strength + Defense, +2 per keyword, +1 for a slay, +-1 per point of Speed off 3."""
    body = c.strength + c.defense + 2 * len(c.keywords) + bool(c.slay) + (c.speed - 3)
    return body * c.figures


def test_champion_value_follows_command_cost() -> None:
    per_cost: dict[int, list[float]] = {}
    for c in starting_champions():
        per_cost.setdefault(c.command, []).append(_rough_value(c))
    means = [sum(v) / len(v) for _, v in sorted(per_cost.items())]
    assert means == sorted(means) and len(set(means)) == len(means), means
    # A cheap body is worth more than its numbers (it counts at a shrine like any other), so
    # a point of Power buys the most at cost 1.
    assert means[0] / 1 > max(m / cost for cost, m in enumerate(means[1:], start=2))


def test_every_op_of_the_vocabulary_is_used_by_a_card() -> None:
    used = {o.op for d in card_defs() for o in all_ops(d)}
    assert used == set(VOCABULARY)
    center_used = {o.op for d in center_cards() for o in all_ops(d)}
    assert center_used == set(VOCABULARY)


def test_every_op_field_and_value_is_in_the_vocabulary() -> None:
    for d in card_defs():
        for o in all_ops(d):
            fields = {k for k, _ in o.args} | ({"n"} if o.n else set())
            fields |= {"options"} if o.options else set()
            assert fields <= VOCABULARY[o.op], (d.id, o)


def test_faq_cards() -> None:
    defs = by_id()
    sw = defs["steelweaver"]
    assert sw.kind == "hero" and sw.effect == (Op("runes", 3), Op("construct_to_top"))
    eye = defs["all_seeing_eye"]
    assert eye.kind == "construct" and eye.bonus == Stats(command=-1)
    isla = defs["isla_the_serene"]
    assert (isla.kind, isla.faction) == ("hero", "enlightened")
    assert isla.effect == (Op("copy_center", args=(("kind", "hero"),)),) and not isla.ambush
    kiri = defs["kiri_meadow_witch"]
    assert (kiri.kind, kiri.faction) == ("hero", "lifebound")
    assert kiri.ambush == (Op("place_token", args=(("token", "faerie_ring"),)),)
    assert kiri.effect == (Op("move_token", args=(("token", "faerie_ring"),)),)
    mila = defs["salvagemaster_mila"]
    assert (mila.kind, mila.faction) == ("hero", "mechana")
    assert mila.ambush == (Op("place_token", args=(("token", "turret"),)),)
    assert [o.op for o in mila.effect] == ["move_token", "turret_attack"]
    assert mila.effect[0].get("token") == "turret" and mila.effect[1].n >= 1


def test_constructs_cover_strikeback_slay_and_a_big_defense() -> None:
    cons = [d for d in center_cards() if d.kind == "construct"]
    assert any("strikeback" in d.bonus.keywords for d in cons)
    assert any(d.slay for d in cons)
    assert any(d.bonus.defense >= 4 for d in cons)
    assert any("ranged" in d.bonus.keywords for d in cons)
    assert all(d.bonus != Stats() or d.slay or d.effect for d in cons)
    assert not any(d.bonus.keywords for d in center_cards() if d.kind != "construct")


def test_units_have_stats_and_heroes_have_effects() -> None:
    for d in card_defs():
        if d.kind in ("champion", "monster", "cultist"):
            assert d.defense >= 1 and d.speed >= 1 and d.figures >= 1, d.id
        if d.kind in ("hero", "starter", "pile"):
            assert d.effect, d.id
        assert d.allegiance_faction == (d.faction if d.faction else ""), d.id


def test_center_units_carry_an_ambush() -> None:
    units = [d for d in center_cards() if d.kind in ("champion", "monster")]
    assert sum(bool(d.ambush) for d in units) == len(units)
    assert any(d.allegiance for d in center_cards() if d.kind == "hero")


def test_gateways() -> None:
    gs = gateways()
    assert [g.slot for g in gs] == [1, 2, 3, 4]
    assert all(g.power == 2 and g.text.strip() and g.name.strip() for g in gs)
    assert gs[0].first_turn == ()
    for g in gs[1:]:
        assert Op("power", 2) in g.first_turn
    sizes = [len(g.first_turn) for g in gs]
    assert sizes == sorted(sizes) and sizes[1] >= 1 and sizes[3] > sizes[1]
    # The team faces (2 vs 2): Team 1 is slots 1 and 3 and moves first, so only Team 2's two
    # cards carry a first-turn bonus, each the same as Player 2's.
    faces = [g.team_face() for g in gs]
    assert [g.team for g in gs] == [1, 2, 1, 2]
    assert [f.first_turn for f in faces] == [(), gs[1].first_turn, (), gs[1].first_turn]
    assert all(f.power == 2 and f.text.startswith(f"Team {g.team}") for f, g in zip(
        faces, gs, strict=True))


def test_treasures() -> None:
    ts = treasures()
    assert len(ts) == 24
    kinds = Counter(t.id for t in ts)
    assert len(kinds) >= 5
    stats = [t.stats for t in ts]
    assert any(s.strength >= 2 for s in stats) and any(s.defense >= 2 for s in stats)
    assert any(s.speed >= 2 for s in stats)
    assert any(s.keywords == {"strikeback"} for s in stats)
    assert any("strikeback" in s.keywords and s.strength for s in stats)
    assert all(s.command == 0 and s.keywords <= set(KEYWORDS) for s in stats)


def test_no_empty_text_anywhere() -> None:
    for d in card_defs():
        assert d.text.strip() and d.name.strip(), d.id
    assert all(t.text.strip() for t in treasures())
    assert all(g.text.strip() for g in gateways())


def test_loads_are_cached() -> None:
    assert card_defs() is card_defs()
    assert by_id() is by_id()
    assert center_deck() is center_deck()


def test_op_get_and_defaults_are_filled_in() -> None:
    banish = by_id()["hollow_acolyte"].effect[0]
    assert banish.n == 1 and banish.get("optional") is True
    assert banish.get("from") == "hand_or_discard" and banish.get("missing", 7) == 7
    buff = by_id()["seedwarden"].effect[1]
    assert (buff.get("strength"), buff.get("defense"), buff.get("speed")) == (1, 0, 0)
    assert buff.get("keywords") == () and buff.get("n") == 0


# --- the loader's checks, on files written to tmp_path ----------------------------------------

def _toml(v: object) -> str:
    """A tiny TOML writer for the values these tests use."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float | str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(_toml(x) for x in v) + "]"
    assert isinstance(v, dict)
    return "{" + ", ".join(f"{k} = {_toml(x)}" for k, x in v.items()) + "}"


def _write(path: Path, table: str, *entries: dict[str, object]) -> Path:
    body = "\n".join(
        f"[[{table}]]\n" + "".join(f"{k} = {_toml(v)}\n" for k, v in e.items()) for e in entries
    )
    path.write_text(body)
    return path


HERO: dict[str, object] = {"id": "bad_card", "name": "Bad Card", "kind": "hero",
                           "faction": "void", "cost": 2, "copies": 1, "text": "Words.",
                           "effect": [{"op": "power", "n": 1}]}
MONSTER: dict[str, object] = {"id": "bad_card", "name": "Bad Card", "kind": "monster",
                              "faction": "void", "power_cost": 3, "copies": 1, "text": "Grr.",
                              "strength": 2, "defense": 2, "command": 1}
CONSTRUCT: dict[str, object] = {"id": "bad_card", "name": "Bad Card", "kind": "construct",
                                "faction": "mechana", "cost": 3, "copies": 1, "text": "Gear.",
                                "bonus": {"strength": 1}}


def _card_error(tmp_path: Path, *entries: dict[str, object]) -> ContentError:
    path = _write(tmp_path / CARDS_FILE, "card", *entries)
    with pytest.raises(ContentError) as info:
        load_cards(path)
    return info.value


def _is_at(err: ContentError, file: str, entry: str, field: str) -> None:
    assert (err.file, err.entry, err.field) == (file, entry, field), str(err)
    assert file in str(err) and entry in str(err) and field in str(err)


def test_a_valid_hand_written_card_loads(tmp_path: Path) -> None:
    (d,) = load_cards(_write(tmp_path / CARDS_FILE, "card", HERO))
    assert (d.id, d.kind, d.faction, d.cost, d.copies) == ("bad_card", "hero", "void", 2, 1)
    assert d.effect == (Op("power", 1),) and d.allegiance_faction == "void"


BAD_CARDS: list[tuple[str, dict[str, object], str, str]] = [
    ("unknown op", {**HERO, "effect": [{"op": "fly", "n": 1}]}, "effect[0].op", "unknown op"),
    ("unknown op in an option", {**HERO, "effect": [{"op": "choose", "options": [
        [{"op": "power", "n": 1}], [{"op": "teleport"}]]}]},
     "effect[0].options[1][0].op", "unknown op"),
    ("unknown card field", {**HERO, "colour": "red"}, "colour", "unknown field"),
    ("field of another kind", {**HERO, "strength": 3}, "strength", "unknown field"),
    ("unknown op field", {**HERO, "effect": [{"op": "power", "n": 1, "colour": "red"}]},
     "effect[0].colour", "unknown field for op"),
    ("wrong type", {**HERO, "cost": "2"}, "cost", "whole number"),
    ("a bool is not a number", {**HERO, "copies": True}, "copies", "whole number"),
    ("wrong type in an op", {**HERO, "effect": [{"op": "power", "n": "two"}]},
     "effect[0].n", "whole number"),
    ("effect not a list", {**HERO, "effect": {"op": "power", "n": 1}}, "effect", "list"),
    ("negative number", {**HERO, "cost": -1}, "cost", "≥ 1, not -1"),
    ("unknown faction", {**HERO, "faction": "fire"}, "faction", 'must be one of "enlightened"'),
    ("unknown allegiance faction", {**HERO, "allegiance": [{"op": "draw", "n": 1}],
                                    "allegiance_faction": "fire"},
     "allegiance_faction", 'must be one of "enlightened"'),
    ("unknown keyword", {**MONSTER, "keywords": ["flying"]}, "keywords", '"flying" is not one of'),
    ("unknown keyword in a buff", {**HERO, "effect": [
        {"op": "buff", "target": "all", "keywords": ["flying"]}]},
     "effect[0].keywords", '"flying" is not one of'),
    ("unknown keyword in a bonus", {**CONSTRUCT, "bonus": {"keywords": ["flying"]}},
     "bonus.keywords", '"flying" is not one of'),
    ("unknown bonus field", {**CONSTRUCT, "bonus": {"luck": 1}}, "bonus.luck", "unknown field"),
    ("choose without options", {**HERO, "effect": [{"op": "choose"}]},
     "effect[0].options", "needs"),
    ("choose with one option", {**HERO, "effect": [
        {"op": "choose", "options": [[{"op": "power", "n": 1}]]}]},
     "effect[0].options", "two or more"),
    ("choose with an empty option", {**HERO, "effect": [
        {"op": "choose", "options": [[{"op": "power", "n": 1}], []]}]},
     "effect[0].options", "at least one"),
    ("op missing its number", {**HERO, "effect": [{"op": "power"}]}, "effect[0].n", "needs"),
    ("damage missing its range", {**HERO, "effect": [{"op": "damage", "n": 2}]},
     "effect[0].range", "needs"),
    ("hero missing its cost", {k: v for k, v in HERO.items() if k != "cost"},
     "cost", "missing: needs a whole number"),
    ("monster missing its strength", {k: v for k, v in MONSTER.items() if k != "strength"},
     "strength", "missing: needs a whole number"),
    ("monster missing its power cost", {k: v for k, v in MONSTER.items() if k != "power_cost"},
     "power_cost", "missing: needs a whole number"),
    ("center card missing copies", {k: v for k, v in HERO.items() if k != "copies"},
     "copies", "missing: needs a whole number"),
    ("empty text", {**HERO, "text": "  "}, "text", "empty"),
    ("unknown kind", {**HERO, "kind": "spell"}, "kind", "must be one of"),
    ("bad choice value", {**HERO, "effect": [{"op": "banish", "from": "deck"}]},
     "effect[0].from", "must be one of"),
    ("bad token", {**HERO, "effect": [{"op": "place_token", "token": "tower"}]},
     "effect[0].token", "must be one of"),
    ("optional must be a bool", {**HERO, "effect": [
        {"op": "banish", "from": "hand", "optional": 1}]}, "effect[0].optional", "true or false"),
    ("buff that does nothing", {**HERO, "effect": [{"op": "buff", "target": "all"}]},
     "effect[0]", "change something"),
    ("self buff outside slay", {**HERO, "effect": [
        {"op": "buff", "target": "self", "strength": 1}]}, "effect[0].target", "slay"),
    ("portal move outside slay", {**MONSTER, "ambush": [{"op": "move_portal", "range": 2}]},
     "ambush[0].op", "slay"),
    ("construct that gives nothing", {k: v for k, v in CONSTRUCT.items() if k != "bonus"},
     "bonus", "something"),
    ("hero without an effect", {k: v for k, v in HERO.items() if k != "effect"},
     "effect", "needs an effect"),
    ("starter in the center deck", {"id": "bad_card", "name": "Bad", "kind": "starter",
                                    "copies": 2, "text": "x", "effect": [{"op": "runes", "n": 1}]},
     "copies", "must be 0"),
]


@pytest.mark.parametrize(("raw", "field", "words"), [c[1:] for c in BAD_CARDS],
                         ids=[c[0] for c in BAD_CARDS])
def test_bad_card_is_rejected_naming_file_card_and_field(
        tmp_path: Path, raw: dict[str, object], field: str, words: str) -> None:
    err = _card_error(tmp_path, raw)
    _is_at(err, CARDS_FILE, '[[card]] "bad_card"', field)
    assert words in str(err)


def test_bad_id_and_duplicate_ids(tmp_path: Path) -> None:
    err = _card_error(tmp_path, HERO, {**HERO, "name": "Again"})
    _is_at(err, CARDS_FILE, '[[card]] "bad_card"', "id")
    assert "twice" in str(err)
    err = _card_error(tmp_path, {k: v for k, v in HERO.items() if k != "id"})
    _is_at(err, CARDS_FILE, '[[card]] #1', "id")
    err = _card_error(tmp_path, {**HERO, "id": "Bad Card"})
    assert err.field == "id" and "snake" in str(err)


def test_invalid_toml_and_unknown_tables(tmp_path: Path) -> None:
    path = tmp_path / CARDS_FILE
    path.write_text("[[card]]\nid = \n")
    with pytest.raises(ContentError, match="cards.toml.*not valid TOML"):
        load_cards(path)
    path.write_text("[[cards]]\nid = \"x\"\n")
    with pytest.raises(ContentError) as info:
        load_cards(path)
    assert info.value.field == "cards" and "top-level" in str(info.value)
    with pytest.raises(ContentError, match="not found"):
        load_cards(tmp_path / "nowhere.toml")


CHAMP: dict[str, object] = {"id": "bad_champ", "name": "Bad Champ", "faction": "void",
                            "strength": 2, "defense": 2, "command": 1, "text": "Hm."}


@pytest.mark.parametrize(("raw", "field", "words"), [
    ({**CHAMP, "kind": "champion"}, "kind", "unknown field"),
    ({**CHAMP, "cost": 3}, "cost", "unknown field"),
    ({**CHAMP, "faction": "fire"}, "faction", 'must be one of "enlightened"'),
    ({**CHAMP, "keywords": ["flying"]}, "keywords", '"flying" is not one of'),
    ({**CHAMP, "defense": 0}, "defense", "≥ 1"),
    ({**CHAMP, "figures": 0}, "figures", "≥ 1"),
    ({**CHAMP, "speed": "fast"}, "speed", "whole number"),
    ({k: v for k, v in CHAMP.items() if k != "command"}, "command",
     "missing: needs a whole number"),
    ({**CHAMP, "slay": [{"op": "move_portal"}]}, "slay[0].range", "needs"),
], ids=["kind", "cost", "faction", "keyword", "defense", "figures", "speed", "command", "slay"])
def test_bad_starting_champion(tmp_path: Path, raw: dict[str, object], field: str,
                               words: str) -> None:
    path = _write(tmp_path / CHAMPIONS_FILE, "champion", raw)
    with pytest.raises(ContentError) as info:
        load_champions(path)
    _is_at(info.value, CHAMPIONS_FILE, '[[champion]] "bad_champ"', field)
    assert words in str(info.value)


def test_a_valid_champion_may_slay_with_self_buff_and_portal_move(tmp_path: Path) -> None:
    slay = [{"op": "buff", "target": "self", "strength": 1}, {"op": "move_portal", "range": 1}]
    path = _write(tmp_path / CHAMPIONS_FILE, "champion", {**CHAMP, "slay": slay})
    (c,) = load_champions(path)
    assert c.starting and c.kind == "champion" and c.speed == 3 and c.figures == 1
    assert [o.op for o in c.slay] == ["buff", "move_portal"]


def _content_copy(tmp_path: Path) -> Path:
    for name in (CARDS_FILE, CHAMPIONS_FILE, GATEWAYS_FILE, TREASURES_FILE):
        shutil.copy(CONTENT_DIR / name, tmp_path / name)
    return tmp_path


def test_a_content_directory_can_be_loaded_from_elsewhere(tmp_path: Path) -> None:
    where = _content_copy(tmp_path)
    assert card_defs(where) == card_defs()
    assert center_deck(where) == center_deck()
    assert len(starting_champions(where)) == 24
    assert gateways(where) == gateways() and treasures(where) == treasures()


def test_champion_id_reused_from_cards_file(tmp_path: Path) -> None:
    where = _content_copy(tmp_path)
    with (where / CHAMPIONS_FILE).open("a") as fh:
        fh.write('\n[[champion]]\nid = "steelweaver"\nname = "Twin"\nfaction = "mechana"\n'
                 'strength = 1\ndefense = 1\ncommand = 1\ntext = "Copy."\n')
    with pytest.raises(ContentError) as info:
        card_defs(where)
    _is_at(info.value, CHAMPIONS_FILE, '[[champion]] "steelweaver"', "id")


GATE: dict[str, object] = {"slot": 1, "name": "Gate", "power": 2, "text": "Go.",
                           "team_text": "Team go."}


@pytest.mark.parametrize(("entries", "entry", "field", "words"), [
    ([GATE, {**GATE, "slot": 2}, {**GATE, "slot": 2}], "[[gateway]] slot 2", "slot", "twice"),
    ([GATE, {**GATE, "slot": 3}], "[[gateway]] slot 3", "slot", "gaps"),
    ([{**GATE, "slot": 5}], "[[gateway]] slot 5", "slot", "1 to 4"),
    ([{**GATE, "first_turn": [{"op": "power", "n": 2}]}], "[[gateway]] slot 1", "first_turn",
     "no first-turn bonus"),
    ([GATE, {**GATE, "slot": 2, "first_turn": [{"op": "mana", "n": 2}]}], "[[gateway]] slot 2",
     "first_turn[0].op", "unknown op"),
    ([{k: v for k, v in GATE.items() if k != "power"}], "[[gateway]] slot 1", "power",
     "missing: needs a whole number"),
    ([{**GATE, "owner": "me"}], "[[gateway]] slot 1", "owner", "unknown field"),
    ([GATE, {**GATE, "slot": 2}, {**GATE, "slot": 3, "team_first_turn": [
        {"op": "power", "n": 2}]}], "[[gateway]] slot 3", "team_first_turn", "Team 1"),
    ([{k: v for k, v in GATE.items() if k != "team_text"}], "[[gateway]] slot 1", "team_text",
     "missing: needs text"),
], ids=["repeat", "gap", "slot5", "slot1-bonus", "op", "power", "field", "team1-bonus",
        "team-text"])
def test_bad_gateways(tmp_path: Path, entries: list[dict[str, object]], entry: str, field: str,
                      words: str) -> None:
    path = _write(tmp_path / GATEWAYS_FILE, "gateway", *entries)
    with pytest.raises(ContentError) as info:
        load_gateways(path)
    _is_at(info.value, GATEWAYS_FILE, entry, field)
    assert words in str(info.value)


TREASURE: dict[str, object] = {"id": "bad_token", "name": "Bad", "copies": 2, "strength": 2,
                               "text": "Oomph."}


def test_treasures_expand_by_copies(tmp_path: Path) -> None:
    path = _write(tmp_path / TREASURES_FILE, "treasure", TREASURE,
                  {**TREASURE, "id": "thorns", "strength": 0, "keywords": ["strikeback"],
                   "copies": 1})
    ts = load_treasures(path)
    assert [t.id for t in ts] == ["bad_token", "bad_token", "thorns"]
    assert ts[2].stats == Stats(keywords=frozenset({"strikeback"}))


@pytest.mark.parametrize(("raw", "field", "words"), [
    ({**TREASURE, "keywords": ["flying"]}, "keywords", '"flying" is not one of'),
    ({**TREASURE, "command": -1}, "command", "unknown field"),
    ({**TREASURE, "strength": 0}, "strength", "gives nothing"),
    ({k: v for k, v in TREASURE.items() if k != "copies"}, "copies",
     "missing: needs a whole number"),
    ({**TREASURE, "defense": 1.5}, "defense", "whole number"),
], ids=["keyword", "command", "nothing", "copies", "float"])
def test_bad_treasures(tmp_path: Path, raw: dict[str, object], field: str, words: str) -> None:
    path = _write(tmp_path / TREASURES_FILE, "treasure", raw)
    with pytest.raises(ContentError) as info:
        load_treasures(path)
    _is_at(info.value, TREASURES_FILE, '[[treasure]] "bad_token"', field)
    assert words in str(info.value)


def test_duplicate_treasure_ids(tmp_path: Path) -> None:
    path = _write(tmp_path / TREASURES_FILE, "treasure", TREASURE, TREASURE)
    with pytest.raises(ContentError, match="twice"):
        load_treasures(path)
