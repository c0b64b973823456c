"""The table service, through the sessions' own client: shared games played to the end,
each seat told only its view, every action saved, a restart resumed, refusals."""

from __future__ import annotations

import random
import socket
import time
from typing import Any

import pytest
from service_thread import ServiceThread

from core.contract import IllegalAction
from core.games import get_game
from host.client import RemoteSession
from host.protocol import TRUSTED, frame, request_frame
from saves.store import SaveStore
from tui.hall import FINISHED, PLAYING, WAITING, HallError


def table_now(svc: ServiceThread, table_id: str) -> tuple[int, bool, Any]:
    """The table's step, whether a bot is to move, and a copy of its state (read at once,
    in the service's loop)."""
    def read() -> tuple[int, bool, Any]:
        session = svc.service.tables[table_id].session
        return (len(session.actions), session.is_bot(session.state.to_move),
                session.state.copy())

    return svc.call(read)  # type: ignore[return-value]


def true_state(svc: ServiceThread, table_id: str) -> Any:
    """The service's own state of a table."""
    return table_now(svc, table_id)[2]


def step_of(svc: ServiceThread, table_id: str) -> int:
    return table_now(svc, table_id)[0]


def caught_up(svc: ServiceThread, sessions: list[RemoteSession], timeout: float = 20) -> Any:
    """Wait until the table waits for a person and every session has taken in every action
    it has taken (its bots move on their own); the table's state then."""
    deadline = time.monotonic() + timeout
    while True:
        step, bot_to_move, state = table_now(svc, sessions[0].table_id)
        for s in sessions:
            s.catch_up()
        if not bot_to_move and all(s.started and len(s.actions) == step for s in sessions):
            return state
        if time.monotonic() > deadline:
            raise TimeoutError(f"sessions at {[len(s.actions) for s in sessions]}, "
                               f"table at {step}")
        time.sleep(0.005)


def play_out(svc: ServiceThread, sessions: list[RemoteSession], seed: int,
             limit: int = 5000, check: Any = None) -> int:
    """Random legal moves by whichever session is to move, until the game ends (or
    ``limit`` moves); ``check(state)`` after each. Returns the moves made here."""
    pick = random.Random(seed)
    moves = 0
    mod = get_game(sessions[0].game)
    while moves < limit:
        state = caught_up(svc, sessions)
        for s in sessions:
            assert s.view(s.seat) == mod.view(state, s.seat), "a seat sees what it may not"
        if check is not None:
            check(state)
        if state.to_move is None:
            break
        mover = next(s for s in sessions if s.seat == state.to_move)
        assert mover.legal() == mod.legal_actions(state)
        mover.apply(pick.choice(mover.legal()))
        moves += 1
    return moves


def test_two_users_and_a_bot_finish_an_ascension_table(tables: Any) -> None:
    svc = tables()
    alice, bob = svc.connect("alice"), svc.connect("bob")
    a = alice.open("ascension", {"players": 3, "seats": ["human", "human", "bot:greedy"],
                                 "honor_pool": 5})
    assert not a.started and a.table().status == WAITING and a.table().free == 1
    b = bob.join(a.table_id)
    assert b.started and b.seat == 1 and b.names == ["alice", "bob", "Greedy bot"]
    caught_up(svc, [a, b])
    assert a.started and a.seat == 0
    play_out(svc, [a, b], seed=3)
    assert a.over and b.over and a.outcome() == b.outcome() is not None
    table = alice.tables()[0]
    assert table.status == FINISHED
    # The whole game is in the host's tables folder, and replays to the same end.
    saved = SaveStore(svc.folder).load(svc.folder / "table-1.ascend")
    assert saved.meta["table"] == FINISHED and saved.meta["user_1"] == "bob"
    mod = get_game("ascension")
    replay = mod.new_game(saved.options, saved.seed)
    for action in saved.actions:
        mod.apply(replay, action)
    assert mod.outcome(replay) == a.outcome()


def test_a_2v2_tactics_table_shows_partners_hands_and_no_other(tables: Any) -> None:
    svc = tables()
    alice, bob = svc.connect("alice"), svc.connect("bob")
    seats = ["human", "bot:random", "human", "bot:random"]
    a = alice.open("tactics", {"players": 4, "mode": "2v2", "seats": seats})
    b = bob.join(a.table_id)
    caught_up(svc, [a, b])
    mod = get_game("tactics")

    def partners(state: Any) -> None:
        v = a.view(0)
        assert v.seats[2].hand == tuple(state.seats[2].hand)  # the partner's hand: shown
        assert v.seats[1].hand is None and v.seats[3].hand is None  # the others': hidden

    play_out(svc, [a, b], seed=8, limit=60, check=partners)
    assert mod.view(caught_up(svc, [a, b]), 2) == b.view(2)


def test_every_action_is_saved_and_a_restarted_host_resumes_every_table(tables: Any) -> None:
    svc = tables()
    alice, bob, carol = svc.connect("alice"), svc.connect("bob"), svc.connect("carol")
    a = alice.open("ascension", {"players": 2, "seats": ["human", "human"]})
    b = bob.join(a.table_id)
    waiting = carol.open("firepeak", {"players": 2, "seats": ["human", "human"]})
    pick = random.Random(2)
    store = SaveStore(svc.folder)
    for _ in range(12):
        caught_up(svc, [a, b])
        mover = a if a.state.to_move == 0 else b
        mover.apply(pick.choice(mover.legal()))
        assert len(store.load(svc.folder / "table-1.ascend").actions) == step_of(svc, "1")
    caught_up(svc, [a, b])
    before = svc.call(lambda: svc.service.tables["1"].session.checksum())
    svc.stop()

    again = tables()
    assert again.resumed == []
    assert again.call(lambda: again.service.tables["1"].session.checksum()) == before
    alice2 = again.connect("alice")
    listed = {t.id: t for t in alice2.tables()}
    assert listed["1"].status == PLAYING and listed["1"].mine == 0
    assert listed[waiting.table_id].status == WAITING and listed[waiting.table_id].free == 1
    a2 = alice2.join("1")
    assert a2.seat == 0 and len(a2.actions) == 12
    assert a2.view(0) == get_game("ascension").view(true_state(again, "1"), 0)
    dave = again.connect("bob").join(waiting.table_id)
    assert dave.started and dave.names == ["carol", "bob"]


def test_a_player_who_drops_sits_down_at_their_seat_again(tables: Any) -> None:
    svc = tables()
    alice, bob = svc.connect("alice"), svc.connect("bob")
    a = alice.open("ascension", {"players": 2, "seats": ["human", "human"]})
    b = bob.join(a.table_id)
    caught_up(svc, [a, b])
    if a.state.to_move == 0:
        a.apply(a.legal()[0])
    bob.link.close()  # the connection drops
    deadline = time.monotonic() + 10
    while alice.tables()[0].seats[1].connected:
        assert time.monotonic() < deadline, "the table never noticed bob left"
        time.sleep(0.01)
    assert alice.tables()[0].seats[1].user == "bob"  # the seat is kept for him
    with pytest.raises(HallError):
        svc.connect("carol").join(a.table_id)  # and nobody else takes it
    back = svc.connect("bob").join(a.table_id)
    assert back.seat == 1 and len(back.actions) == step_of(svc, a.table_id)
    play_out(svc, [a, back], seed=1, limit=20)


def test_the_service_refuses_what_a_seat_may_not_do(tables: Any) -> None:
    svc = tables()
    alice, bob, carol = svc.connect("alice"), svc.connect("bob"), svc.connect("carol")
    a = alice.open("ascension", {"players": 2, "seats": ["human", "human"]})
    with pytest.raises(HallError, match="not started"):
        carol.watch(a.table_id)
    b = bob.join(a.table_id)
    caught_up(svc, [a, b])
    mover, other = (a, b) if a.state.to_move == a.seat else (b, a)
    action = mover.legal()[0]
    reply = other.link.request("act", table=a.table_id, step=len(other.actions),
                               action=list(action))
    assert reply["illegal"] == "it is not your move"
    reply = mover.link.request("act", table=a.table_id, step=len(mover.actions) + 5,
                               action=list(action))
    assert reply["illegal"] == "the table has moved on: look again"
    with pytest.raises(IllegalAction, match="watching"):
        RemoteSession(carol.link, a.table(), None, None).apply(action)
    for bad in (["play"], "x", [1, 2], ["play", "card"], ["play", 1, 2, 3]):
        reply = mover.link.request("act", table=a.table_id, step=len(mover.actions),
                                   action=bad)
        assert "illegal" in reply
    reply = carol.link.request("act", table=a.table_id, step=len(a.actions),
                               action=list(action))
    assert reply["illegal"] == "you are not sitting at this table"
    with pytest.raises(HallError, match="no free seat"):
        carol.join(a.table_id)
    with pytest.raises(HallError, match="no such table"):
        carol.join("999")
    for game, options, why in (
            ("ascension", {"players": 2, "seats": ["human", "bot:nobody"]}, "a seat is"),
            ("ascension", {"players": 2, "seats": ["bot:greedy", "bot:greedy"]}, "human"),
            ("ascension", {"players": 9, "seats": ["human"] * 9}, "refuses"),
            ("chess", {"players": 2, "seats": ["human", "human"]}, "unknown game"),
            ("inferno", {"players": 2, "seats": ["human", "human"]}, "cannot be played"),
            ("ascension", {"players": 2}, "seats")):
        with pytest.raises(HallError, match=why):
            carol.open(game, options)
    assert [t.id for t in carol.tables()] == [a.table_id]  # nothing was opened
    # A seed a player sends is not used: whoever chose it could replay the shuffles.
    reply = carol.link.request("open", game="ascension", seed=7,
                               options={"players": 2, "seats": ["human", "human"]})
    assert svc.call(lambda: svc.service.tables[reply["table"].id].seed) != 7
    assert reply["seat"] == 0 and reply["seen"] is None
    assert mover.legal()  # and the game is untouched
    mover.apply(action)


def test_a_session_that_sends_anything_but_plain_requests_is_cut_off(tables: Any,
                                                                     tmp_path: Any) -> None:
    svc = tables()
    marker = tmp_path / "pwned"

    class Evil:
        def __reduce__(self) -> Any:
            return (open, (str(marker), "w"))

    import pickle

    for payload in (frame(TRUSTED, pickle.dumps({"op": "tables", "x": Evil()})),
                    b"\xff\xff\xff\xff\x00",  # a frame of 4 GiB
                    frame(0, b"\xc1"),  # not msgpack
                    request_frame({"no-op": 1})):
        ours, theirs = socket.socketpair()
        svc.call(lambda theirs=theirs: svc.loop.create_task(svc.service.serve(theirs, "eve")))
        ours.sendall(payload)
        ours.settimeout(10)
        assert ours.recv(100) == b"", "the service kept talking"
        ours.close()
    assert not marker.exists()
    assert svc.connect("alice").tables() == []  # the service is still there
