"""The Ascension Tactics table: the battlefield, Honor per side, your roster and Treasures,
the center row, your hand, the log and hints.

Everything the screen offers comes from the engine's ``legal_actions``: the hexes tinted on
the map are the destinations and targets of the unit being commanded, the lists behind
``p``/``a``/``t``/``c`` enable exactly the legal entries, and anything refused is explained
in the engine's words (``why_illegal``). Nothing here re-implements a rule; unit numbers
come from ``core.tactics.combat``, line of sight from ``core.tactics.board.in_sight`` (the
path drawn is one ``core.hexgrid.los_path`` finds through the same blockers).

The turn flow (bots in workers, hand-over between people, hints, saving, the end screen)
is ``TableScreen``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

import core.tactics as T
from core.contract import Action, Event
from core.hexgrid import los_path
from core.tactics import combat
from core.tactics.board import FOREST, SHRINE, in_sight, shrine_controller
from core.tactics.rules import (
    ACQUIRE,
    ATTACK,
    CHOOSE,
    COMMAND,
    DECLINE,
    DEPLOY,
    DONE,
    END,
    MOVE,
    PLAY,
    SWITCH,
    TREASURE,
)
from core.tactics.scenarios import victory_sentence, victory_short
from core.tactics.state import HEAVY_PILE, MYSTIC_PILE
from core.tactics.view import card_name, cell_name, unit_name
from tui import theme
from tui.games.tactics import text as tt
from tui.games.tactics.hexmap import HexMap, MapPicture, UnitMark
from tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from tui.screens.table import LOG_BINDINGS, TableScreen, find_hint, possessive
from tui.session import GameSession
from tui.widgets.footer import KeyFooter
from tui.widgets.panels import HintPanel, LogView

MODE_WORDS = {"1v1": "1 vs 1", "2v2": "2 vs 2", "brawl": "brawl"}
ROW_COLUMNS = 3  # center-row cards per line
CROSS = "✗"


class Entry(NamedTuple):
    """One line of a pick list: the action (None when it cannot be taken now), its label,
    a detail text, the map cell it is about (or -1) and why it is greyed."""

    action: Action | None
    label: Text
    detail: Text | str = ""
    cell: int = -1
    reason: str = ""


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

    def on_mount(self) -> None:
        super().on_mount()
        # Start the cursor on a portal of the side at the table: units enter the field there.
        v = T.view(self.state, self.table_seat())
        mine = [c for c, side in enumerate(v.portal_side) if side == v.side_of[v.seat]]
        if mine:
            self.hexmap.set_cursor(mine[0])
        self._draw_detail()

    # --- hooks of the table ------------------------------------------------------------------

    def banner(self) -> str:
        s = self.session
        v = T.view(self.state, self.table_seat())
        mode = MODE_WORDS.get(v.options["mode"], v.options["mode"])
        draft = " · draft" if v.options.get("draft") else ""
        return (f"Ascension Tactics · {v.scen.name} · {mode}{draft} · "
                f"{' vs '.join(tt.side_names(v))} · seed {s.seed}")

    def opening_notes(self, log: LogView) -> None:
        v = T.view(self.state, self.table_seat())
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
        cell = self.action_cell(action)
        if cell >= 0:
            self.hexmap.set_cursor(cell)
            self._draw_detail()

    def take_hint(self, action: Action) -> None:
        self.do(action)
        self.advance()

    def log_line(self, seat: int, action: Action) -> str:
        return self.session.describe(action)

    def event_line(self, e: Event) -> tuple[str, str] | None:
        s = self.state
        names = self.session.names
        sides = [" & ".join(names[seat] for seat in seats) for seats in s.sides]
        return tt.event_line(s, e, names, sides, s.scen.victory_honor, self.events_after)

    def handover_reason(self, seat: int) -> str:
        s = self.state
        d = s.pending[-1] if s.pending else None
        if d is not None and seat != s.current:
            if d.kind == "react":
                return (f"{unit_name(s, d.unit)} attacks: {self.player_name(seat)} may "
                        "play a Treasure or pass.")
            return f"{self.player_name(seat)} must answer: {tt.decision_title(s, d)}"
        if seat == s.current:
            side = s.side_of[seat]
            return f"It is {possessive(self.player_name(seat))} turn ({tt.side_label(side)})."
        return ""

    def offer_decision(self, seat: int) -> None:
        """Open the pending choice, unless the player put it aside at this very step."""
        if self.state.pending and self.deferred != len(self.session.actions):
            self._ask_decision()

    def _focus_default(self) -> None:
        if not self.modal_open and self.is_attached:
            self.hexmap.focus()

    # --- helpers -----------------------------------------------------------------------------

    @property
    def hexmap(self) -> HexMap:
        return self.query_one("#tt-map", HexMap)

    def my_side(self) -> int:
        return self.state.side_of[self.table_seat()]

    def action_cell(self, a: Action) -> int:
        """The hex an action is about (-1 if none): where it moves, whom it hits, who acts."""
        s = self.state
        if a.kind in (DEPLOY, MOVE) or (a.kind == COMMAND and a.card == -1):
            return a.option
        if a.kind == ATTACK and a.card >= 0 or a.kind == COMMAND:
            return s.units[a.card].cell
        if a.kind == TREASURE:
            return s.units[a.option].cell
        if a.kind == CHOOSE and s.pending:
            kind = tt.value_kind(s.pending[-1].kind)
            if kind == "cell":
                return a.card
            if kind == "unit":
                return s.units[a.card].cell
        return -1

    def own_unit_at(self, cell: int | None) -> int | None:
        if cell is None or cell < 0:
            return None
        u = self.state.occupant[cell]
        return u if u >= 0 and self.state.units[u].seat == self.viewer else None

    def do(self, action: Action) -> bool:
        # The drawn line of sight belongs to the position it was asked in.
        self.sight = None
        return super().do(action)

    # --- drawing -----------------------------------------------------------------------------

    def refresh_table(self) -> None:
        s = self.state
        seat = self.table_seat()
        hidden = self.viewer is None
        v = T.view(s, seat)
        legal = self.session.legal() if self.my_move() else []
        self.labels = tt.unit_labels(s)
        self._draw_map(v, legal)
        self._draw_status(v)
        self._draw_side(v, seat, hidden)
        self._draw_row(v, legal)
        self._draw_hand(v, seat, hidden, legal)
        self._draw_prompt(v)
        self._draw_detail()
        self._draw_hint()

    def _draw_map(self, v: Any, legal: list[Action]) -> None:
        s = self.state
        m = v.map
        occ_side = s.occ_side
        shrine_side = tuple(shrine_controller(m, c, occ_side) if t == SHRINE else -1
                            for c, t in enumerate(v.terrain))
        tokens: dict[int, str] = {}
        if v.turret[0] >= 0:
            tokens[v.turret[0]] = "turret"
        if v.ring[0] >= 0:
            tokens[v.ring[0]] = "faerie_ring"
        active = v.cmd.unit if v.cmd is not None else -1
        marks = []
        for u, row in enumerate(v.units):
            seat, _card, _fig, cell, exhausted, damage = row[:6]
            if cell < 0 or seat < 0:
                continue
            marks.append(UnitMark(cell, v.side_of[seat], self.labels.get(u, "??"), damage,
                                  combat.defense(s, u), bool(exhausted), u == active))
        picture = MapPicture(
            map=m, terrain=v.terrain, portal_side=v.portal_side, shrine_side=shrine_side,
            beacon_side=v.beacon, treasure=frozenset(v.face_down), tokens=tokens,
            units=tuple(marks))
        hexmap = self.hexmap
        hexmap.side_names = tuple(tt.side_names(v))
        hexmap.update_picture(picture)
        reach, targets = self.dialog_marks or self.command_marks(legal)
        hexmap.highlight(reach, targets)
        hexmap.show_sight(self.sight)

    def command_marks(self, legal: list[Action]) -> tuple[set[int], set[int]]:
        """The hexes the commanded unit may deploy or move to, and the cells of the enemies
        it may attack, read off the legal actions."""
        s = self.state
        if s.cmd is None or s.pending or not legal:
            return set(), set()
        reach = {a.option for a in legal if a.kind in (DEPLOY, MOVE)}
        targets = {s.units[a.card].cell for a in legal if a.kind == ATTACK and a.card >= 0}
        if Action(ATTACK, -1) in legal:  # an Area attack hits every enemy in range at once
            targets |= {s.units[t].cell for t in combat.targets_of(s, s.cmd.unit)}
        return reach, targets

    def _draw_status(self, v: Any) -> None:
        s = self.state
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append(f" Turn {self.session.round} ", style="bold reverse")
        if v.phase == "draft":
            out.append(" Champion Draft ", style="bold")
        else:
            side = s.side_of[s.current]
            out.append(f" {tt.side_label(side)}: ", style=f"bold {tt.side_color(side)}")
            out.append(f"{possessive(self.player_name(s.current))} turn ", style="bold")
            cur = v.seats[s.current]
            out.append(f" {theme.RUNE}{cur.runes} Runes", style=theme.RUNE_COLOR)
            out.append(f"  {theme.POWER}{cur.power} Power", style=theme.POWER_COLOR)
        if v.cmd is not None:
            out.append(f"  ▸ {unit_name(s, v.cmd.unit)}", style="bold")
        out.append(f"  · {v.scen.name}", style="dim")
        self.query_one("#tt-status", Static).update(out)

    def _draw_side(self, v: Any, seat: int, hidden: bool) -> None:
        s = self.state
        names = tt.side_names(v)
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append(f"{theme.HONOR} {victory_short(v.scen)}\n",
                   style=f"bold {theme.HONOR_COLOR}")
        for side, name in enumerate(names):
            turn = "▶" if v.phase != "draft" and side == s.side_of[s.current] else " "
            out.append(turn, style="bold")
            out.append(f"{tt.side_label(side)[:1]} ", style=f"bold {tt.side_color(side)}")
            out.append(f"{name[:20]:<20}")
            out.append(f"{v.honor[side]:>3}\n", style=f"bold {theme.HONOR_COLOR}")
        me = v.seats[seat]
        out.append(f"{possessive(me.name)} units", style="bold #9aa3c0")
        out.append("  Str/Def/Spd\n", style="dim")
        units = [u for card in me.roster for u in v.card_units[card]]
        units += [u for u in v.cultists[seat] if s.units[u].cell >= 0]
        for u in units:
            out.append_text(self._roster_line(u))
            out.append("\n")
            card = s.units[u].card
            gear = s.gear.get(card, ()) if card >= 0 else ()
            if gear and u == v.card_units[card][0]:
                out.append("    + " + ", ".join(s.cards[c].name for c in gear) + "\n",
                           style="#ffb347")
        if not units:
            out.append("  none yet\n", style="dim")
        out.append("Treasures ", style=f"bold {theme.HONOR_COLOR}")
        held = me.treasures if not hidden else None
        if held is None:
            out.append("hidden", style="dim")
        elif held:
            out.append(", ".join(v.tdefs[t].name for t in held))
        else:
            out.append("none", style="dim")
        for i, other in enumerate(v.seats):
            if i == seat:
                continue
            # A partner's Treasures are face up to the team, not during a hand-over.
            face_up = other.treasures if not hidden else None
            out.append(f"\n {other.name[:12]}: ", style="dim")
            out.append(", ".join(v.tdefs[t].name for t in face_up) if face_up
                       else str(other.treasure_count), style="" if face_up else "dim")
        self.query_one("#tt-side", Static).update(out)

    def _roster_line(self, u: int) -> Text:
        """``● Ty Tyranyx      7/7/3 ▲5 -2``: ready/exhausted/off, label, name, S/D/M, cost."""
        s = self.state
        unit = s.units[u]
        line = Text(no_wrap=True, overflow="ellipsis")
        mark, mark_style = tt.state_mark(s, u)
        line.append(f"{mark} ", style=mark_style)
        style = "dim" if unit.exhausted else "bold"
        line.append(f"{self.labels.get(u, '??'):<2} ", style=style)
        name = unit_name(s, u)
        line.append(f"{name[:12]:<12} ", style="dim" if unit.exhausted else "")
        line.append(f"{combat.strength(s, u)}/{combat.defense(s, u)}/{combat.speed(s, u)}")
        line.append(f" {theme.POWER}{combat.command_cost(s, u)}", style=theme.POWER_COLOR)
        if unit.damage:
            line.append(f" -{unit.damage}", style="bold #ff5f5f")
        return line

    def _draw_row(self, v: Any, legal: list[Action]) -> None:
        buyable = {a.card for a in legal if a.kind == ACQUIRE}
        width = max(20, (self.size.width or 80) // ROW_COLUMNS)
        lines: list[Text] = []
        for start in range(0, len(v.row), ROW_COLUMNS):
            line = Text(no_wrap=True, overflow="ellipsis")
            for i in range(start, min(start + ROW_COLUMNS, len(v.row))):
                uid = v.row[i]
                cell = Text(f"{i + 1} ", style="dim")
                if uid < 0:
                    cell.append("(empty)", style="dim")
                else:
                    card = v.cards[uid]
                    cell.append_text(tt.card_line(card) if uid in buyable
                                     else Text(tt.card_line(card).plain, style="#8a8f9e"))
                cell.truncate(width - 1, overflow="ellipsis", pad=True)
                line.append_text(cell)
                line.append(" ")
            lines.append(line)
        piles = Text(no_wrap=True, overflow="ellipsis")
        for label, pile, key in (("Mystic", v.mystics, MYSTIC_PILE),
                                 ("Heavy Inf.", v.heavies, HEAVY_PILE)):
            style = "bold" if key in buyable else "#8a8f9e"
            if pile:
                piles.append(f"{label} {v.cards[pile[-1]].cost}{theme.RUNE} ({len(pile)})",
                             style=style)
            else:
                piles.append(f"{label} (none left)", style=style)
            piles.append(" · ", style="dim")
        cult = v.cultist_def
        can_call = any(a.kind == COMMAND and a.card == -1 for a in legal)
        piles.append(f"Cultist {theme.POWER}{cult.command} {cult.strength}/{cult.defense}/"
                     f"{cult.speed}", style="bold" if can_call else "#8a8f9e")
        seat = self.table_seat()
        reserve = sum(1 for u in v.cultists[seat] if self.state.units[u].cell < 0)
        piles.append(f" ({reserve} in reserve)", style="dim")
        piles.append(f" · deck {v.center_count}", style="dim")
        self.query_one("#tt-row", Static).update(Text("\n").join([*lines, piles]))

    def _draw_hand(self, v: Any, seat: int, hidden: bool, legal: list[Action]) -> None:
        me = v.seats[seat]
        playable = {a.card for a in legal if a.kind == PLAY}
        text = tt.hand_text(v, None if hidden else me.hand, me.hand_count, playable)
        text.append(f" · deck {me.deck_count} · discard {len(me.discard)}", style="dim")
        self.query_one("#tt-hand", Static).update(text)

    def _draw_prompt(self, v: Any) -> None:
        text = self.prompt_text(v)
        text.no_wrap = True
        text.overflow = "ellipsis"
        self.query_one("#tt-prompt", Static).update(text)

    def move_prompt(self, v: Any) -> Text:
        s = self.state
        if v.pending is not None:
            return Text(f"{tt.decision_title(s, v.pending)} — enter to answer",
                        style="bold yellow")
        if s.cmd is not None:
            name = unit_name(s, s.cmd.unit)
            if s.units[s.cmd.unit].cell < 0:
                return Text(f"Deploy {name}: cursor to a + portal, enter", style="bold green")
            return Text(f"{name}: enter on + moves, on × attacks · l sight · d done",
                        style="bold green")
        text = Text(f"{possessive(self.player_name(s.to_move))} move", style="bold green")
        text.append(" · c command · p play (P all) · a acquire · e end turn")
        return text

    def _draw_detail(self) -> None:
        hexmap = self.hexmap
        out = Text()
        cell = hexmap.cursor
        if cell is not None and hexmap.picture is not None:
            out.append(f"{cell_name(self.state, cell)} ", style="bold")
            u = self.state.occupant[cell]
            if u >= 0:
                out.append_text(tt.unit_detail(self.state, u, self.session.names))
                out.append("\n")
            out.append(hexmap.describe(cell), style="dim")
        self.query_one("#tt-detail", Static).update(out)

    # --- map events ----------------------------------------------------------------------------

    @on(HexMap.CursorMoved)
    def _cursor_moved(self, event: HexMap.CursorMoved) -> None:
        event.stop()
        if self.sight is not None:
            self.sight = None
            self.hexmap.show_sight(None)
        self._draw_detail()

    @on(HexMap.Selected)
    def _hex_selected(self, event: HexMap.Selected) -> None:
        event.stop()
        self.choose_hex(event.cell)

    def choose_hex(self, cell: int) -> None:
        """Enter on a hex: answer a pending choice about it, move / deploy / attack with the
        commanded unit, or pick the unit standing there."""
        s = self.state
        if s.to_move is None:
            self._show_end()
            return
        if not self._can_act():
            return
        if s.pending:
            d = s.pending[-1]
            kind = tt.value_kind(d.kind)
            value = cell if kind == "cell" else s.occupant[cell] if kind == "unit" else None
            if value is not None and value >= 0 and value in d.choices:
                self.do(Action(CHOOSE, value))
            self.deferred = -1
            self.advance()
            return
        legal = self.session.legal()
        occupant = s.occupant[cell]
        if s.cmd is not None:
            for a in legal:
                if a.kind in (DEPLOY, MOVE) and a.option == cell:
                    self.do(a)
                    self.advance()
                    return
            if occupant >= 0 and s.occ_side[cell] != s.side_of[s.current]:
                self.attack(occupant, legal)
                return
            if occupant == s.cmd.unit:
                self.notify("d ends this unit's command.", timeout=2)
                return
            kind = DEPLOY if s.units[s.cmd.unit].cell < 0 else MOVE
            self.refuse(T.why_illegal(s, Action(kind, -1, cell)) or "not there")
            return
        if occupant >= 0:
            self.selected = occupant
            if self.own_unit_at(cell) is not None:
                self.notify(f"{unit_name(s, occupant)}: c commands it.", timeout=2)
            self._draw_detail()

    def attack(self, target: int, legal: list[Action]) -> None:
        """Attack the unit ``target`` with the commanded unit, if the engine allows it."""
        s = self.state
        a = Action(ATTACK, target)
        if a not in legal:
            area = Action(ATTACK, -1)
            if area in legal and s.cmd is not None and target in combat.targets_of(s, s.cmd.unit):
                a = area
            else:
                self.refuse(T.why_illegal(s, a) or "that unit cannot be attacked now")
                return
        self.do(a)
        self.advance()

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
        side = self.my_side()
        reach: set[int] = set()
        targets: set[int] = set()
        for e in entries:
            if e.cell < 0 or e.action is None:
                continue
            u = self.state.occupant[e.cell]
            enemy = u >= 0 and self.state.side_of[self.state.units[u].seat] != side
            (targets if enemy else reach).add(e.cell)
        self.dialog_marks = (reach, targets) if reach or targets else None
        if self.dialog_marks is not None:
            self.hexmap.highlight(reach, targets)

        def highlighted(index: int) -> None:
            if 0 <= index < len(entries) and entries[index].cell >= 0 and self.is_attached:
                self.hexmap.set_cursor(entries[index].cell)
                self._draw_detail()

        def closed(index: int | None) -> None:
            self.modal_open = False
            self.dialog_marks = None
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

    def _entry(self, action: Action, label: Text, legal: list[Action], detail: Text | str = "",
               cell: int = -1) -> Entry:
        if action in legal:
            return Entry(action, label, detail, cell)
        reason = T.why_illegal(self.state, action) or "not now"
        return Entry(None, label, detail, cell, reason)

    # --- decisions -----------------------------------------------------------------------------

    def _ask_decision(self) -> None:
        s = self.state
        d = s.pending[-1] if s.pending else None
        if d is None or d.seat != self.viewer or self.modal_open:
            return
        legal = self.session.legal()
        entries = self.decision_entries(d, legal)
        step = len(self.session.actions)
        actions = [e.action for e in entries]
        view = T.view(s, d.seat)

        def advise() -> tuple[int, str] | None:
            result = find_hint("tactics", view, legal, T.describe)
            if result is None or result[0] not in actions:
                return None
            return actions.index(result[0]), result[1]

        def done(action: Action | None) -> None:
            if action is None:
                self.deferred = step  # put aside: enter or any action key asks again
                return
            self.do(action)
            self.advance()

        self._open(tt.decision_title(s, d), entries, done, cancel="look at the map",
                   advise=advise)

    def _treasure_entry(self, a: Action) -> Entry:
        """A Treasure played on a unit, the unit named with its map label (``c2``) so that
        units of one name (Cultists) can be told apart."""
        s = self.state
        tdef = s.tdefs[a.card]
        label = Text(f"{tdef.name} on ", style="bold").append_text(self._unit_words(a.option))
        return Entry(a, label, tdef.text, s.units[a.option].cell)

    def _unit_words(self, u: int) -> Text:
        """A unit as lists name it: its map label, then its name (``c2 Cultist``)."""
        words = Text()
        words.append(f"{self.labels.get(u, '')} ", style="bold")
        return words.append(unit_name(self.state, u))

    def decision_entries(self, d: Any, legal: list[Action]) -> list[Entry]:
        """One entry per legal answer of the pending decision ``d``."""
        s = self.state
        out: list[Entry] = []
        if d.kind == "react":
            for a in legal:
                if a.kind == TREASURE:
                    out.append(self._treasure_entry(a))
                else:
                    out.append(Entry(a, Text("Pass: no Treasure", style="italic")))
            return out
        kind = tt.value_kind(d.kind)
        for choice in d.choices:
            a = Action(CHOOSE, choice)
            if kind == "unit":
                label = Text(style="bold").append_text(self._unit_words(choice))
                owner = s.units[choice].seat
                label.append(f" ({self.player_name(owner)}) ", style="dim")
                label.append_text(tt.unit_stats(s, choice))
                detail = tt.unit_detail(s, choice, self.session.names)
                out.append(Entry(a, label, detail, s.units[choice].cell))
            elif kind == "cell":
                label = Text(cell_name(s, choice), style="bold")
                label.append(f"  {self.hexmap.describe(choice)}", style="dim")
                out.append(Entry(a, label, "", choice))
            elif kind == "option":
                text = d.labels[choice] if choice < len(d.labels) else f"option {choice + 1}"
                out.append(Entry(a, Text(text)))
            else:
                card = s.cards[choice]
                out.append(Entry(a, tt.card_line(card), tt.card_detail(card)))
        if d.optional:
            out.append(Entry(Action(DECLINE), Text("Decline (do nothing)", style="italic")))
        return [e for e in out if e.action in legal]

    # --- key actions -----------------------------------------------------------------------

    def _ready(self) -> bool:
        """Whether a key that starts something may act now (a pending choice is reopened)."""
        if not self._can_act():
            return False
        if self.state.pending:
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
        s = self.state
        legal = self.session.legal()
        unit = self.own_unit_at(self.hexmap.cursor)
        if unit is None and self.selected is not None \
                and s.units[self.selected].seat == self.viewer \
                and s.units[self.selected].cell >= 0:
            unit = self.selected
        if s.cmd is not None:
            self.refuse(T.why_illegal(s, Action(COMMAND, unit if unit is not None
                                                else s.cmd.unit)) or "finish this command")
            return
        if unit is not None:
            a = Action(COMMAND, unit)
            if a not in legal:
                self.refuse(T.why_illegal(s, a) or "that unit cannot be commanded now")
                return
            self._command(a)
            return
        self._pick_unit(legal)

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

    def _pick_unit(self, legal: list[Action]) -> None:
        """The roster as a pick list: every unit of yours, and a new Cultist per portal."""
        s = self.state
        seat = self.viewer
        assert seat is not None
        entries: list[Entry] = []
        units = [u for card in s.seats[seat].roster for u in s.card_units[card]]
        units += [u for u in s.cultists[seat] if s.units[u].cell >= 0]
        for u in units:
            label = Text("{} ".format(*tt.state_mark(s, u)), style=tt.state_mark(s, u)[1])
            label.append_text(self._unit_words(u))
            label.append(f" {theme.POWER}{combat.command_cost(s, u)}", style=theme.POWER_COLOR)
            entries.append(self._entry(Action(COMMAND, u), label, legal,
                                       tt.unit_detail(s, u, self.session.names),
                                       s.units[u].cell))
        calls = [a for a in legal if a.kind == COMMAND and a.card == -1]
        for a in calls:
            entries.append(Entry(a, Text(f"New Cultist at the portal {cell_name(s, a.option)}"),
                                 tt.card_detail(s.cultist_def), a.option))
        if not calls:
            portals = [c for c, side in enumerate(s.portal_side) if side == s.side_of[seat]]
            probe = Action(COMMAND, -1, portals[0] if portals else -1)
            entries.append(self._entry(probe, Text("New Cultist"), legal,
                                       tt.card_detail(s.cultist_def)))
        self._offer("Command which unit? (its Power cost is paid now)", entries)

    def action_done(self) -> None:
        """d: the commanded unit's command is over."""
        if not self._ready():
            return
        a = Action(DONE)
        if a not in self.session.legal():
            self.refuse(T.why_illegal(self.state, a) or "no unit is being commanded")
            return
        self.do(a)
        self.advance()

    def action_sight(self) -> None:
        """l: draw the line of sight from the commanded (or picked) unit to the cursor."""
        s = self.state
        source = -1
        if s.cmd is not None and s.units[s.cmd.unit].cell >= 0:
            source = s.cmd.unit
        elif self.selected is not None and s.units[self.selected].cell >= 0:
            source = self.selected
        target = self.hexmap.cursor
        if source < 0 or target is None:
            self.notify("Command a unit, or pick one with enter, then l shows what it sees "
                        "from there to the cursor.", timeout=3)
            return
        path = sight_path(s, source, target)
        start = s.units[source].cell
        far = s.map.distance(start, target)
        if path is None:
            self.sight = None
            said = Text(f"No line of sight from {unit_name(s, source)} to "
                        f"{cell_name(s, target)} ({far} hexes away).", style="bold #ff8a65")
        else:
            self.sight = path
            said = Text(f"{unit_name(s, source)} sees {cell_name(s, target)}, {far} hexes "
                        "away (• on the map).", style="bold #ffd54f")
        self.hexmap.show_sight(self.sight)
        said.no_wrap = True
        said.overflow = "ellipsis"
        self.query_one("#tt-prompt", Static).update(said)

    def action_play(self) -> None:
        """p: play a card from your hand (one line per kind of card)."""
        if not self._ready():
            return
        s = self.state
        seat = self.viewer
        assert seat is not None
        hand = s.seats[seat].hand
        if not hand:
            self.refuse("your hand is empty")
            return
        legal = self.session.legal()
        groups: dict[str, list[int]] = {}
        for uid in hand:
            groups.setdefault(s.cards[uid].id, []).append(uid)
        entries = []
        for uids in groups.values():
            card = s.cards[uids[0]]
            label = tt.card_line(card)
            if len(uids) > 1:
                label.append(f"  ×{len(uids)}", style="bold")
            entries.append(self._entry(Action(PLAY, uids[0]), label, legal,
                                       tt.card_detail(card)))
        self._offer("Play which card?", entries)

    def action_play_all(self) -> None:
        """P: play every card in hand that asks no question, in hand order."""
        if not self._ready():
            return
        hand = self.state.seats[self.viewer].hand if self.viewer is not None else []
        if not hand:
            self.refuse("your hand is empty")
            return
        if not self.play_quiet_cards(PLAY):
            reason = T.why_illegal(self.state, Action(PLAY, hand[0]))
            if reason:
                self.refuse(reason)
            else:
                self.notify("Every card left asks a question: play them one by one with p.")
        self.advance()

    def action_acquire(self) -> None:
        """a: acquire from the center row (Monsters with Power) or the two piles."""
        if not self._ready():
            return
        s = self.state
        legal = self.session.legal()
        entries = []
        for uid in s.row:
            if uid < 0:
                continue
            card = s.cards[uid]
            entries.append(self._entry(Action(ACQUIRE, uid), tt.card_line(card), legal,
                                       tt.card_detail(card)))
            top = Action(ACQUIRE, uid, 1)
            if top in legal:
                label = tt.card_line(card).append("  onto your deck", style="italic")
                entries.append(Entry(top, label, tt.card_detail(card)))
        for key, pile in ((MYSTIC_PILE, s.mystics), (HEAVY_PILE, s.heavies)):
            label = Text(card_name(s, key), style="bold")
            detail: Text | str = ""
            if pile:
                card = s.cards[pile[-1]]
                label = tt.card_line(card)
                label.append(f"  ({len(pile)} left)", style="dim")
                detail = tt.card_detail(card)
            entries.append(self._entry(Action(ACQUIRE, key), label, legal, detail))
        self._offer("Acquire which card?", entries)

    def action_treasure(self) -> None:
        """t: play one of your Treasures on a unit."""
        if not self._can_act():
            return
        s = self.state
        d = s.pending[-1] if s.pending else None
        if d is not None and d.kind != "react":
            self.action_decide()
            return
        if d is not None:  # the reaction window lists the Treasures already
            self.action_decide()
            return
        seat = self.viewer
        assert seat is not None
        held = s.seats[seat].treasures
        if not held:
            self.refuse("you hold no Treasure")
            return
        legal = [a for a in self.session.legal() if a.kind == TREASURE]
        if not legal:
            self.refuse(T.why_illegal(s, Action(TREASURE, held[0], -1))
                        or "no Treasure can be played now")
            return
        entries = [self._treasure_entry(a) for a in legal]
        self._offer("Play which Treasure, on which unit?", entries)

    def action_end_turn(self) -> None:
        """e: end the turn (asks first while cards are left in hand)."""
        if not self._ready():
            return
        s = self.state
        a = Action(END)
        if a not in self.session.legal():
            self.refuse(T.why_illegal(s, a) or "the turn cannot end now")
            return
        hand = s.seats[s.current].hand
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
            self.refuse(T.why_illegal(self.state, a) or "you cannot switch now")
            return
        self.do(a)
        self.advance()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Switching exists only in 2 vs 2: elsewhere the key is not shown in the footer.
        if action == "switch":
            return self.state.options.get("mode") == "2v2"
        return True


def sight_path(s: Any, source: int, target: int) -> list[int] | None:
    """The cells of a line of sight from unit ``source`` to the hex ``target`` (shooter
    first), or None when it has none. Whether there is sight is the engine's
    ``board.in_sight``; the path drawn is the one ``hexgrid.los_path`` finds through the
    same blockers (off the map, Forests, units of other sides)."""
    m = s.map
    start = s.units[source].cell
    side = s.side_of[s.units[source].seat]
    if start == target:
        return [start]
    if not in_sight(m, s.terrain, s.occ_side, side, start, target):
        return None

    def blocks(h: Any) -> bool:
        c = m.cell(h)
        if c is None:
            return True
        occ = s.occ_side[c]
        return s.terrain[c] == FOREST or (occ != -1 and occ != side)

    path = los_path(m.hexes[start], m.hexes[target], blocks)
    if path is None:  # cannot happen while both agree; draw the two ends rather than nothing
        return [start, target]
    return [c for c in (m.cell(h) for h in path) if c is not None]
