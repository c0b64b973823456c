"""Firepeak in words (``core.firepeak.words``) and its menus (``core.firepeak.menus``): each
action said once from a view, never naming what the reader may not see; the menus built
from the view offer what ``legal_actions`` offers and say why a kind of action is not."""

from __future__ import annotations

from firepeak_helpers import act, put, spell, table, uid
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import core.firepeak as F
from core.contract import Action
from core.firepeak import board, menus
from core.firepeak.cards import CREATURES, SPELLS
from core.firepeak.pattern import SIZE, WIZARD
from core.firepeak.rules import TURN_KINDS, action_source
from core.firepeak.state import DUNGEON, GUARD, State
from core.firepeak.words import describe, menu_question, phrase, question, spot_of
from core.rng import Rng
from core.words import plain

FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def walk(seed: int, players: int, steps: int) -> State:
    s = F.new_game({"players": players, "variants": {"clan_powers": True}}, seed)
    rng = Rng.stream(seed, "words")
    for _ in range(steps):
        if s.over:
            break
        F.apply(s, rng.choice(F.legal_actions(s)))
    return s


@FEW
@given(seed=st.integers(0, 2**40), players=st.integers(2, 5), steps=st.integers(0, 500))
def test_every_legal_action_is_said_once_from_the_movers_view(seed: int, players: int,
                                                              steps: int) -> None:
    s = walk(seed, players, steps)
    if s.to_move is None:
        return
    seen = F.view(s, s.to_move)
    public = F.view(s, -1)
    for a in F.legal_actions(s):
        words = phrase(seen, a)
        assert describe(s, a) == describe(seen, a) == plain(words) == F.describe(s, a)
        assert "\n" not in plain(words) and plain(words)[:1].isupper()
        for w in words:
            if w.kind == "creature" and w.ref >= 0:
                assert w.text == CREATURES[w.ref].name
            if w.kind == "spell" and w.ref >= 0:
                assert w.text == SPELLS[w.ref].name
            if w.kind == "spot":
                seat, loc = spot_of(w.ref)
                assert 0 <= seat < players and (0 <= loc < SIZE or loc == GUARD)
        # The public table names no card hidden from it.
        for w in phrase(public, a):
            if w.kind == "creature" and w.ref >= 0 and a.kind == "brainwash":
                raise AssertionError(f"{plain(phrase(public, a))} names a Dungeon creature")
            if w.kind == "spell" and w.ref >= 0 and a.kind == "discard_spell":
                raise AssertionError(f"{plain(phrase(public, a))} names a kept spell")
    if s.pending is not None:
        asks = plain(question(seen, s.pending))
        assert asks and asks[:1].isupper() and "\n" not in asks


@FEW
@given(seed=st.integers(0, 2**40), players=st.integers(2, 5), steps=st.integers(0, 500))
def test_the_view_carries_every_effective_power_and_what_pays(seed: int, players: int,
                                                              steps: int) -> None:
    s = walk(seed, players, steps)
    v = F.view(s, s.current)
    for seat, (p, pv) in enumerate(zip(s.players, v.players, strict=True)):
        for loc in (*range(SIZE), GUARD):
            u = board.creature_at(s, seat, loc)
            assert pv.at(loc) == u
            assert pv.power_at(loc) == (board.power_at(s, seat, u, loc) if u >= 0 else 0)
        assert pv.power == board.pattern_power(s, seat) == sum(pv.powers)
        assert v.spells_on(p.guard) == s.ench.get(p.guard, ())
    if s.pending is None and not s.over:
        for kind in TURN_KINDS:
            for a in menus.candidates(v, kind):
                assert menus.payer(v, a) == action_source(s, a)


@FEW
@given(seed=st.integers(0, 2**40), players=st.integers(2, 4), steps=st.integers(20, 500))
def test_menus_offer_exactly_the_legal_actions(seed: int, players: int, steps: int) -> None:
    s = walk(seed, players, steps)
    if s.pending is not None or s.over:
        return
    v = F.view(s, s.current)
    legal = F.legal_actions(s)
    for kind, steps_of_kind in menus.STEPS.items():
        offered = [a for a in legal if a.kind == kind]
        # Every legal action is a candidate the menus know of; every other one has a reason.
        tried = menus.candidates(v, kind)
        assert set(offered) <= set(tried)
        assert all(F.why_illegal(s, a) for a in tried if a not in offered)
        if not offered:
            assert menus.why_none(v, kind, lambda a: F.why_illegal(s, a))
            continue
        # Narrowing step by step ends on one action per final entry, each legal.
        groups = [offered]
        for step in steps_of_kind:
            groups = [g for group in groups for g in menus.grouped(group, step)]
        assert [g[0] for g in groups] == offered and all(len(g) == 1 for g in groups)


def test_turn_actions_read_naturally() -> None:
    s = table(players=2)
    s.options["names"] = ["You", "Bot"]
    troll = put(s, "Troll", 0, 0)
    ogre = put(s, "Ogre", 1, 2)
    imp = put(s, "Brimstone Imp", 0, DUNGEON)
    v = F.view(s, 0)
    power = board.power_at(s, 1, ogre, 2)
    assert describe(v, Action("recruit", WIZARD)) == "Recruit under the Wizard"
    # The player at the keyboard (named You) is spoken to: "your Troll", as a player says it.
    assert describe(v, Action("recruit", 0)) == \
        f"Recruit under your Troll {v.me.powers[0]}▲ (Tier 1 · left)"
    assert describe(v, Action("capture", 0, 12)) == (
        f"Capture Bot's Ogre {power}▲ (Tier 2 · left) with your Troll {v.me.powers[0]}▲ "
        "(Tier 1 · left)")
    assert describe(v, Action("move", 0, 1)) == \
        f"Move your Troll {v.me.powers[0]}▲ from Tier 1 · left to Tier 1 · right"
    assert describe(v, Action("rescue", 0, 1)) == \
        f"Rescue from Bot's Dungeon with your Troll {v.me.powers[0]}▲ (Tier 1 · left)"
    # A bot's own creature in its own move needs no owner.
    s.options["names"] = ["Ana", "Bot"]
    assert describe(F.view(s, 0), Action("recruit", 0)) == \
        f"Recruit under Troll {v.me.powers[0]}▲ (Tier 1 · left)"
    s.options["names"] = ["You", "Bot"]
    assert describe(v, Action("end")) == "End the turn"
    printed = CREATURES[imp].power
    assert describe(v, Action("brainwash", imp)) == f"Brainwash Brimstone Imp {printed}▲"
    # Whoever else reads it learns only the announced Power.
    assert describe(F.view(s, 1), Action("brainwash", imp)) == \
        f"Brainwash a creature of Power {printed}"
    # The creature's owner is "your" for a player named You, on the others' turns too.
    s.current = 1
    assert troll == s.players[0].pattern[0]
    assert describe(F.view(s, -1), Action("capture", 2, 0)) == (
        f"Capture your Troll {v.me.powers[0]}▲ (Tier 1 · left) with Ogre {power}▲ "
        "(Tier 2 · left)")
    assert menus.target(F.view(s, 1), Action("capture", 2, 0)) == (0, 0)


def test_a_placement_says_the_power_it_would_have_there() -> None:
    s = table(players=2)
    put(s, uid("Troll"), 0, -2)  # the next creature drawn
    act(s, "recruit", WIZARD)
    d = s.pending
    assert d is not None and d.kind == "place"
    v = F.view(s, 0)
    troll = uid("Troll")
    assert plain(question(v, d)) == (f"Recruited Troll ({CREATURES[troll].power}▲, "
                                     "The Doombringers): where does it go?")
    for c in d.choices:
        said = describe(v, Action("place", c))
        if c == DUNGEON:
            assert said == f"Place Troll {CREATURES[troll].power}▲ in the Dungeon"
        elif c == GUARD:
            assert said == f"Place Troll {board.power_at(s, 0, troll, GUARD)}▲ as Guard"
        else:
            assert said.startswith(f"Place Troll {board.power_at(s, 0, troll, c)}▲ in Tier 1")
    # The other player sees neither the creature nor where it may go.
    other = F.view(s, 1)
    assert other.pending is not None and other.pending.choices == ()
    assert plain(question(other, other.pending)) == "Recruited creature: where does it go?"
    assert describe(other, Action("place", 0)) == "Place the new creature in Tier 1 · left"


def test_the_setup_question_counts_down_and_hides_the_spells() -> None:
    s = F.new_game({"players": 2}, 3)
    d = s.pending
    assert d is not None and d.kind == "discard_spell"
    assert plain(question(s, d)) == "Keep 5 spells: put one back (2 to go)"
    first = d.choices[0]
    assert describe(s, Action("discard_spell", first)) == f"Put back {SPELLS[first].name}"
    assert describe(F.view(s, 1 - d.seat), Action("discard_spell", first)) == \
        "Put back a spell"
    F.apply(s, Action("discard_spell", first))
    assert plain(question(s, s.pending)) == "Keep 5 spells: put one back (1 to go)"


def test_menus_say_why_nothing_of_a_kind_can_be_done() -> None:
    s = table(players=2)
    put(s, "Troll", 0, 0)
    v = F.view(s, 0)

    def why(a: Action) -> str | None:
        return F.why_illegal(s, a)

    assert menus.why_none(v, "brainwash", why) == "your Dungeon is empty"
    assert menus.why_none(v, "capture", why) == \
        "you need a creature of yours and an opponent's creature to fight"
    s.turn.actions_left = 0
    put(s, "Ogre", 1, 0)
    v = F.view(s, 0)
    assert menus.why_none(v, "capture", why) == "you have no action left this turn for a Capture"
    assert not menus.payable(v, "capture")
    assert plain(menu_question(v, "capture", 1, Action("capture", 0, 10))) == \
        "Capture with Troll: which creature defends?"


def test_a_defender_stands_firmer_in_tier_1_and_as_gaias_children() -> None:
    s = table(players=2, clan_powers=True)
    put(s, "Troll", 1, 0)
    treant = put(s, "Ancient Treant", 1, GUARD)
    v = F.view(s, 0)
    assert menus.defence_bonus(v, 1, 0) == 1
    assert menus.defence_bonus(v, 1, GUARD) == (CREATURES[treant].clan == "gaias_children")
    assert menus.defence_bonus(v, 1, 5) == 0


def test_a_spell_names_itself_in_its_questions_and_answers() -> None:
    s = table(players=2)
    s.options["names"] = ["You", "Bot"]
    sp = spell(s, "valor_aura")
    put(s, "Troll", 0, 0)
    put(s, "Ogre", 0, DUNGEON)  # the component (Power 2+), the only one: paid at once
    assert describe(s, Action("cast", sp)) == "Cast Aura of Valor"
    act(s, "cast", sp)
    d = s.pending
    assert d is not None and d.kind == "aura"
    assert plain(question(s, d)) == "Aura of Valor: put the aura on which Position?"
    v = F.view(s, 0)
    assert describe(v, Action("aura", 0)) == "Put Aura of Valor on your Tier 1 · left"
    assert menus.target(v, Action("aura", 3)) == (0, 3)
    # Further along a plan, without the question at hand, the spell goes unnamed.
    s.pending = None
    assert describe(s, Action("aura", 0)) == "Put the aura on your Tier 1 · left"


def test_a_hint_speaks_to_the_player_and_points_at_spots_as_a_player_would() -> None:
    from ai.firepeak.hints import reason

    s = table(players=2)
    s.options["names"] = ["Ana", "Bot"]
    put(s, "Troll", 0, 0)
    v = F.view(s, 0)
    said = reason(v, Action("recruit", 0), (Action("recruit", 0),))
    assert said.startswith("Recruit under your Troll")
    assert "the left spot of Tier 2" in said or "the right spot of Tier 2" in said
    assert " at 0" not in said and "Position" not in said
