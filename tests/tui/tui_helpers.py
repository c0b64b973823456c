"""Helpers for the app tests (a module of its own: several folders have a conftest.py)."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

from core.contract import Action
from core.firepeak.pattern import EMPTY
from tui.session import GameSession


async def wait_until(pilot: Pilot[None], done: Callable[[], bool], what: str) -> None:
    """Let the app run (workers, messages) until ``done()``; fail naming ``what`` if it
    never comes."""
    for _ in range(400):
        if done():
            return
        await pilot.pause(0.01)
        await pilot.app.workers.wait_for_complete()
    notes = [n.message for n in pilot.app._notifications]
    raise AssertionError(f"never happened: {what} (notices: {notes})")


def firepeak_in_play(creatures: int) -> GameSession:
    """A three-player Firepeak game (seed 3) played by greedy bots for every seat, the human
    seat included, until the human's pattern holds ``creatures`` creatures on their turn."""
    from ai.bots import make_bot

    session = GameSession.new("firepeak", {"players": 3,
                                           "seats": ["human", "bot:greedy", "bot:greedy"],
                                           "names": ["You", "Greedy bot", "Greedy bot 2"]}, 3)
    stand_in = make_bot("greedy", "firepeak", 3)
    for _ in range(2000):
        seat = session.state.to_move
        view = session.view(seat)
        if seat == 0 and sum(s != EMPTY for s in view.players[0].pattern) >= creatures:
            return session
        if session.is_bot(seat):
            session.bot_move()
        else:
            session.apply(stand_in.choose(view, session.legal()))
    raise AssertionError("the human's pattern never filled")



# What moves a Classic game on when the actions are drawn at random (a flick at random
# mostly slides nowhere): so that a game drawn this way ends in a couple of thousand actions.
CLASSIC_WEIGHTS = {"attack": 30.0, "build": 15.0, "develop": 30.0, "mine_planet": 20.0,
                   "land": 10.0, "launch": 4.0, "deploy_troop": 6.0, "retreat": 0.3,
                   "flick": 0.1, "retire": 1.0, "city_bonus": 1.0}


def empires_drawn_game(options: dict[str, object], seed: int) -> list[Action]:
    """Every action of an Ascending Empires game whose actions are drawn by a generator of
    the test's own (never the game's), weighted towards the Classic actions that end a game;
    the game is played to its end."""
    import random

    from core.empires import apply, legal_actions, new_game

    state = new_game(options, seed)
    draw = random.Random(f"ui-empires-{seed}")
    actions: list[Action] = []
    while state.to_move is not None:
        if len(actions) > 20000:
            raise AssertionError(f"the game of seed {seed} did not end")
        legal = legal_actions(state)
        actions.append(draw.choices(legal, [CLASSIC_WEIGHTS.get(a.kind, 1.0)
                                            for a in legal])[0])
        apply(state, actions[-1])
    return actions
