"""Helpers shared by the engine-wide tests: random games and the card/Honor ledger."""

from __future__ import annotations

import core.ascension as A
from core.ascension.state import State
from core.contract import Action
from core.rng import Rng


def zones(s: State) -> list[int]:
    """Every uid in every zone of the table (empty row slots excluded)."""
    out = [*s.center_deck, *(u for u in s.center_row if u >= 0), *s.void, *s.mystics,
           *s.heavies, *s.turn.played, s.cultist]
    for p in s.players:
        out += p.owned()
    return out


def assert_ledger(s: State) -> None:
    """Nothing lost: every card in one place, every Honor token accounted for."""
    assert sorted(zones(s)) == list(range(len(s.cards)))
    assert s.honor_pool >= 0
    taken = sum(p.honor for p in s.players)
    assert taken == s.options["honor_pool"] - s.honor_pool + s.honor_extra
    assert s.honor_extra == 0 or s.honor_pool == 0
    assert len(s.center_row) == 6
    assert all(u < 0 or s.cards[u].role == "center" for u in s.center_row)


def random_game(seed: int, players: int = 2, check: bool = True,
                **options: object) -> tuple[State, list[Action]]:
    """Play a uniformly random game to the end, checking the ledger after every step."""
    s = A.new_game({"players": players, **options}, seed)
    rng = Rng.stream(seed, "test")
    actions: list[Action] = []
    while not s.over:
        a = rng.choice(A.legal_actions(s))
        A.apply(s, a)
        actions.append(a)
        if check:
            assert_ledger(s)
    return s, actions
