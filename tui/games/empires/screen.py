"""The Ascending Empires table: the Starmap with the ship being aimed, the dashboards and
the aim beside it, the log below, and the actions as keys.

The screen holds no rule. m / d / b / i choose the turn's action and x boosts it, each
refused in the engine's words (``why_illegal``) when it cannot be taken; a flick is the aim
on the map (``StarMap``) sent as the ``flick`` action; everything else — manoeuvres,
deploying, building, relics, attacks and the answers to a question — is picked from lists of
the legal actions, said in ``core.empires.words``. A flick made here or by a bot is shown
flying along the physics' own path (``core.empires.flight.flight_path``) before the table
shows where it ended; space skips it. Bots and hints run in workers (``TableScreen``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

import core.empires as E
from core.contract import Action, Event
from core.empires.aim import Aim
from core.empires.classic_state import ACTIONS as CLASSIC_ACTIONS
from core.empires.flight import flight_path
from core.empires.geometry import starmap
from core.empires.rules import AIM_SCALE, aim_of
from core.empires.state import State
from core.empires.technology import advanced_name
from core.empires.turn import ACTIONS
from core.empires.words import event_line as said
from core.words import counted
from tui.games.empires import panels, solo_panels
from tui.games.empires.book import BookScreen
from tui.games.empires.starmap import StarMap
from tui.screens.dialogs import ChoiceScreen
from tui.screens.table import HINT_AND_GAME_BINDINGS, LOG_BINDINGS, TableScreen, find_hint
from tui.widgets.footer import KeyFooter
from tui.widgets.panels import HintPanel, LogView

# Events the log tells on a line of their own (the action's line tells the rest).
TOLD = frozenset({"destroyed", "vp", "refresh", "attack", "tech", "discover", "end_triggered",
                  "planet_destroyed", "put_back", "robots_flee", "robots_discover",
                  "planet_falls", "unlock", "advanced", "event", "library", "terraform",
                  "relic", "warship", "snared", "orbit_full", "robots_gone",
                  # the Solo Campaign's (core.empires.solo_words)
                  "invasion", "robot_lands", "robot_orbits", "robots_repelled", "overrun",
                  "draw_skipped", "escalation", "reshuffle", "explore", "cube",
                  "settler_aboard", "settler_rescued", "settler_delivered", "settler_lost",
                  "megastructure", "mega_control", "robot_rammed", "robot_beaten",
                  "robots_beaten", "warship_on_deck", "solo_won", "solo_lost",
                  # what a rival's Star Harvester or Reconstructor did to the table
                  "plasma_blast", "rebuild"})
# Kinds picked from a list under each action's key once that action is chosen.
FAMILY = {"move": ("land", "launch", "discover", "reposition", "wormhole", "place",
                   "awaken", "seize"),
          "deploy": ("deploy_ship", "deploy_troop", "retreat"), "build": ("build",),
          "interact": ("archive", "relic", "mission", "mega")}
# How the Interact prompt counts what i lists: each kind, said for one and for more.
INTERACT_WORDS = {"archive": ("Archive relic", "Archive relics"),
                  "relic": ("relic to use", "relics to use"),
                  "mission": ("mission", "missions"),
                  "mega": ("megastructure use", "megastructure uses")}


class EmpiresScreen(TableScreen):
    """One game of Ascending Empires in play."""

    CSS_PATH = Path(__file__).with_name("empires.tcss")

    BINDINGS = [
        Binding("m", "act(0)", "Move"),
        Binding("d", "act(1)", "Deploy"),
        Binding("b", "act(2)", "Build"),
        Binding("i", "act(3)", "Interact"),
        # The Classic turn's two actions of its own (m, d, b are Move, Deploy, Build there too).
        Binding("n", "classic_act('mine')", "Mine"),
        Binding("p", "classic_act('develop')", "Develop"),
        Binding("x", "boost", "Boost"),
        Binding("a", "all_actions", "All"),
        Binding("e", "end", "End"),
        Binding("t", "next_target", "Target", show=False),
        Binding("r", "ruler", "Range", show=False),
        Binding("v", "book", "Tech", show=False),
        *HINT_AND_GAME_BINDINGS,
        Binding("space,escape", "skip_flight", "Skip", show=False, priority=True),
        *LOG_BINDINGS,
    ]

    def __init__(self, session: Any, message: str = "") -> None:
        super().__init__(session, message)
        self.ruler = False
        self._before: State | None = None  # the table before the move being made
        self._target = -1  # the suggested aim last chosen with t
        self._turn_seen = -1

    # --- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="em-status")
        with Horizontal(id="em-top"):
            yield StarMap(id="em-map")
            with Vertical(id="em-right"):
                with VerticalScroll(id="em-side-scroll"):
                    yield Static(id="em-aim")
                    yield Static(id="em-side")
                yield HintPanel(id="em-hint")
        yield Static(id="em-prompt")
        yield LogView(id="em-log")
        yield KeyFooter()

    @property
    def starmap(self) -> StarMap:
        return self.query_one(StarMap)

    def _focus_default(self) -> None:
        if self.is_attached and not self.modal_open:
            self.starmap.focus()

    # --- hooks of the table ------------------------------------------------------------------

    def banner(self) -> str:
        s = self.session
        who = (f"Solo Campaign, scenario {s.options.get('scenario')}"
               if s.options.get("mode") == "solo" else " vs ".join(s.names))
        return (f"Ascending Empires · {who} · steadiness "
                f"{s.options.get('steadiness', 'normal')} · seed {s.seed}")

    def table_opened(self) -> None:
        """A Solo Campaign scenario opens on its story (v shows the cards again later)."""
        if self.state.solo is not None and not self.session.actions:
            self.show_book(solo_panels.story_text(self.view_for(self.table_seat()).table))

    def opening_notes(self, log: LogView) -> None:
        solo = self.state.solo
        if not self.session.actions and solo is not None:
            log.add("Each turn the Invasion deck draws, then you choose Move (m), Deploy (d), "
                    "Build (b) or Interact (i); v shows the solo cards.", "dim")
            # The first card was drawn while the table was set: the log starts with it.
            first = ", ".join(solo_panels.card_name(c) for c in solo.discard)
            log.add(f"  Invasion: {first or 'no card'} drawn at the set-up")
        elif not self.session.actions and self.state.classic is not None:
            log.add("Each turn: choose Deploy (d), Move (m), Mine (n), Build (b) or Develop "
                    "Technology (p). Aim a ship with the arrows, enter flicks; a lists "
                    "everything else.", "dim")
        elif not self.session.actions:
            log.add("Each turn: choose Move (m), Deploy (d), Build (b) or Interact (i). Aim a "
                    "ship with the arrows, enter flicks; a lists everything else.", "dim")
        for note in self.session.take_notes():
            log.add(note, "yellow")
            self.notify(note, severity="warning")

    def hint_for(self, view: Any, legal: list[Action]) -> tuple[Action, str] | None:
        return find_hint("empires", view, legal, E.describe)

    def hint_reason(self, action: Action, reason: str) -> str:
        return reason or self.session.describe(action)

    def mark_hint(self, action: Action | None) -> None:
        self.refresh_table()

    def point_at_hint(self, action: Action) -> None:
        """h again: a hinted flick becomes the aim on the map (enter flicks it)."""
        if action.kind == "flick":
            self.starmap.set_aim(action.card, aim_of(action.option))

    def log_line(self, seat: int, action: Action) -> Text | str | None:
        if action.kind in ("end", "done"):
            return None
        return E.describe(self.view_for(seat), action)

    def event_line(self, e: Event) -> tuple[Text | str, str] | None:
        if e.kind == "flick":
            # Said only when the hand's nudge took the flick off its aim.
            asked = self.session.actions[-1] if self.session.actions else None
            if asked is not None and asked.kind == "flick" and asked.option == e.value:
                return None
            made = aim_of(e.value)
            return (f"  the hand slips: flicked at {made.angle / 100:.2f}°, power "
                    f"{made.power / 10:.1f} %", "dim")
        if e.kind == "turn":
            return (f"── {self.player_name(e.seat)} ──", "bold")
        if e.kind not in TOLD:
            return None
        return ("  " + said(self.state, e), "")

    def handover_reason(self, seat: int) -> str:
        return f"It is {self.player_name(seat)}'s turn."

    def offer_decision(self, seat: int) -> None:
        """A question of the rules (``pending``) or the attacks opens its list, unless the
        player put it aside at this very step."""
        if self.deferred == len(self.session.actions):
            return
        v = self.view_for(seat)
        legal = self.session.legal()
        if v.pending or (v.phase == "attack" and any(a.kind == "attack" for a in legal)):
            self._ask(self._question(v), legal, deferrable=True)

    def _question(self, v: Any) -> str:
        if v.pending and v.pending[0] == "solo":
            return solo_panels.question(v.table, v.pending)
        if v.pending:
            return {"snare": "Gravity Snare: put the ship back in orbit?",
                    "boon": "Choose the boon", "robots": "Where do the robots go?",
                    "beacon": "Warp Beacon: which ship, where?",
                    "teleport": "Teleport a troop where?", "teleport_build": "Teleport a troop",
                    "relocate": "Swap which two planets?", "build_here": "Build here?",
                    "jump": "Hyper-Jump: move a troop"}.get(str(v.pending[0]), "Choose")
        return "Choose the attacks (one target for each ship), then strike"

    # --- drawing -----------------------------------------------------------------------------

    def flickable(self) -> list[int]:
        """The ships the legal list lets the seat at the keyboard flick now."""
        if not self.my_move():
            return []
        return sorted({a.card for a in self.session.legal() if a.kind == "flick"})

    def refresh_table(self) -> None:
        seat = self.table_seat()
        v = self.view_for(seat)
        t = v.table
        names = self.session.names
        if self._turn_seen != len(t.turns_taken):
            self._turn_seen = len(t.turns_taken)
            self.starmap.forget_aims()
        hinted = None
        shown = self.current_hint()
        if shown is not None and shown[0].kind == "flick":
            hinted = shown[0].card
        ships = self.flickable()
        m = starmap()
        r = m.radius["ship"]
        rings = (2 * r + m.short_range, 2 * r + m.long_range) if self.ruler else ()
        self.starmap.show(t, ships, hinted=hinted, rings=rings)
        self.query_one("#em-status", Static).update(
            panels.status_text(v, names, self.session.round))
        wide = self.size.width >= 120
        aim = panels.aim_text(t, self.starmap.selected, self.starmap.aim,
                              flying=self.starmap.flying)
        if self.ruler:
            aim.append("\n")
            aim.append_text(panels.range_text(t, self.starmap.selected))
        self.query_one("#em-aim", Static).update(aim)
        side = Text()
        if t.solo is not None:  # the goal and the threat first: what a solo turn is about
            side.append_text(solo_panels.solo_side(t, wide=wide))
            side.append("\n")
        order = [t.current, *[s for s in range(t.n) if s != t.current]]
        for s in order:
            side.append_text(panels.dashboard_lines(t, s, self.player_name(s), wide=wide))
            side.append("\n")
        missions = panels.mission_lines(t, seat, wide=wide)
        if missions:
            side.append_text(missions)
            side.append("\n")
        mega = panels.mega_line(t, names)
        if mega:
            side.append_text(mega)
            side.append("\n")
        side.append_text(panels.legend_text(t, names))
        self.query_one("#em-side", Static).update(side)
        self._draw_prompt(v)
        self._draw_hint()

    def _draw_prompt(self, v: Any) -> None:
        text = self.prompt_text(v)
        text.no_wrap = True
        text.overflow = "ellipsis"
        self.query_one("#em-prompt", Static).update(text)

    def move_prompt(self, v: Any) -> Text:
        legal = self.session.legal()
        if v.pending:
            return Text(f"{self._question(v)} — enter to choose", style="bold yellow")
        if v.phase == "choose" and self.state.classic is not None:
            return Text("Choose: d Deploy · m Move · n Mine · b Build · p Develop",
                        style="bold green")
        if v.phase == "choose":
            return Text("Choose: m Move · d Deploy · b Build · i Interact", style="bold green")
        if v.phase == "attack":
            return Text("Attacks: a picks targets · e strikes and ends the turn",
                        style="bold green")
        parts = []
        offer = interact_offer(legal) if v.table.action == "interact" else ""
        if offer:
            parts.append(f"i: {offer}")
        if any(a.kind == "flick" for a in legal):
            parts.append("arrows aim · tab ship · t target · enter flicks")
        if any(a.kind != "flick" and a.kind != "end" for a in legal):
            parts.append("a lists actions")
        parts.append("e done")
        return Text(" · ".join(parts), style="bold green")

    # --- a flick shown flying ---------------------------------------------------------------

    def before_move(self) -> None:
        self.starmap.skip()
        self._before = self.state.copy()

    def log_action(self, seat: int, line: Text | str | None, events: list[Event]) -> None:
        super().log_action(seat, line, events)
        before, self._before = self._before, None
        flown = next((e for e in events if e.kind == "flick"), None)
        if flown is None or before is None or not self._show_flights(seat):
            return
        v = E.view(before, self.table_seat())
        frames = flight_path(v.table.discs, flown.card, aim_of(flown.value),
                             can_ram=advanced_name(flown.card) != "juggernaut")
        self.starmap.fly(v.table, frames)
        self.set_timer(0.05, self._watch_flight)

    def _show_flights(self, seat: int) -> bool:
        """A human's flick is always shown; a bot's only when bots move at a pace."""
        return not self.session.is_bot(seat) or float(getattr(self.app, "bot_delay", 0)) > 0

    def _watch_flight(self) -> None:
        if self.starmap.flying:
            self.set_timer(0.1, self._watch_flight)
        else:
            self.refresh_table()

    async def move_shown(self) -> None:
        await self.starmap.landed()

    def finish_show(self) -> None:
        self.starmap.skip()

    def action_skip_flight(self) -> None:
        self.starmap.skip()
        self.refresh_table()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "skip_flight":
            return self.starmap.flying
        # Each rules set's footer shows its own actions: Classic has no Interact and no
        # Energy to boost with, New Era no Mine or Develop action.
        classic = self.state.classic is not None
        if action == "classic_act" and not classic:
            return False
        if classic and (action == "boost" or action == "act" and parameters == (3,)):
            return False
        return super().check_action(action, parameters)

    # --- the map's messages -----------------------------------------------------------------

    @on(StarMap.AimChanged)
    def _aim_changed(self, event: StarMap.AimChanged) -> None:
        event.stop()
        if event.ship is None:  # enter or tab with no ship to aim
            if self.state.to_move is None:
                self._show_end()
            elif self.my_move() and self.view_for(self.viewer).pending:
                self.action_decide()
            elif self.my_move():
                self.refuse(self._why_no_flick())
            return
        self.refresh_table()

    def _why_no_flick(self) -> str:
        ships = [d.id for d in self.state.discs if d.kind == "ship"
                 and d.owner == self.state.current]
        probe = Action("flick", ships[0] if ships else -1, 0 * AIM_SCALE + 500)
        return self.why_not(probe) or "no ship can be flicked now"

    @on(StarMap.Flicked)
    def _flicked(self, event: StarMap.Flicked) -> None:
        event.stop()
        if self.state.to_move is None:
            self._show_end()
            return
        if not self._can_act():
            return
        if self.view_for(self.viewer).pending:
            self.action_decide()
            return
        if self.do(aim_action(event.ship, event.aim)):
            self.advance()

    # --- helpers --------------------------------------------------------------------------

    def why_not(self, a: Action) -> str | None:
        return self.session.module.why_illegal(self.state, a)

    def _play(self, a: Action) -> None:
        if self.do(a):
            self.advance()

    def _ask(self, title: str, actions: list[Action], *, deferrable: bool = False,
             then: Callable[[Action], None] | None = None) -> None:
        """A list of ``actions`` in words; the one chosen is played (or given to ``then``)."""
        if not actions:
            return
        v = self.view_for(self.viewer)
        step = len(self.session.actions)
        labels = [E.describe(v, a) for a in actions]
        legal = self.session.legal()

        def done(index: int | None) -> None:
            self.modal_open = False
            if index is None:
                if deferrable:
                    self.deferred = step
                self.refresh_table()
                return
            chosen = actions[index]
            if then is not None:
                then(chosen)
            else:
                self._play(chosen)

        def advise() -> tuple[int, str] | None:
            found = find_hint("empires", v, legal, E.describe)
            if found is None or found[0] not in actions:
                return None
            return actions.index(found[0]), found[1]

        self.modal_open = True
        self.app.push_screen(ChoiceScreen(title, labels, cancel_label="look at the map",
                                          advise=advise, compact=True), done)

    def _ready(self) -> bool:
        if not self._can_act():
            return False
        self.starmap.skip()
        if self.view_for(self.viewer).pending:
            self.action_decide()
            return False
        return True

    # --- key actions -----------------------------------------------------------------------

    def action_act(self, k: int) -> None:
        """m / d / b / i: choose that action; once it is chosen, its list (deploy what,
        build where, which relic, which manoeuvre)."""
        if not self._ready():
            return
        name = ACTIONS[k]
        if self.state.classic is not None:  # the Classic turn numbers its actions its own way
            if name not in CLASSIC_ACTIONS:
                self.refuse("the Classic rules have no Interact action (a lists every action)")
                return
            self.action_classic_act(name)
            return
        a = Action("choose", k)
        v = self.view_for(self.viewer)
        if v.phase == "choose":
            reason = self.why_not(a)
            if reason:
                self.refuse(reason)
                return
            self._play(a)
            return
        family = FAMILY[name]
        picks = [x for x in self.session.legal() if x.kind in family]
        if not picks:
            if v.table.action != name:
                self.refuse(f"this turn's action is {v.table.action.title() or 'not chosen'}")
            else:
                self.refuse(self._why_nothing(name))
            return
        self._ask(f"{name.title()}: which?", picks)

    def action_classic_act(self, name: str) -> None:
        """m / d / n / b / p in a Classic game: choose that action; once chosen, what it
        can do now (the Move's flicks are aimed on the map)."""
        if not self._ready() or self.state.classic is None:
            return
        v = self.view_for(self.viewer)
        if v.phase == "choose":
            a = Action("choose", CLASSIC_ACTIONS.index(name))
            reason = self.why_not(a)
            if reason:
                self.refuse(reason)
            else:
                self._play(a)
            return
        if v.table.action != name:
            self.refuse(f"this turn's action is {v.table.action.title() or 'not chosen'}")
            return
        picks = [x for x in self.session.legal() if x.kind not in ("end", "flick")]
        if not picks:
            self.refuse("no manoeuvre now: aim a ship and press enter to flick"
                        if name == "move" else f"nothing more to {name} now: e ends the turn")
            return
        self._ask(f"{name.title()}: which?", picks)

    def _why_nothing(self, action: str) -> str:
        """Why the chosen action has nothing left to do, in the engine's words (asked of
        the first thing it could do)."""
        t = self.state
        if action == "move":
            return "no manoeuvre now: aim a ship and press enter to flick"
        if action == "interact" and t.uses > 0:  # the mission nearest done says what is missing
            missing = [r for k in range(len(t.missions))
                       if (r := self.why_not(Action("mission", k))) and "not met" in r]
            if missing:
                return "nothing to interact with now: " + missing[0]
        if t.uses <= 0:
            return self.why_not(Action("deploy_troop" if action == "deploy" else "build", 0))\
                or f"nothing to {action} now"
        if action == "deploy":
            p = t.players[t.current]
            ship = (p.ships + p.advanced + [-1])[0]
            ships = "no starship on your dashboard" if ship < 0 else (
                self.why_not(Action("deploy_ship", ship)) or "")
            troops = next((r for i in range(len(t.locations))
                           if (r := self.why_not(Action("deploy_troop", i)))
                           and "troop" in r), "")
            return "nothing to deploy: " + "; ".join(x for x in (ships, troops) if x)
        return f"nothing to {action} now"

    def action_boost(self) -> None:
        if not self._ready():
            return
        a = Action("boost")
        reason = self.why_not(a)
        if reason:
            self.refuse(reason)
            return
        self._play(a)

    def action_end(self) -> None:
        """e: done acting (to the attacks), or strike and end the turn."""
        if not self._ready():
            return
        a = Action("end")
        reason = self.why_not(a)
        if reason:
            self.refuse(reason)
            return
        self._play(a)

    def action_all_actions(self) -> None:
        """a: every legal action in one list; a flick from it becomes the aim on the map."""
        if not self._can_act():
            return
        self.starmap.skip()
        legal = self.session.legal()

        def chosen(a: Action) -> None:
            if a.kind == "flick":
                self.starmap.set_aim(a.card, aim_of(a.option))
                self.notify("Aimed: enter flicks (the arrows change the aim).", timeout=2)
                self.refresh_table()
            else:
                self._play(a)

        self._ask("Every action you can take now", legal, then=chosen)

    def action_next_target(self) -> None:
        """t: the chosen ship's next suggested aim (straight into an orbit, or at a rival)."""
        if not self._can_act():
            return
        ship = self.starmap.selected
        aims = [a for a in self.session.legal() if a.kind == "flick" and a.card == ship]
        if not aims:
            self.refuse(self._why_no_flick())
            return
        self._target = (self._target + 1) % len(aims)
        self.starmap.set_aim(aims[self._target].card, aim_of(aims[self._target].option))

    def action_ruler(self) -> None:
        """r: the range ruler round the chosen ship (again: hide it)."""
        self.ruler = not self.ruler
        self.refresh_table()

    def action_book(self) -> None:
        """v: the technology tree, the Relic Archive and the VP pool."""
        v = self.view_for(self.table_seat())
        self.show_book(panels.tech_tree_text(v.table, self.session.names))

    def show_book(self, text: Text) -> None:
        """``text`` on a screen of its own over the table; the game goes on once it closes."""

        def closed(_: None) -> None:
            self.modal_open = False
            self.refresh_table()
            self.call_after_refresh(self._focus_default)
            self.advance()

        self.modal_open = True
        self.app.push_screen(BookScreen(text), closed)

    def take_hint(self, action: Action) -> None:
        if action.kind == "flick":
            self.starmap.set_aim(action.card, aim_of(action.option))
        if self.do(action):
            self.advance()


def interact_offer(legal: list[Action]) -> str:
    """What the Interact action's list (i) holds now, counted: "1 mission · 2 relics to
    use"; empty when it holds nothing."""
    said = []
    for kind, (one, more) in INTERACT_WORDS.items():
        n = sum(1 for a in legal if a.kind == kind)
        if n:
            said.append(counted(n, one, more))
    return " · ".join(said)


def aim_action(ship: int, aim: Aim) -> Action:
    """The ``flick`` action of ``ship`` at ``aim``."""
    return Action("flick", ship, aim.angle * AIM_SCALE + aim.power)
