"""Rule cases for set-up, every action, Guards, the turn, and the end of the game."""

from __future__ import annotations

import re

import pytest
from firepeak_helpers import (
    Dice,
    act,
    choices,
    enchant,
    finish_setup,
    kinds,
    names,
    put,
    rig,
    spell,
    table,
    uid,
    wizard_of,
)

import core.firepeak as F
from core.contract import Action, IllegalAction
from core.firepeak import board
from core.firepeak.cards import CREATURES, N_CREATURES, N_SPELLS, SPELLS
from core.firepeak.effects import NO_TAKE
from core.firepeak.pattern import EMPTY, WIZARD
from core.firepeak.state import DUNGEON, GUARD, State
from core.rng import Rng

# --- set-up -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_counts(players: int) -> None:
    s = F.new_game({"players": players}, 40 + players)
    assert s.setup and s.pending.kind == "discard_spell" and s.to_move == 0
    assert len(s.pending.choices) == 7
    assert all(len(p.spellbook) == 7 for p in s.players)
    assert len(s.research) == N_SPELLS - 7 * players
    assert len({p.wizard for p in s.players}) == players
    finish_setup(s)
    assert not s.setup and s.pending is None
    assert all(len(p.spellbook) == 5 for p in s.players)
    assert len(s.research) == N_SPELLS - 5 * players  # the discards went back in
    assert len(s.recruit) == N_CREATURES
    for p in s.players:
        assert p.dungeon == [] and p.guard == EMPTY and set(p.pattern) == {EMPTY}
    assert s.to_move == s.current and s.turn.actions_left == 2


def test_each_seat_discards_two_of_seven_in_turn() -> None:
    s = F.new_game({"players": 3}, 5)
    order = []
    while s.setup:
        order.append(s.pending.seat)
        F.apply(s, Action("discard_spell", s.pending.choices[-1]))
    assert order == [0, 0, 1, 1, 2, 2]


def test_highest_roller_starts_and_ties_roll_again() -> None:
    s = F.new_game({"players": 3}, 5)
    while not (s.pending.seat == 2 and len(s.pending.choices) == 6):
        F.apply(s, Action("discard_spell", s.pending.choices[0]))
    s.rng = Dice([3, 5, 5, 2, 6], s.rng.state)
    ev = F.apply(s, Action("discard_spell", s.pending.choices[0]))
    assert [e.value for e in ev if e.kind == "roll"] == [3, 5, 5, 2, 6]
    assert s.current == 2 and s.to_move == 2 and not s.setup


def test_setup_choices_are_private() -> None:
    s = F.new_game({"players": 2}, 9)
    mine, theirs = F.view(s, 0), F.view(s, 1)
    assert mine.pending.choices == tuple(s.players[0].spellbook)
    assert theirs.pending.choices == () and theirs.players[0].spellbook is None


def test_options_are_checked() -> None:
    for bad in ({"players": 1}, {"players": 6}, {"players": 2, "seats": ["human"]},
                {"players": 2, "variants": {"fast": True}}):
        with pytest.raises(ValueError):
            F.new_game(bad, 1)
    s = F.new_game({"players": 2, "clan_powers": True}, 1)
    assert s.options["variants"] == {"clan_powers": True, "reshuffle_once": False}


# --- Recruit --------------------------------------------------------------------------------


def test_recruit_places_a_legal_minion_of_the_chosen_leader() -> None:
    s = table()
    put(s, "Troll", 0, 0)
    orc = put(s, "Orc", 0, -2)
    assert Action("recruit", WIZARD) in F.legal_actions(s)
    assert Action("recruit", 0) in F.legal_actions(s)
    ev = act(s, "recruit", 0)
    assert ev[0].card == -1  # the drawn card is not announced
    assert s.held == orc and set(choices(s)) == {2, 3, GUARD, DUNGEON}
    act(s, "place", 2)
    assert s.players[0].pattern[2] == orc and s.held == EMPTY
    assert s.turn.actions_left == 1


def test_recruit_under_the_wizard() -> None:
    s = table()
    put(s, "Seraph", 0, -2)
    act(s, "recruit", WIZARD)
    assert set(choices(s)) == {0, 1, GUARD, DUNGEON}


def test_recruit_offers_no_illegal_position() -> None:
    s = table()
    put(s, "Troll", 0, 0)
    put(s, "Pit Fiend", 0, -2)  # not less than the Troll
    act(s, "recruit", 0)
    assert set(choices(s)) == {GUARD, DUNGEON}
    act(s, "place", DUNGEON)
    put(s, "Acolyte", 0, -2)  # Holy Order may not stand beside a Doombringer
    act(s, "recruit", 0)
    assert set(choices(s)) == {GUARD, DUNGEON}


def test_recruit_into_the_dungeon_stays_hidden() -> None:
    s = table()
    seraph = put(s, "Seraph", 0, -2)
    act(s, "recruit", WIZARD)
    assert F.view(s, 1).held == -1 and F.view(s, 0).held == seraph
    assert seraph in F.view(s, 1).creature_unseen
    ev = act(s, "place", DUNGEON)
    assert [e.card for e in ev if e.kind == "to_dungeon"] == [-1]
    them = F.view(s, 1).players[0]
    assert them.dungeon is None and them.dungeon_count == 1
    assert F.view(s, 0).players[0].dungeon == (seraph,)


def test_recruit_only_while_the_deck_has_cards() -> None:
    s = table()
    s.creature_discard += s.recruit
    s.recruit.clear()
    assert not any(a.kind == "recruit" for a in F.legal_actions(s))
    assert "empty" in F.why_illegal(s, Action("recruit", WIZARD))


# --- Guards ---------------------------------------------------------------------------------


def test_guard_only_into_an_empty_guard_spot() -> None:
    s = table()
    put(s, "Orc", 0, GUARD)
    put(s, "Seraph", 0, -2)
    act(s, "recruit", WIZARD)
    assert GUARD not in choices(s)
    act(s, "place", 0)
    assert F.why_illegal(s, Action("move", 0, GUARD)) == "you already have a Guard"


def test_guard_cannot_move_back_and_imprison_frees_the_spot() -> None:
    s = table()
    orc = put(s, "Orc", 0, GUARD)
    assert not any(a.kind in ("move", "swap") and a.card == GUARD for a in F.legal_actions(s))
    assert "Guard" in F.why_illegal(s, Action("move", GUARD, 0))
    act(s, "imprison", GUARD)
    assert s.players[0].guard == EMPTY and orc in s.players[0].dungeon


def test_guard_is_public() -> None:
    s = table()
    orc = put(s, "Orc", 0, GUARD)
    assert F.view(s, 1).players[0].guard == orc


# --- Capture --------------------------------------------------------------------------------


def duel(attacker: str, defender: str, dpos: int = 0) -> State:
    s = table()
    put(s, attacker, 0, 0)
    put(s, defender, 1, dpos)
    return s


def test_capture_success_takes_the_defender_to_my_dungeon() -> None:
    s = duel("Troll", "Orc")
    rig(s, 3, 2)  # 3 + 4 = 7 against 2 + 2 + 1 (tier 1) = 5
    ev = act(s, "capture", 0, 1 * 10 + 0)
    assert "captured" in kinds(ev)
    assert uid("Orc") in s.players[0].dungeon and s.players[1].pattern[0] == EMPTY


def test_capture_failure_loses_the_attacker() -> None:
    s = duel("Troll", "Orc")
    rig(s, 1, 6)  # 5 against 9
    act(s, "capture", 0, 10)
    assert uid("Troll") in s.players[1].dungeon and s.players[0].pattern[0] == EMPTY


def test_capture_tie_does_nothing() -> None:
    s = duel("Troll", "Orc")
    rig(s, 2, 3)  # 6 against 6
    ev = act(s, "capture", 0, 10)
    assert "capture_tie" in kinds(ev)
    assert s.players[0].pattern[0] == uid("Troll") and s.players[1].pattern[0] == uid("Orc")
    assert s.turn.actions_left == 1  # the action is spent all the same


def test_first_tier_defenders_add_one() -> None:
    s = duel("Orc", "Ogre")
    rig(s, 4, 3)  # 6 against 3 + 3 + 1
    act(s, "capture", 0, 10)
    assert uid("Orc") in s.players[1].dungeon
    s = table()
    put(s, "Troll", 0, 0)
    put(s, "Pit Fiend", 1, 0)
    put(s, "Ogre", 1, 2)
    rig(s, 2, 3)  # Troll 6 against the tier-2 Ogre 6: no +1, a tie
    assert "capture_tie" in kinds(act(s, "capture", 0, 12))


def test_wizard_bonus_counts_in_capture() -> None:
    s = table(wizards=["doombringers", "night_wing"])
    put(s, "Orc", 0, 0)  # Power 3 under a Doombringer Wizard
    put(s, "Harpy", 1, 0)  # Night Wing 2 + 1 under a Night Wing Wizard, +1 tier 1
    rig(s, 3, 1)  # 6 against 5
    act(s, "capture", 0, 10)
    assert uid("Harpy") in s.players[0].dungeon


def test_guards_attack_and_are_attacked() -> None:
    s = table()
    put(s, "Troll", 0, GUARD)
    put(s, "Orc", 1, GUARD)
    assert Action("capture", GUARD, 10 + GUARD) in F.legal_actions(s)
    rig(s, 5, 1)
    act(s, "capture", GUARD, 10 + GUARD)
    assert s.players[1].guard == EMPTY and uid("Orc") in s.players[0].dungeon


def test_the_victim_resolves_its_own_pattern_after_a_capture() -> None:
    s = table()
    put(s, "Troll", 0, 0)
    put(s, "Pit Fiend", 1, 0)
    put(s, "Ghost", 1, 3)  # Leaders: the Pit Fiend and the empty Position 1
    rig(s, 6, 1)
    act(s, "capture", 0, 10)
    assert s.pending.kind == "move_up" and s.to_move == 1 and set(choices(s)) == {30, 31}
    act(s, "move_up", 31)
    assert s.to_move == 0 and s.players[1].pattern[1] == uid("Ghost")


def test_captured_creatures_lose_their_enchantments() -> None:
    s = duel("Troll", "Orc")
    sp = enchant(s, "giants_strength", uid("Orc"))
    rig(s, 6, 1)
    act(s, "capture", 0, 10)
    assert sp in s.spell_discard and uid("Orc") not in s.ench


def test_capture_targets_only_opponents() -> None:
    s = duel("Troll", "Orc")
    put(s, "Ogre", 0, 2)
    assert F.why_illegal(s, Action("capture", 0, 2)) is not None
    assert all(a.option // 10 == 1 for a in F.legal_actions(s) if a.kind == "capture")


# --- Brainwash ------------------------------------------------------------------------------


def test_brainwash_success_places_the_creature() -> None:
    s = table()
    ogre = put(s, "Ogre", 0)
    rig(s, 4)
    ev = act(s, "brainwash", ogre)
    bw = [e for e in ev if e.kind == "brainwash"][0]
    assert bw.card == -1 and bw.value == 3  # only the Power is announced
    assert set(choices(s)) == {0, 1, GUARD}  # no Dungeon: it must leave it
    them = F.view(s, 1)
    assert them.pending.source == -1 and them.announced_power == 3
    assert them.pending.choices == ()  # where it may go would hint at what it is
    guess = F.determinize(them, Rng(5))
    assert guess.pending.source in guess.players[0].dungeon
    assert CREATURES[guess.pending.source].power == 3 and guess.pending.choices
    act(s, "place", 1)
    assert s.players[0].pattern[1] == ogre and ogre not in s.players[0].dungeon


def test_brainwash_failure_leaves_it_in_the_dungeon() -> None:
    s = table()
    ogre = put(s, "Ogre", 0)
    rig(s, 3)  # not greater than 3
    assert "brainwash_failed" in kinds(act(s, "brainwash", ogre))
    assert ogre in s.players[0].dungeon and s.pending is None


def test_brainwash_ignores_the_wizard_bonus_until_controlled() -> None:
    s = table(wizards=["doombringers", "night_wing"])
    ogre = put(s, "Ogre", 0)
    rig(s, 4)  # beats the printed 3, though the Ogre will be 4 once controlled
    act(s, "brainwash", ogre)
    act(s, "place", 0)
    assert board.power_at(s, 0, ogre, 0) == 4


def test_brainwash_with_no_legal_place_does_nothing() -> None:
    s = table()
    put(s, "Troll", 0, 0)
    put(s, "Pit Fiend", 0, 1)
    put(s, "Goblin", 0, GUARD)
    seraph = put(s, "Seraph", 0)  # Holy Order: nowhere beside the Doombringers
    rig(s, 6)
    ev = act(s, "brainwash", seraph)
    assert [(e.card, e.value) for e in ev if e.kind == "no_room"] == [(-1, 4)]
    assert seraph in s.players[0].dungeon and s.pending is None


# --- Rescue ---------------------------------------------------------------------------------


def test_rescue_win_looks_through_the_dungeon() -> None:
    s = table()
    put(s, "Troll", 0, 0)
    ogre, goblin = put(s, "Ogre", 1), put(s, "Goblin", 1)
    rig(s, 3, 6)  # 7 against 6 + no Guard
    events = act(s, "rescue", 0, 1)
    assert ("totals", 0, 7, 6) in [(e.kind, e.seat, e.card, e.value) for e in events]
    # The rulebook's "may": each creature, or none at all.
    assert s.pending.kind == "rescue_pick" and set(choices(s)) == {ogre, goblin, NO_TAKE}
    assert F.view(s, 1).pending.choices == ()  # only the rescuer looks
    act(s, "rescue_pick", ogre)
    assert set(choices(s)) == {1, 2, 3, GUARD, DUNGEON}
    act(s, "place", 2)
    assert s.players[0].pattern[2] == ogre and s.players[1].dungeon == [goblin]


def test_a_won_rescue_may_take_nothing_even_from_a_dungeon_of_one() -> None:
    s = table()
    put(s, "Troll", 0, 0)
    ogre = put(s, "Ogre", 1)
    rig(s, 3, 6)
    act(s, "rescue", 0, 1)
    assert s.pending.kind == "rescue_pick" and choices(s) == (ogre, NO_TAKE)  # asked
    assert "rescue_declined" in kinds(act(s, "rescue_pick", NO_TAKE))
    assert s.pending is None and s.players[1].dungeon == [ogre]
    assert s.players[0].dungeon == [] and s.turn.actions_left == 1


def test_rescue_loss_gives_up_the_rescuer() -> None:
    s = table()
    put(s, "Troll", 0, 0)
    put(s, "Ogre", 1)
    rig(s, 1, 6)
    act(s, "rescue", 0, 1)
    assert sorted(s.players[1].dungeon) == sorted([uid("Ogre"), uid("Troll")])
    assert s.players[0].pattern[0] == EMPTY


def test_rescue_tie_and_the_guard_adds_its_power() -> None:
    s = table()
    put(s, "Troll", 0, 0)
    put(s, "Ogre", 1)
    put(s, "Orc", 1, GUARD)
    rig(s, 3, 5)  # 7 against 5 + 2
    assert "rescue_tie" in kinds(act(s, "rescue", 0, 1))
    assert s.players[1].dungeon == [uid("Ogre")]


def test_rescue_needs_a_creature_in_that_dungeon() -> None:
    s = table()
    put(s, "Troll", 0, 0)
    assert F.why_illegal(s, Action("rescue", 0, 1)) == "that Dungeon is empty"


# --- Move, Swap, Imprison -------------------------------------------------------------------


def test_move_to_an_empty_legal_position() -> None:
    s = table()
    put(s, "Troll", 0, 0)
    put(s, "Orc", 0, 2)
    # Moving the Troll away would strand the Orc: not offered, refused with a reason.
    assert Action("move", 0, 1) not in F.legal_actions(s)
    assert "illegal" in F.why_illegal(s, Action("move", 0, 1))
    act(s, "move", 2, 3)
    assert names(s.players[0].pattern)[:4] == ["Troll", "-", "-", "Orc"]
    act(s, "move", 0, 1)  # Position 3 is led by Position 1 as well
    assert names(s.players[0].pattern)[:4] == ["-", "Troll", "-", "Orc"]


def test_move_a_pattern_creature_to_be_the_guard() -> None:
    s = table()
    put(s, "Orc", 0, 0)
    act(s, "move", 0, GUARD)
    assert s.players[0].guard == uid("Orc")


def test_swap_adjacent_creatures_only_if_both_stay_legal() -> None:
    s = table()
    put(s, "Troll", 0, 0)
    put(s, "Pit Fiend", 0, 1)
    put(s, "Orc", 0, 2)
    assert Action("swap", 0, 1) in F.legal_actions(s)
    assert Action("swap", 0, 2) not in F.legal_actions(s)  # the Troll would sit under the Orc
    assert F.why_illegal(s, Action("swap", 1, 2)) is not None  # not adjacent
    act(s, "swap", 0, 1)
    assert names(s.players[0].pattern)[:2] == ["Pit Fiend", "Troll"]


def test_imprison_may_not_leave_a_creature_leaderless() -> None:
    s = table()
    put(s, "Troll", 0, 0)
    put(s, "Orc", 0, 2)
    assert Action("imprison", 0) not in F.legal_actions(s)
    assert "Leader" in F.why_illegal(s, Action("imprison", 0))
    act(s, "imprison", 2)
    assert uid("Orc") in s.players[0].dungeon


def test_imprison_that_breaks_the_power_rule_is_resolved() -> None:
    s = table()
    put(s, "Orc", 0, 0)
    put(s, "Goblin", 0, 1)
    put(s, "Ghost", 0, 3)  # 2 < 2 + 1
    act(s, "imprison", 1)  # the Ghost keeps a Leader, but 2 is not less than 2
    assert s.pending.kind == "remove" and set(choices(s)) == {0, 3}
    act(s, "remove", 3)
    assert board.pattern_legal(s, 0)


def test_imprison_discards_enchantments() -> None:
    s = table()
    orc = put(s, "Orc", 0, GUARD)
    sp = enchant(s, "stone_skin", orc)
    act(s, "imprison", GUARD)
    assert sp in s.spell_discard and s.ench == {}


# --- Cast and Research ----------------------------------------------------------------------


def test_cast_needs_its_component_and_uses_an_action() -> None:
    s = table()
    sp = spell(s, "insight")
    assert Action("cast", sp) not in F.legal_actions(s)
    assert "component" in F.why_illegal(s, Action("cast", sp))
    put(s, "Orc", 0)  # not a Dawn Keeper
    assert F.why_illegal(s, Action("cast", sp)) is not None
    lark = put(s, "Morning Lark", 0)
    act(s, "cast", sp)
    assert lark in s.creature_discard and sp in s.spell_discard
    assert s.turn.actions_left == 1 and len(s.players[0].spellbook) == 2


def test_two_creature_components_are_chosen_one_at_a_time() -> None:
    s = table()
    sp = spell(s, "circle_crown")
    a, b, c = put(s, "Orc", 0), put(s, "Goblin", 0), put(s, "Pixie", 0)
    act(s, "cast", sp)
    assert s.pending.kind == "component" and set(choices(s)) == {a, b}  # Pixie has no pair
    act(s, "component", b)
    assert s.players[0].circle == sp and {a, b} <= set(s.creature_discard)
    assert s.players[0].dungeon == [c]


def test_research_is_free_and_needs_two_of_a_clan() -> None:
    s = table()
    orc, goblin, pixie = put(s, "Orc", 0), put(s, "Goblin", 0), put(s, "Pixie", 0)
    research = [a for a in F.legal_actions(s) if a.kind == "research"]
    assert research == [Action("research", min(orc, goblin), max(orc, goblin))]
    assert "same clan" in F.why_illegal(s, Action("research", min(orc, pixie),
                                                   max(orc, pixie)))
    s.turn.actions_left = 0
    act(s, "research", min(orc, goblin), max(orc, goblin))
    assert len(s.players[0].spellbook) == 1 and s.turn.actions_left == 0
    assert {orc, goblin} <= set(s.creature_discard)


def test_research_reshuffles_the_spell_discards() -> None:
    s = table()
    s.spell_discard, s.research = s.research, []
    orc, goblin = put(s, "Orc", 0), put(s, "Goblin", 0)
    ev = act(s, "research", min(orc, goblin), max(orc, goblin))
    assert "research_reshuffle" in kinds(ev)
    assert len(s.research) == N_SPELLS - 1 and s.spell_discard == []


def test_research_with_no_spells_anywhere_is_refused() -> None:
    s = table()
    s.players[1].spellbook, s.research = s.research, []
    orc, goblin = put(s, "Orc", 0), put(s, "Goblin", 0)
    assert F.why_illegal(s, Action("research", min(orc, goblin), max(orc, goblin))) \
        == "there are no spells left to draw"


# --- the turn -------------------------------------------------------------------------------


def test_two_actions_then_only_free_ones() -> None:
    s = table()
    put(s, "Orc", 0)
    put(s, "Goblin", 0)
    for _ in range(2):
        act(s, "recruit", WIZARD)
        act(s, "place", DUNGEON)
    assert {a.kind for a in F.legal_actions(s)} == {"research", "end"}
    assert "no action left" in F.why_illegal(s, Action("recruit", WIZARD))
    act(s, "end")
    assert s.current == 1 and s.turn.actions_left == 2 and s.turns_taken == [1, 0]


def test_spell_extras_do_not_count_against_the_two() -> None:
    s = table()
    sp = spell(s, "call_to_arms")
    put(s, "Orc", 0)
    act(s, "cast", sp)
    assert s.turn.bonus == ["recruit", "recruit"]
    for _ in range(3):
        act(s, "recruit", WIZARD)
        act(s, "place", DUNGEON)
    assert s.turn.actions_left == 0 and s.turn.bonus == []  # extras were spent first
    assert not any(a.kind == "recruit" for a in F.legal_actions(s))


# --- the end --------------------------------------------------------------------------------

FULL = ["Troll", "Pit Fiend", "Ogre", "Hellhound", "Ashen Warlord", "Orc", "Skull Basher",
        "Brimstone Imp"]


def test_a_complete_pattern_wins_at_once() -> None:
    s = table(players=3)
    for pos, name in enumerate(FULL):
        put(s, name, 0, pos)
    put(s, "Goblin", 0, -2)
    act(s, "recruit", 4)
    ev = act(s, "place", 8)
    assert s.over and s.to_move is None and "game_over" in kinds(ev)
    out = F.outcome(s)
    assert out.winners == (0,) and out.tiebreak == "completed the pattern"
    assert out.scores[0] == 4 + 4 + 3 + 3 + 3 + 2 + 2 + 2 + 1
    assert F.legal_actions(s) == []
    with pytest.raises(IllegalAction):
        F.apply(s, Action("end"))


def drain_to_one(s: State) -> None:
    s.creature_discard += s.recruit[:-1]
    del s.recruit[:-1]


def test_the_game_ends_after_the_turn_that_draws_the_last_card() -> None:
    s = table(players=3)
    put(s, "Troll", 1, 0)
    drain_to_one(s)
    act(s, "recruit", WIZARD)
    assert s.deck_out and not s.over
    act(s, "place", DUNGEON)
    assert not s.over  # the turn goes on: more actions are allowed
    act(s, "end")
    assert s.over and s.turns_taken == [1, 0, 0]
    out = F.outcome(s)
    assert out.winners == (1,) and out.scores == (0, 4, 0)


def test_ties_go_to_most_creatures_then_a_draw() -> None:
    s = table(players=3)
    put(s, "Troll", 0, 0)
    put(s, "Orc", 1, 0)
    put(s, "Goblin", 1, 1)
    put(s, "Ghost", 1, 3)
    put(s, "Ogre", 2, 0)
    drain_to_one(s)
    act(s, "recruit", WIZARD)
    act(s, "place", DUNGEON)
    act(s, "end")
    out = F.outcome(s)
    assert out.scores == (4, 5, 3)
    assert out.winners == (1,) and out.tiebreak == ""
    s = table(players=3)
    put(s, "Troll", 0, 0)
    put(s, "Orc", 1, 0)
    put(s, "Ghost", 1, 1)
    put(s, "Ogre", 2, 0)
    drain_to_one(s)
    act(s, "recruit", WIZARD)
    act(s, "place", DUNGEON)
    act(s, "end")
    out = F.outcome(s)
    assert out.scores == (4, 4, 3) and out.winners == (1,)
    assert "most creatures" in out.tiebreak
    s = table(players=2)
    put(s, "Troll", 0, 0)
    put(s, "Pit Fiend", 1, 0)
    drain_to_one(s)
    act(s, "recruit", WIZARD)
    act(s, "place", DUNGEON)
    act(s, "end")
    out = F.outcome(s)
    assert out.winners == (0, 1) and "draw" in out.tiebreak


def test_reshuffle_once_variant() -> None:
    s = table(players=2, reshuffle_once=True)
    drain_to_one(s)
    n_discard = len(s.creature_discard)
    act(s, "recruit", WIZARD)
    act(s, "place", DUNGEON)
    ev = act(s, "end")
    assert not s.over and "recruit_reshuffle" in kinds(ev)
    assert len(s.recruit) == n_discard and s.creature_discard == [] and s.reshuffled
    assert s.current == 1
    drain_to_one(s)
    act(s, "recruit", WIZARD)
    act(s, "place", DUNGEON)
    act(s, "end")
    assert s.over  # only once


def test_reshuffle_with_an_empty_discard_pile_ends_the_game() -> None:
    s = table(players=2, reshuffle_once=True)
    s.players[1].dungeon += s.recruit[:-1]
    del s.recruit[:-1]
    act(s, "recruit", WIZARD)
    act(s, "place", DUNGEON)
    act(s, "end")
    assert s.over and not s.reshuffled


# --- hidden information and refusals ---------------------------------------------------------


def test_views_hide_dungeons_spellbooks_and_deck_order() -> None:
    s = table()
    mine = spell(s, "insight", 0)
    theirs = spell(s, "filch", 1)
    d0, d1 = put(s, "Orc", 0), put(s, "Ogre", 1)
    put(s, "Troll", 1, GUARD)
    v = F.view(s, 0)
    assert v.me.dungeon == (d0,) and v.me.spellbook == (mine,)
    assert v.players[1].dungeon is None and v.players[1].dungeon_count == 1
    assert v.players[1].spellbook is None and v.players[1].spellbook_count == 1
    assert v.players[1].guard == uid("Troll")
    assert v.creature_unseen == tuple(sorted([*s.recruit, d1]))
    assert v.spell_unseen == tuple(sorted([*s.research, theirs]))
    assert not hasattr(v, "recruit") and not hasattr(v, "rng")


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    s = table()
    put(s, "Troll", 0, 0)
    before = F.checksum(s)
    for a in (Action("capture", 0, 10), Action("place", 3), Action("move", 0, 0),
              Action("recruit", 5), Action("brainwash", 0), Action("cast", 0),
              Action("swap", 0, 1), Action("imprison", 4), Action("research", 1, 2),
              Action("fly", 0), Action("end", 3), Action("recruit", WIZARD, 7)):
        assert a not in F.legal_actions(s)
        reason = F.why_illegal(s, a)
        assert reason
        with pytest.raises(IllegalAction, match=re.escape(reason)):
            F.apply(s, a)
        assert F.checksum(s) == before


def test_spell_ids_in_actions_are_physical_copies() -> None:
    s = table()
    sp = spell(s, "giants_strength")
    assert SPELLS[sp].key == "giants_strength"
    assert s.players[0].wizard == wizard_of("night_wing")
