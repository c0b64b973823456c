"""The Ascending Empires Solo Campaign as a player meets it in the Campaign menu: the game
chosen by keys, the campaign started, scenario 1 played at the table and won, the app closed
and the campaign continued at scenario 2; a scenario continued mid-game; a scenario lost and
played again; the sixth won with the story's conclusion."""

from __future__ import annotations

from itertools import product
from pathlib import Path
from typing import Any

import msgpack
import pytest
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from tui_helpers import wait_until

from core.empires import campaign_flow as emp_flow
from core.empires.occupancy import quadrant
from core.empires.solo_board import solo_of
from saves.campaign import CAMPAIGN, CampaignFile, CampaignStore
from saves.format import SaveError, checksum_of
from tui.app import AscendApp
from tui.campaign import STATUS_BATTLE, CampaignPlay
from tui.games.empires.book import BookScreen
from tui.screens.campaign import CampaignScreen
from tui.screens.campaign_start import StartCampaignScreen
from tui.screens.dialogs import ChoiceScreen
from tui.screens.end import EndScreen
from tui.screens.load import CampaignsScreen, ContinueScreen
from tui.screens.menu import MenuScreen
from tui.screens.table import TableScreen
from tui.session import GameSession

SIZE = (80, 24)
SOLO = {"players": 1, "seats": ["human"], "names": ["You"]}
FOUR = ["dawnblade_paladin", "temple_sentinel", "thornback_warden", "stonehide_bear"]


def status(app: AscendApp) -> str:
    return str(app.screen.query_one("#campaign-status").render())


def story_text(app: AscendApp) -> str:
    return " ".join(str(app.screen.query_one("#story-text").render()).split())


def listed(app: AscendApp) -> list[str]:
    options = app.screen.query_one("#saves")
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


def chapter_rows(app: AscendApp) -> list[str]:
    rows = app.screen.query_one("#chapters")
    return [str(rows.get_option_at_index(i).prompt) for i in range(rows.option_count)]


async def campaign_shown(pilot: Pilot[None]) -> CampaignScreen:
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, CampaignScreen)
                     and app.screen.play is not None and not app.screen.busy,
                     "the campaign screen shows the campaign")
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, CampaignScreen)
    if screen.story_to_end:
        # The victory's story is laid out a few frames late and then scrolled to its end
        # (it overflows its panel at 80x24): wait for that, two frames running.
        scroll = screen.query_one("#story", VerticalScroll)
        seen: list[tuple[float, float]] = []

        def settled() -> bool:
            seen.append((scroll.max_scroll_y, scroll.scroll_y))
            return (len(seen) >= 2 and seen[-1] == seen[-2] and scroll.max_scroll_y > 0
                    and scroll.scroll_y == scroll.max_scroll_y)

        await wait_until(pilot, settled, "the story's end is in view")
    return screen


def table_of(app: AscendApp) -> TableScreen | None:
    """The table, on top or under the dialog of a question it asks."""
    return next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)


async def table_shown(pilot: Pilot[None]) -> TableScreen:
    app = pilot.app
    await wait_until(pilot, lambda: table_of(app) is not None, "the table opens")
    table = table_of(app)
    assert table is not None
    return table


def put_at_the_goal(session: GameSession) -> None:
    """Scenario 1's goal all but met through the session's state: a Research Facility on a
    planet of a different colour in each quadrant (the invaders cleared from those planets)
    and 5 ready energy. The next action the player takes is then checked against the
    objectives like any other, and wins."""
    state = session.state
    planets = [[i for i, loc in enumerate(state.locations)
                if quadrant(i) == q and loc.kind == "planet"] for q in range(4)]
    pick = next(p for p in product(*planets)
                if len({state.locations[i].colour for i in p}) == 4)
    for i in pick:
        loc = state.locations[i]
        loc.faceup, loc.robots, loc.pieces = True, 0, [(0, "research")]
    state.players[0].energy_ready = 5


async def win_at_the_table(pilot: Pilot[None], table: TableScreen) -> None:
    """The goal set up, then the player's next step taken at the table: the scenario's
    story read (enter closes it), the invaders' question put aside when the turn opens on
    one (escape: "look at the map"), then the first legal action (the question's first
    answer, if there is one)."""
    app = pilot.app
    put_at_the_goal(table.session)
    if not table.session.actions:
        await wait_until(pilot, lambda: isinstance(app.screen, BookScreen),
                         "the scenario's story")
        await pilot.press("enter")
    if table.session.state.pending:
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen),
                         "the invaders' question")
        await pilot.press("escape")
    await wait_until(pilot, lambda: app.screen is table and not table.modal_open, "the map")
    assert table.do(table.session.legal()[0])
    table.advance()
    await wait_until(pilot, lambda: isinstance(app.screen, EndScreen), "the scores")


async def start_empires_campaign(pilot: Pilot[None]) -> None:
    """From the menu: Campaign, the game turned to Ascending Empires, a new campaign set out."""
    app = pilot.app
    await pilot.press("a")
    await wait_until(pilot, lambda: isinstance(app.screen, CampaignsScreen), "Campaigns")
    assert "Ascension Tactics" in str(app.screen.query_one("#campaign-game").render())
    await pilot.press("right")
    assert "Ascending Empires" in str(app.screen.query_one("#campaign-game").render())
    assert listed(app)[0].endswith("Start a new campaign")
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(app.screen, StartCampaignScreen),
                     "the new Empires campaign")
    assert "The Warpgate Road" in str(app.screen.query_one("#campaign-title").render())
    await pilot.press("right")  # steadiness: normal -> shaky
    await pilot.press("enter")


async def test_empires_campaign_won_at_scenario_one_resumes_at_scenario_two_after_restart(
        save_dir: Path) -> None:
    scenarios = emp_flow.scenarios()
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await start_empires_campaign(pilot)
        screen = await campaign_shown(pilot)
        assert screen.play is not None and screen.play.file.game_name == "empires"
        assert "Chapter 1 awaits" in status(app)
        assert " ".join(scenarios[0].story.split()) in story_text(app)
        assert "To win: " + scenarios[0].goal in story_text(app)
        rows = chapter_rows(app)
        assert len(rows) == 6 and all(s.name in r for s, r in zip(scenarios, rows, strict=True))
        assert rows[0].startswith("▶ 1  Galactic Pioneers") and "ready" in rows[0]
        await pilot.press("down")  # a scenario ahead is not told yet
        assert "still ahead" in story_text(app)
        await pilot.press("enter")  # enter goes back to the scenario to play first
        await pilot.press("enter")
        table = await table_shown(pilot)
        options = table.session.options
        assert (table.session.game, options["mode"], options["scenario"],
                options["steadiness"]) == ("empires", "solo", 1, "shaky")
        await win_at_the_table(pilot, table)
        assert app.screen.active_bindings["enter"].binding.description == \
            "Back to the campaign"
        await pilot.press("enter")
        screen = await campaign_shown(pilot)
        assert "Victory" in status(app)
        told = story_text(app)
        assert emp_flow.story().after[0] in told and "Victory" in told
        assert screen.play is not None and screen.play.file.chapter == 1
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")

    (path,) = save_dir.glob("*.campaign")
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, ContinueScreen), "Continue")
        lines = listed(app)
        (line,) = [x for x in lines if "campaign" in x]
        assert line.startswith("The Warpgate Road  campaign · You · Ascending Empires")
        assert f"chapter 2 of 6: {scenarios[1].name} · ready" in line
        app.screen.query_one("#saves").highlighted = lines.index(line)
        await pilot.press("enter")
        screen = await campaign_shown(pilot)
        assert screen.path == path and "Chapter 2 awaits" in status(app)
        assert "won in round" in chapter_rows(app)[0]
        assert " ".join(scenarios[1].story.split()) in story_text(app)
        await pilot.press("enter")
        table = await table_shown(pilot)
        assert table.session.options["scenario"] == 2
        assert solo_of(table.state).scenario == 2


async def test_an_empires_scenario_is_continued_mid_game(save_dir: Path) -> None:
    play = CampaignPlay.create(dict(SOLO), [], CampaignStore(save_dir), game="empires")
    session = play.start_chapter(seed=11)
    moves = 0
    while moves < 3 and not session.over:
        session.apply(session.legal()[0])
        moves += 1
    session.save()
    played = list(session.actions)
    session.close()
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, CampaignsScreen), "Campaigns")
        assert STATUS_BATTLE in listed(app)[1]
        await pilot.press("down", "enter")
        await campaign_shown(pilot)
        assert "Enter continues the scenario" in status(app)
        await pilot.press("enter")
        table = await table_shown(pilot)
        assert table.session.path == play.game_path()
        assert list(table.session.actions) == played


def test_an_empires_scenario_lost_is_played_again_and_the_sixth_won_ends_the_story(
        save_dir: Path) -> None:
    play = CampaignPlay.create(dict(SOLO), [], CampaignStore(save_dir), game="empires")
    session = play.start_chapter(seed=2)
    solo_of(session.state).result = "lost: no robots left in the supply"
    session.state.to_move = None
    end = play.record(session)
    session.close()
    assert end is not None and not end.won and not end.campaign_won
    assert play.file.chapter == 0 and [r.won for r in play.attempts(0)] == [False]
    for chapter in range(6):
        session = play.start_chapter(seed=chapter)
        assert session.options["scenario"] == chapter + 1
        solo_of(session.state).result = "won: the goal"
        session.state.to_move = None
        end = play.record(session)
        session.close()
        assert end is not None and end.won and end.reward == ""
    assert end.campaign_won and play.won and play.file.chapter == 6
    back = CampaignPlay.open(play.path)
    assert back.won and back.file.game_name == "empires"


async def test_the_conclusion_is_told_once_the_sixth_scenario_is_won(save_dir: Path) -> None:
    play = CampaignPlay.create(dict(SOLO), [], CampaignStore(save_dir), game="empires")
    for chapter in range(6):
        session = play.start_chapter(seed=chapter)
        solo_of(session.state).result = "won: the goal"
        session.state.to_move = None
        assert play.record(session) is not None
        session.close()
    app = AscendApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(CampaignScreen(play.path))
        await campaign_shown(pilot)
        assert "The campaign is won" in status(app)
        told = story_text(app)
        assert emp_flow.story().after[5] in told
        assert emp_flow.FLOW.conclusion() in told


def test_snapshot_empires_campaign_at_scenario_two(save_dir: Path, snap_compare: Any) -> None:
    """The campaign opened from the menu once scenario 1 is won (on a fixed seed): the
    scenario list with its progress, and the story of scenario 2 to play."""
    async def run_before(pilot: Pilot[None]) -> None:
        play = CampaignPlay.create(dict(SOLO), [], CampaignStore(save_dir), game="empires")
        session = play.start_chapter(seed=4)
        put_at_the_goal(session)
        session.apply(session.legal()[0])
        assert session.over and play.record(session) is not None
        session.close()
        await pilot.app.push_screen(CampaignScreen(play.path))
        await campaign_shown(pilot)

    assert snap_compare(AscendApp(), terminal_size=SIZE, run_before=run_before)


def test_a_tactics_campaign_file_of_format_1_still_opens_and_plays(save_dir: Path) -> None:
    play = CampaignPlay.create(dict(SOLO), [FOUR], CampaignStore(save_dir), game="tactics")
    top = msgpack.unpackb(play.path.read_bytes()[len(CAMPAIGN.magic):], raw=False)
    del top["game_name"], top["checksum"]
    top["format"] = 1
    fields = CAMPAIGN.fields_of(1)
    stored = {k: top[k] for k in fields}
    play.path.write_bytes(CAMPAIGN.magic + msgpack.packb(
        {**stored, "checksum": checksum_of(stored, fields)}, use_bin_type=True))
    old = CampaignPlay.open(play.path)
    assert old.file.format == 1 and old.flow.game == "tactics"
    assert old.flow.title == play.flow.title and old.chapter == play.chapter
    session = old.start_chapter(seed=3)
    session.close()
    assert session.game == "tactics" and CampaignPlay.open(play.path).file.format == 2


def test_a_campaign_of_a_game_without_one_is_refused_when_opened(save_dir: Path) -> None:
    store = CampaignStore(save_dir)
    path = store.new_path("solo_campaign")
    store.write(path, CampaignFile(campaign="solo_campaign", options=dict(SOLO), pool=[],
                                   game_name="firepeak", meta={"title": "?"}))
    with pytest.raises(SaveError, match="'firepeak' has no campaign in this version"):
        CampaignPlay.open(path)
    assert store.load(path).game_name == "firepeak"  # the file is left as it was


async def test_an_empires_scenario_lost_at_the_table_is_offered_again(save_dir: Path) -> None:
    play = CampaignPlay.create(dict(SOLO), [], CampaignStore(save_dir), game="empires")
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(CampaignScreen(play.path))
        await campaign_shown(pilot)
        await pilot.press("enter")
        table = await table_shown(pilot)
        first = table.session.path
        # The invaders' supply emptied: the robot they place next loses the scenario.
        table.session.state.robots = 0
        await pilot.press("escape")  # the story put down
        for _ in range(40):
            if table.session.over:
                break
            await wait_until(pilot, lambda: not table.modal_open
                             or isinstance(app.screen, ChoiceScreen), "the table's turn")
            if isinstance(app.screen, ChoiceScreen):
                await pilot.press("escape")
                await wait_until(pilot, lambda: not table.modal_open, "the map")
            table.do(table.session.legal()[0])
        table.advance()
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen), "the scores")
        await pilot.press("enter")
        screen = await campaign_shown(pilot)
        assert "Galactic Pioneers is lost" in status(app)
        assert "plays it again, from its own set-up" in status(app)
        assert "Lost once so far: play it again from its own set-up." in story_text(app)
        assert screen.play is not None and screen.play.file.chapter == 0
        await pilot.press("enter")
        table = await table_shown(pilot)
        assert table.session.options["scenario"] == 1 and table.session.path != first
        assert not table.session.actions


def test_snapshot_new_empires_campaign(save_dir: Path, snap_compare: Any) -> None:
    """The Campaign menu turned to Ascending Empires, a new campaign set up: its opening,
    the steadiness turned to shaky."""
    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, CampaignsScreen), "list")
        await pilot.press("right", "enter")
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, StartCampaignScreen),
                         "new")
        await pilot.press("right")

    assert snap_compare(AscendApp(), terminal_size=SIZE, run_before=run_before)
