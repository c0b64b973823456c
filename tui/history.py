"""A finished game told again from its record, for the end screen: each seat's score after
each of its turns, and where the points came from.

Nothing new is saved for this: the action list and the seed are the truth a save already
keeps, so the story is rebuilt by replaying them (the same way Continue rebuilds a game).
How an event's points are named (a monster, a Shrine, a card) is the game's to say, through
its ``Results.source`` (``tui.screens.end``); this module knows no game. No Textual here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from core.contract import Action, Event
from core.games import get_game

# Says who an event's points went to and from what: (seat or side, source), or None when
# the event scored nothing. ``events`` are all the events of the action, ``index`` this one's.
Source = Callable[[Any, Sequence[Event], int], "tuple[int, str] | None"]

TURN_ENDS = frozenset({"end_turn", "game_over"})


@dataclass(frozen=True)
class Story:
    """``start``: the scores before the first move; ``turns``: after each turn, the seat
    whose turn ended and every seat's scores then; ``sources[owner]``: points gained during
    play by source (``owner`` is what the game's points events name: a seat, or a side
    where seats share one); ``state``: the game at its end."""

    start: tuple[int, ...]
    turns: list[tuple[int, tuple[int, ...]]]
    sources: list[dict[str, int]]
    state: Any

    @property
    def series(self) -> list[list[int]]:
        """Per seat: its score at the start, then after each turn it ended; at the end of
        the game, where every score stands (points move in others' turns too)."""
        rows = [[score] for score in self.start]
        for k, (ending, scores) in enumerate(self.turns):
            last = k == len(self.turns) - 1
            for seat, row in enumerate(rows):
                if seat == ending or (last and row[-1] != scores[seat]):
                    row.append(scores[seat])
        return rows


def replay_story(game: str, options: dict[str, Any], seed: int, actions: Sequence[Action],
                 source: Source | None = None) -> Story:
    """Replay the record and collect its story; the game's own errors (an action list that
    no longer replays) pass through to the caller."""
    mod = get_game(game)
    state = mod.new_game(options, seed)
    start = tuple(mod.scores(state))
    turns: list[tuple[int, tuple[int, ...]]] = []
    sources: list[dict[str, int]] = [{} for _ in start]
    for action in actions:
        ending = state.current
        events = mod.apply(state, Action(*action))
        if source is not None:
            for i in range(len(events)):
                found = source(state, events, i)
                if found is not None:
                    owner, label = found
                    while owner >= len(sources):
                        sources.append({})
                    sources[owner][label] = sources[owner].get(label, 0) + events[i].value
        if any(e.kind in TURN_ENDS for e in events):
            turns.append((ending, tuple(mod.scores(state))))
    return Story(start=start, turns=turns, sources=sources, state=state)


def session_story(session: Any, source: Source | None = None) -> Story | None:
    """The story of the session's game, or None when its record cannot tell it (a shared
    table's seat knows only its own view; a record from before a rules fix)."""
    try:
        story = replay_story(session.game, session.options, session.seed, session.actions,
                             source)
    except Exception:  # whatever an old record makes the rules raise: no story, no crash
        return None
    if tuple(session.module.scores(story.state)) != tuple(session.module.scores(session.state)):
        return None
    return story


__all__ = ["Source", "Story", "replay_story", "session_story"]
