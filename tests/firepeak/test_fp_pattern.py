"""The rulebook's pattern diagram, its Atrophy example, and the resolution procedure."""

from __future__ import annotations

from firepeak_helpers import act, choices, names, put, spell, table, uid
from hypothesis import given, settings
from hypothesis import strategies as st

from core.firepeak import board
from core.firepeak import pattern as pt
from core.firepeak.cards import CLAN_OF, N_CREATURES, SPELLS, WIZARDS
from core.firepeak.pattern import ADJACENT, EMPTY, LEADERS, MINIONS, WIZARD
from core.firepeak.state import GUARD, State

# The diagram: Troll on tier 1; Ogre and Ghost are its Minions on tier 2; Orc (one Leader,
# the Ogre) and Goblin (Leaders Ogre and Ghost) on tier 3.
TROLL, OGRE, GHOST, ORC, GOBLIN = 0, 2, 3, 5, 6


def diagram(seat: int = 0) -> State:
    s = table()
    for name, pos in (("Troll", TROLL), ("Ogre", OGRE), ("Ghost", GHOST), ("Orc", ORC),
                      ("Goblin", GOBLIN)):
        put(s, name, seat, pos)
    return s


def occupied_adjacent(s: State, pos: int) -> set[str]:
    slots = s.players[0].pattern
    return {names([slots[q]])[0] for q in ADJACENT[pos] if slots[q] != EMPTY}


def test_diagram_relations_are_as_the_rulebook_says() -> None:
    s = diagram()
    slots = s.players[0].pattern
    assert [pt.tier(p) for p in (TROLL, OGRE, GHOST, ORC, GOBLIN)] == [1, 2, 2, 3, 3]
    assert LEADERS[TROLL] == (WIZARD,)  # the Wizard heads the pattern
    assert pt.occupied_leaders(slots, OGRE) == [TROLL]  # the Troll is the Ogre's Leader
    assert {slots[m] for m in MINIONS[TROLL]} == {uid("Ogre"), uid("Ghost")}
    assert pt.occupied_leaders(slots, GOBLIN) == [OGRE, GHOST]  # two Leaders
    assert pt.occupied_leaders(slots, ORC) == [OGRE]  # only one
    assert occupied_adjacent(s, OGRE) == {"Troll", "Ghost", "Orc", "Goblin"}
    assert occupied_adjacent(s, GOBLIN) == {"Ogre", "Ghost", "Orc"}
    assert "Troll" not in occupied_adjacent(s, GOBLIN)
    assert board.pattern_legal(s, 0)
    assert board.pattern_power(s, 0) == 4 + 3 + 2 + 2 + 1


def cast_atrophy_on_the_troll() -> State:
    s = diagram()
    s.current = 1
    sp = spell(s, "atrophy", 1)
    put(s, "Paladin", 1)  # the component: a creature of Power 2 or more
    act(s, "cast", sp)
    act(s, "enchant", 0 * 10 + TROLL)
    return s


def test_atrophy_example_remove_the_troll() -> None:
    s = cast_atrophy_on_the_troll()
    # The Ogre no longer has less Power than the Troll: the owner may remove either.
    assert s.pending.kind == "remove" and s.pending.seat == 0 and s.to_move == 0
    assert set(choices(s)) == {TROLL, OGRE}
    act(s, "remove", TROLL)
    assert uid("Troll") in s.creature_discard
    assert s.ench == {} and s.spell_discard  # Atrophy left play with the Troll
    # Two Leaderless creatures: the Ghost may go to either tier-1 spot, the Ogre to one.
    assert s.pending.kind == "move_up"
    assert set(choices(s)) == {OGRE * 10 + 0, GHOST * 10 + 0, GHOST * 10 + 1}
    act(s, "move_up", OGRE * 10 + 0)
    # The Orc became Leaderless and had one way up: it was moved at once.
    assert s.pending is None
    assert names(s.players[0].pattern) == ["Ogre", "-", "Orc", "Ghost", "-", "-", "Goblin",
                                           "-", "-"]
    assert board.pattern_legal(s, 0)
    assert s.to_move == 1  # the caster's turn goes on


def test_atrophy_example_remove_the_ogre_instead() -> None:
    s = cast_atrophy_on_the_troll()
    act(s, "remove", OGRE)
    # The Orc lost its only Leader and moved up under the Troll (Power 2 < 3).
    assert names(s.players[0].pattern) == ["Troll", "-", "Orc", "Ghost", "-", "-", "Goblin",
                                           "-", "-"]
    assert s.pending is None and board.pattern_legal(s, 0)


def test_moving_the_ghost_up_leaves_the_ogre_unsupported() -> None:
    s = cast_atrophy_on_the_troll()
    act(s, "remove", TROLL)
    act(s, "move_up", GHOST * 10 + 0)
    # The Ghost (2) cannot support the Ogre (3): now it must be removed, or the Ghost.
    assert s.pending.kind == "remove" and set(choices(s)) == {0, OGRE}
    act(s, "remove", OGRE)
    # The Orc and the Goblin are both Leaderless now; the Goblin goes under the Ghost.
    assert s.pending.kind == "move_up" and set(choices(s)) == {52, 62, 63}
    act(s, "move_up", 63)
    # The Orc's only way up was forced; under the Ghost its Power 2 is too much.
    assert s.pending.kind == "remove" and set(choices(s)) == {0, 2}
    act(s, "remove", 2)
    assert s.pending is None and board.pattern_legal(s, 0)
    assert names(s.players[0].pattern)[:4] == ["Ghost", "-", "-", "Goblin"]


def test_clan_rule_violation_is_resolved_by_removal() -> None:
    s = table()
    put(s, "Troll", 0, 0)
    put(s, "Seraph", 0, 1)  # Holy Order beside a Doombringer: illegal
    s.current = 1
    sp = spell(s, "giants_strength", 1)
    put(s, "Centaur", 1, 0)
    put(s, "Dryad", 1)
    act(s, "cast", sp)  # any action finishing makes the owner resolve
    assert s.pending.kind == "remove" and set(choices(s)) == {0, 1} and s.to_move == 0
    act(s, "remove", 1)
    assert board.pattern_legal(s, 0)


def test_a_removal_that_strands_a_creature_starts_over() -> None:
    s = table()
    put(s, "Troll", 0, 0)
    put(s, "Lich", 0, 1)
    put(s, "Ogre", 0, 3)  # Leaders Troll and Lich
    put(s, "Goblin", 0, 6)  # Leader: the Ogre only
    put(s, "Paladin", 0, 4)  # beside the Ogre: a clan violation
    s.current = 1
    sp = spell(s, "giants_strength", 1)
    put(s, "Centaur", 1, 0)
    put(s, "Dryad", 1)
    act(s, "cast", sp)
    assert s.pending.kind == "remove" and set(choices(s)) == {3, 4}
    act(s, "remove", 3)  # the Ogre goes; the Goblin is stranded; the Paladin is fine now
    assert s.pending.kind == "move_up"
    assert set(choices(s)) == {62, 63}
    act(s, "move_up", 62)  # not 63: there it would stand beside the Paladin
    assert s.pending is None and board.pattern_legal(s, 0)


def test_spell_mods_reach_a_position_and_its_minions() -> None:
    s = diagram()
    sp = spell(s, "valor_aura")
    put(s, "Paladin", 0)
    act(s, "cast", sp)
    act(s, "aura", 0 * 10 + OGRE)
    assert board.power_at(s, 0, uid("Ogre"), OGRE) == 4
    assert board.power_at(s, 0, uid("Orc"), ORC) == 3
    assert board.power_at(s, 0, uid("Goblin"), GOBLIN) == 2
    assert board.power_at(s, 0, uid("Ghost"), GHOST) == 2
    assert board.power_at(s, 0, uid("Troll"), TROLL) == 4


CLAN_LIST = list(pt.CLANS)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.none(), st.tuples(st.integers(0, 5), st.integers(0, 6))),
                min_size=9, max_size=9))
def test_fast_legality_agrees_with_violations(cells: list[tuple[int, int] | None]) -> None:
    slots = [EMPTY if c is None else i for i, c in enumerate(cells)]
    powers = [0 if c is None else c[1] for c in cells]
    clans = ["" if c is None else CLAN_LIST[c[0]] for c in cells]
    assert pt.is_legal(slots, powers, clans) == (
        not pt.violations(slots, powers.__getitem__, clans.__getitem__))


def _of_type(kind: str) -> list[int]:
    return [sp for sp, d in enumerate(SPELLS) if d.type == kind]


def _trial_legal(seat: board.Seat, carried: dict[int, tuple[int, ...]],
                 layout: list[int]) -> bool:
    powers = [board.power_for(seat, carried.get(u), u, q) if u != EMPTY else 0
              for q, u in enumerate(layout)]
    return not pt.violations(layout, powers.__getitem__, lambda q: CLAN_OF[layout[q]])


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.data())
def test_moves_and_swaps_of_any_pattern_are_those_whose_layout_keeps_the_rules(
        data: st.DataObject) -> None:
    # The search behind the listed Moves and Swaps takes short cuts (a legal pattern checked
    # only where a trial changes it, a lifted creature checked once for all destinations);
    # on any pattern, legal or not, with any auras, circle and enchantments, it must offer
    # exactly the trials whose whole layout keeps the three rules.
    wizard = data.draw(st.integers(0, len(WIZARDS) - 1))
    no_aura = st.just(EMPTY)
    auras = tuple(data.draw(st.lists(st.one_of(no_aura, no_aura, st.sampled_from(
        _of_type("aura"))), min_size=9, max_size=9)))
    circle = data.draw(st.one_of(no_aura, st.sampled_from(_of_type("circle"))))
    guard_free = data.draw(st.booleans())
    seat = board._Seat(wizard, auras, circle)
    creatures = data.draw(st.permutations(range(N_CREATURES)))
    carried = {u: tuple(data.draw(st.lists(st.sampled_from(_of_type("enchantment")),
                                           max_size=2))) for u in creatures[:20]}
    # Creatures laid one by one where they keep the pattern legal, as play lays them; now
    # and then one lands anyway, for the illegal patterns a spell or a Capture can leave.
    slots = [EMPTY] * 9
    for u in creatures[:20]:
        pos = data.draw(st.integers(0, 8))
        if slots[pos] != EMPTY:
            continue
        slots[pos] = u
        if not _trial_legal(seat, carried, slots) and not data.draw(
                st.integers(0, 9).map(lambda n: n == 0)):
            slots[pos] = EMPTY
    expected: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for src in range(9):
        if slots[src] == EMPTY:
            expected.append(((), ()))
            continue
        dsts = []
        for dst in [q for q in range(9) if slots[q] == EMPTY] + ([GUARD] if guard_free else []):
            trial = list(slots)
            trial[src] = EMPTY
            if dst != GUARD:
                trial[dst] = slots[src]
            if _trial_legal(seat, carried, trial):
                dsts.append(dst)
        partners = []
        for b in (b for b in ADJACENT[src] if b > src and slots[b] != EMPTY):
            trial = list(slots)
            trial[src], trial[b] = slots[b], slots[src]
            if _trial_legal(seat, carried, trial):
                partners.append(b)
        expected.append((tuple(dsts), tuple(partners)))
    worn = tuple(carried.get(u, ()) for u in slots)
    found = board._rearrangements.__wrapped__(tuple(slots), guard_free, wizard, auras, circle,
                                              worn)
    assert found == tuple(expected)
    # The legality asked before every task, worked out on the taken Positions alone.
    assert board._pattern_ok.__wrapped__(tuple(slots), wizard, auras, circle, worn) == \
        _trial_legal(seat, carried, slots)
