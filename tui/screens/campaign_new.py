"""Starting a campaign: its opening, who plays (one hero, or two at one keyboard), how the
Villains' ties are settled, and each hero's champions picked from the campaign's pool.

In co-op the heroes pick one after the other: the first hero's champions are kept, and the
second picks from the rest. The campaign file is written when the last hero has picked, and
the campaign opens on its first chapter.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Label, SelectionList, Static
from textual.widgets.selection_list import Selection

from core.tactics import campaign_flow as flow
from core.tactics.cards import CardDef, by_id
from tui.screens.setup import seat_names, seat_values
from tui.session import HUMAN
from tui.widgets.footer import KeyFooter
from tui.widgets.setting import Setting

HERO_COUNTS = [(1, "1 · solo"), (2, "2 · co-op at one keyboard")]
TIE_CHOICES = [("ask", "you choose"), ("auto", "settled by a fixed rule")]


def champion_line(card: CardDef, chosen: bool = False, taken_by: str = "") -> Text:
    """One line of the pool: name, faction and numbers, and in words whether the hero
    picking has taken it (the box's colour alone is lost without colours) or another hero
    has."""
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append(f"{card.name:<22}", style="bold")
    out.append(f" {card.faction.capitalize():<12}", style="dim")
    out.append(f" Str {card.strength}  Def {card.defense}  Spd {card.speed}")
    if chosen:
        out.append("  ✓ chosen", style="bold green")
    elif taken_by:
        out.append(f"  ({taken_by})", style="italic")
    return out


def possessive(name: str) -> str:
    """``Your`` for "You", else ``Name's``."""
    return "Your" if name == "You" else f"{name}'s"


def champion_detail(card: CardDef) -> str:
    """What a champion does, for the line under the pool."""
    return f"{card.name}: {card.text}"


class PickList(SelectionList[str]):
    """The campaign's pool: space (or a click) takes or puts back a champion; enter is the
    screen's (done picking)."""

    BINDINGS = [
        Binding("space", "select", "Take / put back"),
        Binding("enter", "screen.confirm", "Done"),
    ]


class NewCampaignScreen(Screen[None]):
    """Set up a new campaign of Ascension Tactics; enter sets out once the champions are
    picked (made with the game's name, as every new-campaign screen is)."""

    CSS_PATH = Path(__file__).with_name("campaign.tcss")

    BINDINGS = [
        Binding("enter", "confirm", "Set out"),
        Binding("escape", "back", "Back"),
        Binding("up", "app.focus_previous", "Up", show=False),
        Binding("down", "app.focus_next", "Down", show=False),
    ]

    def __init__(self, game: str = flow.GAME) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        c = flow.definition()
        # A plain Vertical that scrolls (campaign.tcss): a VerticalScroll would take ↑↓ for
        # itself, and they go from line to line here (the focused one scrolls into view).
        with Vertical(id="new-campaign-box"):
            yield Label(f"New campaign: {c.name}", id="campaign-title")
            yield Static(c.text, id="campaign-opening")
            yield Setting("Heroes", HERO_COUNTS, id="heroes")
            partner = Setting("Hero 2", seat_values(flow.GAME), id="partner")
            partner.select(HUMAN)
            yield partner
            yield Setting("Ties", TIE_CHOICES, id="ties",
                          note="when the Villains' orders tie")
            yield Label("", id="pick-title")
            yield PickList(id="pool")
            yield Static("", id="pick-detail")
        yield KeyFooter()

    def on_mount(self) -> None:
        # The picks kept for the heroes before the one picking now.
        self.picked: list[list[str]] = []
        self._fill()
        self.query_one("#heroes", Setting).focus()

    # --- what is chosen -------------------------------------------------------------------

    @property
    def heroes(self) -> int:
        """How many heroes play: 1 (solo) or 2 (co-op)."""
        return int(self.query_one("#heroes", Setting).value)

    @property
    def seats(self) -> list[str]:
        """The seat of each hero: the first at the keyboard, the second as chosen."""
        return [HUMAN] if self.heroes == 1 else [HUMAN,
                                                 str(self.query_one("#partner", Setting).value)]

    @property
    def need(self) -> int:
        """How many champions the hero picking now takes."""
        return flow.picks_per_hero(self.heroes)

    def chosen(self) -> list[str]:
        """The champions the hero picking now has taken, in pool order."""
        return list(self.query_one("#pool", PickList).selected)

    def _fill(self, selected: list[str] | None = None) -> None:
        """The pool for the hero picking now (``selected`` taken already): champions another
        hero took are shown, not offered."""
        cards = by_id()
        taken = self.taken()
        pool = self.query_one("#pool", PickList)
        pool.clear_options()
        for cid in flow.definition().pool:
            chosen = cid in (selected or ())
            pool.add_option(Selection(champion_line(cards[cid], chosen, taken.get(cid, "")),
                                      cid, chosen, disabled=cid in taken))
        pool.highlighted = next((i for i, cid in enumerate(flow.definition().pool)
                                 if cid not in taken), 0)
        self._sync()

    def taken(self) -> dict[str, str]:
        """The champions the heroes before the one picking now took, and who took each."""
        names = seat_names(self.seats)
        return {cid: names[i] for i, hero in enumerate(self.picked) for cid in hero}

    def _sync(self) -> None:
        """The title over the pool, the pool's lines, and the settings that apply."""
        pool = self.query_one("#pool", PickList)
        cards, taken, chosen = by_id(), self.taken(), set(pool.selected)
        for i, cid in enumerate(flow.definition().pool):
            pool.replace_option_prompt_at_index(
                i, champion_line(cards[cid], cid in chosen, taken.get(cid, "")))
        self.query_one("#partner", Setting).display = self.heroes == 2 and not self.picked
        for wid in ("#heroes", "#ties"):
            self.query_one(wid, Setting).display = not self.picked
        names = seat_names(self.seats)
        if self.heroes == 1:
            ask = f"Choose {self.need} champions to set out with"
        else:
            rest = " of the rest" if self.picked else ""
            ask = f"{possessive(names[len(self.picked)])} champions: choose {self.need}{rest}"
        self.query_one("#pick-title", Label).update(
            f"{ask} · {len(self.chosen())} of {self.need} chosen (space takes one)")

    @on(Setting.Changed)
    def _changed(self, event: Setting.Changed) -> None:
        if event.setting.id == "heroes":
            self.query_one("#pool", PickList).deselect_all()
        self._sync()

    @on(SelectionList.SelectionToggled, "#pool")
    def _toggled(self, event: SelectionList.SelectionToggled[str]) -> None:
        pool = self.query_one("#pool", PickList)
        if len(pool.selected) > self.need:
            pool.deselect(event.selection)
            self.notify(f"{self.need} are chosen already: put one back first.",
                        severity="warning", timeout=3)
        self._sync()

    @on(SelectionList.SelectionHighlighted, "#pool")
    def _highlighted(self, event: SelectionList.SelectionHighlighted[str]) -> None:
        card = by_id()[event.selection.value]
        self.query_one("#pick-detail", Static).update(champion_detail(card))

    # --- keys -----------------------------------------------------------------------------

    def action_confirm(self) -> None:
        """Done picking: the next hero picks, or the campaign starts."""
        from saves.format import SaveError
        from tui.campaign import CampaignPlay
        from tui.screens.campaign import CampaignScreen

        chosen = self.chosen()
        if len(chosen) != self.need:
            self.notify(f"Choose {self.need} champions ({len(chosen)} chosen): space takes "
                        "the highlighted one.", severity="warning", timeout=4)
            self.query_one("#pool", PickList).focus()
            return
        if len(self.picked) + 1 < self.heroes:
            self.picked.append(chosen)
            self._fill()
            self.query_one("#pool", PickList).focus()
            return
        options = {"players": self.heroes, "seats": self.seats,
                   "names": seat_names(self.seats),
                   "ties": str(self.query_one("#ties", Setting).value)}
        try:
            play = CampaignPlay.create(options, [*self.picked, chosen], game=self.game)
        except (SaveError, ValueError) as exc:
            self.notify(str(exc), title="Cannot start the campaign", severity="error")
            return
        self.app.switch_screen(CampaignScreen(play.path))

    def action_back(self) -> None:
        """Back to the previous hero's picks, or out."""
        if self.picked:
            self._fill(selected=self.picked.pop())
            return
        self.dismiss(None)
