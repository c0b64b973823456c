"""New game set-up: game, players, who plays each seat, the game's own settings, and seed.

The settings of each game come from its row in ``core.games`` (Ascension's edition and
Honor pool, Firepeak's variants, Tactics' mode, scenario and draft); only the chosen game's
are shown. A setting's choices may depend on the player count and the settings above it;
when they change, the value is kept if still offered. A setting the player has not touched
follows its default when that moves (the Honor pool grows with the players).
"""

from __future__ import annotations

from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Label

from core.games import GameInfo, games, info, set_option
from core.games import Setting as GameSetting
from tui.games import ui
from tui.prefs import KeepsPreferences
from tui.session import BOT_PREFIX, HUMAN, GameSession
from tui.widgets.footer import KeyFooter
from tui.widgets.setting import Setting, label_column, value_column


def widget_id(game: str, setting: GameSetting) -> str:
    """The id of the line for a game's setting: ``tactics-mode``."""
    return f"{game}-{setting.key.replace('_', '-')}"


def seat_values(game: str) -> list[tuple[str, str]]:
    """What a seat may be for ``game``: a human, or a bot at one of the game's levels
    ("Bot: Easy", weakest first; ``ai.levels``)."""
    from ai.levels import levels

    return [(HUMAN, "Human")] + [(f"{BOT_PREFIX}{lv.key}", f"Bot: {lv.label}")
                                 for lv in levels(game)]


def default_bot_seat(game: str) -> str:
    """The kind a bot seat starts as: the game's Normal level."""
    from ai.levels import default_level

    return f"{BOT_PREFIX}{default_level(game).key}"


def seat_kind_offered(game: str, kind: Any) -> Any:
    """A remembered seat kind as it is offered now: a seat that named a bot (``bot:greedy``,
    before levels) takes the level that bot plays; anything else stays as it is."""
    from ai.levels import level_of_bot

    if isinstance(kind, str) and kind.startswith(BOT_PREFIX) \
            and kind not in dict(seat_values(game)):
        found = level_of_bot(game, kind[len(BOT_PREFIX):])
        if found is not None:
            return f"{BOT_PREFIX}{found.key}"
    return kind


def player_values(row: GameInfo) -> list[tuple[int, str]]:
    low, high = row.players
    return [(n, str(n)) for n in range(low, high + 1)]


NAME_LENGTH = 20  # a typed name is cut to this (the tables show names in narrow columns)


def seat_names(seats: list[str], typed: list[str] | None = None) -> list[str]:
    """Display names: what a human typed, else "You" for a lone human and "Player N" for
    several; "Greedy bot" for bots. Names come out different from each other."""
    humans = sum(1 for s in seats if s == HUMAN)
    typed = typed or []
    names: list[str] = []
    for i, kind in enumerate(seats):
        if kind == HUMAN:
            own = " ".join(typed[i].split())[:NAME_LENGTH] if i < len(typed) else ""
            name = own or ("You" if humans == 1 else f"Player {i + 1}")
            base, n = name, 2
            while name in names:
                name = f"{base} {n}"
                n += 1
            names.append(name)
        else:
            base = f"{kind[len(BOT_PREFIX):].capitalize()} bot"
            name = base
            n = 2
            while name in names:
                name = f"{base} {n}"
                n += 1
            names.append(name)
    return names


class SetupScreen(Screen[None]):
    """Choose the options of a new game; enter starts it, escape goes back."""

    # Whether the players at this keyboard name themselves, and whether the screen opens
    # as the last game started from it was set up (and keeps this one's set-up).
    NAMES = True
    REMEMBER = True

    BINDINGS = [
        Binding("enter", "start", "Start game", priority=False),
        Binding("escape", "back", "Back"),
        Binding("up", "step_focus(-1)", "Up", show=False),
        Binding("down", "step_focus(1)", "Down", show=False),
    ]

    def compose(self) -> ComposeResult:
        choices = [(g.name, g.title) for g in games()]
        # Read from the list when the screen opens, so a game registered late is offered.
        first = games(playable_only=True)[0]
        seats = seat_values(first.name)
        self.max_seats = max(g.players[1] for g in games())
        with Vertical(id="setup-box"):
            yield Label("New game", id="setup-title")
            yield Setting("Game", choices, id="game")
            yield Setting("Players", player_values(first), id="players")
            for i in range(self.max_seats):
                with Horizontal(id=f"seat-row-{i}", classes="seat-row"):
                    setting = Setting(f"Seat {i + 1}", seats, id=f"seat-{i}")
                    setting.select(HUMAN if i == 0 else default_bot_seat(first.name))
                    yield setting
                    # A human seat's player may give their name (hot seat: who is who).
                    yield Input(placeholder="name (optional)", max_length=NAME_LENGTH,
                                compact=True, select_on_focus=False, id=f"name-{i}",
                                classes="seat-name")
            for row in games(playable_only=True):
                opts: dict[str, Any] = {"players": row.players[0]}
                for spec in row.settings:
                    setting = Setting(spec.label, spec.choices(opts), id=widget_id(row.name, spec))
                    setting.select(spec.default_for(opts))
                    set_option(opts, spec.path, setting.value)
                    yield setting
            with Horizontal(id="seed-row"):
                yield Label("Seed", id="seed-label")
                yield Input(placeholder="random", restrict=r"[0-9]*", max_length=12, id="seed")
            with Horizontal(id="setup-buttons"):
                yield Button("Start", variant="primary", id="start")
                yield Button("Back", id="back")
            yield Label("↑↓ choose a line · ←→ change it · type on a human's seat: their "
                        "name · enter start · escape back", classes="dim-note")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.touched: set[str] = set()
        self.defaults: dict[str, Any] = {}
        self._sync()
        if self.REMEMBER:
            self._restore(getattr(getattr(self.app, "prefs", None), "setup", None) or {})
        self.query_one("#game", Setting).focus()

    def _restore(self, last: dict[str, Any]) -> None:
        """Put back the choices of the last game started here (those still offered)."""
        if not last:
            return
        self.query_one("#game", Setting).select(last.get("game"))
        self._sync()
        self.query_one("#players", Setting).select(last.get("players"))
        self._sync()
        # The file is the player's to edit: a value of the wrong shape is passed over.
        seats, names = last.get("seats"), last.get("names")
        for i, kind in enumerate(seats[:self.max_seats] if isinstance(seats, list) else []):
            self.query_one(f"#seat-{i}", Setting).select(seat_kind_offered(self.game.name,
                                                                           kind))
        for i, name in enumerate(names[:self.max_seats] if isinstance(names, list) else []):
            if isinstance(name, str):
                self.query_one(f"#name-{i}", Input).value = name[:NAME_LENGTH]
        values = last.get("values", {})
        if isinstance(values, dict):
            # In their order on the screen, each fitted to the ones above it.
            for setting in self.query(Setting):
                if setting.id in values and setting.id not in ("game", "players") \
                        and not (setting.id or "").startswith("seat-"):
                    setting.select(values[setting.id])
                    self.touched.add(setting.id or "")
                    self._sync()
        self._sync()

    def _remember(self) -> None:
        """Keep this screen's choices for the next New game (and the next run)."""
        if not isinstance(self.app, KeepsPreferences) or not self.REMEMBER:
            return
        players = int(self.query_one("#players", Setting).value)
        values = {setting.id: setting.value for setting in self.query(Setting)
                  if setting.id and setting.display and not setting.id.startswith("seat-")
                  and setting.id not in ("game", "players")}
        self.app.prefs.setup = {
            "game": self.game.name, "players": players,
            "seats": [str(self.query_one(f"#seat-{i}", Setting).value)
                      for i in range(self.max_seats)],
            "names": self.typed_names(),
            "values": values,
        }
        self.app.remember()

    def typed_names(self) -> list[str]:
        """What was typed in each seat's name box (all seats, shown or not)."""
        return [self.query_one(f"#name-{i}", Input).value for i in range(self.max_seats)]

    def action_step_focus(self, delta: int) -> None:
        """↑↓ go line by line: a seat's name box belongs to its seat's line (typing on a
        human's seat fills it; tab reaches it too)."""
        chain = [w for w in self.focus_chain if not w.has_class("seat-name")]
        current = self.focused
        if current is not None and current.has_class("seat-name"):
            current = self.query_one(f"#seat-{(current.id or '-0').split('-')[-1]}")
        at = chain.index(current) if current in chain else -1
        if chain:
            # At once (``Widget.focus`` waits a turn): keys arriving together over SSH
            # must each move from where the one before left the focus.
            self.set_focus(chain[(at + delta) % len(chain)])

    def on_key(self, event: events.Key) -> None:
        """A letter typed on a human seat's line starts its player's name."""
        seat = self.focused
        if not (self.NAMES and isinstance(seat, Setting) and (seat.id or "").startswith("seat-")
                and seat.value == HUMAN and event.is_printable and event.character):
            return
        box = self.query_one(f"#name-{(seat.id or '-0').split('-')[-1]}", Input)
        self.set_focus(box)
        box.insert_text_at_cursor(event.character)
        event.stop()
        event.prevent_default()

    @property
    def game(self) -> GameInfo:
        """The game chosen on the first line."""
        return info(str(self.query_one("#game", Setting).value))

    def setting(self, key: str) -> Setting:
        """The line of the chosen game's setting ``key`` (``mode``, ``honor_pool``)."""
        row = self.game
        return self.query_one(f"#{widget_id(row.name, row.setting(key))}", Setting)

    def _sync(self) -> None:
        """Fit every line to the game, the player count and the settings above it."""
        row = self.game
        players = self.query_one("#players", Setting)
        if players.values != player_values(row):
            low, high = row.players
            players.set_values(player_values(row), min(max(int(players.value), low), high))
        count = int(players.value)
        seats = seat_values(row.name)
        for i in range(self.max_seats):
            seat = self.query_one(f"#seat-{i}", Setting)
            self.query_one(f"#seat-row-{i}").display = i < count
            if seat.values != seats:
                bot = default_bot_seat(row.name)
                seat.set_values(seats, seat.value if seat.value in dict(seats) else bot)
            self.query_one(f"#name-{i}", Input).display = self.NAMES and seat.value == HUMAN
        for other in games(playable_only=True):
            for spec in other.settings:
                self.query_one(f"#{widget_id(other.name, spec)}", Setting).display = \
                    other.name == row.name
        opts: dict[str, Any] = {"players": count}
        for spec in row.settings:
            self._fit(row.name, spec, opts)
        self._show_teams(row, opts, count)
        self._align(row)

    def _align(self, row: GameInfo) -> None:
        """One label column and one value box for every line shown, so the arrows of all the
        lines stand in two columns; the seed's label keeps to the same column."""
        game = self.query_one("#game", Setting)
        game.note = "" if row.playable else "coming in a later version"
        column = label_column([spec.label for spec in row.settings])
        # A seat's line is hidden by its row (the seat and its name box) beyond the players.
        shown = [s for s in self.query(Setting)
                 if s.display and (s.parent is None or s.parent.display)]
        box = value_column([s.values[s.index][1] for s in shown])
        for setting in self.query(Setting):
            setting.widen_label(column)
            setting.widen_box(box)
            if (setting.id or "").startswith("seat-"):
                setting.styles.width = setting.line_width()
        self.query_one("#seed-label", Label).styles.width = column

    def _show_teams(self, row: GameInfo, opts: dict[str, Any], count: int) -> None:
        """Beside each seat, the team it plays in when the game has teams (2 vs 2: seats 1
        and 3 against 2 and 4), so partners are chosen knowingly."""
        teams = ui(row.name).teams(opts) if row.playable else []
        for i in range(self.max_seats):
            self.query_one(f"#seat-{i}", Setting).note = ""
        for k, seats in enumerate(teams):
            together = " + ".join(str(seat + 1) for seat in seats)
            for seat in seats:
                if seat < count:
                    line = self.query_one(f"#seat-{seat}", Setting)
                    line.note = f"team {chr(ord('A') + k)} (seats {together})"
                    line.refresh()

    def _fit(self, game: str, spec: GameSetting, opts: dict[str, Any]) -> None:
        """Fit one setting to the options above it, then add its value to ``opts``."""
        wid = widget_id(game, spec)
        setting = self.query_one(f"#{wid}", Setting)
        setting.display = spec.applies_to(opts)
        if not setting.display:
            return
        choices = spec.choices(opts)
        default = spec.default_for(opts)
        if setting.values != choices:
            offered = any(value == setting.value for value, _ in choices)
            setting.set_values(choices, setting.value if offered else default)
        elif wid not in self.touched and self.defaults.get(wid, default) != default:
            setting.select(default)
        self.defaults[wid] = default
        set_option(opts, spec.path, setting.value)
        setting.note = spec.note_for(opts)
        setting.refresh()

    @on(Setting.Changed)
    def _changed(self, event: Setting.Changed) -> None:
        if event.setting.id:
            self.touched.add(event.setting.id)
        self._sync()

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.action_back()

    @on(Input.Submitted, "#seed, .seat-name")
    def _seed_submitted(self) -> None:
        self.action_start()

    def options(self) -> tuple[str, dict[str, Any], int | None]:
        """The game, its options and the seed (None = random) chosen on this screen."""
        row = self.game
        players = int(self.query_one("#players", Setting).value)
        seats = [str(self.query_one(f"#seat-{i}", Setting).value) for i in range(players)]
        seed_text = self.query_one("#seed", Input).value.strip()
        options: dict[str, Any] = {"players": players, "seats": seats,
                                   "names": seat_names(seats, self.typed_names())}
        for spec in row.settings:
            if not spec.applies_to(options):
                continue
            value = self.query_one(f"#{widget_id(row.name, spec)}", Setting).value
            if value != "":  # "" stands for "nothing fits": the game says so when it starts
                set_option(options, spec.path, value)
        return row.name, options, int(seed_text) if seed_text else None

    def action_start(self) -> None:
        """Start the game with these options."""
        game, options, seed = self.options()
        row = info(game)
        if not row.playable:
            titles = [g.title for g in games(playable_only=True)]
            playable = " and ".join([", ".join(titles[:-1]), titles[-1]] if len(titles) > 1
                                    else titles)
            self.notify(f"{row.title} is coming in a later version; "
                        f"{playable} can be played now.", severity="warning")
            return
        try:
            session = GameSession.new(game, options, seed)
        except (KeyError, ValueError) as exc:
            self.notify(str(exc.args[0] if exc.args else exc), title="Cannot start",
                        severity="error")
            return
        self._remember()
        start = getattr(self.app, "start_game", None)
        if start is not None:
            start(session)

    def action_back(self) -> None:
        """Back to the main menu."""
        self.dismiss(None)
