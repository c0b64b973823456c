"""Watching the Villain turn: the steps of a ``replay.Show`` played on the table one after
another, each up for its weight in bot pauses (``app.bot_delay``), its log lines told as it
comes up. Enter shows the next step at once; space (or any key that acts) ends the show,
telling what is left. When the show ends the table settles on the real position and the
turn goes on (a tie to answer, a hand-over, the heroes' turn).

With no pause (``bot_delay`` 0, as in the tests) nothing is played: every line is told at
once and the table shows the position the batch ended in.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from typing import Any, Protocol

from tui.games.tactics.replay import Frame, Line, Show


class Stage(Protocol):
    """What the show needs of the table it plays on."""

    app: Any

    @property
    def is_attached(self) -> bool: ...

    def tell(self, lines: Sequence[Line]) -> None:
        """Add ``lines`` to the game log."""

    def refresh_table(self) -> None:
        """Draw the table: the show's step while it runs, else the real position."""

    def show_over(self) -> None:
        """The show has ended: the turn goes on."""

    def run_worker(self, work: Any, *, group: str = ..., exclusive: bool = ...) -> Any: ...


class Watch:
    """The show playing on one table, if any."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self.frame: Frame | None = None  # the step on the table now (None: no show)
        self._left: list[Frame] = []  # the steps still to come
        self._tail: tuple[Line, ...] = ()
        self._poke = asyncio.Event()  # set by a key: the next step now
        self._skip = False
        self._done = asyncio.Event()
        self._done.set()
        self._show_no = 0  # which show the worker plays: a show started over another ends it

    @property
    def running(self) -> bool:
        return self.frame is not None

    def start(self, show: Show) -> None:
        """Play ``show`` (a show still running is ended first, quietly)."""
        if self.running:
            self._end(go_on=False)
        delay = float(getattr(self.stage.app, "bot_delay", 0.4))
        # The player asked (f) for the bots' turn at once: no show until it is over.
        if getattr(self.stage, "hurry", False):
            delay = 0
        if delay <= 0 or not show.frames:
            self.stage.tell([line for f in show.frames for line in f.lines])
            self.stage.tell(show.tail)
            return
        self._left = list(show.frames)
        self._tail = show.tail
        self._skip = False
        self._done.clear()
        self._show_no += 1
        self._next()
        self.stage.run_worker(self._play(delay, self._show_no), group="watch",
                              exclusive=True)

    def step(self) -> None:
        """Enter: the next step now."""
        self._poke.set()

    def skip(self) -> None:
        """Space: the end of the show now."""
        if self.running:
            self._skip = True
            self._poke.set()

    async def wait(self) -> None:
        """Until no show is playing."""
        await self._done.wait()

    def _next(self) -> None:
        self.frame = self._left.pop(0)
        self.stage.tell(self.frame.lines)

    async def _play(self, delay: float, show_no: int) -> None:
        try:
            while self.frame is not None and not self._skip and show_no == self._show_no:
                self._poke.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._poke.wait(), delay * self.frame.weight)
                if self._skip or not self._left or not self.stage.is_attached \
                        or show_no != self._show_no:
                    break
                self._next()
                self.stage.refresh_table()
        finally:
            if self.running and show_no == self._show_no:
                self._end(go_on=self.stage.is_attached)

    def _end(self, go_on: bool) -> None:
        """Tell what is left and settle on the real position (then the turn goes on); a
        table that is gone (the player left mid-show) has nothing to tell."""
        if self.stage.is_attached:
            for frame in self._left:
                self.stage.tell(frame.lines)
            self.stage.tell(self._tail)
        self._left, self._tail, self.frame = [], (), None
        self._done.set()
        if go_on:
            self.stage.refresh_table()
            self.stage.show_over()


__all__ = ["Stage", "Watch"]
