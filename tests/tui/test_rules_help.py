"""Rules help: a page per game from its Markdown files, the game in play first."""

from __future__ import annotations

import pytest

from core.games import game_names, title
from tui.screens.rules import help_pages


@pytest.mark.parametrize("game", game_names())
def test_the_game_in_play_comes_first_with_its_rules_and_its_keys(game: str) -> None:
    pages = help_pages(game)
    assert len(pages) == len(game_names())
    first = pages[0]
    assert first.startswith(f"# {title(game)} in two minutes")
    assert "# Keys at the " in first
    assert first.index("# Keys at the ") > first.index("**Goal.**")


def test_without_a_game_every_page_shows_in_the_list_order() -> None:
    heads = [page.splitlines()[0] for page in help_pages()]
    assert heads == [f"# {title(g)} in two minutes" for g in game_names()]
