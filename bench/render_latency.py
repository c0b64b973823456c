"""How long the table takes to show each action, headless: median and p95 per action.

    python -m bench.render_latency [--game ascension] [--seed 7] [--actions 300]
                                   [--size 80x24] [--players 2]

A seeded game is played on the app's table (``App.run_test``, no terminal) by greedy bots
choosing for every seat; each seat is a human seat and the keyboard follows the seat to
move, so every action goes through the table's own ``do`` (apply, log line, redraw) and is
then laid out and drawn (``Pilot.pause`` runs the compositor). The figure is the process's
CPU time from the action to the drawn screen (CPU, not wall-clock, so the other programs
on a shared machine do not count); the first action, which pays for the first layout, is
left out.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from typing import Any

from ai.bots import make_bot
from bench.stats import pct


async def measure(game: str, seed: int, actions: int, size: tuple[int, int],
                  players: int) -> tuple[list[float], list[float]]:
    """CPU seconds per action, drawn, over the first ``actions`` actions of a seeded game;
    and per wait with nothing to draw (the floor the harness puts under every figure)."""
    from tui.app import WARM_AFTER, AscendApp
    from tui.screens.table import TableScreen
    from tui.session import GameSession

    # Hot seat, the keyboard always the seat to move's (no hand-over screen after the first).
    options: dict[str, Any] = {"players": players, "seats": ["human"] * players,
                               "names": [f"Player {i + 1}" for i in range(players)]}
    session = GameSession.new(game, options, seed)
    bots = [make_bot("greedy", game, seed * 8 + i) for i in range(players)]
    app = AscendApp(bot_delay=0.0)
    times: list[float] = []
    idle: list[float] = []
    async with app.run_test(size=size) as pilot:
        # Past the moment OR-Tools is warmed in a thread, so its CPU is not counted.
        await pilot.pause(WARM_AFTER + 0.5)
        await app.workers.wait_for_complete()
        app.start_game(session)
        await pilot.pause()
        while not isinstance(app.screen, TableScreen):  # the first hand-over screen
            app.screen.dismiss(None)
            await pilot.pause()
        table = app.screen
        table.modal_open = True  # the bench answers every question itself, without dialogs
        for _ in range(actions):
            seat = session.state.to_move
            if seat is None:
                break
            action = bots[seat].choose(session.view(seat), session.legal())
            t0 = time.process_time()
            table.viewer = seat
            table.do(action)
            await pilot.pause()
            times.append(time.process_time() - t0)
            # The same wait again with nothing to draw: what the harness itself costs.
            t0 = time.process_time()
            await pilot.pause()
            idle.append(time.process_time() - t0)
    return times[1:], idle[1:]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="ascension")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--actions", type=int, default=300)
    ap.add_argument("--size", default="80x24")
    ap.add_argument("--players", type=int, default=2)
    args = ap.parse_args(argv)
    width, height = (int(x) for x in args.size.split("x"))
    with tempfile.TemporaryDirectory() as folder:
        # Saves and settings of the run go to a folder of its own, never the player's.
        os.environ["ASCEND_SAVE_DIR"] = folder
        os.environ["ASCEND_CONFIG_DIR"] = os.path.join(folder, "config")
        xs, idle = asyncio.run(measure(args.game, args.seed, args.actions, (width, height),
                                 args.players))
    print(f"{args.game} table, {args.size}, seed {args.seed}: {len(xs)} actions drawn, "
          f"median {1000 * statistics.median(xs):.1f} ms  p95 {1000 * pct(xs, 0.95):.1f} ms"
          f"  max {1000 * max(xs):.1f} ms CPU per action")
    print(f"  of which the harness's wait, with nothing to draw: median "
          f"{1000 * statistics.median(idle):.1f} ms")


if __name__ == "__main__":
    main()
