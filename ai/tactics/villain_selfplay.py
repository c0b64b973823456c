"""Headless games against the Villains (solo, co-op, Become the Boss): bots in the heroes'
seats (and the Boss player's), the tallies ``ascend selfplay tactics --mode solo`` prints and
the balance bench reads.

Seats keep their bots for the whole run (no rotation: the heroes and the Villains are not
the same game). ``--bots`` is read seat by seat and cycled when shorter than the table; in
Become the Boss the last seat is the Boss player. A game's figures are the heroes' (``wins``
are the heroes' wins): who won and how (``by``: the heroes' goal, the Villains' Honor, the
Scheme deck running out, a turn limit), the rounds played, the Boss drawn.

``villain_command_ms`` times the Villain's CP-SAT model (``ai.tactics.villain_model``,
model build included) once per Villain command of solo and co-op, in milliseconds: the
engine commands the Villains inside the heroes' move that ends their turn, so each command
is solved on the position just before that move, for the Villain the engine then commanded
(the Villain turn's Schemes may still move things in between: the latency, not the answer,
is what is measured). Become the Boss has no procedure to time.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ai.bots import make_bot
from core.tactics.villain_state import BY_DECK_OUT, KIND_INDEX, VILLAIN, villain_mode

MAX_STEPS = 100_000  # far beyond any real game: hitting it means an engine loop


@dataclass
class VillainGame:
    """One finished game against the Villains."""

    seed: int
    bots: list[str]
    boss: str  # the Boss's id
    heroes_won: bool
    villains_won: bool
    by: str  # how it ended (``Outcome.details["by"]``)
    rounds: int
    honor: list[int]  # heroes, Villains
    villain_command_ms: list[float] = field(default_factory=list)


def seats_for(bots: list[str], players: int) -> list[str]:
    """The bot of each seat: the list read in order, cycled when shorter than the table."""
    return [bots[seat % len(bots)] for seat in range(players)]


def play_villain_game(seed: int, options: dict[str, Any], bots: list[str],
                      villain_goal: int | None = None,
                      on_events: Callable[[Any, list[Any]], None] | None = None) -> VillainGame:
    """Play one game to the end, ``bots`` seat by seat (each on its own seeded stream).

    ``villain_goal`` plays the game with that Villain goal in place of the scenario's (the
    goal sweep of ``bench.villain_goals`` sets it out of reach); ``on_events`` sees the state
    and the events after every action."""
    import core.tactics as T

    opts = dict(options, players=len(bots), seats=[f"bot:{b}" for b in bots])
    s = T.new_game(opts, seed)
    if s.villain is None:
        raise ValueError(f"mode {opts.get('mode')!r} is not played against the Villains")
    if villain_goal is not None:
        s.scen = replace(s.scen, villain_honor=villain_goal)
    agents = [make_bot(name, "tactics", seed * 31 + seat) for seat, name in enumerate(bots)]
    timed = s.villain.boss_seat < 0
    command_ms: list[float] = []
    steps = 0
    while s.to_move is not None:
        seat = s.to_move
        action = agents[seat].choose(T.view(s, seat), T.legal_actions(s))
        before = T.copy(s) if timed else None
        events = T.apply(s, action)
        if on_events is not None:
            on_events(s, events)
        if before is not None:
            command_ms += _time_commands(before, events)
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"tactics seed {seed}: no end after {MAX_STEPS} actions")
    out = T.outcome(s)
    assert out is not None
    v = s.villain
    return VillainGame(seed, list(bots), v.vdef(v.holder[KIND_INDEX["boss"]]).id,
                       bool(out.details["heroes_won"]), bool(out.details["villains_won"]),
                       str(out.details["by"]), T.turn_number(s), list(s.honor), command_ms)


def _time_commands(before: Any, events: list[Any]) -> list[float]:
    """Milliseconds the CP-SAT model takes for each Villain the engine commanded in
    ``events``, solved on ``before``."""
    from ai.tactics.villain_model import solve_command

    out = []
    for e in events:
        if e.kind == "command" and e.seat == VILLAIN and before.units[e.card].cell >= 0:
            start = time.perf_counter()
            solve_command(before, e.card)
            out.append((time.perf_counter() - start) * 1000)
    return out


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate of ``wins`` in ``n`` (0..1 each)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class VillainReport:
    """Totals over many games against the Villains."""

    mode: str
    difficulty: str
    scenario: str
    bots: list[str]
    games: list[VillainGame] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, g: VillainGame) -> None:
        self.games.append(g)

    def by_boss(self) -> dict[str, dict[str, float]]:
        """Per Boss: games, the heroes' wins and their rate."""
        out: dict[str, dict[str, float]] = {}
        for g in self.games:
            row = out.setdefault(g.boss, {"games": 0, "wins": 0, "win_rate": 0.0})
            row["games"] += 1
            row["wins"] += int(g.heroes_won)
        for row in out.values():
            row["win_rate"] = round(row["wins"] / row["games"], 4)
        return dict(sorted(out.items()))

    def as_dict(self) -> dict[str, Any]:
        n = len(self.games)
        wins = sum(g.heroes_won for g in self.games)
        lo, hi = wilson(wins, n)
        samples = [x for g in self.games for x in g.villain_command_ms]
        p95 = round(sorted(samples)[min(len(samples) - 1, int(0.95 * len(samples)))], 3) \
            if samples else None
        return {
            "game": "tactics",
            "mode": self.mode,
            "difficulty": self.difficulty,
            "scenario": self.scenario,
            "bots": list(self.bots),
            "games": n,
            "wins": wins,
            "villain_wins": sum(g.villains_won for g in self.games),
            "deck_out": sum(g.by == BY_DECK_OUT for g in self.games),
            "ended_by": {by: sum(g.by == by for g in self.games)
                         for by in sorted({g.by for g in self.games})},
            "avg_turns": round(sum(g.rounds for g in self.games) / n, 2) if n else 0.0,
            "win_rate": round(wins / n, 4) if n else 0.0,
            "win_rate_95": [round(lo, 4), round(hi, 4)],
            "by_boss": self.by_boss(),
            "villain_command_samples": len(samples),
            "villain_command_p95_ms": p95,
            "seconds": round(self.seconds, 3),
        }


def villain_selfplay(bots: list[str], games: int, seed: int, players: int,
                     options: dict[str, Any],
                     progress: Callable[[int, int], None] | None = None) -> VillainReport:
    """Play ``games`` games (seeds ``seed``, ``seed+1``, …) against the Villains."""
    import core.tactics as T

    mode = str(options.get("mode", ""))
    if not villain_mode(mode):
        raise ValueError(f"mode {mode!r} is not played against the Villains")
    seats = seats_for(bots, players)
    first = T.new_game(dict(options, players=players), seed)  # refuses bad options early
    report = VillainReport(mode, str(options.get("difficulty", "standard")), first.scen.id,
                           seats)
    start = time.perf_counter()
    for i in range(games):
        report.add(play_villain_game(seed + i, options, seats))
        if progress is not None:
            progress(i + 1, games)
    report.seconds = time.perf_counter() - start
    return report


def selfplay_report(bots: list[str], games: int, seed: int, players: int,
                    options: dict[str, Any],
                    progress: Callable[[int, int], None] | None = None
                    ) -> dict[str, Any] | None:
    """The command line's hook: a Villain mode's report as plain data, or None for the
    competitive modes (the generic self-play report serves those)."""
    if not villain_mode(str(options.get("mode", ""))):
        return None
    return villain_selfplay(bots, games, seed, players, options, progress).as_dict()
