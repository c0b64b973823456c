"""core.content: the one content error, loader and field readers, and every game's content
files refusing each kind of mistake with the file, the entry and the field named."""

from __future__ import annotations

import json
import pickle
import re
import sys
import tomllib
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from core.ascension import cards as ascension_cards
from core.content import ContentError, Fields, content_dir, content_file, parse, read
from core.firepeak import cards as firepeak_cards
from core.tactics import cards as tactics_cards
from core.tactics import scenarios as tactics_scenarios
from core.tactics import villains as tactics_villains

# --- the error and the readers ----------------------------------------------------------------


def test_the_message_names_file_entry_and_field() -> None:
    err = ContentError("cards.toml", '[[card]] "mystic"', "cost", "must be a whole number ≥ 0")
    assert str(err) == 'cards.toml: [[card]] "mystic", field "cost": must be a whole number ≥ 0'
    assert (err.file, err.entry, err.field, err.problem) == (
        "cards.toml", '[[card]] "mystic"', "cost", "must be a whole number ≥ 0")
    assert isinstance(err, ValueError)
    assert str(ContentError("a.toml", "", "", "file not found")) == "a.toml: file not found"
    assert str(ContentError("a.toml", '[[card]] "x"', "", "used twice")) == (
        'a.toml: [[card]] "x": used twice')
    assert str(ContentError("a.toml", "", "cards", "unknown")) == 'a.toml: field "cards": unknown'
    again = pickle.loads(pickle.dumps(err))
    assert (str(again), again.field) == (str(err), "cost")


def entry(**raw: Any) -> Fields:
    return Fields(raw, "t.toml", '[[card]] "x"')


READER_MISTAKES: list[tuple[str, Callable[[Fields], object], dict[str, Any], str, str]] = [
    ("missing number", lambda f: f.integer("n"), {}, "n", "missing: needs a whole number"),
    ("text for a number", lambda f: f.integer("n"), {"n": "1"}, "n",
     'must be a whole number, not "1"'),
    ("true is not 1", lambda f: f.integer("n"), {"n": True}, "n", "not true"),
    ("a float is not whole", lambda f: f.integer("n", 0), {"n": 1.5}, "n", "not 1.5"),
    ("below the range", lambda f: f.integer("n", lo=1, hi=4), {"n": 0}, "n",
     "must be a whole number from 1 to 4, not 0"),
    ("above the range", lambda f: f.integer("n", hi=3), {"n": 4}, "n", "≤ 3, not 4"),
    ("negative", lambda f: f.integer("n", 0, lo=0), {"n": -1}, "n", "≥ 0, not -1"),
    ("missing text", lambda f: f.text("name"), {}, "name", "missing: needs text"),
    ("number for text", lambda f: f.text("name"), {"name": 3}, "name", "must be text, not 3"),
    ("blank text", lambda f: f.text("name", blank=False), {"name": "  "}, "name", "empty"),
    ("outside the set", lambda f: f.choice("kind", ("hero", "monster")), {"kind": "elf"},
     "kind", 'must be one of "hero" or "monster", not "elf"'),
    ("not a flag", lambda f: f.flag("on", False), {"on": 1}, "on", "true or false, not 1"),
    ("not a list", lambda f: f.strings("tags"), {"tags": "a"}, "tags", 'list, not "a"'),
    ("a number in a list of text", lambda f: f.strings("tags"), {"tags": ["a", 2]}, "tags",
     "item 2 is 2"),
    ("text outside its set", lambda f: f.strings("tags", options=("a",)), {"tags": ["b"]},
     "tags", '"b" is not one of "a"'),
    ("text in a list of numbers", lambda f: f.integers("ns"), {"ns": [1, "2"]}, "ns",
     'item 2 is "2"'),
    ("not a table", lambda f: f.table("bonus"), {"bonus": 1}, "bonus", "must be a table"),
    ("a number in a list of tables", lambda f: f.tables("effect"), {"effect": [{}, 3]},
     "effect[1]", "must be a table, not 3"),
    ("nested field", lambda f: f.tables("effect")[0].integer("n"), {"effect": [{"n": "x"}]},
     "effect[0].n", "whole number"),
    ("nested table field", lambda f: f.table("bonus").choice("k", ("a",)), {"bonus": {"k": 1}},
     "bonus.k", "one of"),
    ("unknown keys", lambda f: f.only({"id"}, "for a card"), {"id": "x", "zz": 1, "aa": 2},
     "aa", "unknown field for a card (so is zz)"),
    ("more unknown keys", lambda f: f.only({"id"}), {"id": "x", "c": 1, "b": 1, "a": 2}, "a",
     "unknown field (so are b, c)"),
    ("bad id", lambda f: f.identifier(), {"id": "Big One"}, "id", "lower_snake_case"),
]


@pytest.mark.parametrize(("read_it", "raw", "field", "words"),
                         [m[1:] for m in READER_MISTAKES], ids=[m[0] for m in READER_MISTAKES])
def test_each_reader_refuses_naming_the_field(read_it: Callable[[Fields], object],
                                              raw: dict[str, Any], field: str,
                                              words: str) -> None:
    with pytest.raises(ContentError) as info:
        read_it(entry(**raw))
    assert (info.value.file, info.value.entry, info.value.field) == ("t.toml", '[[card]] "x"',
                                                                     field)
    assert words in info.value.problem, str(info.value)


def test_readers_give_defaults_and_values() -> None:
    f = entry(n=3, name="X", kind="hero", on=True, tags=["a"], ns=[1, 2], bonus={"k": "a"})
    assert (f.integer("n", lo=0, hi=3), f.integer("gone", 7)) == (3, 7)
    assert (f.text("name"), f.text("gone", "")) == ("X", "")
    assert (f.choice("kind", ("hero",)), f.choice("gone", ("hero",), "")) == ("hero", "")
    assert (f.flag("on"), f.flag("gone", False)) == (True, False)
    assert (f.strings("tags"), f.strings("gone", ())) == (("a",), ())
    assert f.integers("ns") == (1, 2) and f.tables("gone", ()) == []
    assert f.table("bonus").raw == {"k": "a"} and f.table("gone", {}).raw == {}


def test_an_overlay_names_the_fields_it_changed() -> None:
    f = entry(cost=3, honor=1, edition2={"cost": -1})
    over = f.overlaid("edition2")
    assert (over.integer("honor"), "edition2" in over) == (1, False)
    with pytest.raises(ContentError) as info:
        over.integer("cost", lo=0)
    assert info.value.field == "edition2.cost"


def test_entries_are_named_by_id_by_number_or_by_place() -> None:
    doc = parse('[[card]]\nid = "a"\n[[card]]\nname = "b"\n[[gate]]\nslot = 2\n', "t.toml",
                ("card", "gate"))
    assert [e.entry for e in doc.entries("card")] == ['[[card]] "a"', "[[card]] #2"]
    assert [e.entry for e in doc.entries("gate", key="slot")] == ["[[gate]] slot 2"]
    assert doc.entries("none") == []
    twice = parse('[[card]]\nid = "a"\n[[card]]\nid = "a"\n', "t.toml", ("card",))
    with pytest.raises(ContentError) as info:
        twice.entries("card")
    assert str(info.value) == 't.toml: [[card]] "a", field "id": the same id is used twice'


@pytest.mark.parametrize(("data", "field", "words"), [
    (b"[[card]\n", "", "not valid TOML"),
    (b'title = "x"\n', "title", "unknown top-level key (expected [[card]])"),
    (b"card = 3\n", "card", "must be written as [[card]] tables"),
    (b'name = "\xff"\n', "", "not UTF-8 text"),
], ids=["not toml", "top-level key", "not tables", "not utf-8"])
def test_a_bad_file_is_named(tmp_path: Path, data: bytes, field: str, words: str) -> None:
    path = tmp_path / "cards.toml"
    path.write_bytes(data)
    with pytest.raises(ContentError) as info:
        read(path, ("card",))
    assert (info.value.file, info.value.entry, info.value.field) == ("cards.toml", "", field)
    assert words in str(info.value)
    with pytest.raises(ContentError, match="^gone.toml: file not found$"):
        read(tmp_path / "gone.toml", ("card",))


def test_content_files_are_found_through_the_package() -> None:
    source = content_file("core.tactics", "scenarios.toml")
    assert source.name == "scenarios.toml" and source.is_file()
    assert source == tactics_scenarios.CONTENT
    assert content_dir("core.tactics") == files("core.tactics").joinpath("content")


def test_content_is_read_from_a_zipped_package(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    archive = tmp_path / "game.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("zipped_game/__init__.py", "")
        zf.writestr("zipped_game/content/cards.toml", '[[card]]\nid = "x"\n')
    monkeypatch.syspath_prepend(str(archive))
    monkeypatch.delitem(sys.modules, "zipped_game", raising=False)  # forgotten after the test
    source = content_file("zipped_game", "cards.toml")
    assert not isinstance(source, Path)
    (card,) = read(source, ("card",)).entries("card")
    assert card.identifier() == "x"
    with pytest.raises(ContentError, match="^gone.toml: file not found$"):
        read(content_file("zipped_game", "gone.toml"), ("card",))


# --- every game's files refuse every kind of mistake ------------------------------------------

GONE = object()  # a Mistake value that deletes the field


@dataclass(frozen=True)
class Mistake:
    """A wrong value planted at ``path`` inside entry ``index`` of ``table``; the error must
    name that field and say ``words``."""

    path: tuple[str | int, ...]
    value: object
    words: str
    table: str = ""  # the file's first table unless given
    index: int = 0


@dataclass(frozen=True)
class Shipped:
    """A shipped content file, the function that loads one like it, and its planted mistakes."""

    name: str
    load: Callable[[Path], object]
    tables: tuple[str, ...]
    mistakes: dict[str, Mistake]
    key: str = "id"  # the field that names an entry

    @property
    def source(self) -> Path:
        return Path(str(content_file(f"core.{self.name.split('/')[0]}", self.file)))

    @property
    def file(self) -> str:
        return self.name.split("/")[1]


SHIPPED = [
    Shipped("ascension/cards.toml", ascension_cards.load_cards, ("card",), {
        "missing field": Mistake(("text",), GONE, "missing: needs text"),
        "wrong type": Mistake(("cost",), "0", 'must be a whole number ≥ 0, not "0"'),
        "out of range": Mistake(("effect", 0, "n"), -1, "≥ 0, not -1"),
        "bad reference": Mistake(("faction",), "fire", 'not "fire"'),
    }),
    Shipped("firepeak/creatures.toml", firepeak_cards.load_creatures, ("clan", "wizard"), {
        "missing field": Mistake(("power_text",), GONE, "missing: needs text"),
        "wrong type": Mistake(("name",), 3, "must be text, not 3"),
        "out of range": Mistake(("creatures", 0, "power"), 5, "from 1 to 4, not 5"),
        "bad reference": Mistake(("clan",), "elves", 'not "elves"', table="wizard"),
    }),
    Shipped("firepeak/spells.toml", firepeak_cards.spell_defs, ("spell",), {
        "missing field": Mistake(("text",), GONE, "missing: needs text"),
        "wrong type": Mistake(("copies",), "2", 'not "2"'),
        "out of range": Mistake(("copies",), 9, "from 1 to 6, not 9"),
        "bad reference": Mistake(("component", "clan"), "elves", 'not "elves"'),
    }),
    Shipped("tactics/cards.toml", tactics_cards.load_cards, ("card",), {
        "missing field": Mistake(("text",), GONE, "missing: needs text"),
        "wrong type": Mistake(("effect", 0, "n"), "1", 'must be a whole number ≥ 1, not "1"'),
        "out of range": Mistake(("effect", 0, "n"), 0, "≥ 1, not 0"),
        "bad reference": Mistake(("effect", 0, "op"), "fly", 'unknown op "fly"'),
    }),
    Shipped("tactics/champions.toml", tactics_cards.load_champions, ("champion",), {
        "missing field": Mistake(("command",), GONE, "missing: needs a whole number"),
        "wrong type": Mistake(("speed",), "fast", 'not "fast"'),
        "out of range": Mistake(("defense",), 0, "≥ 1, not 0"),
        "bad reference": Mistake(("faction",), "fire", 'not "fire"'),
    }),
    Shipped("tactics/gateways.toml", tactics_cards.load_gateways, ("gateway",), {
        "missing field": Mistake(("power",), GONE, "missing: needs a whole number"),
        "wrong type": Mistake(("power",), "2", 'not "2"'),
        "out of range": Mistake(("slot",), 5, "from 1 to 4, not 5"),
        "bad reference": Mistake(("first_turn", 0, "op"), "mana", 'unknown op "mana"',
                                 index=1),
    }, key="slot"),
    Shipped("tactics/treasures.toml", tactics_cards.load_treasures, ("treasure",), {
        "missing field": Mistake(("copies",), GONE, "missing: needs a whole number"),
        "wrong type": Mistake(("strength",), 1.5, "not 1.5"),
        "out of range": Mistake(("copies",), 0, "≥ 1, not 0"),
        "bad reference": Mistake(("keywords",), ["flying"], '"flying" is not one of'),
    }),
    Shipped("tactics/scenarios.toml", tactics_scenarios.load_scenarios, ("scenario",), {
        "missing field": Mistake(("victory_honor",), GONE, "missing: needs a whole number"),
        "wrong type": Mistake(("players",), "2", 'must be a list, not "2"'),
        "out of range": Mistake(("victory_honor",), 500, "from 1 to 120, not 500"),
        "bad reference": Mistake(("rosters", "1"), ["nobody"], 'unknown champion id "nobody"'),
    }),
    Shipped("tactics/villains.toml", tactics_villains.load_villains, ("villain",), {
        "missing field": Mistake(("solo", "honor"), GONE, "missing: needs a whole number"),
        "wrong type": Mistake(("coop", "keywords"), "ranged", 'must be a list, not "ranged"'),
        "out of range": Mistake(("solo", "defense"), 0, "≥ 1, not 0"),
        "bad reference": Mistake(("id",), "nobody", 'no champion "nobody"'),
    }),
    Shipped("tactics/schemes.toml", tactics_villains.load_schemes, ("scheme",), {
        "missing field": Mistake(("bonus_text",), GONE, "missing: needs text"),
        "wrong type": Mistake(("threat",), "6", 'must be a whole number ≥ 1, not "6"'),
        "out of range": Mistake(("threat",), 0, "≥ 1, not 0"),
        "bad reference": Mistake(("effect", 0, "objectives"), ["purple"],
                                 '"purple" is not one of'),
    }),
    Shipped("tactics/campaign.toml", tactics_villains.load_campaign, ("chapter", "campaign"), {
        "missing field": Mistake(("after",), GONE, "missing: needs text"),
        "wrong type": Mistake(("picks",), "4", 'not "4"', table="campaign"),
        "out of range": Mistake(("picks",), 9, "from 1 to 8, not 9", table="campaign"),
        "bad reference": Mistake(("scenario",), "nowhere", 'no scenario "nowhere"'),
    }),
]
KINDS = ("missing field", "wrong type", "out of range", "bad reference")


def toml(value: object) -> str:
    """A value as inline TOML (enough for every value the content files hold)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | str):
        return json.dumps(value)  # JSON's strings and numbers are TOML's too
    if isinstance(value, list):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    assert isinstance(value, dict)
    return "{" + ", ".join(f"{k} = {toml(v)}" for k, v in value.items()) + "}"


def write(path: Path, data: dict[str, list[dict[str, Any]]]) -> Path:
    path.write_text("\n".join(
        f"[[{table}]]\n" + "".join(f"{k} = {toml(v)}\n" for k, v in e.items())
        for table, entries in data.items() for e in entries), encoding="utf-8")
    return path


def shipped_data(shipped: Shipped) -> dict[str, list[dict[str, Any]]]:
    return tomllib.loads(shipped.source.read_text(encoding="utf-8"))


def where(path: tuple[str | int, ...]) -> str:
    """``("effect", 0, "n")`` as the error names it: ``effect[0].n``."""
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else f".{step}" if out else step
    return out


def named(table: str, key: str, raw: dict[str, Any]) -> str:
    ident = raw[key]
    return f'[[{table}]] "{ident}"' if isinstance(ident, str) else f"[[{table}]] {key} {ident}"


def refused(shipped: Shipped, path: Path) -> ContentError:
    with pytest.raises(ContentError) as info:
        shipped.load(path)
    err = info.value
    assert err.file == shipped.file
    for part in (shipped.file, err.entry, err.field):
        assert part in str(err)
    return err


@pytest.mark.parametrize("shipped", SHIPPED, ids=[s.name for s in SHIPPED])
def test_the_files_written_back_load_the_same(tmp_path: Path, shipped: Shipped) -> None:
    """The mistakes below are planted in a rewritten copy: unchanged, it loads the same."""
    copy = write(tmp_path / shipped.file, shipped_data(shipped))
    assert shipped.load(copy) == shipped.load(shipped.source)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("shipped", SHIPPED, ids=[s.name for s in SHIPPED])
def test_a_wrong_field_names_file_entry_and_field(tmp_path: Path, shipped: Shipped,
                                                  kind: str) -> None:
    mistake = shipped.mistakes[kind]
    table = mistake.table or shipped.tables[0]
    data = shipped_data(shipped)
    target = data[table][mistake.index]
    *outer, last = mistake.path
    holder: Any = target
    for step in outer:
        holder = holder[step]
    if mistake.value is GONE:
        del holder[last]
    else:
        holder[last] = mistake.value
    err = refused(shipped, write(tmp_path / shipped.file, data))
    assert (err.entry, err.field) == (named(table, shipped.key, target), where(mistake.path))
    assert mistake.words in err.problem, str(err)


@pytest.mark.parametrize("shipped", SHIPPED, ids=[s.name for s in SHIPPED])
def test_an_unknown_key_is_refused_by_name(tmp_path: Path, shipped: Shipped) -> None:
    data = shipped_data(shipped)
    table = shipped.tables[0]
    data[table][0]["colour"] = "red"
    err = refused(shipped, write(tmp_path / shipped.file, data))
    assert (err.entry, err.field) == (named(table, shipped.key, data[table][0]), "colour")
    assert err.problem.startswith("unknown field")


@pytest.mark.parametrize("shipped", SHIPPED, ids=[s.name for s in SHIPPED])
def test_a_reused_id_is_refused(tmp_path: Path, shipped: Shipped) -> None:
    data = shipped_data(shipped)
    table = shipped.tables[0]
    data[table].append(dict(data[table][0]))
    err = refused(shipped, write(tmp_path / shipped.file, data))
    assert (err.entry, err.field) == (named(table, shipped.key, data[table][0]), shipped.key)
    assert err.problem == f"the same {shipped.key} is used twice"


@pytest.mark.parametrize("shipped", SHIPPED, ids=[s.name for s in SHIPPED])
def test_a_file_that_is_not_toml_or_not_there_is_named(tmp_path: Path,
                                                       shipped: Shipped) -> None:
    path = tmp_path / shipped.file
    path.write_text(f"[[{shipped.tables[0]}]\n", encoding="utf-8")
    err = refused(shipped, path)
    assert (err.entry, err.field) == ("", "")
    assert re.match(rf"{re.escape(shipped.file)}: not valid TOML \(.*line 1", str(err))
    with pytest.raises(ContentError, match=f"^{re.escape(shipped.file)}: file not found$"):
        shipped.load(tmp_path / "gone" / shipped.file)


def test_an_edition_change_is_read_and_named_under_its_table(tmp_path: Path) -> None:
    shipped = SHIPPED[0]
    data = shipped_data(shipped)
    card = next(c for c in data["card"] if "cost" in c.get("edition2", {}))
    card["edition2"]["cost"] = -1
    path = write(tmp_path / shipped.file, data)
    assert len(ascension_cards.load_cards(path, 1)) == len(data["card"])
    with pytest.raises(ContentError) as info:
        ascension_cards.load_cards(path, 2)
    assert (info.value.entry, info.value.field) == (f'[[card]] "{card["id"]}"', "edition2.cost")
    card["edition2"]["colour"] = "red"  # an unknown field is refused in either edition
    with pytest.raises(ContentError, match='field "edition2.colour": unknown field'):
        ascension_cards.load_cards(write(path, data), 1)
