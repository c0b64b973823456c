"""New game set-up: game, players, who plays each seat, the game's own options, and seed.

Ascension asks for the edition and the Honor pool; Ascension at Firepeak for its two
variants (Clan Powers, reshuffling the Recruitment deck once); Ascension Tactics for the
mode (tied to the player count), a scenario played in that mode by that many players, and
whether champions are drafted. Settings that do not apply to the chosen game are hidden.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Label

from core.contract import COMING, GAMES
from core.tactics.scenarios import MODE_PLAYERS, scenarios, victory_short
from tui.screens.load import game_title
from tui.session import BOT_PREFIX, HUMAN, GameSession, available_bots
from tui.widgets.footer import KeyFooter
from tui.widgets.setting import Setting

MAX_SEATS = 5
HONOR_PER_PLAYER = 30
# Player counts each game takes.
PLAYER_RANGE = {"ascension": (2, 4), "firepeak": (2, 5), "tactics": (2, 4)}
# Settings shown only for one game.
GAME_SETTINGS = {"ascension": ("edition", "honor"), "firepeak": ("clan-powers", "reshuffle"),
                 "tactics": ("mode", "scenario", "draft")}
ON_OFF = [(False, "off"), (True, "on")]
MODE_LABELS = {"1v1": "1 vs 1", "2v2": "2 vs 2 teams", "brawl": "brawl"}


def tactics_modes(players: int) -> list[tuple[str, str]]:
    """The Tactics modes played by ``players`` seats (2: 1 vs 1; 3: brawl; 4: teams or brawl)."""
    return [(m, MODE_LABELS[m]) for m in ("1v1", "2v2", "brawl") if players in MODE_PLAYERS[m]]


def tactics_scenarios(players: int, mode: str) -> list[tuple[str, str]]:
    """The scenarios that can be played by ``players`` seats in ``mode``, as (id, name)."""
    return [(sc.id, sc.name) for sc in scenarios() if players in sc.players and mode in sc.modes]


def seat_names(seats: list[str]) -> list[str]:
    """Display names: "You" for a lone human, "Player N" for several, "Greedy bot" for bots."""
    humans = sum(1 for s in seats if s == HUMAN)
    names: list[str] = []
    for i, kind in enumerate(seats):
        if kind == HUMAN:
            names.append("You" if humans == 1 else f"Player {i + 1}")
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

    BINDINGS = [
        Binding("enter", "start", "Start game", priority=False),
        Binding("escape", "back", "Back"),
        Binding("up", "app.focus_previous", "Up", show=False),
        Binding("down", "app.focus_next", "Down", show=False),
    ]

    def compose(self) -> ComposeResult:
        bots = available_bots()
        seat_values = [(HUMAN, "Human")] + [(f"{BOT_PREFIX}{b}", f"Bot: {b}") for b in bots]
        default_bot = f"{BOT_PREFIX}{bots[0]}" if bots else HUMAN
        games = [(key, game_title(key)) for key in GAMES] + [
            (key, f"{title} (coming)") for key, title in COMING.items()]
        with Vertical(id="setup-box"):
            yield Label("New game", id="setup-title")
            yield Setting("Game", games, id="game")
            yield Setting("Players", self._player_values("ascension"), id="players")
            for i in range(MAX_SEATS):
                setting = Setting(f"Seat {i + 1}", seat_values, id=f"seat-{i}")
                setting.select(HUMAN if i == 0 else default_bot)
                yield setting
            yield Setting("Edition", [(1, "1 · original"), (2, "2 · 10th anniversary")],
                          id="edition")
            yield Setting("Honor pool", [(n, str(n)) for n in range(5, 405, 5)],
                          note="30 per player", id="honor")
            yield Setting("Clan Powers", ON_OFF, note="each clan's own ability",
                          id="clan-powers")
            yield Setting("Reshuffle", ON_OFF, note="the Recruitment deck once: longer game",
                          id="reshuffle")
            yield Setting("Mode", tactics_modes(2), id="mode")
            yield Setting("Scenario", tactics_scenarios(2, "1v1"), id="scenario")
            yield Setting("Draft", ON_OFF, note="take turns picking champions",
                          id="draft")
            with Horizontal(id="seed-row"):
                yield Label("Seed", id="seed-label")
                yield Input(placeholder="random", restrict=r"[0-9]*", max_length=12, id="seed")
            with Horizontal(id="setup-buttons"):
                yield Button("Start", variant="primary", id="start")
                yield Button("Back", id="back")
            yield Label("↑↓ choose a line · ←→ change it · enter start · escape back",
                        classes="dim-note")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.honor_touched = False
        self._sync()
        self.query_one("#game", Setting).focus()

    @staticmethod
    def _player_values(game: str) -> list[tuple[int, str]]:
        low, high = PLAYER_RANGE.get(game, (2, 4))
        return [(n, str(n)) for n in range(low, high + 1)]

    def _sync(self) -> None:
        game = str(self.query_one("#game", Setting).value)
        players_setting = self.query_one("#players", Setting)
        low, high = PLAYER_RANGE.get(game, (2, 4))
        if players_setting.values != self._player_values(game):
            keep = min(max(int(players_setting.value), low), high)
            players_setting.set_values(self._player_values(game), keep)
        for owner, ids in GAME_SETTINGS.items():
            for setting_id in ids:
                self.query_one(f"#{setting_id}", Setting).display = owner == game
        players = int(players_setting.value)
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-{i}", Setting).display = i < players
        self._sync_tactics(players)
        if not self.honor_touched:
            self.query_one("#honor", Setting).select(HONOR_PER_PLAYER * players)

    def _sync_tactics(self, players: int) -> None:
        """Tactics: the modes of this player count, then the scenarios of that mode."""
        mode = self.query_one("#mode", Setting)
        modes = tactics_modes(players)
        if mode.values != modes:
            mode.set_values(modes, mode.value)
        scenario = self.query_one("#scenario", Setting)
        fitting = tactics_scenarios(players, str(mode.value))
        if scenario.values != fitting:
            scenario.set_values(fitting or [("", "none for this mode")], scenario.value)
        chosen = next((sc for sc in scenarios() if sc.id == scenario.value), None)
        scenario.note = victory_short(chosen) if chosen else ""
        scenario.refresh()

    @on(Setting.Changed)
    def _changed(self, event: Setting.Changed) -> None:
        if event.setting.id == "honor":
            self.honor_touched = True
        self._sync()

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.action_back()

    @on(Input.Submitted, "#seed")
    def _seed_submitted(self) -> None:
        self.action_start()

    def options(self) -> tuple[str, dict, int | None]:
        """The game, its options and the seed (None = random) chosen on this screen."""
        game = self.query_one("#game", Setting).value
        players = int(self.query_one("#players", Setting).value)
        seats = [str(self.query_one(f"#seat-{i}", Setting).value) for i in range(players)]
        seed_text = self.query_one("#seed", Input).value.strip()
        options: dict = {"players": players, "seats": seats, "names": seat_names(seats)}
        if game == "firepeak":
            options["variants"] = {
                "clan_powers": bool(self.query_one("#clan-powers", Setting).value),
                "reshuffle_once": bool(self.query_one("#reshuffle", Setting).value),
            }
        elif game == "tactics":
            options["mode"] = str(self.query_one("#mode", Setting).value)
            scenario = str(self.query_one("#scenario", Setting).value)
            if scenario:
                options["scenario"] = scenario
            options["draft"] = bool(self.query_one("#draft", Setting).value)
        else:
            options["edition"] = int(self.query_one("#edition", Setting).value)
            options["honor_pool"] = int(self.query_one("#honor", Setting).value)
        return game, options, int(seed_text) if seed_text else None

    def action_start(self) -> None:
        """Start the game with these options."""
        game, options, seed = self.options()
        if game in COMING:
            titles = [game_title(key) for key in GAMES]
            playable = " and ".join([", ".join(titles[:-1]), titles[-1]] if len(titles) > 1
                                    else titles)
            self.notify(f"{COMING[game]} is coming in a later version; "
                        f"{playable} can be played now.", severity="warning")
            return
        try:
            session = GameSession.new(game, options, seed)
        except (KeyError, ValueError) as exc:
            self.notify(str(exc.args[0] if exc.args else exc), title="Cannot start",
                        severity="error")
            return
        start = getattr(self.app, "start_game", None)
        if start is not None:
            start(session)

    def action_back(self) -> None:
        """Back to the main menu."""
        self.dismiss(None)
