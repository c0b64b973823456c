"""The Ascension table: center row, piles, your hand and constructs, opponents, log and hints.

The screen draws the engine's view for the seat at the keyboard (the lines around the cards
in ``board``, the cards in ``cards``) and turns key presses into actions; the engine decides
whether they are legal (its ``IllegalAction`` reason is shown as is) and puts every action
and question into words (``core.ascension.words``). Bots and hints run in workers so the
screen stays live.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from core.ascension.menus import by_card, meant_action
from core.ascension.rules import DECLINE, END
from core.ascension.view import AscensionView
from core.ascension.words import action_phrase, card_name, describe, question_phrase
from core.contract import Action, Event
from core.words import plain
from tui.games.ascension.board import (
    center_label,
    hand_label,
    move_prompt,
    opponent_lines,
    status_line,
)
from tui.games.ascension.cards import CardView
from tui.games.ascension.choices import ability_menu, decision_menu
from tui.games.ascension.events import event_line
from tui.games.ascension.text import detail, said
from tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from tui.screens.table import (
    HINT_AND_GAME_BINDINGS,
    LOG_BINDINGS,
    TableScreen,
    end_turn_question,
    find_hint,
)
from tui.widgets.footer import KeyFooter
from tui.widgets.panels import HintPanel, LogView
from tui.widgets.redraw import update_static

ROW_SLOTS = 6
HAND_POOL = 10
CONSTRUCT_POOL = 6
ZONES = ("center", "hand", "constructs")


class AscensionScreen(TableScreen):
    """One game of Ascension in play."""

    CSS_PATH = Path(__file__).with_name("ascension.tcss")

    HINT_USE = "H/enter: do it"

    BINDINGS = [
        Binding("a", "play_all", "Play all"),
        Binding("e", "end_turn", "End turn"),
        *HINT_AND_GAME_BINDINGS,
        Binding("left", "nav(-1, 0)", "←", show=False),
        Binding("right", "nav(1, 0)", "→", show=False),
        Binding("up", "nav(0, -1)", "↑", show=False),
        Binding("down", "nav(0, 1)", "↓", show=False),
        *LOG_BINDINGS,
    ]

    # --- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="opponents")
        yield Static(id="center-label", classes="zone-label")
        with Horizontal(id="board"):
            with Horizontal(id="center"):
                for i in range(ROW_SLOTS):
                    yield CardView("center", i, id=f"slot-{i}")
            with Vertical(id="piles"):
                yield CardView("center", ROW_SLOTS, compact=True, id="pile-mystic")
                yield CardView("center", ROW_SLOTS + 1, compact=True, id="pile-heavy")
                yield CardView("center", ROW_SLOTS + 2, compact=True, id="pile-cultist")
        yield Static(id="hand-label", classes="zone-label")
        with Horizontal(id="hand"):
            yield Static(id="hand-empty")
            # A pool mounted up front, so focus can land on a hand card at once; _ensure
            # mounts more for a very large hand.
            for i in range(HAND_POOL):
                yield CardView("hand", i)
        with Horizontal(id="constructs-row"):
            yield Static("Constructs:", id="constructs-label")
            with Horizontal(id="constructs"):
                for i in range(CONSTRUCT_POOL):
                    yield CardView("constructs", i, compact=True)
        yield Static(id="prompt")
        with Horizontal(id="bottom"):
            yield LogView(id="log")
            with Vertical(id="side"):
                yield Static(id="detail")
                yield HintPanel(id="hint")
        yield KeyFooter()

    # --- hooks of the table ------------------------------------------------------------------

    def banner(self) -> str:
        """The first log line: players and seed."""
        s = self.session
        return f"Ascension · {' vs '.join(s.names)} · seed {s.seed}"

    def hint_for(self, view: Any, legal: list[Action]) -> tuple[Action, str] | None:
        """The hint for this position (see ``find_hint``)."""
        return find_hint(self.session.game, view, legal, describe)

    def mark_hint(self, action: Action | None) -> None:
        """Mark the card the hint is about (none: unmark every card); the focus stays."""
        for view_ in self.query(CardView):
            view_.set_class(action is not None and view_.display and view_.uid == action.card
                            and view_.card is not None, "-hinted")

    def point_at_hint(self, action: Action) -> None:
        """Focus the card the hint is about, so enter does it (h with a hint shown)."""
        for view_ in self.query(CardView):
            if view_.display and view_.uid == action.card and view_.card is not None:
                self.set_focus(view_)
                break

    def take_hint(self, action: Action) -> None:
        """Play the hinted action; advance even after a refusal, so a pending choice the
        refusal left open is asked again."""
        self.do(action)
        self.advance()

    def log_line(self, seat: int, action: Action) -> Text:
        """The action in the engine's words, its card in its faction's colour."""
        v = self.view_for(seat)
        return said(v, action_phrase(v, action))

    def event_line(self, e: Event) -> tuple[str, str] | None:
        """One log line for a notable event, with its style."""
        v = self.view_for(self.table_seat())
        return event_line(v, self.session.names, e, self.events_after)

    def offer_decision(self, seat: int) -> None:
        """Open the pending choice of ``seat``, if any."""
        if self.view_for(seat).pending is not None:
            self._ask_decision(seat)

    def handover_reason(self, seat: int) -> str:
        """Why ``seat`` takes the keyboard: a choice during another turn, or their turn."""
        v = self.view_for(seat)
        d = v.pending
        if d is not None and seat != v.current:
            source = card_name(v, d.source) if d.source >= 0 else "a card"
            return (f"{self.player_name(v.current)} played {source}: "
                    f"{self.player_name(seat)} must answer — {plain(question_phrase(d))}")
        if seat == v.current:
            return f"It is {self.player_name(seat)}'s turn."
        return ""

    # --- drawing -----------------------------------------------------------------------------

    def _zone_cards(self, zone: str) -> list[CardView]:
        if zone == "center":
            cards = list(self.query_one("#center").query(CardView))
            cards += [self.query_one(f"#pile-{p}", CardView) for p in ("mystic", "heavy",
                                                                         "cultist")]
        else:
            cards = list(self.query_one(f"#{zone}").query(CardView))
        return [c for c in cards if c.display and c.card is not None]

    def _ensure(self, container: Widget, zone: str, count: int, compact: bool) -> list[CardView]:
        views = list(container.query(CardView))
        while len(views) < count:
            view = CardView(zone, len(views), compact=compact)
            container.mount(view)
            views.append(view)
        for i, view in enumerate(views):
            view.display = i < count
        return views

    def refresh_table(self) -> None:
        """Redraw from the engine's view for the seat at the keyboard: only the lines and
        cards whose content changed are drawn again (``tui.widgets.redraw``)."""
        seat = self.table_seat()
        hidden = self.viewer is None
        v: AscensionView = self.view_for(seat)
        acting = by_card(self.session.legal() if self.my_move() else [])
        width = self.size.width or 80
        # The bars keep their size whatever they say (one line each, one per opponent, cut
        # to the width): no layout for them.
        self._line("#status", status_line(v, self.session.round, width), layout=False)
        self._line("#opponents", opponent_lines(v, seat, width), layout=False)
        self._line("#center-label", center_label(v, width), layout=False)
        for i, slot in enumerate(self.query_one("#center").query(CardView)):
            uid = v.center_row[i] if i < len(v.center_row) else -1
            slot.show(uid, v.cards[uid] if uid >= 0 else None, mark=uid in acting)
        for key, pile in (("mystic", v.mystics), ("heavy", v.heavies)):
            top = pile[-1] if pile else -1
            self.query_one(f"#pile-{key}", CardView).show(
                top, v.cards[top] if top >= 0 else None, mark=top in acting)
        self.query_one("#pile-cultist", CardView).show(
            v.cultist, v.cards[v.cultist], mark=v.cultist in acting)
        me = v.players[seat]
        hand = () if hidden or me.hand is None else me.hand
        self._line("#hand-label", hand_label(v, seat, hidden), layout=False)
        self.query_one("#hand-empty", Static).display = not hand
        if hidden:
            self._line("#hand-empty", Text("Hidden until the next player takes the keyboard.",
                                           style="dim"))
        elif not hand:
            self._line("#hand-empty", Text("No cards in hand: spend what you made, then e "
                                           "ends the turn.", style="dim"))
        for view, uid in zip(self._ensure(self.query_one("#hand"), "hand", len(hand), False),
                             hand, strict=False):
            view.show(uid, v.cards[uid])
        views = self._ensure(self.query_one("#constructs"), "constructs", len(me.constructs),
                             True)
        for view, uid in zip(views, me.constructs, strict=False):
            spent = v.spent(uid)
            note = "used" if spent and seat == v.current else ""
            view.show(uid, v.cards[uid], note=note, mark=uid in acting, dim=spent)
        self._line("#constructs-label", "Constructs:" if me.constructs else
                   Text.assemble("Constructs: ", ("none", "dim")))
        self._draw_prompt(v)
        self._draw_detail()
        self._draw_hint()

    def _line(self, selector: str, content: str | Text, layout: bool = True) -> None:
        update_static(self.query_one(selector, Static), content, layout=layout)

    def _draw_prompt(self, v: Any) -> None:
        self._line("#prompt", self.prompt_text(v), layout=False)

    def move_prompt(self, v: Any) -> Text:
        """The pending choice, or what was played and the keys to go on."""
        return move_prompt(v, self.player_name(v.to_move))

    def _draw_detail(self) -> None:
        focused = self.focused
        if isinstance(focused, CardView) and focused.card is not None:
            self._line("#detail", detail(focused.card), layout=False)  # a fixed panel
        else:
            self._line("#detail", Text("Move with the arrow keys; the focused card is "
                                       "described here.", style="dim"), layout=False)

    def on_descendant_focus(self) -> None:
        self._draw_detail()

    # --- doing things ----------------------------------------------------------------------

    def primary(self, view: CardView) -> None:
        """Enter on a card: its play / acquire / defeat / activate action, as the engine
        allows; a construct with several abilities usable now asks which. With nothing
        allowed, the action the player means goes to the engine, which says why not."""
        if not self._can_act() or self.viewer is None:
            return
        uid = view.uid
        actions = by_card(self.session.legal()).get(uid, [])
        if len(actions) == 1:
            self.do(actions[0])
        elif actions:
            self._ask_ability(uid, actions)
        else:
            self.do(meant_action(self.view_for(self.viewer), uid))

    def _ask_ability(self, uid: int, actions: list[Action]) -> None:
        menu = ability_menu(self.view_for(self.viewer), uid, actions)

        def chosen(index: int | None) -> None:
            self.modal_open = False
            if index is not None:
                self.do(menu.actions[index])
            self.advance()

        self.modal_open = True
        self.app.push_screen(ChoiceScreen(menu.title, menu.labels), chosen)

    @on(CardView.Chosen)
    def _card_chosen(self, event: CardView.Chosen) -> None:
        event.stop()
        to = self.state.to_move
        if to is not None and to == self.viewer and self.view_for(to).pending is not None:
            self.advance()
            return
        self.primary(event.card_view)
        self.advance()

    @on(HintPanel.Apply)
    def _hint_apply(self) -> None:
        self.action_use_hint()

    # --- the flow of turns -----------------------------------------------------------------

    def _ask_decision(self, seat: int) -> None:
        """The pending decision of ``seat`` as a menu of its legal answers."""
        v = self.view_for(seat)
        pending = v.pending
        legal = self.session.legal()
        menu = decision_menu(v, legal)

        def chosen(index: int | None) -> None:
            self.modal_open = False
            if index is None and pending.optional:
                self.do(Action(DECLINE))
            elif index is not None:
                self.do(menu.actions[index])
            self.advance()

        game = self.session.game

        def advise() -> tuple[int, str] | None:
            result = find_hint(game, v, legal, describe)
            if result is None or result[0] not in menu.actions:
                return None
            return menu.actions.index(result[0]), result[1]

        self.modal_open = True
        self.app.push_screen(
            ChoiceScreen(menu.title, menu.labels, menu.details,
                         "decline" if pending.optional else "", advise=advise), chosen)

    def _focus_default(self) -> None:
        if isinstance(self.focused, CardView) and self.focused.display \
                and self.focused.card is not None:
            return
        for zone in ("hand", "center"):
            cards = self._zone_cards(zone)
            if cards:
                self.set_focus(cards[0])
                return

    # --- key actions -----------------------------------------------------------------------

    def action_nav(self, dx: int, dy: int) -> None:
        """Arrow keys: move between cards of a zone (left/right) and between zones (up/down)."""
        focused = self.focused
        if not isinstance(focused, CardView) or not focused.display:
            self._focus_default()
            return
        zone = focused.zone if focused.zone in ZONES else "center"
        cards = self._zone_cards(zone)
        if dx:
            if focused in cards:
                i = cards.index(focused) + dx
                if 0 <= i < len(cards):
                    self.set_focus(cards[i])
            return
        zi = ZONES.index(zone) + dy
        x = focused.region.x
        while 0 <= zi < len(ZONES):
            target = self._zone_cards(ZONES[zi])
            if target:
                best = min(target, key=lambda c: abs(c.region.x - x))
                self.set_focus(best)
                return
            zi += dy

    def action_play_all(self) -> None:
        """Play every card in hand that asks no question (tried on a copy of the state first)."""
        if not self._can_act():
            return
        if not self.play_quiet_cards("play"):
            self.notify("Nothing to play without a choice: pick cards with enter.")
        self._focus_default()
        self.advance()

    def action_end_turn(self) -> None:
        """End the turn; asks first if cards are still in hand, or the Runes and Power left
        would still acquire or defeat a card."""
        if not self._can_act():
            return
        v = self.view_for(self.viewer)
        if v.pending is not None:
            self.advance()
            return
        hand = v.me.hand or ()
        kinds = {a.kind for a in self.session.legal()}
        could = [word for kind, word in (("acquire", "acquire"), ("defeat", "defeat"))
                 if kind in kinds]
        left = f" ({v.runes + v.mechana_runes} Runes, {v.power} Power left)" if could else ""
        question = end_turn_question(len(hand), " or ".join(could) + " a card" + left
                                     if could else "")
        if question is None:
            self._end_turn()
            return

        def answer(yes: bool | None) -> None:
            self.modal_open = False
            if yes:
                self._end_turn()
            else:
                self.advance()

        self.modal_open = True
        self.app.push_screen(ConfirmScreen(question), answer)

    def _end_turn(self) -> None:
        self.do(Action(END))
        self.advance()
