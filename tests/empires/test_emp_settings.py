"""Ascending Empires' set-up settings: the rows the New game screen and the command line are
built from, each one an option set-up reads and keeps."""

from __future__ import annotations

import pytest

from core.empires import new_game
from core.empires.settings import MODULE_SETTINGS
from core.empires.setup import MODULES, normalize_options
from core.games import info


def test_the_row_offers_the_rules_steadiness_each_module_and_the_event_count() -> None:
    row = info("empires")
    assert row.playable and row.players == (1, 4)
    assert [s.key for s in row.settings] == ["mode", "scenario", "rules", "steadiness",
                                             *MODULES, "events",
                                             *(m["path"] for m in MODULE_SETTINGS)]
    assert [v for v, _ in row.setting("steadiness").choices({})] == [
        "exact", "steady", "normal", "shaky"]
    assert row.setting("steadiness").default_for({}) == "normal"


def test_a_module_switched_on_is_played_and_kept_in_the_options() -> None:
    o = normalize_options({"guardian_warships": True})
    assert o["modules"] == ["guardian_warships"]
    assert o["guardian_warships"] is True and "ancient_libraries" not in o
    assert normalize_options({"ancient_libraries": False})["ancient_libraries"] is False
    s = new_game({"players": 3, "ancient_libraries": True}, 4)
    assert s.options["modules"] == ["ancient_libraries"] and s.options["ancient_libraries"]


def test_the_event_count_follows_the_modules_on() -> None:
    events = info("empires").setting("events")
    assert [v for v, _ in events.choices({})] == [1, 2]
    both = dict.fromkeys(MODULES, True)
    assert [v for v, _ in events.choices(both)] == [2]
    assert events.default_for(both) == 2
    with pytest.raises(ValueError, match="at least one for each module"):
        normalize_options({**both, "events": 1})


def test_a_switch_that_is_not_on_or_off_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="guardian_warships is on"):
        normalize_options({"guardian_warships": "yes"})
