"""The Ascension Tactics table driven by real key presses at 80x24: set-up from the menu,
commanding a champion onto the field and across it, line of sight, ending the turn against
an Easy bot, autosave and Continue, the 2 vs 2 switch, the fit of every panel, and the
scenarios the set-up offers."""

from __future__ import annotations

import io
import sys
from pathlib import Path

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Markdown

import core.tactics as T
from core.contract import Action
from core.tactics.scenarios import scenarios, victory_short
from core.tactics.words import phrase, unit_labels
from core.words import Word
from tui import theme
from tui.app import AscendApp
from tui.games.tactics import text as tt
from tui.games.tactics.hexmap import HexMap
from tui.games.tactics.screen import TacticsScreen
from tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from tui.screens.end import EndScreen
from tui.screens.load import ContinueScreen
from tui.screens.menu import MenuScreen
from tui.screens.passing import PassScreen
from tui.screens.setup import SetupScreen
from tui.session import GameSession
from tui.widgets.panels import LogView
from tui.widgets.setting import Setting
from tui.words import styled

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tactics"))

from tactics_helpers import cultist, hold, put  # noqa: E402
from tui_helpers import wait_until  # noqa: E402

SIZE = (80, 24)
OPPOSITE = {"left": "right", "right": "left", "up": "down", "down": "up"}


def table_of(app: AscendApp) -> TacticsScreen | None:
    return next((s for s in app.screen_stack if isinstance(s, TacticsScreen)), None)


async def settle(pilot: Pilot, app: AscendApp) -> None:
    """Wait for bot and hint workers to finish and the screen to catch up."""
    for _ in range(400):
        await pilot.pause()
        await app.workers.wait_for_complete()
        table = table_of(app)
        if table is None or (table.thinking is None
                             and not table.session.is_bot(table.state.to_move)):
            await pilot.pause()
            return
    raise AssertionError("bots did not finish")


async def start_from_menu(pilot: Pilot, app: AscendApp, seed: str) -> TacticsScreen:
    """Main menu -> New game -> Ascension Tactics, seat 2 the Easy bot -> seed -> start."""
    await pilot.press("n")
    assert isinstance(app.screen, SetupScreen)
    await pilot.press("right", "right")  # Ascension -> Firepeak -> Tactics
    assert app.screen.query_one("#game", Setting).value == "tactics"
    await pilot.press("down", "down", "down")
    assert app.focused is not None and app.focused.id == "seat-1"
    await pilot.press("left")  # Bot: Normal -> Bot: Easy
    await pilot.press("down")
    assert app.focused is not None and app.focused.id == "tactics-mode"
    await pilot.press("down", "down", "down")
    assert app.focused is not None and app.focused.id == "seed"
    await pilot.press(*seed, "enter")
    await settle(pilot, app)
    table = table_of(app)
    assert table is not None
    return table


async def walk_to_reach(pilot: Pilot, hexmap: HexMap) -> int:
    """Move the map cursor one step by arrow keys onto a highlighted (+) hex."""
    for key in ("right", "left", "up", "down"):
        before = hexmap.cursor
        await pilot.press(key)
        if hexmap.cursor in hexmap.reach:
            return hexmap.cursor
        if hexmap.cursor != before:
            await pilot.press(OPPOSITE[key])
    raise AssertionError("no reachable hex next to the cursor")


async def test_tactics_command_move_end_save_continue(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await start_from_menu(pilot, app, "7")
        session = table.session
        state = session.state
        assert session.game == "tactics"
        assert session.seats == ["human", "bot:easy"]
        assert state.options["scenario"] == "battle_of_three_shrines"
        assert state.options["mode"] == "1v1" and state.options["draft"] is False
        assert state.to_move == 0 and app.screen is table
        hexmap = table.query_one(HexMap)
        assert app.focused is hexmap

        # c with no unit of ours under the cursor: the roster as a list, greyed lines say why.
        state.seats[0].power = 5  # whatever the hand: enough for a champion, not for all
        await pilot.press("c")
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        assert not all(dialog.greyed)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is table
        cmd = state.cmd
        assert cmd is not None and state.units[cmd.unit].seat == 0
        unit = cmd.unit
        portals = {a.option for a in session.legal() if a.kind == "deploy"}
        assert portals and hexmap.reach == portals
        assert hexmap.cursor in portals  # the cursor waits on the first free portal

        # Enter on the portal deploys there; the unit's moves are then tinted.
        await pilot.press("enter")
        await pilot.pause()
        assert state.units[unit].cell in portals
        moves = {a.option for a in session.legal() if a.kind == "move"}
        assert moves and hexmap.reach == moves

        # Line of sight from the commanded unit to a hex two steps away.
        start = state.units[unit].cell
        await pilot.press("right", "right")
        await pilot.press("l")
        assert hexmap.sight and hexmap.sight[0] == start and hexmap.sight[-1] == hexmap.cursor
        await pilot.press("left", "left")
        assert not hexmap.sight  # a cursor move clears it

        # Move one hex by the arrow keys, then end the command with d.
        goal = await walk_to_reach(pilot, hexmap)
        await pilot.press("enter")
        await pilot.pause()
        assert state.units[unit].cell == goal
        await pilot.press("d")
        await pilot.pause()
        assert state.cmd is None or state.cmd.unit != unit
        while state.cmd is not None:  # Psyche Askara's second figure: done as well
            await pilot.press("d")
            await pilot.pause()

        # Playing a card from the hand by its list.
        hand = len(state.seats[0].hand)
        await pilot.press("p")
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert len(state.seats[0].hand) == hand - 1 or state.pending

        # End the turn (cards are left: asked first); the Easy bot plays its turn.
        turns = state.turn_no
        await pilot.press("e")
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
        await settle(pilot, app)
        assert state.turn_no >= turns + 2 and state.to_move == 0
        assert app.screen is table
        saved = session.path
        assert saved is not None and saved.exists()  # the autosave at the end of the turn

        # Leave (saves) and come back through Continue to the same state.
        checksum = session.checksum()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("c")
        await pilot.pause()
        listing = app.screen
        assert isinstance(listing, ContinueScreen)
        prompt = str(listing.query_one("#saves").get_option_at_index(0).prompt)
        assert "Ascension Tactics" in prompt
        await pilot.press("enter")  # loads in a worker, then opens the table
        await wait_until(pilot, lambda: isinstance(app.screen, TacticsScreen),
                         "the table opens")
        await settle(pilot, app)
        again = app.screen
        assert isinstance(again, TacticsScreen) and again is not table
        assert again.session.checksum() == checksum
        assert again.session.path == saved

        # The unit is still on the map: pick it with enter there, and c commands it. (The
        # Power is set by hand, after the save, so the save stays a true record.)
        state = again.session.state
        hexmap = again.query_one(HexMap)
        state.seats[0].power = 5
        assert state.units[unit].cell == goal and Action("command", unit) in again.session.legal()
        hexmap.set_cursor(goal)  # a new table starts its cursor elsewhere
        await pilot.press("down", "down")
        assert hexmap.cursor != goal
        await pilot.press("up", "up")
        assert hexmap.cursor == goal
        await pilot.press("enter")
        assert again.selected == unit
        await pilot.press("c")
        assert state.cmd is not None and state.cmd.unit == unit
        assert state.units[unit].exhausted
        await pilot.press("d")


async def open_table(pilot: Pilot, app: AscendApp, options: dict, seed: int) -> TacticsScreen:
    """Start a Tactics game straight from a session (the set-up keys are tested above)."""
    session = GameSession.new("tactics", options, seed)
    app.start_game(session)
    await settle(pilot, app)
    table = table_of(app)
    assert table is not None
    return table


def shown_actions(table: TacticsScreen) -> set[str]:
    """The actions of the keys the footer shows now."""
    return {b.binding.action for b in table.active_bindings.values() if b.binding.show}


def assert_fits(app: AscendApp, table: TacticsScreen) -> None:
    """Every visible panel of the table lies inside the 80x24 screen with room to show
    something, and the whole battlefield is in view without scrolling."""
    screen = table.region
    assert (screen.width, screen.height) == SIZE
    for widget in table.query("*"):
        if not widget.display or not widget.visible:
            continue
        region = widget.region
        assert region.width > 0 and region.height > 0, widget
        assert screen.contains_region(region), (widget, region)
    hexmap = table.query_one(HexMap)
    width, height = hexmap.virtual_size
    content = hexmap.scrollable_content_region
    assert width <= content.width and height <= content.height, (hexmap.virtual_size, content)
    for key in ("#tt-status", "#tt-prompt", "#tt-hand"):
        assert table.query_one(key).region.height == 1
    assert table.query_one("#tt-row").region.height == 3


async def test_tactics_fits_80x24_and_draws_the_view(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        for options in ({"players": 2, "seats": ["human", "bot:random"]},
                        {"players": 4, "mode": "2v2",
                         "seats": ["human", "bot:random", "bot:random", "bot:random"]},
                        {"players": 3, "seats": ["human", "bot:random", "bot:random"]}):
            table = await open_table(pilot, app, options, 11)
            assert_fits(app, table)
            state = table.state
            keys = shown_actions(table)
            assert {"command", "done", "sight", "play", "acquire", "treasure", "end_turn",
                    "hint", "help"} <= keys
            assert ("switch" in keys) == (options.get("mode") == "2v2")
            side = table.query_one("#tt-side").render()
            text = str(side)
            for name in table.session.names:
                assert name[:12] in text
            assert victory_short(state.scen) in text  # "first to 30 Honor", "40 Honor, even..."
            for card in state.seats[0].roster:
                assert state.cards[card].name[:12] in text
            hand = str(table.query_one("#tt-hand").render())
            assert f"Hand ({len(state.seats[0].hand)})" in hand
            row = str(table.query_one("#tt-row").render())
            assert "Mystic" in row and "Cultist" in row
            assert all(state.cards[u].name[:10] in row for u in state.row if u >= 0)
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)


async def test_tactics_switch_to_partner_in_2v2(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, {
            "players": 4, "mode": "2v2",
            "seats": ["human", "bot:random", "human", "bot:random"]}, 5)
        state = table.state
        assert state.side_of == (0, 1, 0, 1)
        # Two people at one keyboard: hand over (and wait out the bots) until it is our
        # team's turn and its first player has the keyboard.
        for _ in range(20):
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
                await settle(pilot, app)
            elif table.my_move() and state.side == 0:
                break
            else:
                await settle(pilot, app)
        first = state.current
        assert table.viewer == first and first in (0, 2)
        partner = 2 - first
        assert "switch" in shown_actions(table)  # the footer offers s in 2 vs 2
        await pilot.press("s")
        await pilot.pause()
        assert state.current == partner
        assert isinstance(app.screen, PassScreen)  # the partner takes the keyboard
        assert table.viewer is None
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is table and table.viewer == partner
        hand = str(table.query_one("#tt-hand").render())
        assert f"Hand ({len(state.seats[partner].hand)})" in hand
        assert "hidden" not in hand
        names = table.session.names
        panel = str(table.query_one("#tt-side").render())
        for seat in state.sides[0]:  # each partner named whole, a line each, at 80 columns
            assert names[seat] in panel
        # And back: the partner may hand the turn to the first player again.
        await pilot.press("s")
        await pilot.pause()
        assert state.current == first and isinstance(app.screen, PassScreen)


async def test_tactics_setup_offers_scenarios_of_the_mode(save_dir: Path) -> None:
    def fitting(players: int, mode: str) -> set[str]:
        return {sc.id for sc in scenarios() if players in sc.players and mode in sc.modes}

    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await pilot.press("right", "right")
        mode = setup.setting("mode")
        scenario = setup.setting("scenario")
        players = setup.query_one("#players", Setting)
        assert mode.display and scenario.display and setup.setting("draft").display
        assert not setup.query_one("#ascension-edition").display

        def offered() -> set[str]:
            return {value for value, _ in scenario.values}

        assert [m for m, _ in mode.values] == ["1v1", "coop", "boss"]
        assert offered() == fitting(2, "1v1") and len(offered()) >= 2
        # The Villains' settings show only against the Villains.
        assert not setup.setting("difficulty").display and not setup.setting("ties").display
        mode.select("coop")
        mode.post_message(Setting.Changed(mode))
        await pilot.pause()
        assert setup.setting("difficulty").display and setup.setting("ties").display
        assert offered() == fitting(2, "coop")
        assert setup.options()[1]["difficulty"] == "standard"
        mode.select("1v1")
        mode.post_message(Setting.Changed(mode))
        await pilot.pause()
        assert "difficulty" not in setup.options()[1]
        await pilot.press("down")
        assert app.focused is players
        await pilot.press("right")  # 3 players: brawl, or two heroes against a Boss player
        assert players.value == 3
        assert [m for m, _ in mode.values] == ["brawl", "boss"]
        assert offered() == fitting(3, "brawl")
        await pilot.press("right")  # 4 players: teams or brawl (the brawl chosen is kept)
        assert [m for m, _ in mode.values] == ["2v2", "brawl"]
        assert mode.value == "brawl" and offered() == fitting(4, "brawl")
        for _ in range(5):  # down to the mode line, past the four seats
            await pilot.press("down")
        assert app.focused is mode
        await pilot.press("right")
        assert mode.value == "2v2" and offered() == fitting(4, "2v2")
        await pilot.press("down", "right")  # scenario: the next one (or the same if alone)
        await pilot.press("down", "right")  # draft on
        game, options, _ = setup.options()
        assert game == "tactics"
        assert options["mode"] == "2v2" and options["draft"] is True
        assert options["scenario"] in fitting(4, "2v2") and options["players"] == 4
        await pilot.press("left")  # back to 2 players: 1 vs 1 and its scenarios again
        await pilot.press(*["up"] * 7)  # draft, scenario, mode, four seats
        assert app.focused is players
        await pilot.press("left", "left")
        assert [m for m, _ in mode.values] == ["1v1", "coop", "boss"]
        assert mode.value == "1v1" and offered() == fitting(2, "1v1")


async def test_tactics_plays_to_the_end_screen(save_dir: Path) -> None:
    """End every turn at once until the turn limit; the end screen gives Honor per side."""
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, {"players": 2, "seats": ["human", "bot:random"],
                                              "turn_limit": 8}, 3)
        state = table.state
        for _ in range(60):
            if state.to_move is None:
                break
            screen = app.screen
            if isinstance(screen, ConfirmScreen):
                await pilot.press("y")
            elif isinstance(screen, ChoiceScreen):
                await pilot.press("enter")  # a choice: the first legal answer
            elif state.pending:
                await pilot.press("enter")
            else:
                await pilot.press("e")
            await settle(pilot, app)
        assert state.to_move is None
        await pilot.pause()
        end = app.screen
        if not isinstance(end, EndScreen):
            await pilot.press("enter")
            await pilot.pause()
            end = app.screen
        assert isinstance(end, EndScreen)
        outcome = T.outcome(state)
        assert outcome is not None
        console = Console(file=io.StringIO(), width=80, color_system=None)
        console.print(end.table)
        shown = console.file.getvalue()
        lines = [line for line in shown.splitlines() if "Player" in line or "bot" in line]
        for side, honor in enumerate(outcome.details["honor"]):
            line = next(x for x in lines if table.session.names[side] in x)
            cells = [cell.strip() for cell in line.split("│")]
            assert cells[1] == str(honor)
            # Honor by source adds up to the side's Honor.
            assert sum(int(cell) for cell in cells[2:]) == honor
        assert "turn limit" in str(end.query_one("#end-tiebreak").render())


async def test_tactics_attack_reasons_hint_and_rules(save_dir: Path) -> None:
    """A champion next to an enemy: c commands it, enter on the × enemy attacks; a greyed
    purchase says why; h answers (a hint, or that none exists yet); ? opens the rules."""
    from core.tactics.turn import place

    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        session = GameSession.new("tactics", {"players": 2, "seats": ["human", "bot:random"]},
                                  3)
        s = session.state
        assert s.current == 0 and s.to_move == 0
        # Set a skirmish up in the middle of the field: Tyranyx or whoever is first on our
        # roster, beside the enemy's first champion, with Power to command.
        mine = s.card_units[s.seats[0].roster[0]][0]
        theirs = s.card_units[s.seats[1].roster[0]][0]
        here = s.map.shrines[1]
        there = next(c for c in s.map.neighbours[here] if s.occupant[c] < 0)
        place(s, mine, here)
        place(s, theirs, there)
        s.seats[0].power = 10
        app.start_game(session)
        await settle(pilot, app)
        table = table_of(app)
        assert table is not None
        hexmap = table.query_one(HexMap)
        hexmap.set_cursor(here)

        await pilot.press("c")
        assert s.cmd is not None and s.cmd.unit == mine
        assert there in hexmap.targets and hexmap.reach
        for key in ("right", "left", "up", "down"):
            await pilot.press(key)
            if hexmap.cursor == there:
                break
            if hexmap.cursor != here:
                await pilot.press(OPPOSITE[key])
        assert hexmap.cursor == there
        await pilot.press("enter")
        await settle(pilot, app)
        assert s.cmd is None or s.cmd.attacks == 1
        assert s.units[theirs].damage > 0 or s.units[theirs].cell < 0

        # Nothing in the center row is affordable with no Runes: each line says why.
        while s.cmd is not None:
            await pilot.press("d")
        await pilot.press("a")
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        greyed = [str(o) for o, g in zip(dialog.options, dialog.greyed, strict=True) if g]
        assert greyed and all("✗" in line and "you have" in line for line in greyed)
        await pilot.press("escape")
        assert app.screen is table

        await pilot.press("h")
        await settle(pilot, app)
        hint = str(table.query_one("#tt-hint").render())
        assert "\nHint:" in hint or table.NO_HINT in hint  # the keys to use it come first

        await pilot.press("question_mark")
        rules = app.screen
        assert type(rules).__name__ == "RulesScreen"
        assert rules.query_one("#rules", Markdown).source.startswith(
            "# Ascension Tactics in two minutes")
        await pilot.press("escape")
        assert app.screen is table


async def test_tactics_draft_through_the_choice_list(save_dir: Path) -> None:
    """With the draft, the picks are pending choices: each opens the list of the champions
    on offer; escape puts it aside to look at the map, enter brings it back."""
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, {"players": 2, "seats": ["human", "bot:random"],
                                              "draft": True}, 8)
        state = table.state
        assert state.phase == "draft"
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen) and "Champion Draft" in dialog.title_text
        # Each line is the pick in the words of the log ("Draft Tyranyx ..."), one per offer.
        offered = {state.cards[a.card].name for a in table.session.legal()}
        shown = [str(o) for o in dialog.options]
        assert len(shown) == len(table.session.legal())
        assert all(any(line.startswith(f"Draft {name} ") for name in offered) for line in shown)
        # A starting champion is shown by its body and command cost, never a Rune price.
        first = next(state.cards[a.card] for a in table.session.legal())
        line = next(x for x in shown if x.startswith(f"Draft {first.name} "))
        assert line.startswith(
            f"Draft {first.name} {first.strength}/{first.defense} {first.command}▲")
        assert not any("◆" in line for line in shown)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table and state.pending
        await pilot.press("enter")  # on the map: the choice comes back
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        for _ in range(12):
            if state.phase != "draft":
                break
            await pilot.press("enter")
            await settle(pilot, app)
        assert state.phase == "play"
        assert len(state.seats[0].roster) == 4 and len(state.seats[1].roster) == 4
        side = str(table.query_one("#tt-side").render())
        assert all(state.cards[c].name[:12] in side for c in state.seats[0].roster)


async def test_tactics_log_counts_honor_shrine_by_shrine(save_dir: Path) -> None:
    """Two shrines scored at one end of turn: each log line shows the total after it."""
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, {"players": 2, "seats": ["human", "bot:random"]}, 3)
        s = table.state
        assert s.to_move == 0 and s.honor == [0, 0]
        side = s.side_of[0]
        mine = [u for u, unit in enumerate(s.units) if unit.seat == 0 and unit.cell < 0]
        for u, shrine in zip(mine, s.map.shrines[:2], strict=False):
            put(s, u, shrine)
        await pilot.press("e")
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
        await settle(pilot, app)
        log = table.query_one(LogView)
        name = table.session.names[0]
        scored = [strip.text.strip() for strip in log.lines if f"{name} +2 Honor" in strip.text]
        goal = s.scen.victory_honor
        assert scored[:2] == [f"{name} +2 Honor (2/{goal})", f"{name} +2 Honor (4/{goal})"]
        assert s.honor[side] == 4


async def test_tactics_play_all_plays_the_quiet_cards(save_dir: Path) -> None:
    """P plays the whole starting hand (no card asks anything); while a unit is being
    commanded it is refused with the rule's reason and nothing changes."""
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, {"players": 2, "seats": ["human", "bot:random"]}, 3)
        s, session = table.state, table.session
        seat = s.seats[0]
        hand = list(seat.hand)
        names = [s.cards[u].id for u in hand]
        assert len(hand) == 5 and set(names) <= {"apprentice", "militia"}
        seat.power = 4  # enough to command one unit first
        await pilot.press("c", "enter")  # the first unit of the roster list
        await pilot.pause()
        assert s.cmd is not None
        steps = len(session.actions)
        await pilot.press("P")
        await pilot.pause()
        assert len(session.actions) == steps and seat.hand == hand
        assert table.last_message.startswith("Not allowed")
        await pilot.press("enter", "d")  # deploy on the portal the cursor waits on; done
        await pilot.pause()
        assert s.cmd is None
        runes, power = seat.runes, seat.power
        await pilot.press("P")
        await pilot.pause()
        assert seat.hand == [] and sorted(seat.played) == sorted(hand)
        assert seat.runes == runes + names.count("apprentice")
        assert seat.power == power + names.count("militia")
        assert s.to_move == 0 and app.screen is table
        # Each play is logged in the words describe gives it, after the player's name.
        player = table.session.names[0]
        logged = [strip.text.strip() for strip in table.query_one(LogView).lines]
        for card in {s.cards[u].name for u in hand}:
            assert logged.count(f"{player}: Play {card}") == sum(
                1 for u in hand if s.cards[u].name == card)


def test_tactics_phrases_are_coloured_by_what_they_name() -> None:
    """The table colours a phrase's named pieces (a card in its faction's colour, a unit in
    its side's, a hex in bold) and never changes a word."""
    s = T.new_game({"players": 2}, 3)
    v = T.view(s, 0)
    style = tt.styler(v)
    play = next(a for a in T.legal_actions(s) if a.kind == "play")
    text = styled(phrase(v, play), style)
    assert text.plain == T.describe(s, play)
    card = s.cards[play.card]
    assert [str(span.style) for span in text.spans] == [
        f"bold {theme.FACTION_COLOR[card.faction]}"]
    unit = s.card_units[s.seats[1].roster[0]][0]
    call = next(a for a in T.legal_actions(s) if a.kind == "command" and a.card == -1)
    assert style(Word("x", "unit", unit)) == f"bold {tt.side_color(s.side_of[1])}"
    assert [str(span.style) for span in styled(phrase(v, call), style).spans] == ["bold"]


async def test_tactics_treasure_list_tells_cultists_apart(save_dir: Path) -> None:
    """Two Cultists on the field: the Treasure list names each by its number, the one its
    map label shows (c1, c2)."""
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, {"players": 2, "seats": ["human", "bot:random"]}, 3)
        s = table.state
        hold(s, 0, "might_draught")
        free = [c for c in range(len(s.map.hexes))
                if s.occupant[c] < 0 and c not in s.map.shrines]
        put(s, cultist(s, 0, 0), free[0])
        put(s, cultist(s, 0, 1), free[1])
        table.refresh_table()
        await pilot.press("t")
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        lines = [str(o) for o in dialog.options]
        assert "Play Draught of Might on Cultist c1" in lines
        assert "Play Draught of Might on Cultist c2" in lines
        assert len(set(lines)) == len(lines)


async def test_tactics_an_empty_pile_says_none_left(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, {"players": 2, "seats": ["human", "bot:random"]}, 3)
        s = table.state
        cost = s.cards[s.heavies[-1]].cost
        assert f"Heavy Inf. {cost}" in str(table.query_one("#tt-row").render())
        s.box.extend(s.heavies)  # every Heavy Infantry bought (set-up only)
        s.heavies.clear()
        table.refresh_table()
        row = str(table.query_one("#tt-row").render())
        assert "Heavy Inf. (none left)" in row and "Heavy Inf. 0" not in row


def test_tactics_cultists_are_numbered_through_every_side() -> None:
    """No two Cultists read alike: 2 vs 2 partners' are c1..c8 and the other team's c9..cG;
    in 1 vs 1 the second side's are c5..c8. Champions' labels are unique on the map too."""
    s = T.new_game({"players": 4, "mode": "2v2"}, 5)
    labels = unit_labels(s)
    numbered = []
    for seats in s.sides:
        assert len(seats) == 2
        numbered += [labels[u] for seat in seats for u in s.cultists[seat]]
    assert numbered == [f"c{i}" for i in "123456789ABCDEFG"]
    assert len(set(labels.values())) == len(labels)
    duel = T.new_game({"players": 2}, 5)
    assert [unit_labels(duel)[u] for u in duel.cultists[1]] == ["c5", "c6", "c7", "c8"]


async def test_tactics_setup_chooses_the_boss_against_the_villains(save_dir: Path) -> None:
    """One player against the Villains on Vigil at the Crossroads: the Boss line shows
    (random first), the keys choose a Boss by name, and the game starts led by that Boss;
    on a scenario with a fixed roster the line is hidden."""
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await pilot.press("right", "right")  # Ascension Tactics
        await pilot.press("down", "left")  # one player: solo against the Villains
        assert setup.setting("mode").value == "solo"
        boss = setup.setting("boss")
        assert boss.display and boss.value == "random"
        assert [label for _, label in boss.values][1] == "Dawnblade Paladin"
        for _ in range(12):
            if app.focused is boss:
                break
            await pilot.press("down")
        assert app.focused is boss
        await pilot.press("right", "right")  # random, Dawnblade Paladin, Starlit Archon
        assert boss.value == "starlit_archon"
        assert setup.options()[1]["boss"] == "starlit_archon"
        scenario = setup.setting("scenario")
        scenario.select("thornwall")
        scenario.post_message(Setting.Changed(scenario))
        await pilot.pause()
        assert not boss.display and "boss" not in setup.options()[1]
        scenario.select("crossroads_vigil")
        scenario.post_message(Setting.Changed(scenario))
        await pilot.pause()
        assert boss.display and boss.value == "starlit_archon"
        await pilot.press("enter")
        await settle(pilot, app)
        table = table_of(app)
        assert table is not None
        v = table.state.villain
        assert v is not None and v.vdef(v.holder[0]).id == "starlit_archon"
