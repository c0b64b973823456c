"""The Ascension table: center row, piles, your hand and constructs, opponents, log and hints.

The screen draws ``A.view`` for the seat at the keyboard and turns key presses into
actions; the engine decides whether they are legal (its ``IllegalAction`` reason is shown
as is). Bots and hints run in workers so the screen stays live.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

import core.ascension as A
from core.ascension.view import DECISION_PROMPTS
from core.contract import Action, Event
from tui import theme
from tui.games.ascension.cards import CardView
from tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from tui.screens.table import (
    HINT_AND_GAME_BINDINGS,
    LOG_BINDINGS,
    TableScreen,
    find_hint,
    possessive,
)
from tui.widgets.footer import KeyFooter
from tui.widgets.panels import HintPanel, LogView

ROW_SLOTS = 6
HAND_POOL = 10
CONSTRUCT_POOL = 6
ZONES = ("center", "hand", "constructs")
CARD_KINDS = ("play", "acquire", "defeat", "activate")


class AscensionScreen(TableScreen):
    """One game of Ascension in play."""

    CSS_PATH = Path(__file__).with_name("ascension.tcss")

    HINT_USE = "\nH or enter here: do it"

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
        return find_hint(self.session.game, view, legal, A.describe)

    def point_at_hint(self, action: Action) -> None:
        """Focus the card the hint is about, so enter does it."""
        for view_ in self.query(CardView):
            if view_.display and view_.uid == action.card and view_.card is not None:
                self.set_focus(view_)
                break

    def take_hint(self, action: Action) -> None:
        """Play the hinted action; advance even after a refusal, so a pending choice the
        refusal left open is asked again."""
        self.do(action)
        self.advance()

    def log_line(self, seat: int, action: Action) -> str:
        """The engine's own description of the action."""
        return self.session.describe(action)

    def offer_decision(self, seat: int) -> None:
        """Open the pending choice of ``seat``, if any."""
        pending = A.view(self.state, seat).pending
        if pending is not None:
            self._ask_decision(pending)

    def handover_reason(self, seat: int) -> str:
        """Why ``seat`` takes the keyboard: a choice during another turn, or their turn."""
        s = self.state
        reason = ""
        pending = s.pending[-1] if s.pending else None
        if pending is not None and seat != s.current:
            source = s.cards[pending.source].name if pending.source >= 0 else "a card"
            prompt = DECISION_PROMPTS.get(pending.kind, "make a choice")
            reason = (f"{self.player_name(s.current)} played {source}: "
                      f"{self.player_name(seat)} must answer — {prompt}")
        elif seat == s.current:
            reason = f"It is {self.player_name(seat)}'s turn."
        return reason

    # --- helpers -----------------------------------------------------------------------------

    def card(self, uid: int) -> Any:
        return self.state.cards[uid]

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

    # --- drawing -----------------------------------------------------------------------------

    def refresh_table(self) -> None:
        """Redraw everything from the engine's view for the seat at the keyboard."""
        s = self.state
        seat = self.viewer if self.viewer is not None else s.current
        hidden = self.viewer is None
        v = A.view(s, seat)
        legal = self.session.legal() if self.my_move() else []
        acting = {a.card for a in legal if a.kind in CARD_KINDS}
        self._draw_status(v)
        self._draw_opponents(v, seat)
        label = Text.assemble(
            ("Center row", "bold"), f" · {v.center_deck_count} in deck · Void {len(v.void)}")
        piles = Text.assemble(("Piles", "bold"),
                              f" · {len(v.mystics)} Mystic · {len(v.heavies)} Heavy Infantry")
        gap = max(2, (self.size.width or 80) - len(label) - len(piles))
        label.append(" " * gap)
        label.append_text(piles)
        self.query_one("#center-label", Static).update(label)
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
        self.query_one("#hand-label", Static).update(self._hand_label(v, seat, hidden))
        empty = self.query_one("#hand-empty", Static)
        empty.display = not hand
        if hidden:
            empty.update(Text("Hidden until the next player takes the keyboard.", style="dim"))
        elif not hand:
            empty.update(Text("No cards in hand: spend what you made, then e ends the turn.",
                              style="dim"))
        for view, uid in zip(self._ensure(self.query_one("#hand"), "hand", len(hand), False),
                             hand, strict=False):
            view.show(uid, v.cards[uid])
        constructs = v.players[seat].constructs
        views = self._ensure(self.query_one("#constructs"), "constructs", len(constructs), True)
        for view, uid in zip(views, constructs, strict=False):
            card = v.cards[uid]
            used = bool(card.abilities) and all((uid, i) in v.used
                                                for i in range(len(card.abilities)))
            note = "used" if used and seat == s.current else ""
            view.show(uid, card, note=note, mark=uid in acting, dim=used)
        self.query_one("#constructs-label", Static).update(
            "Constructs:" if constructs else Text.assemble("Constructs: ", ("none", "dim")))
        self._draw_prompt(v)
        self._draw_detail()
        self._draw_hint()

    def _draw_status(self, v: Any) -> None:
        s = self.state
        out = Text()
        out.append(f" Round {self.session.round} ", style="bold reverse")
        out.append(f" {possessive(self.player_name(s.current))} turn ", style="bold")
        out.append(f"{theme.RUNE} {theme.plural(v.runes, 'Rune')}", style=theme.RUNE_COLOR)
        out.append("  ")
        out.append(f"{theme.POWER} {v.power} Power", style=theme.POWER_COLOR)
        if v.mechana_runes:
            out.append(f"  +{v.mechana_runes}{theme.RUNE} Mechana",
                       style=theme.FACTION_COLOR["mechana"])
        if v.discount:
            out.append(f"  -{v.discount} next construct", style=theme.FACTION_COLOR["mechana"])
        out.append(f"  {theme.HONOR} pool {v.honor_pool}", style=theme.HONOR_COLOR)
        if v.ending:
            out.append("  LAST ROUND", style="bold red")
        if v.extra_turn:
            out.append("  +turn", style="bold")
        out.truncate(self.size.width or 80, overflow="ellipsis")
        self.query_one("#status", Static).update(out)

    def _draw_opponents(self, v: Any, seat: int) -> None:
        lines = []
        for i, p in enumerate(v.players):
            if i == seat:
                continue
            line = Text(no_wrap=True, overflow="ellipsis")
            turn = "▶ " if i == v.current else "  "
            line.append(turn, style="bold")
            line.append(p.name, style="bold")
            line.append(f"  hand {p.hand_count} · deck {p.deck_count} · discard {len(p.discard)}")
            line.append(f"  {theme.HONOR}{p.honor}", style=theme.HONOR_COLOR)
            line.append(f"+{p.card_honor}", style="dim " + theme.HONOR_COLOR)
            if p.constructs:
                line.append("  ")
                for j, uid in enumerate(p.constructs):
                    card = v.cards[uid]
                    if j:
                        line.append(", ")
                    line.append(card.name, style=theme.FACTION_COLOR.get(theme.tone(card), ""))
            line.truncate(self.size.width or 80, overflow="ellipsis")
            lines.append(line)
        self.query_one("#opponents", Static).update(Text("\n").join(lines))

    def _hand_label(self, v: Any, seat: int, hidden: bool) -> Text:
        me = v.players[seat]
        out = Text()
        who = f"{possessive(me.name)} hand"
        if hidden:
            out.append(f"{who}: hidden", style="bold")
        else:
            out.append(f"{who} ({me.hand_count})", style="bold")
        out.append(f"  ·  deck {me.deck_count} · discard {len(me.discard)}  ·  ")
        out.append(f"{theme.HONOR} {theme.plural(me.honor, 'token')} + {me.card_honor} on cards",
                   style=theme.HONOR_COLOR)
        return out

    def _played(self, v: Any) -> Text:
        if not v.played:
            return Text("")
        counts = Counter(v.cards[u].name for u in v.played)
        parts = [f"{n}×{c}" if c > 1 else n for n, c in counts.items()]
        return Text("played " + ", ".join(parts))

    def _draw_prompt(self, v: Any) -> None:
        self.query_one("#prompt", Static).update(self.prompt_text(v))

    def move_prompt(self, v: Any) -> Text:
        """The pending choice, or what was played and the keys to go on."""
        to = self.state.to_move
        if v.pending is not None:
            prompt_text = DECISION_PROMPTS.get(v.pending.kind, "Make a choice")
            source = f" ({self.card(v.pending.source).name})" if v.pending.source >= 0 else ""
            return Text(f"Choice{source}: {prompt_text} — enter to choose", style="bold yellow")
        text = Text(f"{possessive(self.player_name(to))} move", style="bold green",
                    no_wrap=True, overflow="ellipsis")
        if v.played:
            text.append(" · ")
            text.append_text(self._played(v))
        else:
            text.append(" · enter acts on the focused card · a plays all · e ends the turn")
        return text

    def _draw_detail(self) -> None:
        focused = self.focused
        panel = self.query_one("#detail", Static)
        if isinstance(focused, CardView) and focused.card is not None:
            panel.update(theme.detail(focused.card))
        else:
            panel.update(Text("Move with the arrow keys; the focused card is described here.",
                              style="dim"))

    def on_descendant_focus(self) -> None:
        self._draw_detail()

    # --- doing things ----------------------------------------------------------------------

    def event_line(self, e: Event) -> tuple[str, str] | None:
        """One log line for a notable event, with its style."""
        s = self.state
        name = self.player_name(e.seat) if 0 <= e.seat < len(self.session.names) else ""
        card = s.cards[e.card].name if 0 <= e.card < len(s.cards) else ""
        if e.kind == "honor":
            # Pool minus tokens taken past it moves by exactly each gain (only one is ever
            # above zero), so the pool as of this event is recovered from the batch's end.
            later = sum(x.value for x in self.events_after if x.kind == "honor")
            pool = max(0, s.honor_pool - s.honor_extra + later)
            return f"  {name} gains {e.value} Honor (pool {pool})", theme.HONOR_COLOR
        if e.kind == "reshuffle":
            return f"  {name} shuffles the discard pile into a new deck", "dim"
        if e.kind == "reveal":
            return f"  New in the center row: {card}", "dim"
        if e.kind == "pool_empty":
            return "  The Honor pool is empty: the round is finished, then the game ends", \
                "bold red"
        if e.kind == "extra_turn":
            return f"  {name} will take another turn", "bold"
        if e.kind == "steal":
            return f"  {name} takes a random card from {self.player_name(e.value)}'s hand", ""
        if e.kind == "destroy":
            return f"  {name} loses {card} to the Void", ""
        if e.kind == "construct_to_discard":
            return f"  {name} puts {card} in the discard pile", ""
        if e.kind == "banish":
            return f"  {card} goes to the Void", "dim"
        if e.kind == "trigger":
            return f"  {card} triggers", "dim"
        if e.kind == "start_turn":
            again = " (extra turn)" if e.value else ""
            return f"── {possessive(self.player_name(e.seat))} turn{again} ──", "bold"
        if e.kind == "game_over":
            return "── Game over ──", "bold"
        return None

    def primary(self, view: CardView) -> None:
        """Enter on a card: its play / acquire / defeat / activate action, as the engine allows."""
        if not self._can_act():
            return
        uid = view.uid
        legal = [a for a in self.session.legal() if a.card == uid and a.kind in CARD_KINDS]
        if len(legal) == 1:
            self.do(legal[0])
            return
        card = view.card
        if view.zone == "constructs" and card.abilities:
            if len(legal) > 1 or len(card.abilities) > 1:
                self._ask_ability(uid, card)
                return
            self.do(Action("activate", uid, 0))
            return
        if view.zone == "constructs":
            self.refuse(f"{card.name} works on its own; it has nothing to activate")
            return
        if len(legal) > 1:
            self.do(legal[0])
            return
        # Nothing legal: ask the engine for the action a player would mean, to get its reason.
        if view.zone == "hand":
            self.do(Action("play", uid))
        elif card.kind == "monster":
            self.do(Action("defeat", uid))
        else:
            self.do(Action("acquire", uid))

    def _ask_ability(self, uid: int, card: Any) -> None:
        labels = [f"{i + 1}. {ab.label}" for i, ab in enumerate(card.abilities)]

        def chosen(index: int | None) -> None:
            self.modal_open = False
            if index is not None:
                self.do(Action("activate", uid, index))
            self.advance()

        self.modal_open = True
        self.app.push_screen(ChoiceScreen(f"Use {card.name}: which ability?", labels), chosen)

    @on(CardView.Chosen)
    def _card_chosen(self, event: CardView.Chosen) -> None:
        event.stop()
        if self.state.to_move is not None and self.state.to_move == self.viewer \
                and A.view(self.state, self.viewer).pending is not None:
            self.advance()
            return
        self.primary(event.card_view)
        self.advance()

    @on(HintPanel.Apply)
    def _hint_apply(self) -> None:
        self.action_use_hint()

    # --- the flow of turns -----------------------------------------------------------------

    def _ask_decision(self, pending: Any) -> None:
        v = A.view(self.state, self.viewer)
        me = v.players[v.seat]
        actions: list[Action] = []
        labels: list[Text] = []
        details: list[Text | str] = []
        for choice in pending.choices:
            actions.append(Action("choose", choice))
            if pending.kind == "mode":
                label = pending.labels[choice] if choice < len(pending.labels) else str(choice)
                labels.append(Text(label))
                details.append("")
                continue
            card = v.cards[choice]
            where = ("hand" if me.hand and choice in me.hand else
                     "discard" if choice in me.discard else
                     "center row" if choice in v.center_row else
                     "in play" if choice in me.constructs else "")
            label = theme.name_text(card)
            label.append("  ")
            label.append_text(theme.stats(card))
            if where:
                label.append(f"  ({where})", style="dim")
            labels.append(label)
            details.append(theme.detail(card))
        if pending.optional:
            actions.append(Action("decline"))
            labels.append(Text("Decline (do nothing)", style="italic"))
            details.append("")
        source = v.cards[pending.source].name if pending.source >= 0 else ""
        title = DECISION_PROMPTS.get(pending.kind, "Choose")
        if source:
            title = f"{source}: {title}"

        def chosen(index: int | None) -> None:
            self.modal_open = False
            if index is None and pending.optional:
                self.do(Action("decline"))
            elif index is not None:
                self.do(actions[index])
            self.advance()

        game, legal = self.session.game, self.session.legal()

        def advise() -> tuple[int, str] | None:
            result = find_hint(game, v, legal, A.describe)
            if result is None or result[0] not in actions:
                return None
            return actions.index(result[0]), result[1]

        self.modal_open = True
        self.app.push_screen(
            ChoiceScreen(title, labels, details, "decline" if pending.optional else "",
                         advise=advise), chosen)

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
        """End the turn; asks first if cards are still in hand."""
        if not self._can_act():
            return
        if self.state.pending:
            self.advance()
            return
        hand = A.view(self.state, self.viewer).me.hand or ()
        if not hand:
            self._end_turn()
            return

        def answer(yes: bool | None) -> None:
            self.modal_open = False
            if yes:
                self._end_turn()
            else:
                self.advance()

        self.modal_open = True
        self.app.push_screen(
            ConfirmScreen(f"You still have {len(hand)} card(s) in hand. End your turn anyway?"),
            answer)

    def _end_turn(self) -> None:
        self.do(Action("end"))
        self.advance()
