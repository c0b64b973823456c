"""Driving the host's app over SSH in tests: start a host, log in, and the few key
sequences the tests share (open a table, play by hints)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncssh

from host.config import HostConfig
from host.server import Host
from host.terminal_client import Player

DIALOG = "enter choose"
USERS = ("alice", "bob", "carol")


def make_keys() -> dict[str, asyncssh.SSHKey]:
    """A key for each user, and one for a stranger."""
    return {name: asyncssh.generate_private_key("ssh-ed25519")
            for name in (*USERS, "mallory")}


@asynccontextmanager
async def running_host(data: Path, keys: dict[str, asyncssh.SSHKey], **settings: Any
                       ) -> AsyncIterator[Host]:
    """A host on a free loopback port whose users are alice, bob and carol."""
    config = HostConfig(data=data, host="127.0.0.1", port=0, bot_delay=0.0,
                        shutdown_grace=5.0, **settings)
    host = Host(config)
    for name in USERS:
        host.users.add(name, keys[name].export_public_key().decode())
    await host.start()
    try:
        yield host
    finally:
        await host.stop()


async def login(host: Host, keys: dict[str, asyncssh.SSHKey], user: str,
                **kwargs: Any) -> Player:
    """``user`` at the main menu."""
    player = await Player.connect(host.port, user, keys[user], **kwargs)
    await player.wait_for("Rules & keys", 20)
    return player


async def shows(player: Player, test: Any, timeout: float = 20.0) -> bool:
    """Whether the screen passes ``test`` within ``timeout`` seconds."""
    try:
        await player.wait_for(test, timeout)
    except TimeoutError:
        if player.closed:
            raise
        return False
    return True


async def play_by_hints(player: Player, name: str, until: str = "Game over",
                        timeout: float = 240.0) -> int:
    """Play ``name``'s moves with the hint keys (h, then H at the table; H in a choice)
    until the screen shows ``until``; returns how many moves were made."""
    moves = 0
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    mine = f"{name}'s move"
    while loop.time() < deadline:
        await player.wait_for(lambda s: until in s or mine in s or DIALOG in s, 60)
        screen = player.text()
        if until in screen:
            return moves
        # A hint asked for a position the table has just left is dropped by the screen
        # (and a busy machine may take long): ask again rather than wait for ever.
        if DIALOG in screen:
            # In a choice H finds the hint and chooses its line; another choice may follow
            # at once (a card that asks again), so wait for the screen to change, not for
            # every choice to close.
            player.press("H")
            await player.wait_for(lambda s, before=screen: s != before, 30)
        else:
            player.press("h")
            if not await shows(player, lambda s: "Hint:" in s or DIALOG in s):
                continue
            if DIALOG in player.text():
                continue
            before = player.text()
            player.press("H")
            await player.wait_for(lambda s, before=before: s != before, 30)
        moves += 1
    raise TimeoutError(f"{name} did not reach {until!r}:\n{player.text()}")


def line_with(screen: str, label: str) -> str:
    """The first line of ``screen`` holding ``label`` ("" if none)."""
    return next((line for line in screen.splitlines() if label in line), "")


async def open_ascension_table(player: Player, honor_pool_steps: int = 11) -> None:
    """From the menu: open a 2-player Ascension table, both seats human, with the smallest
    Honor pool (a short game), and wait for the second player."""
    player.press("o")
    await player.wait_for("Open a table")
    await player.settle(0.5)  # the focus lands on the first line once the screen is up
    player.press("down", "down", "down", "left", "left")  # seat 2: Bot: Normal → Easy → Human
    await player.wait_for(lambda s: "Human" in line_with(s, "Seat 2"))
    player.press("down", "down", *["left"] * honor_pool_steps)
    await player.wait_for(lambda s: " 5 " in line_with(s, "Honor pool"))
    player.press("enter")
    await player.wait_for("waiting for 1 more")
