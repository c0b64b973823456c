"""The SSH host under load, on loopback: connect to first frame, and many players at once.

    python -m bench.host_load [--sessions 50] [--turns 4] [--logins 20] [--json]

1. Connect to first frame on an idle host: ``--logins`` logins one after another, each
   timed from opening the TCP connection to the menu on the player's screen (target: p95
   <= 0.3 s).
2. ``--sessions`` players at once, each logging in and playing a scripted game against a
   bot (New game; per turn: play every card, end the turn, wait for the bot; then save and
   leave). Reports failed sessions, key-to-screen latency (a key sent to the first change of
   the player's screen it causes), connect to first frame under that load, and the memory
   of the sessions' app processes (proportional set size, so pages the zygote's children
   share are split between them) and of the host.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncssh

from bench.stats import timing_ms
from host.terminal_client import Player
from host.users import UserStore

FIRST_FRAME = "Rules & keys"
TARGET_FIRST_FRAME_P95_MS = 300.0


def memory_kib(pid: int) -> dict[str, int]:
    """Pss, Rss and private memory of a process, in KiB (Linux)."""
    out = {"pss": 0, "rss": 0, "private": 0}
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return out
    for line in text.splitlines():
        name, _, rest = line.partition(":")
        value = int(rest.split()[0]) if rest.split() else 0
        if name == "Pss":
            out["pss"] = value
        elif name == "Rss":
            out["rss"] = value
        elif name in ("Private_Clean", "Private_Dirty"):
            out["private"] += value
    return out


async def first_frame(port: int, user: str, key: asyncssh.SSHKey) -> tuple[float, Player]:
    start = time.perf_counter()
    player = await Player.connect(port, user, key)
    await player.wait_for(FIRST_FRAME, 60)
    return time.perf_counter() - start, player


async def press_timed(player: Player, key: str, latencies: list[float]) -> None:
    """Press ``key`` and record how long until the screen first changes."""
    before = player.text()
    player.changed.clear()
    start = time.perf_counter()
    player.press(key)
    await player.wait_for(lambda s: s != before, 60)
    latencies.append(time.perf_counter() - start)


def screen_changed(before: str) -> Callable[[str], bool]:
    """A test that the screen is no longer ``before``."""
    return lambda screen: screen != before


def round_of(screen: str) -> int:
    """The round in the table's header (``Round 3``)."""
    words = screen.split()
    return int(words[words.index("Round") + 1]) if "Round" in words else 0


async def next_turn(player: Player, round_no: int) -> None:
    """Answer what the end of the turn asks (cards left? a bot's card that makes this
    player choose) until the player's move in the next round."""
    while True:
        await player.wait_for(lambda s: ("Your move" in s and round_of(s) > round_no)
                              or "y / enter: yes" in s or "enter choose" in s, 60)
        screen = player.text()
        if "y / enter: yes" in screen:
            player.press("y")
        elif "enter choose" in screen:
            player.press("enter")
        else:
            return
        await player.wait_for(screen_changed(screen), 60)


async def scripted_game(port: int, user: str, key: asyncssh.SSHKey, turns: int,
                        latencies: list[float], frames: list[float], think: float,
                        pause: random.Random) -> None:
    """Log in, play ``turns`` turns of Ascension against a bot, save, leave; ``think``
    seconds (on average) between keys, as a person takes."""
    await asyncio.sleep(pause.uniform(0, think))  # people do not all arrive at once
    took, player = await first_frame(port, user, key)
    frames.append(took)

    async def timed_key(key: str) -> None:
        await asyncio.sleep(pause.uniform(0.5 * think, 1.5 * think))
        await press_timed(player, key, latencies)

    try:
        player.press("n")
        await player.wait_for("Start game", 60)
        await player.settle(0.3)
        player.press("enter")
        await player.wait_for("Your move", 60)
        for _ in range(turns):
            await timed_key("a")  # play every card
            await player.settle(0.2)
            round_no = round_of(player.text())
            await timed_key("e")  # end the turn (the bot moves)
            await next_turn(player, round_no)
        await timed_key("s")
        await player.wait_for("Saved to", 60)
        player.press("q")
        await player.wait_for(FIRST_FRAME, 60)
    finally:
        await player.close()


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # The command name may hold spaces; the fields after its closing parenthesis don't.
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            out.append(int(entry.name))
    return out


def start_host(folder: Path, sessions: int) -> tuple[subprocess.Popen[str], int, list[str]]:
    """``ascend serve`` in a process of its own (the clients here share no CPU time with
    it but the machine's); its port, and its log lines as they come."""
    cmd = [sys.executable, "-m", "ascend_cli", "serve", "--data", str(folder), "--port", "0",
           "--host", "127.0.0.1", "--bot-delay", "0", "--max-sessions", str(sessions + 8)]
    root = Path(__file__).resolve().parents[1]
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True, cwd=root,
                            env={**os.environ, "PYTHONPATH": str(root)})
    assert proc.stderr is not None
    lines: list[str] = []
    while True:
        line = proc.stderr.readline()
        if not line:
            raise RuntimeError("the host did not start: " + "".join(lines[-5:]))
        lines.append(line)
        if "listening on" in line:
            port = int(line.split("listening on 127.0.0.1:")[1].split(",")[0])
            break
    threading.Thread(target=lambda: lines.extend(proc.stderr or []), daemon=True).start()
    return proc, port, lines


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run(sessions: int, turns: int, logins: int, think: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="ascend-host-bench-") as folder:
        users = UserStore(Path(folder))
        keys = {f"p{i}": asyncssh.generate_private_key("ssh-ed25519")
                for i in range(sessions)}
        for name, key in keys.items():
            users.add(name, key.export_public_key().decode())
        proc, port, log = start_host(Path(folder), sessions)
        try:
            idle: list[float] = []
            for _ in range(logins):
                took, player = await first_frame(port, "p0", keys["p0"])
                idle.append(took)
                await player.close()
            latencies: list[float] = []
            frames: list[float] = []
            peak: dict[str, Any] = {"sessions": 0}
            stop = asyncio.Event()

            cpu: dict[int, float] = {}

            async def sample() -> None:
                zygotes = children(proc.pid)
                while not stop.is_set():
                    pids = [pid for z in zygotes for pid in children(z)]
                    for pid in pids:
                        cpu[pid] = max(cpu.get(pid, 0.0), cpu_seconds(pid))
                    if len(pids) > peak["sessions"]:
                        mems = [memory_kib(pid) for pid in pids]
                        peak.update(sessions=len(pids),
                                    pss=sum(m["pss"] for m in mems) / len(mems),
                                    rss=sum(m["rss"] for m in mems) / len(mems),
                                    private=sum(m["private"] for m in mems) / len(mems),
                                    host=memory_kib(proc.pid),
                                    zygote=memory_kib(zygotes[0]) if zygotes else {})
                    await asyncio.sleep(0.5)

            sampler = asyncio.get_running_loop().create_task(sample())
            start = time.perf_counter()
            host_cpu, bench_cpu = cpu_seconds(proc.pid), cpu_seconds(os.getpid())
            pause = random.Random(1)
            results = await asyncio.gather(
                *(scripted_game(port, name, key, turns, latencies, frames, think, pause)
                  for name, key in keys.items()), return_exceptions=True)
            wall = time.perf_counter() - start
            host_cpu = cpu_seconds(proc.pid) - host_cpu
            bench_cpu = cpu_seconds(os.getpid()) - bench_cpu
            stop.set()
            await sampler
            failures = [repr(r)[:300] for r in results if isinstance(r, BaseException)]
        finally:
            proc.send_signal(signal.SIGTERM)
            stopped = proc.wait(60)
        errors = [line.strip() for line in log if " ERROR " in line]
    return {"sessions": sessions, "turns": turns, "think_s": think, "failed": len(failures),
            "cpu_s": {"host": round(host_cpu, 1), "sessions": round(sum(cpu.values()), 1),
                      "clients": round(bench_cpu, 1)},
            "failures": failures[:5], "host_errors": errors[:5],
            "host_exit": stopped, "seconds": round(wall, 1),
            "first_frame_idle_ms": timing_ms(idle),
            "first_frame_under_load_ms": timing_ms(frames),
            "key_to_screen_ms": timing_ms(latencies),
            "memory_kib_per_session": {k: round(peak.get(k, 0)) for k in ("pss", "rss",
                                                                         "private")},
            "peak_sessions": peak["sessions"],
            "host_kib": peak.get("host", {}), "zygote_kib": peak.get("zygote", {})}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sessions", type=int, default=50)
    ap.add_argument("--turns", type=int, default=4)
    ap.add_argument("--logins", type=int, default=20)
    ap.add_argument("--think", type=float, default=1.0,
                    help="seconds between a player's keys, on average (0: as fast as "
                         "the screen answers)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    report = asyncio.run(run(args.sessions, args.turns, args.logins, args.think))
    if args.json:
        print(json.dumps(report, indent=2))
        return
    idle, load, keys = (report["first_frame_idle_ms"], report["first_frame_under_load_ms"],
                        report["key_to_screen_ms"])
    mem = report["memory_kib_per_session"]
    print(f"connect to first frame, idle host: n={idle['n']} median {idle['median']:.0f} ms "
          f"p95 {idle['p95']:.0f} ms  target p95 <= {TARGET_FIRST_FRAME_P95_MS:.0f} ms: "
          f"{'met' if idle['p95'] <= TARGET_FIRST_FRAME_P95_MS else 'NOT met'}")
    print(f"{report['sessions']} sessions x {report['turns']} turns, {args.think} s between "
          f"keys, in {report['seconds']} s: "
          f"{report['failed']} failed; host errors logged: {len(report['host_errors'])}; "
          f"host exit on SIGTERM: {report['host_exit']}")
    for failure in report["failures"]:
        print(f"  {failure}")
    print(f"connect to first frame under load: median {load['median']:.0f} ms "
          f"p95 {load['p95']:.0f} ms  max {load['max']:.0f} ms")
    print(f"key to screen: n={keys['n']} median {keys['median']:.0f} ms "
          f"p95 {keys['p95']:.0f} ms  max {keys['max']:.0f} ms")
    cpu = report["cpu_s"]
    print(f"CPU: host {cpu['host']} s, session apps {cpu['sessions']} s, the bench's SSH "
          f"clients and terminal emulators {cpu['clients']} s")
    print(f"memory per session ({report['peak_sessions']} at once): "
          f"PSS {mem['pss'] / 1024:.1f} MiB (RSS {mem['rss'] / 1024:.1f} MiB, private "
          f"{mem['private'] / 1024:.1f} MiB); host process RSS "
          f"{report['host_kib'].get('rss', 0) / 1024:.0f} MiB, zygote RSS "
          f"{report['zygote_kib'].get('rss', 0) / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
