"""What every game table screen does the same way, whatever the game.

``TableScreen`` holds the session and the turn flow around the board: whose hand is shown
(and the hot-seat hand-over), bots moving in a worker, hints computed in a worker, applying
an action and logging it, refusals, the end screen, save / menu / help and log paging. A
game's screen subclasses it, draws its own board and answers a few hooks: how its actions
and events read in the log, what a hand-over says, how its pending decisions are asked and
where its hints come from. The engine's view and outcome come through the game contract
(``session.module``), so they need no hook.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from abc import ABCMeta, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import work
from textual.binding import Binding
from textual.screen import Screen

from core.contract import Action, Event, IllegalAction
from tui.screens import table_bots, table_hints, table_log, table_saving
from tui.screens.passing import PassScreen
from tui.screens.table_hints import find_hint as find_hint
from tui.screens.table_hints import hint_text
from tui.session import READ_ONLY as READ_ONLY
from tui.session import PlaySession
from tui.widgets.panels import HintPanel, LogView
from tui.words import end_turn_question as end_turn_question

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
HUMAN_STYLE = "#e0e0e0"
BOT_STYLE = "#c0c0ff"

# The keys every table has. They are spliced into each screen's own BINDINGS rather than
# inherited, because inherited bindings would come first and reorder the footer.
HINT_AND_GAME_BINDINGS: list[Binding] = [
    Binding("h", "hint", "Hint"),
    Binding("H", "use_hint", "Use hint", show=False),
    Binding("s", "save", "Save"),
    Binding("q", "menu", "Menu"),
    Binding("question_mark", "help", "Help"),
]
# The log, and taking back a move (every table has them, the game's own keys around them).
LOG_BINDINGS: list[Binding] = [
    Binding("pageup", "log_page(-1)", "Log up", show=False),
    Binding("pagedown", "log_page(1)", "Log down", show=False),
    # Said on the prompt line while a bot plays (the footer keeps the table's own keys).
    Binding("f", "finish_bots", "Finish the bots' turn", show=False),
    Binding("L", "log_screen", "Log", show=False),
    Binding("u", "undo", "Undo", show=False),
]


# Keys that still mean something once the game is over; the others leave the footer.
AFTER_THE_END = frozenset({"save", "menu", "help", "log_screen", "log_page", "nav", "cursor",
                           "decide", "other_pattern", "book", "sight", "watch_step",
                           "watch_skip"})


def possessive(name: str) -> str:
    """``Your`` for "You", else ``Name's``."""
    return "Your" if name == "You" else f"{name}'s"


class _TableMeta(type(Screen), ABCMeta):  # type: ignore[misc]
    """Textual's metaclass plus ABCMeta, so a table that forgets a hook fails at once."""


# mypy cannot follow a metaclass built from type(Screen); at run time the two agree.
class TableScreen(Screen[None], metaclass=_TableMeta):  # type: ignore[metaclass]
    """One game in play: the game-independent flow; subclasses draw the board."""

    AUTO_FOCUS = ""

    # What the hint panel says for a game without hints, and how to use a hint (shown
    # first, so a long hint never pushes it out of sight).
    NO_HINT: ClassVar[str] = "This game has no hints."
    HINT_USE: ClassVar[str] = "H: do it"

    def __init__(self, session: PlaySession, message: str = "") -> None:
        super().__init__()
        self.session = session
        self.load_message = message
        humans = session.humans
        # The seat at the keyboard; None while a hot-seat hand-over is pending.
        self.viewer: int | None = humans[0] if len(humans) == 1 else (0 if not humans else None)
        self.thinking: int | None = None
        # Set by f while bots play: their moves follow without the pause until a human's.
        self.hurry = False
        self._hurried: asyncio.Event | None = None  # wakes the bot's pause when f is pressed
        self.modal_open = False
        self.hint: tuple[Action, str] | None = None
        self.hint_step = -1
        # The step at which the player put a pending choice aside (-1: none), so the table
        # does not ask it again until enter reopens it or the game moves on.
        self.deferred = -1
        # While a question's dialog is closed by taking back the move that asked it.
        self.taking_back = False
        # The round the move being told was made in (the log files its line under it).
        self.move_round = 1
        # The hint column's usual (width, height), measured before a long hint widens it.
        self.hint_room: tuple[int, int] | None = None
        self.last_message = ""
        self._spin = itertools.cycle(SPINNER)
        # While a batch of events is logged: the ones after the event being told. The state
        # shows where the whole batch ended; a line that gives a running figure (Honor so far)
        # takes these back out.
        self.events_after: Sequence[Event] = ()

    # --- hooks for the game's screen ---------------------------------------------------------

    @abstractmethod
    def refresh_table(self) -> None:
        """Redraw everything from the engine's view for the seat at the keyboard."""

    @abstractmethod
    def _draw_prompt(self, v: Any) -> None:
        """Draw the prompt line from the view ``v`` (redrawn while a bot thinks)."""

    @abstractmethod
    def move_prompt(self, v: Any) -> Text:
        """The prompt when the human at the keyboard is to move."""

    @abstractmethod
    def log_line(self, seat: int, action: Action) -> Text | str | None:
        """The log line for ``action`` by ``seat``, told before it happens (None: none)."""

    @abstractmethod
    def event_line(self, e: Event) -> tuple[Text | str, str] | None:
        """One log line for a notable event, with its style (None: not worth a line).
        ``events_after`` holds the events of the same batch still to be told."""

    @abstractmethod
    def handover_reason(self, seat: int) -> str:
        """Why the keyboard goes to ``seat``, for the hand-over screen."""

    @abstractmethod
    def offer_decision(self, seat: int) -> None:
        """Ask the human ``seat`` at the keyboard the pending decision, if there is one."""

    @abstractmethod
    def hint_for(self, view: Any, legal: list[Action]) -> tuple[Action, str] | None:
        """The hint for this position (runs in a thread); None when no engine knows it."""

    def hint_reason(self, action: Action, reason: str) -> str:
        """The reason shown with a hint; a game may fill in one the engine left empty."""
        return reason

    def before_move(self) -> None:
        """Called just before a move changes the state, here or at a shared table (a game
        that shows how a move unfolds keeps the position it starts from); nothing by
        default."""

    async def move_shown(self) -> None:
        """Wait until the table has shown the move just made (a game that plays a move out
        step by step waits for it); at once by default. The bots wait for it."""

    def mark_hint(self, action: Action | None) -> None:
        """Mark on the board what a fresh hint is about, without moving the player's
        cursor (None: the hint is gone, unmark); nothing by default."""

    def point_at_hint(self, action: Action) -> None:
        """Move the cursor onto what the hint is about (h again asks it); nothing by
        default."""

    def take_hint(self, action: Action) -> None:
        """Play the hinted ``action`` and go on only if it was taken."""
        if self.do(action):
            self.advance()

    def _focus_default(self) -> None:
        """Put the focus somewhere sensible after the table changed; a board without
        focusable pieces has nothing to do."""

    def opening_notes(self, log: LogView) -> None:
        """Add game-specific lines to the log when the table opens; none by default."""

    @abstractmethod
    def banner(self) -> str:
        """The first line of the log: the game, the players and the seed."""

    # --- helpers -----------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The live game state."""
        return self.session.state

    def player_name(self, seat: int) -> str:
        """The player name of ``seat``."""
        names = self.session.names
        return names[seat] if 0 <= seat < len(names) else f"seat {seat}"

    def my_move(self) -> bool:
        """True when the seat to move is the human at the keyboard."""
        to = self.state.to_move
        return (to is not None and to == self.viewer and not self.session.is_bot(to)
                and not self.session.elsewhere(to))

    def view_for(self, seat: int | None) -> Any:
        """The engine's view of the state for ``seat`` (at a shared table: what this
        keyboard's seat may see, whichever is asked)."""
        return self.session.view(seat)

    def table_seat(self) -> int:
        """The seat whose view is drawn: the one at the keyboard, or during a hand-over
        the player whose turn it is (their hidden information stays hidden)."""
        return self.viewer if self.viewer is not None else self.state.current

    # --- mounting and drawing ----------------------------------------------------------------

    def on_mount(self) -> None:
        # Textual calls every class's on_mount in turn, so a game's table does not define
        # one (calling this one twice wrote the opening log twice): it uses table_opened.
        log = self.query_one(LogView)
        if self.session.actions and table_log.can_rebuild(self):
            # A continued game: its log told again from the record, as it was.
            table_log.rebuild(self)
        else:
            log.add(self.banner(), "bold")
            if self.load_message:
                log.add(f"Loaded: {self.load_message}", "dim")
            self.opening_notes(log)
        self.query_one(HintPanel).update(Text("h: ask for a hint", style="dim"))
        self.set_interval(0.15, self._tick)
        self.session.follow(self._moved_elsewhere)
        self.refresh_table()
        self.table_opened()
        self.call_after_refresh(self._focus_default)
        self.call_after_refresh(self.advance)

    def table_opened(self) -> None:
        """Anything a game's table does once it is drawn for the first time; nothing by
        default."""

    def prompt_text(self, v: Any) -> Text:
        """The prompt line: game over, a bot thinking, waiting, the move, or a refusal."""
        to = self.state.to_move
        if to is None:
            text = Text("Game over — press enter for the scores.", style="bold")
        elif self.session.is_bot(to):
            text = Text(f"{next(self._spin)} {self.player_name(to)} is thinking…",
                        style="italic")
            if not self.hurry:
                text.append("  f: finish at once", style="dim")
        elif to != self.viewer or self.session.elsewhere(to):
            text = Text(f"Waiting for {self.player_name(to)}.", style="italic")
        else:
            text = self.move_prompt(v)
        # A refusal stays on the prompt line until the next action, so it is not missed.
        if self.last_message and to is not None:
            text = Text(self.last_message, style="bold red")
        return text

    def _draw_hint(self) -> None:
        panel = self.query_one(HintPanel)
        if self.hint is None:
            return
        if self.hint_step != len(self.session.actions):
            # The hint was for an earlier position: drop it rather than mislead.
            self.drop_hint()
            return
        text = hint_text(self.hint[1], self.HINT_USE)
        panel.update(text)
        # A hint too long for its column widens the column (each game's .tcss says how),
        # so it is read whole.
        self.set_class(table_hints.too_long(self, panel, text), "-hinting")

    def drop_hint(self) -> None:
        """Forget the hint shown (the position it was for is gone)."""
        self.query_one(HintPanel).update(Text("h: ask for a hint", style="dim"))
        self.remove_class("-hinting")
        if self.hint is not None:
            self.hint = None
            self.mark_hint(None)

    def _tick(self) -> None:
        # Only the spinner moves while a bot thinks; the rest of the table is unchanged.
        if self.thinking is not None:
            self._draw_prompt(self.view_for(self.table_seat()))

    # --- doing things ----------------------------------------------------------------------

    def do(self, action: Action) -> bool:
        """Apply ``action`` for the seat to move; show the engine's reason if it is refused."""
        seat = self.state.to_move
        if seat is None or self.taking_back:
            return False  # (a dialog closed by a take-back answers nothing)
        if self.session.read_only:
            self.refuse(self.session.read_only_reason)
            return False
        # Told before applying: the line may name what the action is about to move.
        line = self.log_line(seat, action)
        self.before_move()
        self.move_round = self.session.round
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            self.refuse(str(exc))
            return False
        self.last_message = ""
        self.log_action(seat, line, events)
        for note in self.session.take_notes():
            self.notify(note, severity="warning")
        self.refresh_table()
        self.call_after_refresh(self._focus_default)
        return True

    def play_quiet_cards(self, kind: str) -> int:
        """Play, one by one, every card in hand whose ``kind`` action asks no question (each
        tried on a copy of the state first); stops at a pending choice. Returns how many."""
        module = self.session.module
        played = 0
        while self.my_move() and not self.view_for(self.state.to_move).pending:
            for action in self.session.legal():
                if action.kind != kind:
                    continue
                trial = self.state.copy()
                module.apply(trial, action)
                if not module.view(trial, trial.to_move or 0).pending:
                    self.do(action)
                    played += 1
                    break
            else:
                break
        return played

    def refuse(self, reason: str, title: str = "Not allowed") -> None:
        """Tell the player why an action cannot be taken; nothing changes."""
        text = reason[:1].upper() + reason[1:]
        self.last_message = f"{title}: {text}."
        self.notify(text, title=title, severity="warning")
        self.refresh_table()

    def log_action(self, seat: int, line: Text | str | None, events: list[Event]) -> None:
        """The action's line, then the notable events it caused."""
        log = self.query_one(LogView)
        log.turn = self.move_round  # the move's line under the round it was made in
        log.begin_move(len(self.session.actions) - 1)
        if line is not None:
            style = HUMAN_STYLE if not self.session.is_bot(seat) else BOT_STYLE
            log.add(Text.assemble((f"{self.player_name(seat)}: ", "bold " + style), line))
        log.turn = self.session.round  # what it caused (a new turn) under the round now
        for i, e in enumerate(events):
            self.events_after = events[i + 1:]
            text = self.event_line(e)
            if text is not None:
                log.add(*text)
        self.events_after = ()

    def _can_act(self) -> bool:
        """Whether the human at the keyboard may act now; if not, say why or move on."""
        s = self.state
        if s.to_move is None:
            self._show_end()
            return False
        if self.session.is_bot(s.to_move):
            self.notify(f"{self.player_name(s.to_move)} is thinking…", timeout=1.5)
            return False
        if self.session.elsewhere(s.to_move):
            self.notify(f"Waiting for {self.player_name(s.to_move)}.", timeout=1.5)
            return False
        if s.to_move != self.viewer:
            self.advance()
            return False
        return True

    # --- the flow of turns -----------------------------------------------------------------

    def advance(self) -> None:
        """Whatever comes next: the end screen, a bot's move, a hand-over, or a decision."""
        if self.modal_open or not self.is_attached or self.taking_back:
            return
        to = self.state.to_move
        if to is None:
            self._show_end()
            return
        if self.session.is_bot(to):
            if self.thinking is None and to in self.session.bots:
                self.run_bots()
            return
        if self.session.elsewhere(to):
            return  # the shared table tells this keyboard the move when it is made
        if to != self.viewer:
            if len(self.session.humans) > 1:
                self._pass_to(to)
                return
            self.viewer = to
            self.refresh_table()
        self.offer_decision(to)

    def _pass_to(self, seat: int) -> None:
        """Hide the table and hand the keyboard to ``seat`` behind the hand-over screen."""
        reason = self.handover_reason(seat)
        self.viewer = None
        self.refresh_table()

        def ready(_: None) -> None:
            self.modal_open = False
            self.viewer = seat
            self.refresh_table()
            self.call_after_refresh(self._focus_default)
            self.advance()

        self.modal_open = True
        self.app.push_screen(PassScreen(self.player_name(seat), reason), ready)

    def _moved_elsewhere(self, move: Any) -> None:
        """A move made away from this keyboard (at a shared table: another player's, or
        the table's bot's), told like one made here: its line before it is taken (from
        ``move.said`` if the game's own line cannot be made here), then its events."""
        if not self.is_attached:
            self.session.take(move)
            return
        try:
            line: Text | str | None = self.log_line(move.seat, move.action)
        except Exception:  # the table as this seat knows it may not name every card
            line = move.said
        self.before_move()
        self.move_round = self.session.round
        self.session.take(move)
        self.log_action(move.seat, line, move.events)
        self.refresh_table()
        self.call_after_refresh(self._focus_default)
        self.advance()

    def _show_end(self) -> None:
        self.refresh_bindings()  # the game's keys leave the footer
        table_bots.show_end(self)

    @work(exclusive=True, group="bots")
    async def run_bots(self) -> None:
        """Let bots move until a human must act or the game ends, with a pause per move."""
        await table_bots.play_bots(self)

    # --- key actions -----------------------------------------------------------------------

    def action_decide(self) -> None:
        """Enter off the board: the scores once over, or the pending choice put aside."""
        if self.state.to_move is None:
            self._show_end()
            return
        self.deferred = -1
        self.advance()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Once the game is over only the keys that still mean something stay (and show in
        the footer): save, menu, help, the log, looking around."""
        return self.state.to_move is not None or action in AFTER_THE_END

    def current_hint(self) -> tuple[Action, str] | None:
        """The hint shown, if it is still for this position."""
        if self.hint is None or self.hint_step != len(self.session.actions):
            return None
        return self.hint

    def action_hint(self) -> None:
        """Ask the planner what to do now (runs in a worker); with a hint shown for this
        position, move the cursor onto what it is about."""
        if not self._can_act():
            return
        shown = self.current_hint()
        if shown is not None:
            self.point_at_hint(shown[0])
            return
        self.query_one(HintPanel).update(Text("Thinking about a hint…", style="italic"))
        self.compute_hint()

    @work(exclusive=True, group="hint")
    async def compute_hint(self, then_do: bool = False) -> None:
        """Compute the hint off the event loop and show it (``then_do``: and play it)."""
        await table_hints.compute(self, then_do)

    def action_use_hint(self) -> None:
        """H: play the hinted action; with no hint for this position, find one and play
        it."""
        if not self._can_act():
            return
        shown = self.current_hint()
        if shown is None:
            self.query_one(HintPanel).update(Text("Thinking about a hint…", style="italic"))
            self.compute_hint(then_do=True)
            return
        self.take_hint(shown[0])

    # --- taking back a move and reading the log ------------------------------------------

    def action_undo(self) -> None:
        """u: take back the player's last move of this turn, if it showed nothing hidden
        (``core.undo``); the log is told again without it."""
        if not self.modal_open:
            table_log.take_back(self)

    def take_back_under(self, dialog: Screen[Any]) -> None:
        """u in a question's dialog over this table: take back the move that asked it (if
        its player may), closing the dialog unanswered."""
        table_log.take_back(self, dialog)

    def action_log_screen(self) -> None:
        """L: the whole log on a screen of its own, by round, with a search."""
        if not self.modal_open:
            table_log.open_log_screen(self)

    def action_save(self) -> None:
        """Save the game now."""
        table_saving.save_now(self)

    def action_menu(self) -> None:
        """Save and return to the main menu."""
        self.leave()

    def leave(self, then: Callable[[], None] | None = None) -> None:
        """Save and go back to the main menu (or do ``then``); a save that fails keeps the
        player at the table with the reason and the ways out (``table_saving``)."""
        table_saving.leave(self, then)

    def after_game(self) -> None:
        """Back to the main menu and, above it, what the session says follows the game
        (a campaign's chapter: the campaign)."""
        to_menu = getattr(self.app, "to_menu", None)
        if to_menu is not None:
            to_menu()
        sequel = getattr(self.session, "sequel", None)
        if sequel is not None:
            self.app.push_screen(sequel(self.session))

    def action_help(self) -> None:
        """Show the rules summary and keys."""
        from tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(game=self.session.game))

    async def bot_pause(self, delay: float) -> None:
        """The pause after a bot's move, cut short by f."""
        self._hurried = asyncio.Event()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._hurried.wait(), delay)

    def action_finish_bots(self) -> None:
        """Let the bots play the rest of their moves without the pause between them."""
        if self.thinking is not None:
            self.hurry = True
            if self._hurried is not None:
                self._hurried.set()
            self.finish_show()

    def finish_show(self) -> None:
        """End at once the move being played out step by step, if the game does that;
        nothing by default."""

    def action_log_page(self, direction: int) -> None:
        """Page the game log up or down."""
        log = self.query_one(LogView)
        if direction < 0:
            log.scroll_page_up()
        else:
            log.scroll_page_down()
