"""The host over loopback SSH, as friends use it: log in, play, save, drop, come back; a
refused key; a resize; two users finishing a shared table while a third watches; the
host's limits; a crash that harms nobody else; a stop that saves every open game."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from ssh_helpers import (
    line_with,
    login,
    make_keys,
    open_ascension_table,
    play_by_hints,
    running_host,
)

from host.terminal_client import Player
from saves.store import SaveStore

KEYS = make_keys()


async def until_closed(player: Player, timeout: float = 20.0) -> None:
    """Wait until the host has ended ``player``'s session."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not player.closed:
        assert asyncio.get_running_loop().time() < deadline, "the session stayed open"
        await asyncio.sleep(0.05)


async def gone(host: Any, user: str, timeout: float = 20.0) -> None:
    """Wait until ``user`` has no session left on ``host`` (their app has ended)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while any(s.user == user for s in host.sessions):
        assert asyncio.get_running_loop().time() < deadline, f"{user}'s app stayed"
        await asyncio.sleep(0.05)


async def start_local_game(player: Player) -> None:
    """New game with the default set-up (Ascension, you against the Normal bot)."""
    player.press("n")
    await player.wait_for("Start game")
    await player.settle(0.3)
    player.press("enter")
    await player.wait_for("Your move", 30)


async def test_play_save_drop_reconnect_and_resume(tmp_path: Path,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="ascend")
    async with running_host(tmp_path, KEYS) as host:
        alice = await login(host, KEYS, "alice")
        await start_local_game(alice)
        alice.press("a")  # play every card
        await alice.wait_for(lambda s: "◆ 0 Runes" not in line_with(s, "Round"))
        alice.press("s")
        await alice.wait_for("Saved to")
        alice.press("a")  # nothing left to play: an unsaved moment changes nothing
        header = line_with(alice.text(), "Round")
        await alice.close()  # the connection drops with the game open

        alice = await login(host, KEYS, "alice")
        alice.press("c")
        await alice.wait_for("Ascension", 20)
        alice.press("enter")
        await alice.wait_for("You: Play", 30)  # the log, told again from the save
        await alice.wait_for("Your move", 30)
        assert line_with(alice.text(), "Round") == header
        await alice.close()
    saves = list((tmp_path / "users" / "alice" / "saves").glob("*.ascend"))
    assert len(saves) == 1
    assert SaveStore(saves[0].parent).load(saves[0]).game == "ascension"
    log = caplog.text
    assert log.count("login user=alice") == 2 and log.count("logout user=alice") == 2


async def test_a_refused_key_an_unknown_name_and_no_passwords(tmp_path: Path) -> None:
    async with running_host(tmp_path, KEYS) as host:
        for user, key in (("alice", KEYS["mallory"]), ("mallory", KEYS["mallory"]),
                          ("bob", KEYS["alice"]), ("../bob", KEYS["bob"])):
            with pytest.raises(asyncssh.PermissionDenied):
                await Player.connect(host.port, user, key)
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect("127.0.0.1", host.port, username="alice",
                                   password="alice", client_keys=[], known_hosts=None,
                                   agent_path=None)
        assert not host.sessions


async def test_a_resize_mid_game_redraws_at_the_new_size(tmp_path: Path) -> None:
    async with running_host(tmp_path, KEYS) as host:
        alice = await login(host, KEYS, "alice", term="xterm-256color", size=(80, 24))
        await start_local_game(alice)
        await alice.wait_for(lambda s: "Help" in s.splitlines()[23])
        alice.resize(120, 40)
        await alice.wait_for(lambda s: "Help" in s.splitlines()[39]
                             and "Center row" in s, 20)
        # The app knows its new size: it draws on every row, and to the right edge.
        assert sum(1 for line in alice.text().splitlines() if line.strip()) > 24
        assert any(len(line.rstrip()) > 80 for line in alice.text().splitlines())
        alice.resize(80, 24)
        await alice.wait_for(lambda s: "Help" in s.splitlines()[23], 20)
        alice.press("a")
        await alice.wait_for(lambda s: "◆ 0 Runes" not in line_with(s, "Round"))
        await alice.close()


def card_names() -> set[str]:
    """Every Ascension card's name as a hand row starts it (rows cut names to 10 columns)."""
    from core.games import get_game

    state = get_game("ascension").new_game({"players": 2}, 1)
    return {card.name[:9] for card in state.cards}


def hand_row_shown(screen: str, names: set[str]) -> list[str]:
    """The rows under every "hand (N)" label that name cards (a spectator's name none)."""
    lines = screen.splitlines()
    return [lines[i + 1] for i, line in enumerate(lines[:-1])
            if ("'s hand (" in line or "Your hand" in line)
            and any(name in lines[i + 1] for name in names)]


async def test_two_users_finish_a_table_while_a_third_watches(tmp_path: Path) -> None:
    async with running_host(tmp_path, KEYS) as host:
        alice = await login(host, KEYS, "alice")
        await open_ascension_table(alice)
        bob = await login(host, KEYS, "bob")
        bob.press("j")
        await bob.wait_for("Table 1")
        bob.press("enter")
        await bob.wait_for("Waiting for alice", 30)
        await alice.wait_for("alice's move", 30)
        await alice.wait_for(lambda s: "Apprentice" in s)
        alice_first = alice.text()
        carol = await login(host, KEYS, "carol")
        carol.press("w")
        await carol.wait_for("Table 1")
        carol.press("enter")
        await carol.wait_for("Center row", 30)

        frames: list[str] = []

        async def watch() -> None:
            while not carol.closed:
                carol.changed.clear()
                frames.append(carol.text())
                await carol.changed.wait()

        watching = asyncio.get_running_loop().create_task(watch())
        moves = await asyncio.gather(play_by_hints(alice, "alice"), play_by_hints(bob, "bob"))
        await carol.wait_for("Game over", 60)
        watching.cancel()
        assert sum(moves) >= 10
        for screen in (alice.text(), bob.text(), carol.text()):
            assert "Game over" in screen
        # Each player saw their own hand; the spectator never saw one, in any frame.
        assert len(frames) > 20
        names = card_names()
        assert hand_row_shown(alice_first, names)  # the check sees a hand where one is
        assert not [row for frame in frames for row in hand_row_shown(frame, names)]
        table = host.tables.tables["1"]
        assert table.session is not None and table.session.over
        for player in (alice, bob, carol):
            await player.close()
    saved = SaveStore(tmp_path / "tables").load(tmp_path / "tables" / "table-1.ascend")
    assert saved.meta["status"] == "finished"
    assert not list((tmp_path / "users").glob("*/saves/*.ascend"))  # in nobody's folder


async def test_one_user_cannot_reach_anothers_saves(tmp_path: Path) -> None:
    async with running_host(tmp_path, KEYS) as host:
        bob = await login(host, KEYS, "bob")
        await start_local_game(bob)
        bob.press("s")
        await bob.wait_for("Saved to")
        await bob.close()
        await gone(host, "bob")  # his app saved on the way out
        bobs = tmp_path / "users" / "bob" / "saves"
        (saved,) = bobs.glob("*.ascend")
        before = saved.read_bytes()

        # Every way in: the environment the client sends, the menu's Continue (list, load,
        # delete), a command instead of the app, a file-transfer subsystem.
        alice = await login(host, KEYS, "alice",
                            env={"ASCEND_SAVE_DIR": str(bobs), "HOME": str(bobs.parent)})
        alice.press("c")
        await alice.wait_for("No saved games yet.")
        assert "Saves in" in alice.text() and "/bob" not in alice.text()
        alice.press("d", "y", "enter")
        await alice.settle(0.5)
        alice.press("escape")
        await alice.close()
        conn = await asyncssh.connect("127.0.0.1", host.port, username="alice",
                                      client_keys=[KEYS["alice"]], known_hosts=None,
                                      agent_path=None)
        async with conn:
            with pytest.raises(asyncssh.ChannelOpenError):  # only the app runs here
                await conn.run(f"cat {saved}", check=False)
            with pytest.raises((asyncssh.Error, OSError)):
                await conn.start_sftp_client()
        assert saved.read_bytes() == before
        assert [p.name for p in bobs.iterdir() if p.suffix == ".ascend"] == [saved.name]


async def test_open_registration_remembers_a_newcomers_key(tmp_path: Path) -> None:
    newcomer = asyncssh.generate_private_key("ssh-ed25519")
    async with running_host(tmp_path, KEYS, open_registration=True) as host:
        dora = await Player.connect(host.port, "whoever", newcomer)
        await dora.wait_for("Pick a user name")
        dora.press("alice", "enter")  # taken
        await dora.wait_for("is taken")
        dora.press("dora", "enter")
        await dora.wait_for("Rules & keys", 20)
        await dora.close()
        assert host.users.known("dora")
        again = await login(host, {"dora": newcomer}, "dora")  # now on the allow-list
        await again.close()
        with pytest.raises(asyncssh.PermissionDenied):  # a known name keeps its own keys
            await Player.connect(host.port, "alice", newcomer)


async def test_max_sessions_and_an_idle_timeout_with_a_warning(tmp_path: Path) -> None:
    async with running_host(tmp_path, KEYS, max_sessions=1, idle_timeout=4.0,
                            idle_warning=2.5) as host:
        alice = await login(host, KEYS, "alice")
        bob = await Player.connect(host.port, "bob", KEYS["bob"])
        await bob.wait_for("The host is full")
        await bob.close()
        await alice.wait_for("Still there?", 10)
        await start_local_game(alice)  # typing puts off the timeout
        await until_closed(alice)
        # Closed for idling with the game saved first.
        assert list((tmp_path / "users" / "alice" / "saves").glob("*.ascend"))


async def test_a_crashed_session_harms_nobody_else(tmp_path: Path,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="ascend")
    async with running_host(tmp_path, KEYS) as host:
        alice = await login(host, KEYS, "alice")
        bob = await login(host, KEYS, "bob")
        victim = next(s for s in host.sessions if s.user == "alice")
        assert victim.pid is not None
        os.kill(victim.pid, signal.SIGKILL)
        await until_closed(alice)
        await start_local_game(bob)  # bob plays on
        again = await login(host, KEYS, "alice")  # and alice comes straight back
        await again.close()
        assert host.zygote.process is not None
        host.zygote.process.kill()  # even the zygote dying stops nobody
        host.zygote.process.wait()
        bob.press("a")
        await bob.wait_for(lambda s: "◆ 0 Runes" not in line_with(s, "Round"))
        carol = await login(host, KEYS, "carol")
        await carol.close()
        await bob.close()
    assert "logout user=alice" in caplog.text and "the zygote had gone" in caplog.text


async def test_stopping_the_host_saves_every_open_game(tmp_path: Path) -> None:
    async with running_host(tmp_path, KEYS) as host:
        alice = await login(host, KEYS, "alice")
        await start_local_game(alice)
        alice.press("a")  # moves made, never saved by hand
        await alice.wait_for(lambda s: "◆ 0 Runes" not in line_with(s, "Round"))
        await asyncio.sleep(0.2)
        await host.stop()
        await until_closed(alice)
    (saved,) = (tmp_path / "users" / "alice" / "saves").glob("*.ascend")
    assert SaveStore(saved.parent).load(saved).actions  # the moves are in it


def test_the_serve_command_stops_on_sigterm(tmp_path: Path) -> None:
    """``ascend serve`` as a process: a host key made on first start, users added from
    the command line, and SIGTERM ends it cleanly."""
    import subprocess
    import sys
    import time

    keyfile = tmp_path / "alice.pub"
    keyfile.write_bytes(KEYS["alice"].export_public_key())
    cli = [sys.executable, "-m", "ascend_cli", "serve", "--data", str(tmp_path / "data")]
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    added = subprocess.run([*cli, "--add-user", "alice", str(keyfile)], env=env,
                           capture_output=True, text=True, timeout=60, cwd=root)
    assert added.returncode == 0, added.stderr
    bad = subprocess.run([*cli, "--add-user", "Alice!", str(keyfile)], env=env,
                         capture_output=True, text=True, timeout=60, cwd=root)
    assert bad.returncode == 2 and "cannot add" in bad.stderr
    server = subprocess.Popen([*cli, "--port", "0", "--host", "127.0.0.1"], env=env,
                              stderr=subprocess.PIPE, text=True, cwd=root)
    try:
        deadline = time.monotonic() + 60
        assert server.stderr is not None
        line = ""
        while "listening on" not in line:
            assert time.monotonic() < deadline
            line = server.stderr.readline()
        port = int(line.split("listening on 127.0.0.1:")[1].split(",")[0])

        async def visit() -> str:
            player = await login_port(port)
            text = player.text()
            await player.close()
            return text

        assert "Rules & keys" in asyncio.run(visit())
        server.send_signal(signal.SIGTERM)
        assert server.wait(30) == 0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert (tmp_path / "data" / "host_key").exists()
    assert "stopped" in (tmp_path / "data" / "logs" / "host.log").read_text()


async def login_port(port: int) -> Any:
    player = await Player.connect(port, "alice", KEYS["alice"])
    await player.wait_for("Rules & keys", 30)
    return player
