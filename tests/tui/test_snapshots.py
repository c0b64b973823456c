"""SVG snapshots of every screen, at 80x24 and (the tables) 120x40.

Each table opens on a fixed seed with a human in seat 1 and waits for the bots, so the picture
is the same on every run. ``pytest --snapshot-update`` rewrites them after a change meant to
be seen; look at the new pictures (tests/tui/__snapshots__/) before committing them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from tui_helpers import empires_drawn_game, firepeak_in_play

from core.games import get_game
from core.rng import Rng
from tui.app import AscendApp
from tui.games import ui
from tui.history import Story, replay_story
from tui.screens.end import EndScreen
from tui.screens.table import TableScreen
from tui.session import GameSession

TABLES: dict[str, tuple[dict[str, Any], int]] = {
    "ascension": ({"players": 2, "seats": ["human", "bot:greedy"],
                   "names": ["You", "Greedy bot"]}, 3),
    "firepeak": ({"players": 3, "seats": ["human", "bot:greedy", "bot:greedy"],
                  "names": ["You", "Greedy bot", "Greedy bot 2"]}, 3),
    "tactics": ({"players": 2, "seats": ["human", "bot:greedy"],
                 "names": ["You", "Greedy bot"]}, 3),
    "empires": ({"players": 2, "seats": ["human", "bot:greedy"],
                 "names": ["You", "Greedy bot"], "steadiness": "exact"}, 3),
}
SIZES = [(80, 24), (120, 40)]


async def settle(pilot: Pilot[None]) -> None:
    """Wait until no bot is thinking and every worker is done."""
    app = pilot.app
    for _ in range(400):
        await pilot.pause()
        await app.workers.wait_for_complete()
        table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
        if table is None or (table.thinking is None
                             and not table.session.is_bot(table.state.to_move)):
            await pilot.pause()
            return
    raise AssertionError("the bots did not finish")


def opened(game: str) -> Any:
    """A ``run_before`` that opens ``game``'s table on its fixed seed."""
    options, seed = TABLES[game]

    async def run_before(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, AscendApp)
        app.start_game(GameSession.new(game, options, seed))
        await settle(pilot)

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", list(TABLES))
def test_table(game: str, size: tuple[int, int], save_dir: Path, snap_compare: Any) -> None:
    assert snap_compare(AscendApp(), terminal_size=size, run_before=opened(game))


SOLO = {"players": 1, "seats": ["human"], "names": ["You"], "mode": "solo",
        "scenario": "crossroads_vigil"}


def solo_table(steps: int) -> Any:
    """A ``run_before`` that opens a solo Tactics table against the Villains; with
    ``steps``, ends the first turn and stops on that step of the Villain turn (each step
    waits for a key: the app's bot pause is a minute)."""

    async def run_before(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, AscendApp)
        app.start_game(GameSession.new("tactics", SOLO, 3))
        await pilot.pause()
        if steps:
            await pilot.press("e", "y", *["enter"] * steps)
            await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_solo_table(size: tuple[int, int], save_dir: Path, snap_compare: Any) -> None:
    """The Villains on the map with their tokens, in the side panel, and the threat."""
    assert snap_compare(AscendApp(), terminal_size=size, run_before=solo_table(0))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_solo_villain_turn(size: tuple[int, int], save_dir: Path, snap_compare: Any) -> None:
    """A step of the Villain turn: the Scheme in play, a Villain's walk drawn."""
    assert snap_compare(AscendApp(bot_delay=60), terminal_size=size,
                        run_before=solo_table(3))


def test_firepeak_table_in_play(save_dir: Path, snap_compare: Any) -> None:
    """Past the spell choice of the set-up (two spells put back), on the first turn."""
    start = opened("firepeak")

    async def run_before(pilot: Pilot[None]) -> None:
        await start(pilot)
        for _ in range(2):
            await pilot.press("enter")
            await settle(pilot)

    assert snap_compare(AscendApp(), run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_firepeak_pattern_filled(size: tuple[int, int], save_dir: Path,
                                 snap_compare: Any) -> None:
    """Four creatures in the pattern: cut names at 80x24, whole ones at 120x40."""

    async def run_before(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, AscendApp)
        app.start_game(firepeak_in_play(4))
        await settle(pilot)

    assert snap_compare(AscendApp(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("game", list(TABLES))
def test_rules_help_of_the_game_in_play(game: str, save_dir: Path, snap_compare: Any) -> None:
    assert snap_compare(AscendApp(), press=["question_mark"], run_before=opened(game))


def test_main_menu(save_dir: Path, snap_compare: Any) -> None:
    assert snap_compare(AscendApp())


@pytest.mark.parametrize("steps", [0, 1, 2], ids=["ascension", "firepeak", "tactics"])
def test_new_game_screen(steps: int, save_dir: Path, snap_compare: Any) -> None:
    assert snap_compare(AscendApp(), press=["n", *["right"] * steps])


def finished(game: str, players: int, seed: int) -> tuple[list[str], Any, Story]:
    """Names, outcome and story of a random game played to its end."""
    mod = get_game(game)
    names = [f"Player {i + 1}" for i in range(players)]
    state = mod.new_game({"players": players, "names": names,
                          "seats": ["bot:random"] * players}, seed)
    options = dict(state.options)
    rng = Rng.stream(seed, "snapshot")
    actions = []
    while state.to_move is not None:
        actions.append(rng.choice(mod.legal_actions(state)))
        mod.apply(state, actions[-1])
    story = replay_story(game, options, seed, actions, ui(game).results.source)
    return names, mod.outcome(state), story


@pytest.mark.parametrize(("game", "players"), [("ascension", 3), ("firepeak", 3),
                                               ("tactics", 2)])
def test_end_screen(game: str, players: int, save_dir: Path, snap_compare: Any) -> None:
    """Scores by source, the chart of each score over the turns, what each player ended
    with (the box scrolls at 80x24)."""
    names, outcome, story = finished(game, players, 5)

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.app.push_screen(EndScreen(names, outcome, ui(game).results, story=story))
        await pilot.pause()

    assert snap_compare(AscendApp(), run_before=run_before)


@pytest.mark.parametrize("size", [(120, 40)], ids=["120x40"])
def test_end_screen_large(size: tuple[int, int], save_dir: Path, snap_compare: Any) -> None:
    """At 120x40 the chart takes two rows a player."""
    names, outcome, story = finished("ascension", 2, 9)

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.app.push_screen(EndScreen(names, outcome, ui("ascension").results,
                                              story=story))
        await pilot.pause()

    assert snap_compare(AscendApp(), terminal_size=size, run_before=run_before)


def test_too_small_notice(save_dir: Path, snap_compare: Any) -> None:
    """Below 80x24 the notice says the size needed and the size now."""
    assert snap_compare(AscendApp(), terminal_size=(60, 20))


def test_settings_screen(save_dir: Path, snap_compare: Any) -> None:
    """The theme and the bots' pacing (the tests' pause is 0: off)."""
    assert snap_compare(AscendApp(), press=["s"])


def test_end_screen_without_colour(save_dir: Path, snap_compare: Any,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """With NO_COLOR the chart still reads: its shape is in the blocks, not in colours."""
    monkeypatch.setenv("NO_COLOR", "1")
    names, outcome, story = finished("tactics", 2, 5)

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.app.push_screen(EndScreen(names, outcome, ui("tactics").results,
                                              story=story))
        await pilot.pause()

    assert snap_compare(AscendApp(), run_before=run_before)


# Empires games whose actions are drawn at random to their end (tui_helpers): a Classic
# game, and a Solo Campaign scenario (lost to the invaders).
EMPIRES_ENDS: dict[str, tuple[dict[str, Any], int]] = {
    "classic": ({"players": 2, "seats": ["human", "bot:random"],
                 "names": ["You", "Random bot"], "rules": "classic"}, 1),
    "solo": ({"players": 1, "mode": "solo", "seats": ["human"], "names": ["You"],
              "scenario": 2}, 1),
}


@pytest.mark.parametrize("rules", list(EMPIRES_ENDS))
def test_empires_end_screen(rules: str, save_dir: Path, snap_compare: Any) -> None:
    """Classic: the scores by part, the Classic rules' scoring note, the chart. Solo: the
    scenario's result, its goal and each part as the game ended, and no VP chart."""
    options, seed = EMPIRES_ENDS[rules]
    actions = empires_drawn_game(options, seed)
    story = replay_story("empires", options, seed, actions, ui("empires").results.source)
    outcome = get_game("empires").outcome(story.state)
    names = list(options["names"])

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.app.push_screen(EndScreen(names, outcome, ui("empires").results,
                                              story=story))
        await pilot.pause()

    assert snap_compare(AscendApp(), run_before=run_before)


def aiming_empires(pilot_keys: list[str]) -> Any:
    """A ``run_before`` that opens the Empires table, takes the Move action and aims."""
    base = opened("empires")

    async def run_before(pilot: Pilot[None]) -> None:
        await base(pilot)
        await pilot.press(*pilot_keys)
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_empires_aiming(size: tuple[int, int], save_dir: Path, snap_compare: Any) -> None:
    """A ship chosen, its aim line out to where a free slide stops, and the range ruler."""
    assert snap_compare(AscendApp(), terminal_size=size,
                        run_before=aiming_empires(["m", "up", "up", "left", "r"]))


def test_empires_table_without_colour(save_dir: Path, snap_compare: Any,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """With NO_COLOR the Starmap still reads: each player's ships are a shape, each location
    a letter, whoever holds it a mark beside it."""
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(AscendApp(), run_before=aiming_empires(["m", "up", "left"]))
