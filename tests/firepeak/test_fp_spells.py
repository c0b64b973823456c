"""One test per spell id (the meta-test keeps it so), plus casting rules."""

from __future__ import annotations

import sys

from firepeak_helpers import act, choices, enchant, kinds, put, rig, spell, table, uid
from hypothesis import given, settings
from hypothesis import strategies as st

import core.firepeak as F
from core.contract import Action
from core.firepeak import board
from core.firepeak.cards import N_CREATURES, SPELL_DEFS, SPELLS
from core.firepeak.components import component_pool, payable
from core.firepeak.pattern import CLANS, EMPTY
from core.firepeak.state import DUNGEON, GUARD, State


def cast(s: State, key: str, *components: str, seat: int = 0) -> int:
    """Give ``seat`` the spell and its component creatures, and cast it (paying them)."""
    sp = spell(s, key, seat)
    comps = [put(s, name, seat) for name in components]
    s.current = seat
    act(s, "cast", sp)
    while s.pending is not None and s.pending.kind == "component":
        act(s, "component", next(c for c in comps if c in s.pending.choices))
    assert all(c in s.creature_discard for c in comps)
    return sp


# --- instants -------------------------------------------------------------------------------


def test_spell_battle_fury() -> None:
    s = table()
    put(s, "Orc", 0, 0)
    put(s, "Ogre", 1, 0)
    sp = cast(s, "battle_fury", "Goblin")
    assert sp in s.spell_discard and s.turn.bonus == ["capture"] and s.turn.rolls[0] == 2
    rig(s, 5, 3)  # 5 + 2 + 2 = 9 against 3 + 3 + 1 = 7
    act(s, "capture", 0, 10)
    assert uid("Ogre") in s.players[0].dungeon
    assert s.turn.actions_left == 1 and s.turn.bonus == []  # the extra paid for it


def test_spell_silver_tongue() -> None:
    s = table()
    troll = put(s, "Troll", 0)
    cast(s, "silver_tongue", "Skeleton")
    assert s.turn.bonus == ["brainwash"]
    rig(s, 3)  # 3 + 2 beats Power 4
    act(s, "brainwash", troll)
    act(s, "place", 0)
    assert s.players[0].pattern[0] == troll and s.turn.actions_left == 1


def test_spell_daring_raid() -> None:
    s = table()
    put(s, "Goblin", 0, 0)
    ogre = put(s, "Ogre", 1)
    cast(s, "daring_raid", "Acolyte")
    rig(s, 4, 6)  # 4 + 1 + 2 = 7 against 6
    act(s, "rescue", 0, 1)
    act(s, "rescue_pick", ogre)  # the only creature there, or none: still a choice
    act(s, "place", DUNGEON)
    assert ogre in s.players[0].dungeon and s.turn.bonus == []


def test_spell_quickstep() -> None:
    s = table()
    put(s, "Troll", 0, 0)
    put(s, "Pit Fiend", 0, 1)
    cast(s, "quickstep", "Bat Swarm")
    assert s.turn.bonus == ["move", "move"]
    act(s, "swap", 0, 1)
    act(s, "move", 0, GUARD)
    assert s.turn.actions_left == 1 and s.turn.bonus == []


def test_spell_call_to_arms() -> None:
    s = table()
    cast(s, "call_to_arms", "Orc")
    assert s.turn.bonus == ["recruit", "recruit"]
    act(s, "recruit", -1)
    act(s, "place", DUNGEON)
    assert s.turn.actions_left == 1 and s.turn.bonus == ["recruit"]


def test_spell_insight() -> None:
    s = table()
    cast(s, "insight", "Dewdrop Faerie")
    assert len(s.players[0].spellbook) == 2


def test_spell_scrying_pool() -> None:
    s = table(players=3)
    ogre, orc = put(s, "Ogre", 2), put(s, "Orc", 2)
    cast(s, "scrying_pool", "Goblin")
    # Only seat 2 has a Dungeon to look into: chosen at once; then its contents are shown.
    assert s.pending.kind == "dungeon_pick" and set(choices(s)) == {ogre, orc}
    assert F.view(s, 2).pending.choices == ()
    act(s, "dungeon_pick", ogre)
    assert ogre in s.creature_discard and s.players[2].dungeon == [orc]


def test_spell_jailbreak() -> None:
    s = table(players=3)
    put(s, "Ogre", 1)
    seraph = put(s, "Seraph", 2)
    cast(s, "jailbreak", "Goblin", "Orc")
    assert s.pending.kind == "opponent" and set(choices(s)) == {1, 2}
    act(s, "opponent", 2)  # its only creature is then taken without asking
    assert seraph in s.players[0].dungeon and s.players[2].dungeon == []


def test_spell_unravel() -> None:
    s = table()
    put(s, "Orc", 1, 0)
    put(s, "Ghoul", 1, 2)
    strength = enchant(s, "giants_strength", uid("Orc"))  # Orc 3 leads the Ghoul (2)
    lore = spell(s, "circle_lore", 1)
    s.players[1].spellbook.remove(lore)
    s.players[1].circle = lore
    assert board.pattern_legal(s, 1)
    cast(s, "unravel", "Goblin")
    assert set(choices(s)) == {strength, lore}
    act(s, "dispel", strength)
    assert strength in s.spell_discard and s.ench == {}
    # The Ghoul is not below the Orc any more: seat 1 resolves at once.
    assert s.pending.kind == "remove" and s.to_move == 1


def test_spell_grave_call() -> None:
    s = table()
    troll = put(s, "Troll", 0, DUNGEON + 1)
    cast(s, "grave_call", "Pixie")
    assert set(choices(s)) == {troll, uid("Pixie")}  # the component is on the pile too
    act(s, "salvage", troll)
    assert troll in s.players[0].dungeon


def test_spell_tremor() -> None:
    s = table()
    put(s, "Troll", 1, 0)
    put(s, "Orc", 1, 2)
    cast(s, "tremor", "Ogre")
    # Only one adjacent pair exists, so the swap happened at once; seat 1 now resolves.
    assert s.players[1].pattern[0] == uid("Orc") and s.players[1].pattern[2] == uid("Troll")
    assert s.pending.kind == "remove" and s.to_move == 1 and set(choices(s)) == {0, 2}
    act(s, "remove", 2)
    assert board.pattern_legal(s, 1) and s.to_move == 0


def test_spell_unseat() -> None:
    s = table()
    orc = put(s, "Orc", 1, GUARD)
    sp = enchant(s, "stone_skin", orc)
    cast(s, "unseat", "Goblin")
    assert s.players[1].guard == EMPTY and orc in s.players[1].dungeon
    assert sp in s.spell_discard


def test_spell_filch() -> None:
    s = table()
    theirs = spell(s, "aegis", 1)
    cast(s, "filch", "Goblin")
    assert s.players[0].spellbook == [theirs] and s.players[1].spellbook == []


def test_spell_binding_hex() -> None:
    s = table()
    put(s, "Troll", 1, 0)
    put(s, "Orc", 1, 2)
    put(s, "Goblin", 1, 5)
    cast(s, "binding_hex", "Pixie", "Sproutling")
    assert set(choices(s)) == {12, 15}  # printed Power 2 or less only
    act(s, "bind", 12)
    # The Goblin lost its Leader and moved up in its owner's pattern.
    assert uid("Orc") in s.players[0].dungeon
    assert s.players[1].pattern[2] == uid("Goblin")


# --- auras ----------------------------------------------------------------------------------


def test_spell_valor_aura() -> None:
    s = table()
    put(s, "Orc", 0, 0)
    put(s, "Goblin", 0, 2)
    first = cast(s, "valor_aura", "Ogre")
    assert all(c // 10 == 0 for c in choices(s)) and len(choices(s)) == 9
    act(s, "aura", 0)
    assert board.power_at(s, 0, uid("Orc"), 0) == 3 and board.power_at(s, 0, uid("Goblin"), 2) == 2
    second = cast(s, "valor_aura", "Ghoul")
    act(s, "aura", 0)
    assert s.players[0].auras[0] == second and first in s.spell_discard
    # The aura stays on its Position after the creature leaves.
    s.turn.actions_left = 2
    act(s, "imprison", 2)
    act(s, "move", 0, 1)
    assert s.players[0].auras[0] == second
    assert board.power_at(s, 0, uid("Orc"), 1) == 2


def test_spell_withering_aura() -> None:
    s = table()
    put(s, "Troll", 1, 0)
    put(s, "Ogre", 1, 3)  # only the Troll leads it
    cast(s, "withering_aura", "Ogre")
    assert all(c // 10 == 1 for c in choices(s))
    act(s, "aura", 10)  # Troll 3, and Ogre 2 under it
    assert board.pattern_legal(s, 1)
    assert board.power_at(s, 1, uid("Troll"), 0) == 3
    assert board.power_at(s, 1, uid("Ogre"), 3) == 2


def test_spell_sanctuary() -> None:
    s = table()
    put(s, "Troll", 1, 0)
    put(s, "Orc", 1, 2)
    cast(s, "sanctuary", "Acolyte", seat=1)
    act(s, "aura", 10)
    s.current, s.turn.actions_left = 0, 2
    put(s, "Pit Fiend", 0, 0)
    rig(s, 4, 3)  # 8 against the Orc's 3 + 2 + 2 = 7
    act(s, "capture", 0, 12)
    assert uid("Orc") in s.players[0].dungeon
    rig(s, 4, 1)  # 8 against the Troll's 1 + 4 + 1 (tier 1) + 2 = 8
    assert "capture_tie" in kinds(act(s, "capture", 0, 10))


# --- enchantments ---------------------------------------------------------------------------


def test_spell_atrophy() -> None:
    s = table()
    troll = put(s, "Troll", 1, GUARD)
    put(s, "Ogre", 0, 0)
    sp = cast(s, "atrophy", "Orc")
    assert set(choices(s)) == {0, 10 + GUARD}  # any creature in play, even one's own
    act(s, "enchant", 10 + GUARD)
    assert board.power_at(s, 1, troll, GUARD) == 3 and s.ench == {troll: (sp,)}


def test_spell_giants_strength() -> None:
    s = table()
    put(s, "Orc", 0, 0)
    put(s, "Troll", 1, 0)
    put(s, "Goblin", 0, GUARD)
    sp = cast(s, "giants_strength", "Pixie")
    assert set(choices(s)) == {0, GUARD}  # only creatures the caster controls
    act(s, "enchant", 0)
    assert s.ench == {uid("Orc"): (sp,)}
    assert board.power_at(s, 0, uid("Orc"), 0) == 3


def test_spell_aegis() -> None:
    s = table()
    put(s, "Orc", 0, 0)
    put(s, "Troll", 1, 0)
    cast(s, "aegis", "Goblin", "Pixie")
    s.current, s.turn.actions_left = 1, 2
    assert not any(a.kind == "capture" for a in F.legal_actions(s))
    assert "Aegis" in F.why_illegal(s, Action("capture", 0, 0))


def test_spell_bloodlust() -> None:
    s = table()
    put(s, "Goblin", 0, 0)
    put(s, "Orc", 1, 0)
    cast(s, "bloodlust", "Kobold Sneak")
    rig(s, 3, 1)  # 3 + 1 + 2 = 6 against 1 + 2 + 1 = 4
    act(s, "capture", 0, 10)
    assert uid("Orc") in s.players[0].dungeon
    s.current, s.turn.actions_left = 0, 1
    put(s, "Ogre", 1)
    rig(s, 3, 6)  # rescue 3 + 1 + 2 = 6 against 6: a tie
    assert "rescue_tie" in kinds(act(s, "rescue", 0, 1))


def test_spell_stone_skin() -> None:
    s = table()
    put(s, "Orc", 1, GUARD)
    put(s, "Seraph", 1)
    cast(s, "stone_skin", "Pixie", seat=1)
    s.current, s.turn.actions_left = 0, 2
    put(s, "Troll", 0, 0)
    rig(s, 4, 4)  # rescue 8 against the Guard's 4 + 2 + 2
    assert "rescue_tie" in kinds(act(s, "rescue", 0, 1))
    rig(s, 4, 4)  # capture 8 against 4 + 2 + 2 (a Guard is not on tier 1)
    assert "capture_tie" in kinds(act(s, "capture", 0, 10 + GUARD))


# --- circles --------------------------------------------------------------------------------


def test_spell_circle_conquest() -> None:
    s = table()
    put(s, "Orc", 0, 0)
    put(s, "Ogre", 1, 0)
    sp = cast(s, "circle_conquest", "Ghoul")
    assert s.players[0].circle == sp
    rig(s, 5, 4)  # 5 + 2 + 1 = 8 against 4 + 3 + 1 = 8
    assert "capture_tie" in kinds(act(s, "capture", 0, 10))


def test_spell_circle_whispers() -> None:
    s = table()
    troll = put(s, "Troll", 0)
    cast(s, "circle_whispers", "Harpy")
    rig(s, 4)  # 4 + 1 beats 4
    act(s, "brainwash", troll)
    assert s.pending.kind == "place"


def test_spell_circle_bulwark() -> None:
    s = table()
    put(s, "Orc", 1, 0)
    cast(s, "circle_bulwark", "Pixie", seat=1)
    s.current, s.turn.actions_left = 0, 2
    put(s, "Troll", 0, 0)
    rig(s, 2, 2)  # 6 against 2 + 2 + 1 + 1
    assert "capture_tie" in kinds(act(s, "capture", 0, 10))


def test_spell_circle_kinship() -> None:
    s = table(wizards=["doombringers", "night_wing"])
    orc = put(s, "Orc", 0, 0)
    cast(s, "circle_kinship", "Goblin")  # a creature of the Wizard's clan
    assert board.power_at(s, 0, orc, 0) == 2 + 1 + 1
    assert not fx_castable_without(s)


def fx_castable_without(s: State) -> bool:
    """Circle of Kinship needs a creature of the caster's own Wizard's clan."""
    sp = spell(s, "circle_kinship")
    put(s, "Seraph", 0)
    return Action("cast", sp) in F.legal_actions(s)


def test_spell_circle_lore() -> None:
    s = table()
    cast(s, "circle_lore", "Spark Apprentice")
    a, b = put(s, "Orc", 0), put(s, "Goblin", 0)
    act(s, "research", min(a, b), max(a, b))
    assert len(s.players[0].spellbook) == 2


def test_spell_circle_crown() -> None:
    s = table()
    put(s, "Orc", 0, 0)
    first = cast(s, "circle_crown", "Goblin", "Kobold Sneak")
    assert board.power_at(s, 0, uid("Orc"), 0) == 3
    put(s, "Ghost", 0, 2)  # 2 < 3 only thanks to the circle
    second = cast(s, "circle_whispers", "Harpy")  # a second circle replaces the first
    assert s.players[0].circle == second and first in s.spell_discard
    # The Ghost is no longer below the Orc: the owner resolves.
    assert s.pending.kind == "remove"


# --- the meta-test ---------------------------------------------------------------------------


def test_every_spell_id_has_its_own_test() -> None:
    module = sys.modules[__name__]
    missing = [d.key for d in SPELL_DEFS if not hasattr(module, f"test_spell_{d.key}")]
    assert missing == []
    assert len(SPELL_DEFS) >= 24 and len(SPELLS) >= 48
    assert {d.type for d in SPELL_DEFS} == {"instant", "aura", "enchantment", "circle"}


@settings(max_examples=300, deadline=None, derandomize=True)
@given(dungeon=st.lists(st.integers(0, N_CREATURES - 1), unique=True, max_size=12),
       clan=st.sampled_from(CLANS),
       book=st.lists(st.integers(0, len(SPELLS) - 1), unique=True, max_size=7))
def test_the_spells_listed_as_payable_are_those_whose_component_the_dungeon_holds(
        dungeon: list[int], clan: str, book: list[int]) -> None:
    # payable counts the fitting creatures without listing them; it must agree with the
    # list the component choice offers, spell by spell and in the Spellbook's order.
    expected = tuple(sp for sp in book if len(dungeon) >= SPELLS[sp].component.count
                     and component_pool(dungeon, clan, SPELLS[sp].component,
                                        SPELLS[sp].component.count, -1))
    assert payable.__wrapped__(tuple(dungeon), clan, tuple(book)) == expected
