"""How a result reads on the end screen when nobody at the table won (the Villains did)."""

from __future__ import annotations

from core.contract import Outcome
from tui.games.tactics.results import TacticsResults
from tui.screens.end import Results


def villains(by: str, seats: int, sides: tuple[int, ...], winners: tuple[int, ...] = ()
             ) -> Outcome:
    return Outcome(scores=(0,) * seats, winners=winners, sides=sides,
                   details={"honor": [4, 30], "turns": 9, "by": by, "villains_won": True,
                            "heroes_won": False})


def test_the_villains_win_in_words_and_in_the_table() -> None:
    out = villains("Villain Honor", 1, (0,))
    r = TacticsResults()
    assert r.winner_line(["You"], out) == "The Villains win!"
    assert r.tiebreak_line(out) == "The Villains reached their Honor after 9 turns."
    table = r.table(["You"], out)
    assert [str(c) for c in table.columns[0]._cells] == ["★ The Villains", "  You"]
    assert [str(c) for c in table.columns[1]._cells] == ["30", "4"]


def test_a_deck_out_is_said_as_such() -> None:
    out = villains("deck out", 2, (0, 0))
    assert TacticsResults().winner_line(["Ana", "Bo"], out) == \
        "The Villains win: their Scheme deck ran out."
    assert "Scheme deck was empty" in TacticsResults().tiebreak_line(out)


def test_the_boss_player_is_named_beside_the_villains() -> None:
    out = villains("Villain Honor", 2, (0, 1), winners=(1,))
    cells = [str(c) for c in TacticsResults().table(["Ana", "Bo"], out).columns[0]._cells]
    assert cells == ["★ The Villains (Bo)", "  Ana"]


def test_any_game_without_a_winner_at_the_table_says_so() -> None:
    assert Results().winner_line(["Ana"], Outcome(scores=(0,), winners=())) == \
        "Nobody at the table wins."
