"""The Ascension at Firepeak table: your pattern, your Dungeon and Spellbook, the other
patterns in a compact strip, the log with every die roll, and the actions as keys.

A key chooses an action (r Recruit, c Capture, …); its targets are then picked from lists
built only from the engine's ``legal_actions``, so an illegal choice is never offered. A
key whose action has no legal target says why, in the engine's words. Choices the rules ask
for in the middle of an action (where to place a creature, which component to discard, …)
open a list of the legal answers. Everything is drawn from the engine's view and said in
the engine's words (``core.firepeak.words``); the panels and the lists are built in
``panels`` and ``choices``. Bots and hints run in workers.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from core.contract import Action, Event
from core.firepeak import menus
from core.firepeak.pattern import SIZE
from core.firepeak.rules import TURN_KINDS
from core.firepeak.state import DEALT_SPELLS, GUARD, KEPT_SPELLS
from core.firepeak.words import KIND_NAMES, phrase, question
from core.words import lowered, plain
from core.words import phrase as say
from tui.games.firepeak import choices, panels
from tui.games.firepeak import text as ft
from tui.games.firepeak.choices import ChoiceList
from tui.games.firepeak.panels import ACTION_KEYS
from tui.games.firepeak.pattern import CELL_AT, GUARD_AT, OpponentsView, PatternView
from tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from tui.screens.table import HINT_AND_GAME_BINDINGS, LOG_BINDINGS, TableScreen, find_hint
from tui.session import GameSession
from tui.widgets.footer import KeyFooter
from tui.widgets.panels import HintPanel, LogView
from tui.widgets.redraw import update_static

# Answers worth a line of their own in the log (the events tell the rest).
LOGGED_ANSWERS = frozenset({"opponent", "discard_spell"})
# Answers that name what only the one answering may see.
PRIVATE_ANSWERS = frozenset({"discard_spell"})


class FirepeakScreen(TableScreen):
    """One game of Ascension at Firepeak in play."""

    CSS_PATH = Path(__file__).with_name("firepeak.tcss")

    BINDINGS = [
        *[Binding(key, f"act('{kind}')", KIND_NAMES[kind], show=False)
          for kind, key in ACTION_KEYS if kind != "end"],
        Binding("e", "end_turn", "End turn"),
        Binding("a", "all_actions", "All"),
        Binding("enter", "decide", "Choose", show=False),
        Binding("v", "book", "Book"),
        Binding("o", "other_pattern", "Patterns"),
        Binding("escape", "own_pattern", "Yours", show=False),
        *HINT_AND_GAME_BINDINGS,
        Binding("left", "cursor(-1, 0)", "←", show=False),
        Binding("right", "cursor(1, 0)", "→", show=False),
        Binding("up", "cursor(0, -1)", "↑", show=False),
        Binding("down", "cursor(0, 1)", "↓", show=False),
        *LOG_BINDINGS,
    ]

    def __init__(self, session: GameSession, message: str = "") -> None:
        super().__init__(session, message)
        self.shown: int | None = None  # whose pattern is drawn large; None = the viewer's
        self.cursor = 0
        self.marked: tuple[int, int] | None = None  # (seat, location) a dialog points at

    # --- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="fp-status")
        with Horizontal(id="fp-top"):
            yield PatternView(id="fp-pattern")
            with Vertical(id="fp-right"):
                yield Static(id="fp-actions")
                yield Static(id="fp-dungeon")
                yield Static(id="fp-book")
        yield OpponentsView(id="fp-opponents")
        yield Static(id="fp-prompt")
        with Horizontal(id="fp-bottom"):
            yield LogView(id="fp-log")
            with Vertical(id="fp-side"):
                yield Static(id="fp-detail")
                yield HintPanel(id="fp-hint")
        yield KeyFooter()

    # --- hooks of the table ------------------------------------------------------------------

    def banner(self) -> str:
        """The first log line: players, seed and the variants in play."""
        s = self.session
        variants = [name for key, name in (("clan_powers", "Clan Powers"),
                                           ("reshuffle_once", "reshuffle once"))
                    if s.options.get("variants", {}).get(key)]
        extra = f" · {', '.join(variants)}" if variants else ""
        return f"Ascension at Firepeak · {' vs '.join(s.names)} · seed {s.seed}{extra}"

    def opening_notes(self, log: LogView) -> None:
        """How a new game starts, and any note the session has (e.g. a bot replaced)."""
        s = self.session
        if not s.actions:
            log.add(f"Everyone keeps {KEPT_SPELLS} of the {DEALT_SPELLS} spells dealt, then a "
                    "die decides who starts.", "dim")
        for note in s.take_notes():
            log.add(note, "yellow")
            self.notify(note, severity="warning")

    def hint_for(self, view: Any, legal: list[Action]) -> tuple[Action, str] | None:
        """The hint for this position (see ``find_hint``)."""
        return find_hint("firepeak", view, legal, self.session.module.describe)

    def point_at_hint(self, action: Action) -> None:
        """h with a hint shown: the pattern it is about drawn large, the cursor on its
        place (the side panel describes it)."""
        spot = menus.target(self.view_for(self.table_seat()), action)
        if spot is None or not (0 <= spot[1] < SIZE or spot[1] == GUARD):
            return
        seat, loc = spot
        self.shown = None if seat == self.table_seat() else seat
        self.cursor = loc
        self.refresh_table()

    def offer_decision(self, seat: int) -> None:
        """Open the pending choice, unless the player put it aside at this very step."""
        if self.view_for(seat).pending is not None \
                and self.deferred != len(self.session.actions):
            self._ask_decision()

    def handover_reason(self, seat: int) -> str:
        """Why ``seat`` takes the keyboard: a choice during another turn, the set-up, or
        their turn."""
        v = self.view_for(seat)
        name = self.player_name(seat)
        if v.pending is not None and seat != v.current:
            asks = plain(lowered(question(v, v.pending)))
            return (f"During {ft.poss(self.player_name(v.current))} turn, {name} must "
                    f"choose: {asks}")
        if seat == v.current and not v.setup:
            return f"It is {ft.poss(name)} turn."
        if v.setup:
            return f"{name} keeps {KEPT_SPELLS} of {DEALT_SPELLS} spells."
        return ""

    def _pass_to(self, seat: int) -> None:
        """Hand the keyboard to ``seat``, drawing their own pattern large again."""
        # The next player starts from their own pattern, not the one last looked at.
        self.shown = None
        super()._pass_to(seat)

    # --- drawing -----------------------------------------------------------------------------

    def shown_seat(self) -> int:
        """The seat whose pattern is drawn large."""
        return self.shown if self.shown is not None else self.table_seat()

    def _others(self, shown: int) -> list[int]:
        """The seats drawn in the compact strip."""
        return [i for i in range(len(self.session.names)) if i != shown]

    def _put(self, selector: str, text: Text) -> None:
        """Show ``text`` in a fixed-size panel; unchanged text costs nothing, and a change
        never asks for a new layout (these panels do not change size)."""
        update_static(self.query_one(selector, Static), text, layout=False)

    def refresh_table(self) -> None:
        """Redraw everything from the engine's view for the seat at the keyboard."""
        v = self.view_for(self.table_seat())
        shown = self.shown_seat()
        mark = self.marked[1] if self.marked and self.marked[0] == shown else None
        if self.marked is None and not self.modal_open:
            mark = self.cursor
        self.query_one(PatternView).show(panels.pattern_data(v, shown), mark)
        others = self._others(shown)
        omark = None
        if self.marked and self.marked[0] in others:
            omark = (others.index(self.marked[0]), self.marked[1])
        self.query_one(OpponentsView).show([panels.pattern_data(v, i) for i in others], omark)
        self._put("#fp-status", panels.status_text(v, self.session.round, self.size.width or 80))
        kinds: set[str] = set()
        if self.my_move() and v.pending is None:
            kinds = {a.kind for a in self.session.legal()}
        self._put("#fp-actions", panels.actions_text(kinds))
        # The side panel follows the pattern drawn large: another seat's (o) shows theirs.
        side = shown if self.viewer is not None else None
        self._put("#fp-dungeon", panels.dungeon_text(v, side, self.viewer))
        self._put("#fp-book", panels.book_text(v, side, self.viewer))
        self._draw_prompt(v)
        self._put("#fp-detail", panels.detail_text(v, shown, self.cursor))
        self._draw_hint()

    def _draw_prompt(self, v: Any) -> None:
        text = self.prompt_text(v)
        text.no_wrap = True
        text.overflow = "ellipsis"
        self._put("#fp-prompt", text)

    def move_prompt(self, v: Any) -> Text:
        """The pending choice, or the keys that pick an action."""
        if v.pending is not None:
            asks = say("Choice: ", lowered(question(v, v.pending)), " — enter to choose")
            return ft.line(asks, base="bold yellow")
        text = Text(f"{panels.possessive(self.player_name(self.state.to_move))} move",
                    style="bold green")
        text.append(" · a key from the panel picks an action · a lists all · e ends the turn")
        return text

    # --- the log -----------------------------------------------------------------------------

    def private_ok(self, seat: int) -> bool:
        """Whether the log may name what only ``seat`` knows: it is the lone human."""
        return self.session.humans == [seat]

    def log_line(self, seat: int, a: Action) -> Text | None:
        """The log line for ``a`` by ``seat``, told before it happens (None: events tell),
        in the words of the public table (or of ``seat``'s, for the lone human)."""
        if a.kind == "end" or (a.kind not in TURN_KINDS and a.kind not in LOGGED_ANSWERS):
            return None
        if a.kind in PRIVATE_ANSWERS and not self.private_ok(seat):
            return None
        v = self.view_for(seat if self.private_ok(seat) else -1)
        return ft.line(lowered(phrase(v, a)))

    def event_line(self, e: Event) -> tuple[Text | str, str] | None:
        """One indented log line for a notable event, with its style."""
        seats = range(len(self.session.names))
        return ft.event_line(e, self.session.names, [x for x in seats if self.private_ok(x)])

    # --- choice lists ----------------------------------------------------------------------

    def _open(self, choice: ChoiceList, done: Callable[[int | None], None],
              cancel: str = "cancel",
              advise: Callable[[], tuple[int, str] | None] | None = None) -> None:
        """Open a choice list that points at each highlighted target on the table."""
        marks = choice.marks

        def highlight(index: int) -> None:
            self.marked = marks[index] if 0 <= index < len(marks) else None
            self._mark_only()

        def closed(index: int | None) -> None:
            self.modal_open = False
            self.marked = None
            done(index)
            if self.is_attached:
                self.refresh_table()

        self.modal_open = True
        self.marked = marks[0] if marks else None
        self._mark_only()
        self.app.push_screen(
            ChoiceScreen(choice.title, choice.labels, choice.details, cancel, advise,
                         disabled=choice.disabled, on_highlight=highlight, compact=True),
            closed)

    def _mark_only(self) -> None:
        """Move the pointer on the patterns without redrawing the rest."""
        shown = self.shown_seat()
        others = self._others(shown)
        m = self.marked
        self.query_one(PatternView).mark(m[1] if m and m[0] == shown else None)
        self.query_one(OpponentsView).mark(
            (others.index(m[0]), m[1]) if m and m[0] in others else None)

    def _play(self, action: Action) -> None:
        """Take a chosen action and go on."""
        if self.do(action):
            self.advance()

    def pick(self, kind: str, actions: list[Action], depth: int = 0) -> None:
        """Narrow the ``kind`` actions offered down to one, a step at a time (the steps of
        ``menus.STEPS``); a step with one entry is skipped unless it is the last, which is
        always confirmed."""
        v = self.view_for(self.state.current)
        steps = menus.STEPS[kind]
        groups = menus.grouped(actions, steps[depth])
        final = depth == len(steps) - 1
        if len(groups) == 1 and not final:
            self.pick(kind, groups[0], depth + 1)
            return

        def done(index: int | None) -> None:
            if index is None:
                self.advance()
            elif final:
                self._play(groups[index][0])
            else:
                self.pick(kind, groups[index], depth + 1)

        self._open(choices.step_list(v, kind, depth, groups), done)

    def _pick_spell(self, legal: list[Action]) -> None:
        """Every spell of the Spellbook, the ones that cannot be cast greyed with why."""
        state = self.state
        why_illegal = self.session.module.why_illegal
        choice, spells = choices.spell_list(
            self.view_for(state.current), {a.card for a in legal},
            lambda sp: why_illegal(state, Action("cast", sp)) or "not now")

        def done(index: int | None) -> None:
            if index is None:
                self.advance()
            else:
                self._play(Action("cast", spells[index]))

        self._open(choice, done)

    def _ask_decision(self) -> None:
        seat = self.viewer
        if seat is None:
            return
        v = self.view_for(seat)
        d = v.pending
        if d is None or d.seat != seat:
            return
        step = len(self.session.actions)
        legal = self.session.legal()
        describe = self.session.module.describe

        def done(index: int | None) -> None:
            if index is None:
                self.deferred = step
                self.refresh_table()
                return
            self._play(Action(d.kind, d.choices[index]))

        def advise() -> tuple[int, str] | None:
            result = find_hint("firepeak", v, legal, describe)
            if result is None or result[0].card not in d.choices:
                return None
            return d.choices.index(result[0].card), result[1]

        self._open(choices.decision_list(v, d), done, cancel="look at the table",
                   advise=advise)

    # --- key actions -----------------------------------------------------------------------

    def action_act(self, kind: str) -> None:
        """An action key: pick the targets of that action, or say why it is not possible."""
        if not self._can_act():
            return
        v = self.view_for(self.table_seat())
        if v.pending is not None:
            self.action_decide()
            return
        legal = [a for a in self.session.legal() if a.kind == kind]
        if kind == "cast" and not legal and menus.candidates(v, kind) \
                and menus.payable(v, kind):
            self._pick_spell([])  # every spell greyed, each with its reason
            return
        if not legal:
            state = self.state
            why_illegal = self.session.module.why_illegal
            why = menus.why_none(v, kind, lambda a: why_illegal(state, a))
            self.refuse(f"{KIND_NAMES.get(kind, kind)}: {why}")
            return
        self.last_message = ""
        if kind == "recruit":
            legal = choices.with_room(v, legal)
        if kind == "cast":
            self._pick_spell(legal)
        else:
            self.pick(kind, legal)

    def action_end_turn(self) -> None:
        """End the turn; asks first while actions are left."""
        if not self._can_act():
            return
        v = self.view_for(self.table_seat())
        if v.pending is not None:
            self.action_decide()
            return
        left = v.actions_left

        def answer(yes: bool | None) -> None:
            self.modal_open = False
            if yes:
                self.do(Action("end"))
            self.advance()

        if left > 0 and any(a.kind != "end" for a in self.session.legal()):
            self.modal_open = True
            self.app.push_screen(ConfirmScreen(
                f"You have {left} action{'s' if left > 1 else ''} left. End your turn "
                "anyway?"), answer)
            return
        self.do(Action("end"))
        self.advance()

    def action_all_actions(self) -> None:
        """a: every legal action in one list."""
        if not self._can_act():
            return
        v = self.view_for(self.table_seat())
        if v.pending is not None:
            self.action_decide()
            return
        legal = self.session.legal()

        def done(index: int | None) -> None:
            if index is None:
                self.advance()
            elif legal[index].kind == "end":
                self.action_end_turn()
            else:
                self._play(legal[index])

        self._open(choices.actions_list(v, "Every action you can take now", legal), done)

    def action_book(self) -> None:
        """v: your Spellbook and Dungeon with full details (nothing is done)."""
        seat = self.viewer
        if seat is None:
            return
        self._open(choices.book_list(self.view_for(seat), seat), lambda _i: self.advance(),
                   cancel="close")

    def action_other_pattern(self) -> None:
        """o: draw the next player's pattern large (and back to yours)."""
        nxt = (self.shown_seat() + 1) % len(self.session.names)
        self.shown = None if nxt == self.table_seat() else nxt
        self.refresh_table()

    def action_own_pattern(self) -> None:
        """Escape: back from another seat's pattern (o) to your own."""
        self.shown = None
        self.refresh_table()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Escape means "back to yours" only while another pattern is drawn large; the key
        # goes on to the app otherwise.
        if action == "own_pattern":
            return self.shown is not None
        return True

    def action_cursor(self, dx: int, dy: int) -> None:
        """Arrows: move the pointer over the large pattern; the panel describes it."""
        spots = [(pos, *CELL_AT[pos]) for pos in range(SIZE)] + [(GUARD, *GUARD_AT)]
        here = next(sp for sp in spots if sp[0] == self.cursor)
        if dx:
            row = sorted((sp for sp in spots if sp[2] == here[2]), key=lambda sp: sp[1])
            i = row.index(here) + dx
            if 0 <= i < len(row):
                self.cursor = row[i][0]
        else:
            row = [sp for sp in spots if sp[2] == here[2] + 2 * dy and sp[0] != GUARD]
            if row:
                self.cursor = min(row, key=lambda sp: abs(sp[1] - here[1]))[0]
        self.refresh_table()
