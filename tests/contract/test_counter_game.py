"""The test game's own bot and hint play the winning strategy, so the games the contract
suite and the app tests play with it are real games against a real opponent."""

from __future__ import annotations

from types import ModuleType

from counter_game.bots import GreedyBot, hint

from ai.bots import make_bot
from core.contract import Action


def test_the_greedy_bot_wins_every_game_it_starts_from_a_winning_count(
        counter_registered: ModuleType) -> None:
    rules = counter_registered
    for seed in range(40):
        # None of these targets is a multiple of 4, so the first to move can always win.
        s = rules.new_game({"target": (11, 14, 15, 21)[seed % 4]}, seed)
        bots = [make_bot("greedy", "counter", seed), make_bot("random", "counter", seed)]
        greedy = s.to_move
        while s.to_move is not None:
            seat = s.to_move
            bot = bots[0] if seat == greedy else bots[1]
            rules.apply(s, bot.choose(rules.view(s, seat), rules.legal_actions(s)))
        assert rules.outcome(s).winners == (greedy,)


def test_the_hint_names_the_winning_add_and_why(counter_registered: ModuleType) -> None:
    rules = counter_registered
    s = rules.new_game({"target": 15}, 0)
    given = hint(rules.view(s, 0), rules.legal_actions(s))
    assert given.action == Action("add", 3) == GreedyBot("counter").choose(
        rules.view(s, 0), rules.legal_actions(s))
    assert given.reason == ("add 3: 12 to go is a multiple of 4, so whatever they add, "
                            "you can make it one again")
    rules.apply(s, Action("add", 3))
    rules.apply(s, Action("add", 2))
    rules.apply(s, Action("add", 2))  # 7: the other seat left 8, a lost count for us
    lost = hint(rules.view(s, 1), rules.legal_actions(s))
    assert lost.action == Action("add", 1) and lost.reason.startswith("no add wins by force")
