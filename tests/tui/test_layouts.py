"""Layouts by terminal size: below 80x24 a notice says so (and holds the keys) instead of
columns vanishing unsaid; at 120x40 the tables use the room."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Footer
from tui_helpers import firepeak_in_play, wait_until

from core.firepeak.cards import CREATURES
from core.firepeak.pattern import EMPTY
from tui.app import AscendApp
from tui.screens.menu import MenuScreen
from tui.screens.setup import SetupScreen
from tui.screens.table import TableScreen
from tui.session import GameSession
from tui.widgets.setting import Setting
from tui.widgets.size_notice import SizeNotice


def notice_of(app: AscendApp) -> str | None:
    """The notice's text on the screen in view, or None when there is none."""
    found = list(app.screen.query(SizeNotice))
    return str(found[0].render()) if found else None


async def test_a_small_terminal_is_told_its_size_and_the_keys_wait(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        text = notice_of(app)
        assert text is not None and "needs at least 80×24 (now 60×20)" in text
        assert not app.screen.query_one(Footer).display  # its keys wait too
        await pilot.press("n")  # blind: nothing opens under the notice
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.resize_terminal(79, 30)
        await pilot.pause()
        assert "(now 79×30)" in (notice_of(app) or "")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert notice_of(app) is None and app.screen.query_one(Footer).display
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def test_a_table_under_the_notice_takes_no_key(save_dir: Path) -> None:
    session = GameSession.new("ascension", {"players": 2, "seats": ["human", "bot:greedy"]}, 3)
    app = AscendApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(session)
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await pilot.resize_terminal(70, 24)
        await pilot.pause()
        assert "(now 70×24)" in (notice_of(app) or "")
        await pilot.press("a", "e", "y")
        await pilot.pause()
        assert session.actions == []
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert notice_of(app) is None
        # The focus is back on the table: its keys play again.
        await pilot.press("a")
        await wait_until(pilot, lambda: len(session.actions) > 0, "play all")


async def open_table(pilot: Pilot[None], app: AscendApp, game: str,
                     seed: int = 3) -> TableScreen:
    names = ["You", "Greedy bot"]
    app.start_game(GameSession.new(game, {"players": 2, "seats": ["human", "bot:greedy"],
                                          "names": names}, seed))
    await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen


async def center_names(size: tuple[int, int]) -> str:
    from tui.games.ascension.cards import CardView

    app = AscendApp()
    async with app.run_test(size=size) as pilot:
        # Seed 9 deals Rocket Courier X-99, the longest name, into the first center row.
        table = await open_table(pilot, app, "ascension", seed=9)
        await pilot.pause()
        return "\n".join(str(card.render()) for card in table.query("#center CardView")
                         if isinstance(card, CardView))


async def test_ascension_cards_show_whole_names_on_a_wide_terminal(save_dir: Path) -> None:
    narrow = await center_names((80, 24))
    wide = await center_names((120, 40))
    assert "Courier X…" in narrow and "X-99" not in narrow
    assert "Rocket Courier\nX-99" in wide


async def side_panel(size: tuple[int, int]) -> str:
    app = AscendApp()
    async with app.run_test(size=size) as pilot:
        table = await open_table(pilot, app, "tactics")
        await pilot.pause()
        return str(table.query_one("#tt-side").render())


async def test_tactics_units_have_whole_names_on_a_wide_terminal(save_dir: Path) -> None:
    narrow = await side_panel((80, 24))
    wide = await side_panel((120, 40))
    assert "Seer of the " in narrow and "Seer of the Veil" not in narrow
    assert "Seer of the Veil" in wide and "Icarus Steelfoot" in wide


def shown(app: AscendApp, selector: str) -> str:
    """The text of the table's widget ``selector`` ("" until the table has it)."""
    found = list(app.screen.query(selector)) if isinstance(app.screen, TableScreen) else []
    return str(found[0].render()) if found else ""


async def villain_panel(size: tuple[int, int]) -> str:
    app = AscendApp()
    solo = {"players": 1, "seats": ["human"], "names": ["You"], "mode": "solo",
            "scenario": "crossroads_vigil"}
    async with app.run_test(size=size) as pilot:
        app.start_game(GameSession.new("tactics", solo, 3))
        await wait_until(pilot, lambda: "Iron Colossus" in shown(app, "#tt-side"),
                         "the Villains in the side panel")
        return str(app.screen.query_one("#tt-side").render())


async def test_tactics_villains_have_whole_names_on_a_wide_terminal(save_dir: Path) -> None:
    narrow = await villain_panel((80, 24))
    wide = await villain_panel((120, 40))
    assert "Celestial Ward " in narrow and "Celestial Warden" not in narrow
    assert "Celestial Warden" in wide and "Iron Colossus" in wide
    # The numbers still line up in one column after the longest name.
    rows = [line for line in wide.splitlines() if line.startswith("✓") and "★" in line]
    assert len({line.index("/") for line in rows}) == 1


def fits(setting: Setting) -> bool:
    """Whether the setting's line shows its label apart from the arrow and its whole value
    between the arrows, inside the widget's width."""
    line = str(setting.render())[:setting.size.width]
    label, _, rest = line.partition("◀")
    value = setting.values[setting.index][1]
    return (label.startswith(setting.label) and label[len(setting.label):].strip() == ""
            and label.endswith(" ") and "▶" in rest and rest.partition("▶")[0].strip() == value)


async def test_new_game_settings_fit_their_boxes_at_80x24(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "right", "right")  # Ascension Tactics
        await pilot.pause()
        screen = app.screen
        mode = screen.query_one("#tactics-mode", Setting)
        scenario = screen.query_one("#tactics-scenario", Setting)
        seen: set[str] = set()
        for _ in mode.values:
            mode.focus()
            await pilot.press("right")
            await pilot.pause()
            for _ in scenario.values:
                scenario.focus()
                await pilot.press("right")
                await pilot.pause()
                shown = [s for s in screen.query(Setting) if s.display and s.size.width]
                bad = [str(s.render()) for s in shown if not fits(s)]
                assert not bad, bad
                seen |= {s.values[s.index][1] for s in shown} | {s.label for s in shown}
        assert {"Vigil at the Crossroads", "Battle of the Three Shrines", "Villain ties"} <= seen


async def firepeak_table(size: tuple[int, int], session: GameSession) -> tuple[str, int, int]:
    """The pattern's text, the side panel's width and the log's height at ``size``."""
    from tui.games.firepeak.pattern import PatternView
    from tui.widgets.panels import LogView

    app = AscendApp()
    async with app.run_test(size=size) as pilot:
        app.start_game(session)
        await wait_until(pilot, lambda: "Your pattern" in shown(app, "#fp-pattern"),
                         "the pattern drawn")
        screen = app.screen
        pattern = str(screen.query_one(PatternView).render())
        side = screen.query_one("#fp-side").size.width
        return pattern, side, screen.query_one(LogView).size.height


async def test_firepeak_table_uses_a_wide_terminal(save_dir: Path) -> None:
    session = firepeak_in_play(4)
    names = [CREATURES[uid].name for uid in session.view(0).players[0].pattern
             if uid != EMPTY]
    assert any(len(name) > 10 for name in names), names  # else nothing to see cut
    narrow, narrow_side, narrow_log = await firepeak_table((80, 24), session)
    wide, wide_side, wide_log = await firepeak_table((120, 40), session)
    assert not all(name in narrow for name in names)
    assert all(name in wide for name in names), (names, wide)
    assert wide_side > narrow_side and wide_log > narrow_log
