"""Every action the legal list offers along a game reads as one short line of words, and
every event of the game has a line for the log."""

from __future__ import annotations

from empires_play import random_game
from empires_rules_helpers import game, play, reveal, ship_to

from core.contract import Action, Event
from core.empires import describe, legal_actions
from core.empires.state import State
from core.empires.words import event_line


def test_every_offered_action_and_every_event_has_a_line() -> None:
    lines: set[str] = set()

    def check(s: State, a: Action) -> None:
        for b in legal_actions(s)[:40]:
            text = describe(s, b)
            assert text and "\n" not in text and len(text) < 120, (b, text)
            lines.add(text.split(" ")[0])

    random_game(11, check=check, limit=600)
    assert len(lines) > 8


def test_words_for_a_landing_and_a_flick() -> None:
    s = game()
    reveal(s, "0.middle", "planet", "purple")
    red = ship_to(s, 0, "0.middle", ship=100)
    play(s, ("choose", 0))
    assert describe(s, Action("land", red)) == "land red ship 100"
    assert describe(s, Action("flick", red, 4500 * 100000 + 620)) == (
        "flick red ship 100 at 45.00°, power 62.0 %")
    assert describe(s, Action("build", 4, 1)) == (
        "build a city on the purple planet at top-left middle")
    assert event_line(s, Event("vp", 0, -1, 2)) == "red takes 2 VP"


def test_words_read_the_same_from_a_seats_view() -> None:
    from core.empires import view

    s = game()
    play(s, ("choose", 0))
    a = Action("flick", 100, 9000 * 100000 + 300)
    assert describe(view(s, 1), a) == describe(s, a)


def test_every_event_kind_reads_whatever_its_numbers() -> None:
    """An event's line is made from its own numbers only: a VP event worth 5 once failed
    because the line of a destroyed ship was made for it too."""
    from core.contract import Event
    from core.empires.setup import new_game
    from core.empires.words import event_line

    s = new_game({"players": 2}, 1)
    for kind in ("vp", "destroyed", "refresh", "tech", "attack", "discover", "put_back",
                 "unlock", "orbit_full", "game_over"):
        for value in (-1, 0, 2, 5, 40):
            assert event_line(s, Event(kind, 0, value, value))
    assert event_line(s, Event("vp", 0, -1, 5)) == "red takes 5 VP"
    assert "rammed" in event_line(s, Event("destroyed", 1, 110, 1))


def test_the_solo_log_names_a_disc_as_the_competitive_log_does() -> None:
    from empires_solo_helpers import solo_game

    from core.empires.disc_names import disc_name
    from core.empires.solo_words import solo_event_line

    s = solo_game()
    art = reveal(s, "0.middle", "artifact", "")
    relic = next(i for i, loc in enumerate(s.locations) if loc.kind == "relic")
    s.locations[relic].faceup = True
    assert disc_name(s, art) == "the artifact at top-left middle"
    assert solo_event_line(s, Event("megastructure", 0, art)) == (
        "a Megastructure wakes on the artifact at top-left middle")
    assert disc_name(s, relic).startswith("the relic planet at ")
    assert solo_event_line(s, Event("overrun", 0, relic)) == (
        f"the robots overrun {disc_name(s, relic)}")
