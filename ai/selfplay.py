"""Headless bot-vs-bot games for any registered game: statistics, benchmarks and balance."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ai.bots import Bot, make_bot
from core.contract import trusted_apply
from core.games import get_game

MAX_STEPS = 200_000  # far beyond any real game: hitting it means an engine loop, not a game


@dataclass
class GameResult:
    """One finished game: which bot sat where, who won, scores and length (``turns``: the
    rounds played, each seat or side having a turn in a round).

    ``tie``: the win is shared between rivals. Several winners are not a tie when they
    play for one side (a 2 vs 2 team in Ascension Tactics).
    """

    seats: list[str]
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    turns: int
    steps: int
    tie: bool = False


@dataclass
class SelfplayReport:
    """Totals over many games, keyed by bot name."""

    game: str
    games: int = 0
    seconds: float = 0.0
    steps: int = 0
    turns: int = 0
    ties: int = 0
    wins_by_bot: dict[str, int] = field(default_factory=dict)
    seats_by_bot: dict[str, int] = field(default_factory=dict)
    score_sum_by_bot: dict[str, int] = field(default_factory=dict)
    first_seat_wins: int = 0

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.steps += r.steps
        self.turns += r.turns
        for seat, bot in enumerate(r.seats):
            self.seats_by_bot[bot] = self.seats_by_bot.get(bot, 0) + 1
            self.score_sum_by_bot[bot] = self.score_sum_by_bot.get(bot, 0) + r.scores[seat]
            self.wins_by_bot.setdefault(bot, 0)
        if r.tie:
            self.ties += 1
        else:
            # A team win counts once for each bot of the team.
            for bot in {r.seats[w] for w in r.winners}:
                self.wins_by_bot[bot] += 1
            self.first_seat_wins += int(0 in r.winners)

    def as_dict(self) -> dict[str, Any]:
        secs = max(self.seconds, 1e-9)
        return {
            "game": self.game,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / secs, 2),
            "steps_per_second": round(self.steps / secs, 1),
            "wins_by_bot": dict(self.wins_by_bot),
            "win_rate_by_bot": {b: round(w / self.games, 4) if self.games else 0.0
                                for b, w in self.wins_by_bot.items()},
            "ties": self.ties,
            "avg_score_by_bot": {b: round(self.score_sum_by_bot[b] / n, 2)
                                 for b, n in self.seats_by_bot.items()},
            "avg_turns": round(self.turns / self.games, 2) if self.games else 0.0,
            "first_seat_win_rate": round(self.first_seat_wins / self.games, 4)
            if self.games else 0.0,
        }


def seat_bots(bots: list[str], players: int, game_index: int) -> list[str]:
    """Bots by seat for game ``game_index``: the list rotates so seats alternate fairly."""
    return [bots[(seat + game_index) % len(bots)] for seat in range(players)]


def play_game(game: str, options: dict[str, Any], seed: int, seats: list[str],
              players: list[Bot] | None = None) -> GameResult:
    """Play one game to the end with the named bots, each on its own seeded stream (or with
    ``players``, one per seat, made by the caller: a bench's hint follower)."""
    mod = get_game(game)
    opts = dict(options, players=len(seats), seats=[f"bot:{b}" for b in seats])
    state = mod.new_game(opts, seed)
    if players is None:
        players = [make_bot(name, game, seed * 31 + seat) for seat, name in enumerate(seats)]
    # A bot that never reads its view (random) is spared building one: that is most of the
    # cost of a random game.
    wants_view = [getattr(p, "uses_view", True) for p in players]
    # A bot that hands back one of the listed actions itself (random) is not checked again;
    # any other bot's choice is, so a bot's mistake is still caught here.
    fast = trusted_apply(mod)
    applies = [fast if getattr(p, "picks_from_list", False) else mod.apply for p in players]
    legal_actions, view = mod.legal_actions, mod.view
    steps = 0
    while (seat := state.to_move) is not None:
        seen = view(state, seat) if wants_view[seat] else None
        applies[seat](state, players[seat].choose(seen, legal_actions(state)))
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"{game} seed {seed}: no end after {MAX_STEPS} actions")
    out = mod.outcome(state)
    return GameResult(seats, out.winners, out.scores, mod.turn_number(state), steps, out.shared)


def selfplay(game: str, bots: list[str], games: int, seed: int, players: int = 2,
             options: dict[str, Any] | None = None,
             progress: Callable[[int, int], None] | None = None) -> SelfplayReport:
    """Play ``games`` games (seeds ``seed``, ``seed+1``, …) rotating bots over the seats."""
    report = SelfplayReport(game=game)
    start = time.perf_counter()
    for i in range(games):
        report.add(play_game(game, options or {}, seed + i, seat_bots(bots, players, i)))
        if progress is not None:
            progress(i + 1, games)
    report.seconds = time.perf_counter() - start
    return report
