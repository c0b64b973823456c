"""Starting a campaign that picks nothing at the start: its opening, the few options it asks
for (its flow's ``settings``), and enter sets out. The player plays at the keyboard; the
campaign file is written at once and the campaign opens on its first chapter."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Label, Static

from core.games import Setting as SettingRow
from core.games import campaign_flow, title
from tui.screens.setup import seat_names
from tui.session import HUMAN
from tui.widgets.footer import KeyFooter
from tui.widgets.setting import Setting, label_column, value_column


class StartCampaignScreen(Screen[None]):
    """Set up a new campaign of one game; enter sets out."""

    CSS_PATH = Path(__file__).with_name("campaign.tcss")

    BINDINGS = [
        Binding("enter", "confirm", "Set out"),
        Binding("escape", "back", "Back"),
        Binding("up", "app.focus_previous", "Up", show=False),
        Binding("down", "app.focus_next", "Down", show=False),
    ]

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game
        self.flow = campaign_flow(game)
        self.rows = [SettingRow(**row) for row in self.flow.settings]

    def compose(self) -> ComposeResult:
        with Vertical(id="new-campaign-box"):
            yield Label(f"New campaign of {title(self.game)}: {self.flow.title}",
                        id="campaign-title")
            yield Static(self.flow.opening, id="campaign-opening")
            chosen: dict[str, Any] = {"players": 1}
            column = label_column([row.label for row in self.rows])
            # One box for every value a line may show, so the arrows stand still and in line.
            box = value_column([text for row in self.rows for _, text in row.choices(chosen)])
            for i, row in enumerate(self.rows):
                choices = row.choices(chosen)
                default = row.default_for(chosen)
                widget = Setting(row.label, choices, note=row.note_for(chosen),
                                 id=f"campaign-setting-{i}")
                widget.select(default)
                widget.widen_label(column)
                widget.widen_box(box)
                chosen[row.key] = default
                yield widget
            yield Label("Enter sets out on the first chapter; escape goes back.",
                        id="pick-title")
        yield KeyFooter()

    def on_mount(self) -> None:
        settings = self.query(Setting)
        if settings:
            settings.first().focus()

    def options(self) -> dict[str, Any]:
        """Who plays (you, at the keyboard) and the options chosen."""
        seats = [HUMAN]
        out: dict[str, Any] = {"players": 1, "seats": seats, "names": seat_names(seats)}
        for i, row in enumerate(self.rows):
            out[row.key] = self.query_one(f"#campaign-setting-{i}", Setting).value
        return out

    def action_confirm(self) -> None:
        """Write the campaign and open it."""
        from saves.format import SaveError
        from tui.campaign import CampaignPlay
        from tui.screens.campaign import CampaignScreen

        try:
            play = CampaignPlay.create(self.options(), [], game=self.game)
        except (SaveError, ValueError) as exc:
            self.notify(str(exc), title="Cannot start the campaign", severity="error")
            return
        self.app.switch_screen(CampaignScreen(play.path))

    def action_back(self) -> None:
        """Back to the list of campaigns."""
        self.dismiss(None)
