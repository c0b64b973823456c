"""The Boss player's hint at the table (Become the Boss, real key presses at 80x24): h names
the Scheme to play and why, H plays it."""

from __future__ import annotations

import sys
from pathlib import Path

from textual.widgets import Static

from tui.app import AscendApp
from tui.games.tactics.screen import TacticsScreen
from tui.screens.dialogs import ConfirmScreen
from tui.screens.passing import PassScreen
from tui.session import GameSession

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tactics"))

from tactics_helpers import lift  # noqa: E402
from tui_helpers import wait_until  # noqa: E402
from villain_helpers import hero, villain  # noqa: E402


def _hint_text(table: TacticsScreen) -> str:
    return str(table.query_one("#tt-hint", Static).render())


async def test_the_boss_player_asks_for_a_hint_and_plays_it(save_dir: Path) -> None:
    game = GameSession.new("tactics", {"players": 2, "seats": ["human", "human"],
                                       "names": ["Hero", "Boss"], "mode": "boss",
                                       "scenario": "crossroads_vigil"}, 3)
    s = game.state
    v = s.villain
    assert v is not None
    for u in list(s.occupant):
        if u >= 0:
            lift(s, u)
    # Only red stands on the battlefield, next to Arha, whom it defeats: only War Drums
    # (which commands red) brings that about.
    hand = [next(i for i, d in enumerate(v.schemes) if d.id == x)
            for x in ("azure_march", "verdant_march", "war_drums")]
    pool = v.hand + v.deck + v.discard
    v.deck, v.hand, v.discard = [x for x in pool if x not in hand], list(hand), []
    villain(s, "red", 6, 2, strength=5, speed=3)
    arha = hero(s, 0, 5, 2, defense=4)
    app = AscendApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(game)
        await pilot.pause()
        table = next(x for x in app.screen_stack if isinstance(x, TacticsScreen))
        await pilot.press("enter")  # the hero's hand-over
        await pilot.pause()
        await pilot.press("e")
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)  # the Boss player comes to the keyboard
        await pilot.press("enter")
        await pilot.pause()
        assert table.viewer == 1

        await pilot.press("h")
        await wait_until(pilot, lambda: "Hint:" in _hint_text(table), "the Boss's hint")
        text = _hint_text(table)
        assert "Play the Scheme War Drums" in text and "defeat" in text, text
        await pilot.press("H")
        await wait_until(pilot, lambda: s.units[arha].cell < 0 or s.cmd is not None,
                         "the hinted Scheme played")
        assert hand[2] in v.in_play
