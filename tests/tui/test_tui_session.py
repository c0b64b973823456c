"""GameSession without a screen: record, checksums, bots, autosave and continue."""

from __future__ import annotations

from pathlib import Path

import pytest

import core.ascension as A
from core.contract import Action, IllegalAction
from core.rng import Rng
from tui.session import GameSession

OPTIONS = {"players": 2, "seats": ["human", "bot:random"], "names": ["You", "Bot"]}


def play_turns(session: GameSession, turns: int, seed: int = 1) -> None:
    """Random legal moves for the human, the bot's own moves, until ``turns`` turns ended."""
    rng = Rng.stream(seed, "test")
    ended = 0
    while ended < turns and not session.over:
        if session.is_bot(session.state.to_move):
            _, events = session.bot_move()
        else:
            events = session.apply(rng.choice(session.legal()))
        ended += sum(1 for e in events if e.kind == "end_turn")


def test_record_matches_state(save_dir: Path) -> None:
    session = GameSession.new("ascension", OPTIONS, seed=11)
    assert session.humans == [0] and session.is_bot(1)
    play_turns(session, 6)
    assert len(session.checksums) == len(session.actions) > 0
    replayed = A.new_game(session.options, session.seed)
    for action, checksum in zip(session.actions, session.checksums, strict=True):
        A.apply(replayed, action)
        assert A.checksum(replayed) == checksum
    assert A.checksum(replayed) == session.checksum()


def test_autosave_each_turn_and_continue(save_dir: Path) -> None:
    session = GameSession.new("ascension", OPTIONS, seed=5)
    assert session.path is None
    play_turns(session, 1)
    assert session.path is not None and session.path.parent == save_dir  # autosaved
    play_turns(session, 3)
    session.save()
    session.close()  # back to the menu: the save is free for the next window
    again, message = GameSession.from_save(session.path)
    assert message.startswith("replayed")
    assert again.checksum() == session.checksum()
    assert again.actions == session.actions and again.checksums == session.checksums
    assert again.is_bot(1) and again.path == session.path
    meta = again._store().load(again.path).meta
    assert meta["players"] == ["You", "Bot"] and meta["turn"] == session.round


def test_illegal_action_changes_nothing(save_dir: Path) -> None:
    session = GameSession.new("ascension", OPTIONS, seed=2)
    before = session.checksum()
    with pytest.raises(IllegalAction, match="Cultist needs 2 Power"):
        session.apply(Action("defeat", session.state.cultist))
    assert session.actions == [] and session.checksum() == before


def test_unknown_bot_falls_back(save_dir: Path) -> None:
    options = {**OPTIONS, "seats": ["human", "bot:no-such-bot"]}
    session = GameSession.new("ascension", options, seed=3)
    assert session.is_bot(1)
    assert any("no-such-bot" in note for note in session.take_notes())
    assert session.take_notes() == []


@pytest.mark.parametrize("game, options", [
    ("ascension", {"players": 2, "seats": ["human", "bot:random"]}),
    ("tactics", {"players": 2, "seats": ["human", "bot:random"]}),
])
def test_continue_plays_on_as_without_the_break(save_dir: Path, game: str,
                                                options: dict[str, object]) -> None:
    """The bots' own random streams are saved: a game continued from its save goes on
    exactly as the same game played without stopping."""
    session = GameSession.new(game, options, seed=21)
    play_turns(session, 4)
    session.save()
    session.close()
    again, _ = GameSession.from_save(session.path)
    for s in (session, again):
        play_turns(s, 6, seed=2)  # the same human moves in both
    assert again.actions == session.actions
    assert again.checksum() == session.checksum()
