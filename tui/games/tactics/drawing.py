"""The Ascension Tactics table as drawn: its layout, the battlefield with its cursor, the
panels (Honor per side, rosters and Treasures, the center row, the hand), the prompt and the
detail under the cursor, and the Villain turn played out step by step.

``TacticsTable`` holds what the table shows and how it follows the cursor; what the keys and
the turn do with it is ``screen.TacticsScreen``'s (a subclass), and the pick lists
(``lists``) work on a ``TacticsTable`` so they need nothing of the screen above it. The
panels are ``panels``; against the Villains also ``villains``; ``replay`` cuts a Villain
turn into steps and ``watch`` plays them.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

import core.tactics as T
from core.contract import Action, Event, rounds_played
from core.tactics.field import command_marks, route_path
from core.tactics.menus import own_portals
from core.tactics.view import TacticsView
from core.tactics.words import figure_labels, unit_labels
from tui.games.tactics import panels, replay
from tui.games.tactics import text as tt
from tui.games.tactics import villains as vl
from tui.games.tactics.hexmap import HexMap
from tui.games.tactics.menus import PickLists
from tui.games.tactics.replay import Frame, Line
from tui.games.tactics.watch import Watch
from tui.screens.table import TableScreen
from tui.session import GameSession
from tui.widgets.footer import KeyFooter
from tui.widgets.panels import HintPanel, LogView
from tui.widgets.redraw import update_static

WATCHING = "enter: next step · space: skip to the end"


class TacticsTable(TableScreen):
    """The drawn Tactics table; ``TacticsScreen`` gives it its keys and turn."""

    def __init__(self, session: GameSession, message: str = "") -> None:
        super().__init__(session, message)
        self.selected: int | None = None  # a unit picked on the map with enter
        self.sight: list[int] | None = None  # the line of sight drawn, shooter first
        self.route: tuple[int, ...] = ()  # the route drawn: highlighted in a list, or taken
        # While a pick list points at hexes: (reach, targets) tinted instead of the command's.
        self.dialog_marks: tuple[set[int], set[int]] | None = None
        self.labels: dict[int, str] = {}
        self.playback = Watch(self)  # the Villain turn being played out, if any
        self._before: TacticsView | None = None  # the position a move starts from

    # --- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="tt-status")
        with Horizontal(id="tt-top"):
            with Vertical(id="tt-map-column"):
                yield HexMap(vi_keys=False, id="tt-map")
                yield Static(id="tt-under")  # the threat and Scheme deck, vs the Villains
            with VerticalScroll(id="tt-side-scroll"):
                yield Static(id="tt-side")
        yield Static(id="tt-row")
        yield Static(id="tt-scheme")  # the Scheme in play, in the center row's place
        yield Static(id="tt-hand")
        yield Static(id="tt-prompt")
        with Horizontal(id="tt-bottom"):
            yield LogView(id="tt-log")
            with Vertical(id="tt-right"):
                yield Static(id="tt-detail")
                yield HintPanel(id="tt-hint")
        # Compact: every key of the table fits in 80 columns.
        yield KeyFooter(compact=True)

    def table_opened(self) -> None:
        # Start the cursor on a portal of the seat at the table: its units enter the field there.
        v = self.table_view()
        mine = own_portals(v, v.seat)
        if v.villain is not None and v.seat == v.villain.boss_seat:
            mine = [v.units[u].cell for _, u in vl.villain_units(v) if v.units[u].cell >= 0]
        if mine:
            self.hexmap.set_cursor(mine[0])
        self._draw_detail(v)

    def _focus_default(self) -> None:
        if not self.modal_open and self.is_attached:
            self.hexmap.focus()


    # --- the Villain turn, played out ----------------------------------------------------------

    def before_move(self) -> None:
        vv = self.state.villain
        # Only in solo and co-op do the Villains act inside one move, to be played out.
        self._before = self.table_view() if vv is not None and vv.boss_seat < 0 else None

    async def move_shown(self) -> None:
        await self.playback.wait()

    def log_action(self, seat: int, line: Text | str | None, events: list[Event]) -> None:
        before, self._before = self._before, None
        if before is None or not replay.villains_act(before, events):
            super().log_action(seat, line, events)
            return
        super().log_action(seat, line, [])  # the action's own line; its events step by step
        lines: list[Line | None] = []
        for i, e in enumerate(events):
            self.events_after = events[i + 1:]
            lines.append(self.event_line(e))
        self.events_after = ()
        self.playback.start(replay.build(before, events, lines, self.table_view()))

    def tell(self, lines: Any) -> None:
        """Add log lines (text, style) told by the Villain turn's steps."""
        log = self.query_one(LogView)
        for text, style in lines:
            log.add(text, style)

    def show_over(self) -> None:
        self._focus_default()
        self.advance()

    def advance(self) -> None:
        if not self.playback.running:  # the turn goes on once the Villain turn has been shown
            super().advance()

    def _can_act(self) -> bool:
        if self.playback.running:  # a key that acts first ends the show
            self.playback.skip()
            return False
        return super()._can_act()

    def action_watch_step(self) -> None:
        """Enter while the Villain turn is played out: its next step now."""
        self.playback.step()

    def finish_show(self) -> None:
        self.playback.skip()

    def action_watch_skip(self) -> None:
        """Space: the end of the Villain turn now."""
        self.playback.skip()

    # --- helpers -----------------------------------------------------------------------------

    @property
    def hexmap(self) -> HexMap:
        return self.query_one("#tt-map", HexMap)

    def table_view(self) -> TacticsView:
        """The engine's view for the seat whose table is drawn."""
        view: TacticsView = self.view_for(self.table_seat())
        return view

    def own_unit_at(self, v: TacticsView, cell: int | None) -> int | None:
        """The unit of the player at the keyboard standing on ``cell``, if any."""
        if cell is None or cell < 0:
            return None
        u = v.occupant[cell]
        return u if u >= 0 and v.units[u].seat == self.viewer else None

    def pick_lists(self) -> PickLists:
        """The pick lists of this position, for the player at the keyboard."""
        return PickLists(self.view_for(self.viewer), self.session.legal(), self.why_not,
                         self.session.names, self.hexmap.describe)

    def why_not(self, action: Action) -> str | None:
        """The engine's reason why ``action`` cannot be taken now (None: it can)."""
        return T.why_illegal(self.state, action)

    def do(self, action: Action) -> bool:
        # The drawn line of sight belongs to the position it was asked in; a route taken
        # stays drawn until the cursor moves.
        self.sight = None
        self.route = route_path(self.table_view(), action)
        before = self.state.cmd.unit if self.state.cmd is not None else -1
        done = super().do(action)
        cmd = self.state.cmd
        if done and cmd is not None and cmd.unit != before and \
                self.state.units[cmd.unit].cell >= 0:
            # A Scheme (or the last Villain done) commands the next one: the cursor goes to it.
            self.hexmap.set_cursor(self.state.units[cmd.unit].cell)
        return done

    # --- drawing -----------------------------------------------------------------------------

    def refresh_table(self) -> None:
        """The table from the view of the seat at the keyboard, or the step of the Villain
        turn being played out."""
        seat = self.table_seat()
        hidden = self.viewer is None
        frame = self.playback.frame
        v = frame.view if frame is not None else self.view_for(seat)
        legal = self.session.legal() if self.my_move() and frame is None else []
        self.labels = unit_labels(v)
        self.labels |= vl.villain_labels(v, set(figure_labels(v).values()))
        self._draw_map(v, legal, frame)
        width = self.size.width or 80
        turn = rounds_played(v.side_turns, False) if frame is not None else self.session.round
        self._line("#tt-status", panels.status_line(v, turn))
        buffed = frame.buffed if frame is not None else frozenset()
        # A wide terminal's side panel has room for whole names ("Kor, the Ferromancer").
        names = 24 if width >= 120 else 12
        # The side panel grows with what it lists (its scroll follows): laid out again
        # when it changes.
        self._line("#tt-side", panels.side_panel(v, seat, hidden, self.labels, buffed,
                                                 name_width=names), layout=True)
        # The Scheme in play takes the center row's place (and the hand's, while the
        # Villains play by themselves: nobody's hand matters then).
        scheme = vl.scheme_shown(v) >= 0
        self.query_one("#tt-row", Static).display = not scheme
        self.query_one("#tt-hand", Static).display = frame is None
        panel = self.query_one("#tt-scheme", Static)
        panel.display = scheme
        panel.styles.height = 3 if frame is None else 4
        if scheme:
            update_static(panel, vl.scheme_panel(v, width), layout=False)
        else:
            self._line("#tt-row", panels.row_panel(v, legal, width, seat))
        under = self.query_one("#tt-under", Static)
        under.display = vl.against_villains(v)
        update_static(under, vl.under_map(v), layout=False)
        self._line("#tt-hand", panels.hand_line(v, seat, hidden, legal))
        self._draw_prompt(v)
        self._draw_detail(v)
        self._draw_hint()

    def _draw_map(self, v: TacticsView, legal: list[Action], frame: Frame | None) -> None:
        hexmap = self.hexmap
        hexmap.side_names = tuple(tt.side_names(v))
        hexmap.update_picture(panels.map_picture(v, self.labels,
                                                 frame.active if frame is not None else None))
        if frame is not None:  # a step of the Villain turn: its walk and its attack
            hexmap.highlight((), frame.targets)
            hexmap.show_sight(frame.sight)
            hexmap.show_route(frame.route)
            return
        reach, targets = self.dialog_marks or command_marks(v, legal)
        hexmap.highlight(reach, targets)
        hexmap.show_sight(self.sight)
        hexmap.show_route(self.route)

    def _draw_prompt(self, v: Any) -> None:
        frame = self.playback.frame
        if frame is not None:  # what the Villains do now, and the keys of the show
            text = Text("▸ ", style=f"bold {tt.side_color(1)}").append_text(frame.now)
            text.append(f"  · {WATCHING}", style="dim")
        else:
            text = self.prompt_text(v)
        text.no_wrap = True
        text.overflow = "ellipsis"
        self._line("#tt-prompt", text)

    def move_prompt(self, v: Any) -> Text:
        return panels.move_prompt(v, self.player_name(v.seat))

    def _draw_detail(self, v: TacticsView | None = None) -> None:
        hexmap = self.hexmap
        cell = hexmap.cursor
        out = Text()
        if v is None:
            v = self.playback.frame.view if self.playback.frame is not None else self.table_view()
        if cell is not None and hexmap.picture is not None:
            out = panels.detail_text(v, cell, hexmap.describe(cell), self.session.names)
        self._line("#tt-detail", out)

    def _line(self, selector: str, content: str | Text, layout: bool = False) -> None:
        """Show ``content`` in the Static ``selector``, only if it shows something else now.
        Every panel but the side one has a size of its own, whatever it shows, so a change
        redraws it without laying the screen out again."""
        update_static(self.query_one(selector, Static), content, layout=layout)

    # --- map events ----------------------------------------------------------------------------

    @on(HexMap.CursorMoved)
    def _cursor_moved(self, event: HexMap.CursorMoved) -> None:
        event.stop()
        if self.sight is not None:
            self.sight = None
            self.hexmap.show_sight(None)
        if self.route and not self.modal_open:
            self.route = ()
            self.hexmap.show_route(None)
        self._draw_detail()

