"""``ascend serve``: its flags, adding users, and running the host until SIGTERM."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

from host.config import DEFAULT_PORT, HostConfig


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``serve`` subcommand."""
    p = sub.add_parser("serve", help="host games over SSH for friends (see README)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"port to listen on (default {DEFAULT_PORT})")
    p.add_argument("--host", default="0.0.0.0", help="address to listen on")
    p.add_argument("--data", default="ascend-host", help="the host's folder: host key, "
                   "users, their saves, the shared tables, logs")
    p.add_argument("--open", action="store_true",
                   help="let anyone in: a newcomer picks a name and their key is kept")
    p.add_argument("--add-user", nargs=2, metavar=("NAME", "KEYFILE"),
                   help="allow the public key in KEYFILE for NAME, then exit")
    p.add_argument("--max-sessions", type=int, default=64, metavar="N",
                   help="players connected at once (default 64)")
    p.add_argument("--idle-timeout", type=float, default=30 * 60.0, metavar="SECONDS",
                   help="end a session idle this long, its game saved (default 1800)")
    p.add_argument("--idle-warning", type=float, default=60.0, metavar="SECONDS",
                   help="warn this long before the idle timeout (default 60)")
    p.add_argument("--bot-delay", type=float, default=0.4, metavar="SECONDS",
                   help="pause after each bot move at a shared table")
    p.set_defaults(func=cmd_serve)


def setup_logging(logs: Path) -> None:
    """One line per login, logout and error, on stderr and in DATA/logs/host.log."""
    logs.mkdir(parents=True, exist_ok=True)
    fmt = logging.Formatter("%(asctime)s %(levelname)s %(message)s")
    root = logging.getLogger("ascend")
    root.setLevel(logging.INFO)
    for handler in (logging.StreamHandler(sys.stderr),
                    logging.FileHandler(logs / "host.log", encoding="utf-8")):
        handler.setFormatter(fmt)
        root.addHandler(handler)


def cmd_serve(args: argparse.Namespace) -> int:
    from host.users import UserError, UserStore

    data = Path(args.data).expanduser().resolve()
    if args.add_user:
        name, keyfile = args.add_user
        try:
            text = Path(keyfile).expanduser().read_text(encoding="utf-8")
            line = UserStore(data).add(name, text)
        except (OSError, UserError) as exc:
            print(f"ascend serve: cannot add {name!r}: {exc}", file=sys.stderr)
            return 2
        print(f"added: {line.strip()[:80]}")
        return 0
    if args.idle_warning >= args.idle_timeout or args.max_sessions < 1:
        print("ascend serve: the idle warning must come before the timeout, and at least "
              "one session must be allowed", file=sys.stderr)
        return 2
    config = HostConfig(data=data, host=args.host, port=args.port,
                        open_registration=args.open, max_sessions=args.max_sessions,
                        idle_timeout=args.idle_timeout, idle_warning=args.idle_warning,
                        bot_delay=args.bot_delay)
    setup_logging(config.logs)
    from host.server import Host

    asyncio.run(Host(config).serve_forever())
    return 0
