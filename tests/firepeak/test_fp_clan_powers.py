"""The optional Clan Powers rule: each of the six, on and off."""

from __future__ import annotations

from firepeak_helpers import act, choices, kinds, put, rig, table, uid

import core.firepeak as F
from core.contract import Action
from core.firepeak.effects import DRAW, NO_DRAW
from core.firepeak.pattern import EMPTY
from core.firepeak.state import DUNGEON, GUARD


def test_doombringers_brainwashed_give_one_more_action_once_per_turn() -> None:
    s = table(clan_powers=True)
    ogre, orc = put(s, "Ogre", 0), put(s, "Orc", 0)
    rig(s, 5)
    act(s, "brainwash", ogre)
    assert s.turn.bonus == ["any"] and s.turn.doombringer_used
    act(s, "place", 0)
    rig(s, 5)
    act(s, "brainwash", orc)
    assert s.turn.bonus == ["any"]  # once per turn only
    act(s, "place", 2)
    assert s.turn.actions_left == 0
    act(s, "imprison", 2)  # the extra action is a full action
    assert s.turn.bonus == []


def test_doombringer_power_is_off_without_the_variant() -> None:
    s = table()
    ogre = put(s, "Ogre", 0)
    rig(s, 5)
    act(s, "brainwash", ogre)
    assert s.turn.bonus == []


def test_holy_order_rescue_with_one_more() -> None:
    for powers, outcome in ((True, "rescue_won"), (False, "rescue_tie")):
        s = table(clan_powers=powers)
        put(s, "Paladin", 0, 0)
        put(s, "Orc", 1)
        rig(s, 3, 6)  # 3 + 3 (+1) against 6
        assert outcome in kinds(act(s, "rescue", 0, 1))


def test_twilight_spawn_may_keep_its_captive_as_a_minion() -> None:
    s = table(clan_powers=True)
    put(s, "Lich", 0, 0)
    orc = put(s, "Orc", 1, 0)
    rig(s, 6, 1, 3)  # capture won 10 to 4; then 3 > the Orc's printed 2
    act(s, "capture", 0, 10)
    assert s.pending.kind == "place" and set(choices(s)) == {2, 3, DUNGEON}
    assert F.view(s, 1).pending.source == orc  # a captive is no secret
    act(s, "place", 3)
    assert s.players[0].pattern[3] == orc and orc not in s.players[0].dungeon


def test_twilight_spawn_roll_must_beat_the_captives_power() -> None:
    s = table(clan_powers=True)
    put(s, "Lich", 0, 0)
    orc = put(s, "Orc", 1, 0)
    rig(s, 6, 1, 2)
    act(s, "capture", 0, 10)
    assert s.pending is None and orc in s.players[0].dungeon


def test_twilight_spawn_guard_has_no_minions() -> None:
    s = table(clan_powers=True)
    put(s, "Lich", 0, GUARD)
    orc = put(s, "Orc", 1, 0)
    rig(s, 6, 1)  # no captive roll: nothing to place it under
    act(s, "capture", GUARD, 10)
    assert s.pending is None and orc in s.players[0].dungeon


def test_twilight_spawn_power_is_off_without_the_variant() -> None:
    s = table()
    put(s, "Lich", 0, 0)
    put(s, "Orc", 1, 0)
    rig(s, 6, 1)
    act(s, "capture", 0, 10)
    assert s.pending is None


def test_dawn_keepers_research_may_draw_one_more() -> None:
    """The rulebook's "may": with Clan Powers the player is asked, and either answer holds."""
    for powers, answer, drawn in ((True, DRAW, 2), (True, NO_DRAW, 1), (False, None, 1)):
        s = table(clan_powers=powers)
        a, b = put(s, "Sunspear", 0), put(s, "Morning Lark", 0)
        act(s, "research", min(a, b), max(a, b))
        assert len(s.players[0].spellbook) == 1  # the certain draw
        if answer is None:
            assert s.pending is None
        else:
            assert s.pending.kind == "extra_spell" and choices(s) == (DRAW, NO_DRAW)
            act(s, "extra_spell", answer)
        assert len(s.players[0].spellbook) == drawn and s.pending is None


def test_other_clans_research_asks_nothing() -> None:
    s = table(clan_powers=True)
    a, b = put(s, "Troll", 0), put(s, "Ogre", 0)  # two Doombringers
    act(s, "research", min(a, b), max(a, b))
    assert s.pending is None and len(s.players[0].spellbook) == 1


def test_night_wing_free_move_or_swap_once_per_turn() -> None:
    s = table(clan_powers=True)
    put(s, "Troll", 0, 0)
    put(s, "Harpy", 0, 2)
    put(s, "Orc", 0, 3)
    s.turn.actions_left = 0
    legal = F.legal_actions(s)
    assert Action("move", 2, 4) not in legal  # Position 4 has no Leader
    assert Action("swap", 2, 3) in legal and Action("move", 2, GUARD) in legal
    assert not any(a.kind == "move" and a.card == 3 for a in legal)  # the Orc is no Night Wing
    act(s, "swap", 2, 3)
    assert s.turn.night_wing_used
    assert not any(a.kind in ("move", "swap") for a in F.legal_actions(s))


def test_night_wing_power_is_off_without_the_variant() -> None:
    s = table()
    put(s, "Troll", 0, 0)
    put(s, "Harpy", 0, 2)
    s.turn.actions_left = 0
    assert not any(a.kind in ("move", "swap") for a in F.legal_actions(s))


def test_gaias_children_defend_with_one_more() -> None:
    for powers, outcome in ((True, "capture_lost"), (False, "capture_tie")):
        s = table(clan_powers=powers)
        put(s, "Troll", 0, 0)
        put(s, "Dryad", 1, 0)
        rig(s, 2, 3)  # 6 against 3 + 2 + 1 (+1)
        ev = act(s, "capture", 0, 10)
        assert outcome in kinds(ev)
        if powers:
            assert s.players[0].pattern[0] == EMPTY and uid("Troll") in s.players[1].dungeon
