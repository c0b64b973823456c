"""Rule cases from the rulebook: set-up, the turn, refills, the end of the game, scoring,
refusals of illegal actions and what each seat may see."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from ascension_helpers import (
    act,
    check,
    choose,
    clear_hand,
    end,
    keys,
    new,
    pending,
    place,
    play,
    put,
    set_row,
    stack_center_deck,
)

import core.ascension as asc
from core.ascension.state import State
from core.contract import Action, IllegalAction
from core.rng import Rng

Game = Callable[..., State]


def unchanged_refusal(s: State, action: Action, words: str) -> None:
    """``action`` is refused with a message containing ``words`` and nothing changes."""
    before_sum, before_snap = asc.checksum(s), asc.snapshot(s)
    before_legal = asc.legal_actions(s)
    assert asc.why_illegal(s, action) is not None
    with pytest.raises(IllegalAction, match=words):
        asc.apply(s, action)
    assert asc.checksum(s) == before_sum
    assert asc.snapshot(s) == before_snap
    assert asc.legal_actions(s) == before_legal


# --- set-up -----------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("edition", [1, 2])
def test_setup(players: int, edition: int) -> None:
    s = new(players, seed=11, edition=edition)
    center = 100 if edition == 1 else 99
    assert len(s.center_row) == 6 and all(u >= 0 for u in s.center_row)
    assert all(s.cards[u].role == "center" for u in s.center_row + s.center_deck)
    assert len(s.center_deck) == center - 6
    assert s.honor_pool == 30 * players and s.honor_extra == 0
    assert len(s.mystics) == 30 and len(s.heavies) == 29
    assert {s.cards[u].key for u in s.mystics} == {"mystic"}
    assert {s.cards[u].key for u in s.heavies} == {"heavy_infantry"}
    assert s.cards[s.cultist].key == "cultist"
    assert s.void == [] and s.turn.played == [] and not s.pending
    assert (s.current, s.to_move, s.turns_taken) == (0, 0, [0] * players)
    for p in s.players:
        assert len(p.hand) == 5 and len(p.deck) == 5 and p.discard == [] and p.constructs == []
        assert Counter(keys(s, p.deck + p.hand)) == {"apprentice": 8, "militia": 2}
        assert p.honor == 0
    check(s)


def test_setup_is_seeded_and_shuffled() -> None:
    a, b, c = new(2, seed=5), new(2, seed=5), new(2, seed=6)
    assert asc.checksum(a) == asc.checksum(b) and asc.snapshot(a) == asc.snapshot(b)
    assert a.center_row + a.center_deck != c.center_row + c.center_deck


@pytest.mark.parametrize("pool", [1, 17, 200])
def test_honor_pool_is_settable(pool: int) -> None:
    s = new(3, honor_pool=pool)
    assert s.honor_pool == pool
    check(s)


@pytest.mark.parametrize("options", [
    {"players": 1}, {"players": 5}, {"honor_pool": 0}, {"edition": 3},
    {"players": 2, "seats": ["human"]}, {"players": 3, "names": ["a", "b"]},
])
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        asc.new_game(options, 1)


def test_piles_are_always_on_offer_and_shrink(game: Game) -> None:
    s = game()
    s.turn.runes = 3 * 2 + 2
    for _ in range(2):
        top = s.mystics[-1]
        assert Action("acquire", top) in asc.legal_actions(s)
        assert Action("acquire", s.mystics[0]) not in asc.legal_actions(s)
        act(s, "acquire", top)
    h = s.heavies[-1]
    act(s, "acquire", h)
    assert (len(s.mystics), len(s.heavies), s.turn.runes) == (28, 28, 0)
    assert keys(s, s.players[0].discard) == ["mystic", "mystic", "heavy_infantry"]
    check(s)


def test_empty_pile_is_no_longer_on_offer(game: Game) -> None:
    s = game()
    while s.heavies:
        place(s, s.heavies[-1], "void")
    s.turn.runes = 10
    assert not any(a.kind == "acquire" and s.cards[a.card].key == "heavy_infantry"
                   for a in asc.legal_actions(s))
    check(s)


def test_cultist_always_available_and_never_leaves(game: Game) -> None:
    s = game()
    for i in range(1, 4):
        s.turn.power = 2
        assert Action("defeat", s.cultist) in asc.legal_actions(s)
        act(s, "defeat", s.cultist)
        assert s.players[0].honor == i
    assert s.cultist not in s.void and s.cultist not in s.center_row
    assert s.cards[s.cultist].key == "cultist"
    seer = put(s, "seer_of_the_forked_path", "hand")
    play(s, seer)
    assert s.cultist not in pending(s).choices  # cannot be banished
    check(s)


# --- acquiring and defeating ------------------------------------------------------------

def test_acquire_goes_to_discard_and_row_refills_at_once(game: Game) -> None:
    s = game()
    hero, *_ = set_row(s, ["wolf_shaman", "arha_initiate", "shadow_star", "mephit",
                            "landtalker", "muramasa"])
    (nxt,) = stack_center_deck(s, ["demon_slayer"])
    deck_len = len(s.center_deck)
    s.turn.runes = 4
    act(s, "acquire", hero)
    assert s.players[0].discard == [hero] and s.turn.runes == 1
    assert s.center_row[0] == nxt and len(s.center_deck) == deck_len - 1
    check(s)


def test_defeat_goes_to_void_and_row_refills(game: Game) -> None:
    s = game()
    row = set_row(s, ["wolf_shaman", "arha_initiate", "shadow_star", "mephit",
                      "landtalker", "muramasa"])
    (nxt,) = stack_center_deck(s, ["demon_slayer"])
    s.turn.power = 5
    act(s, "defeat", row[3])
    assert s.void == [row[3]] and s.center_row[3] == nxt and s.turn.power == 2
    assert s.players[0].honor == 2
    choose(s, nxt)  # Mephit's banish: the refilled card is in the row already
    assert s.void == [row[3], nxt] and s.center_row[3] >= 0
    check(s)


def test_no_refill_when_center_deck_is_empty(game: Game) -> None:
    s = game()
    row = set_row(s, ["wolf_shaman", "arha_initiate", "shadow_star", "mephit",
                      "landtalker", "muramasa"])
    s.void.extend(s.center_deck)
    s.center_deck.clear()
    s.turn.runes, s.turn.power = 3, 3
    act(s, "acquire", row[0])
    act(s, "defeat", row[3])
    choose(s, row[2])
    assert s.center_row == [-1, row[1], -1, -1, row[4], row[5]]
    assert all(a.card != -1 or a.kind == "end" for a in asc.legal_actions(s))
    unchanged_refusal(s, Action("acquire", -1), "there is no card -1")
    unchanged_refusal(s, Action("defeat", -1), "there is no card -1")
    view = asc.view(s, 1)
    assert view.center_deck_count == 0 and view.center_row == tuple(s.center_row)
    end(s)
    assert s.center_row == [-1, row[1], -1, -1, row[4], row[5]]
    check(s)


def test_reshuffle_discard_when_deck_runs_out(game: Game) -> None:
    s = game()
    p = s.players[0]
    p.hand[:] = p.deck[-3:]
    del p.deck[-3:]
    p.discard[:] = p.deck[:5]
    del p.deck[:5]
    assert (len(p.deck), len(p.hand), len(p.discard)) == (2, 3, 5)
    end(s)  # 3 hand cards to the discard; draw 2, reshuffle 8, draw 3
    assert (len(p.hand), len(p.deck), len(p.discard)) == (5, 5, 0)
    assert Counter(keys(s, p.hand + p.deck)) == {"apprentice": 8, "militia": 2}
    check(s)


def test_draw_with_nothing_left_draws_what_there_is(game: Game) -> None:
    s = game()
    p = s.players[0]
    s.void.extend(p.deck[1:])
    del p.deck[1:]
    only = p.deck[0]
    ds = put(s, "ascetic_of_the_lidless_eye", "hand")
    play(s, ds)
    assert p.hand == [only] and p.deck == [] and p.discard == []
    check(s)


def test_draw_event_counts_the_cards_really_drawn(game: Game) -> None:
    s = game()
    p = s.players[0]
    s.void.extend(p.deck[2:])
    del p.deck[2:]
    dh = put(s, "master_dhartha", "hand")
    events = play(s, dh)
    assert [e.value for e in events if e.kind == "draw"] == [2] and len(p.hand) == 2
    ae = put(s, "arha_initiate", "hand")
    events = play(s, ae)
    assert [e for e in events if e.kind == "draw"] == [] and len(p.hand) == 2
    check(s)


# --- the turn ---------------------------------------------------------------------------

def test_end_of_turn_discards_and_draws_and_resources_vanish(game: Game) -> None:
    s = game()
    p = s.players[0]
    a = put(s, "apprentice", "hand")
    m = put(s, "militia", "hand")
    keep = put(s, "arha_initiate", "hand")
    (hero,) = set_row(s, ["wolf_shaman"])
    play(s, a)
    play(s, m)
    s.turn.runes, s.turn.mechana_runes, s.turn.discount = 5, 2, 1
    act(s, "acquire", hero)
    assert s.turn.runes == 2
    want = p.deck[-5:][::-1]
    end(s)
    assert sorted(p.discard) == sorted([hero, a, m, keep]) and p.hand == want
    assert s.current == 1 and s.turns_taken == [1, 0]
    t = s.turn
    assert (t.runes, t.power, t.mechana_runes, t.discount, t.played, t.used) == (
        0, 0, 0, 0, [], set())
    check(s)


def test_constructs_stay_and_abilities_refresh_each_turn(game: Game) -> None:
    s = game()
    star = put(s, "shadow_star", "hand")
    eye = put(s, "the_all_seeing_eye", "hand")
    play(s, star)
    play(s, eye)
    act(s, "activate", star, 0)
    act(s, "activate", eye, 0)
    for c in (star, eye):
        unchanged_refusal(s, Action("activate", c, 0), "already used")
    end(s)
    assert s.players[0].constructs == [star, eye]
    assert star not in s.players[0].discard and eye not in s.players[0].discard
    # the opponent cannot use them
    unchanged_refusal(s, Action("activate", star, 0), "not one of your constructs")
    end(s)
    legal = asc.legal_actions(s)
    assert Action("activate", star, 0) in legal and Action("activate", eye, 0) in legal
    act(s, "activate", star, 0)
    assert s.turn.power == 1
    check(s)


def test_unspent_power_does_not_carry_over(game: Game) -> None:
    s = game()
    s.turn.power = 9
    end(s)
    end(s)
    assert s.turn.power == 0
    unchanged_refusal(s, Action("defeat", s.cultist), "needs 2 Power; you have 0")
    check(s)


# --- the end of the game ----------------------------------------------------------------

@pytest.mark.parametrize(("players", "seat"), [(n, k) for n in (2, 3, 4) for k in range(n)])
def test_game_ends_after_the_round_in_which_the_pool_empties(players: int, seat: int) -> None:
    s = new(players, seed=3, honor_pool=2)
    # a full first round without honor
    for _ in range(players):
        end(s)
    for _ in range(seat):
        end(s)
    assert s.current == seat and not s.ending
    s.turn.power = 4
    act(s, "defeat", s.cultist)
    assert s.honor_pool == 1 and not s.ending
    act(s, "defeat", s.cultist)
    assert s.honor_pool == 0 and s.ending and not s.over
    for later in range(seat, players):
        assert not s.over and s.current == later
        assert asc.outcome(s) is None
        end(s)
    assert s.over and s.to_move is None
    assert s.turns_taken == [2] * players
    assert asc.legal_actions(s) == []
    unchanged_refusal(s, Action("end"), "the game is over")
    out = asc.outcome(s)
    assert out is not None and out.winners == (seat,) and out.scores[seat] == 2
    assert out.details["turns"] == [2] * players
    check(s)


def test_honor_after_the_pool_is_empty_comes_from_the_reserve(game: Game) -> None:
    s = game(honor_pool=3)
    (et, wt) = set_row(s, ["earth_tyrant", "wind_tyrant"])
    s.turn.power = 11
    act(s, "defeat", et)
    assert (s.honor_pool, s.honor_extra, s.players[0].honor) == (0, 2, 5)
    assert s.ending
    act(s, "defeat", wt)
    assert (s.honor_pool, s.honor_extra, s.players[0].honor) == (0, 5, 8)
    check(s)


# An extra turn is taken even in the last round: the Tablet may be used then (these two
# pinned the opposite while the Tablet was wrongly refused once the pool was empty).
def test_extra_turn_earned_in_the_last_seat_final_round_is_taken(game: Game) -> None:
    s = game(honor_pool=1)
    end(s)
    tab = put(s, "tablet_of_times_dawn", "constructs", seat=1)
    act(s, "activate", tab, 0)
    s.turn.power = 2
    act(s, "defeat", s.cultist)
    assert s.ending and s.extra_turn
    end(s)
    assert not s.over and s.current == 1 and not s.extra_turn and s.turns_taken == [1, 0]
    end(s)
    assert s.over and s.turns_taken == [1, 1]
    check(s)


def test_extra_turn_earned_before_the_pool_empties_is_taken_for_any_seat(game: Game) -> None:
    s = game(honor_pool=1)
    tab = put(s, "tablet_of_times_dawn", "constructs")
    act(s, "activate", tab, 0)
    assert s.extra_turn and not s.ending
    s.turn.power = 2
    act(s, "defeat", s.cultist)
    assert s.ending
    end(s)
    assert s.current == 0 and not s.extra_turn and s.turns_taken == [0, 0]
    end(s)
    assert s.current == 1 and s.turns_taken == [1, 0] and not s.over
    end(s)
    assert s.over and s.turns_taken == [1, 1]
    check(s)


def test_extra_turn_before_the_end_is_taken(game: Game) -> None:
    s = game(players=3)
    end(s)
    tab = put(s, "tablet_of_times_dawn", "constructs", seat=1)
    act(s, "activate", tab, 0)
    events = end(s)
    assert s.current == 1 and s.turns_taken == [1, 0, 0]
    assert events[-1].kind == "start_turn" and events[-1].seat == 1 and events[-1].value == 1
    end(s)
    assert s.current == 2 and s.turns_taken == [1, 1, 0]
    check(s)


def _finished(tokens: list[int], cards: list[list[str]]) -> State:
    """A game whose pool was emptied with these tokens taken, played out to its end."""
    s = new(len(tokens), seed=9, honor_pool=sum(tokens))
    for seat, (n, ks) in enumerate(zip(tokens, cards, strict=True)):
        s.players[seat].honor = n
        for k in ks:
            put(s, k, "discard", seat=seat)
    s.honor_pool, s.ending = 0, True
    while not s.over:
        end(s)
    return s


def test_final_score_is_tokens_plus_printed_honor() -> None:
    s = _finished([4, 3], [["hedron_cannon", "mystic"], ["muramasa"]])
    # cards in every zone count: move some around
    place(s, s.players[0].discard[0], "constructs", seat=0)
    out = asc.outcome(s)
    assert out is not None
    assert out.scores == (4 + 8 + 1, 3 + 4) and out.winners == (0,) and out.tiebreak == ""
    assert out.details["tokens"] == [4, 3] and out.details["card_honor"] == [9, 4]
    assert asc.scores(s) == out.scores
    check(s)


def test_tie_goes_to_most_tokens() -> None:
    s = _finished([2, 5], [["hedron_cannon"], ["rocket_courier_x99", "mystic"]])
    out = asc.outcome(s)
    assert out is not None and out.scores == (10, 10)
    assert out.winners == (1,) and "tokens" in out.tiebreak
    check(s)


def test_full_tie_is_shared() -> None:
    s = _finished([3, 3, 1], [["muramasa"], ["rocket_courier_x99"], ["mystic"]])
    out = asc.outcome(s)
    assert out is not None and out.scores == (7, 7, 2)
    assert out.winners == (0, 1) and "shared" in out.tiebreak
    check(s)


# --- refusals ---------------------------------------------------------------------------

def test_illegal_actions_are_refused_and_change_nothing(game: Game) -> None:
    s = game()
    a = put(s, "apprentice", "hand")
    star = put(s, "shadow_star", "constructs")
    burrower = put(s, "burrower_mark_ii", "constructs")
    theirs = put(s, "muramasa", "constructs", seat=1)
    row = set_row(s, ["wolf_shaman", "mephit", "shadow_star", "landtalker", "arha_initiate",
                      "avatar_of_the_fallen"])
    opp_card = s.players[1].hand[0]
    deck_card = s.center_deck[-1]
    cases = [
        (Action("play", opp_card), "is not in your hand"),
        (Action("play", row[0]), "is not in your hand"),
        (Action("play", 10_000), "there is no card 10000"),
        (Action("play", -5), "there is no card -5"),
        (Action("activate", theirs, 0), "not one of your constructs"),
        (Action("activate", a, 0), "not one of your constructs"),
        (Action("activate", star, 1), "has no such ability"),
        (Action("activate", burrower, 0), "works on its own; it has nothing to activate"),
        (Action("acquire", row[1]), "is not on offer"),
        (Action("acquire", deck_card), "is not on offer"),
        (Action("acquire", s.mystics[0]), "is not on offer"),
        (Action("acquire", a), "is not on offer"),
        (Action("acquire", row[0]), "costs 3 Runes; you have 0"),
        (Action("acquire", s.heavies[-1]), "costs 2 Runes; you have 0"),
        (Action("defeat", row[0]), "is not a monster you can fight"),
        (Action("defeat", deck_card), "is not a monster you can fight"),
        (Action("defeat", row[1]), "needs 3 Power; you have 0"),
        (Action("defeat", s.cultist), "needs 2 Power; you have 0"),
        (Action("choose", row[0]), "there is no choice to make"),
        (Action("decline"), "there is no choice to make"),
        (Action("dance", a), "unknown action"),
    ]
    for action, words in cases:
        unchanged_refusal(s, action, words)
    act(s, "activate", star, 0)
    unchanged_refusal(s, Action("activate", star, 0), "already used")
    check(s)


def test_a_decision_must_be_answered_first(game: Game) -> None:
    s = game()
    vi = put(s, "void_initiate", "hand")
    a = put(s, "apprentice", "hand")
    m = put(s, "militia", "hand")
    play(s, vi)
    assert pending(s).choices == (a, m)
    s.turn.power = 5
    for action in (Action("play", a), Action("end"), Action("defeat", s.cultist),
                   Action("acquire", s.mystics[-1]), Action("choose", vi)):
        unchanged_refusal(s, action, "finish the current choice first")
    assert set(asc.legal_actions(s)) == {Action("choose", a), Action("choose", m),
                                         Action("decline")}
    act(s, "decline")
    assert not s.pending and Action("end") in asc.legal_actions(s)
    check(s)


def test_mandatory_decision_cannot_be_declined(game: Game) -> None:
    s = game()
    arb = put(s, "arbiter_of_the_precipice", "hand")
    play(s, arb)
    unchanged_refusal(s, Action("decline"), "cannot be declined")
    assert Action("decline") not in asc.legal_actions(s)
    check(s)


def _candidates(s: State) -> set[Action]:
    """A wide net of actions, legal or not, for comparing legal_actions with why_illegal."""
    uids = set(s.center_row) | {s.cultist, -1, len(s.cards)}
    if s.mystics:
        uids |= {s.mystics[-1], s.mystics[0]}
    if s.heavies:
        uids.add(s.heavies[-1])
    if s.center_deck:
        uids.add(s.center_deck[-1])
    for p in s.players:
        uids |= set(p.hand) | set(p.constructs) | set(p.discard[-2:])
    uids |= set(s.turn.played)
    if s.pending:
        uids |= set(s.pending[-1].choices)
    acts: set[Action] = {Action("end"), Action("decline")}
    for u in uids:
        for kind in ("play", "acquire", "defeat", "choose"):
            acts.add(Action(kind, u))
        for i in range(3):
            acts.add(Action("activate", u, i))
    return acts


@pytest.mark.parametrize(("players", "seed", "edition"), [(2, 1, 1), (3, 2, 2), (4, 3, 1)])
def test_legal_actions_agree_with_why_illegal_in_random_play(
        players: int, seed: int, edition: int) -> None:
    s = new(players, seed=seed, edition=edition, honor_pool=12 * players)
    rng = Rng.stream(seed, "test")
    for _ in range(400):
        if s.over:
            break
        legal = asc.legal_actions(s)
        assert len(set(legal)) == len(legal)
        for a in _candidates(s):
            assert (a in legal) == (asc.why_illegal(s, a) is None), a
        # favour buying and fighting so the game moves along
        busy = [a for a in legal if a.kind not in ("end",)]
        pick = rng.choice(busy) if busy and rng.below(8) else rng.choice(legal)
        asc.apply(s, pick)
        check(s)
    assert s.over
    out = asc.outcome(s)
    assert out is not None and len(set(s.turns_taken)) == 1


# --- what each seat sees ----------------------------------------------------------------

def test_view_hides_opponent_hands_and_center_deck_order() -> None:
    s = new(3, seed=4)
    v = asc.view(s, 1)
    assert v.seat == 1 and v.me.hand == tuple(s.players[1].hand)
    for i in (0, 2):
        pv = v.players[i]
        assert pv.hand is None and pv.hand_count == 5 and pv.deck_count == 5
        assert pv.unseen == tuple(sorted(s.players[i].deck + s.players[i].hand))
    assert v.me.unseen == tuple(sorted(s.players[1].deck))
    assert v.center_deck_count == len(s.center_deck)
    assert v.center_unseen == tuple(sorted(s.center_deck))
    assert v.center_row == tuple(s.center_row) and v.honor_pool == s.honor_pool
    # shuffling what seat 1 cannot see does not change its view
    t = s.copy()
    t.center_deck.reverse()
    t.players[0].deck.reverse()
    t.players[0].hand, t.players[0].deck[:5] = t.players[0].deck[:5], t.players[0].hand
    t.players[1].deck.reverse()
    assert asc.view(t, 1) == v
    assert asc.view(t, 0) != asc.view(s, 0)
    check(s)
    check(t)


def test_view_does_not_leak_a_hand_through_a_pending_choice(game: Game) -> None:
    s = game()
    vi = put(s, "void_initiate", "hand")
    a = put(s, "apprentice", "hand")
    play(s, vi)
    assert pending(s).choices == (a,)
    assert asc.view(s, 0).pending == pending(s)
    seen = asc.view(s, 1).pending
    assert seen is not None and seen.kind == "banish_hand_or_discard" and seen.choices == ()
    assert seen.seat == 0
    check(s)


def test_view_shows_an_opponent_their_own_choice(game: Game) -> None:
    s = game()
    a, b = (put(s, k, "constructs", seat=1) for k in ("shadow_star", "muramasa"))
    (w,) = set_row(s, ["corrosive_widow"])
    s.turn.power = 4
    act(s, "defeat", w)
    v1 = asc.view(s, 1)
    assert v1.to_move == 1 and v1.pending is not None and v1.pending.choices == (a, b)
    assert asc.view(s, 0).pending == v1.pending  # constructs in play are public
    check(s)


def test_view_of_determinized_state_matches(game: Game) -> None:
    s = game()
    clear_hand(s, 1)
    v = asc.view(s, 0)
    d = asc.determinize(v, Rng(42))
    assert asc.view(d, 0) == v
    check(d)
