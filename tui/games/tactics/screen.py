"""The Ascension Tactics table in play: its keys, the turn's hooks (hints, the log, the
hand-over) and what enter on a hex does.

The screen holds no rule: its pick lists are the legal actions grouped by
``core.tactics.menus`` (lines from ``menus``, opened by ``lists``), what a hex means now
(reach, targets, the answer to a choice about it) is ``core.tactics.field``, and anything
refused is explained in the engine's words (``why_illegal``). Every action reads the same in
the log, the lists and the hints: its phrase from ``core.tactics.words``. What the table
shows is ``drawing.TacticsTable``'s; the turn flow (bots in workers, hand-over between
people, hints, saving, the end screen) is ``TableScreen``'s.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on
from textual.binding import Binding

import core.tactics as T
from core.contract import Action, Event
from core.tactics.field import action_at, action_cell, sight_path
from core.tactics.rules import ATTACK, COMMAND, DEPLOY, DONE, END, MOVE, PLAY, SWITCH, TREASURE
from core.tactics.scenarios import victory_sentence
from core.tactics.words import phrase, unit_name
from tui.games.tactics import lists, panels
from tui.games.tactics import text as tt
from tui.games.tactics.drawing import TacticsTable
from tui.games.tactics.hexmap import HexMap
from tui.games.tactics.menus import Entry
from tui.screens.dialogs import ConfirmScreen
from tui.screens.table import LOG_BINDINGS, end_turn_question, find_hint
from tui.widgets.panels import LogView
from tui.words import styled

MODE_WORDS = {"1v1": "1 vs 1", "2v2": "2 vs 2", "brawl": "brawl", "solo": "solo",
              "coop": "co-op", "boss": "Become the Boss"}


class TacticsScreen(TacticsTable):
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
        self._line("#tt-prompt", said)

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
