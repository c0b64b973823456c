"""The campaign as a player meets it: started from the menu with its champions picked, a
chapter won and its story told, the app closed and the campaign continued at the next
chapter; a battle continued mid-chapter (locked like any save), a lost chapter played again,
a won campaign, co-op at one keyboard, and files that cannot be read."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from tui_helpers import wait_until

from core.contract import Action, Outcome
from core.tactics import campaign_flow as flow
from core.tactics.villains import campaign
from saves.campaign import CampaignStore
from saves.format import SaveError
from saves.lock import SaveLock, lock_path
from saves.store import SaveStore
from tui.app import AscendApp
from tui.campaign import STATUS_BATTLE, STATUS_WON, CampaignPlay
from tui.screens.campaign import CampaignScreen
from tui.screens.campaign_new import NewCampaignScreen
from tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from tui.screens.end import EndScreen
from tui.screens.load import CampaignsScreen, ContinueScreen
from tui.screens.menu import MenuScreen
from tui.screens.passing import PassScreen
from tui.screens.table import TableScreen
from tui.session import GameSession

SIZE = (80, 24)
SOLO = {"players": 1, "seats": ["human"], "names": ["You"]}
FOUR = ["dawnblade_paladin", "temple_sentinel", "thornback_warden", "stonehide_bear"]


def status(app: AscendApp) -> str:
    return str(app.screen.query_one("#campaign-status").render())


def story_text(app: AscendApp) -> str:
    return str(app.screen.query_one("#story-text").render())


def listed(app: AscendApp) -> list[str]:
    options = app.screen.query_one("#saves")
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def campaign_shown(pilot: Pilot[None]) -> CampaignScreen:
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, CampaignScreen)
                     and app.screen.play is not None and not app.screen.busy,
                     "the campaign screen shows the campaign")
    # The story scrolls to its end after a refresh: let that land before anyone looks.
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, CampaignScreen)
    if screen.story_to_end:
        # Under load the text is laid out a few frames late (until then nothing scrolls):
        # wait for the story laid out with its end in view, two frames running (at 120x40
        # the victory's story fits its panel, and nothing scrolls at all).
        scroll = screen.query_one("#story", VerticalScroll)
        text = screen.query_one("#story-text")
        seen: list[tuple[float, float, int]] = []

        def settled() -> bool:
            seen.append((scroll.max_scroll_y, scroll.scroll_y, text.size.height))
            return (len(seen) >= 2 and seen[-1] == seen[-2] and text.size.height > 0
                    and scroll.scroll_y == scroll.max_scroll_y)

        await wait_until(pilot, settled, "the story's end is in view")
    return screen


async def table_shown(pilot: Pilot[None]) -> TableScreen:
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the table opens")
    table = app.screen
    assert isinstance(table, TableScreen)
    return table


async def end_battle(pilot: Pilot[None], table: TableScreen, heroes_win: bool) -> None:
    """End the battle at the table until the scores show. The heroes lose for real: they
    end every turn and the Villains take the shrines (a few turns). They win by being put
    at their goal as their turn ends: a position set up through the session, so this
    battle's save no longer replays, but the campaign records it from the table as it
    would any victory."""
    state = table.state
    while state.to_move is not None:
        if heroes_win:
            state.honor[0] = state.scen.victory_honor
        legal = table.session.legal()
        assert table.do(next((a for a in legal if a.kind == "end"), legal[0]))
    table.advance()
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, EndScreen), "the scores")


def new_campaign(save_dir: Path, options: dict[str, Any] | None = None,
                 picks: list[list[str]] | None = None) -> CampaignPlay:
    return CampaignPlay.create(options or SOLO, picks or [FOUR], CampaignStore(save_dir))


async def open_campaign_from_continue(pilot: Pilot[None]) -> CampaignScreen:
    await pilot.press("c")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ContinueScreen),
                     "Continue opens")
    await pilot.press("enter")
    return await campaign_shown(pilot)


async def test_a_campaign_won_through_chapter_one_resumes_at_chapter_two_after_a_restart(
        save_dir: Path) -> None:
    chapters = campaign().chapters
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, CampaignsScreen), "Campaigns")
        assert listed(app)[0].endswith("Start a new campaign")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, NewCampaignScreen),
                         "the new campaign")
        await pilot.press("enter")  # nothing picked yet: refused, the pool takes the focus
        assert isinstance(app.screen, NewCampaignScreen)
        for _ in range(4):
            await pilot.press("space", "down")
        await pilot.press("space")  # a fifth: refused
        assert app.screen.query_one("#pool").selected == FOUR
        await pilot.press("enter")
        screen = await campaign_shown(pilot)
        assert "Chapter 1 awaits" in status(app)
        assert chapters[0].before in " ".join(story_text(app).split())

        await pilot.press("enter")
        table = await table_shown(pilot)
        assert table.session.options["chapter"] == chapters[0].id
        assert table.session.options["heroes"] == [FOUR]
        await end_battle(pilot, table, heroes_win=True)
        footer = app.screen.active_bindings
        assert footer["enter"].binding.description == "Back to the campaign"
        await pilot.press("enter")
        screen = await campaign_shown(pilot)
        assert "Victory" in status(app) and "a Treasure at the start" in status(app)
        told = " ".join(story_text(app).split())
        assert chapters[0].after in told and "Victory" in told
        await pilot.press("enter")  # on to the next chapter: its story
        assert " ".join(chapters[1].before.split()) in " ".join(story_text(app).split())
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
        assert line.startswith("The Hollow Crown  campaign · You")
        assert f"chapter 2 of 5: {chapters[1].name} · ready" in line
        # Beside it, the battle of chapter 1: a finished game like any other.
        assert any(x.startswith("Ascension Tactics") and "finished" in x for x in lines)
        app.screen.query_one("#saves").highlighted = lines.index(line)
        await pilot.press("enter")
        screen = await campaign_shown(pilot)
        assert screen.path == path and "Chapter 2 awaits" in status(app)
        assert "won in round" in str(app.screen.query_one("#chapters").get_option_at_index(0)
                                     .prompt)
        await pilot.press("enter")
        table = await table_shown(pilot)
        options = table.session.options
        assert (options["chapter"], options["scenario"], options["treasures"]) == (
            chapters[1].id, chapters[1].scenario, 1)
        assert len(table.state.seats[0].treasures) == 1


async def test_a_battle_is_continued_mid_chapter_with_its_lock(save_dir: Path) -> None:
    play = new_campaign(save_dir)
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_campaign_from_continue(pilot)
        await pilot.press("enter")
        table = await table_shown(pilot)
        assert table.do(Action("play", table.state.seats[0].hand[0]))
        battle = table.session.path
        assert battle is not None and lock_path(battle).exists()
        await pilot.press("q")  # saved; back to the campaign, not the menu
        await campaign_shown(pilot)
        assert "under way, round 1" in status(app) and not lock_path(battle).exists()
    assert CampaignPlay.open(play.path).file.game == battle.name

    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, ContinueScreen), "Continue")
        assert len(listed(app)) == 1  # the battle is continued through its campaign
        assert STATUS_BATTLE in listed(app)[0]
        await pilot.press("enter")
        await campaign_shown(pilot)
        await pilot.press("enter")
        table = await table_shown(pilot)
        assert table.session.path == battle and len(table.session.actions) == 1
        assert lock_path(battle).exists() and not table.session.read_only
        await pilot.press("q")
        await campaign_shown(pilot)
        assert not lock_path(battle).exists()

    # Another window holds the battle: it may be looked at read-only.
    held = SaveLock.take(battle)
    try:
        app = AscendApp()
        async with app.run_test(size=SIZE) as pilot:
            await open_campaign_from_continue(pilot)
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen),
                             "the lock is told")
            assert "open in another window" in app.screen.title_text
            await pilot.press("enter")
            table = await table_shown(pilot)
            assert table.session.read_only
    finally:
        held.release()


async def test_a_lost_chapter_is_offered_again_with_what_is_carried(save_dir: Path) -> None:
    play = new_campaign(save_dir)
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_campaign_from_continue(pilot)
        await pilot.press("enter")
        table = await table_shown(pilot)
        first = table.session.path
        await end_battle(pilot, table, heroes_win=False)
        await pilot.press("enter")
        screen = await campaign_shown(pilot)
        assert "is lost" in status(app) and "plays it again" in status(app)
        row = str(app.screen.query_one("#chapters").get_option_at_index(0).prompt)
        assert "ready · lost once" in row
        assert "Lost once so far" in story_text(app)
        assert screen.play is not None and screen.play.file.chapter == 0
        await pilot.press("enter")
        table = await table_shown(pilot)
        assert table.session.path != first
        assert table.session.options["chapter"] == campaign().chapters[0].id
    again = CampaignPlay.open(play.path).file
    assert [(r.chapter, r.won) for r in again.results] == [(0, False)]
    assert first is not None and first.exists()  # the lost battle stays, a finished game


async def test_a_battle_that_ended_while_the_app_was_closed_is_recorded_on_opening(
        save_dir: Path) -> None:
    play = new_campaign(save_dir)
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_campaign_from_continue(pilot)
        await pilot.press("enter")
        table = await table_shown(pilot)
        battle = table.session.path
        await end_battle(pilot, table, heroes_win=False)
        await app.action_quit()  # closed on the scores: nothing recorded yet
    assert CampaignPlay.open(play.path).file.game == battle.name
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_campaign_from_continue(pilot)
        assert "The battle of Smoke at the Crossroads is lost" in status(app)
        assert screen.play is not None and screen.play.file.game == ""
        assert [(r.chapter, r.won) for r in screen.play.file.results] == [(0, False)]


async def test_a_won_campaign_is_shown_as_won(save_dir: Path) -> None:
    chapters = campaign().chapters
    play = new_campaign(save_dir)
    progress = play.progress
    for _ in chapters[:-1]:
        progress = flow.after(progress, WON)
    play._write(replace(play.file, chapter=progress.chapter, rewards=list(progress.rewards)))
    # The last battle, won at the table (as the table hands it over when it is left).
    session = play.start_chapter(seed=4)
    state = session.state
    state.honor[0] = state.scen.victory_honor
    session.apply(next(a for a in session.legal() if a.kind == "end"))
    session.close()
    end = play.record(session)
    assert end is not None and end.won and end.campaign_won and end.reward == ""
    assert play.won and play.file.meta["status"] == STATUS_WON

    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, ContinueScreen), "Continue")
        (line,) = [x for x in listed(app) if "campaign" in x]
        assert "\n  won · " in line
        app.screen.query_one("#saves").highlighted = listed(app).index(line)
        await pilot.press("enter")
        screen = await campaign_shown(pilot)
        assert "The campaign is won" in status(app)
        assert screen.play is not None and screen.play.won
        rows = app.screen.query_one("#chapters")
        assert all(str(rows.get_option_at_index(i).prompt).startswith("✓")
                   for i in range(len(chapters)))
        assert " ".join(chapters[-1].after.split()) in " ".join(story_text(app).split())
        await pilot.press("enter")  # no battle is left
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)


WON = Outcome(scores=(30,), winners=(0,), details={"heroes_won": True})


async def test_two_heroes_at_one_keyboard_pick_in_turn_and_share_the_battle(
        save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, CampaignsScreen), "Campaigns")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, NewCampaignScreen), "new")
        await pilot.press("right", "down", "down", "down")  # co-op; the partner; ties; pool
        title = str(app.screen.query_one("#pick-title").render())
        assert title.startswith("Player 1's champions: choose 3")
        await pilot.press("space", "down", "space", "down", "space", "enter")
        title = str(app.screen.query_one("#pick-title").render())
        assert title.startswith("Player 2's champions: choose 3 of the rest")
        pool = app.screen.query_one("#pool")
        assert pool.get_option_at_index(0).disabled
        await pilot.press("escape")  # back to Player 1's picks, kept
        assert pool.selected == FOUR[:3]
        await pilot.press("enter")
        for _ in range(3):
            await pilot.press("space", "down")
        await pilot.press("enter")
        await campaign_shown(pilot)
        assert "Player 1's champions: Dawnblade Paladin" in story_text(app)
        assert "Player 2's champions: Stonehide Bear, Kor, the Ferromancer, Cogwright" in \
            " ".join(story_text(app).split())
        await pilot.press("enter")
        # Two heroes at one keyboard: the table opens behind the hand-over to the first.
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen), "the hand-over")
        table = app.screen_stack[-2]
        assert isinstance(table, TableScreen)
        options = table.session.options
        assert (options["mode"], options["seats"], options["names"]) == (
            "coop", ["human", "human"], ["Player 1", "Player 2"])
        assert options["heroes"] == [FOUR[:3], ["stonehide_bear", "kor_the_ferromancer",
                                                "cogwright_marshal"]]


async def test_a_campaign_file_that_cannot_be_read_is_listed_with_its_reason(
        save_dir: Path) -> None:
    broken = save_dir / "broken.campaign"
    broken.write_bytes(b"ASCENDC\x00 not a campaign at all")
    with pytest.raises(SaveError) as refused:
        CampaignStore(save_dir).load(broken)
    reason = refused.value.reason
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        for key, screen in (("c", ContinueScreen), ("a", CampaignsScreen)):
            await pilot.press(key)
            await wait_until(pilot, lambda s=screen: isinstance(app.screen, s), "the list")
            (line,) = [x for x in listed(app) if "broken.campaign" in x]
            assert line == f"✗ broken.campaign\n  cannot be loaded: {reason}"
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        # Opened anyway (a file named on its own): the reason, and nothing is written.
        await app.push_screen(CampaignScreen(broken))
        await wait_until(pilot, lambda: "cannot be played" in status(app), "the reason")
        assert "broken.campaign" in status(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
    assert broken.read_bytes() == b"ASCENDC\x00 not a campaign at all"


async def test_a_campaign_of_other_content_is_refused_when_opened(save_dir: Path) -> None:
    play = new_campaign(save_dir)
    play.file.campaign = "ember_road"
    CampaignStore(save_dir).write(play.path, play.file)
    with pytest.raises(SaveError, match="'ember_road' is not in this version"):
        CampaignPlay.open(play.path)
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_campaign_from_continue_unreadable(pilot)
        assert "'ember_road' is not in this version" in status(app)


async def open_campaign_from_continue_unreadable(pilot: Pilot[None]) -> None:
    await pilot.press("c")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ContinueScreen), "Continue")
    await pilot.press("enter")
    await wait_until(pilot, lambda: "cannot be played" in status(pilot.app), "the reason")


async def test_a_battle_save_that_cannot_be_read_lets_the_chapter_start_again(
        save_dir: Path) -> None:
    play = new_campaign(save_dir)
    session = play.start_chapter(seed=2)
    session.close()
    battle = session.path
    assert battle is not None
    battle.write_bytes(b"ASCEND\x00 damaged")
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_campaign_from_continue(pilot)
        assert "cannot be read" in status(app) and "the file is kept" in status(app)
        await pilot.press("enter")
        table = await table_shown(pilot)
        assert table.session.path != battle
    assert battle.read_bytes() == b"ASCEND\x00 damaged"
    assert CampaignPlay.open(play.path).file.game != battle.name


async def test_a_battle_that_will_not_replay_is_refused_and_the_chapter_starts_again(
        save_dir: Path) -> None:
    play = new_campaign(save_dir)
    session = play.start_chapter(seed=2)
    session.state.honor[0] = 5  # changed behind the record's back: the replay will differ
    session.apply(Action("play", session.state.seats[0].hand[0]))
    session.save()
    session.close()
    battle = session.path
    assert battle is not None
    kept = battle.read_bytes()
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_campaign_from_continue(pilot)
        assert "under way, round 1" in status(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: "replay diverged" in status(app), "the reason")
        assert "Enter starts the chapter again" in status(app)
        await pilot.press("enter")
        table = await table_shown(pilot)
        assert table.session.path != battle and table.session.actions == []
    assert battle.read_bytes() == kept


def test_a_campaign_moved_on_in_another_window_is_not_overwritten(save_dir: Path) -> None:
    play = new_campaign(save_dir)
    other = CampaignPlay.open(play.path)
    session = other.start_chapter(seed=1)
    session.close()
    with pytest.raises(SaveError, match="changed in another window"):
        play.start_chapter(seed=1)
    assert CampaignPlay.open(play.path).file.game == other.file.game


def test_only_the_campaigns_own_finished_battle_is_recorded(save_dir: Path) -> None:
    play = new_campaign(save_dir)
    stray = GameSession.new("tactics", flow.game_options(play.progress), 3)
    stray.store = SaveStore(save_dir)
    stray.save()
    state = stray.state
    state.honor[0] = state.scen.victory_honor
    stray.apply(next(a for a in stray.legal() if a.kind == "end"))
    assert stray.over and play.record(stray) is None  # not the battle the campaign named
    battle = play.start_chapter(seed=3)
    assert play.record(battle) is None  # not over yet
    battle.close()
    assert play.file.chapter == 0 and play.file.results == []


async def test_deleting_a_campaign_leaves_its_battle_as_a_saved_game(save_dir: Path) -> None:
    play = new_campaign(save_dir)
    session = play.start_chapter(seed=5)
    session.close()
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, CampaignsScreen), "Campaigns")
        await pilot.press("down", "d")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "asked first")
        assert "Its battle in play stays, as a saved game." in app.screen.question
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, CampaignsScreen)
                         and len(listed(app)) == 1, "the list without it")
    assert not play.path.exists() and session.path is not None and session.path.exists()


async def test_on_the_host_a_campaign_keeps_to_the_players_save_folder(save_dir: Path) -> None:
    app = AscendApp(confined=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, CampaignsScreen), "Campaigns")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, NewCampaignScreen), "new")
        await pilot.press("down", "down", *["space", "down"] * 4, "enter")
        await campaign_shown(pilot)
        await pilot.press("enter")
        table = await table_shown(pilot)
        await pilot.press("q")
        await campaign_shown(pilot)
    (path,) = save_dir.glob("*.campaign")
    battle = CampaignPlay.open(path).game_path()
    assert battle is not None and battle.parent == save_dir and battle == table.session.path
    assert {p.parent for p in save_dir.rglob("*") if p.is_file()} == {save_dir}


# --- pictures ----------------------------------------------------------------------------------


def test_snapshot_new_campaign(save_dir: Path, snap_compare: Any) -> None:
    """Solo, two champions taken, the third highlighted."""
    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, CampaignsScreen), "list")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, NewCampaignScreen), "new")
        await pilot.press("down", "down", "space", "down", "space", "down")

    assert snap_compare(AscendApp(), terminal_size=SIZE, run_before=run_before)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_snapshot_campaign_after_a_victory(size: tuple[int, int], save_dir: Path,
                                           snap_compare: Any) -> None:
    """Back from the table after winning chapter 1 (the battle on a fixed seed)."""
    async def run_before(pilot: Pilot[None]) -> None:
        play = new_campaign(save_dir)
        session = play.start_chapter(seed=4)
        state = session.state
        state.honor[0] = state.scen.victory_honor
        session.apply(next(a for a in session.legal() if a.kind == "end"))
        session.close()
        await pilot.app.push_screen(CampaignScreen(play.path, finished=session))
        await campaign_shown(pilot)

    assert snap_compare(AscendApp(), terminal_size=size, run_before=run_before)
