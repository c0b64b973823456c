"""Bots play only legal actions, answer every kind of decision, and never touch the game RNG."""

from __future__ import annotations

import subprocess
import sys

import pytest
from ai_helpers import clear_hand, put, set_row

import ai.selfplay as selfplay_module
import core.ascension as A
from ai.bots import bot_names, make_bot
from core.ascension.state import State
from core.contract import Action, IllegalAction

SMART = ("greedy", "planner")


def play(s: State, names: list[str], seed: int, kinds: set[str] | None = None) -> None:
    bots = [make_bot(n, "ascension", seed + i) for i, n in enumerate(names)]
    while not s.over:
        seat = s.to_move
        assert seat is not None
        legal = A.legal_actions(s)
        before = s.rng.state
        action = bots[seat].choose(A.view(s, seat), legal)
        assert s.rng.state == before, "a bot moved the game's RNG"
        assert action in legal, (names[seat], action)
        if kinds is not None and s.pending and names[seat] in SMART:
            kinds.add(s.pending[-1].kind)
        A.apply(s, action)


def test_registry() -> None:
    for game in ("ascension", "firepeak", "tactics", "empires"):
        assert bot_names(game) == ["greedy", "planner", "random"]
    assert bot_names("inferno") == ["random"]  # announced, no bots of its own yet
    with pytest.raises(KeyError, match="choose from greedy, planner, random"):
        make_bot("nobody", "ascension")
    with pytest.raises(KeyError, match="choose from random"):
        make_bot("greedy", "inferno")


@pytest.mark.parametrize(("players", "names", "edition"), [
    (2, ["planner", "greedy"], 1),
    (3, ["greedy", "planner", "random"], 1),
    (4, ["planner", "random", "greedy", "planner"], 2),
])
def test_full_games_are_legal(players: int, names: list[str], edition: int) -> None:
    s = A.new_game({"players": players, "edition": edition}, 40 + players)
    kinds: set[str] = set()
    play(s, names, 7, kinds)
    assert A.outcome(s) is not None
    assert kinds, "the smart bots met no decision at all"


# Each case: cards to set up, the card to play or monster to defeat, the decision it asks.
DECISIONS = [
    ("mode", {"hand": ["mechana_initiate"]}, ("play", "mechana_initiate")),
    ("banish_center", {"hand": ["seer_of_the_forked_path"]},
     ("play", "seer_of_the_forked_path")),
    ("banish_hand_or_discard", {"hand": ["void_initiate"], "discard": ["apprentice"]},
     ("play", "void_initiate")),
    ("banish_hand", {"hand": ["arbiter_of_the_precipice", "militia"]},
     ("play", "arbiter_of_the_precipice")),
    ("discard_to_draw", {"hand": ["temple_librarian", "apprentice"]},
     ("play", "temple_librarian")),
    ("defeat_free", {"hand": ["arha_templar"]}, ("play", "arha_templar")),
    ("acquire_hero_free", {"hand": ["druids_of_the_stone_circle"], "row": ["wolf_shaman"]},
     ("play", "druids_of_the_stone_circle")),
    ("copy_hero", {"hand": ["mystic", "heavy_infantry", "twofold_askara"]},
     ("play", "twofold_askara")),
    ("banish_discard", {"row": ["mistake_of_creation"], "discard": ["apprentice"]},
     ("defeat", "mistake_of_creation")),
    ("destroy_construct", {"row": ["corrosive_widow"], "opp": ["shadow_star", "muramasa"]},
     ("defeat", "corrosive_widow")),
    ("keep_construct", {"row": ["sea_tyrant"], "opp": ["shadow_star", "snapdragon"]},
     ("defeat", "sea_tyrant")),
    ("acquire_or_defeat", {"row": ["avatar_of_the_fallen", "landtalker"]},
     ("defeat", "avatar_of_the_fallen")),
    ("courier_play", {"mine": ["rocket_courier_x99"], "row": ["burrower_mark_ii"]},
     ("acquire", "burrower_mark_ii")),
    ("courier_hand", {"mine": ["rocket_courier_x99"], "row": ["burrower_mark_ii"],
                      "edition": ["2"]},
     ("acquire", "burrower_mark_ii")),
]


FILLERS = ["wolf_shaman", "landtalker", "demon_slayer", "spike_vixen", "lifebound_initiate",
           "arha_initiate"]


def setup_decision(kind: str, cards: dict[str, list[str]], trigger: tuple[str, str]) -> State:
    edition = int(cards.get("edition", ["1"])[0])
    s = A.new_game({"players": 2, "edition": edition}, 3)
    clear_hand(s, 0)
    row = cards.get("row", [])
    # Fill the row with plain heroes so banish and acquire choices have targets.
    set_row(s, row + [k for k in FILLERS if k not in row][: 6 - len(row)])
    for key in cards.get("hand", []):
        put(s, key, "hand", 0)
    for key in cards.get("discard", []):
        put(s, key, "discard", 0)
    for key in cards.get("opp", []):
        put(s, key, "constructs", 1)
    for key in cards.get("mine", []):
        put(s, key, "constructs", 0)
    how, key = trigger
    if how == "acquire":
        uid = next(u for u in s.center_row if u >= 0 and s.cards[u].key == key)
        s.turn.runes = s.cards[uid].cost
        A.apply(s, Action("acquire", uid))
    elif how == "play":
        if kind == "copy_hero":
            # Askara needs heroes already played this turn to copy.
            for u in [u for u in s.players[0].hand if s.cards[u].key != key]:
                A.apply(s, Action("play", u))
        uid = next(u for u in s.players[0].hand if s.cards[u].key == key)
        A.apply(s, Action("play", uid))
    else:
        uid = next(u for u in s.center_row if u >= 0 and s.cards[u].key == key)
        s.turn.power = s.cards[uid].power
        A.apply(s, Action("defeat", uid))
    # Rewards may ask something first (a center banish); answer until ours comes up.
    while s.pending and s.pending[-1].kind != kind:
        legal = A.legal_actions(s)
        A.apply(s, Action("decline") if Action("decline") in legal else legal[0])
    assert s.pending and s.pending[-1].kind == kind
    return s


@pytest.mark.parametrize(("kind", "cards", "trigger"), DECISIONS,
                         ids=[d[0] for d in DECISIONS])
@pytest.mark.parametrize("name", SMART)
def test_every_decision_kind(name: str, kind: str, cards: dict[str, list[str]],
                             trigger: tuple[str, str]) -> None:
    s = setup_decision(kind, cards, trigger)
    seat = s.to_move
    assert seat is not None
    legal = A.legal_actions(s)
    before = s.rng.state
    action = make_bot(name, "ascension", 1).choose(A.view(s, seat), legal)
    assert s.rng.state == before
    assert action in legal
    A.apply(s, action)


def test_sensible_answers() -> None:
    # Banish a starter from the discard rather than a bought card.
    s = setup_decision("banish_hand_or_discard",
                       {"hand": ["void_initiate"], "discard": ["apprentice", "mystic"]},
                       ("play", "void_initiate"))
    a = make_bot("greedy", "ascension").choose(A.view(s, 0), A.legal_actions(s))
    assert a.kind == "choose" and s.cards[a.card].key == "apprentice"
    assert a.card in s.players[0].discard
    # Copy the strongest hero played.
    s = setup_decision("copy_hero", {"hand": ["mystic", "militia", "twofold_askara"]},
                       ("play", "twofold_askara"))
    a = make_bot("planner", "ascension").choose(A.view(s, 0), A.legal_actions(s))
    assert s.cards[a.card].key == "mystic"
    # Lose the weakest construct, keep the strongest.
    s = setup_decision("destroy_construct", {"row": ["corrosive_widow"],
                                             "opp": ["shadow_star", "muramasa"]},
                       ("defeat", "corrosive_widow"))
    a = make_bot("greedy", "ascension").choose(A.view(s, 1), A.legal_actions(s))
    assert s.cards[a.card].key == "shadow_star"
    s = setup_decision("keep_construct", {"row": ["sea_tyrant"],
                                          "opp": ["shadow_star", "muramasa"]},
                       ("defeat", "sea_tyrant"))
    a = make_bot("planner", "ascension").choose(A.view(s, 1), A.legal_actions(s))
    assert s.cards[a.card].key == "muramasa"


@pytest.mark.parametrize("name", SMART)
@pytest.mark.parametrize("kind", ["courier_play", "courier_hand"])
def test_bots_take_the_couriers_offer(name: str, kind: str) -> None:
    case = next(c for c in DECISIONS if c[0] == kind)
    s = setup_decision(*case)
    (uid,) = s.pending[-1].choices
    assert make_bot(name, "ascension").choose(A.view(s, 0), A.legal_actions(s)) == Action(
        "choose", uid)


@pytest.mark.parametrize("name", SMART)
def test_bots_discard_their_weakest_card_to_the_librarian(name: str) -> None:
    s = setup_decision("discard_to_draw", {"hand": ["temple_librarian", "landtalker",
                                                    "apprentice", "mystic"]},
                       ("play", "temple_librarian"))
    assert Action("decline") not in A.legal_actions(s)
    a = make_bot(name, "ascension").choose(A.view(s, 0), A.legal_actions(s))
    assert s.cards[a.card].key == "apprentice"


@pytest.mark.parametrize("name", SMART)
def test_bots_use_snapdragons_honor_once_a_lifebound_hero_is_played(name: str) -> None:
    s = A.new_game({"players": 2, "edition": 2}, 3)
    clear_hand(s, 0)
    sd = put(s, "snapdragon", "constructs", 0)
    li = put(s, "lifebound_initiate", "hand", 0)
    bot = make_bot(name, "ascension")
    seen = []
    while s.current == 0 and not s.over:
        a = bot.choose(A.view(s, 0), A.legal_actions(s))
        seen.append(a)
        A.apply(s, a)
    assert seen.index(Action("play", li)) < seen.index(Action("activate", sd, 1))


@pytest.mark.parametrize("name", SMART)
def test_bots_use_the_tablet_in_the_last_round(name: str) -> None:
    s = A.new_game({"players": 2, "honor_pool": 1}, 3)
    clear_hand(s, 0)
    tab = put(s, "tablet_of_times_dawn", "constructs", 0)
    s.turn.power = 2
    A.apply(s, Action("defeat", s.cultist))
    assert s.ending
    a = make_bot(name, "ascension").choose(A.view(s, 0), A.legal_actions(s))
    assert a == Action("activate", tab, 0)


def test_greedy_beats_random() -> None:
    wins = 0
    for g in range(20):
        names = ["greedy", "random"] if g % 2 == 0 else ["random", "greedy"]
        s = A.new_game({"players": 2}, 900 + g)
        play(s, names, g)
        o = A.outcome(s)
        assert o is not None
        wins += len(o.winners) == 1 and names[o.winners[0]] == "greedy"
    assert wins >= 18


def test_importing_bots_does_not_load_ortools() -> None:
    code = ("import sys, ai.bots, ai.ascension.greedy, ai.ascension.planner, ai.hints; "
            "assert 'ortools' not in sys.modules, 'ortools imported eagerly'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_selfplay_still_refuses_an_illegal_choice_from_a_bot(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Only the random bot's picks skip the check (it returns one of the listed actions);
    # any other bot's mistake stops the game with the reason.
    class Cheat:
        name = "cheat"
        uses_view = False

        def choose(self, view: object, legal: list[Action]) -> Action:
            return Action("defeat", 10_000)

    monkeypatch.setattr(selfplay_module, "make_bot", lambda name, game, seed=0: Cheat())
    with pytest.raises(IllegalAction, match="no card 10000"):
        selfplay_module.play_game("ascension", {}, 1, ["cheat", "cheat"])
