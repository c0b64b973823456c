"""One test per card definition: each card's exact effect in a hand-built position."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from ascension_helpers import (
    act,
    check,
    choose,
    decline,
    end,
    pending,
    place,
    play,
    put,
    set_row,
    stack_center_deck,
)

import core.ascension as asc
from core.ascension.cards import CONTENT, by_key, card_defs, load_cards
from core.ascension.state import State
from core.content import ContentError
from core.contract import Action, Event, IllegalAction

Game = Callable[..., State]

# A copy of shared/content/ascension-base-cards.md, so the suite runs from any clone.
FACTS = Path(__file__).with_name("data") / "ascension-base-cards.md"
ALL_IDS = [c["id"] for c in tomllib.loads(CONTENT.read_text())["card"]]


def top(s: State, n: int, seat: int = 0) -> list[int]:
    """The ``n`` cards a draw of ``n`` would take, in draw order."""
    return s.players[seat].deck[-n:][::-1]


def honor_of(s: State, seat: int = 0) -> int:
    return s.players[seat].honor


def refused(s: State, action: Action, words: str) -> None:
    """``action`` is illegal, says ``words``, and changes nothing."""
    before = asc.checksum(s)
    assert action not in asc.legal_actions(s)
    with pytest.raises(IllegalAction, match=words):
        asc.apply(s, action)
    assert asc.checksum(s) == before


def defeat_with(s: State, uid: int, extra_power: int = 0) -> None:
    """Give exactly the power ``uid`` needs (plus ``extra_power``) and defeat it."""
    s.turn.power = s.cards[uid].power + extra_power
    act(s, "defeat", uid)
    assert s.turn.power == extra_power


def next_own_turn(s: State) -> None:
    """End seat 0's turn and every opponent's, so seat 0 starts a fresh turn."""
    for _ in range(s.n):
        end(s)
    assert s.current == 0 and not s.pending


# --- coverage ---------------------------------------------------------------------------

def test_every_card_id_has_its_own_test() -> None:
    assert len(ALL_IDS) == 53
    names = set(globals())
    missing = [k for k in ALL_IDS if not any(n.startswith(f"test_{k}") for n in names)]
    assert missing == []


def _facts() -> dict[str, dict[str, tuple[int, int, int]]]:
    """Per edition: card name -> (cost or power, honor or reward honor, copies)."""
    text = FACTS.read_text()
    ed: dict[int, dict[str, tuple[int, int, int]]] = {1: {}, 2: {}}

    def num(cell: str, edition: int) -> int:
        m = re.search(r"(\d+)(?:\s*\[(\d+)\])?", cell)
        assert m, cell
        return int(m.group(2)) if edition == 2 and m.group(2) else int(m.group(1))

    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 6 and cells[1] in ("Hero", "Construct"):
            for e in (1, 2):
                ed[e][cells[0]] = (num(cells[2], e), num(cells[3], e), num(cells[4], e))
        elif len(cells) == 4 and cells[1].isdigit():
            for e in (1, 2):
                ed[e][cells[0]] = (num(cells[1], e), num(cells[2], e), num(cells[3], e))
    for e in (1, 2):
        ed[e]["Mystic"] = (3, 1, 30)
        ed[e]["Heavy Infantry"] = (2, 1, 29)
        ed[e]["Cultist"] = (2, 1, 1)
    return {str(e): v for e, v in ed.items()}


FACT_TABLE = _facts()


@pytest.mark.parametrize("edition", [1, 2])
@pytest.mark.parametrize("key", [k for k in ALL_IDS if k not in ("apprentice", "militia")])
def test_card_numbers_match_the_facts(edition: int, key: str) -> None:
    d = by_key(edition)[key]
    cost, honor, copies = FACT_TABLE[str(edition)][d.name]
    if d.kind == "monster":
        assert (d.power, d.reward_honor, d.copies) == (cost, honor, copies)
        assert d.honor == 0 and d.cost == 0
    else:
        assert (d.cost, d.honor, d.copies) == (cost, honor, copies)


def test_facts_table_is_complete_and_center_deck_sizes() -> None:
    assert len(FACT_TABLE["1"]) == 51
    names = {d.name for d in card_defs(1)}
    assert set(FACT_TABLE["1"]) == names - {"Apprentice", "Militia"}
    for edition, size in ((1, 100), (2, 99)):
        assert sum(d.copies for d in card_defs(edition) if d.role == "center") == size
        assert len(asc.new_game({"edition": edition}, 3).center_deck) + 6 == size


@pytest.mark.parametrize(("old", "new", "field", "words"), [
    ('triggers = [{on = "construct_enters", faction = "mechana", effect',
     'triggers = [{on = "construct_enters", faction = "mechana", first = true, effect',
     "triggers[0].first", "only play_hero and defeat_center_monster triggers"),
    ('label = "Gain 1 Honor", needs_hero = "lifebound"',
     'label = "Gain 1 Honor", needs_hero = "fire"', "edition2.abilities[1].needs_hero",
     'not "fire"'),
])
def test_the_new_trigger_and_ability_fields_fail_loudly(tmp_path: Path, old: str, new: str,
                                                        field: str, words: str) -> None:
    text = CONTENT.read_text()
    assert text.count(old) == 1
    path = tmp_path / "cards.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_cards(path, 2)
    assert info.value.field == field and words in info.value.problem


def test_a_card_on_offer_for_nothing_fails_loudly(tmp_path: Path) -> None:
    # The engine offers nothing to buy to a player without Runes, which holds only while
    # every card on offer costs something.
    text = CONTENT.read_text()
    old = 'id = "mystic"\nname = "Mystic"\ntype = "hero"\ncost = 3'
    assert text.count(old) == 1
    path = tmp_path / "cards.toml"
    path.write_text(text.replace(old, old[:-1] + "0"), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_cards(path, 1)
    assert info.value.field == "cost" and "1 or more" in info.value.problem


@pytest.mark.parametrize(("key", "gain"), [
    ("apprentice", (1, 0)), ("militia", (0, 1)), ("mystic", (2, 0)), ("heavy_infantry", (0, 2)),
    ("arha_initiate", None), ("cultist", None), ("temple_librarian", None),
])
def test_quick_gain_is_only_for_heroes_that_just_add_runes_or_power(
        key: str, gain: tuple[int, int] | None) -> None:
    assert by_key(1)[key].quick_gain == gain


@pytest.mark.parametrize("key", ["apprentice", "militia"])
def test_starters_are_hero_cost_0_honor_0(key: str) -> None:
    d = by_key(1)[key]
    assert (d.kind, d.cost, d.honor, d.role) == ("hero", 0, 0, "starter")


# --- starters and the piles -------------------------------------------------------------

def test_apprentice(game: Game) -> None:
    s = game()
    a = put(s, "apprentice", "hand")
    play(s, a)
    assert (s.turn.runes, s.turn.power, s.turn.played) == (1, 0, [a])
    assert a not in s.players[0].hand and not s.pending
    check(s)


def test_militia(game: Game) -> None:
    s = game()
    m = put(s, "militia", "hand")
    play(s, m)
    assert (s.turn.runes, s.turn.power, s.turn.played) == (0, 1, [m])
    check(s)


def test_mystic(game: Game) -> None:
    s = game()
    top_mystic, count = s.mystics[-1], len(s.mystics)
    s.turn.runes = 3
    act(s, "acquire", top_mystic)
    assert s.players[0].discard == [top_mystic] and s.turn.runes == 0
    assert len(s.mystics) == count - 1
    place(s, top_mystic, "hand")
    play(s, top_mystic)
    assert (s.turn.runes, s.turn.power) == (2, 0)
    s.turn.runes = 2
    refused(s, Action("acquire", s.mystics[-1]), "costs 3 Runes; you have 2")
    check(s)


def test_heavy_infantry(game: Game) -> None:
    s = game()
    h, count = s.heavies[-1], len(s.heavies)
    s.turn.runes = 2
    act(s, "acquire", h)
    assert s.players[0].discard == [h] and len(s.heavies) == count - 1 and s.turn.runes == 0
    place(s, h, "hand")
    play(s, h)
    assert (s.turn.runes, s.turn.power) == (0, 2)
    check(s)


def test_cultist(game: Game) -> None:
    s = game()
    row, void, pool = list(s.center_row), list(s.void), s.honor_pool
    defeat_with(s, s.cultist, extra_power=2)
    assert honor_of(s) == 1 and s.honor_pool == pool - 1
    assert s.center_row == row and s.void == void
    act(s, "defeat", s.cultist)  # still there: fight it again
    assert honor_of(s) == 2 and s.turn.power == 0
    refused(s, Action("defeat", s.cultist), "needs 2 Power; you have 0")
    check(s)


# --- Enlightened ------------------------------------------------------------------------

def test_arha_initiate(game: Game) -> None:
    s = game()
    c = put(s, "arha_initiate", "hand")
    want = top(s, 1)
    play(s, c)
    assert s.players[0].hand == want and (s.turn.runes, s.turn.power) == (0, 0)
    check(s)


@pytest.mark.parametrize("edition", [1, 2])
def test_temple_librarian_discard_is_required_then_draw_two(game: Game, edition: int) -> None:
    # Both editions: the discard is not optional (it was a "may" here before).
    s = game(edition=edition)
    lib = put(s, "temple_librarian", "hand")
    a = put(s, "apprentice", "hand")
    m = put(s, "militia", "hand")
    play(s, lib)
    d = pending(s)
    assert (d.kind, d.choices, d.optional, d.source) == ("discard_to_draw", (a, m), False, lib)
    assert asc.legal_actions(s) == [Action("choose", a), Action("choose", m)]
    refused(s, Action("decline"), "cannot be declined")
    want = top(s, 2)
    choose(s, m)
    assert s.players[0].discard == [m] and s.players[0].hand == [a, *want]
    assert not s.pending
    check(s)


@pytest.mark.parametrize("edition", [1, 2])
def test_temple_librarian_with_an_empty_hand_draws_nothing(game: Game, edition: int) -> None:
    # The draw is what the discard pays for: played as the last card, nothing happens.
    s = game(edition=edition)
    lib = put(s, "temple_librarian", "hand")
    play(s, lib)
    assert not s.pending and s.players[0].hand == [] and s.players[0].discard == []
    check(s)


def test_seer_of_the_forked_path(game: Game) -> None:
    s = game()
    row = set_row(s, ["shadow_star", "mephit", "wolf_shaman", "avatar_of_the_fallen",
                      "arha_initiate", "muramasa"])
    (nxt,) = stack_center_deck(s, ["landtalker"])
    seer = put(s, "seer_of_the_forked_path", "hand")
    want = top(s, 1)
    play(s, seer)
    assert s.players[0].hand == want
    d = pending(s)
    assert d.kind == "banish_center" and d.optional
    assert d.choices == tuple(u for u in row if s.cards[u].key != "avatar_of_the_fallen")
    choose(s, row[2])
    assert s.void == [row[2]] and s.center_row[2] == nxt and not s.pending
    check(s)


def test_seer_declines_to_banish(game: Game) -> None:
    s = game()
    row = list(s.center_row)
    seer = put(s, "seer_of_the_forked_path", "hand")
    play(s, seer)
    decline(s)
    assert s.center_row == row and s.void == []
    check(s)


def _free_defeat_row(s: State) -> list[int]:
    return set_row(s, ["samaels_trickster", "corrosive_widow", "wind_tyrant", "earth_tyrant",
                       "avatar_of_the_fallen"])


def test_arha_templar(game: Game) -> None:
    s = game()
    sam, widow, wind, earth, avatar = _free_defeat_row(s)
    t = put(s, "arha_templar", "hand")
    s.turn.power = 1
    play(s, t)
    d = pending(s)
    assert (d.kind, d.optional, d.n) == ("defeat_free", True, 4)
    assert d.choices == (sam, widow, s.cultist)
    choose(s, sam)
    assert s.turn.power == 1 and honor_of(s) == 1 and s.turn.runes == 1
    assert sam in s.void and sam not in s.center_row
    check(s)


def test_arha_templar_decline(game: Game) -> None:
    s = game()
    _free_defeat_row(s)
    t = put(s, "arha_templar", "hand")
    play(s, t)
    decline(s)
    assert honor_of(s) == 0 and s.void == []
    check(s)


def test_twofold_askara_copies_a_hero_with_a_choice(game: Game) -> None:
    s = game()
    a = put(s, "apprentice", "hand")
    vi = put(s, "void_initiate", "hand")
    ask = put(s, "twofold_askara", "hand")
    m = put(s, "militia", "hand")
    play(s, a)
    play(s, vi)
    assert pending(s).kind == "banish_hand_or_discard"
    decline(s)
    assert s.turn.runes == 2
    play(s, ask)
    d = pending(s)
    assert (d.kind, d.choices, d.optional, d.source) == ("copy_hero", (a, vi), False, ask)
    refused(s, Action("decline"), "cannot be declined")
    choose(s, vi)
    assert s.turn.runes == 3
    d = pending(s)
    assert (d.kind, d.choices, d.optional, d.source) == (
        "banish_hand_or_discard", (m,), True, ask)
    choose(s, m)
    assert s.void == [m] and s.players[0].hand == []
    assert s.turn.played == [a, vi, ask]
    check(s)


def test_twofold_askara_copies_a_mode_choice(game: Game) -> None:
    s = game()
    mi = put(s, "mechana_initiate", "hand")
    ask = put(s, "twofold_askara", "hand")
    play(s, mi)
    choose(s, 0)
    play(s, ask)
    assert pending(s).choices == (mi,)
    choose(s, mi)
    d = pending(s)
    assert (d.kind, d.choices, d.source) == ("mode", (0, 1), ask)
    choose(s, 1)
    assert (s.turn.runes, s.turn.power) == (1, 1)
    check(s)


def test_twofold_askara_alone_does_nothing(game: Game) -> None:
    s = game()
    ask = put(s, "twofold_askara", "hand")
    play(s, ask)
    assert not s.pending and (s.turn.runes, s.turn.power) == (0, 0)
    check(s)


def test_ascetic_of_the_lidless_eye(game: Game) -> None:
    s = game()
    c = put(s, "ascetic_of_the_lidless_eye", "hand")
    want = top(s, 2)
    play(s, c)
    assert s.players[0].hand == want
    check(s)


def test_oziah_the_peerless(game: Game) -> None:
    s = game()
    sam, widow, wind, earth, avatar = _free_defeat_row(s)
    o = put(s, "oziah_the_peerless", "hand")
    play(s, o)
    d = pending(s)
    assert (d.kind, d.optional, d.n) == ("defeat_free", True, 6)
    assert d.choices == (sam, widow, wind, earth, s.cultist)
    want = top(s, 2)
    choose(s, earth)
    assert honor_of(s) == 5 and s.players[0].hand == want and earth in s.void
    assert s.turn.power == 0
    check(s)


def test_master_dhartha(game: Game) -> None:
    s = game()
    c = put(s, "master_dhartha", "hand")
    want = top(s, 3)
    play(s, c)
    assert s.players[0].hand == want
    check(s)


def test_tablet_of_times_dawn(game: Game) -> None:
    s = game()
    tab = put(s, "tablet_of_times_dawn", "hand")
    play(s, tab)
    assert s.players[0].constructs == [tab] and s.turn.played == []
    act(s, "activate", tab, 0)
    assert s.players[0].constructs == [] and s.void == [tab] and s.extra_turn
    end(s)
    assert s.current == 0 and s.turns_taken == [0, 0] and not s.extra_turn
    assert len(s.players[0].hand) == 5
    end(s)
    assert s.current == 1 and s.turns_taken == [1, 0]
    check(s)


@pytest.mark.parametrize("edition", [1, 2])
def test_tablet_of_times_dawn_usable_in_the_last_round(game: Game, edition: int) -> None:
    # Both editions: no condition on the Honor pool (it was refused once the pool was empty).
    s = game(edition=edition, honor_pool=1)
    tab = put(s, "tablet_of_times_dawn", "constructs")
    defeat_with(s, s.cultist)
    assert s.ending and s.honor_pool == 0
    assert Action("activate", tab, 0) in asc.legal_actions(s)
    act(s, "activate", tab, 0)
    assert s.void == [tab] and s.extra_turn
    events = end(s)
    assert events[-1] == Event("start_turn", 0, -1, 1)
    assert s.current == 0 and not s.over and s.turns_taken == [0, 0]
    end(s)  # the extra turn
    assert s.current == 1 and s.turns_taken == [1, 0] and not s.over
    end(s)  # the round is finished
    assert s.over and s.turns_taken == [1, 1]
    check(s)


def test_the_all_seeing_eye(game: Game) -> None:
    s = game()
    eye = put(s, "the_all_seeing_eye", "hand")
    play(s, eye)
    assert s.players[0].constructs == [eye] and s.players[0].hand == []
    want = top(s, 1)
    act(s, "activate", eye, 0)
    assert s.players[0].hand == want and s.players[0].constructs == [eye]
    refused(s, Action("activate", eye, 0), "already used")
    next_own_turn(s)
    assert Action("activate", eye, 0) in asc.legal_actions(s)
    want = top(s, 1)
    act(s, "activate", eye, 0)
    assert s.players[0].hand[-1] == want[0] and len(s.players[0].hand) == 6
    check(s)


# --- Lifebound --------------------------------------------------------------------------

def test_lifebound_initiate(game: Game) -> None:
    s = game()
    c = put(s, "lifebound_initiate", "hand")
    pool = s.honor_pool
    play(s, c)
    assert (s.turn.runes, honor_of(s), s.honor_pool) == (1, 1, pool - 1)
    check(s)


def test_wolf_shaman(game: Game) -> None:
    s = game()
    c = put(s, "wolf_shaman", "hand")
    want = top(s, 1)
    play(s, c)
    assert s.turn.runes == 1 and s.players[0].hand == want
    check(s)


@pytest.mark.parametrize("edition", [1, 2])
def test_runic_lycanthrope_alone(game: Game, edition: int) -> None:
    s = game(edition=edition)
    ly = put(s, "runic_lycanthrope", "hand")
    ai = put(s, "arha_initiate", "hand")
    play(s, ly)
    assert (s.turn.runes, s.turn.power) == (2, 0)
    play(s, ai)  # not Lifebound
    assert s.turn.power == 0
    next_own_turn(s)
    assert s.turn.waiting == []
    check(s)


@pytest.mark.parametrize("edition", [1, 2])
def test_runic_lycanthrope_other_lifebound_before(game: Game, edition: int) -> None:
    s = game(edition=edition)
    li = put(s, "lifebound_initiate", "hand")
    ly = put(s, "runic_lycanthrope", "hand")
    play(s, li)
    play(s, ly)
    assert (s.turn.runes, s.turn.power) == (3, 2)
    check(s)


def test_runic_lycanthrope_edition1_ignores_a_lifebound_hero_played_after(game: Game) -> None:
    # The original card counts only a Lifebound hero already played ("Unite" is edition 2).
    s = game(edition=1)
    ly = put(s, "runic_lycanthrope", "hand")
    ws = put(s, "wolf_shaman", "hand")
    play(s, ly)
    assert s.turn.power == 0 and s.turn.waiting == []
    play(s, ws)
    assert (s.turn.runes, s.turn.power) == (3, 0)
    check(s)


def test_runic_lycanthrope_edition2_unite_counts_a_hero_played_after(game: Game) -> None:
    s = game(edition=2)
    ly = put(s, "runic_lycanthrope", "hand")
    ws = put(s, "wolf_shaman", "hand")
    play(s, ly)
    assert s.turn.power == 0
    play(s, ws)
    assert (s.turn.runes, s.turn.power) == (3, 2)
    check(s)


@pytest.mark.parametrize("edition", [1, 2])
def test_runic_lycanthrope_before_and_after_counts_once(game: Game, edition: int) -> None:
    s = game(edition=edition)
    li = put(s, "lifebound_initiate", "hand")
    ly = put(s, "runic_lycanthrope", "hand")
    ws = put(s, "wolf_shaman", "hand")
    for c in (li, ly, ws):
        play(s, c)
    assert (s.turn.runes, s.turn.power) == (4, 2)
    check(s)


@pytest.mark.parametrize(("edition", "powers"), [(1, (2, 2)), (2, (4, 4))])
def test_runic_lycanthrope_two_of_them(game: Game, edition: int,
                                       powers: tuple[int, int]) -> None:
    # Edition 1: only the second sees the first; edition 2 (Unite): each sees the other.
    s = game(edition=edition)
    ly1 = put(s, "runic_lycanthrope", "hand")
    ly2 = put(s, "runic_lycanthrope", "hand")
    ws = put(s, "wolf_shaman", "hand")
    play(s, ly1)
    assert s.turn.power == 0
    play(s, ly2)
    assert (s.turn.runes, s.turn.power) == (4, powers[0])
    play(s, ws)
    assert (s.turn.runes, s.turn.power) == (5, powers[1])
    check(s)


@pytest.mark.parametrize(("edition", "limit"), [(1, 3), (2, 4)])
def test_druids_of_the_stone_circle(game: Game, edition: int, limit: int) -> None:
    s = game(edition=edition)
    row = set_row(s, ["arha_initiate", "wolf_shaman", "arha_templar", "shadow_star",
                      "samaels_trickster", "landtalker"])
    (nxt,) = stack_center_deck(s, ["mephit"])
    dr = put(s, "druids_of_the_stone_circle", "hand")
    play(s, dr)
    d = pending(s)
    assert (d.kind, d.optional, d.n) == ("acquire_hero_free", True, limit)
    piles = (s.mystics[-1], s.heavies[-1])  # Mystic 3, Heavy Infantry 2: both qualify
    assert d.choices == tuple(row[:2] if limit == 3 else row[:3]) + piles
    pick = row[limit - 2]
    choose(s, pick)
    assert s.players[0].deck[-1] == pick and s.center_row[limit - 2] == nxt
    assert s.players[0].discard == [] and s.turn.runes == 0
    check(s)


@pytest.mark.parametrize("edition", [1, 2])
@pytest.mark.parametrize("pile", ["mystics", "heavies"])
def test_druids_of_the_stone_circle_takes_from_a_pile(game: Game, edition: int,
                                                      pile: str) -> None:
    # Both editions: "a hero", not only one of the center row.
    s = game(edition=edition)
    row = set_row(s, ["shadow_star", "mephit"])
    stack = s.mystics if pile == "mystics" else s.heavies
    top_card, count = stack[-1], len(stack)
    dr = put(s, "druids_of_the_stone_circle", "hand")
    play(s, dr)
    assert pending(s).choices == (s.mystics[-1], s.heavies[-1])
    choose(s, top_card)
    assert s.players[0].deck[-1] == top_card and len(stack) == count - 1
    assert s.center_row[:2] == row and s.turn.runes == 0 and s.players[0].discard == []
    check(s)


def test_druids_decline(game: Game) -> None:
    s = game()
    set_row(s, ["arha_initiate"])
    dr = put(s, "druids_of_the_stone_circle", "hand")
    play(s, dr)
    decline(s)
    assert s.cards[s.center_row[0]].key == "arha_initiate"
    check(s)


def test_flytrap_witch(game: Game) -> None:
    s = game()
    c = put(s, "flytrap_witch", "hand")
    want = top(s, 1)
    play(s, c)
    assert honor_of(s) == 2 and s.players[0].hand == want
    check(s)


def test_landtalker(game: Game) -> None:
    s = game()
    c = put(s, "landtalker", "hand")
    play(s, c)
    assert (s.turn.runes, s.turn.power) == (3, 0)
    check(s)


def test_cetra_weaver_of_stars(game: Game) -> None:
    s = game()
    row = set_row(s, ["master_dhartha", "landtalker", "hedron_cannon", "earth_tyrant",
                      "arha_initiate"])
    c = put(s, "cetra_weaver_of_stars", "hand")
    play(s, c)
    d = pending(s)
    assert (d.kind, d.optional) == ("acquire_hero_free", True)
    assert d.choices == (row[0], row[1], row[4], s.mystics[-1], s.heavies[-1])
    choose(s, row[0])
    assert s.players[0].deck[-1] == row[0] and row[0] not in s.center_row
    check(s)


@pytest.mark.parametrize("edition", [1, 2])
def test_cetra_weaver_of_stars_takes_from_a_pile(game: Game, edition: int) -> None:
    # Both editions: the Mystic and Heavy Infantry piles hold heroes too.
    s = game(edition=edition)
    set_row(s, ["hedron_cannon", "earth_tyrant"])
    mystic, count = s.mystics[-1], len(s.mystics)
    c = put(s, "cetra_weaver_of_stars", "hand")
    play(s, c)
    assert pending(s).choices == (mystic, s.heavies[-1])
    choose(s, mystic)
    assert s.players[0].deck[-1] == mystic and len(s.mystics) == count - 1
    assert s.mystics[-1] != mystic
    check(s)


def test_yggdrasil_staff(game: Game) -> None:
    s = game()
    y = put(s, "yggdrasil_staff", "hand")
    play(s, y)
    assert s.players[0].constructs == [y]
    act(s, "activate", y, 0)
    assert s.turn.power == 1
    refused(s, Action("activate", y, 0), "already used")
    s.turn.runes = 3
    refused(s, Action("activate", y, 1), "needs 4 Runes; you have 3")
    s.turn.runes = 5
    pool = s.honor_pool
    act(s, "activate", y, 1)
    assert (s.turn.runes, honor_of(s), s.honor_pool) == (1, 3, pool - 3)
    s.turn.runes = 8
    refused(s, Action("activate", y, 1), "already used")
    next_own_turn(s)
    s.turn.runes = 4
    act(s, "activate", y, 1)
    assert (s.turn.runes, honor_of(s)) == (0, 6)
    check(s)


def test_yggdrasil_mechana_runes_cannot_pay(game: Game) -> None:
    s = game()
    y = put(s, "yggdrasil_staff", "constructs")
    s.turn.runes, s.turn.mechana_runes = 3, 5
    refused(s, Action("activate", y, 1), "needs 4 Runes")
    check(s)


def test_snapdragon(game: Game) -> None:
    s = game()
    sd = put(s, "snapdragon", "hand")
    ai = put(s, "arha_initiate", "hand")
    li = put(s, "lifebound_initiate", "hand")
    ws = put(s, "wolf_shaman", "hand")
    play(s, sd)
    assert s.players[0].constructs == [sd] and honor_of(s) == 0
    act(s, "activate", sd, 0)
    assert s.turn.runes == 1
    refused(s, Action("activate", sd, 0), "already used")
    play(s, ai)
    assert honor_of(s) == 0
    play(s, li)
    assert honor_of(s) == 2 and s.turn.runes == 2
    play(s, ws)
    assert honor_of(s) == 2
    next_own_turn(s)
    li2 = put(s, "lifebound_initiate", "hand")
    play(s, li2)
    assert honor_of(s) == 4
    check(s)


def test_snapdragon_edition1_only_the_turns_first_lifebound_hero(game: Game) -> None:
    # A Lifebound hero played before Snapdragon entered play was the turn's first one.
    s = game(edition=1)
    li = put(s, "lifebound_initiate", "hand")
    sd = put(s, "snapdragon", "hand")
    ws = put(s, "wolf_shaman", "hand")
    play(s, li)
    assert honor_of(s) == 1
    play(s, sd)
    play(s, ws)
    assert honor_of(s) == 1 and (sd, 8) not in s.turn.used
    next_own_turn(s)
    play(s, put(s, "wolf_shaman", "hand"))
    assert honor_of(s) == 2
    check(s)


def test_snapdragon_edition2_honor_is_a_second_ability(game: Game) -> None:
    s = game(edition=2)
    d = by_key(2)["snapdragon"]
    assert [ab.label for ab in d.abilities] == ["+1 Rune", "Gain 1 Honor"] and not d.triggers
    sd = put(s, "snapdragon", "constructs")
    ai = put(s, "arha_initiate", "hand")
    li = put(s, "lifebound_initiate", "hand")
    assert Action("activate", sd, 1) not in asc.legal_actions(s)
    refused(s, Action("activate", sd, 1), "needs a Lifebound hero played this turn")
    play(s, ai)
    refused(s, Action("activate", sd, 1), "needs a Lifebound hero played this turn")
    play(s, li)
    assert honor_of(s) == 1  # the hero's own Honor: nothing is automatic any more
    act(s, "activate", sd, 1)
    assert honor_of(s) == 2
    refused(s, Action("activate", sd, 1), "already used")
    act(s, "activate", sd, 0)
    assert s.turn.runes == 2
    check(s)


def test_snapdragon_edition2_counts_a_hero_played_before_it_entered(game: Game) -> None:
    s = game(edition=2)
    li = put(s, "lifebound_initiate", "hand")
    sd = put(s, "snapdragon", "hand")
    play(s, li)
    play(s, sd)
    act(s, "activate", sd, 1)
    assert honor_of(s) == 2
    check(s)


# --- Mechana ----------------------------------------------------------------------------

def test_mechana_initiate_edition1_choice(game: Game) -> None:
    for option, want in ((0, (1, 0)), (1, (0, 1))):
        s = game()
        mi = put(s, "mechana_initiate", "hand")
        play(s, mi)
        d = pending(s)
        assert (d.kind, d.choices, d.optional, d.labels) == (
            "mode", (0, 1), False, ("+1 Rune", "+1 Power"))
        assert asc.legal_actions(s) == [Action("choose", 0), Action("choose", 1)]
        refused(s, Action("decline"), "cannot be declined")
        choose(s, option)
        assert (s.turn.runes, s.turn.power) == want and not s.pending
        check(s)


def test_mechana_initiate_edition2_both(game: Game) -> None:
    s = game(edition=2)
    mi = put(s, "mechana_initiate", "hand")
    play(s, mi)
    assert not s.pending and (s.turn.runes, s.turn.power) == (1, 1)
    check(s)


def test_kor_the_ferromancer(game: Game) -> None:
    for constructs, draws in ((0, 0), (1, 0), (2, 1), (3, 1)):
        s = game()
        for k in ["shadow_star", "yggdrasil_staff", "muramasa"][:constructs]:
            put(s, k, "constructs")
        kor = put(s, "kor_the_ferromancer", "hand")
        want = top(s, draws) if draws else []
        play(s, kor)
        assert s.turn.power == 2 and s.players[0].hand == want
        check(s)


@pytest.mark.parametrize(("constructs", "gain"), [
    ([], 0),
    (["shadow_star"], 1),
    (["shadow_star", "shadow_star", "yggdrasil_staff"], 2),
    (["shadow_star", "yggdrasil_staff", "burrower_mark_ii", "the_all_seeing_eye"], 4),
    (["yggdrasil_staff", "hedron_link_device"], 2),
    (["yggdrasil_staff", "shadow_star", "hedron_link_device"], 3),
])
def test_avatar_golem(game: Game, constructs: list[str], gain: int) -> None:
    s = game()
    for k in constructs:
        put(s, k, "constructs")
    g = put(s, "avatar_golem", "hand")
    play(s, g)
    assert s.turn.power == 2 and honor_of(s) == gain
    check(s)


def test_reactor_monk(game: Game) -> None:
    s = game()
    star1, star2, hero = set_row(s, ["shadow_star", "shadow_star", "arha_initiate"])
    monk = put(s, "reactor_monk", "hand")
    play(s, monk)
    assert (s.turn.runes, s.turn.discount) == (2, 1)
    s.turn.runes += 4
    assert asc.rules.acquire_cost(s, hero) == 1
    act(s, "acquire", hero)  # a hero does not use the discount
    assert s.turn.runes == 5 and s.turn.discount == 1
    assert asc.rules.acquire_cost(s, star1) == 2
    act(s, "acquire", star1)
    assert s.turn.runes == 3 and s.turn.discount == 0
    assert asc.rules.acquire_cost(s, star2) == 3
    act(s, "acquire", star2)
    assert s.turn.runes == 0 and star1 in s.players[0].discard
    check(s)


def test_reactor_monk_discount_ends_with_the_turn(game: Game) -> None:
    s = game()
    monk = put(s, "reactor_monk", "hand")
    play(s, monk)
    next_own_turn(s)
    assert s.turn.discount == 0
    check(s)


def test_burrower_mark_ii_counts_itself_once_per_turn(game: Game) -> None:
    s = game()
    b = put(s, "burrower_mark_ii", "hand")
    w = put(s, "watchmakers_altar", "hand")
    want = top(s, 1)
    play(s, b)
    assert s.players[0].constructs == [b] and s.players[0].hand == [w, *want]
    play(s, w)  # a second Mechana construct this turn: no more draw
    assert s.players[0].hand == want
    next_own_turn(s)
    n = len(s.players[0].hand)
    g = put(s, "the_grand_design", "hand")
    play(s, g)
    assert len(s.players[0].hand) == n + 1
    check(s)


def test_burrower_ignores_other_factions_without_hedron_link(game: Game) -> None:
    s = game()
    put(s, "burrower_mark_ii", "constructs")
    star = put(s, "shadow_star", "hand")
    play(s, star)
    assert s.players[0].hand == []
    check(s)


def test_burrower_with_hedron_link_counts_any_construct(game: Game) -> None:
    s = game()
    put(s, "burrower_mark_ii", "constructs")
    put(s, "hedron_link_device", "constructs")
    star = put(s, "shadow_star", "hand")
    want = top(s, 1)
    play(s, star)
    assert s.players[0].hand == want
    check(s)


def test_rocket_courier_x99_edition1_into_play(game: Game) -> None:
    s = game()
    courier = put(s, "rocket_courier_x99", "constructs")
    put(s, "burrower_mark_ii", "constructs")
    star, grand, altar = set_row(s, ["shadow_star", "the_grand_design", "watchmakers_altar"])
    s.turn.runes = 3 + 6 + 5
    act(s, "acquire", star)  # not Mechana: to the discard, the courier is not asked
    assert s.players[0].discard == [star] and not s.pending
    act(s, "acquire", grand)
    d = pending(s)
    assert (d.kind, d.choices, d.optional, d.source) == ("courier_play", (grand,), True,
                                                         courier)
    assert s.players[0].discard == [star, grand]  # there until the answer
    want = top(s, 1)
    choose(s, grand)
    assert s.players[0].constructs[-1] == grand and grand not in s.players[0].discard
    assert s.players[0].hand == want  # Burrower saw a Mechana construct enter play
    act(s, "acquire", altar)  # once per turn
    assert not s.pending
    assert s.players[0].discard == [star, altar] and s.players[0].hand == want
    assert s.turn.runes == 0
    next_own_turn(s)
    altar2 = put(s, "watchmakers_altar", "row", slot=0)
    s.turn.runes = 5
    act(s, "acquire", altar2)
    choose(s, altar2)
    assert s.players[0].constructs[-1] == altar2
    check(s)


def test_rocket_courier_x99_edition2_into_hand(game: Game) -> None:
    s = game(edition=2)
    courier = put(s, "rocket_courier_x99", "constructs")
    put(s, "burrower_mark_ii", "constructs")
    burrower, altar = set_row(s, ["burrower_mark_ii", "watchmakers_altar"])
    s.turn.runes = 8
    act(s, "acquire", burrower)
    d = pending(s)
    assert (d.kind, d.choices, d.optional, d.source) == ("courier_hand", (burrower,), True,
                                                         courier)
    events = choose(s, burrower)
    assert events == [Event("trigger", 0, courier, 0), Event("to_hand", 0, burrower)]
    assert s.players[0].hand == [burrower] and len(s.players[0].constructs) == 2
    act(s, "acquire", altar)
    assert not s.pending
    assert s.players[0].discard == [altar] and s.players[0].hand == [burrower]
    want = top(s, 2)
    play(s, burrower)  # now it enters play: both Burrowers draw (the new one counts itself)
    assert s.players[0].hand == want
    check(s)


@pytest.mark.parametrize(("edition", "kind"), [(1, "courier_play"), (2, "courier_hand")])
def test_rocket_courier_x99_may_be_declined(game: Game, edition: int, kind: str) -> None:
    # Both editions: "may". Declining leaves the courier unused for a later construct, and
    # one acquisition is asked about once, however many couriers are in play.
    s = game(edition=edition)
    c1 = put(s, "rocket_courier_x99", "constructs")
    c2 = put(s, "rocket_courier_x99", "constructs")
    altar, burrower, grand = set_row(s, ["watchmakers_altar", "burrower_mark_ii",
                                         "the_grand_design"])
    s.turn.runes = 5 + 3 + 6
    act(s, "acquire", altar)
    assert (pending(s).kind, pending(s).source) == (kind, c1)
    assert asc.legal_actions(s) == [Action("choose", altar), Action("decline")]
    decline(s)
    assert not s.pending and s.players[0].discard == [altar]
    act(s, "acquire", burrower)
    assert (pending(s).kind, pending(s).source) == (kind, c1)  # still unused
    choose(s, burrower)
    act(s, "acquire", grand)
    assert (pending(s).kind, pending(s).source) == (kind, c2)
    choose(s, grand)
    assert s.players[0].discard == [altar]
    moved = s.players[0].constructs[2:] if edition == 1 else s.players[0].hand
    assert moved == [burrower, grand]
    check(s)


def test_rocket_courier_x99_after_a_free_acquisition(game: Game) -> None:
    # A construct taken for free by Avatar of the Fallen is acquired too.
    s = game()
    courier = put(s, "rocket_courier_x99", "constructs")
    av, grand = set_row(s, ["avatar_of_the_fallen", "the_grand_design"])
    defeat_with(s, av)
    choose(s, grand)
    assert (pending(s).kind, pending(s).choices, pending(s).source) == (
        "courier_play", (grand,), courier)
    choose(s, grand)
    assert s.players[0].constructs == [courier, grand] and not s.pending and not s.work
    check(s)


@pytest.mark.parametrize(("edition", "kind"), [(1, "courier_play"), (2, "courier_hand")])
def test_rocket_courier_x99_honours_hedron_link_device(game: Game, edition: int,
                                                      kind: str) -> None:
    # Both editions: with the Device in play, any construct being acquired is Mechana.
    s = game(edition=edition)
    courier = put(s, "rocket_courier_x99", "constructs")
    put(s, "hedron_link_device", "constructs")
    (star,) = set_row(s, ["shadow_star"])
    s.turn.runes = 3
    act(s, "acquire", star)
    d = pending(s)
    assert (d.kind, d.choices, d.source) == (kind, (star,), courier)
    choose(s, star)
    assert star in (s.players[0].constructs if edition == 1 else s.players[0].hand)
    check(s)


def test_watchmakers_altar(game: Game) -> None:
    s = game()
    alt = put(s, "watchmakers_altar", "constructs")
    star, burrower, hero = set_row(s, ["shadow_star", "burrower_mark_ii", "arha_initiate"])
    act(s, "activate", alt, 0)
    assert (s.turn.runes, s.turn.mechana_runes) == (0, 1)
    refused(s, Action("activate", alt, 0), "already used")
    refused(s, Action("acquire", hero), "costs 1 Runes; you have 0")
    refused(s, Action("acquire", s.mystics[-1]), "costs 3 Runes; you have 0")
    s.turn.runes = 2
    refused(s, Action("acquire", star), "costs 3 Runes; you have 2")
    act(s, "acquire", burrower)
    assert (s.turn.runes, s.turn.mechana_runes) == (0, 0)
    assert s.players[0].discard == [burrower]
    check(s)


def test_watchmakers_runes_spent_first_and_vanish(game: Game) -> None:
    s = game()
    alt = put(s, "watchmakers_altar", "constructs")
    (burrower,) = set_row(s, ["burrower_mark_ii"])
    act(s, "activate", alt, 0)
    s.turn.runes = 5
    act(s, "acquire", burrower)
    assert (s.turn.runes, s.turn.mechana_runes) == (3, 0)
    next_own_turn(s)
    assert (s.turn.runes, s.turn.mechana_runes) == (0, 0)
    check(s)


def test_the_grand_design(game: Game) -> None:
    s = game()
    g = put(s, "the_grand_design", "constructs")
    star, cannon = set_row(s, ["shadow_star", "hedron_cannon"])
    act(s, "activate", g, 0)
    assert (s.turn.runes, s.turn.mechana_runes) == (0, 2)
    s.turn.runes = 2
    refused(s, Action("acquire", star), "costs 3 Runes; you have 2")
    s.turn.runes = 6
    act(s, "acquire", cannon)
    assert (s.turn.runes, s.turn.mechana_runes) == (0, 0)
    check(s)


@pytest.mark.parametrize("edition", [1, 2])
def test_hedron_link_device(game: Game, edition: int) -> None:
    # Constructs in play and the one being acquired count as Mechana (the acquired one did
    # not before), so Mechana-only Runes buy any construct; never a hero.
    s = game(edition=edition)
    link = put(s, "hedron_link_device", "hand")
    star = put(s, "shadow_star", "constructs")
    row_star, hero = set_row(s, ["shadow_star", "arha_initiate"])
    s.turn.mechana_runes = 3
    refused(s, Action("acquire", row_star), "costs 3 Runes; you have 0")  # not in play yet
    play(s, link)
    assert s.players[0].constructs == [star, link]
    assert asc.rules.fx.is_mechana(s, 0, star)
    assert asc.rules.fx.is_mechana(s, 0, row_star)
    refused(s, Action("acquire", hero), "costs 1 Runes; you have 0")
    assert Action("acquire", row_star) in asc.legal_actions(s)
    act(s, "acquire", row_star)
    assert (s.turn.runes, s.turn.mechana_runes) == (0, 0)
    assert s.players[0].discard == [row_star]
    check(s)


@pytest.mark.parametrize("ability", ["watchmakers_altar", "the_grand_design"])
def test_mechana_runes_buy_any_construct_with_hedron_link_device(game: Game,
                                                                ability: str) -> None:
    s = game()
    source = put(s, ability, "constructs")
    put(s, "hedron_link_device", "constructs")
    (staff,) = set_row(s, ["yggdrasil_staff"])
    act(s, "activate", source, 0)
    mech = s.turn.mechana_runes
    s.turn.runes = 4 - mech
    act(s, "acquire", staff)
    assert (s.turn.runes, s.turn.mechana_runes) == (0, 0) and s.players[0].discard == [staff]
    check(s)


def test_hedron_cannon(game: Game) -> None:
    s = game()
    cannon = put(s, "hedron_cannon", "constructs")
    put(s, "shadow_star", "constructs")
    put(s, "yggdrasil_staff", "constructs")
    put(s, "burrower_mark_ii", "constructs")
    act(s, "activate", cannon, 0)
    assert s.turn.power == 2  # the cannon and the Burrower
    refused(s, Action("activate", cannon, 0), "already used")
    next_own_turn(s)
    put(s, "hedron_link_device", "constructs")
    act(s, "activate", cannon, 0)
    assert s.turn.power == 5  # every construct counts as Mechana now
    check(s)


# --- Void -------------------------------------------------------------------------------

def test_void_initiate(game: Game) -> None:
    s = game()
    vi = put(s, "void_initiate", "hand")
    a = put(s, "apprentice", "hand")
    m = put(s, "militia", "discard")
    play(s, vi)
    assert s.turn.runes == 1
    d = pending(s)
    assert (d.kind, d.choices, d.optional, d.source) == (
        "banish_hand_or_discard", (a, m), True, vi)
    snap = s.copy()
    choose(s, m)
    assert s.void == [m] and s.players[0].discard == [] and s.players[0].hand == [a]
    decline(snap)
    assert snap.void == [] and snap.players[0].discard == [m]
    check(s)
    check(snap)


def test_void_initiate_can_banish_from_hand(game: Game) -> None:
    s = game()
    vi = put(s, "void_initiate", "hand")
    a = put(s, "apprentice", "hand")
    play(s, vi)
    choose(s, a)
    assert s.void == [a] and s.players[0].hand == []
    check(s)


def test_spike_vixen(game: Game) -> None:
    s = game()
    c = put(s, "spike_vixen", "hand")
    want = top(s, 1)
    play(s, c)
    assert s.turn.power == 1 and s.players[0].hand == want
    check(s)


def test_shade_of_the_black_watch(game: Game) -> None:
    s = game()
    c = put(s, "shade_of_the_black_watch", "hand")
    m = put(s, "militia", "discard")
    play(s, c)
    assert s.turn.power == 2
    d = pending(s)
    assert (d.kind, d.choices, d.optional) == ("banish_hand_or_discard", (m,), True)
    choose(s, m)
    assert s.void == [m]
    check(s)


@pytest.mark.parametrize("edition", [1, 2])
def test_arbiter_of_the_precipice(game: Game, edition: int) -> None:
    s = game(edition=edition)
    arb = put(s, "arbiter_of_the_precipice", "hand")
    assert s.cards[arb].cost == (4 if edition == 1 else 5)
    a = put(s, "apprentice", "hand")
    want = top(s, 2)
    play(s, arb)
    assert s.players[0].hand == [a, *want]
    d = pending(s)
    assert (d.kind, d.choices, d.optional) == ("banish_hand", (a, *want), False)
    refused(s, Action("decline"), "cannot be declined")
    refused(s, Action("end"), "finish the current choice first")
    choose(s, want[1])
    assert s.void == [want[1]] and s.players[0].hand == [a, want[0]]
    check(s)


def test_demon_slayer(game: Game) -> None:
    s = game()
    c = put(s, "demon_slayer", "hand")
    play(s, c)
    assert (s.turn.runes, s.turn.power) == (0, 3)
    check(s)


def test_emri_one_with_the_void(game: Game) -> None:
    s = game()
    c = put(s, "emri_one_with_the_void", "hand")
    play(s, c)
    assert (s.turn.runes, s.turn.power) == (0, 4)
    check(s)


def test_shadow_star(game: Game) -> None:
    s = game()
    star = put(s, "shadow_star", "hand")
    play(s, star)
    assert s.players[0].constructs == [star] and s.turn.power == 0
    act(s, "activate", star, 0)
    assert s.turn.power == 1
    refused(s, Action("activate", star, 0), "already used")
    next_own_turn(s)
    assert s.players[0].constructs == [star]
    act(s, "activate", star, 0)
    assert s.turn.power == 1
    check(s)


def test_voidthirster(game: Game) -> None:
    s = game()
    vt = put(s, "voidthirster", "constructs")
    (sam,) = set_row(s, ["samaels_trickster"])
    act(s, "activate", vt, 0)
    assert s.turn.power == 1
    refused(s, Action("activate", vt, 0), "already used")
    s.turn.power = 5
    act(s, "defeat", sam)
    assert honor_of(s) == 2  # 1 reward + 1 for the first monster
    act(s, "defeat", s.cultist)
    assert honor_of(s) == 3 and s.turn.power == 0
    next_own_turn(s)
    (wind,) = set_row(s, ["wind_tyrant"])
    defeat_with(s, wind)
    assert honor_of(s) == 3 + 3 + 1
    check(s)


@pytest.mark.parametrize("edition", [1, 2])
def test_voidthirster_ignores_the_cultist(game: Game, edition: int) -> None:
    # Both editions: only a monster defeated in the center row counts, and the Cultist does
    # not use the bonus up.
    s = game(edition=edition)
    put(s, "voidthirster", "constructs")
    (wind,) = set_row(s, ["wind_tyrant"])
    defeat_with(s, s.cultist)
    assert honor_of(s) == 1
    defeat_with(s, wind)
    assert honor_of(s) == 1 + 3 + 1
    check(s)


@pytest.mark.parametrize("edition", [1, 2])
def test_voidthirster_only_the_turns_first_center_row_defeat(game: Game, edition: int) -> None:
    # Both editions: a monster defeated before Voidthirster entered play was the turn's
    # first, so one defeated after it gives no bonus.
    s = game(edition=edition)
    wind, earth = set_row(s, ["wind_tyrant", "earth_tyrant"])
    vt = put(s, "voidthirster", "hand")
    defeat_with(s, wind)
    assert honor_of(s) == 3
    play(s, vt)
    defeat_with(s, earth)
    assert honor_of(s) == 3 + 5
    check(s)


def test_voidthirster_counts_a_free_defeat_in_the_center_row(game: Game) -> None:
    s = game()
    put(s, "voidthirster", "constructs")
    (sam,) = set_row(s, ["samaels_trickster"])
    play(s, put(s, "arha_templar", "hand"))
    choose(s, sam)
    assert honor_of(s) == 2 and s.turn.power == 0
    check(s)


def test_muramasa(game: Game) -> None:
    s = game()
    mu = put(s, "muramasa", "hand")
    play(s, mu)
    act(s, "activate", mu, 0)
    assert s.turn.power == 3
    refused(s, Action("activate", mu, 0), "already used")
    check(s)


# --- Monsters ---------------------------------------------------------------------------

@pytest.mark.parametrize(("edition", "honor"), [(1, 1), (2, 2)])
def test_samaels_trickster(game: Game, edition: int, honor: int) -> None:
    s = game(edition=edition)
    (sam,) = set_row(s, ["samaels_trickster"])
    (nxt,) = stack_center_deck(s, ["landtalker"])
    defeat_with(s, sam)
    assert (honor_of(s), s.turn.runes) == (honor, 1)
    assert s.void == [sam] and s.center_row[0] == nxt
    check(s)


@pytest.mark.parametrize(("edition", "honor"), [(1, 1), (2, 2)])
def test_tormented_soul(game: Game, edition: int, honor: int) -> None:
    s = game(edition=edition)
    (ts,) = set_row(s, ["tormented_soul"])
    want = top(s, 1)
    defeat_with(s, ts)
    assert honor_of(s) == honor and s.players[0].hand == want
    check(s)


def test_mephit(game: Game) -> None:
    s = game()
    me, star, avatar = set_row(s, ["mephit", "shadow_star", "avatar_of_the_fallen"])
    (nxt,) = stack_center_deck(s, ["landtalker"])
    defeat_with(s, me)
    assert honor_of(s) == 2 and s.center_row[0] == nxt
    d = pending(s)
    assert (d.kind, d.optional) == ("banish_center", True)
    assert d.choices == (nxt, star)  # never the Avatar of the Fallen
    choose(s, star)
    assert s.void == [me, star]
    check(s)


def _opponent_constructs(s: State, keys_: list[str]) -> list[int]:
    return [put(s, k, "constructs", seat=1) for k in keys_]


@pytest.mark.parametrize("edition", [1, 2])
def test_corrosive_widow_opponent_chooses(game: Game, edition: int) -> None:
    # Both editions: the construct goes to its owner's discard pile, not to the Void.
    s = game(edition=edition)
    mine = put(s, "muramasa", "constructs")
    star, ygg = _opponent_constructs(s, ["shadow_star", "yggdrasil_staff"])
    (w,) = set_row(s, ["corrosive_widow"])
    defeat_with(s, w)
    assert honor_of(s) == 3
    d = pending(s)
    assert (d.kind, d.seat, d.choices, d.optional) == ("destroy_construct", 1, (star, ygg), False)
    assert s.to_move == 1 and s.current == 0
    assert asc.legal_actions(s) == [Action("choose", star), Action("choose", ygg)]
    events = choose(s, ygg)
    assert Event("construct_to_discard", 1, ygg) in events
    assert s.players[1].constructs == [star] and s.players[1].discard[-1] == ygg
    assert s.void == [w]
    assert s.players[0].constructs == [mine] and s.to_move == 0
    check(s)


def test_corrosive_widow_one_or_no_construct(game: Game) -> None:
    s = game(players=3)
    (star,) = _opponent_constructs(s, ["shadow_star"])
    (w,) = set_row(s, ["corrosive_widow"])
    defeat_with(s, w)
    assert not s.pending and s.players[1].constructs == [] and s.void == [w]
    assert s.players[1].discard[-1] == star
    assert s.players[2].constructs == [] and s.to_move == 0
    check(s)


def test_corrosive_widow_asks_each_opponent_in_turn(game: Game) -> None:
    s = game(players=3)
    a1, a2 = _opponent_constructs(s, ["shadow_star", "muramasa"])
    b1, b2 = (put(s, k, "constructs", seat=2) for k in ("snapdragon", "voidthirster"))
    (w,) = set_row(s, ["corrosive_widow"])
    defeat_with(s, w)
    assert (pending(s).seat, pending(s).choices) == (1, (a1, a2))
    choose(s, a1)
    assert (pending(s).seat, pending(s).choices) == (2, (b1, b2))
    assert s.to_move == 2
    choose(s, b2)
    assert s.players[1].constructs == [a2] and s.players[2].constructs == [b1]
    assert s.to_move == 0
    check(s)


def test_mistake_of_creation(game: Game) -> None:
    s = game()
    mi, star = set_row(s, ["mistake_of_creation", "shadow_star"])
    (nxt,) = stack_center_deck(s, ["landtalker"])
    dis = put(s, "militia", "discard")
    defeat_with(s, mi)
    assert honor_of(s) == 4
    d = pending(s)
    assert (d.kind, d.choices, d.optional) == ("banish_center", (nxt, star), True)
    decline(s)
    d = pending(s)
    assert (d.kind, d.choices, d.optional) == ("banish_discard", (dis,), True)
    choose(s, dis)
    assert s.void == [mi, dis] and s.center_row[:2] == [nxt, star]
    check(s)


def test_mistake_of_creation_both(game: Game) -> None:
    s = game()
    mi, star = set_row(s, ["mistake_of_creation", "shadow_star"])
    put(s, "militia", "discard")
    defeat_with(s, mi)
    choose(s, star)
    decline(s)
    assert s.void == [mi, star] and len(s.players[0].discard) == 1 and not s.pending
    check(s)


def test_wind_tyrant(game: Game) -> None:
    s = game()
    (wt,) = set_row(s, ["wind_tyrant"])
    defeat_with(s, wt)
    assert (honor_of(s), s.turn.runes) == (3, 3)
    check(s)


def test_sea_tyrant(game: Game) -> None:
    s = game()
    a, b, c = _opponent_constructs(s, ["shadow_star", "yggdrasil_staff", "muramasa"])
    mine = put(s, "voidthirster", "constructs")
    (st,) = set_row(s, ["sea_tyrant"])
    defeat_with(s, st)
    assert honor_of(s) == 5  # the reward runs first; Voidthirster's bonus waits its turn
    d = pending(s)
    assert (d.kind, d.seat, d.choices, d.optional) == ("keep_construct", 1, (a, b, c), False)
    assert s.to_move == 1
    choose(s, b)
    assert s.players[1].constructs == [b] and s.players[1].discard[-2:] == [a, c]
    assert s.players[0].constructs == [mine] and s.to_move == 0
    assert honor_of(s) == 6 and not s.pending
    check(s)


def test_sea_tyrant_one_construct_no_choice(game: Game) -> None:
    s = game()
    (a,) = _opponent_constructs(s, ["shadow_star"])
    (st,) = set_row(s, ["sea_tyrant"])
    defeat_with(s, st)
    assert not s.pending and s.players[1].constructs == [a]
    check(s)


def test_earth_tyrant(game: Game) -> None:
    s = game()
    (et,) = set_row(s, ["earth_tyrant"])
    want = top(s, 2)
    defeat_with(s, et)
    assert honor_of(s) == 5 and s.players[0].hand == want
    check(s)


@pytest.mark.parametrize(("edition", "honor"), [(1, 3), (2, 4)])
def test_xeron_duke_of_lies(game: Game, edition: int, honor: int) -> None:
    s = game(players=3, edition=edition)
    (x,) = set_row(s, ["xeron_duke_of_lies"])
    h1, h2 = list(s.players[1].hand), list(s.players[2].hand)
    defeat_with(s, x)
    assert honor_of(s) == honor
    hand = s.players[0].hand
    assert len(hand) == 2
    assert hand[0] in h1 and hand[1] in h2
    assert sorted(s.players[1].hand + [hand[0]]) == sorted(h1)
    assert sorted(s.players[2].hand + [hand[1]]) == sorted(h2)
    check(s)


def test_xeron_skips_an_empty_hand(game: Game) -> None:
    s = game(players=3)
    s.players[1].deck[:0] = s.players[1].hand
    s.players[1].hand.clear()
    (x,) = set_row(s, ["xeron_duke_of_lies"])
    h2 = list(s.players[2].hand)
    defeat_with(s, x)
    assert len(s.players[0].hand) == 1 and s.players[0].hand[0] in h2
    assert len(s.players[2].hand) == 4
    check(s)


def test_avatar_of_the_fallen_acquire_free(game: Game) -> None:
    s = game()
    av, cannon, et, star = set_row(s, ["avatar_of_the_fallen", "hedron_cannon",
                                        "earth_tyrant", "shadow_star"])
    (nxt,) = stack_center_deck(s, ["landtalker"])
    # cannot be sent to the Void from the row
    seer = put(s, "seer_of_the_forked_path", "hand")
    play(s, seer)
    assert av not in pending(s).choices
    decline(s)
    defeat_with(s, av)
    assert honor_of(s) == 4 and s.void == [av] and s.center_row[0] == nxt
    d = pending(s)
    assert (d.kind, d.optional) == ("acquire_or_defeat", True)
    assert d.choices == (nxt, cannon, et, star)
    choose(s, cannon)
    assert s.players[0].discard == [cannon] and s.turn.runes == 0 and cannon not in s.center_row
    check(s)


def test_avatar_of_the_fallen_defeat_free(game: Game) -> None:
    s = game()
    av, et = set_row(s, ["avatar_of_the_fallen", "earth_tyrant"])
    defeat_with(s, av)
    want = top(s, 2)
    choose(s, et)
    assert honor_of(s) == 9 and s.players[0].hand == want and s.void == [av, et]
    assert s.turn.power == 0
    check(s)


def test_avatar_of_the_fallen_decline(game: Game) -> None:
    s = game()
    av, et = set_row(s, ["avatar_of_the_fallen", "earth_tyrant"])
    defeat_with(s, av)
    decline(s)
    assert honor_of(s) == 4 and et in s.center_row
    check(s)
