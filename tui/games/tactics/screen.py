"""The Ascension Tactics table: the battlefield, Honor per side, your roster and Treasures,
the center row, your hand, the log and hints.

The screen draws the engine's view (``panels``) and holds no rule: its pick lists are the
legal actions grouped by ``core.tactics.menus`` (lines from ``menus``), what a hex means now
(reach, targets, the answer to a choice about it, a line of sight) is ``core.tactics.field``,
and anything refused is explained in the engine's words (``why_illegal``). Every action
reads the same in the log, the lists and the hints: its phrase from ``core.tactics.words``.

The turn flow (bots in workers, hand-over between people, hints, saving, the end screen)
is ``TableScreen``'s. Against the Villains the table also shows their roster, tokens, threat
and Scheme deck (``villains``), and in solo and co-op plays their turn out step by step
(``replay`` cuts the events into steps, ``watch`` plays them) before it settles.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

import core.tactics as T
from core.contract import Action, Event, rounds_played
from core.tactics.field import action_at, action_cell, command_marks, route_path, sight_path
from core.tactics.menus import own_portals
from core.tactics.rules import ATTACK, COMMAND, DEPLOY, DONE, END, MOVE, PLAY, SWITCH, TREASURE
from core.tactics.scenarios import victory_sentence
from core.tactics.view import TacticsView
from core.tactics.words import phrase, unit_labels, unit_name
from tui.games.tactics import lists, panels, replay
from tui.games.tactics import text as tt
from tui.games.tactics import villains as vl
from tui.games.tactics.hexmap import HexMap
from tui.games.tactics.menus import Entry, PickLists
from tui.games.tactics.replay import Frame, Line
from tui.games.tactics.watch import Watch
from tui.screens.dialogs import ConfirmScreen
from tui.screens.table import LOG_BINDINGS, TableScreen, end_turn_question, find_hint
from tui.session import GameSession
from tui.widgets.footer import KeyFooter
from tui.widgets.panels import HintPanel, LogView
from tui.words import styled

MODE_WORDS = {"1v1": "1 vs 1", "2v2": "2 vs 2", "brawl": "brawl", "solo": "solo",
              "coop": "co-op", "boss": "Become the Boss"}
WATCHING = "enter: next step · space: skip to the end"


class TacticsScreen(TableScreen):
    """One game of Ascension Tactics in play."""

    CSS_PATH = Path(__file__).with_name("tactics.tcss")

    # The save key is S here: s switches to the partner in 2 vs 2 (q still saves and leaves).
    BINDINGS = [
        Binding("c", "command", "Command"),
        Binding("d", "done", "Done"),
        Binding("l", "sight", "LoS"),
        Binding("p", "play", "Play"),
        Binding("P", "play_all", "Play all", show=False),
        Binding("a", "acquire", "Buy"),
        Binding("t", "treasure", "Treasure"),
        Binding("e", "end_turn", "End"),
        Binding("s", "switch", "Swap"),
        Binding("h", "hint", "Hint"),
        Binding("H", "use_hint", "Use hint", show=False),
        Binding("S", "save", "Save", show=False),
        Binding("q", "menu", "Menu"),
        Binding("question_mark", "help", "Help"),
        Binding("enter", "decide", "Choose", show=False),
        # While the Villain turn is played out (these keys reach the map otherwise).
        Binding("enter", "watch_step", "Next step", show=False, priority=True),
        Binding("space,full_stop,escape", "watch_skip", "Skip", show=False, priority=True),
        *LOG_BINDINGS,
    ]

    def __init__(self, session: GameSession, message: str = "") -> None:
        super().__init__(session, message)
        self.selected: int | None = None  # a unit picked on the map with enter
        self.sight: list[int] | None = None  # the line of sight drawn, shooter first
        self.route: tuple[int, ...] = ()  # the route drawn: highlighted in a list, or taken
        self.deferred = -1  # the step at which the player put a pending choice aside
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

    # --- hooks of the table ------------------------------------------------------------------

    def banner(self) -> str:
        v = self.table_view()
        mode = MODE_WORDS.get(v.options["mode"], v.options["mode"])
        draft = " · draft" if v.options.get("draft") else ""
        return (f"Ascension Tactics · {v.scen.name} · {mode}{draft} · "
                f"{' vs '.join(tt.side_names(v))} · seed {self.session.seed}")

    def opening_notes(self, log: LogView) -> None:
        v = self.table_view()
        if not self.session.actions:
            log.add(v.scen.text, "dim")
            log.add(f"{victory_sentence(v.scen)} "
                    "c commands a unit; its reach (+) and targets (×) show on the map.", "dim")
        for note in self.session.take_notes():
            log.add(note, "yellow")
            self.notify(note, severity="warning")

    def hint_for(self, view: Any, legal: list[Action]) -> tuple[Action, str] | None:
        return find_hint("tactics", view, legal, T.describe)

    def hint_reason(self, action: Action, reason: str) -> str:
        return reason or self.session.describe(action)

    def point_at_hint(self, action: Action) -> None:
        """Put the map cursor on the hex the hint is about."""
        v = self.table_view()
        cell = action_cell(v, action)
        if cell >= 0:
            self.hexmap.set_cursor(cell)
            self._draw_detail(v)

    def take_hint(self, action: Action) -> None:
        self.do(action)
        self.advance()

    def log_line(self, seat: int, action: Action) -> Text:
        v = self.view_for(seat)
        return styled(phrase(v, action), tt.styler(v))

    def event_line(self, e: Event) -> tuple[str, str] | None:
        v = self.table_view()
        return tt.event_line(v, e, self.session.names, tt.side_names(v), v.scen.victory_honor,
                             self.events_after)

    def handover_reason(self, seat: int) -> str:
        return tt.handover_reason(self.view_for(seat), seat, self.player_name(seat))

    def offer_decision(self, seat: int) -> None:
        """Open the pending choice, unless the player put it aside at this very step."""
        if self.deferred != len(self.session.actions) and self.view_for(seat).pending:
            self._ask_decision()

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
        self.labels |= vl.villain_labels(v, set(self.labels.values()))
        self._draw_map(v, legal, frame)
        width = self.size.width or 80
        turn = rounds_played(v.side_turns, False) if frame is not None else self.session.round
        self.query_one("#tt-status", Static).update(panels.status_line(v, turn))
        buffed = frame.buffed if frame is not None else frozenset()
        self.query_one("#tt-side", Static).update(panels.side_panel(v, seat, hidden,
                                                                    self.labels, buffed))
        # The Scheme in play takes the center row's place (and the hand's, while the
        # Villains play by themselves: nobody's hand matters then).
        scheme = vl.scheme_shown(v) >= 0
        self.query_one("#tt-row", Static).display = not scheme
        self.query_one("#tt-hand", Static).display = frame is None
        panel = self.query_one("#tt-scheme", Static)
        panel.display = scheme
        panel.styles.height = 3 if frame is None else 4
        if scheme:
            panel.update(vl.scheme_panel(v, width))
        else:
            self.query_one("#tt-row", Static).update(panels.row_panel(v, legal, width, seat))
        under = self.query_one("#tt-under", Static)
        under.display = vl.against_villains(v)
        under.update(vl.under_map(v))
        self.query_one("#tt-hand", Static).update(panels.hand_line(v, seat, hidden, legal))
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
        self.query_one("#tt-prompt", Static).update(text)

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
        self.query_one("#tt-detail", Static).update(out)

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

    @on(HexMap.Selected)
    def _hex_selected(self, event: HexMap.Selected) -> None:
        event.stop()
        self.choose_hex(event.cell)

    def choose_hex(self, cell: int) -> None:
        """Enter on a hex: answer a pending choice about it, move / deploy / attack with the
        commanded unit, or pick the unit standing there."""
        if self.state.to_move is None:
            self._show_end()
            return
        if not self._can_act():
            return
        v = self.view_for(self.viewer)
        chosen = action_at(v, self.session.legal(), cell)
        if v.pending is not None:
            if chosen is not None:
                self.do(chosen)
            self.deferred = -1
            self.advance()
            return
        occupant = v.occupant[cell]
        if v.cmd is not None:
            if chosen is not None:
                self.do(chosen)
                self.advance()
            elif occupant >= 0 and v.occ_side[cell] != v.side_of[v.current]:
                self.refuse(self.why_not(Action(ATTACK, occupant))
                            or "that unit cannot be attacked now")
            elif occupant == v.cmd.unit:
                self.notify("d ends this unit's command.", timeout=2)
            else:
                kind = DEPLOY if v.units[v.cmd.unit].cell < 0 else MOVE
                self.refuse(self.why_not(Action(kind, -1, cell)) or "not there")
            return
        if occupant >= 0:
            self.selected = occupant
            if self.own_unit_at(v, cell) is not None:
                self.notify(f"{unit_name(v, occupant)}: c commands it.", timeout=2)
            self._draw_detail(v)

    # --- pick lists ----------------------------------------------------------------------------

    def _offer(self, title: str, entries: list[Entry]) -> None:
        lists.offer(self, title, entries)

    def _ask_decision(self) -> None:
        lists.ask_decision(self)

    # --- key actions -----------------------------------------------------------------------

    def _ready(self) -> bool:
        """Whether a key that starts something may act now (a pending choice is reopened)."""
        if not self._can_act():
            return False
        if self.view_for(self.viewer).pending is not None:
            self.action_decide()
            return False
        return True

    def action_decide(self) -> None:
        """Enter off the map: the scores once over, or the pending choice again."""
        if self.state.to_move is None:
            self._show_end()
            return
        self.deferred = -1
        self.advance()

    def action_command(self) -> None:
        """c: command the unit under the cursor (or the one picked with enter); otherwise
        choose among your units, those that cannot be commanded saying why."""
        if not self._ready():
            return
        v = self.view_for(self.viewer)
        unit = self.own_unit_at(v, self.hexmap.cursor)
        picked = self.selected
        if unit is None and picked is not None and v.units[picked].seat == self.viewer \
                and v.units[picked].cell >= 0:
            unit = picked
        if v.cmd is not None:
            self.refuse(self.why_not(Action(COMMAND, unit if unit is not None else v.cmd.unit))
                        or "finish this command")
            return
        if unit is not None:
            a = Action(COMMAND, unit)
            if a not in self.session.legal():
                self.refuse(self.why_not(a) or "that unit cannot be commanded now")
                return
            self._command(a)
            return
        self._offer("Command which unit? (its Power cost is paid now)",
                    self.pick_lists().command())

    def _command(self, a: Action) -> None:
        if not self.do(a):
            return
        self.selected = None
        # A unit coming onto the field starts with the cursor on the first portal it may use.
        deploy = [x.option for x in self.session.legal() if x.kind == DEPLOY]
        if deploy and self.hexmap.cursor not in deploy:
            self.hexmap.set_cursor(deploy[0])
            self._draw_detail()
        self.advance()

    def action_done(self) -> None:
        """d: the commanded unit's command is over."""
        if not self._ready():
            return
        a = Action(DONE)
        if a not in self.session.legal():
            self.refuse(self.why_not(a) or "no unit is being commanded")
            return
        self.do(a)
        self.advance()

    def action_sight(self) -> None:
        """l: draw the line of sight from the commanded (or picked) unit to the cursor."""
        v = self.table_view()
        source = -1
        if v.cmd is not None and v.units[v.cmd.unit].cell >= 0:
            source = v.cmd.unit
        elif self.selected is not None and v.units[self.selected].cell >= 0:
            source = self.selected
        target = self.hexmap.cursor
        if source < 0 or target is None:
            self.notify("Command a unit, or pick one with enter, then l shows what it sees "
                        "from there to the cursor.", timeout=3)
            return
        self.sight = sight_path(v, source, target)
        self.hexmap.show_sight(self.sight)
        said = panels.sight_text(v, source, target, self.sight is not None)
        self.query_one("#tt-prompt", Static).update(said)

    def action_play(self) -> None:
        """p: play a card from your hand (one line per kind of card)."""
        if not self._ready():
            return
        picks = self.pick_lists()
        vv = picks.v.villain
        if vv is not None and picks.v.seat == vv.boss_seat:
            self._offer("Play which Scheme? (two a turn, one after the other)",
                        picks.schemes())
            return
        if not picks.v.me.hand:
            self.refuse("your hand is empty")
            return
        self._offer("Play which card?", picks.play())

    def action_play_all(self) -> None:
        """P: play every card in hand that asks no question, in hand order."""
        if not self._ready():
            return
        hand = self.view_for(self.viewer).me.hand
        if not hand:
            self.refuse("your hand is empty")
            return
        if not self.play_quiet_cards(PLAY):
            reason = self.why_not(Action(PLAY, hand[0]))
            if reason:
                self.refuse(reason)
            else:
                self.notify("Every card left asks a question: play them one by one with p.")
        self.advance()

    def action_acquire(self) -> None:
        """a: acquire from the center row (Monsters with Power) or the two piles."""
        if not self._ready():
            return
        self._offer("Acquire which card?", self.pick_lists().acquire())

    def action_treasure(self) -> None:
        """t: play one of your Treasures on a unit (in a Treasure window, the window's list)."""
        if not self._can_act():
            return
        picks = self.pick_lists()
        if picks.v.pending is not None:
            self.action_decide()
            return
        held = picks.v.me.treasures
        if not held:
            self.refuse("you hold no Treasure")
            return
        entries = picks.treasure()
        if not entries:
            self.refuse(self.why_not(Action(TREASURE, held[0], -1))
                        or "no Treasure can be played now")
            return
        self._offer("Play which Treasure, on which unit?", entries)

    def action_end_turn(self) -> None:
        """e: end the turn (asks first while cards are left in hand)."""
        if not self._ready():
            return
        a = Action(END)
        if a not in self.session.legal():
            self.refuse(self.why_not(a) or "the turn cannot end now")
            return
        v = self.view_for(self.viewer)
        hand = v.seats[v.current].hand or ()
        buys = any(b.kind == "acquire" for b in self.session.legal())
        question = end_turn_question(len(hand), "acquire a card" if buys else "")
        if question is None:
            self.do(a)
            self.advance()
            return

        def answer(yes: bool | None) -> None:
            self.modal_open = False
            if yes:
                self.do(a)
            self.advance()

        self.modal_open = True
        self.app.push_screen(ConfirmScreen(question), answer)

    def action_switch(self) -> None:
        """s: hand the team's turn to your partner (2 vs 2)."""
        if not self._ready():
            return
        a = Action(SWITCH)
        if a not in self.session.legal():
            self.refuse(self.why_not(a) or "you cannot switch now")
            return
        self.do(a)
        self.advance()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Switching exists only in 2 vs 2: elsewhere the key is not shown in the footer.
        if action == "switch":
            return any(len(team) > 1 for team in self.state.sides)
        if action in ("watch_step", "watch_skip"):
            return self.playback.running
        return super().check_action(action, parameters)
