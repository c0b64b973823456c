"""The Firepeak content files: counts the rulebook fixes, and loud, precise load errors."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from core.content import ContentError, Fields
from core.firepeak import cards
from core.firepeak.cards import (
    CLAN_DEFS,
    CREATURES,
    SPELL_BY_KEY,
    SPELL_DEFS,
    SPELLS,
    WIZARDS,
)
from core.firepeak.pattern import CLANS, OPPOSING


def test_sixty_creatures_ten_per_clan_with_the_printed_powers() -> None:
    assert len(CREATURES) == 60
    for clan in CLANS:
        powers = sorted((c.power for c in CREATURES if c.clan == clan), reverse=True)
        assert powers == [4, 4, 3, 3, 3, 2, 2, 2, 1, 1]
    assert len({c.name for c in CREATURES}) == 60
    assert [c.uid for c in CREATURES] == list(range(60))


def test_the_rulebooks_diagram_creatures_are_there() -> None:
    by_name = {c.name: c for c in CREATURES}
    for name, power in (("Troll", 4), ("Ogre", 3), ("Orc", 2), ("Ghost", 2), ("Goblin", 1)):
        assert by_name[name].power == power
    # The diagram's pattern is legal, so its clans are never opposed to each other.
    diagram = {by_name[n].clan for n in ("Troll", "Ogre", "Orc", "Ghost", "Goblin")}
    assert not any(OPPOSING[a] in diagram for a in diagram)


def test_one_named_wizard_per_clan_and_clan_texts() -> None:
    assert sorted(w.clan for w in WIZARDS) == sorted(CLANS)
    assert all(w.name and w.text for w in WIZARDS)
    assert sorted(c.key for c in CLAN_DEFS) == sorted(CLANS)
    assert all(c.power_text for c in CLAN_DEFS)


def test_spell_deck_size_variety_and_atrophy() -> None:
    assert len(SPELLS) >= 48 and len(SPELL_DEFS) >= 24
    types = Counter(d.type for d in SPELL_DEFS)
    assert set(types) == {"instant", "aura", "enchantment", "circle"}
    atrophy = SPELL_BY_KEY["atrophy"]
    assert atrophy.type == "enchantment" and atrophy.power == -1
    assert all(d.text and d.ops and d.component.count in (1, 2) for d in SPELL_DEFS)
    # Every clan is asked for by some component, so every clan feeds some spell.
    assert {d.component.clan for d in SPELL_DEFS} >= set(CLANS)


def _spell(raw: dict[str, Any]) -> cards.SpellDef:
    return cards._spell(Fields(raw, "spells.toml", '[[spell]] "x"'))


GOOD = {"id": "x", "name": "X", "type": "instant", "copies": 1, "text": "t",
        "effect": [{"op": "draw_spells", "n": 1}]}


@pytest.mark.parametrize(("change", "message"), [
    ({"type": "ritual"}, 'field "type": must be one of'),
    ({"copies": 0}, 'field "copies": must be a whole number from 1 to 6, not 0'),
    ({"effect": [{"op": "teleport"}]}, 'field "effect[0].op": "teleport" is not allowed'),
    ({"effect": [{"op": "power", "n": 1}]}, "not allowed on an instant"),
    ({"effect": [{"op": "draw_spells", "n": 1, "clan": "x"}]},
     'field "effect[0].clan": unknown field for op "draw_spells"'),
    ({"effect": [{"op": "extra_action", "action": "fly", "n": 1}]}, 'field "effect[0].action"'),
    ({"component": {"count": 3}}, 'field "component.count"'),
    ({"component": {"clan": "elves"}}, 'field "component.clan"'),
    ({"component": {"same_clan": True}}, "needs a count of 2"),
    ({"target": "own"}, 'field "target"'),
    ({"colour": "red"}, 'field "colour": unknown field'),
])
def test_bad_spells_fail_naming_file_card_and_field(change: dict[str, Any], message: str
                                                    ) -> None:
    with pytest.raises(ContentError) as err:
        _spell({**GOOD, **change})
    text = str(err.value)
    assert text.startswith('spells.toml: [[spell]] "x"') and message in text


def test_missing_field_is_named() -> None:
    raw = dict(GOOD)
    del raw["name"]
    with pytest.raises(ContentError, match=re.escape('[[spell]] "x", field "name": missing')):
        _spell(raw)


def test_a_clan_with_wrong_powers_fails_loudly(tmp_path: Path) -> None:
    text = cards.CREATURE_FILE.read_text().replace('{ name = "Goblin", power = 1 }',
                                                   '{ name = "Goblin", power = 2 }')
    bad = tmp_path / "creatures.toml"
    bad.write_text(text)
    with pytest.raises(ContentError, match=re.escape(
            'creatures.toml: [[clan]] "doombringers", field "creatures": a clan needs')):
        cards.load_creatures(bad)


def test_duplicate_spell_ids_fail(tmp_path: Path) -> None:
    text = cards.SPELL_FILE.read_text()
    bad = tmp_path / "spells.toml"
    bad.write_text(text + text[text.index("[[spell]]"):text.index("[[spell]]") + 600]
                   .rsplit("[[spell]]", 1)[0])
    with pytest.raises(ContentError, match="the same id is used twice"):
        cards.spell_defs(bad)
