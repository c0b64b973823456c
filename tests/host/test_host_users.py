"""Who may log in: names, the allow-list file, and each user's own folder."""

from __future__ import annotations

from pathlib import Path

import asyncssh
import pytest

from host.server import colour_env
from host.users import UserError, UserStore, check_name


def test_a_name_is_a_short_safe_word() -> None:
    for good in ("alice", "bob-2", "c_d", "z" * 24):
        assert check_name(good) == good
    for bad in ("", "Alice", "../bob", "a/b", "a b", "-x", "9lives", "z" * 25, "root",
                "tables", "alice\n", "ålice"):
        with pytest.raises(UserError):
            check_name(bad)


def test_the_allow_list_holds_keys_by_name(tmp_path: Path) -> None:
    store = UserStore(tmp_path)
    one, two, other = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(3))
    store.add("alice", one.export_public_key().decode())
    store.add("alice", two.export_public_key().decode() + "  laptop\n")
    assert store.accepts("alice", one) and store.accepts("alice", two)
    assert not store.accepts("alice", other) and not store.accepts("bob", one)
    assert store.owner(two) == "alice" and store.owner(other) is None
    assert (tmp_path / "users" / "alice" / "saves").is_dir()
    assert oct((tmp_path / "users.txt").stat().st_mode & 0o777) == "0o600"
    # Lines a person may have typed wrong are skipped, not fatal.
    with (tmp_path / "users.txt").open("a") as f:
        f.write("# a comment\nbob not-a-key\nBAD ssh-ed25519 AAAA\n\n")
    assert set(store.keys()) == {"alice"}
    for name, key in (("bob", "ssh-ed25519 AAAAnot-base64"), ("Bob", one.export_public_key()
                                                              .decode()), ("bob", "")):
        with pytest.raises(UserError):
            store.add(name, key)
    assert not store.known("bob")


def test_colour_depth_comes_from_the_terminal_type() -> None:
    assert colour_env("xterm-256color", {}) == {}
    assert colour_env("xterm-direct", {}) == {"COLORTERM": "truecolor"}
    assert colour_env("xterm-256color", {"COLORTERM": "truecolor"}) == {"COLORTERM": "truecolor"}
    assert colour_env("vt100", {"COLORTERM": "; rm -rf /"}) == {}


def test_an_apps_environment_is_the_hosts_choice(tmp_path: Path) -> None:
    """Terminal type and colours from the client; size from the PTY (never COLUMNS or
    LINES); a longer ESCDELAY; the user's own save folder whatever the client sends."""
    from host.config import HostConfig
    from host.server import ESCDELAY_MS, Host

    host = Host(HostConfig(data=tmp_path))
    env = host.child_env("ana", "xterm-direct", {"ASCEND_SAVE_DIR": "/elsewhere",
                                                 "ASCEND_CONFIG_DIR": "/elsewhere",
                                                 "COLUMNS": "10", "LINES": "5",
                                                 "LD_PRELOAD": "/tmp/x.so"}, "/home/ana")
    assert env["TERM"] == "xterm-direct" and env["COLORTERM"] == "truecolor"
    assert env["ESCDELAY"] == str(ESCDELAY_MS) and int(env["ESCDELAY"]) > 100
    assert env["ASCEND_SAVE_DIR"] == str(tmp_path / "users" / "ana" / "saves")
    # Settings (theme, pacing, the last New game) are the user's own too.
    assert env["ASCEND_CONFIG_DIR"] == str(tmp_path / "users" / "ana" / "config")
    assert not {"COLUMNS", "LINES", "LD_PRELOAD"} & set(env)
