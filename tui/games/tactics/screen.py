"""The Ascension Tactics table: the battlefield, Honor per side, your roster and Treasures,
the center row, your hand, the log and hints.

The screen draws the engine's view (``panels``) and holds no rule: its pick lists are the
legal actions grouped by ``core.tactics.menus`` (lines from ``menus``), what a hex means now
(reach, targets, the answer to a choice about it, a line of sight) is ``core.tactics.field``,
and anything refused is explained in the engine's words (``why_illegal``). Every action
reads the same in the log, the lists and the hints: its phrase from ``core.tactics.words``.

The turn flow (bots in workers, hand-over between people, hints, saving, the end screen)
is ``TableScreen``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

import core.tactics as T
from core.contract import Action, Event
from core.tactics.field import action_at, action_cell, command_marks, route_path, sight_path
from core.tactics.menus import own_portals
from core.tactics.rules import ATTACK, COMMAND, DEPLOY, DONE, END, MOVE, PLAY, SWITCH, TREASURE
from core.tactics.scenarios import victory_sentence
from core.tactics.view import TacticsView
from core.tactics.words import phrase, question, unit_labels, unit_name
from core.words import plain
from tui.games.tactics import panels
from tui.games.tactics import text as tt
from tui.games.tactics.hexmap import HexMap
from tui.games.tactics.menus import Entry, PickLists
from tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from tui.screens.table import LOG_BINDINGS, TableScreen, find_hint, possessive
from tui.session import GameSession
from tui.widgets.footer import KeyFooter
from tui.widgets.panels import HintPanel, LogView
from tui.words import styled

MODE_WORDS = {"1v1": "1 vs 1", "2v2": "2 vs 2", "brawl": "brawl"}
CROSS = "✗"


class TacticsScreen(TableScreen):
    """One game of Ascension Tactics in play."""

    CSS_PATH = Path(__file__).with_name("tactics.tcss")

    HINT_USE = "\nH: do it"

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

    # --- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="tt-status")
        with Horizontal(id="tt-top"):
            yield HexMap(vi_keys=False, id="tt-map")
            with VerticalScroll(id="tt-side-scroll"):
                yield Static(id="tt-side")
        yield Static(id="tt-row")
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
        v = self.view_for(seat)
        d = v.pending
        if d is not None and seat != v.current:
            if d.kind == "react" and d.unit >= 0:
                return (f"{unit_name(v, d.unit)} attacks: {self.player_name(seat)} may "
                        "play a Treasure or pass.")
            verb = "may" if d.kind == "react" else "must"  # a Treasure window may be passed
            return f"{self.player_name(seat)} {verb} answer: {plain(question(v, d))}"
        if seat == v.current:
            side = v.side_of[seat]
            return f"It is {possessive(self.player_name(seat))} turn ({tt.side_label(side)})."
        return ""

    def offer_decision(self, seat: int) -> None:
        """Open the pending choice, unless the player put it aside at this very step."""
        if self.deferred != len(self.session.actions) and self.view_for(seat).pending:
            self._ask_decision()

    def _focus_default(self) -> None:
        if not self.modal_open and self.is_attached:
            self.hexmap.focus()

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
        return super().do(action)

    # --- drawing -----------------------------------------------------------------------------

    def refresh_table(self) -> None:
        seat = self.table_seat()
        hidden = self.viewer is None
        v = self.view_for(seat)
        legal = self.session.legal() if self.my_move() else []
        self.labels = unit_labels(v)
        self._draw_map(v, legal)
        width = self.size.width or 80
        self.query_one("#tt-status", Static).update(panels.status_line(v, self.session.round))
        self.query_one("#tt-side", Static).update(panels.side_panel(v, seat, hidden,
                                                                    self.labels))
        self.query_one("#tt-row", Static).update(panels.row_panel(v, legal, width, seat))
        self.query_one("#tt-hand", Static).update(panels.hand_line(v, seat, hidden, legal))
        self._draw_prompt(v)
        self._draw_detail(v)
        self._draw_hint()

    def _draw_map(self, v: TacticsView, legal: list[Action]) -> None:
        hexmap = self.hexmap
        hexmap.side_names = tuple(tt.side_names(v))
        hexmap.update_picture(panels.map_picture(v, self.labels))
        reach, targets = self.dialog_marks or command_marks(v, legal)
        hexmap.highlight(reach, targets)
        hexmap.show_sight(self.sight)
        hexmap.show_route(self.route)

    def _draw_prompt(self, v: Any) -> None:
        text = self.prompt_text(v)
        text.no_wrap = True
        text.overflow = "ellipsis"
        self.query_one("#tt-prompt", Static).update(text)

    def move_prompt(self, v: Any) -> Text:
        if v.pending is not None:
            asked = styled(question(v, v.pending), tt.styler(v), "bold yellow")
            return asked.append(" — enter to answer")
        if v.cmd is not None:
            name = unit_name(v, v.cmd.unit)
            if v.units[v.cmd.unit].cell < 0:
                return Text(f"Deploy {name}: cursor to a + portal, enter", style="bold green")
            return Text(f"{name}: enter on + moves, on × attacks · l sight · d done",
                        style="bold green")
        text = Text(f"{possessive(self.player_name(v.seat))} move", style="bold green")
        text.append(" · c command · p play (P all) · a acquire · e end turn")
        return text

    def _draw_detail(self, v: TacticsView | None = None) -> None:
        hexmap = self.hexmap
        cell = hexmap.cursor
        out = Text()
        if cell is not None and hexmap.picture is not None:
            out = panels.detail_text(v or self.table_view(), cell, hexmap.describe(cell),
                                     self.session.names)
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

    def _open(self, title: str, entries: list[Entry], done: Callable[[Action | None], None],
              cancel: str = "cancel",
              advise: Callable[[], tuple[int, str] | None] | None = None) -> None:
        """A pick list of ``entries``; greyed ones carry their reason. The map cursor follows
        the highlighted entry and the entries' hexes are tinted while the list is open."""
        labels: list[Text] = []
        for e in entries:
            label = e.label.copy()
            if e.action is None and e.reason:
                label.append(f"  {CROSS} {e.reason}", style="#ff8a65")
            labels.append(label)
        v = self.table_view()
        side = v.side_of[self.table_seat()]
        reach: set[int] = set()
        targets: set[int] = set()
        for e in entries:
            if e.cell < 0 or e.action is None:
                continue
            u = v.occupant[e.cell]
            enemy = u >= 0 and v.side_of[v.units[u].seat] != side
            (targets if enemy else reach).add(e.cell)
        self.dialog_marks = (reach, targets) if reach or targets else None
        if self.dialog_marks is not None:
            self.hexmap.highlight(reach, targets)

        def highlighted(index: int) -> None:
            if not (0 <= index < len(entries) and self.is_attached):
                return
            if entries[index].path:  # each route is drawn in turn as the list walks over it
                self.route = entries[index].path
                self.hexmap.show_route(self.route)
            if entries[index].cell >= 0:
                self.hexmap.set_cursor(entries[index].cell)
                self._draw_detail()

        def closed(index: int | None) -> None:
            self.modal_open = False
            self.dialog_marks = None
            self.route = ()
            picked = entries[index].action if index is not None else None
            done(picked)
            if self.is_attached:
                self.refresh_table()
                self._focus_default()

        self.modal_open = True
        self.app.push_screen(
            ChoiceScreen(title, labels, [e.detail for e in entries], cancel, advise=advise,
                         disabled=[e.action is None for e in entries],
                         on_highlight=highlighted, compact=True), closed)

    def _after_pick(self, action: Action | None) -> None:
        if action is not None:
            self.do(action)
        self.advance()

    def _offer(self, title: str, entries: list[Entry]) -> None:
        """Open the list, or when nothing in it can be taken for one shared reason, say so."""
        if not entries:
            return
        reasons = {e.reason for e in entries if e.action is None}
        if all(e.action is None for e in entries) and len(reasons) == 1:
            self.refuse(reasons.pop() or "nothing can be done now")
            return
        self.last_message = ""
        self._open(title, entries, self._after_pick)

    def _ask_decision(self) -> None:
        if self.viewer is None or self.modal_open:
            return
        lists = self.pick_lists()
        d = lists.v.pending
        if d is None or d.seat != self.viewer:
            return
        entries = lists.decision()
        step = len(self.session.actions)
        actions = [e.action for e in entries]

        def advise() -> tuple[int, str] | None:
            result = find_hint("tactics", lists.v, lists.legal, T.describe)
            if result is None or result[0] not in actions:
                return None
            return actions.index(result[0]), result[1]

        def done(action: Action | None) -> None:
            if action is None:
                self.deferred = step  # put aside: enter or any action key asks again
                return
            self.do(action)
            self.advance()

        self._open(plain(question(lists.v, d)), entries, done, cancel="look at the map",
                   advise=advise)

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
        lists = self.pick_lists()
        if not lists.v.me.hand:
            self.refuse("your hand is empty")
            return
        self._offer("Play which card?", lists.play())

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
        lists = self.pick_lists()
        if lists.v.pending is not None:
            self.action_decide()
            return
        held = lists.v.me.treasures
        if not held:
            self.refuse("you hold no Treasure")
            return
        entries = lists.treasure()
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
        hand = v.seats[v.current].hand
        if not hand:
            self.do(a)
            self.advance()
            return

        def answer(yes: bool | None) -> None:
            self.modal_open = False
            if yes:
                self.do(a)
            self.advance()

        self.modal_open = True
        self.app.push_screen(ConfirmScreen(
            f"You still have {len(hand)} card(s) in hand. End your turn anyway?"), answer)

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
            return self.session.options.get("mode") == "2v2"
        return True
