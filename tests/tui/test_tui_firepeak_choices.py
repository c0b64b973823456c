"""The Firepeak table says what a contest compares and what a Research draws, offers a
Recruit only under Leaders a creature could join, shows another seat's side panel with its
pattern (o) and leaves it with escape, and asks the rulebook's optional choices."""

from __future__ import annotations

import sys
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "firepeak"))

from firepeak_helpers import put, rig, table  # noqa: E402
from tui_helpers import wait_until  # noqa: E402

import core.firepeak as F  # noqa: E402
from core.contract import Action  # noqa: E402
from core.firepeak.cards import SPELLS  # noqa: E402
from core.firepeak.effects import NO_TAKE  # noqa: E402
from core.firepeak.pattern import WIZARD  # noqa: E402
from core.firepeak.state import State  # noqa: E402
from tui.app import AscendApp  # noqa: E402
from tui.games.firepeak import text as ft  # noqa: E402
from tui.games.firepeak.panels import KEY_OF  # noqa: E402
from tui.games.firepeak.screen import FirepeakScreen  # noqa: E402
from tui.screens.dialogs import ChoiceScreen  # noqa: E402
from tui.session import GameSession  # noqa: E402

SIZE = (80, 24)
NAMES = ["You", "Greedy bot"]


def lines(events: list, private: tuple[int, ...] = ()) -> list[str]:
    out = []
    for e in events:
        said = ft.event_line(e, NAMES, private)
        if said is not None:
            out.append(str(said[0]).strip())
    return out


def test_a_capture_and_a_rescue_log_the_totals_compared() -> None:
    s = table()
    put(s, "Troll", 0, 0)
    put(s, "Ogre", 1, 0)
    rig(s, 2, 5)  # 2 + 4 against 5 + 3 + 1 (the first tier defends with 1 more)
    said = lines(F.apply(s, Action("capture", 0, 10)))
    assert "You total 6 against 9" in said
    assert any(line.startswith("🎲") or "roll" in line for line in said)  # the dice too


def test_a_brainwash_logs_the_total_against_the_power() -> None:
    s = table()
    ogre = put(s, "Ogre", 0)
    rig(s, 2)
    said = lines(F.apply(s, Action("brainwash", ogre)))
    assert "You total 2 against Power 3 (must beat it)" in said


def test_research_names_the_spell_drawn_to_its_drawer_only() -> None:
    s = table()
    a, b = put(s, "Troll", 0), put(s, "Ogre", 0)
    events = F.apply(s, Action("research", min(a, b), max(a, b)))
    drawn = s.players[0].spellbook[-1]
    assert f"You draw {SPELLS[drawn].name}" in lines(events, private=(0,))
    assert "You draw a spell" in lines(events)


def test_recruit_offers_only_leaders_a_creature_could_join() -> None:
    from tui.games.firepeak.choices import with_room

    s = table()
    for name, pos in (("Troll", 0), ("Dire Bear", 1), ("Ogre", 2), ("Orc", 3), ("Goblin", 4),
                      ("Hellhound", 6)):
        put(s, name, 0, pos)
    v = F.view(s, 0)
    legal = [a for a in F.legal_actions(s) if a.kind == "recruit"]
    kept = {a.card for a in with_room(v, legal)}
    tier3 = {a.card for a in legal} & {5, 6, 7, 8}
    assert not (kept & tier3)  # nothing ever goes under Tier 3
    assert WIZARD not in kept  # both Tier 1 spots are taken
    assert kept and kept < {a.card for a in legal}


async def open_table(pilot: Pilot, app: AscendApp, state: State) -> FirepeakScreen:
    session = GameSession.new("firepeak", {"players": 2, "seats": ["human", "bot:greedy"],
                                           "names": NAMES}, 1)
    session.state = state
    app.start_game(session)
    await wait_until(pilot, lambda: isinstance(app.screen, FirepeakScreen)
                     and bool(app.screen.query("#fp-book")), "the table")
    screen = app.screen
    assert isinstance(screen, FirepeakScreen)
    return screen


async def test_o_shows_their_side_panel_and_escape_comes_back(save_dir: Path) -> None:
    s = table()
    put(s, "Troll", 0, 0)
    put(s, "Ogre", 0)
    put(s, "Goblin", 1)
    put(s, "Orc", 1)
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app, s)

        def panel(selector: str) -> str:
            return str(screen.query_one(selector, Static).render())

        assert panel("#fp-dungeon").startswith("Dungeon (1) ")
        await pilot.press("o")
        assert screen.shown == 1
        theirs = s.options["names"][1]
        assert panel("#fp-dungeon").startswith(f"{theirs}'s Dungeon (2) face down")
        assert f"{theirs}'s Spellbook" in panel("#fp-book")
        await pilot.press("escape")
        assert screen.shown is None and app.screen is screen
        assert panel("#fp-dungeon").startswith("Dungeon (1) ")


async def test_recruit_list_and_the_optional_choices_at_the_table(save_dir: Path) -> None:
    s = table(clan_powers=True)
    put(s, "Troll", 0, 0)
    put(s, "Orc", 0, 2)  # under the Troll
    put(s, "Goblin", 0, 5)  # Tier 3: nothing can go under it
    ogre = put(s, "Ogre", 1)
    a, b = put(s, "Sunspear", 0), put(s, "Morning Lark", 0)
    app = AscendApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app, s)
        await pilot.press(KEY_OF["recruit"])
        assert isinstance(app.screen, ChoiceScreen)
        offered = [str(o) for o in app.screen.options]
        assert not any("Goblin" in line for line in offered), offered
        await pilot.press("escape")
        await pilot.pause()

        # Research with two Dawn Keepers: the extra spell is asked for.
        screen.do(Action("research", min(a, b), max(a, b)))
        screen.advance()
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        assert "draw an extra spell?" in app.screen.title_text
        assert [str(o) for o in app.screen.options][:2] == ["Draw the extra spell",
                                                             "Draw no extra spell"]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert s.pending is None and len(s.players[0].spellbook) == 1

        # A won Rescue from a Dungeon of one: take it, or nothing.
        rig(s, 6, 1)
        screen.do(Action("rescue", 0, 1))
        screen.advance()
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the pick")
        entries = [str(o) for o in app.screen.options]
        assert entries[-1] == "Take no creature" and len(entries) == 2
        assert s.pending is not None and s.pending.choices == (ogre, NO_TAKE)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert s.pending is None and s.players[1].dungeon == [ogre]
