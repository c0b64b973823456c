"""The Starmap widget: the map scaled to the widget (``canvas``), the ship being aimed, its
aim line and power, the range ruler, and a flick played out frame by frame.

It holds no rule. The screen gives it the table as a seat sees it and the ships that may be
flicked now (the legal list's); the widget keeps the aim (ship, angle, power) and posts
``AimChanged`` when it moves and ``Flicked`` on enter — the screen turns that into the
``flick`` action and the engine decides. Keys: ← → turn the aim (5°; with shift 0.2°), ↑ ↓
change the power (2 %; with shift 0.2 %), tab / shift+tab pick the next or previous ship,
enter flicks; the mouse drags the aim (the pointer is where the ship should slide to).
A flick is shown from the physics' own path (``core.empires.flight.flight_path``); ``skip``
ends it at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from core.empires.aim import Aim, angle_towards, power_for
from core.empires.fixedtrig import TURN
from core.empires.geometry import starmap
from core.empires.physics import Frame
from core.empires.sliding import MAX_POWER, SUB_BITS, launch_speed, slide_distance
from core.empires.state import State
from tui.games.empires import canvas, picture

ANGLE_STEP, ANGLE_FINE = 500, 20  # hundredths of a degree
POWER_STEP, POWER_FINE = 20, 2  # ‰
FRAME_SECONDS = 1 / 30
DEFAULT_AIM = Aim(0, 300)


def reach(power: int) -> int:
    """How far (map units) a free slide at ``power`` goes on an empty map."""
    return slide_distance(launch_speed(power)) >> SUB_BITS


class StarMap(Widget, can_focus=True):
    """The Starmap with the aim of the chosen ship."""

    DEFAULT_CSS = """
    StarMap {
        width: 1fr;
        height: 1fr;
    }
    """

    BINDINGS = [
        Binding("left", "turn(1)", "Aim left", show=False),
        Binding("right", "turn(-1)", "Aim right", show=False),
        Binding("shift+left", "turn(1, True)", "Aim left a little", show=False),
        Binding("shift+right", "turn(-1, True)", "Aim right a little", show=False),
        Binding("up", "power(1)", "More power", show=False),
        Binding("down", "power(-1)", "Less power", show=False),
        Binding("shift+up", "power(1, True)", "A little more power", show=False),
        Binding("shift+down", "power(-1, True)", "A little less power", show=False),
        Binding("tab", "pick(1)", "Next ship", show=False),
        Binding("shift+tab", "pick(-1)", "Previous ship", show=False),
        Binding("enter", "flick", "Flick", show=False),
    ]

    class AimChanged(Message):
        """The aim moved: ``ship`` (None: no ship to aim) at ``aim``."""

        def __init__(self, starmap: StarMap, ship: int | None, aim: Aim) -> None:
            super().__init__()
            self.starmap = starmap
            self.ship = ship
            self.aim = aim

        @property
        def control(self) -> StarMap:
            return self.starmap

    class Flicked(Message):
        """Enter: flick ``ship`` at ``aim``."""

        def __init__(self, starmap: StarMap, ship: int, aim: Aim) -> None:
            super().__init__()
            self.starmap = starmap
            self.ship = ship
            self.aim = aim

        @property
        def control(self) -> StarMap:
            return self.starmap

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.table: State | None = None
        self.ships: list[int] = []
        self.selected: int | None = None
        self.aim = DEFAULT_AIM
        self.aims: dict[int, Aim] = {}  # the last aim of each ship this turn
        self.rings: tuple[int, ...] = ()
        self.hinted: int | None = None
        self._cells: list[list[canvas.Cell]] | None = None
        self._strips: list[Strip] | None = None
        self._strips_base: Style | None = None
        self._cells_for: tuple[int, int] = (0, 0)
        # A flick being shown: the table before it, its frames, the frame drawn.
        self._flight: tuple[State, tuple[Frame, ...]] | None = None
        self._frame = 0
        self._timer: Any = None
        self._landed: asyncio.Event | None = None
        self.frame_seconds = FRAME_SECONDS  # how long each frame of a flight shows

    # --- data in ---------------------------------------------------------------------------

    def show(self, table: State, ships: Sequence[int], *, hinted: int | None = None,
             rings: Sequence[int] = ()) -> None:
        """Draw ``table`` (a seat's view of it); ``ships`` may be aimed now."""
        self.table = table
        self.ships = list(ships)
        self.hinted = hinted
        self.rings = tuple(rings)
        if self.selected not in self.ships:
            self.selected = self.ships[0] if self.ships else None
            if self.selected is not None:
                self.aim = self.aims.get(self.selected, DEFAULT_AIM)
        self._redraw()

    def forget_aims(self) -> None:
        """A new turn: every ship's aim starts afresh."""
        self.aims.clear()
        self.selected = None

    def set_aim(self, ship: int, aim: Aim) -> None:
        """Aim ``ship`` (one of ``ships``) at ``aim``."""
        if ship not in self.ships:
            return
        self.selected = ship
        self.aim = Aim(aim.angle % TURN, max(1, min(MAX_POWER, aim.power)))
        self.aims[ship] = self.aim
        self._redraw()
        self.post_message(self.AimChanged(self, ship, self.aim))

    def picture(self) -> picture.StarPicture:
        """What is drawn now."""
        assert self.table is not None
        if self._flight is not None:
            before, frames = self._flight
            return picture.build(before, frame=frames[min(self._frame, len(frames) - 1)])
        aim = (self.aim.angle, reach(self.aim.power)) if self.selected is not None else None
        return picture.build(self.table, selected=self.selected, aim=aim, rings=self.rings,
                             hinted=self.hinted)

    def scale(self) -> canvas.Scale:
        return canvas.scale(self.size.width, self.size.height, starmap().half_width)

    # --- the flight ---------------------------------------------------------------------

    @property
    def flying(self) -> bool:
        return self._flight is not None

    def fly(self, before: State, frames: Sequence[Frame]) -> None:
        """Show a flick over the table ``before`` it, frame by frame."""
        self.skip()
        if not frames:
            return
        self._flight = (before, tuple(frames))
        self._frame = 0
        self._landed = asyncio.Event()
        self._timer = self.set_interval(self.frame_seconds, self._next_frame)
        self._redraw()

    def _next_frame(self) -> None:
        if self._flight is None:
            return
        self._frame += 1
        if self._frame >= len(self._flight[1]):
            self.skip()
            return
        self._redraw()

    def skip(self) -> None:
        """End the flight being shown at once (the table shows where everything is)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self._flight is not None:
            self._flight = None
            self._redraw()
        if self._landed is not None:
            self._landed.set()
            self._landed = None

    async def landed(self) -> None:
        """Wait until the flight being shown is over (at once if none is)."""
        if self._landed is not None:
            await self._landed.wait()

    # --- drawing ----------------------------------------------------------------------------

    def _redraw(self) -> None:
        self._cells = None
        self._strips = None
        self.refresh()

    def render_line(self, y: int) -> Strip:
        width, height = self.size.width, self.size.height
        base = self.rich_style
        if self.table is None or width <= 0:
            return Strip.blank(width, base)
        if self._strips is None or self._cells_for != (width, height) \
                or self._strips_base != base:
            self._cells = canvas.draw(self.picture(), width, height)
            self._cells_for = (width, height)
            self._strips = [self._strip(line, base, width) for line in self._cells]
            self._strips_base = base
        if not 0 <= y < len(self._strips):
            return Strip.blank(width, base)
        return self._strips[y]

    @staticmethod
    def _strip(line: list[canvas.Cell], base: Style, width: int) -> Strip:
        """One line of cells as a strip, runs of one style joined."""
        segments: list[Segment] = []
        run, run_style = "", Style()
        for ch, style in line:
            if style == run_style:
                run += ch
                continue
            if run:
                segments.append(Segment(run, base + run_style))
            run, run_style = ch, style
        if run:
            segments.append(Segment(run, base + run_style))
        return Strip(segments, width)

    def text_lines(self) -> list[str]:
        """The map's characters, line by line (for tests and the log)."""
        if self._cells is None and self.table is not None:
            self._cells = canvas.draw(self.picture(), self.size.width, self.size.height)
            self._cells_for = (self.size.width, self.size.height)
        return ["".join(ch for ch, _ in line) for line in self._cells or []]

    # --- keys and the mouse -----------------------------------------------------------------

    def action_turn(self, direction: int, fine: bool = False) -> None:
        if self.selected is None or self.flying:
            return
        step = ANGLE_FINE if fine else ANGLE_STEP
        self.set_aim(self.selected, self.aim._replace(angle=self.aim.angle + direction * step))

    def action_power(self, direction: int, fine: bool = False) -> None:
        if self.selected is None or self.flying:
            return
        step = POWER_FINE if fine else POWER_STEP
        self.set_aim(self.selected, self.aim._replace(power=self.aim.power + direction * step))

    def action_pick(self, step: int) -> None:
        """Tab: the next ship that may be flicked (its last aim kept)."""
        if not self.ships or self.flying:
            self.post_message(self.AimChanged(self, None, self.aim))
            return
        i = self.ships.index(self.selected) if self.selected in self.ships else -1
        ship = self.ships[(i + step) % len(self.ships)]
        self.set_aim(ship, self.aims.get(ship, DEFAULT_AIM))

    def action_flick(self) -> None:
        if self.flying:
            self.skip()
            return
        if self.selected is not None:
            self.post_message(self.Flicked(self, self.selected, self.aim))
        else:
            self.post_message(self.AimChanged(self, None, self.aim))

    def _aim_at_cell(self, col: int, row: int) -> None:
        if self.selected is None or self.table is None or self.flying:
            return
        ship = next((d for d in self.table.discs if d.id == self.selected), None)
        if ship is None:
            return
        x, y = self.scale().to_map(col, row)
        dx, dy = x - ship.x, y - ship.y
        if dx == 0 and dy == 0:
            return
        self.set_aim(ship.id, Aim(angle_towards(dx, dy),
                                  power_for(int((dx * dx + dy * dy) ** 0.5))))

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self.focus()
        self.capture_mouse()
        self._aim_at_cell(event.x, event.y)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if event.button:
            self._aim_at_cell(event.x, event.y)

    def on_mouse_up(self, event: events.MouseUp) -> None:
        self.release_mouse()
