"""2 vs 2 Tactics tables name their teams: set-up says which seats play together, the
side panel names every partner in full, and Continue lists a save team against team."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList, Static
from tui_helpers import wait_until

import core.tactics as T
from tui.app import AscendApp
from tui.games.tactics.screen import TacticsScreen
from tui.games.tactics.text import seat_teams
from tui.screens.load import ContinueScreen
from tui.screens.setup import SetupScreen
from tui.session import GameSession
from tui.widgets.setting import Setting

SIZE = (80, 24)
TEAM = {"players": 4, "mode": "2v2",
        "seats": ["human", "bot:greedy", "bot:random", "human"],
        "names": ["Player 1", "Player 2 the Bold", "Random bot", "Greedy bot of the North"]}


def test_the_teams_shown_are_the_sides_the_game_plays() -> None:
    for seed in (1, 2):
        s = T.new_game({"players": 4, "mode": "2v2"}, seed)
        assert sorted(sorted(side) for side in s.sides) == seat_teams({"players": 4,
                                                                       "mode": "2v2"})
    assert seat_teams({"players": 4, "mode": "brawl"}) == []
    assert seat_teams({"players": 2, "mode": "1v1"}) == []


async def test_setup_says_seats_one_and_three_play_against_two_and_four(save_dir: Path
                                                                         ) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await pilot.press("right", "right")  # Ascension -> Firepeak -> Tactics
        seats = [setup.query_one(f"#seat-{i}", Setting) for i in range(4)]
        assert all(not seat.note for seat in seats)  # 1 vs 1: no teams
        await pilot.press("down")
        await pilot.press("right", "right")  # 4 players
        mode = setup.setting("mode")
        mode.select("2v2")
        mode.post_message(Setting.Changed(mode))
        await pilot.pause()
        shown = [str(seat.render()) for seat in seats]
        assert "team A (seats 1 + 3)" in shown[0] and "team A (seats 1 + 3)" in shown[2]
        assert "team B (seats 2 + 4)" in shown[1] and "team B (seats 2 + 4)" in shown[3]
        mode.select("brawl")
        mode.post_message(Setting.Changed(mode))
        await pilot.pause()
        assert all("team" not in str(seat.render()) for seat in seats)


async def test_the_side_panel_names_every_partner_in_full(save_dir: Path) -> None:
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        session = GameSession.new("tactics", dict(TEAM), 4)
        app.start_game(session)

        def panel() -> str:
            tables = [x for x in app.screen_stack if isinstance(x, TacticsScreen)]
            if not tables or not tables[0].query("#tt-side"):
                return ""
            return str(tables[0].query_one("#tt-side", Static).render())

        await wait_until(pilot, lambda: "Player 1" in panel(), "the table drawn")
        shown = panel()
        for name in ("Player 1", "Player 2 the Bold", "Random bot"):
            assert name in shown
        assert "Greedy bot of the" in shown  # 18 characters under the first partner


async def test_continue_lists_a_save_team_against_team(save_dir: Path) -> None:
    session = GameSession.new("tactics", dict(TEAM), 4)
    session.save()
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        listing = app.screen
        assert isinstance(listing, ContinueScreen)
        line = str(listing.query_one("#saves", OptionList).get_option_at_index(0).prompt)
        assert line.startswith("Ascension Tactics  Player 1 & Random bot vs "
                               "Player 2 the Bold & Greedy bot of the North\n")
