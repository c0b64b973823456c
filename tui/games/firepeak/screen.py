"""The Ascension at Firepeak table: your pattern, your Dungeon and Spellbook, the other
patterns in a compact strip, the log with every die roll, and the actions as keys.

A key chooses an action (r Recruit, c Capture, …); its targets are then picked from lists
built only from the engine's ``legal_actions``, so an illegal choice is never offered. A
key whose action has no legal target says why, in the engine's words (``why_illegal``).
Choices the rules ask for in the middle of an action (where to place a creature, which
component to discard, …) open a list of the legal answers. Bots and hints run in workers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

import core.firepeak as F
from core.contract import Action, Event
from core.firepeak import board
from core.firepeak.cards import BASE_POWER, CLAN_OF, CREATURES, N_CREATURES, SPELLS
from core.firepeak.effects import place_mode
from core.firepeak.pattern import ADJACENT, EMPTY, LEADERS, SIZE, WIZARD
from core.firepeak.rules import action_source
from core.firepeak.state import DUNGEON, GUARD
from tui.games.firepeak import text as ft
from tui.games.firepeak.pattern import CELL_AT, GUARD_AT, OpponentsView, PatternData, PatternView
from tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from tui.screens.table import (
    HINT_AND_GAME_BINDINGS,
    LOG_BINDINGS,
    TableScreen,
    find_hint,
    possessive,
)
from tui.session import GameSession
from tui.widgets.footer import KeyFooter
from tui.widgets.panels import HintPanel, LogView

# (action kind, key, label) in the order of the action panel: two columns of five.
ACTION_KEYS: tuple[tuple[str, str, str], ...] = (
    ("recruit", "r", "Recruit"), ("capture", "c", "Capture"), ("brainwash", "b", "Brainwash"),
    ("rescue", "x", "Rescue"), ("research", "t", "Research"),
    ("move", "m", "Move"), ("swap", "w", "Swap"), ("imprison", "i", "Imprison"),
    ("cast", "k", "Cast"), ("end", "e", "End turn"),
)
KEY_OF = {kind: key for kind, key, _ in ACTION_KEYS}
LABEL_OF = {kind: label for kind, _, label in ACTION_KEYS}
# What the screen says when an action has not even a candidate target to ask about.
NOTHING_TO_TRY = {
    "recruit": "there is nothing to recruit",
    "capture": "you need a creature of yours and an opponent's creature to fight",
    "brainwash": "your Dungeon is empty",
    "rescue": "you control no creature to send on a Rescue",
    "move": "no creature in your pattern has an empty place to go",
    "swap": "you need two adjacent creatures in your pattern",
    "imprison": "you control no creature",
    "cast": "your Spellbook is empty",
    "research": "Research needs two creatures of one clan in your Dungeon",
}
PLACE_MODES = {0: "Recruited", 1: "Brainwashed", 2: "Rescued", 3: "Captured"}


def poss(name: str) -> str:
    """``your`` for "You", else ``Name's`` (for the middle of a sentence)."""
    return "your" if name == "You" else f"{name}'s"


class FirepeakScreen(TableScreen):
    """One game of Ascension at Firepeak in play."""

    CSS_PATH = Path(__file__).with_name("firepeak.tcss")


    BINDINGS = [
        *[Binding(key, f"act('{kind}')", label, show=False)
          for kind, key, label in ACTION_KEYS if kind != "end"],
        Binding("e", "end_turn", "End turn"),
        Binding("a", "all_actions", "All"),
        Binding("enter", "decide", "Choose", show=False),
        Binding("v", "book", "Book"),
        Binding("o", "other_pattern", "Patterns"),
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
        self.deferred = -1  # the step at which the player put a pending choice aside
        self._shown_text: dict[str, Text] = {}

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
            log.add("Everyone keeps 5 of the 7 spells dealt, then a die decides who starts.",
                    "dim")
        for note in s.take_notes():
            log.add(note, "yellow")
            self.notify(note, severity="warning")

    def hint_for(self, view: Any, legal: list[Action]) -> tuple[Action, str] | None:
        """The hint for this position (see ``find_hint``)."""
        return find_hint("firepeak", view, legal, F.describe)

    def hint_reason(self, action: Action, reason: str) -> str:
        """The engine's reason, or the action itself when it gave none."""
        return reason or self.action_label(action).plain

    def offer_decision(self, seat: int) -> None:
        """Open the pending choice, unless the player put it aside at this very step."""
        if self.state.pending is not None and self.deferred != len(self.session.actions):
            self._ask_decision()

    def handover_reason(self, seat: int) -> str:
        """Why ``seat`` takes the keyboard: a choice during another turn, the set-up, or
        their turn."""
        s = self.state
        reason = ""
        if s.pending is not None and seat != s.current:
            reason = (f"During {poss(self.player_name(s.current))} turn, "
                      f"{self.player_name(seat)} must choose: {self.decision_title(s.pending)}")
        elif seat == s.current and not s.setup:
            reason = f"It is {poss(self.player_name(seat))} turn."
        elif s.setup:
            reason = f"{self.player_name(seat)} keeps 5 of 7 spells."
        return reason

    def _pass_to(self, seat: int) -> None:
        """Hand the keyboard to ``seat``, drawing their own pattern large again."""
        # The next player starts from their own pattern, not the one last looked at.
        self.shown = None
        super()._pass_to(seat)

    # --- helpers -----------------------------------------------------------------------------

    def shown_seat(self) -> int:
        """The seat whose pattern is drawn large."""
        if self.shown is not None:
            return self.shown
        return self.viewer if self.viewer is not None else self.state.current

    def power(self, seat: int, loc: int) -> int:
        """Effective Power of the creature at ``loc`` (0..8, GUARD) of ``seat``, 0 if none."""
        uid = board.creature_at(self.state, seat, loc)
        return board.power_at(self.state, seat, uid, loc) if uid != EMPTY else 0

    def creature_at(self, seat: int, loc: int) -> int:
        """The creature at ``loc`` of ``seat`` (EMPTY if none)."""
        return board.creature_at(self.state, seat, loc)

    def pattern_data(self, seat: int, v: Any) -> PatternData:
        """What the pattern widgets draw for ``seat``, from the view ``v``."""
        p = v.players[seat]
        ench = dict(v.ench)
        return PatternData(
            title=f"{possessive(p.name)} pattern", wizard=p.wizard, slots=p.pattern,
            powers=tuple(self.power(seat, pos) for pos in range(SIZE)), guard=p.guard,
            guard_power=self.power(seat, GUARD), auras=p.auras, ench=ench,
            dungeon_count=p.dungeon_count, dungeon_open=p.dungeon is not None,
            spell_count=p.spellbook_count, circle=p.circle, total=p.power,
            current=seat == v.current and not v.setup, name=p.name)

    def creature_label(self, seat: int, loc: int, owner: bool = True) -> Text:
        """``Bot's Troll 5▲ · Tier 1 · left`` for the creature at ``loc`` of ``seat``."""
        uid = self.creature_at(seat, loc)
        out = Text()
        if owner:
            out.append(f"{possessive(self.player_name(seat))} ", style="bold" if seat != self.viewer
                       else "")
        out.append_text(ft.creature_text(uid, self.power(seat, loc), clan=False))
        out.append(f" · {ft.loc_label(loc)}", style="dim")
        return out

    def whose_loc(self, seat: int, loc: int) -> str:
        """``your Tier 2 · left`` / ``Bot's Guard`` for the log and labels."""
        return f"{poss(self.player_name(seat))} {ft.loc_label(loc)}"

    # --- drawing -----------------------------------------------------------------------------

    def _put(self, selector: str, text: Text) -> None:
        """Show ``text`` in a fixed-size panel; unchanged text costs nothing, and a change
        never asks for a new layout (these panels do not change size)."""
        if self._shown_text.get(selector) == text:
            return
        self._shown_text[selector] = text
        self.query_one(selector, Static).update(text, layout=False)

    def refresh_table(self) -> None:
        """Redraw everything from the engine's view for the seat at the keyboard."""
        s = self.state
        seat = self.viewer if self.viewer is not None else s.current
        v = F.view(s, seat)
        shown = self.shown_seat()
        mark = self.marked[1] if self.marked and self.marked[0] == shown else None
        if self.marked is None and not self.modal_open:
            mark = self.cursor
        self.query_one(PatternView).show(self.pattern_data(shown, v), mark)
        others = [i for i in range(len(v.players)) if i != shown]
        blocks = [self.pattern_data(i, v) for i in others]
        omark = None
        if self.marked and self.marked[0] in others:
            omark = (others.index(self.marked[0]), self.marked[1])
        self.query_one(OpponentsView).show(blocks, omark)
        self._draw_status(v)
        self._draw_actions(v)
        self._draw_mine(v)
        self._draw_prompt(v)
        self._draw_detail()
        self._draw_hint()

    def _draw_status(self, v: Any) -> None:
        out = Text(no_wrap=True, overflow="ellipsis")
        if v.setup:
            out.append(" Setup ", style="bold reverse")
            out.append(" each player keeps 5 of 7 spells", style="bold")
        else:
            out.append(f" Turn {self.session.round} ", style="bold reverse")
            out.append(f" {possessive(self.player_name(v.current))} turn ", style="bold")
            left = f"{v.actions_left} action{'s' if v.actions_left != 1 else ''} left"
            out.append(left, style="#7fd4ff")
            if v.bonus:
                extras = Counter(v.bonus)
                out.append(" +" + ", +".join(
                    f"{n} {k}" if k != "any" else f"{n} any" for k, n in extras.items()),
                    style="#7fd4ff")
        out.append(f"  Recruit deck {v.recruit_count}", style="#ffd54f")
        out.append(f"  Research {v.research_count}", style=ft.SPELL_COLOR)
        if v.deck_out:
            out.append("  LAST TURN", style="bold red")
        variants = v.options.get("variants", {})
        if variants.get("clan_powers"):
            out.append("  Clan Powers", style="dim")
        if variants.get("reshuffle_once") and not v.reshuffled:
            out.append("  Reshuffle", style="dim")
        out.truncate(self.size.width or 80, overflow="ellipsis")
        self._put("#fp-status", out)

    def _draw_actions(self, v: Any) -> None:
        kinds: set[str] = set()
        if self.my_move() and v.pending is None:
            kinds = {a.kind for a in self.session.legal()}
        lines: list[Text] = []
        for row in range(5):
            line = Text(no_wrap=True)
            for col in range(2):
                kind, key, label = ACTION_KEYS[col * 5 + row]
                on = kind in kinds
                line.append(f" {key} ", style="bold #ffd54f" if on else "#585858")
                line.append(f"{label:<13}", style="" if on else "#585858")
            lines.append(line)
        self._put("#fp-actions", Text("\n").join(lines))

    def _draw_mine(self, v: Any) -> None:
        seat = self.viewer
        dungeon = Text(no_wrap=False)
        book = Text(no_wrap=False)
        if seat is None:
            dungeon.append("Dungeon: hidden", style="dim")
            book.append("Spellbook: hidden", style="dim")
        else:
            me = v.players[seat]
            dungeon.append(f"Dungeon ({me.dungeon_count}) ", style="bold #9aa3c0")
            for i, uid in enumerate(sorted(me.dungeon or (), key=lambda u: (CLAN_OF[u], u))):
                if i:
                    dungeon.append(", ", style="dim")
                dungeon.append_text(ft.creature_chip(uid))
            if not me.dungeon:
                dungeon.append("empty", style="dim")
            book.append(f"Spellbook ({me.spellbook_count}) ", style="bold #9aa3c0")
            book.append(", ".join(ft.spell_name(sp) for sp in me.spellbook or ()),
                        style=ft.SPELL_COLOR)
            if not me.spellbook:
                book.append("empty", style="dim")
        self._put("#fp-dungeon", dungeon)
        self._put("#fp-book", book)

    def _draw_prompt(self, v: Any) -> None:
        text = self.prompt_text(v)
        text.no_wrap = True
        text.overflow = "ellipsis"
        self._put("#fp-prompt", text)

    def move_prompt(self, v: Any) -> Text:
        """The pending choice, or the keys that pick an action."""
        if v.pending is not None:
            return Text(f"Choice: {self.decision_title(v.pending)} — enter to choose",
                        style="bold yellow", no_wrap=True, overflow="ellipsis")
        text = Text(f"{possessive(self.player_name(self.state.to_move))} move",
                    style="bold green")
        text.append(" · a key from the panel picks an action · a lists all · e ends the turn")
        return text

    def _draw_detail(self) -> None:
        seat = self.shown_seat()
        loc = self.cursor
        out = Text()
        out.append(f"{possessive(self.player_name(seat))} {ft.loc_label(loc)}\n", style="bold")
        uid = self.creature_at(seat, loc)
        if uid == EMPTY:
            out.append("empty\n", style="dim")
        else:
            out.append_text(ft.creature_text(uid, self.power(seat, loc), printed=True))
            out.append("\n")
            for sp in self.state.ench.get(uid, ()):
                out.append(f"{ft.ENCH_MARK} {ft.spell_name(sp)}\n", style=ft.SPELL_COLOR)
        if loc < SIZE:
            aura = self.state.players[seat].auras[loc]
            if aura != EMPTY:
                out.append(f"{ft.AURA_MARK} {ft.spell_name(aura)}\n", style=ft.SPELL_COLOR)
            leaders = [q for q in LEADERS[loc] if q != WIZARD]
            out.append("Leader: " + (" & ".join(ft.loc_label(q) for q in leaders)
                                     if leaders else "the Wizard"), style="dim")
        self._put("#fp-detail", out)

    # --- labels: turn actions and decision answers --------------------------------------------

    def decision_title(self, d: Any) -> str:
        """What a pending decision asks, in a line."""
        spell = ft.spell_name(d.source) if d.source >= 0 else "the spell"
        k = d.kind
        if k == "discard_spell":
            book = self.state.players[d.seat].spellbook
            return f"keep 5 spells: put one back ({len(book) - 5} to go)"
        if k == "place":
            mode, _ = place_mode(d)
            if d.source >= 0:
                c = CREATURES[d.source]
                what = f"{c.name} ({c.power}{ft.POWER}, {ft.clan_label(c.clan)})"
            else:
                what = "the creature"
            return f"{PLACE_MODES.get(mode, 'New')} {what}: where does it go?"
        if k == "move_up":
            return "illegal pattern: move a Leaderless creature up"
        if k == "remove":
            return "illegal pattern: remove a creature to the discard pile"
        if k == "rescue_pick":
            return f"Rescue won: take a creature from {poss(self.player_name(d.a))} Dungeon"
        if k == "component":
            return f"cast {spell}: discard a component from your Dungeon"
        if k == "aura":
            return f"{spell}: put the aura on which Position?"
        if k == "enchant":
            return f"{spell}: enchant which creature?"
        if k == "opponent":
            return f"{spell}: which opponent?"
        if k == "dungeon_pick":
            return f"{spell}: pick from {poss(self.player_name(d.a))} Dungeon"
        if k == "salvage":
            return f"{spell}: take which creature back from the discard pile?"
        if k == "dispel":
            return f"{spell}: discard which spell in play?"
        if k == "tremor":
            return f"{spell}: swap which two adjacent creatures?"
        if k == "bind":
            return f"{spell}: take which creature (printed Power {d.b} or less)?"
        return k

    def spell_place(self, spell: int) -> str:
        """Where a spell in play sits: on a creature, a Position, or as a circle."""
        s = self.state
        for uid, spells in s.ench.items():
            if spell in spells:
                for seat, p in enumerate(s.players):
                    if any(u == uid for _, u in p.controlled()):
                        return f"on {poss(self.player_name(seat))} {CREATURES[uid].name}"
        for seat, p in enumerate(s.players):
            if spell in p.auras:
                return f"aura on {self.whose_loc(seat, p.auras.index(spell))}"
            if p.circle == spell:
                return f"{poss(self.player_name(seat))} circle"
        return "in play"

    def answer_label(self, d: Any, choice: int) -> tuple[Text, Text | str, tuple[int, int] | None]:
        """Label, detail and the (seat, location) to point at, for one decision answer."""
        k, seat = d.kind, d.seat
        if k == "discard_spell":
            return ft.spell_line(choice), ft.spell_text(choice), None
        if k == "place":
            if choice == DUNGEON:
                return Text("Dungeon (face down, kept hidden)"), "", None
            if choice == GUARD:
                return Text("Guard (face up, defends your Dungeon)"), "", (seat, GUARD)
            label = Text(ft.loc_label(choice), style="bold")
            leaders = [q for q in LEADERS[choice]]
            names = ["your Wizard" if q == WIZARD else ft.creature_name(self.creature_at(seat, q))
                     for q in leaders if q == WIZARD or self.creature_at(seat, q) != EMPTY]
            label.append(f"  under {' & '.join(names)}", style="dim")
            if d.source >= 0:
                power = board.power_at(self.state, seat, d.source, choice)
                label.append(f"  {power}{ft.POWER} there", style="#ff8a65")
            return label, "", (seat, choice)
        if k == "move_up":
            src, dst = divmod(choice, 10)
            label = ft.creature_text(self.creature_at(seat, src), clan=False)
            label.append(f"  {ft.loc_label(src)} → {ft.loc_label(dst)}")
            return label, "", (seat, src)
        if k == "remove":
            return self.creature_label(seat, choice, owner=False), "", (seat, choice)
        if k in ("rescue_pick", "component", "dungeon_pick", "salvage"):
            return ft.creature_text(choice), "", None
        if k == "aura":
            target, pos = divmod(choice, 10)
            label = Text(f"{possessive(self.player_name(target))} {ft.loc_label(pos)}")
            uid = self.creature_at(target, pos)
            if uid != EMPTY:
                label.append("  ")
                label.append_text(ft.creature_text(uid, self.power(target, pos), clan=False))
            old = self.state.players[target].auras[pos]
            if old != EMPTY:
                label.append(f"  replaces {ft.spell_name(old)}", style="dim")
            return label, "", (target, pos)
        if k in ("enchant", "bind"):
            target, loc = divmod(choice, 10)
            return self.creature_label(target, loc), "", (target, loc)
        if k == "opponent":
            p = self.state.players[choice]
            label = Text(self.player_name(choice), style="bold")
            guard = (ft.creature_name(p.guard) if p.guard != EMPTY else "no Guard")
            label.append(f"  Dungeon {len(p.dungeon)} · Spellbook {len(p.spellbook)} · "
                         f"{guard}", style="dim")
            return label, "", None
        if k == "dispel":
            label = Text(ft.spell_name(choice), style=f"bold {ft.SPELL_COLOR}")
            label.append(f"  {self.spell_place(choice)}", style="dim")
            return label, ft.spell_text(choice), None
        if k == "tremor":
            target, rest = divmod(choice, 100)
            a, b = divmod(rest, 10)
            label = Text(f"{possessive(self.player_name(target))} ")
            label.append_text(ft.creature_text(self.creature_at(target, a), clan=False))
            label.append(" ⇄ ")
            label.append_text(ft.creature_text(self.creature_at(target, b), clan=False))
            label.append(f"  {ft.loc_label(a)} / {ft.loc_label(b)}", style="dim")
            return label, "", (target, a)
        return Text(f"{k} {choice}"), "", None

    def action_label(self, a: Action) -> Text:
        """A whole turn action in a line, for the 'all actions' list."""
        seat = self.state.current
        k = a.kind
        if k == "recruit":
            if a.card == WIZARD:
                return Text("Recruit under your Wizard")
            return Text("Recruit under ").append_text(self.creature_label(seat, a.card, False))
        if k == "capture":
            dseat, dloc = divmod(a.option, 10)
            out = Text("Capture ")
            out.append_text(self.creature_label(dseat, dloc))
            out.append(" with ")
            out.append_text(ft.creature_text(self.creature_at(seat, a.card), clan=False))
            return out
        if k == "brainwash":
            return Text("Brainwash ").append_text(ft.creature_text(a.card))
        if k == "rescue":
            out = Text(f"Rescue from {poss(self.player_name(a.option))} Dungeon with ")
            return out.append_text(ft.creature_text(self.creature_at(seat, a.card), clan=False))
        if k == "move":
            out = Text("Move ")
            out.append_text(ft.creature_text(self.creature_at(seat, a.card), clan=False))
            return out.append(f"  {ft.loc_label(a.card)} → {ft.loc_label(a.option)}")
        if k == "swap":
            return Text("Swap ").append_text(self.pair_label(seat, a.card, a.option))
        if k == "imprison":
            return Text("Imprison ").append_text(self.creature_label(seat, a.card, False))
        if k == "cast":
            return Text("Cast ").append_text(ft.spell_line(a.card))
        if k == "research":
            return Text("Research with ").append_text(self.research_label(a))
        if k == "end":
            return Text("End the turn")
        pending = self.state.pending
        if pending is not None:
            return self.answer_label(pending, a.card)[0]
        return Text(f"{k} {a.card} {a.option}")

    def pair_label(self, seat: int, a: int, b: int) -> Text:
        """``Troll 4▲ (Tier 1 · left) ⇄ Ogre 3▲ (Tier 2 · left)``."""
        out = ft.creature_text(self.creature_at(seat, a), self.power(seat, a), clan=False)
        out.append(f" ({ft.loc_label(a)}) ⇄ ", style="dim")
        out.append_text(ft.creature_text(self.creature_at(seat, b), self.power(seat, b),
                                         clan=False))
        out.append(f" ({ft.loc_label(b)})", style="dim")
        return out

    def research_label(self, a: Action) -> Text:
        """``Troll 4▲ + Orc 2▲ (The Doombringers)``."""
        out = ft.creature_text(a.card, clan=False)
        out.append(" + ")
        out.append_text(ft.creature_text(a.option, clan=False))
        out.append(f"  {ft.clan_label(CLAN_OF[a.card])}", style="dim")
        return out

    # --- the log -----------------------------------------------------------------------------

    def private_ok(self, seat: int) -> bool:
        """Whether the log may name what only ``seat`` knows: it is the lone human."""
        humans = self.session.humans
        return humans == [seat]

    def log_line(self, seat: int, a: Action) -> Text | None:
        """The log line for ``a`` by ``seat``, told before it happens (None: events tell)."""
        k = a.kind
        if k == "recruit":
            leader = "the Wizard" if a.card == WIZARD else ft.creature_name(
                self.creature_at(seat, a.card))
            return Text(f"recruit under {leader}")
        if k == "capture":
            dseat, dloc = divmod(a.option, 10)
            out = ft.creature_text(self.creature_at(seat, a.card), self.power(seat, a.card),
                                   clan=False)
            out.append(" attacks ")
            out.append_text(self.creature_label(dseat, dloc))
            return out
        if k == "brainwash":
            if self.private_ok(seat):
                return Text("brainwash ").append_text(ft.creature_text(a.card, clan=False))
            return Text(f"Brainwash a creature of Power {BASE_POWER[a.card]}")
        if k == "rescue":
            out = ft.creature_text(self.creature_at(seat, a.card), self.power(seat, a.card),
                                   clan=False)
            return out.append(f" tries a Rescue of {poss(self.player_name(a.option))} Dungeon")
        if k == "move":
            out = Text("move ")
            out.append_text(ft.creature_text(self.creature_at(seat, a.card), clan=False))
            return out.append(f" from {ft.loc_label(a.card)} to {ft.loc_label(a.option)}")
        if k == "swap":
            return Text("swap ").append_text(self.pair_label(seat, a.card, a.option))
        if k == "imprison":
            return Text("imprison ").append_text(self.creature_label(seat, a.card, False))
        if k == "cast":
            return Text("cast ").append_text(ft.spell_line(a.card))
        if k == "research":
            return Text("research with ").append_text(self.research_label(a))
        if k == "end":
            return None
        if k == "opponent":
            return Text(f"target {self.player_name(a.card)}")
        if k == "discard_spell" and self.private_ok(seat):
            return Text(f"put {ft.spell_name(a.card)} back")
        return None

    def event_line(self, e: Event) -> tuple[Text | str, str] | None:
        """One indented log line for a notable event, with its style."""
        k = e.kind
        name = self.player_name(e.seat) if e.seat >= 0 else ""
        creature = ft.creature_name(e.card) if 0 <= e.card < N_CREATURES else "it"
        spell = ft.spell_name(e.card)

        def says(third_person: str) -> str:
            return ft.verb(name, third_person)

        if k == "roll":
            what = f" for {creature}" if 0 <= e.card < N_CREATURES else ""
            return f"  {ft.DIE} {says('rolls')} {e.value}{what}", "#ffd54f"
        if k == "captured":
            return (f"  {says('wins')} by {e.value}: {creature} goes to {poss(name)} Dungeon",
                    "bold")
        if k == "capture_lost":
            return (f"  {says('loses')} by {e.value}: {creature} goes to the defender's "
                    "Dungeon", "bold")
        if k in ("capture_tie", "rescue_tie"):
            return "  A tie: nothing happens", ""
        if k == "brainwash_failed":
            return "  The Brainwash fails: the roll must beat the Power", ""
        if k == "brainwash_won":
            return "  The Brainwash works", "bold"
        if k == "rescue_won":
            return "  The Rescue succeeds", "bold"
        if k == "rescue_lost":
            return (f"  The Rescue fails: {creature} goes to {poss(self.player_name(e.value))} "
                    "Dungeon", "bold")
        if k == "extra_action":
            return f"  {says('gains')} {e.value} extra action{'s' if e.value > 1 else ''}", ""
        if k == "last_card":
            return "  The last creature is drawn: the game ends after this turn", "bold red"
        if k == "place":
            return f"  {creature} joins {self.whose_loc(e.seat, e.value)}", ""
        if k == "guard":
            return f"  {creature} becomes {poss(name)} Guard", ""
        if k == "to_dungeon":
            return f"  {says('puts')} the creature face down into {poss(name)} Dungeon", "dim"
        if k == "no_room":
            return "  There is no legal place for it: it stays in the Dungeon", ""
        if k == "rescued":
            return (f"  {says('takes')} a creature from {poss(self.player_name(e.value))} "
                    "Dungeon", "")
        if k == "move_up":
            return f"  {creature} moves up to {ft.loc_label(e.value % 10)}", ""
        if k == "removed":
            return (f"  {creature} ({self.whose_loc(e.seat, e.value)}) is removed to the "
                    "discard pile", "")
        if k == "spell_discarded":
            return f"  {spell} is discarded", "dim"
        if k == "component":
            return f"  {says('discards')} {creature} as the component", "dim"
        if k == "circle":
            return f"  {ft.spell_name(e.card)} becomes {poss(name)} circle", ""
        if k == "aura":
            return f"  {ft.spell_name(e.card)} rests on {self.whose_loc(e.seat, e.value)}", ""
        if k == "enchant":
            return (f"  {ft.spell_name(e.card)} enchants {poss(name)} "
                    f"{ft.creature_name(e.value)}", "")
        if k == "fizzle":
            return f"  {ft.spell_name(e.card)} finds nothing to act on", "dim"
        if k == "unseated":
            return f"  {creature} leaves {poss(name)} Guard for the Dungeon", ""
        if k == "filched":
            return f"  {says('takes')} a spell from {self.player_name(e.value)}", ""
        if k == "purged":
            return (f"  {creature} goes from {poss(name)} Dungeon to the discard pile", "")
        if k == "raided":
            return (f"  {says('moves')} a creature from {poss(self.player_name(e.value))} Dungeon "
                    f"into {poss(name)} Dungeon", "")
        if k == "salvaged":
            return f"  {says('takes')} {creature} back from the discard pile", ""
        if k == "dispelled":
            return f"  {ft.spell_name(e.card)} is unravelled", ""
        if k == "tremor":
            a, b = divmod(e.value, 10)
            return (f"  {possessive(name)} {ft.loc_label(a)} and {ft.loc_label(b)} "
                    "trade places", "")
        if k == "bound":
            return (f"  {creature} goes from {poss(self.player_name(e.value))} pattern to "
                    f"{poss(name)} Dungeon", "")
        if k == "draw_spell":
            return f"  {says('draws')} a spell", "dim"
        if k == "research_reshuffle":
            return "  The spell discards become the new Research deck", "dim"
        if k == "recruit_reshuffle":
            return (f"  The creature discards become a new Recruitment deck ({e.value})",
                    "bold")
        if k == "pattern_complete":
            return f"  {says('completes')} the pattern!", "bold #ffd54f"
        if k == "start_turn":
            return f"── {possessive(name)} turn ──", "bold"
        if k == "game_over":
            return "── Game over ──", "bold"
        return None

    # --- doing things ----------------------------------------------------------------------

    def unavailable_reason(self, kind: str) -> str:
        """Why no ``kind`` action is legal now, asked of the engine where it can say."""
        s = self.state
        candidates = self._candidates(kind)
        if not candidates:
            return NOTHING_TO_TRY.get(kind, f"no {LABEL_OF.get(kind, kind)} is possible")
        if kind not in ("research",) and all(action_source(s, a) is None for a in candidates):
            return f"you have no action left this turn for a {LABEL_OF[kind]}"
        reasons = [r for a in candidates if (r := F.why_illegal(s, a))]
        if not reasons:
            return f"no {LABEL_OF[kind]} is possible now"
        return Counter(reasons).most_common(1)[0][0]

    def _candidates(self, kind: str) -> list[Action]:
        """Every action of ``kind`` that names real things on the table (legal or not)."""
        s = self.state
        seat = s.current
        me = s.players[seat]
        mine = [loc for loc, _ in me.controlled()]
        theirs = [(o, loc) for o in range(s.n) if o != seat
                  for loc, _ in s.players[o].controlled()]
        if kind == "recruit":
            return [Action("recruit", WIZARD)]
        if kind == "capture":
            return [Action("capture", m, o * 10 + loc) for m in mine for o, loc in theirs]
        if kind == "brainwash":
            return [Action("brainwash", u) for u in me.dungeon]
        if kind == "rescue":
            return [Action("rescue", m, o) for m in mine for o in range(s.n) if o != seat]
        if kind == "move":
            spots = [q for q in range(SIZE) if me.pattern[q] == EMPTY]
            if me.guard == EMPTY:
                spots.append(GUARD)
            return [Action("move", p, q) for p in range(SIZE) if me.pattern[p] != EMPTY
                    for q in spots]
        if kind == "swap":
            return [Action("swap", p, q) for p in range(SIZE) for q in ADJACENT[p]
                    if q > p and me.pattern[p] != EMPTY and me.pattern[q] != EMPTY]
        if kind == "imprison":
            return [Action("imprison", loc) for loc in mine]
        if kind == "cast":
            return [Action("cast", sp) for sp in sorted(set(me.spellbook))]
        if kind == "research":
            pool = sorted(me.dungeon)
            return [Action("research", x, y) for i, x in enumerate(pool) for y in pool[i + 1:]
                    if CLAN_OF[x] == CLAN_OF[y]]
        return []

    # --- picking targets ---------------------------------------------------------------------

    def _open(self, title: str, labels: list[Text], details: list[Text | str],
              marks: list[tuple[int, int] | None], done: Callable[[int | None], None],
              cancel: str = "cancel", disabled: list[bool] | None = None,
              advise: Callable[[], tuple[int, str] | None] | None = None) -> None:
        """Open a choice list that points at each highlighted target on the table."""

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
            ChoiceScreen(title, labels, details, cancel, advise, disabled=disabled or [],
                         on_highlight=highlight, compact=True), closed)

    def _mark_only(self) -> None:
        """Move the pointer on the patterns without redrawing the rest."""
        shown = self.shown_seat()
        v_others = [i for i in range(self.state.n) if i != shown]
        m = self.marked
        self.query_one(PatternView).mark(m[1] if m and m[0] == shown else None)
        self.query_one(OpponentsView).mark(
            (v_others.index(m[0]), m[1]) if m and m[0] in v_others else None)

    def _step(self, title: str, actions: list[Action], key: Callable[[Action], Hashable],
              label: Callable[[Action], tuple[Text, Text | str, tuple[int, int] | None]],
              then: Callable[[list[Action]], None], final: bool = False) -> None:
        """One step of choosing targets: group ``actions`` by ``key`` (in the engine's
        order) and let the player pick a group; a step with one group is skipped unless it
        is the last one, which is always confirmed."""
        groups: dict[Hashable, list[Action]] = {}
        for a in actions:
            groups.setdefault(key(a), []).append(a)
        order = list(groups.values())
        if len(order) == 1 and not final:
            then(order[0])
            return
        labels, details, marks = [], [], []
        for group in order:
            text, detail, mark = label(group[0])
            labels.append(text)
            details.append(detail)
            marks.append(mark)

        def done(index: int | None) -> None:
            if index is None:
                self.advance()
                return
            then(order[index])

        self._open(title, labels, details, marks, done)

    def _finish(self, group: list[Action]) -> None:
        if self.do(group[0]):
            self.advance()

    def pick(self, kind: str, legal: list[Action]) -> None:
        """Choose the targets of a ``kind`` action among ``legal`` ones, step by step."""
        seat = self.state.current
        loc_label = self._loc_choice
        if kind == "recruit":
            self._step("Recruit: under which Leader does the new creature go?", legal,
                       lambda a: a.card,
                       lambda a: (Text("Under your Wizard") if a.card == WIZARD else
                                  Text("Under ").append_text(
                                      self.creature_label(seat, a.card, False)),
                                  "", None if a.card == WIZARD else (seat, a.card)),
                       self._finish, final=True)
        elif kind == "capture":
            def defenders(group: list[Action]) -> None:
                attacker = ft.creature_name(self.creature_at(seat, group[0].card))
                self._step(f"Capture with {attacker}: which creature defends?", group,
                           lambda a: a.option,
                           lambda a: self._defender(a.option), self._finish, final=True)

            self._step("Capture: which of your creatures attacks?", legal, lambda a: a.card,
                       lambda a: loc_label(seat, a.card), defenders)
        elif kind == "brainwash":
            self._step("Brainwash: which creature of your Dungeon? (roll above its Power)",
                       legal, lambda a: a.card,
                       lambda a: (ft.creature_text(a.card), "", None), self._finish,
                       final=True)
        elif kind == "rescue":
            def victims(group: list[Action]) -> None:
                hero = ft.creature_name(self.creature_at(seat, group[0].card))
                self._step(f"Rescue with {hero}: from whose Dungeon?", group,
                           lambda a: a.option, lambda a: self._victim(a.option),
                           self._finish, final=True)

            self._step("Rescue: which of your creatures goes?", legal, lambda a: a.card,
                       lambda a: loc_label(seat, a.card), victims)
        elif kind == "move":
            def targets(group: list[Action]) -> None:
                mover = ft.creature_name(self.creature_at(seat, group[0].card))
                self._step(f"Move {mover}: to where?", group, lambda a: a.option,
                           lambda a: (Text(ft.loc_label(a.option)), "", (seat, a.option)),
                           self._finish, final=True)

            self._step("Move: which creature?", legal, lambda a: a.card,
                       lambda a: loc_label(seat, a.card), targets)
        elif kind == "swap":
            self._step("Swap: which two adjacent creatures?", legal,
                       lambda a: (a.card, a.option),
                       lambda a: (self.pair_label(seat, a.card, a.option), "",
                                  (seat, a.card)), self._finish, final=True)
        elif kind == "imprison":
            self._step("Imprison: which creature goes into your Dungeon?", legal,
                       lambda a: a.card, lambda a: loc_label(seat, a.card), self._finish,
                       final=True)
        elif kind == "research":
            self._step("Research: discard two creatures of one clan, draw a spell", legal,
                       lambda a: (a.card, a.option),
                       lambda a: (self.research_label(a), "", None), self._finish, final=True)
        elif kind == "cast":
            self._pick_spell(legal)

    def _loc_choice(self, seat: int, loc: int) -> tuple[Text, Text | str, tuple[int, int]]:
        return self.creature_label(seat, loc, owner=False), "", (seat, loc)

    def _defender(self, option: int) -> tuple[Text, Text | str, tuple[int, int]]:
        dseat, dloc = divmod(option, 10)
        label = self.creature_label(dseat, dloc)
        if dloc < SIZE and LEADERS[dloc] == (WIZARD,):
            label.append("  +1 in Tier 1", style="dim")
        return label, "", (dseat, dloc)

    def _victim(self, seat: int) -> tuple[Text, Text | str, tuple[int, int] | None]:
        p = self.state.players[seat]
        label = Text(f"{possessive(self.player_name(seat))} Dungeon", style="bold")
        label.append(f"  {len(p.dungeon)} inside · Guard ", style="dim")
        if p.guard != EMPTY:
            label.append_text(ft.creature_text(p.guard, self.power(seat, GUARD), clan=False))
            return label, "", (seat, GUARD)
        label.append("none", style="dim")
        return label, "", None

    def _pick_spell(self, legal: list[Action]) -> None:
        s = self.state
        castable = {a.card for a in legal}
        copies = Counter(SPELLS[sp].key for sp in s.players[s.current].spellbook)
        first: dict[str, int] = {}  # one line per spell, however many copies are held
        for sp in sorted(s.players[s.current].spellbook, key=lambda u: (u not in castable, u)):
            first.setdefault(SPELLS[sp].key, sp)
        book = sorted(first.values(), key=lambda sp: (sp not in castable, SPELLS[sp].name))
        labels, details, disabled = [], [], []
        for sp in book:
            label = ft.spell_line(sp)
            if copies[SPELLS[sp].key] > 1:
                label.append(f"  ×{copies[SPELLS[sp].key]}", style="bold")
            if sp not in castable:
                why = F.why_illegal(s, Action("cast", sp)) or "not now"
                label.append(f"  ✗ {why}", style="#ff8a65")
            labels.append(label)
            details.append(ft.spell_text(sp))
            disabled.append(sp not in castable)

        def done(index: int | None) -> None:
            if index is None:
                self.advance()
                return
            if self.do(Action("cast", book[index])):
                self.advance()

        self._open("Cast which spell? (greyed ones say why not)", labels, details,
                   [None] * len(book), done, disabled=disabled)

    # --- the flow of turns -----------------------------------------------------------------

    def _ask_decision(self) -> None:
        d = self.state.pending
        if d is None or d.seat != self.viewer:
            return
        choices = list(d.choices)
        labels, details, marks = [], [], []
        for choice in choices:
            label, detail, mark = self.answer_label(d, choice)
            labels.append(label)
            details.append(detail)
            marks.append(mark)
        title = self.decision_title(d)
        title = title[:1].upper() + title[1:]
        step = len(self.session.actions)

        def done(index: int | None) -> None:
            if index is None:
                self.deferred = step
                self.refresh_table()
                return
            if self.do(Action(d.kind, choices[index])):
                self.advance()

        seat = self.viewer
        view = F.view(self.state, seat)
        legal = self.session.legal()

        def advise() -> tuple[int, str] | None:
            result = find_hint("firepeak", view, legal, F.describe)
            if result is None or result[0].card not in choices:
                return None
            return choices.index(result[0].card), result[1]

        self._open(title, labels, details, marks, done, cancel="look at the table",
                   advise=advise)

    # --- key actions -----------------------------------------------------------------------

    def action_act(self, kind: str) -> None:
        """An action key: pick the targets of that action, or say why it is not possible."""
        if not self._can_act():
            return
        if self.state.pending is not None:
            self.action_decide()
            return
        legal = [a for a in self.session.legal() if a.kind == kind]
        if kind == "cast" and not legal and self.state.players[self.state.current].spellbook \
                and any(action_source(self.state, a) is not None
                        for a in self._candidates("cast")):
            self._pick_spell([])  # every spell greyed, each with its reason
            return
        if not legal:
            self.refuse(f"{LABEL_OF.get(kind, kind)}: {self.unavailable_reason(kind)}")
            return
        self.last_message = ""
        self.pick(kind, legal)

    def action_decide(self) -> None:
        """Enter: open the pending choice again (or the scores once the game is over)."""
        if self.state.to_move is None:
            self._show_end()
            return
        self.deferred = -1
        self.advance()

    def action_end_turn(self) -> None:
        """End the turn; asks first while actions are left."""
        if not self._can_act():
            return
        if self.state.pending is not None:
            self.action_decide()
            return
        left = self.state.turn.actions_left

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
        if self.state.pending is not None:
            self.action_decide()
            return
        legal = self.session.legal()
        labels = [self.action_label(a) for a in legal]
        marks: list[tuple[int, int] | None] = []
        seat = self.state.current
        for a in legal:
            if a.kind == "capture":
                marks.append(divmod(a.option, 10))
            elif a.kind in ("move", "swap", "imprison", "rescue") or (
                    a.kind == "recruit" and a.card != WIZARD):
                marks.append((seat, a.card))
            else:
                marks.append(None)
        details: list[Text | str] = [ft.spell_text(a.card) if a.kind == "cast" else ""
                                     for a in legal]

        def done(index: int | None) -> None:
            if index is None:
                self.advance()
                return
            if legal[index].kind == "end":
                self.action_end_turn()
                return
            if self.do(legal[index]):
                self.advance()

        self._open("Every action you can take now", labels, details, marks, done)

    def action_book(self) -> None:
        """v: your Spellbook and Dungeon with full details (nothing is done)."""
        seat = self.viewer
        if seat is None:
            return
        p = self.state.players[seat]
        labels: list[Text] = []
        details: list[Text | str] = []
        for sp in p.spellbook:
            labels.append(ft.spell_line(sp))
            details.append(ft.spell_text(sp))
        for uid in sorted(p.dungeon, key=lambda u: (CLAN_OF[u], -BASE_POWER[u])):
            labels.append(Text("Dungeon: ").append_text(ft.creature_text(uid)))
            details.append("")
        if p.circle != EMPTY:
            labels.append(Text("Circle: ").append_text(ft.spell_line(p.circle)))
            details.append(ft.spell_text(p.circle))
        wizard = Text("Wizard: ").append_text(ft.wizard_text(p.wizard))
        labels.append(wizard)
        details.append("")
        self._open("Your Spellbook, Dungeon and Wizard (look only)", labels, details,
                   [None] * len(labels), lambda _i: self.advance(), cancel="close")

    def action_other_pattern(self) -> None:
        """o: draw the next player's pattern large (and back to yours)."""
        n = self.state.n
        home = self.viewer if self.viewer is not None else self.state.current
        current = self.shown_seat()
        nxt = (current + 1) % n
        self.shown = None if nxt == home else nxt
        self.refresh_table()

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
