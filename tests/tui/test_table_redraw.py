"""The Ascension and Tactics tables draw only what changed, and never miss a change: after
every action each card, line, panel and the log show the engine's view as it is now."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.widgets import Static
from tui_helpers import wait_until

from ai.bots import make_bot
from core.tactics.field import command_marks
from tui.app import AscendApp
from tui.games.ascension.board import hand_label, status_line
from tui.games.ascension.cards import CardView
from tui.games.ascension.screen import AscensionScreen
from tui.games.tactics import panels
from tui.games.tactics.screen import TacticsScreen
from tui.session import GameSession
from tui.widgets.panels import LogView
from tui.widgets.redraw import content_key


def shown(table: AscensionScreen, zone: str) -> list[int]:
    """The uids of the cards drawn in ``zone`` (``#hand``, ``#center``, ``#constructs``)."""
    return [c.uid for c in table.query_one(zone).query(CardView) if c.display]


def plain(table: AscensionScreen, selector: str) -> str:
    content: Any = table.query_one(selector, Static).content
    return content.plain if isinstance(content, Text) else str(content)


def assert_drawn_as_the_view(table: AscensionScreen) -> None:
    seat = table.table_seat()
    v = table.view_for(seat)
    me = v.players[seat]
    assert shown(table, "#hand") == list(me.hand or ())
    for card in table.query_one("#hand").query(CardView):
        if card.display:
            assert card.card is v.cards[card.uid]
    assert shown(table, "#center") == [*v.center_row, *[-1] * (6 - len(v.center_row))]
    assert shown(table, "#constructs") == list(me.constructs)
    width = table.size.width
    assert plain(table, "#status") == status_line(v, table.session.round, width).plain
    assert plain(table, "#hand-label") == hand_label(v, seat, False).plain


async def test_after_every_action_the_table_shows_the_view_as_it_is_now(
        save_dir: Path) -> None:
    app = AscendApp(bot_delay=0.0)
    session = GameSession.new("ascension", {"players": 2, "seats": ["human", "human"],
                                            "names": ["Ana", "Bo"]}, 5)
    bots = [make_bot("greedy", "ascension", 40 + seat) for seat in range(2)]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.start_game(session)
        await wait_until(pilot, lambda: any(isinstance(s, AscensionScreen) and s.query(LogView)
                                            for s in app.screen_stack), "the table")
        await pilot.pause()
        table = next(s for s in app.screen_stack if isinstance(s, AscensionScreen))
        while not isinstance(app.screen, AscensionScreen):  # the first hand-over
            app.screen.dismiss(None)
            await pilot.pause()
        table.modal_open = True  # every question is answered here, not in a dialog
        log = table.query_one(LogView)
        kinds = set()
        for _ in range(120):
            seat = session.state.to_move
            table.viewer = seat
            action = bots[seat].choose(session.view(seat), session.legal())
            lines = len(log.lines)
            assert table.do(action)
            await pilot.pause()
            kinds.add(action.kind)
            assert_drawn_as_the_view(table)
            assert len(log.lines) > lines and log.is_vertical_scroll_end
        assert {"play", "acquire", "end"} <= kinds


async def test_playing_a_card_by_key_takes_it_out_of_the_hand_on_screen(
        save_dir: Path) -> None:
    app = AscendApp(bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.start_game(GameSession.new("ascension", {"players": 2, "seats": [
            "human", "bot:normal"], "names": ["You", "Normal bot"]}, 3))
        await wait_until(pilot, lambda: isinstance(app.screen, AscensionScreen)
                         and bool(app.screen.query(LogView)) and app.screen.thinking is None
                         and app.screen.my_move(),
                         "the human's move")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, AscensionScreen)
        before = shown(table, "#hand")
        first = table.query_one("#hand").query(CardView).first()
        runes = plain(table, "#status")
        table.set_focus(first)
        await pilot.press("enter")
        await pilot.pause()
        after = shown(table, "#hand")
        assert len(after) == len(before) - 1
        assert sorted(after) == sorted(before[1:])
        assert plain(table, "#status") != runes  # it gave a Rune or a Power
        assert_drawn_as_the_view(table)


def assert_tactics_drawn_as_the_view(table: TacticsScreen) -> None:
    """Every panel of the Tactics table, and the map, as a redraw from scratch would show
    them now (text and styles alike: a panel left alone must still be right)."""
    seat = table.table_seat()
    v = table.table_view()
    legal = table.session.legal() if table.my_move() else []
    hidden = table.viewer is None

    def drawn(selector: str) -> Any:
        return content_key(table.query_one(selector, Static).content)

    assert drawn("#tt-status") == content_key(panels.status_line(v, table.session.round))
    assert drawn("#tt-side") == content_key(panels.side_panel(v, seat, hidden, table.labels))
    assert drawn("#tt-row") == content_key(panels.row_panel(v, legal, table.size.width, seat))
    assert drawn("#tt-hand") == content_key(panels.hand_line(v, seat, hidden, legal))
    prompt = table.prompt_text(v)
    prompt.no_wrap, prompt.overflow = True, "ellipsis"
    assert drawn("#tt-prompt") == content_key(prompt)
    hexmap = table.hexmap
    assert hexmap.cursor is not None
    assert drawn("#tt-detail") == content_key(panels.detail_text(
        v, hexmap.cursor, hexmap.describe(hexmap.cursor), table.session.names))
    assert hexmap.picture == panels.map_picture(v, table.labels, None)
    reach, targets = command_marks(v, legal)
    assert (hexmap.reach, hexmap.targets) == (frozenset(reach), frozenset(targets))
    assert hexmap.route == tuple(table.route)


async def test_after_every_action_the_tactics_table_shows_the_view_as_it_is_now(
        save_dir: Path) -> None:
    # The panels and the map redraw only when what they show changed; none may miss one.
    app = AscendApp(bot_delay=0.0)
    session = GameSession.new("tactics", {"players": 2, "seats": ["human", "human"],
                                          "names": ["Ana", "Bo"]}, 7)
    bots = [make_bot("greedy", "tactics", 50 + seat) for seat in range(2)]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.start_game(session)
        await wait_until(pilot, lambda: any(isinstance(s, TacticsScreen) and s.query(LogView)
                                            for s in app.screen_stack), "the table")
        await pilot.pause()
        table = next(s for s in app.screen_stack if isinstance(s, TacticsScreen))
        while not isinstance(app.screen, TacticsScreen):  # the first hand-over
            app.screen.dismiss(None)
            await pilot.pause()
        table.modal_open = True  # every question is answered here, not in a dialog
        kinds = set()
        for _ in range(150):
            seat = session.state.to_move
            if seat is None:
                break
            table.viewer = seat
            action = bots[seat].choose(session.view(seat), session.legal())
            assert table.do(action)
            await pilot.pause()
            kinds.add(action.kind)
            assert_tactics_drawn_as_the_view(table)
        assert {"play", "command", "move", "end"} <= kinds
